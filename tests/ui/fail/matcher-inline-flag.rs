use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution", matcher = "(?i)^git")]
fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
