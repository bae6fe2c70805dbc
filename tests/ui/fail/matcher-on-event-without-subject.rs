use cursor_hooks::prelude::*;

// sessionStart has no matcher subject: Cursor ignores the matcher and runs the hook every time.
#[cursor_hook(event = "sessionStart", matcher = "startup")]
fn session(_input: SessionStart) -> SessionStartResponse {
    no_opinion()
}

cursor_hooks::main!(session);
