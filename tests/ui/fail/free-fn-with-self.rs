use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution")]
fn guard(self) -> BeforeShellExecutionResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
