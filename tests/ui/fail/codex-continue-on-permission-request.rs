use cursor_hooks::codex::prelude::*;

// Codex rejects `continue` on PermissionRequest (the hook counts as failed).
#[codex_hook(event = "PermissionRequest")]
fn permission(_input: PermissionRequest) -> PermissionRequestResponse {
    PermissionRequestResponse::deny("no").r#continue(false)
}

cursor_hooks::main!(permission);
