use cursor_hooks::prelude::*;

// The attribute gives the answer its hosts.
#[hook(on = "tool.before", tool = "shell", hosts = (Cursor, ClaudeCode))]
fn guard(_call: &ShellCall) -> ShellAnswer<(cursor_hooks::neutral::hosts::Cursor,)> {
    no_opinion()
}

cursor_hooks::main!(guard);
