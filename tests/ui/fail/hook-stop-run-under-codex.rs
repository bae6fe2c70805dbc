use cursor_hooks::prelude::*;

// Codex rejects `continue: false` on PreToolUse (the hook fails and the command runs): a
// handler wired into Codex cannot stop the run.
#[hook(on = "tool.before", tool = "shell", hosts = (ClaudeCode, Codex))]
fn guard(call: &ShellCall) -> ShellAnswer {
    if call.command().contains("prod") {
        ShellAnswer::deny("not on production").stop_run("a command reached for production")
    } else {
        no_opinion()
    }
}

cursor_hooks::main!(guard);
