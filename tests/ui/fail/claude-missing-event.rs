use cursor_hooks::claude::prelude::*;

#[claude_hook(fail = "closed")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
