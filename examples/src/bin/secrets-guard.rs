//! `secrets-guard`: denies reads of `.env`, `.env.*`, `*.pem` and `*.key` by the agent and by Tab.
//!
//! ```json
//! { "version": 1, "hooks": {
//!     "beforeReadFile": [{ "command": "/abs/path/to/secrets-guard", "timeout": 5 }],
//!     "beforeTabFileRead": [{ "command": "/abs/path/to/secrets-guard", "timeout": 5 }]
//! } }
//! ```

use cursor_hooks_examples::secrets_guard::{read, tab_read};

cursor_hooks::main!(read, tab_read);
