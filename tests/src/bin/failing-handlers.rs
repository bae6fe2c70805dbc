//! Handlers that fail (an `Err`, a panic), under both failure policies.
//! The payload's text decides how each one fails.

use cursor_hooks::prelude::*;

fn fail_on(text: &str) -> Result<(), String> {
    if text.contains("panic") {
        panic!("handler panicked on purpose");
    }
    if text.contains("error") {
        return Err("the policy file is unreadable".to_owned());
    }
    Ok(())
}

/// Closed, on a permission event with a message.
#[cursor_hook(event = "beforeShellExecution", fail = "closed")]
fn shell(input: BeforeShellExecution) -> Result<BeforeShellExecutionResponse, String> {
    fail_on(&input.command).map(|()| no_opinion())
}

/// Open, on a permission event.
#[cursor_hook(event = "beforeReadFile", fail = "open")]
fn read(input: BeforeReadFile) -> Result<BeforeReadFileResponse, String> {
    fail_on(&input.file_path).map(|()| no_opinion())
}

/// Closed, on the prompt gate.
#[cursor_hook(event = "beforeSubmitPrompt", fail = "closed")]
fn prompt(input: BeforeSubmitPrompt) -> Result<BeforeSubmitPromptResponse, String> {
    fail_on(&input.prompt).map(|()| no_opinion())
}

/// Closed, on an event whose JSON cannot block: exit 2.
#[cursor_hook(event = "afterShellExecution", fail = "closed")]
fn after(input: AfterShellExecution) -> Result<(), String> {
    fail_on(&input.command)
}

/// Closed, on a permission event without a message field.
#[cursor_hook(event = "beforeTabFileRead", fail = "closed")]
fn tab(input: BeforeTabFileRead) -> Result<BeforeTabFileReadResponse, String> {
    fail_on(&input.file_path).map(|()| no_opinion())
}

cursor_hooks::main!(shell, read, prompt, after, tab);
