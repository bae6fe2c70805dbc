use cursor_hooks::codex::prelude::*;

// Claude Code's PreToolUse asks the user; Codex rejects `ask` (the hook counts as failed and
// the tool runs).
#[codex_hook(event = "PreToolUse", matcher = "Bash")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    PreToolUseResponse::ask("force-push?")
}

cursor_hooks::main!(guard);
