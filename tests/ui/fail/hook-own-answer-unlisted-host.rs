use cursor_hooks::prelude::*;

// Claude Code's own answer in a handler that does not list Claude Code would never be sent.
#[hook(on = "tool.before", tool = "shell", hosts = (Cursor, Codex))]
fn guard(call: &ShellCall) -> ShellAnswer {
    if call.command().contains("push --force") {
        ShellAnswer::deny("force-push needs a person")
            .instead(claude::PreToolUseResponse::ask("force-push?"))
    } else {
        no_opinion()
    }
}

cursor_hooks::main!(guard);
