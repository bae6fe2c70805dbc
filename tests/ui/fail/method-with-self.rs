use cursor_hooks::prelude::*;

struct Guard;

impl Guard {
    #[cursor_hook(event = "beforeShellExecution")]
    fn guard(&self, _input: BeforeShellExecution) -> BeforeShellExecutionResponse {
        no_opinion()
    }
}

fn main() {}
