use cursor_hooks::prelude::*;

// A stop handler reads the stop, not the prompt that started the turn.
#[hook(on = "agent.stop", hosts = (Cursor, Copilot))]
fn stop(_call: &PromptCall) -> StopAnswer {
    StopAnswer::keep_going("run the tests")
}

cursor_hooks::main!(stop);
