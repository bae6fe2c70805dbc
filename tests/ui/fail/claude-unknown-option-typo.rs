use cursor_hooks::prelude::*;

#[claude_hook(event = "PreToolUse", machter = "Bash")]
fn guard(_input: claude::PreToolUse) -> claude::PreToolUseResponse {
    claude::no_opinion()
}

cursor_hooks::main!(guard);
