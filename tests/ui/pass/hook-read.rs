use cursor_hooks::prelude::*;

// Cursor, Claude Code and Copilot all refuse a read; by value too.
#[hook(on = "tool.before", tool = "read", hosts = (Cursor, ClaudeCode, Copilot), timeout = 5)]
fn secrets(call: ReadCall) -> ReadAnswer {
    if call.path().ends_with(".env") {
        ReadAnswer::deny(format!("{} holds secrets ({})", call.path(), call.tool_name()))
    } else {
        no_opinion()
    }
}

cursor_hooks::main!(secrets);
