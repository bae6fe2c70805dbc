//! One binary with a handler for every response category, in every accepted handler shape.

use cursor_hooks::prelude::*;

/// permission, by reference, with `updated_input`.
#[cursor_hook(event = "preToolUse", matcher = "Shell")]
fn pre_tool(input: &PreToolUse) -> PreToolUseResponse {
    match input.tool_input.command() {
        Some("npm install") => {
            PreToolUseResponse::allow().updated_input(serde_json::json!({ "command": "npm ci" }))
        }
        Some(command) if command.contains("push --force") => PreToolUseResponse::ask("force-push?"),
        _ => no_opinion(),
    }
}

/// permission without `ask`, returning an `Option`.
#[cursor_hook(event = "beforeReadFile")]
fn read(input: BeforeReadFile) -> Option<BeforeReadFileResponse> {
    input
        .file_path
        .ends_with(".env")
        .then(|| BeforeReadFileResponse::deny("secrets stay unread"))
}

/// prompt gate.
#[cursor_hook(event = "beforeSubmitPrompt")]
fn prompt(input: BeforeSubmitPrompt) -> BeforeSubmitPromptResponse {
    if input.prompt.contains("AKIA") {
        BeforeSubmitPromptResponse::block("the prompt holds an access key")
    } else {
        no_opinion()
    }
}

/// context, with `env`.
#[cursor_hook(event = "sessionStart")]
fn session(_input: SessionStart) -> SessionStartResponse {
    SessionStartResponse::default()
        .additional_context("branch: main")
        .env("AUDIT", "1")
}

/// loop, with a `loop_limit`.
#[cursor_hook(event = "stop", loop_limit = 3)]
fn stop(input: Stop) -> StopResponse {
    if input.status == "completed" && input.loop_count == Some(0) {
        StopResponse::default().followup_message("run the tests")
    } else {
        no_opinion()
    }
}

/// notice.
#[cursor_hook(event = "preCompact")]
fn compact(_input: PreCompact) -> PreCompactResponse {
    PreCompactResponse::default().user_message("compacting")
}

/// app.
#[cursor_hook(event = "workspaceOpen")]
fn workspace(_input: WorkspaceOpen) -> WorkspaceOpenResponse {
    WorkspaceOpenResponse::default().plugin_paths(["/opt/plugins/audit"])
}

/// observe-only, returning `()`.
#[cursor_hook(event = "afterFileEdit")]
fn edited(input: AfterFileEdit) {
    eprintln!("edited {}", input.file_path);
}

cursor_hooks::main!(pre_tool, read, prompt, session, stop, compact, workspace, edited);
