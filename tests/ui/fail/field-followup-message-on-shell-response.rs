use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution")]
fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    BeforeShellExecutionResponse {
        followup_message: Some("try again".into()),
        ..Default::default()
    }
}

cursor_hooks::main!(guard);
