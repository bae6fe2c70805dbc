//! `session-context`: tells the agent the project's git branch when a session starts.
//!
//! ```json
//! { "version": 1, "hooks": {
//!     "sessionStart": [{ "command": "/abs/path/to/session-context", "timeout": 5 }]
//! } }
//! ```

use cursor_hooks_examples::session_context::session_start;

cursor_hooks::main!(session_start);
