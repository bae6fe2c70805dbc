use cursor_hooks::prelude::*;

// The user's own type that happens to share the event's name is not the event's input.
mod mine {
    pub struct BeforeShellExecution;
}

#[cursor_hook(event = "beforeShellExecution")]
fn guard(_input: &mine::BeforeShellExecution) -> BeforeShellExecutionResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
