use cursor_hooks::prelude::*;

#[cursor_hook(event = "sessionStart")]
fn start(_input: SessionStart) -> SessionStartResponse {
    SessionStartResponse::default().additional_context("branch: main").env("STAGE", "test")
}

#[cursor_hook(event = "beforeTabFileRead")]
fn tab_secrets(input: &BeforeTabFileRead) -> BeforeTabFileReadResponse {
    let _ = input;
    BeforeTabFileReadResponse::deny()
}

#[cursor_hook(event = "preCompact", timeout = 30)]
fn compact(_input: PreCompact) -> PreCompactResponse {
    PreCompactResponse::default().user_message("compacting")
}

cursor_hooks::main!(start, tab_secrets, compact);
