use cursor_hooks::claude::prelude::*;

#[claude_hook(event = "SessionStart", matcher = "^begin")]
fn start(_input: SessionStart) -> SessionStartResponse {
    no_opinion()
}

cursor_hooks::main!(start);
