use cursor_hooks::prelude::*;

#[hook(on = "tool.before", tool = "shell", hosts = (Codex, Copilot, Codex))]
fn guard(_call: &ShellCall) -> ShellAnswer {
    no_opinion()
}

cursor_hooks::main!(guard);
