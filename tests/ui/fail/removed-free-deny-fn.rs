use cursor_hooks::prelude::*;

// The free answer functions are gone (0.x): a decision is the response type's constructor.
#[cursor_hook(event = "beforeShellExecution")]
fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    deny("rm -rf is blocked")
}

cursor_hooks::main!(guard);
