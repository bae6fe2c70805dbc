//! Code generated from `spec/` by `cargo run -p cursor-hooks-codegen`; never edited by hand.

pub(crate) mod claude;
pub(crate) mod codex;
pub(crate) mod concepts;
pub(crate) mod copilot;
pub(crate) mod table;
