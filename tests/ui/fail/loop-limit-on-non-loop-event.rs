use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution", loop_limit = 3)]
fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
