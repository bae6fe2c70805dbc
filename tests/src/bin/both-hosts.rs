//! One handler per host: `install` wires the Cursor one into `hooks.json`, `install --claude`
//! the Claude Code one into `settings.json`.

use cursor_hooks::claude::prelude as claude;
use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution")]
fn cursor_guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    no_opinion()
}

#[cursor_hooks::claude_hook(event = "PreToolUse", matcher = "Bash")]
fn claude_guard(_input: claude::PreToolUse) -> claude::PreToolUseResponse {
    claude::no_opinion()
}

cursor_hooks::main!(cursor_guard, claude_guard);
