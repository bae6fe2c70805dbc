use cursor_hooks::prelude::*;

#[cursor_hook(event = "stop")]
fn keep_going(_input: Stop) -> BeforeShellExecutionResponse {
    no_opinion()
}

cursor_hooks::main!(keep_going);
