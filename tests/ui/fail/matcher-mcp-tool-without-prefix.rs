use cursor_hooks::prelude::*;

// The MCP events test `MCP:<tool_name>`: a matcher anchored on the bare tool name never runs.
#[cursor_hook(event = "beforeMCPExecution", matcher = "^github_")]
fn github(_input: BeforeMCPExecution) -> BeforeMCPExecutionResponse {
    no_opinion()
}

cursor_hooks::main!(github);
