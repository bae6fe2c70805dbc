//! What more than one test file of the runtime needs.

use cursor_hooks::prelude::*;
use serde_json::{json, Value};

/// A payload of `event` from `version`: a 1.7-era one (`legacy`) has neither `cursor_version`
/// nor `model`, a current one has `model` (so a missing version alone is not the 1.7 format).
pub fn payload(event: &str, version: &CursorVersion, legacy: bool) -> Value {
    assert!(
        !legacy || version.is_missing(),
        "a 1.7-era payload has no version"
    );
    let mut payload = json!({ "hook_event_name": event });
    if let Some(version) = version.as_str() {
        payload["cursor_version"] = version.into();
    }
    if !legacy {
        payload["model"] = "default".into();
    }
    payload
}

/// A shell `ask` with its message.
pub fn ask_shell() -> BeforeShellExecutionResponse {
    BeforeShellExecutionResponse::ask("push --force?")
}

/// An MCP `ask` with its message.
pub fn ask_mcp() -> BeforeMCPExecutionResponse {
    BeforeMCPExecutionResponse::ask("push --force?")
}

/// [`ask_shell`] from a handler that opted out of the `ask` downgrade.
#[cursor_hook(event = "beforeShellExecution", ask = "keep")]
pub fn shell_keeping_ask(_: BeforeShellExecution) -> BeforeShellExecutionResponse {
    ask_shell()
}

/// [`ask_mcp`] from a handler that opted out of the `ask` downgrade.
#[cursor_hook(event = "beforeMCPExecution", ask = "keep")]
pub fn mcp_keeping_ask(_: BeforeMCPExecution) -> BeforeMCPExecutionResponse {
    ask_mcp()
}
