//! The event table generated from `spec/cursor/events.json`: every event's name, category and
//! accepted answer, for tools (configuration, diagnostics) that work on names.
//!
//! The same table, and the same "did you mean" rule, that the `#[cursor_hook]` macro and the
//! `cursor-hooks` command use (they come from the `cursor-hooks-spec` crate).
//!
//! ```
//! use cursor_hooks::cursor::spec::{closest, info, EVENTS};
//!
//! assert!(info("stop").is_some());
//! let events = || EVENTS.iter().map(|event| event.name);
//! assert_eq!(closest("beforeShellCommand", events()), Some("beforeShellExecution"));
//! ```

pub use cursor_hooks_spec::{closest, info, EventInfo, EVENTS};

/// A typical payload of the event named `name`, as its `fixture()` builder makes it (see
/// [`testing`](crate::testing)), for tools that start from an event's name.
///
/// ```
/// let payload = cursor_hooks::cursor::spec::fixture("stop").expect("an event");
/// assert_eq!(payload["hook_event_name"], "stop");
/// assert!(cursor_hooks::cursor::spec::fixture("beforeShellCommand").is_none());
/// ```
#[cfg(feature = "testing")]
pub fn fixture(name: &str) -> Option<serde_json::Value> {
    macro_rules! find {
        ($($input:ident),* $(,)?) => {
            $(
                if name == <crate::cursor::event::$input as crate::cursor::event::Event>::NAME {
                    return Some(crate::cursor::event::$input::fixture().to_value());
                }
            )*
        };
    }
    crate::__for_each_event!(find);
    None
}
