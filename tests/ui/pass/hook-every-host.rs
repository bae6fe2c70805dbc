use cursor_hooks::prelude::*;

// Deny is honoured by every host; `fail` and `timeout` apply to every entry.
#[hook(on = "tool.before", tool = "shell", hosts = (Cursor, ClaudeCode, Codex, Copilot), timeout = 5, fail = "open")]
fn guard(call: &ShellCall) -> ShellAnswer {
    if call.command().contains("rm -rf") {
        ShellAnswer::deny("rm -rf is blocked")
    } else {
        no_opinion()
    }
}

// Beside a host's own handler of another event.
#[claude_hook(event = "PreSkillShellCommand")]
fn skill(_input: &claude::PreSkillShellCommand) -> claude::PreSkillShellCommandResponse {
    no_opinion()
}

cursor_hooks::main!(guard, skill);
