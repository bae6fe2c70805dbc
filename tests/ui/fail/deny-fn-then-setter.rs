use cursor_hooks::prelude::*;

// `deny(..)` is generic over the response type, so a setter cannot follow it.
#[cursor_hook(event = "beforeReadFile")]
fn guard(_input: BeforeReadFile) -> BeforeReadFileResponse {
    deny("no secrets").agent_message("read the example file instead")
}

cursor_hooks::main!(guard);
