use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution")]
fn guard(_input: serde_json::Value) -> BeforeShellExecutionResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
