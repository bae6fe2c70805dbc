//! A guard for each of two roads into GitHub Copilot CLI, each refusing every shell call with a
//! reason naming its handler: the tool result says which one Copilot ran (`copilot_live.rs`,
//! the packaged plugin, whose folder holds both a Copilot-format and a Claude-format file).

use cursor_hooks::claude::prelude as claude;
use cursor_hooks::copilot::prelude as copilot;

#[cursor_hooks::copilot_hook(event = "preToolUse", matcher = "bash")]
fn copilot_guard(_input: copilot::PreToolUse) -> copilot::PreToolUseResponse {
    copilot::PreToolUseResponse::deny("refused by the Copilot handler")
}

#[cursor_hooks::claude_hook(event = "PreToolUse", matcher = "Bash")]
fn claude_guard(_input: claude::PreToolUse) -> claude::PreToolUseResponse {
    claude::PreToolUseResponse::deny("refused by the Claude Code handler")
}

cursor_hooks::main!(copilot_guard, claude_guard);
