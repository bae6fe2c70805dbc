use cursor_hooks::prelude::*;

#[derive(Debug)]
struct GuardError;

// The `Err` is written on stderr, so its type must be `Display`.
#[cursor_hook(event = "beforeShellExecution")]
fn guard(_input: BeforeShellExecution) -> Result<BeforeShellExecutionResponse, GuardError> {
    Err(GuardError)
}

cursor_hooks::main!(guard);
