use cursor_hooks::claude::prelude::*;

// `updatedInput` is read only beside `behavior: allow`: a denial cannot carry it.
#[claude_hook(event = "PermissionRequest")]
fn permit(_input: PermissionRequest) -> PermissionRequestResponse {
    PermissionRequestResponse::default()
        .decision(PermissionRequestDecision::deny("no").updated_input(serde_json::json!({})))
}

cursor_hooks::main!(permit);
