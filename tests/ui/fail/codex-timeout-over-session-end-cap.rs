use cursor_hooks::codex::prelude::*;

// Codex clamps a SessionEnd hook's timeout to 3 s: 10 would stop it after 3.
#[codex_hook(event = "SessionEnd", timeout = 10)]
fn end(_input: SessionEnd) {}

cursor_hooks::main!(end);
