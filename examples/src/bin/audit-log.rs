//! `audit-log`: appends one JSON line per event to `$CURSOR_HOOKS_AUDIT_LOG` (default
//! `.cursor/hooks-audit.jsonl` in the project for Cursor, `.claude/hooks-audit.jsonl` for
//! Claude Code); never blocks. One binary for Cursor and Claude Code.
//!
//! Cursor (`audit-log install`, `.cursor/hooks.json`):
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
//!
//! Claude Code (`audit-log install --claude`, `.claude/settings.json`):
//!
//! ```json
//! { "hooks": {
//!     "SessionStart": [{ "hooks": [{ "type": "command", "command": "/abs/path/to/audit-log" }] }],
//!     "SessionEnd": [{ "hooks": [{ "type": "command", "command": "/abs/path/to/audit-log" }] }],
//!     "InstructionsLoaded": [{ "hooks": [{ "type": "command", "command": "/abs/path/to/audit-log" }] }],
//!     "PostToolUse": [{ "hooks": [{ "type": "command", "command": "/abs/path/to/audit-log" }] }],
//!     "PostToolUseFailure": [{ "hooks": [{ "type": "command", "command": "/abs/path/to/audit-log" }] }],
//!     "PostToolBatch": [{ "hooks": [{ "type": "command", "command": "/abs/path/to/audit-log" }] }],
//!     "Notification": [{ "hooks": [{ "type": "command", "command": "/abs/path/to/audit-log" }] }],
//!     "SubagentStart": [{ "hooks": [{ "type": "command", "command": "/abs/path/to/audit-log" }] }],
//!     "SubagentStop": [{ "hooks": [{ "type": "command", "command": "/abs/path/to/audit-log" }] }],
//!     "PreCompact": [{ "hooks": [{ "type": "command", "command": "/abs/path/to/audit-log" }] }],
//!     "PostCompact": [{ "hooks": [{ "type": "command", "command": "/abs/path/to/audit-log" }] }],
//!     "StopFailure": [{ "hooks": [{ "type": "command", "command": "/abs/path/to/audit-log" }] }]
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
    after_thought,
    claude_session_start,
    claude_session_end,
    claude_instructions,
    claude_post_tool,
    claude_post_tool_failure,
    claude_post_tool_batch,
    claude_notification,
    claude_subagent_start,
    claude_subagent_stop,
    claude_pre_compact,
    claude_post_compact,
    claude_stop_failure
);
