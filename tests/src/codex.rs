//! Drives the real OpenAI Codex CLI offline: [`mock`] stands in for the Responses API and
//! [`runner`] starts `codex exec` against it inside a network namespace that has only loopback,
//! so nothing can leave the machine; [`generate`] is the grammar of the generated differential.
//! Used by `tests/tests/codex_live.rs` and `tests/tests/codex_differential_generated.rs`; the recipe is in
//! `tests/codex/README.md`.

pub mod generate;
/// The Responses API mock, shared with `cursor-hooks verify --host codex`.
pub use cursor_hooks_cli::live::codex::mock;
pub mod runner;
