use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeTabFileRead")]
fn tab_secrets(_input: BeforeTabFileRead) -> BeforeTabFileReadResponse {
    deny("secrets stay local")
}

cursor_hooks::main!(tab_secrets);
