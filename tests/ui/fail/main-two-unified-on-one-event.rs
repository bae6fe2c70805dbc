use cursor_hooks::prelude::*;

#[hook(on = "tool.before", tool = "shell", hosts = (ClaudeCode))]
fn shell(_call: &ShellCall) -> ShellAnswer {
    no_opinion()
}

#[hook(on = "tool.before", tool = "read", hosts = (ClaudeCode))]
fn secrets(_call: &ReadCall) -> ReadAnswer {
    no_opinion()
}

// Both are Claude Code's PreToolUse: the binary would answer every call with `shell`.
cursor_hooks::main!(shell, secrets);
