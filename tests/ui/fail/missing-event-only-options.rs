use cursor_hooks::prelude::*;

#[cursor_hook(fail = "closed")]
fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
