use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution")]
fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    no_opinion()
}

// Inside a function, `main!`'s own `fn main` would be a nested item nobody calls.
fn main() {
    cursor_hooks::main!(guard);
}
