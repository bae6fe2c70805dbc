use cursor_hooks::claude::prelude::*;

struct Guard;

impl Guard {
    #[claude_hook(event = "PreToolUse")]
    fn guard(&self, _input: PreToolUse) -> PreToolUseResponse {
        no_opinion()
    }
}

fn main() {}
