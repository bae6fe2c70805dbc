//! `shell-guard`: denies `rm -rf`, asks before `git push --force`, leaves the rest to Cursor.
//!
//! Wire it in `.cursor/hooks.json` (use the binary's absolute path):
//!
//! ```json
//! { "version": 1, "hooks": {
//!     "beforeShellExecution": [{ "command": "/abs/path/to/shell-guard", "timeout": 5 }],
//!     "preToolUse": [{ "command": "/abs/path/to/shell-guard", "matcher": "Shell", "timeout": 5 }]
//! } }
//! ```

use cursor_hooks_examples::shell_guard::{guard, pre_tool};

cursor_hooks::main!(guard, pre_tool);
