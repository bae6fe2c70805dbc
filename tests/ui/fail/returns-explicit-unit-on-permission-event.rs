use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeReadFile")]
fn secrets(_input: &BeforeReadFile) -> () {}

cursor_hooks::main!(secrets);
