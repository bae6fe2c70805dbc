// Both editors' preludes glob-imported: a bare `PreToolUse` is ambiguous, rustc takes the
// first prelude's (Cursor's), and the Claude Code handler's input is refused with a note that
// names the cause and the one import that serves both editors.
use cursor_hooks::prelude::*;
use cursor_hooks::claude::prelude::*;

#[claude_hook(event = "PreToolUse", matcher = "Bash")]
fn guard(input: &PreToolUse) -> Option<cursor_hooks::claude::response::PreToolUseResponse> {
    let _ = input;
    None
}

cursor_hooks::main!(guard);
