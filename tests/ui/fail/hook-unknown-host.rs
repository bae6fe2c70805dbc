use cursor_hooks::prelude::*;

#[hook(on = "tool.before", tool = "shell", hosts = (Cursor, Claude))]
fn guard(_call: &ShellCall) -> ShellAnswer {
    no_opinion()
}

cursor_hooks::main!(guard);
