//! `verify-on-stop`: after a completed first pass, asks the agent to run the tests and fix
//! failures before it finishes, once. One binary for Cursor and Claude Code.
//!
//! Cursor (`verify-on-stop install`, `.cursor/hooks.json`):
//!
//! ```json
//! { "version": 1, "hooks": {
//!     "stop": [{ "command": "/abs/path/to/verify-on-stop", "timeout": 5, "loop_limit": 1 }]
//! } }
//! ```
//!
//! Claude Code (`verify-on-stop install --claude`, `.claude/settings.json`): the second `Stop`
//! carries `stop_hook_active: true`, and the hook lets it through.
//!
//! ```json
//! { "hooks": {
//!     "Stop": [{ "hooks": [
//!         { "type": "command", "command": "/abs/path/to/verify-on-stop", "timeout": 5 }] }]
//! } }
//! ```

use cursor_hooks_examples::verify_on_stop::{claude_stop, codex_stop, stop};

cursor_hooks::main!(stop, claude_stop, codex_stop);
