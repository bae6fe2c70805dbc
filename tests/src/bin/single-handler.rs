//! One handler, as the README shows it: beforeShellExecution.

use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution")]
fn guard(input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    let command = input.command.as_str();
    if command.contains("rm -rf") {
        BeforeShellExecutionResponse::deny("rm -rf is blocked: delete specific paths instead")
    } else if command.contains("push --force") {
        BeforeShellExecutionResponse::ask("force-push?")
    } else if command == "allowme" {
        BeforeShellExecutionResponse::allow()
    } else {
        no_opinion()
    }
}

cursor_hooks::main!(guard);
