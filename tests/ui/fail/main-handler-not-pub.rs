mod hooks {
    use cursor_hooks::prelude::*;

    #[cursor_hook(event = "beforeShellExecution")]
    fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
        no_opinion()
    }
}

cursor_hooks::main!(hooks::guard);
