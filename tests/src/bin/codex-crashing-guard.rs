//! A fail-closed Codex guard that crashes on every shell call, for the Codex live tests
//! (`tests/tests/codex_live.rs`): Codex itself has no fail-closed setting and runs a command
//! whose hook failed, so `fail = "closed"` must answer the panic with a deny Codex enforces.

use cursor_hooks::codex::prelude::*;

#[codex_hook(event = "PreToolUse", matcher = "Bash", fail = "closed", timeout = 5)]
fn closed_guard(_input: &PreToolUse) -> PreToolUseResponse {
    panic!("the policy file is unreadable")
}

cursor_hooks::main!(closed_guard);
