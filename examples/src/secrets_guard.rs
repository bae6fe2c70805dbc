//! Keeps secrets out of the agent's and Tab's reads: `.env`, `.env.*`, `*.pem` and `*.key`
//! files are denied; every other file is left to the editor. [`guard`] is one unified handler
//! (`#[hook(on = "tool.before", tool = "read")]`) for Cursor (`beforeReadFile` and `preToolUse`
//! for `Read`), Claude Code (`PreToolUse` for `Read`) and Copilot (`preToolUse` for `view`);
//! Codex has no file-read tool. Cursor's Tab reads are no tool call, so [`tab_read`] answers
//! `beforeTabFileRead` as Cursor's own handler, beside it in the `secrets-guard` binary.
//!
//! [`read`] and [`claude_read`] are the same guard written per host: the escape hatch (the
//! `policy` binary lists them). All decide with [`is_secret`].

use cursor_hooks::cursor::native_path;
use cursor_hooks::prelude::*;
use std::path::Path;

/// Whether a path names a secrets file.
///
/// ```
/// use cursor_hooks_examples::secrets_guard::is_secret;
///
/// assert!(is_secret("/p/.env"));
/// assert!(is_secret("/p/.env.production"));
/// assert!(is_secret("/c:/Users/me/certs/server.pem"));
/// assert!(is_secret("deploy.key"));
/// assert!(!is_secret("/p/.envrc"));
/// assert!(!is_secret("/p/src/keys.rs"));
/// ```
pub fn is_secret(path: &str) -> bool {
    let Some(name) = Path::new(native_path(path))
        .file_name()
        .and_then(|n| n.to_str())
    else {
        return false;
    };
    name == ".env" || name.starts_with(".env.") || name.ends_with(".pem") || name.ends_with(".key")
}

/// Before any file read, in every host with a read tool: a secret file is refused, the model
/// told which file and why.
///
/// ```
/// use cursor_hooks_examples::secrets_guard::guard;
///
/// let answers = cursor_hooks::testing::unified::<guard>("/home/dev/shop/.env");
/// assert_eq!(answers.len(), 4); // Cursor's preToolUse and beforeReadFile, Claude Code's, Copilot's
/// for each in &answers {
///     cursor_hooks::assert_denied!(each.answer);
/// }
/// for each in cursor_hooks::testing::unified::<guard>("/home/dev/shop/src/main.rs") {
///     cursor_hooks::assert_no_opinion!(each.answer);
/// }
/// ```
#[hook(on = "tool.before", tool = "read", hosts = (Cursor, ClaudeCode, Copilot), timeout = 5)]
pub fn guard(call: &ReadCall) -> ReadAnswer {
    if is_secret(call.path()) {
        ReadAnswer::deny(refusal(call.path()))
    } else {
        no_opinion()
    }
}

/// `beforeReadFile`: the agent's reads.
#[cursor_hook(event = "beforeReadFile", timeout = 5)]
pub fn read(input: &BeforeReadFile) -> BeforeReadFileResponse {
    if is_secret(&input.file_path) {
        BeforeReadFileResponse::deny(refusal(&input.file_path))
    } else {
        no_opinion()
    }
}

/// `beforeTabFileRead`: Tab's reads (this event takes no message).
#[cursor_hook(event = "beforeTabFileRead", timeout = 5)]
pub fn tab_read(input: &BeforeTabFileRead) -> BeforeTabFileReadResponse {
    if is_secret(&input.file_path) {
        BeforeTabFileReadResponse::deny()
    } else {
        no_opinion()
    }
}

/// Claude Code's `PreToolUse` for the `Read` tool: the model is told why, and never gets the
/// file's content (the tool does not run).
#[claude_hook(event = "PreToolUse", matcher = "Read", timeout = 5)]
pub fn claude_read(input: &claude::PreToolUse) -> claude::PreToolUseResponse {
    match input.tool() {
        claude::Tool::Read(read) if is_secret(&read.file_path) => {
            claude::PreToolUseResponse::deny(refusal(&read.file_path))
        }
        _ => no_opinion(),
    }
}

/// What the agent is told when a read is denied.
fn refusal(path: &str) -> String {
    format!(
        "{} holds secrets and is not shared with the agent",
        file_name(path)
    )
}

fn file_name(path: &str) -> &str {
    Path::new(native_path(path))
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or(path)
}
