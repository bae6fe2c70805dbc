use cursor_hooks::claude::prelude::*;

#[claude_hook(event = "PreToolUse", timeout = 0)]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
