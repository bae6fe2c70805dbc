//! Matchers that can match the event's subject compile: Cursor searches the regex unanchored,
//! `*` and `""` match everything (as leaving `matcher` out does), MCP tools are `MCP:<tool>` (on preToolUse and the MCP events), subagent types come in both spellings,
//! and the shell events' subject (the command) is open.
use cursor_hooks::prelude::*;

#[cursor_hook(event = "preToolUse", matcher = "Shell|MCP:")]
fn pre_tool(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

#[cursor_hook(event = "postToolUse", matcher = "^(Read|Write)$")]
fn post_tool(_input: PostToolUse) -> PostToolUseResponse {
    no_opinion()
}

#[cursor_hook(event = "postToolUseFailure", matcher = "*")]
fn failure(_input: PostToolUseFailure) -> PostToolUseFailureResponse {
    no_opinion()
}

#[cursor_hook(event = "subagentStart", matcher = "general-purpose")]
fn subagent(_input: SubagentStart) -> SubagentStartResponse {
    no_opinion()
}

#[cursor_hook(event = "subagentStop", matcher = "generalPurpose|explore")]
fn subagent_done(_input: SubagentStop) -> SubagentStopResponse {
    no_opinion()
}

#[cursor_hook(event = "beforeShellExecution", matcher = "\\.env\\b")]
fn shell(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    no_opinion()
}

#[cursor_hook(event = "afterShellExecution", matcher = "")]
fn shell_done(_input: AfterShellExecution) {}

#[cursor_hook(event = "beforeReadFile", matcher = "Read")]
fn read(_input: BeforeReadFile) -> BeforeReadFileResponse {
    no_opinion()
}

#[cursor_hook(event = "afterFileEdit", matcher = "Write")]
fn edited(_input: AfterFileEdit) {}

#[cursor_hook(event = "beforeSubmitPrompt", matcher = "Prompt")]
fn prompt(_input: BeforeSubmitPrompt) -> BeforeSubmitPromptResponse {
    no_opinion()
}

// The MCP events test `MCP:<tool_name>`.
#[cursor_hook(event = "beforeMCPExecution", matcher = "^MCP:github_")]
fn mcp(_input: BeforeMCPExecution) -> BeforeMCPExecutionResponse {
    no_opinion()
}

#[cursor_hook(event = "afterMCPExecution", matcher = "create_issue")]
fn mcp_done(_input: AfterMCPExecution) {}

cursor_hooks::main!(pre_tool, post_tool, failure, subagent, subagent_done, shell, shell_done, read, edited, prompt, mcp, mcp_done);
