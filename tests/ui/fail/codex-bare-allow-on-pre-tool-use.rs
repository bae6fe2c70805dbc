use cursor_hooks::codex::prelude::*;

// Codex reads `allow` only with the input it runs instead (`updatedInput`); `allow` alone is
// rejected and the hook counts as failed.
#[codex_hook(event = "PreToolUse", matcher = "Bash")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    PreToolUseResponse::allow()
}

cursor_hooks::main!(guard);
