use cursor_hooks::claude::prelude::*;

// Claude Code ignores `continue: false` on SessionStart: the prompt is still sent.
#[claude_hook(event = "SessionStart")]
fn start(_input: &SessionStart) -> SessionStartResponse {
    SessionStartResponse::default().r#continue(false)
}

cursor_hooks::main!(start);
