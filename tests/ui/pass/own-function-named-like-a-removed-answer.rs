use cursor_hooks::prelude::*;

// A function of the user's own named like a removed answer function (`ask`, `deny`, …) shadows
// the prelude's, which exists only for its error.
fn ask(command: &str) -> bool {
    command.contains("push --force")
}

#[cursor_hook(event = "beforeShellExecution")]
fn guard(input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    if ask(&input.command) {
        BeforeShellExecutionResponse::ask("force-push?")
    } else {
        no_opinion()
    }
}

cursor_hooks::main!(guard);
