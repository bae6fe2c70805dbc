//! Cursor as a host: typed handlers for the hooks of [Cursor](https://cursor.com/docs/agent/hooks),
//! generated from `spec/cursor/` (its events, its answers and the version rules of its builds).
//!
//! Cursor runs a hook with one JSON payload on stdin whose `hook_event_name` is camelCase
//! (`beforeShellExecution`), and reads one flat JSON answer on stdout. Each event has its own
//! input type ([`event`]) and its own response type ([`response`]) holding only the fields that
//! event accepts:
//!
//! ```
//! use cursor_hooks::cursor::prelude::*;
//!
//! #[cursor_hook(event = "beforeShellExecution")]
//! fn guard(input: BeforeShellExecution) -> BeforeShellExecutionResponse {
//!     if input.command.contains("rm -rf") {
//!         BeforeShellExecutionResponse::deny("rm -rf is blocked: delete the specific paths instead")
//!     } else {
//!         no_opinion()
//!     }
//! }
//!
//! # fn main() {
//! let answer = guard(BeforeShellExecution::fixture().command("rm -rf /").build());
//! assert_eq!(answer.permission, Some(PermissionOrAsk::Deny));
//! # }
//! ```
//!
//! A field the event does not accept does not compile:
//!
//! ```compile_fail
//! use cursor_hooks::cursor::prelude::*;
//!
//! // `followup_message` belongs to `stop` and `subagentStop` only.
//! let answer = BeforeShellExecutionResponse::deny("no").followup_message("go on");
//! ```
//!
//! Its tools are typed in [`tools`], its event table is [`spec`], and the build a payload comes
//! from is [`CursorVersion`], which the version rules (`spec/cursor/compat.json`) read.

pub mod event;
pub(crate) mod render;
pub mod response;
pub mod spec;
pub mod tools;
pub(crate) mod types;
pub(crate) mod version;

pub use event::{Category, Common, Event};
pub use types::{native_path, Attachment, FileEdit, ModelParam, TabEdit};
pub use version::CursorVersion;

/// Everything a hook file with Cursor handlers only needs:
/// `use cursor_hooks::cursor::prelude::*;` brings [`cursor_hook`](crate::cursor_hook),
/// [`main!`](crate::main) and Cursor's types by their bare names.
///
/// A file with handlers of several editors imports [`cursor_hooks::prelude::*`](crate::prelude)
/// instead, which brings these too.
pub mod prelude {
    pub use super::event::*;
    // The response types and what answers need, not `response`'s modules (`checks`, ...).
    pub use super::response::{no_opinion, Permission, PermissionOrAsk, Response};
    pub use crate::gen::cursor::responses::*;
    // Only for their compile errors: a constructor or setter on a response without it names
    // the events that accept it.
    pub use super::response::checks::{Decisions as _, FieldSetters as _};
    // Only for their compile errors: Claude Code's calls (`StopResponse::block(..)`) say what
    // Cursor takes instead.
    pub use super::response::habits::OtherEditorHabits as _;
    // The free answer functions of earlier versions, kept so that a call is a compile error
    // naming the response type's constructor that replaced it (`BeforeShellExecutionResponse::deny(..)`),
    // not rustc's "found built-in attribute `deny`"; hidden, since none can be called.
    #[doc(hidden)]
    pub use super::response::removed::{add_context, allow, ask, deny, followup};
    pub use super::tools::Tool;
    pub use super::CursorVersion;
    pub use crate::{cursor_hook, main, ToolInput};
}
