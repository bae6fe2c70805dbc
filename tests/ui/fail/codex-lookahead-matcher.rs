use cursor_hooks::codex::prelude::*;

// Codex compiles a matcher with Rust's `regex`, which has no look-around.
#[codex_hook(event = "PreToolUse", matcher = "(?!apply_patch).*")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
