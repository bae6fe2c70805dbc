//! Example hooks built with `cursor-hooks`, one binary each in `src/bin/`.
//!
//! The handlers live here, in the library, so that the `policy` binary can hold several of
//! them at once and so that they can be unit-tested like any function. Each example serves
//! Cursor and Claude Code: its Cursor handlers (`#[cursor_hook]`) and its Claude Code handlers
//! (`#[claude_hook]`, named `claude_*`) share one decision function (`classify`, `is_secret`,
//! `has_aws_key`, ...), and its binary lists both in `main!`. `session-context` stays
//! Cursor-only.

pub mod audit_log;
pub mod policy;
pub mod prompt_guard;
pub mod secrets_guard;
pub mod session_context;
pub mod shell_guard;
pub mod unified_shell_guard;
pub mod verify_on_stop;
