use cursor_hooks::claude::prelude::*;

// SessionStart cannot be blocked: Claude Code reads no `decision` there.
#[claude_hook(event = "SessionStart")]
fn start(_input: SessionStart) -> SessionStartResponse {
    SessionStartResponse::block("not today")
}

cursor_hooks::main!(start);
