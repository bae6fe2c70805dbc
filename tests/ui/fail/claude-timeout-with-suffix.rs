use cursor_hooks::claude::prelude::*;

// A suffix is not a unit: `timeout` is always whole seconds.
#[claude_hook(event = "PreToolUse", timeout = 30s)]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
