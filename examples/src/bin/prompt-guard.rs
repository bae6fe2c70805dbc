//! `prompt-guard`: blocks a prompt that contains an AWS access key id, without echoing the key.
//! One binary, and one unified handler, for Cursor, Claude Code, Codex and Copilot
//! (`install`, `install --claude`, `install --codex`, `install --copilot`).
//!
//! Cursor (`prompt-guard install`, `.cursor/hooks.json`):
//!
//! ```json
//! { "version": 1, "hooks": {
//!     "beforeSubmitPrompt": [{ "command": "/abs/path/to/prompt-guard", "timeout": 5 }]
//! } }
//! ```
//!
//! Claude Code (`prompt-guard install --claude`, `.claude/settings.json`):
//!
//! ```json
//! { "hooks": {
//!     "UserPromptSubmit": [{ "hooks": [
//!         { "type": "command", "command": "/abs/path/to/prompt-guard", "timeout": 5 }] }]
//! } }
//! ```

cursor_hooks::main!(cursor_hooks_examples::prompt_guard::guard);
