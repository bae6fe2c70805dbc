use cursor_hooks::prelude::*;

// Claude Code and Copilot both ask the user and take context; one host, by value, too.
#[hook(on = "tool.before", tool = "shell", hosts = (ClaudeCode, Copilot))]
fn ask(call: &ShellCall) -> ShellAnswer {
    if call.command().contains("push --force") {
        ShellAnswer::ask("force-push?").context("the remote is shared")
    } else {
        ShellAnswer::no_opinion()
    }
}

#[hook(on = "tool.before", tool = "shell", hosts = (Codex))]
fn context(call: ShellCall) -> ShellAnswer {
    ShellAnswer::no_opinion().context(format!("{} runs `{}`", call.tool_name(), call.command()))
}

cursor_hooks::main!(ask, context);
