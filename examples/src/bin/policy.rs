//! `policy`: shell-guard, secrets-guard, prompt-guard and verify-on-stop in one binary, which
//! picks the handler from the payload's event, for Cursor and Claude Code. One entry per event,
//! all the same command.
//!
//! Cursor (`policy install`, `.cursor/hooks.json`):
//!
//! ```json
//! { "version": 1, "hooks": {
//!     "beforeShellExecution": [{ "command": "/abs/path/to/policy", "timeout": 5 }],
//!     "preToolUse": [{ "command": "/abs/path/to/policy", "matcher": "Shell", "timeout": 5 }],
//!     "beforeReadFile": [{ "command": "/abs/path/to/policy", "timeout": 5 }],
//!     "beforeTabFileRead": [{ "command": "/abs/path/to/policy", "timeout": 5 }],
//!     "beforeSubmitPrompt": [{ "command": "/abs/path/to/policy", "timeout": 5 }],
//!     "stop": [{ "command": "/abs/path/to/policy", "timeout": 5, "loop_limit": 1 }]
//! } }
//! ```
//!
//! Claude Code (`policy install --claude`, `.claude/settings.json`): one `PreToolUse` handler
//! for `Bash` and `Read` (a binary answers an event once, so `policy::claude_tools` hands each
//! tool to its guard):
//!
//! ```json
//! { "hooks": {
//!     "PreToolUse": [{ "matcher": "Bash|Read", "hooks": [
//!         { "type": "command", "command": "/abs/path/to/policy", "timeout": 5 }] }],
//!     "UserPromptSubmit": [{ "hooks": [
//!         { "type": "command", "command": "/abs/path/to/policy", "timeout": 5 }] }],
//!     "Stop": [{ "hooks": [
//!         { "type": "command", "command": "/abs/path/to/policy", "timeout": 5 }] }]
//! } }
//! ```

use cursor_hooks_examples::{policy, prompt_guard, secrets_guard, shell_guard, verify_on_stop};

cursor_hooks::main!(
    shell_guard::guard,
    shell_guard::pre_tool,
    secrets_guard::read,
    secrets_guard::tab_read,
    prompt_guard::prompt,
    verify_on_stop::stop,
    policy::claude_tools,
    prompt_guard::claude_prompt,
    verify_on_stop::claude_stop
);
