use cursor_hooks::prelude::*;

#[cursor_hook(event = "subagentStop", loop_limit = -1)]
fn keep_going(_input: SubagentStop) -> SubagentStopResponse {
    SubagentStopResponse::default().followup_message("check the subagent's work")
}

cursor_hooks::main!(keep_going);
