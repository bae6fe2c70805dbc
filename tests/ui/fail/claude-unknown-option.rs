use cursor_hooks::claude::prelude::*;

#[claude_hook(event = "PreToolUse", timeout_ms = 500)]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
