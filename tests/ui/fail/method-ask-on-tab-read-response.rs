use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeTabFileRead")]
fn tab_secrets(_input: BeforeTabFileRead) -> BeforeTabFileReadResponse {
    BeforeTabFileReadResponse::ask("let Tab read this file?")
}

cursor_hooks::main!(tab_secrets);
