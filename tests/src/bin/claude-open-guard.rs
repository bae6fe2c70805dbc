//! A fail-open Claude Code guard that panics on every Bash call, for the Copilot live tests
//! (`tests/tests/copilot_live.rs`): the failure policy must answer no opinion with exit 0,
//! since GitHub Copilot CLI reads exit 1 as a deny.

use cursor_hooks::claude::prelude::*;

#[claude_hook(event = "PreToolUse", matcher = "Bash", timeout = 5)]
fn open_guard(_input: &PreToolUse) -> PreToolUseResponse {
    panic!("the open guard broke");
}

cursor_hooks::main!(open_guard);
