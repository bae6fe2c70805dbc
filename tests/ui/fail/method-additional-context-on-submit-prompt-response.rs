use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeSubmitPrompt")]
fn prompt(_input: BeforeSubmitPrompt) -> BeforeSubmitPromptResponse {
    BeforeSubmitPromptResponse::default().additional_context("the repo uses pnpm")
}

cursor_hooks::main!(prompt);
