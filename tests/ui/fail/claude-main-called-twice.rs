use cursor_hooks::claude::prelude::*;

#[claude_hook(event = "PreToolUse")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

#[claude_hook(event = "Stop")]
fn verify(_input: Stop) -> StopResponse {
    no_opinion()
}

// One binary has one `main!`, listing every handler.
cursor_hooks::main!(guard);
cursor_hooks::main!(verify);
