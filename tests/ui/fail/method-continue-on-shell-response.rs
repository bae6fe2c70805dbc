use cursor_hooks::prelude::*;

// `continue` belongs to `beforeSubmitPrompt`; a permission event answers with `permission`.
#[cursor_hook(event = "beforeShellExecution")]
fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    BeforeShellExecutionResponse::default().r#continue(false)
}

cursor_hooks::main!(guard);
