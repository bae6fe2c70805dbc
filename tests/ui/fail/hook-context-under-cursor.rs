use cursor_hooks::prelude::*;

// Cursor's beforeShellExecution takes no context.
#[hook(on = "tool.before", tool = "shell", hosts = (Cursor, Copilot))]
fn guard(_call: &ShellCall) -> ShellAnswer {
    ShellAnswer::no_opinion().context("the build is slow")
}

cursor_hooks::main!(guard);
