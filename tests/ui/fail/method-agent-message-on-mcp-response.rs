use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeMCPExecution")]
fn mcp(_input: BeforeMCPExecution) -> BeforeMCPExecutionResponse {
    BeforeMCPExecutionResponse::ask("call the production database?").agent_message("use the staging copy")
}

cursor_hooks::main!(mcp);
