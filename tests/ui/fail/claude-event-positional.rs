use cursor_hooks::claude::prelude::*;

// The event is the `event` option, not a positional string.
#[claude_hook("PreToolUse")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
