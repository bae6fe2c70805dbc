use cursor_hooks::claude::prelude::*;

// One function cannot answer both editors: their inputs and answers differ.
#[claude_hook(event = "PreToolUse")]
#[cursor_hooks::cursor_hook(event = "preToolUse")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
