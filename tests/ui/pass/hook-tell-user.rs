use cursor_hooks::prelude::*;

// Claude Code and Codex show the user a `systemMessage`.
#[hook(on = "tool.before", tool = "shell", hosts = (ClaudeCode, Codex))]
fn told(call: &ShellCall) -> ShellAnswer {
    if call.command().contains("push --force") {
        ShellAnswer::deny("no force-push").tell_user("a force-push was refused")
    } else {
        no_opinion()
    }
}

cursor_hooks::main!(told);
