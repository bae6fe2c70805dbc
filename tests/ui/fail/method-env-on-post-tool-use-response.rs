use cursor_hooks::prelude::*;

#[cursor_hook(event = "postToolUse")]
fn after(_input: PostToolUse) -> PostToolUseResponse {
    // `env` is for sessionStart: it sets variables for the session's later hooks.
    PostToolUseResponse::default().additional_context("done").env("STAGE", "2")
}

cursor_hooks::main!(after);
