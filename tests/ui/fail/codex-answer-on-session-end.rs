use cursor_hooks::codex::prelude::*;

// Codex reads no answer from SessionEnd hooks.
#[codex_hook(event = "SessionEnd")]
fn end(_input: SessionEnd) -> StopResponse {
    StopResponse::block("not yet")
}

cursor_hooks::main!(end);
