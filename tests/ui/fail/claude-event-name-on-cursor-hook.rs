use cursor_hooks::prelude::*;

// Claude Code's `UserPromptSubmit` is Cursor's `beforeSubmitPrompt`.
#[cursor_hook(event = "UserPromptSubmit")]
fn prompt(_input: BeforeSubmitPrompt) -> BeforeSubmitPromptResponse {
    no_opinion()
}

cursor_hooks::main!(prompt);
