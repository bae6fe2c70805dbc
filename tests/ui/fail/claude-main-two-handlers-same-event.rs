use cursor_hooks::claude::prelude::*;

#[claude_hook(event = "PreToolUse", matcher = "Bash")]
fn shell(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

#[claude_hook(event = "PreToolUse", matcher = "Read")]
fn secrets(_input: &PreToolUse) -> Option<PreToolUseResponse> {
    None
}

cursor_hooks::main!(shell, secrets);
