use cursor_hooks::claude::prelude::*;

// PreToolUse reads `permissionDecision`, not `decision: "block"`.
#[claude_hook(event = "PreToolUse")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    PreToolUseResponse::block("no")
}

cursor_hooks::main!(guard);
