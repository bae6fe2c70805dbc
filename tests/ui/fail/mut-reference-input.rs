use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution")]
fn guard(input: &mut BeforeShellExecution) -> BeforeShellExecutionResponse {
    input.command.clear();
    no_opinion()
}

cursor_hooks::main!(guard);
