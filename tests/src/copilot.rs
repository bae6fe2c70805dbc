//! Drives the real GitHub Copilot CLI offline, as it runs a project's `.claude/settings.json`:
//! [`runner`] starts `copilot -p` against the Messages API mock of
//! [`claude_code::mock`](crate::claude_code::mock) (Copilot's Anthropic provider speaks the
//! same API) inside the network namespace the Claude Code tests use. Used by
//! `tests/tests/copilot_live.rs` and, with the grammar [`generate`], by
//! `tests/tests/copilot_differential_generated.rs`.

pub mod generate;
pub mod runner;
