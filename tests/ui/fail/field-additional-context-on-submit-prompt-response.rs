use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeSubmitPrompt")]
fn prompt(_input: BeforeSubmitPrompt) -> BeforeSubmitPromptResponse {
    BeforeSubmitPromptResponse {
        additional_context: Some("the repo uses pnpm".into()),
        ..Default::default()
    }
}

cursor_hooks::main!(prompt);
