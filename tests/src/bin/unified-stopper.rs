//! A unified handler for the live tests (`claude_live.rs`, `codex_live.rs`, `copilot_live.rs`):
//! one `#[hook(on = "agent.stop")]` function that keeps the agent going once with the
//! instruction `KEEP-GOING` (`StopAnswer::keep_going`: Cursor's `followup_message`, the others'
//! `decision: block`), and lets it stop once a stop hook has kept it going (`continued`).

use cursor_hooks::prelude::*;

#[hook(on = "agent.stop", hosts = (Cursor, ClaudeCode, Codex, Copilot), timeout = 5)]
fn keep_going_once(call: &StopCall) -> StopAnswer {
    if call.continued() {
        no_opinion()
    } else {
        StopAnswer::keep_going("KEEP-GOING: check your work once more")
    }
}

cursor_hooks::main!(keep_going_once);
