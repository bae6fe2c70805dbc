use cursor_hooks::prelude::*;

// `updated_input` is a `preToolUse` answer; `beforeShellExecution` cannot rewrite the command.
#[cursor_hook(event = "beforeShellExecution")]
fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    BeforeShellExecutionResponse {
        updated_input: Some(serde_json::json!({ "command": "ls" })),
        ..Default::default()
    }
}

cursor_hooks::main!(guard);
