use cursor_hooks::prelude::*;

// Claude Code alone can stop the run (`continue: false` with `stopReason`).
#[hook(on = "tool.before", tool = "shell", hosts = (ClaudeCode))]
fn stopped(call: &ShellCall) -> ShellAnswer {
    if call.command().contains("prod") {
        ShellAnswer::deny("not on production")
            .tell_user("a command reached for production")
            .stop_run("the run stops: production was reached")
    } else {
        no_opinion()
    }
}

cursor_hooks::main!(stopped);
