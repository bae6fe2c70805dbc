use cursor_hooks::claude::prelude::*;

// UserPromptSubmit has no matcher subject: Claude Code runs the hook for every prompt.
#[claude_hook(event = "UserPromptSubmit", matcher = "Read|Edit")]
fn prompt(_input: UserPromptSubmit) -> UserPromptSubmitResponse {
    no_opinion()
}

cursor_hooks::main!(prompt);
