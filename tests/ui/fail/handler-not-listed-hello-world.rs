// `cargo new`'s `fn main` left beside a handler, and no `main!`: the binary would print
// "Hello, world!" to the editor and never run the handler.
use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution")]
fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    no_opinion()
}

fn main() {
    println!("Hello, world!");
}
