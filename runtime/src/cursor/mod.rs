//! Cursor as a host: typed handlers for the hooks of [Cursor](https://cursor.com/docs/agent/hooks),
//! generated from `spec/cursor/` (its events, answers and version rules).
//!
//! Every Cursor item is here: its events ([`event`]), its answers ([`response`]), its tools
//! ([`tools`]), its event table ([`spec`]) and the version its payloads carry
//! ([`CursorVersion`]). The rest of the crate is the host-neutral core.

pub mod event;
pub(crate) mod render;
pub(crate) mod response;
pub mod spec;
pub(crate) mod types;
pub(crate) mod version;

pub use types::{native_path, Attachment, FileEdit, ModelParam, TabEdit};
pub use version::CursorVersion;
