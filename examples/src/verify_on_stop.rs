//! When the agent finishes its first pass, asks it to run the tests and fix what fails, once:
//! in Cursor on `stop` (a `followup_message` while `loop_count` is 0), in Claude Code on `Stop`
//! (`decision: "block"` while `stop_hook_active` is false, that is, unless the agent is already
//! going on because of a Stop hook), and in Codex on `Stop` by the same rule.

use cursor_hooks::prelude::*;

/// The follow-up sent to the agent.
pub const FOLLOWUP: &str = "Before finishing, run the project's tests and fix any failures. If everything passes, say so and stop.";

/// `stop`: one follow-up, only after a completed first pass (`loop_count` 0).
#[cursor_hook(event = "stop", loop_limit = 1, timeout = 5)]
pub fn stop(input: &Stop) -> StopResponse {
    if input.status == "completed" && input.loop_count == Some(0) {
        StopResponse::default().followup_message(FOLLOWUP)
    } else {
        no_opinion()
    }
}

/// Claude Code's `Stop`: one continuation. Blocking the stop makes [`FOLLOWUP`] the agent's next
/// instruction; the Stop after that carries `stop_hook_active: true` and is let through.
#[claude_hook(event = "Stop", timeout = 5)]
pub fn claude_stop(input: &claude::Stop) -> claude::StopResponse {
    if input.stop_hook_active {
        no_opinion()
    } else {
        claude::StopResponse::block(FOLLOWUP)
    }
}

/// Codex's `Stop`: the same, once per turn (Codex sets `stop_hook_active` on the continuation).
#[codex_hook(event = "Stop", timeout = 5)]
pub fn codex_stop(input: &codex::Stop) -> codex::StopResponse {
    if input.stop_hook_active {
        no_opinion()
    } else {
        codex::StopResponse::block(FOLLOWUP)
    }
}
