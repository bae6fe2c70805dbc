use cursor_hooks::prelude::*;

// A suffix is not a unit: `timeout` is always whole seconds.
#[cursor_hook(event = "beforeShellExecution", timeout = 500ms)]
fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
