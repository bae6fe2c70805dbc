use cursor_hooks::prelude::*;

#[cursor_hook(event = "stop", fail = "closed", timeout = 5, matcher = "Stop", loop_limit = 3)]
fn keep_going(input: Stop) -> StopResponse {
    if input.status == "completed" { StopResponse::default().followup_message("run the tests") } else { no_opinion() }
}

#[cursor_hook(event = "subagentStop", fail = "open", timeout = 600, loop_limit = "none")]
fn sub(_input: &SubagentStop) -> Option<SubagentStopResponse> {
    None
}

// `fail = "closed"` blocks (exit 2) on the empty stdin trybuild gives, so call the handler.
fn main() {
    let stop: Stop = serde_json::from_str(r#"{"hook_event_name":"stop","status":"completed"}"#).unwrap();
    assert_eq!(keep_going(stop).followup_message.as_deref(), Some("run the tests"));
    let _ = sub as fn(&SubagentStop) -> _;
}
