use cursor_hooks::claude::prelude::*;

#[claude_hook(event = "PreToolUse", matcher = "Bash")]
fn shell(input: &PreToolUse) -> PreToolUseResponse {
    let command = input.tool_input.get("command").and_then(|c| c.as_str()).unwrap_or_default();
    if command.contains("rm -rf") {
        PreToolUseResponse::deny("rm -rf is blocked").system_message("blocked a command")
    } else if command.starts_with("git push") {
        PreToolUseResponse::ask("push?")
    } else if command.starts_with("npm ") {
        PreToolUseResponse::allow_with_reason("npm is allowed in this project")
    } else {
        PreToolUseResponse::allow().updated_input(serde_json::json!({ "command": command }))
    }
}

#[claude_hook(event = "UserPromptSubmit")]
fn prompt(input: UserPromptSubmit) -> UserPromptSubmitResponse {
    if input.prompt.contains("password") {
        UserPromptSubmitResponse::block("no secrets in prompts")
    } else {
        UserPromptSubmitResponse::default().additional_context("branch: main")
    }
}

#[claude_hook(event = "Stop")]
fn verify(input: Stop) -> StopResponse {
    if input.stop_hook_active { no_opinion() } else { StopResponse::block("run the tests first") }
}

#[claude_hook(event = "PermissionRequest")]
fn permit(input: PermissionRequest) -> PermissionRequestResponse {
    match input.tool_name.as_str() {
        "Bash" => PermissionRequestResponse::default()
            .decision(PermissionRequestDecision::deny("not here").interrupt(true)),
        _ => PermissionRequestResponse::default().decision(
            PermissionRequestDecision::allow()
                .updated_input(serde_json::json!({ "command": "ls" }))
                .updated_permissions(Vec::new()),
        ),
    }
}

#[claude_hook(event = "SessionStart", matcher = "startup|resume")]
fn start(_input: SessionStart) -> SessionStartResponse {
    SessionStartResponse::default().additional_context("read CONTRIBUTING.md")
}

cursor_hooks::main!(shell, prompt, verify, permit, start);
