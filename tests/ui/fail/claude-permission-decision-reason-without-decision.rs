use cursor_hooks::claude::prelude::*;

// A reason without `permissionDecision` changes nothing: the decision's constructor takes it.
#[claude_hook(event = "PreToolUse")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    PreToolUseResponse::default().permission_decision_reason("x")
}

cursor_hooks::main!(guard);
