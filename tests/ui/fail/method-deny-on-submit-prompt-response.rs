use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeSubmitPrompt")]
fn prompt(_input: BeforeSubmitPrompt) -> BeforeSubmitPromptResponse {
    BeforeSubmitPromptResponse::deny("no secrets in prompts")
}

cursor_hooks::main!(prompt);
