use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution")]
fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    no_opinion()
}

#[cursor_hook(event = "beforeShellExecution")]
fn audit(_input: &BeforeShellExecution) -> Option<BeforeShellExecutionResponse> {
    None
}

cursor_hooks::main!(guard, audit);
