//! Example hooks built with `cursor-hooks`, one binary each in `src/bin/`.
//!
//! The handlers live here, in the library, so that the `policy` binary can hold several of
//! them at once and so that they can be unit-tested like any function.

pub mod audit_log;
pub mod prompt_guard;
pub mod secrets_guard;
pub mod session_context;
pub mod shell_guard;
pub mod verify_on_stop;
