//! A fail-closed Claude Code hook for the live tests (`tests/tests/claude_live.rs`) on
//! `PostToolUse`, an event where a block has an effect (spec/claude-code/host.json
//! `fail_closed`): its handler panics, and the failure policy answers with `decision: "block"`
//! and the failure as the reason, which Claude Code hands to the model.

use cursor_hooks::claude::prelude::*;

#[claude_hook(event = "PostToolUse", fail = "closed", timeout = 5)]
fn failure_check(_input: &PostToolUse) -> PostToolUseResponse {
    panic!("the failure check broke");
}

cursor_hooks::main!(failure_check);
