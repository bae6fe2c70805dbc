use cursor_hooks::claude::prelude::*;

// A setter called as a constructor: it takes the response it sets the key on.
#[claude_hook(event = "SessionStart")]
fn start(_input: SessionStart) -> SessionStartResponse {
    SessionStartResponse::additional_context("the project uses cargo")
}

cursor_hooks::main!(start);
