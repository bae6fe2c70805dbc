//! Answers Cursor's own code (@cursor/sdk 1.0.32) reads: `additional_context` on preToolUse
//! (allow or deny) and beforeSubmitPrompt, `continue` and `user_message` on sessionStart.
use cursor_hooks::prelude::*;

#[cursor_hook(event = "preToolUse", matcher = "Shell")]
fn tools(_input: PreToolUse) -> PreToolUseResponse {
    PreToolUseResponse::deny("not on main").additional_context("work on a branch")
}

#[cursor_hook(event = "beforeSubmitPrompt")]
fn prompt(_input: BeforeSubmitPrompt) -> BeforeSubmitPromptResponse {
    BeforeSubmitPromptResponse::default().additional_context("the repo uses pnpm")
}

#[cursor_hook(event = "sessionStart")]
fn session(_input: SessionStart) -> SessionStartResponse {
    SessionStartResponse::default()
        .r#continue(false)
        .user_message("open the project from its root")
}

cursor_hooks::main!(tools, prompt, session);
