//! `session-context`: tells the agent the project's git branch when a session starts.
//!
//! Cursor only, on purpose: it is the benchmark's Cursor-only binary (`BENCHMARKS.md`), which
//! shows that a binary with no Claude Code handler pays nothing for the second host.
//!
//! ```json
//! { "version": 1, "hooks": {
//!     "sessionStart": [{ "command": "/abs/path/to/session-context", "timeout": 5 }]
//! } }
//! ```

use cursor_hooks_examples::session_context::session_start;

cursor_hooks::main!(session_start);
