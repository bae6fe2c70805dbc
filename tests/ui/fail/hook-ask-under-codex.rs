use cursor_hooks::prelude::*;

// Codex fails a hook that answers `ask`, and runs the command.
#[hook(on = "tool.before", tool = "shell", hosts = (ClaudeCode, Codex, Copilot))]
fn guard(_call: &ShellCall) -> ShellAnswer {
    ShellAnswer::ask("run it?")
}

cursor_hooks::main!(guard);
