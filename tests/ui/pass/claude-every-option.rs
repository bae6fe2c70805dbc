use cursor_hooks::claude::prelude::*;

#[claude_hook(event = "PreToolUse", matcher = "Read", fail = "closed", timeout = 5)]
fn secrets(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

#[claude_hook(event = "SubagentStop", fail = "open", timeout = 600, matcher = "Explore")]
fn sub(_input: &SubagentStop) -> Option<SubagentStopResponse> {
    None
}

// `fail = "closed"` blocks on the empty stdin trybuild gives, so call the handlers.
fn main() {
    let _ = secrets as fn(PreToolUse) -> _;
    let _ = sub as fn(&SubagentStop) -> _;
}
