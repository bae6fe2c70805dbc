//! One fail-closed handler: input it cannot read is answered with that event's block.

use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeReadFile", fail = "closed")]
fn read(_input: &BeforeReadFile) -> BeforeReadFileResponse {
    no_opinion()
}

cursor_hooks::main!(read);
