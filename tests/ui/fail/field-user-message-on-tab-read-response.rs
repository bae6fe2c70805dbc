use cursor_hooks::prelude::*;

// `beforeTabFileRead` denies silently: its answer has no message.
#[cursor_hook(event = "beforeTabFileRead")]
fn tab_secrets(_input: BeforeTabFileRead) -> BeforeTabFileReadResponse {
    BeforeTabFileReadResponse {
        permission: Some(Permission::Deny),
        user_message: Some("secrets stay local".into()),
    }
}

cursor_hooks::main!(tab_secrets);
