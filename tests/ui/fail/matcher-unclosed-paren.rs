use cursor_hooks::prelude::*;

#[cursor_hook(event = "preToolUse", matcher = "(Shell|Write")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
