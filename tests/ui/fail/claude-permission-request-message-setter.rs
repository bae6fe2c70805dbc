use cursor_hooks::claude::prelude::*;

// `message` is read only beside `behavior: deny`: `deny(message)` takes it.
#[claude_hook(event = "PermissionRequest")]
fn permit(_input: PermissionRequest) -> PermissionRequestResponse {
    PermissionRequestResponse::default().decision(PermissionRequestDecision::allow().message("why"))
}

cursor_hooks::main!(permit);
