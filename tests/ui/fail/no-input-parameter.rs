use cursor_hooks::prelude::*;

#[cursor_hook(event = "stop")]
fn keep_going() -> StopResponse {
    StopResponse::default().followup_message("run the tests")
}

cursor_hooks::main!(keep_going);
