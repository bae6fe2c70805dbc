use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution", timeout_ms = 500)]
fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
