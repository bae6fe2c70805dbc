use cursor_hooks::claude::prelude::*;

// Cursor's `PreToolUseResponse` is written in Cursor's form.
#[claude_hook(event = "PreToolUse")]
fn guard(_input: PreToolUse) -> cursor_hooks::cursor::response::PreToolUseResponse {
    cursor_hooks::cursor::response::PreToolUseResponse::default()
}

cursor_hooks::main!(guard);
