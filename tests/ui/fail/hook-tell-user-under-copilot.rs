use cursor_hooks::prelude::*;

// Copilot shows the user nothing a hook writes: a handler wired into Copilot cannot tell the
// user.
#[hook(on = "tool.before", tool = "shell", hosts = (Codex, Copilot))]
fn guard(call: &ShellCall) -> ShellAnswer {
    if call.command().contains("push --force") {
        ShellAnswer::deny("no force-push").tell_user("a force-push was refused")
    } else {
        no_opinion()
    }
}

cursor_hooks::main!(guard);
