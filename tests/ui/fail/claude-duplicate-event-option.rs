use cursor_hooks::claude::prelude::*;

#[claude_hook(event = "PreToolUse", event = "PostToolUse")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
