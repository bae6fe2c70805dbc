use cursor_hooks::prelude::*;

// Cursor has no `PermissionRequest`: that is a `#[claude_hook]`.
#[cursor_hook(event = "PermissionRequest")]
fn permit(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(permit);
