use cursor_hooks::prelude::*;

#[cursor_hook(event = "preToolUse")]
fn guard(_input: &cursor_hooks::claude::event::PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
