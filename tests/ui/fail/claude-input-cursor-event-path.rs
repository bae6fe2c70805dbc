use cursor_hooks::claude::prelude::*;

// Cursor's `PreToolUse` is another type, with Cursor's fields.
#[claude_hook(event = "PreToolUse")]
fn guard(_input: cursor_hooks::cursor::event::PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
