use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution", timout = 5)]
fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
