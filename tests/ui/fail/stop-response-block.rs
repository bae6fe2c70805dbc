use cursor_hooks::prelude::*;

// A Claude Code habit: `StopResponse::block(reason)` keeps Claude going; Cursor's `stop` sends
// the agent on with a follow-up message.
#[cursor_hook(event = "stop")]
fn keep_going(_input: Stop) -> StopResponse {
    StopResponse::block("the tests failed")
}

cursor_hooks::main!(keep_going);
