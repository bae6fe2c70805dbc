use cursor_hooks::prelude::*;

#[cursor_hook(event = "stop", loop_limit = "unlimited")]
fn keep_going(_input: Stop) -> StopResponse {
    StopResponse::default().followup_message("run the tests")
}

cursor_hooks::main!(keep_going);
