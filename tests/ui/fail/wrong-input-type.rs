use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeReadFile")]
fn secrets(_input: BeforeShellExecution) -> BeforeReadFileResponse {
    no_opinion()
}

cursor_hooks::main!(secrets);
