use cursor_hooks::prelude::*;

// `cursor_hooks::main!` writes the binary's `main`; the handler needs its own name.
#[cursor_hook(event = "beforeShellExecution")]
fn main(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    no_opinion()
}
