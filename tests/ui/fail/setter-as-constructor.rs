use cursor_hooks::prelude::*;

// A setter called as a constructor: it takes the response it sets the key on.
#[cursor_hook(event = "sessionStart")]
fn start(_input: SessionStart) -> SessionStartResponse {
    SessionStartResponse::additional_context("the project uses cargo")
}

cursor_hooks::main!(start);
