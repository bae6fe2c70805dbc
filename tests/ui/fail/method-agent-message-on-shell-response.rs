use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution")]
fn guard(input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    if input.command.contains("rm -rf") {
        BeforeShellExecutionResponse::deny("rm -rf is blocked").agent_message("delete specific paths instead")
    } else {
        no_opinion()
    }
}

cursor_hooks::main!(guard);
