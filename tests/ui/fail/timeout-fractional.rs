use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution", timeout = 1.5)]
fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
