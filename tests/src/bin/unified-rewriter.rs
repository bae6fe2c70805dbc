//! A unified handler for the live tests (`claude_live.rs`, `codex_live.rs`, `copilot_live.rs`):
//! one `#[hook]` function that runs `echo original > FILE` as `echo rewritten > FILE`
//! (`ShellAnswer::rewrite`) in every host that can rewrite a call: Claude Code
//! (`updatedInput`), Codex (an allow with `updatedInput`) and Copilot (`modifiedArgs`).

use cursor_hooks::prelude::*;

#[hook(on = "tool.before", tool = "shell", hosts = (ClaudeCode, Codex, Copilot), timeout = 5)]
fn rewrite(call: &ShellCall) -> ShellAnswer {
    match call.command().strip_prefix("echo original > ") {
        Some(file) => ShellAnswer::rewrite(call, format!("echo rewritten > {file}")),
        None => no_opinion(),
    }
}

cursor_hooks::main!(rewrite);
