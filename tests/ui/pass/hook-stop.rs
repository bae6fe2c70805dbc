use cursor_hooks::prelude::*;

// Every host keeps the agent going with an instruction; a host's own answer goes instead where
// the handler lists it.
#[hook(on = "agent.stop", hosts = (Cursor, ClaudeCode, Codex, Copilot), timeout = 5)]
fn tests_first(call: &StopCall) -> StopAnswer {
    if call.continued() {
        no_opinion()
    } else {
        StopAnswer::keep_going("run `cargo test` before you stop")
            .instead(cursor::StopResponse::default().followup_message("run the tests"))
    }
}

cursor_hooks::main!(tests_first);
