use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeReadFile")]
fn secrets(_input: BeforeReadFile) -> BeforeReadFileResponse {
    ask("read the .env?")
}

cursor_hooks::main!(secrets);
