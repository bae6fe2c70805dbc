use cursor_hooks::claude::prelude::*;

// `no_opinion()` is generic over the response type, so a setter cannot follow it.
#[claude_hook(event = "PreToolUse")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion().system_message("checked")
}

cursor_hooks::main!(guard);
