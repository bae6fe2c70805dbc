use cursor_hooks::codex::prelude::*;

// Claude Code's deny can interrupt the turn; Codex's PermissionRequest decision has no
// `interrupt`.
#[codex_hook(event = "PermissionRequest")]
fn permission(_input: PermissionRequest) -> PermissionRequestResponse {
    PermissionRequestResponse::default().decision(PermissionRequestDecision::deny("no").interrupt(true))
}

cursor_hooks::main!(permission);
