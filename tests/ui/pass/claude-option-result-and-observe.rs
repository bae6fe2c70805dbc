use cursor_hooks::claude::prelude::*;

#[derive(Debug)]
struct Unreadable;

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("unreadable")
    }
}

#[claude_hook(event = "PreToolUse", matcher = "Read")]
fn secrets(input: &PreToolUse) -> Result<Option<PreToolUseResponse>, Unreadable> {
    match input.tool_input.get("file_path") {
        Some(path) if path.as_str().is_some_and(|p| p.ends_with(".env")) => Ok(Some(PreToolUseResponse::deny("secrets"))),
        Some(_) => Ok(None),
        None => Err(Unreadable),
    }
}

#[claude_hook(event = "SessionEnd")]
fn end(_input: SessionEnd) {}

#[claude_hook(event = "Notification")]
fn notified(_input: &Notification) -> Result<(), std::io::Error> {
    Ok(())
}

cursor_hooks::main!(secrets, end, notified);
