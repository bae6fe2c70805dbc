//! `prompt-guard`: blocks a prompt that contains an AWS access key id, without echoing the key.
//!
//! ```json
//! { "version": 1, "hooks": {
//!     "beforeSubmitPrompt": [{ "command": "/abs/path/to/prompt-guard", "timeout": 5 }]
//! } }
//! ```

use cursor_hooks_examples::prompt_guard::prompt;

cursor_hooks::main!(prompt);
