use cursor_hooks::prelude::*;

use cursor_hooks::claude_hook;

// `PreToolUse` here is Cursor's, from `cursor_hooks::prelude`.
#[claude_hook(event = "PreToolUse")]
fn guard(_input: PreToolUse) -> cursor_hooks::claude::response::PreToolUseResponse {
    cursor_hooks::claude::response::PreToolUseResponse::allow()
}

cursor_hooks::main!(guard);
