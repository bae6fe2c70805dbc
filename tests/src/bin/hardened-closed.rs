//! Handlers with `fail = "closed"` and a 1-second timeout on three kinds of event, misbehaving
//! on request (see `cursor_hooks_tests::misbehave`).

use cursor_hooks::prelude::*;
use cursor_hooks_tests::misbehave;

#[cursor_hook(event = "beforeShellExecution", fail = "closed", timeout = 1)]
fn shell(input: BeforeShellExecution) -> Result<BeforeShellExecutionResponse, String> {
    Ok(if misbehave(&input.command)? {
        BeforeShellExecutionResponse::deny("denied by the handler")
    } else {
        no_opinion()
    })
}

#[cursor_hook(event = "beforeSubmitPrompt", fail = "closed", timeout = 1)]
fn prompt(input: BeforeSubmitPrompt) -> Result<BeforeSubmitPromptResponse, String> {
    Ok(if misbehave(&input.prompt)? {
        BeforeSubmitPromptResponse::block("blocked by the handler")
    } else {
        no_opinion()
    })
}

#[cursor_hook(event = "afterShellExecution", fail = "closed", timeout = 1)]
fn after(input: AfterShellExecution) -> Result<(), String> {
    misbehave(&input.command).map(|_| ())
}

cursor_hooks::main!(shell, prompt, after);
