use cursor_hooks::prelude::*;

// A setter called by its path, with the response as its first argument: legal Rust, and not the
// mistake of calling a setter as a constructor.
#[cursor_hook(event = "sessionStart")]
fn start(_input: SessionStart) -> SessionStartResponse {
    SessionStartResponse::additional_context(SessionStartResponse::default(), "cargo builds it")
}

#[claude_hook(event = "SessionStart")]
fn claude_start(_input: claude::SessionStart) -> claude::SessionStartResponse {
    claude::SessionStartResponse::additional_context(
        claude::SessionStartResponse::default(),
        "cargo builds it",
    )
}

main!(start, claude_start);
