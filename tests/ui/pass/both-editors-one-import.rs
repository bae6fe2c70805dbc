//! One import for both editors: `cursor_hooks::prelude::*` brings both attributes, `main!`,
//! Cursor's names bare and Claude Code's under `claude::`, with no ambiguous-glob warning
//! (denied here, so one would fail the case).
#![deny(warnings)]

use cursor_hooks::prelude::*;

#[cursor_hook(event = "preToolUse", matcher = "Shell", timeout = 5)]
fn guard(input: &PreToolUse) -> PreToolUseResponse {
    match input.tool() {
        Tool::Shell(shell) if shell.command.contains("rm -rf") => {
            PreToolUseResponse::deny("rm -rf is blocked").agent_message("delete the paths one by one")
        }
        _ => no_opinion(),
    }
}

#[cursor_hook(event = "stop")]
fn verify(_input: Stop) -> StopResponse {
    StopResponse::default().followup_message("run the tests")
}

#[claude_hook(event = "PreToolUse", matcher = "Bash", timeout = 5)]
fn claude_guard(input: &claude::PreToolUse) -> claude::PreToolUseResponse {
    match input.tool() {
        claude::Tool::Bash(bash) if bash.command.contains("rm -rf") => {
            claude::PreToolUseResponse::deny("rm -rf is blocked")
        }
        _ => claude::no_opinion(),
    }
}

#[claude_hook(event = "Stop")]
fn claude_verify(input: claude::Stop) -> Option<claude::StopResponse> {
    (!input.stop_hook_active).then(|| claude::StopResponse::block("run the tests"))
}

#[claude_hook(event = "UserPromptSubmit")]
fn claude_prompt(_input: claude::UserPromptSubmit) -> claude::UserPromptSubmitResponse {
    claude::UserPromptSubmitResponse::default().additional_context("the tests live in tests/")
}

main!(guard, verify, claude_guard, claude_verify, claude_prompt);
