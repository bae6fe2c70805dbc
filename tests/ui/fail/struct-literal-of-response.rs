use cursor_hooks::prelude::*;

// A response is built with its constructors and setters, not a struct literal.
#[cursor_hook(event = "stop")]
fn keep_going(_input: Stop) -> StopResponse {
    StopResponse {
        followup_message: Some("run the tests".into()),
        ..Default::default()
    }
}

cursor_hooks::main!(keep_going);
