use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution")]
#[cursor_hook(event = "beforeShellExecution", fail = "closed")]
fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
