use cursor_hooks::prelude::*;

struct Hooks;

impl Hooks {
    #[cursor_hook(event = "beforeShellExecution")]
    fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
        no_opinion()
    }
}

fn main() {}
