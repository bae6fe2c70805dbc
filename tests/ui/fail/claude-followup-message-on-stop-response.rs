use cursor_hooks::claude::prelude::*;

// A Cursor habit: Cursor's `stop` sends the agent on with a follow-up message; Claude Code's
// `Stop` does it with `block(reason)`.
#[claude_hook(event = "Stop")]
fn keep_going(_input: Stop) -> StopResponse {
    StopResponse::default().followup_message("run the tests")
}

cursor_hooks::main!(keep_going);
