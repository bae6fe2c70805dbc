use cursor_hooks::claude::prelude::*;

#[claude_hook(event = "PreToolUse")]
fn guard() -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
