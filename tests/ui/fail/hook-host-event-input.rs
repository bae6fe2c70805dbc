use cursor_hooks::prelude::*;

// A unified handler reads the neutral call, not one host's payload.
#[hook(on = "tool.before", tool = "shell", hosts = (Cursor, ClaudeCode))]
fn guard(input: &BeforeShellExecution) -> ShellAnswer {
    let _ = input;
    no_opinion()
}

cursor_hooks::main!(guard);
