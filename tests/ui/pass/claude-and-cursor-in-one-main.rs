//! One binary, both editors: Cursor's `preToolUse` and Claude Code's `PreToolUse` are different
//! events (dispatched by `hook_event_name`), so each may have its handler.
use cursor_hooks::claude;

mod cursor_side {
    use cursor_hooks::prelude::*;

    #[cursor_hook(event = "preToolUse", matcher = "Shell")]
    pub fn guard(_input: PreToolUse) -> PreToolUseResponse {
        PreToolUseResponse::deny("blocked")
    }

    #[cursor_hook(event = "stop")]
    pub fn verify(_input: Stop) -> StopResponse {
        no_opinion()
    }
}

#[cursor_hooks::claude_hook(event = "PreToolUse", matcher = "Bash")]
fn claude_guard(_input: claude::event::PreToolUse) -> claude::response::PreToolUseResponse {
    claude::response::PreToolUseResponse::deny("blocked")
}

#[cursor_hooks::claude_hook(event = "Stop")]
fn claude_verify(_input: &claude::event::Stop) -> Option<claude::response::StopResponse> {
    None
}

cursor_hooks::main!(cursor_side::guard, claude_guard, cursor_side::verify, claude_verify);
