use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution")]
fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    BeforeShellExecutionResponse::deny("blocked").followup_message("try `ls` instead")
}

cursor_hooks::main!(guard);
