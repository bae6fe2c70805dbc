//! The events Cursor runs hooks for, one input type each.
//!
//! Every type here is both the event's payload and its marker: a handler for
//! `beforeShellExecution` takes a [`BeforeShellExecution`] and answers with its
//! [`Event::Response`]. The types are generated from `spec/cursor/events.json`.
//!
//! ```
//! use cursor_hooks::cursor::event::{BeforeShellExecution, Category, Event};
//!
//! let input = BeforeShellExecution::fixture().command("cargo test").build();
//! assert_eq!(input.command, "cargo test");
//! assert_eq!(BeforeShellExecution::NAME, "beforeShellExecution");
//! assert_eq!(BeforeShellExecution::CATEGORY, Category::Permission);
//! ```
//!
//! What each event may answer, and where it does not fire, is tabled in
//! [`guide::handlers`](crate::guide::handlers#cursors-events).

pub use crate::gen::cursor::events::*;

/// What kind of answer an event accepts (see `spec/README.md`); shared with the macro and the
/// `cursor-hooks` command through the spec crate.
pub use cursor_hooks_spec::Category;

/// An event Cursor runs hooks for. Implemented by each input type; sealed.
pub trait Event:
    for<'de> serde::Deserialize<'de>
    + serde::Serialize
    + Clone
    + Send
    + Sized
    + 'static
    + crate::sealed::Sealed
{
    /// The wire name (`hook_event_name`, the `hooks.json` key).
    const NAME: &'static str;
    /// What kind of answer the event accepts.
    const CATEGORY: Category;
    /// The answer a handler returns (`()` on observe-only events).
    type Response: super::response::Response;
    /// The fields every event carries.
    fn common(&self) -> &Common;
    /// Fields this version does not read, and known optional fields of an unexpected type.
    fn extra(&self) -> &crate::extra::Extra;
}

impl Common {
    /// The project directory: `$CURSOR_PROJECT_DIR` (set for every hook) when it is an
    /// absolute path, else the first workspace root, with the Windows form `/c:/...` made
    /// native. A relative value would be read against whatever directory the hook runs in.
    pub fn project_dir(&self) -> Option<std::path::PathBuf> {
        std::env::var_os("CURSOR_PROJECT_DIR")
            .map(std::path::PathBuf::from)
            .filter(|dir| dir.is_absolute())
            .or_else(|| {
                let root = self.workspace_roots.as_ref()?.first()?;
                Some(std::path::PathBuf::from(super::native_path(root)))
            })
    }
}
