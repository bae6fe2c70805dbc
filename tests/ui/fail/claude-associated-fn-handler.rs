use cursor_hooks::claude::prelude::*;

struct Hooks;

impl Hooks {
    #[claude_hook(event = "PreToolUse")]
    fn guard(_input: PreToolUse) -> PreToolUseResponse {
        no_opinion()
    }
}

fn main() {}
