use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeReadFile")]
fn secrets(_input: BeforeReadFile) -> BeforeReadFileResponse {
    BeforeReadFileResponse::deny("secrets stay local").agent_message("use .env.example")
}

cursor_hooks::main!(secrets);
