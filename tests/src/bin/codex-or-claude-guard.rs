//! A guard for each of two roads into OpenAI Codex CLI, each refusing every shell call with a
//! reason naming its handler (`codex_live.rs`, the packaged plugin, whose folder holds both a
//! Codex-format and a Claude-format file). Codex tells the model only the first deny's reason,
//! so the Claude Code handler also leaves `claude-handler-ran` in its working directory (the
//! session's): the test sees it ran whatever order Codex ran the two in.

use cursor_hooks::claude::prelude as claude;
use cursor_hooks::codex::prelude as codex;

/// The file the Claude Code handler leaves in its working directory.
const CLAUDE_MARK: &str = "claude-handler-ran";

#[cursor_hooks::codex_hook(event = "PreToolUse", matcher = "Bash")]
fn codex_guard(_input: &codex::PreToolUse) -> codex::PreToolUseResponse {
    codex::PreToolUseResponse::deny("refused by the Codex handler")
}

#[cursor_hooks::claude_hook(event = "PreToolUse", matcher = "Bash")]
fn claude_guard(_input: claude::PreToolUse) -> claude::PreToolUseResponse {
    // The mark is the evidence; a failed write leaves it missing, which the test would misread
    // as "did not run", so the deny reason says so too.
    if std::fs::write(CLAUDE_MARK, "").is_err() {
        return claude::PreToolUseResponse::deny("refused by the Claude Code handler (no mark)");
    }
    claude::PreToolUseResponse::deny("refused by the Claude Code handler")
}

cursor_hooks::main!(codex_guard, claude_guard);
