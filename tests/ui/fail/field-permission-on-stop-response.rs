use cursor_hooks::prelude::*;

#[cursor_hook(event = "stop")]
fn keep_going(_input: Stop) -> StopResponse {
    StopResponse {
        permission: Some(PermissionOrAsk::Deny),
        ..Default::default()
    }
}

cursor_hooks::main!(keep_going);
