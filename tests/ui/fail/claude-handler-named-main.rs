use cursor_hooks::claude::prelude::*;

#[claude_hook(event = "PreToolUse")]
fn main(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}
