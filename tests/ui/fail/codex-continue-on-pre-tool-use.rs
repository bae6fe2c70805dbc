use cursor_hooks::codex::prelude::*;

// Codex rejects `continue` on PreToolUse: the hook counts as failed and the tool runs.
#[codex_hook(event = "PreToolUse", matcher = "Bash")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    PreToolUseResponse::deny("no").r#continue(false)
}

cursor_hooks::main!(guard);
