//! `secrets-guard`: denies reads of `.env`, `.env.*`, `*.pem` and `*.key` by the agent (and, in
//! Cursor, by Tab). One binary for Cursor, Claude Code and Copilot (Codex has no file-read tool).
//!
//! Cursor (`secrets-guard install`, `.cursor/hooks.json`):
//!
//! ```json
//! { "version": 1, "hooks": {
//!     "beforeReadFile": [{ "command": "/abs/path/to/secrets-guard", "timeout": 5 }],
//!     "beforeTabFileRead": [{ "command": "/abs/path/to/secrets-guard", "timeout": 5 }],
//!     "preToolUse": [{ "command": "/abs/path/to/secrets-guard", "matcher": "Read", "timeout": 5 }]
//! } }
//! ```
//!
//! Claude Code (`secrets-guard install --claude`, `.claude/settings.json`): its `Read` tool.
//!
//! ```json
//! { "hooks": {
//!     "PreToolUse": [{ "matcher": "Read", "hooks": [
//!         { "type": "command", "command": "/abs/path/to/secrets-guard", "timeout": 5 }] }]
//! } }
//! ```

use cursor_hooks_examples::secrets_guard::{guard, tab_read};

cursor_hooks::main!(guard, tab_read);
