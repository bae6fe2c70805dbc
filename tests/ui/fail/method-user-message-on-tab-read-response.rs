use cursor_hooks::prelude::*;

// `beforeTabFileRead` denies silently: its answer has no message.
#[cursor_hook(event = "beforeTabFileRead")]
fn tab_secrets(_input: BeforeTabFileRead) -> BeforeTabFileReadResponse {
    BeforeTabFileReadResponse::deny().user_message("secrets stay local")
}

cursor_hooks::main!(tab_secrets);
