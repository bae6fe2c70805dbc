//! A fail-closed Claude Code guard whose policy cannot be read, for the Copilot live tests
//! (`tests/tests/copilot_live.rs`): every Bash call is answered by the failure policy, which
//! must deny in a form GitHub Copilot CLI enforces, with the failure as the reason.

use cursor_hooks::claude::prelude::*;

#[claude_hook(event = "PreToolUse", matcher = "Bash", fail = "closed", timeout = 5)]
fn closed_guard(_input: &PreToolUse) -> Result<PreToolUseResponse, String> {
    Err("the policy file is unreadable".to_owned())
}

cursor_hooks::main!(closed_guard);
