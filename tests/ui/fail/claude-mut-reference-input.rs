use cursor_hooks::claude::prelude::*;

#[claude_hook(event = "PreToolUse")]
fn guard(_input: &mut PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
