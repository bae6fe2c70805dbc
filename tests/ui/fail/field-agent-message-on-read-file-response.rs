use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeReadFile")]
fn secrets(_input: BeforeReadFile) -> BeforeReadFileResponse {
    BeforeReadFileResponse {
        permission: Some(Permission::Deny),
        agent_message: Some("read the .env.example instead".into()),
        ..Default::default()
    }
}

cursor_hooks::main!(secrets);
