use cursor_hooks::prelude::*;

// Cursor's beforeShellExecution cannot rewrite a command: a handler wired into Cursor cannot.
#[hook(on = "tool.before", tool = "shell", hosts = (Cursor, ClaudeCode))]
fn guard(call: &ShellCall) -> ShellAnswer {
    match call.command().strip_prefix("rm -rf ") {
        Some(paths) => ShellAnswer::rewrite(call, format!("trash {paths}")),
        None => no_opinion(),
    }
}

cursor_hooks::main!(guard);
