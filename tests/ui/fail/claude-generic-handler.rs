use cursor_hooks::claude::prelude::*;

#[claude_hook(event = "PreToolUse")]
fn guard<E>(_input: E) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
