mod hooks {
    use cursor_hooks::prelude::*;

    #[cursor_hook(event = "beforeShellExecution")]
    pub fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
        no_opinion()
    }
}

use hooks::guard;

cursor_hooks::main!(guard, hooks::guard);
