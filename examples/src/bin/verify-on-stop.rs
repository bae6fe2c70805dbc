//! `verify-on-stop`: after a completed first pass, asks the agent to run the tests and fix
//! failures before it finishes.
//!
//! ```json
//! { "version": 1, "hooks": {
//!     "stop": [{ "command": "/abs/path/to/verify-on-stop", "timeout": 5, "loop_limit": 1 }]
//! } }
//! ```

use cursor_hooks_examples::verify_on_stop::stop;

cursor_hooks::main!(stop);
