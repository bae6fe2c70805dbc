use cursor_hooks::claude::prelude::*;

// A Cursor event Claude Code has no counterpart of.
#[claude_hook(event = "beforeShellExecution")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
