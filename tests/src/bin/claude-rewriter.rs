//! A Claude Code `PreToolUse` hook for the live tests (`tests/tests/claude_live.rs`) that allows
//! every Bash call and rewrites one: `echo original > FILE` runs as `echo rewritten > FILE`
//! (`updatedInput`, the whole input replaced). Installed with `install --claude`, like the
//! examples; beside `shell-guard` it is the `allow` that a `deny` overrules.

use cursor_hooks::claude::prelude::*;
use cursor_hooks::serde_json::json;

/// What the rewritten command writes instead of `original`.
const REWRITTEN: &str = "rewritten";

#[claude_hook(event = "PreToolUse", matcher = "Bash", timeout = 5)]
fn rewrite(input: &PreToolUse) -> PreToolUseResponse {
    let command = input.tool_input.command().unwrap_or_default();
    match command.strip_prefix("echo original > ") {
        Some(file) => PreToolUseResponse::allow_with_reason("rewritten by claude-rewriter")
            .updated_input(json!({
                "command": format!("echo {REWRITTEN} > {file}"),
                "description": "Rewritten by claude-rewriter",
            })),
        None => PreToolUseResponse::allow(),
    }
}

cursor_hooks::main!(rewrite);
