use cursor_hooks::codex::prelude::*;
use cursor_hooks::serde_json::json;

// One handler per Codex event, each answering with what Codex's schema for it accepts.
#[codex_hook(event = "PreToolUse", matcher = "Bash|apply_patch", timeout = 5)]
fn pre(input: &PreToolUse) -> PreToolUseResponse {
    match input.tool() {
        Tool::Bash(bash) if bash.command == "ls" => {
            PreToolUseResponse::allow(json!({"command": "ls -a"}))
        }
        Tool::Bash(_) => PreToolUseResponse::deny("no").additional_context("the policy"),
        _ => PreToolUseResponse::block("not the shell"),
    }
}

#[codex_hook(event = "PermissionRequest", matcher = "mcp__github__.*")]
fn permission(_input: PermissionRequest) -> PermissionRequestResponse {
    PermissionRequestResponse::deny("not now").system_message("denied")
}

#[codex_hook(event = "PostToolUse", matcher = ".*")]
fn post(_input: PostToolUse) -> PostToolUseResponse {
    PostToolUseResponse::block("the output leaks a key")
        .additional_context("redacted")
        .r#continue(true)
}

#[codex_hook(event = "PreCompact", matcher = "auto")]
fn pre_compact(_input: PreCompact) -> PreCompactResponse {
    PreCompactResponse::default().system_message("compacting")
}

#[codex_hook(event = "PostCompact")]
fn post_compact(_input: PostCompact) -> PostCompactResponse {
    no_opinion()
}

#[codex_hook(event = "SessionStart", matcher = "startup|resume")]
fn start(_input: SessionStart) -> SessionStartResponse {
    SessionStartResponse::default().additional_context("the project's rules")
}

#[codex_hook(event = "SessionEnd", timeout = 3)]
fn end(_input: SessionEnd) {}

#[codex_hook(event = "UserPromptSubmit")]
fn prompt(input: UserPromptSubmit) -> Option<UserPromptSubmitResponse> {
    input
        .prompt
        .contains("AKIA")
        .then(|| UserPromptSubmitResponse::block("a key in the prompt"))
}

#[codex_hook(event = "SubagentStart")]
fn subagent_start(_input: SubagentStart) -> SubagentStartResponse {
    SubagentStartResponse::default().additional_context("be brief")
}

#[codex_hook(event = "SubagentStop")]
fn subagent_stop(input: SubagentStop) -> Result<SubagentStopResponse, String> {
    if input.stop_hook_active {
        Ok(no_opinion())
    } else {
        Ok(SubagentStopResponse::block("check your work"))
    }
}

#[codex_hook(event = "Stop")]
fn stop(input: &Stop) -> StopResponse {
    if input.stop_hook_active {
        no_opinion()
    } else {
        StopResponse::block("run the tests").system_message("once more")
    }
}

#[codex_hook(event = "Interrupt")]
fn interrupt(_input: Interrupt) -> InterruptResponse {
    InterruptResponse::default().system_message("stopped")
}

cursor_hooks::main!(
    pre,
    permission,
    post,
    pre_compact,
    post_compact,
    start,
    end,
    prompt,
    subagent_start,
    subagent_stop,
    stop,
    interrupt
);
