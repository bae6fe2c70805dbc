use cursor_hooks::prelude::*;

#[hook(on = "tool.before", tool = "shell", hosts = (Cursor))]
fn unified(call: &ShellCall) -> ShellAnswer {
    if call.command().contains("rm -rf") {
        ShellAnswer::deny("no")
    } else {
        no_opinion()
    }
}

// Cursor's beforeShellExecution again: one of the two would never run.
#[cursor_hook(event = "beforeShellExecution")]
fn own(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    no_opinion()
}

cursor_hooks::main!(unified, own);
