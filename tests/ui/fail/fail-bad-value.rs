use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution", fail = "deny")]
fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
