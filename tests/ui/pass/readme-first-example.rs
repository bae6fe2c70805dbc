use cursor_hooks::prelude::*;

// Cursor: before a shell command runs.
#[cursor_hook(event = "beforeShellExecution")]
fn guard(input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    if input.command.contains("rm -rf") {
        BeforeShellExecutionResponse::deny("rm -rf is blocked: delete specific paths instead")
    } else {
        no_opinion()
    }
}

// Claude Code: before its Bash tool runs. Claude Code's types are under `claude::`.
#[claude_hook(event = "PreToolUse", matcher = "Bash")]
fn claude_guard(input: claude::PreToolUse) -> claude::PreToolUseResponse {
    if input.tool_input.command().is_some_and(|c| c.contains("rm -rf")) {
        claude::PreToolUseResponse::deny("rm -rf is blocked: delete specific paths instead")
    } else {
        no_opinion()
    }
}

// Codex: before its shell tool runs. Codex's types are under `codex::`.
#[codex_hook(event = "PreToolUse", matcher = "Bash")]
fn codex_guard(input: codex::PreToolUse) -> codex::PreToolUseResponse {
    if input.tool_input.command().is_some_and(|c| c.contains("rm -rf")) {
        codex::PreToolUseResponse::deny("rm -rf is blocked: delete specific paths instead")
    } else {
        no_opinion()
    }
}

main!(guard, claude_guard, codex_guard);
