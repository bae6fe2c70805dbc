use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution", ask = "always")]
fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    BeforeShellExecutionResponse::ask("run this?")
}

cursor_hooks::main!(guard);
