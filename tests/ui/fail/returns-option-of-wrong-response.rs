use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeReadFile")]
fn secrets(_input: BeforeReadFile) -> Option<BeforeShellExecutionResponse> {
    None
}

cursor_hooks::main!(secrets);
