use cursor_hooks::prelude::*;

// A unified handler's matcher comes from the tool kind.
#[hook(on = "tool.before", tool = "shell", hosts = (Cursor, ClaudeCode), matcher = "Bash")]
fn guard(_call: &ShellCall) -> ShellAnswer {
    no_opinion()
}

cursor_hooks::main!(guard);
