use cursor_hooks::claude::prelude::*;

// `interrupt` is read only beside `behavior: deny`: only what `deny(message)` builds has it.
#[claude_hook(event = "PermissionRequest")]
fn permit(_input: PermissionRequest) -> PermissionRequestResponse {
    PermissionRequestResponse::default().decision(PermissionRequestDecision::default().interrupt(true))
}

cursor_hooks::main!(permit);
