//! Code generated from `spec/` by `cargo run -p cursor-hooks-codegen`; never edited by hand.

pub(crate) mod compat;
pub(crate) mod events;
pub(crate) mod fixtures;
pub(crate) mod outcomes;
pub(crate) mod permissions;
pub(crate) mod responses;
pub(crate) mod table;
