use cursor_hooks::prelude::*;

// `beforeReadFile`'s `permission` is a `Permission` (allow or deny): no `ask`.
#[cursor_hook(event = "beforeReadFile")]
fn secrets(_input: BeforeReadFile) -> BeforeReadFileResponse {
    BeforeReadFileResponse {
        permission: Some(PermissionOrAsk::Ask),
        user_message: Some("read the .env?".into()),
    }
}

cursor_hooks::main!(secrets);
