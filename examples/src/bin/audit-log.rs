//! `audit-log`: appends one JSON line per event to `$CURSOR_HOOKS_AUDIT_LOG` (default
//! `.cursor/hooks-audit.jsonl` in the project); never blocks.
//!
//! ```json
//! { "version": 1, "hooks": {
//!     "sessionStart": [{ "command": "/abs/path/to/audit-log" }],
//!     "sessionEnd": [{ "command": "/abs/path/to/audit-log" }],
//!     "postToolUse": [{ "command": "/abs/path/to/audit-log" }],
//!     "postToolUseFailure": [{ "command": "/abs/path/to/audit-log" }],
//!     "preCompact": [{ "command": "/abs/path/to/audit-log" }],
//!     "afterShellExecution": [{ "command": "/abs/path/to/audit-log" }],
//!     "afterMCPExecution": [{ "command": "/abs/path/to/audit-log" }],
//!     "afterFileEdit": [{ "command": "/abs/path/to/audit-log" }],
//!     "afterTabFileEdit": [{ "command": "/abs/path/to/audit-log" }],
//!     "afterAgentResponse": [{ "command": "/abs/path/to/audit-log" }],
//!     "afterAgentThought": [{ "command": "/abs/path/to/audit-log" }]
//! } }
//! ```

use cursor_hooks_examples::audit_log::*;

cursor_hooks::main!(
    session_start,
    session_end,
    post_tool,
    post_tool_failure,
    pre_compact,
    after_shell,
    after_mcp,
    after_edit,
    after_tab_edit,
    after_response,
    after_thought
);
