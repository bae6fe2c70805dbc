use cursor_hooks::claude::prelude::*;

#[claude_hook(event = "PreToolUse")]
fn guard(_input: PreToolUse) {
    let _ = 1;
}

cursor_hooks::main!(guard);
