use cursor_hooks::prelude::*;

// `afterShellExecution` is observe-only: Cursor ignores the output, so the handler returns `()`.
#[cursor_hook(event = "afterShellExecution")]
fn audit(_input: AfterShellExecution) -> BeforeShellExecutionResponse {
    BeforeShellExecutionResponse::deny("too late: the command already ran")
}

cursor_hooks::main!(audit);
