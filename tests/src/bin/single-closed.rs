//! One fail-closed handler: input it cannot read is answered with that event's block, and so
//! is a payload not complete by its deadline (`timeout = 1`).

use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeReadFile", fail = "closed", timeout = 1)]
fn read(_input: &BeforeReadFile) -> BeforeReadFileResponse {
    no_opinion()
}

cursor_hooks::main!(read);
