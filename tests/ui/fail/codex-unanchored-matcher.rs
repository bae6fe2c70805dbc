use cursor_hooks::codex::prelude::*;

// Codex matches a regex against the whole tool name: `Ba.` selects nothing.
#[codex_hook(event = "PreToolUse", matcher = "Ba.")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
