//! When the agent finishes its first pass, asks it to run the tests and fix what fails.

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
