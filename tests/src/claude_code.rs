//! Drives the real Claude Code CLI offline: [`mock`] stands in for the Messages API and
//! [`runner`] starts `claude -p` against it inside a network namespace that has only loopback,
//! so nothing can leave the machine; [`generate`] makes the generated differential's configurations. Used by `tests/tests/claude_live.rs`; the recipe is in
//! `tests/claude-code/README.md`.

pub mod generate;
/// The Messages API mock, shared with `cursor-hooks verify`.
pub use cursor_hooks_cli::live::claude_code::mock;
pub mod runner;
