use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution")]
fn guard(_input: BeforeShellExecution) -> StopResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
