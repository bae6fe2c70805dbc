//! Matchers Claude Code can match: exact names split on `|` or `,`, regexes searched unanchored,
//! `*` and `""`, MCP tools (`mcp__<server>__<tool>`), custom subagents and the closed values of
//! `source` and `trigger`.
use cursor_hooks::claude::prelude::*;

#[claude_hook(event = "PreToolUse", matcher = "Edit|Write")]
fn edits(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

#[claude_hook(event = "PostToolUse", matcher = "Edit, Write")]
fn edited(_input: PostToolUse) -> PostToolUseResponse {
    no_opinion()
}

#[claude_hook(event = "PermissionRequest", matcher = "mcp__github__.*")]
fn github(_input: PermissionRequest) -> PermissionRequestResponse {
    no_opinion()
}

#[claude_hook(event = "PostToolUseFailure", matcher = "*")]
fn failed(_input: PostToolUseFailure) -> PostToolUseFailureResponse {
    no_opinion()
}

#[claude_hook(event = "SubagentStart", matcher = "my-reviewer")]
fn reviewer(_input: SubagentStart) -> SubagentStartResponse {
    no_opinion()
}

#[claude_hook(event = "PreCompact", matcher = "manual")]
fn compact(_input: PreCompact) -> PreCompactResponse {
    no_opinion()
}

#[claude_hook(event = "Notification", matcher = "idle_prompt")]
fn idle(_input: Notification) {}

#[claude_hook(event = "FileChanged", matcher = "\\.envrc$")]
fn envrc(_input: FileChanged) -> FileChangedResponse {
    no_opinion()
}

#[claude_hook(event = "Stop", matcher = "")]
fn stop(_input: Stop) -> StopResponse {
    no_opinion()
}

cursor_hooks::main!(edits, edited, github, failed, reviewer, compact, idle, envrc, stop);
