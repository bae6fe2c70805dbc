//! A fail-closed Claude Code hook for the live tests (`tests/tests/claude_live.rs`) on an event
//! whose JSON answer cannot block, `PostToolUseFailure`: its handler panics, and the failure
//! policy answers the only way that event has, exit 2 with the reason on stderr, which Claude
//! Code hands to the model.

use cursor_hooks::claude::prelude::*;

#[claude_hook(event = "PostToolUseFailure", fail = "closed", timeout = 5)]
fn failure_check(_input: &PostToolUseFailure) -> PostToolUseFailureResponse {
    panic!("the failure check broke");
}

cursor_hooks::main!(failure_check);
