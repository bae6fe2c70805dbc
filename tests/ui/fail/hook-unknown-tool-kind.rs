use cursor_hooks::prelude::*;

#[hook(on = "tool.before", tool = "web", hosts = (Cursor, ClaudeCode))]
fn guard(_call: &ShellCall) -> ShellAnswer {
    no_opinion()
}

cursor_hooks::main!(guard);
