use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution")]
fn guard<E>(_input: E) -> BeforeShellExecutionResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
