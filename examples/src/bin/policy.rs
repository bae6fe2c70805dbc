//! `policy`: shell-guard, secrets-guard, prompt-guard and verify-on-stop in one binary, which
//! picks the handler from the payload's event. One entry per event, all the same command:
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

use cursor_hooks_examples::{prompt_guard, secrets_guard, shell_guard, verify_on_stop};

cursor_hooks::main!(
    shell_guard::guard,
    shell_guard::pre_tool,
    secrets_guard::read,
    secrets_guard::tab_read,
    prompt_guard::prompt,
    verify_on_stop::stop
);
