use cursor_hooks::prelude::*;

// `None` is no opinion.
#[cursor_hook(event = "beforeMCPExecution")]
fn mcp(_input: &BeforeMCPExecution) -> Option<BeforeMCPExecutionResponse> {
    None
}

#[cursor_hook(event = "subagentStart")]
fn spawn(_input: SubagentStart) -> Option<SubagentStartResponse> {
    Some(SubagentStartResponse::deny("no subagents here"))
}

cursor_hooks::main!(mcp, spawn);
