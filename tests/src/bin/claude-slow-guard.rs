//! A Claude Code `PreToolUse` hook for the live tests (`tests/tests/claude_live.rs`) that is too
//! slow: its handler sleeps 5 s and would then deny, but it has `timeout = 1`, so the framework's
//! deadline answers first (at 0.9 s) by the failure policy, fail open: `{}`, and the command
//! runs. `install --claude` wires it with Claude Code's own `timeout: 1`, which the framework's
//! answer beats.

use cursor_hooks::claude::prelude::*;

#[claude_hook(event = "PreToolUse", matcher = "Bash", fail = "open", timeout = 1)]
fn slow_guard(_input: &PreToolUse) -> PreToolUseResponse {
    std::thread::sleep(std::time::Duration::from_secs(5));
    PreToolUseResponse::deny("the slow guard answered after all")
}

cursor_hooks::main!(slow_guard);
