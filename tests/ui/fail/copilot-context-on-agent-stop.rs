use cursor_hooks::copilot::prelude::*;

// Copilot's agentStop answer is `decision` and `reason`: context reaches no model there.
#[copilot_hook(event = "agentStop")]
fn stop(_input: AgentStop) -> AgentStopResponse {
    AgentStopResponse::block("run the tests").additional_context("the tests are in tests/")
}

cursor_hooks::main!(stop);
