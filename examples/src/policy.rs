//! The `policy` binary's own handler: in one binary, Claude Code's `PreToolUse` has one handler
//! (a binary answers each event once), so the shell and secrets guards are reached through one
//! handler on `Bash|Read` that hands each tool to its guard.

use crate::{secrets_guard, shell_guard};
use cursor_hooks::prelude::*;

/// Claude Code's `PreToolUse` for `Bash` ([`shell_guard::claude_bash`]) and `Read`
/// ([`secrets_guard::claude_read`]).
#[claude_hook(event = "PreToolUse", matcher = "Bash|Read", timeout = 5)]
pub fn claude_tools(input: &claude::PreToolUse) -> claude::PreToolUseResponse {
    match input.tool_name.as_str() {
        "Bash" => shell_guard::claude_bash(input),
        "Read" => secrets_guard::claude_read(input),
        _ => no_opinion(),
    }
}
