use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution")]
fn guard(input: BeforeShellExecution) -> BeforeShellExecutionResponse
where
    BeforeShellExecution: Clone,
{
    let _ = input.clone();
    no_opinion()
}

cursor_hooks::main!(guard);
