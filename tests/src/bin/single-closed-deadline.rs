//! One fail-closed handler with `timeout = 1`: a payload not complete by its deadline is
//! answered with the event's block.

use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeReadFile", fail = "closed", timeout = 1)]
fn read(_input: &BeforeReadFile) -> BeforeReadFileResponse {
    no_opinion()
}

cursor_hooks::main!(read);
