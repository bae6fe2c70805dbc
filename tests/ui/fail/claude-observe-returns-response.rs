use cursor_hooks::claude::prelude::*;

// Claude Code reads no answer from SessionEnd hooks.
#[claude_hook(event = "SessionEnd")]
fn end(_input: SessionEnd) -> SessionEndResponse {
    no_opinion()
}

cursor_hooks::main!(end);
