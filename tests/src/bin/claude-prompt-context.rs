//! A Claude Code UserPromptSubmit handler that adds context to every prompt, for the Copilot
//! live tests (`tests/tests/copilot_live.rs`): under Copilot the context must reach the model,
//! which reads it only as a top-level `additionalContext`.

use cursor_hooks::claude::prelude::*;

#[claude_hook(event = "UserPromptSubmit", timeout = 5)]
fn rules(_input: &UserPromptSubmit) -> UserPromptSubmitResponse {
    UserPromptSubmitResponse::default().additional_context("the project's tests live in tests/")
}

cursor_hooks::main!(rules);
