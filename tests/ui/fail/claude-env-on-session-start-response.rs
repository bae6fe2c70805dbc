use cursor_hooks::claude::prelude::*;

// A Cursor habit: Cursor's `sessionStart` answer sets environment variables; Claude Code's has
// no such key.
#[claude_hook(event = "SessionStart")]
fn start(_input: SessionStart) -> SessionStartResponse {
    SessionStartResponse::default().env("RUST_LOG", "debug")
}

cursor_hooks::main!(start);
