use cursor_hooks::prelude::*;

// Claude Code, Codex and Copilot each run a rewritten command.
#[hook(on = "tool.before", tool = "shell", hosts = (ClaudeCode, Codex, Copilot))]
fn guard(call: &ShellCall) -> ShellAnswer {
    match call.command().strip_prefix("rm -rf ") {
        Some(paths) => ShellAnswer::rewrite(call, format!("trash {paths}")),
        None => no_opinion(),
    }
}

cursor_hooks::main!(guard);
