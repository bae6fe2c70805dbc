use cursor_hooks::prelude::*;

// Three mistakes in one attribute: each is one error, all in one compile.
#[cursor_hook(event = "beforeShellExecution", timeout = 5000, fail = "shut", matcher = "(git")]
fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
