//! `prompt-guard`: blocks a prompt that contains an AWS access key id, without echoing the key.
//! One binary for Cursor and Claude Code.
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

use cursor_hooks_examples::prompt_guard::{claude_prompt, codex_prompt, prompt};

cursor_hooks::main!(prompt, claude_prompt, codex_prompt);
