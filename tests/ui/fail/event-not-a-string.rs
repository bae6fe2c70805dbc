use cursor_hooks::prelude::*;

#[cursor_hook(event = BeforeShellExecution)]
fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
