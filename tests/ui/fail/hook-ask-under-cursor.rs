use cursor_hooks::prelude::*;

// Cursor turns `ask` into a deny: a handler wired into Cursor cannot ask.
#[hook(on = "tool.before", tool = "shell", hosts = (Cursor, ClaudeCode))]
fn guard(call: &ShellCall) -> ShellAnswer {
    if call.command().contains("push --force") {
        ShellAnswer::ask("force-push?")
    } else {
        no_opinion()
    }
}

cursor_hooks::main!(guard);
