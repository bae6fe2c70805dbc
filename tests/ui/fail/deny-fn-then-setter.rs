use cursor_hooks::prelude::*;

// Written as in earlier versions: the free `deny(..)` is gone, and its error names the route.
#[cursor_hook(event = "beforeReadFile")]
fn guard(_input: BeforeReadFile) -> BeforeReadFileResponse {
    deny("no secrets").agent_message("read the example file instead")
}

cursor_hooks::main!(guard);
