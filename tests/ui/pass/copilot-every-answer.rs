use cursor_hooks::copilot::prelude::*;

// Each answer Copilot honours, on the event that honours it.
#[copilot_hook(event = "preToolUse", matcher = "bash", timeout = 5)]
fn guard(input: PreToolUse) -> PreToolUseResponse {
    match input.tool() {
        Tool::Bash(bash) if bash.command.contains("rm -rf") => PreToolUseResponse::deny("no"),
        Tool::Bash(_) => PreToolUseResponse::allow()
            .modified_args(cursor_hooks::serde_json::json!({"command": "ls"}))
            .additional_context("listed instead"),
        _ => no_opinion(),
    }
}

#[copilot_hook(event = "userPromptSubmitted")]
fn prompt(input: UserPromptSubmitted) -> UserPromptSubmittedResponse {
    UserPromptSubmittedResponse::default().modified_prompt(format!("{} (be brief)", input.prompt))
}

#[copilot_hook(event = "permissionRequest")]
fn permission(_input: PermissionRequest) -> PermissionRequestResponse {
    PermissionRequestResponse::deny("ask a person")
}

#[copilot_hook(event = "postToolUse")]
fn after(_input: PostToolUse) -> PostToolUseResponse {
    PostToolUseResponse::default().additional_context("checked")
}

#[copilot_hook(event = "agentStop")]
fn stop(input: AgentStop) -> AgentStopResponse {
    if input.stop_hook_active {
        no_opinion()
    } else {
        AgentStopResponse::block("run the tests")
    }
}

#[copilot_hook(event = "sessionStart")]
fn start(_input: SessionStart) -> SessionStartResponse {
    SessionStartResponse::default().additional_context("the repository uses cargo")
}

cursor_hooks::main!(guard, prompt, permission, after, stop, start);
