use cursor_hooks::prelude::*;

#[cursor_hook(event = "stop")]
fn keep_going(_input: Stop) -> StopResponse {
    StopResponse::allow()
}

cursor_hooks::main!(keep_going);
