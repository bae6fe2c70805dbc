use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution")]
fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    no_opinion()
}

fn helper(_input: BeforeReadFile) -> BeforeReadFileResponse {
    no_opinion()
}

cursor_hooks::main!(guard, helper);
