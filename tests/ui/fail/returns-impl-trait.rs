use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeReadFile")]
fn secrets(_input: &BeforeReadFile) -> Option<impl Into<BeforeReadFileResponse>> {
    Some(BeforeReadFileResponse::deny("secrets stay local"))
}

cursor_hooks::main!(secrets);
