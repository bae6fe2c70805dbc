use cursor_hooks::prelude::*;

// Codex has no file-read tool: a read guard cannot be wired into it.
#[hook(on = "tool.before", tool = "read", hosts = (Cursor, Codex))]
fn secrets(call: &ReadCall) -> ReadAnswer {
    if call.path().ends_with(".env") {
        ReadAnswer::deny("no secrets")
    } else {
        ReadAnswer::no_opinion()
    }
}

cursor_hooks::main!(secrets);
