//! `shell-guard`: denies `rm -rf`, asks before `git push --force` (Codex, which cannot ask:
//! refuses it), leaves the rest to the editor. One binary for Cursor, Claude Code,
//! Codex and GitHub Copilot CLI.
//!
//! Cursor: `shell-guard install` writes these entries into `.cursor/hooks.json` (or write them
//! yourself, with the binary's absolute path):
//!
//! ```json
//! { "version": 1, "hooks": {
//!     "beforeShellExecution": [{ "command": "/abs/path/to/shell-guard", "timeout": 5 }],
//!     "preToolUse": [{ "command": "/abs/path/to/shell-guard", "matcher": "Shell", "timeout": 5 }]
//! } }
//! ```
//!
//! Claude Code: `shell-guard install --claude` writes this into the project's
//! `.claude/settings.json` (`--user`: `~/.claude/settings.json`):
//!
//! ```json
//! { "hooks": {
//!     "PreToolUse": [{ "matcher": "Bash", "hooks": [
//!         { "type": "command", "command": "/abs/path/to/shell-guard", "timeout": 5 }] }],
//!     "PreSkillShellCommand": [{ "hooks": [
//!         { "type": "command", "command": "/abs/path/to/shell-guard", "timeout": 5 }] }]
//! } }
//! ```

//!
//! Codex: `shell-guard install --codex` writes the same shape into `.codex/hooks.json`
//! (`--user`: `~/.codex/hooks.json`), wired `--host codex --event PreToolUse`; Codex runs it
//! once it is trusted (`cursor-hooks doctor --host codex` says how).
//!
//! GitHub Copilot CLI: `shell-guard install --copilot` writes its own entry into
//! `.github/hooks/cursor-hooks.json` (`--user`: `~/.copilot/hooks/`), wired `--host copilot
//! --event preToolUse`; Copilot runs a project's hooks once the folder is trusted.

use cursor_hooks_examples::shell_guard::{
    claude_bash, claude_skill_shell, codex_bash, copilot_bash, guard, pre_tool,
};

cursor_hooks::main!(
    guard,
    pre_tool,
    claude_bash,
    claude_skill_shell,
    codex_bash,
    copilot_bash
);
