// Handlers in a module, listed through a `use` (a bare name) and through a path.
mod handlers {
    use cursor_hooks::prelude::*;

    #[cursor_hook(event = "beforeShellExecution")]
    pub fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
        no_opinion()
    }

    #[cursor_hook(event = "beforeReadFile")]
    pub fn secrets(_input: BeforeReadFile) -> BeforeReadFileResponse {
        no_opinion()
    }
}

use handlers::guard;

cursor_hooks::main!(guard, handlers::secrets);
