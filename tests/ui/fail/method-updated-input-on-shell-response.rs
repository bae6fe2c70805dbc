use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution")]
fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    // Only preToolUse can rewrite the tool's input.
    BeforeShellExecutionResponse::allow().updated_input(serde_json::json!({ "command": "ls" }))
}

cursor_hooks::main!(guard);
