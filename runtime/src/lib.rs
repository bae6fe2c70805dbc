//! Typed, compile-time-checked [Cursor](https://cursor.com) agent hooks.
//!
//! Cursor runs a hook as a process: one JSON payload on stdin, one JSON answer on stdout, and
//! an exit code. Each event accepts a different answer, and Cursor silently ignores a field the
//! event does not accept. This crate gives every event its own input type and its own response
//! type holding only the fields that event accepts, and the [`cursor_hook`] attribute turns an
//! ordinary function into the hook's entry point.
//!
//! ```no_run
//! use cursor_hooks::prelude::*;
//!
//! #[cursor_hook(event = "beforeShellExecution")]
//! fn guard(input: BeforeShellExecution) -> BeforeShellExecutionResponse {
//!     if input.command.contains("rm -rf") {
//!         BeforeShellExecutionResponse::deny("rm -rf is blocked")
//!             .agent_message("delete the specific paths instead")
//!     } else {
//!         no_opinion()
//!     }
//! }
//!
//! cursor_hooks::main!(guard);
//! ```
//!
//! The handler stays an ordinary function, so it can be unit-tested:
//!
//! ```
//! # use cursor_hooks::prelude::*;
//! # fn guard(input: BeforeShellExecution) -> BeforeShellExecutionResponse {
//! #     if input.command.contains("rm -rf") { deny("rm -rf is blocked") } else { no_opinion() }
//! # }
//! let input: BeforeShellExecution = serde_json::from_str(
//!     r#"{"hook_event_name":"beforeShellExecution","command":"rm -rf /","cursor_version":"2.4.0"}"#,
//! ).unwrap();
//! assert_eq!(guard(input).permission, Some(PermissionOrAsk::Deny));
//! ```
//!
//! The event types are generated from `spec/events.json`, the project's single description of
//! Cursor's wire format; the version rules applied when rendering come from `spec/compat.json`.

#![deny(unsafe_code)] // allowed only in `stdio`, for two descriptor calls
#![warn(missing_docs, unreachable_pub)]

extern crate self as cursor_hooks;

mod de;
pub mod event;
mod gen;
pub mod render;
pub mod response;
mod run;
mod stdio;
mod types;
mod version;

pub use cursor_hooks_macros::{cursor_hook, main};
pub use event::{Category, Common, Event};
pub use render::Rendered;
pub use run::{FailPolicy, HookOptions, LoopLimit, MAX_PAYLOAD_BYTES, MAX_PAYLOAD_VARIABLE};
pub use types::{native_path, Attachment, FileEdit, ModelParam, TabEdit, ToolInput};
pub use version::CursorVersion;

/// Everything a hook file needs: `use cursor_hooks::prelude::*;`.
pub mod prelude {
    pub use crate::event::*;
    pub use crate::gen::responses::*;
    pub use crate::response::{
        add_context, allow, ask, deny, followup, no_opinion, Permission, PermissionOrAsk, Response,
    };
    pub use crate::response::{AddContext as _, Allow as _, Ask as _, Deny as _, Followup as _};
    pub use crate::{cursor_hook, CursorVersion, FailPolicy, ToolInput};
}

/// The event table generated from `spec/events.json`: every event's name, category and
/// accepted answer, for tools (configuration, diagnostics) that work on names.
pub mod spec {
    pub use crate::gen::table::{info, EventInfo, EVENTS};
}

mod sealed {
    pub trait Sealed {}
}

/// Used by the code `#[cursor_hook]` and `main!` generate. Not a public API.
#[doc(hidden)]
pub mod __private {
    pub use crate::run::{
        assert_distinct_events, main, respond, respond_with, Entry, Hook, Outcome, Settings,
    };
    pub use crate::run::{FailPolicy, HookOptions, LoopLimit};

    /// Turns what a handler returns into an [`Outcome`].
    #[diagnostic::on_unimplemented(
        message = "`{Self}` is not an answer a `{E}` handler can return",
        label = "expected the `{E}` event's response type",
        note = "a handler returns `<{E} as Event>::Response` (`()` on observe-only events), an `Option` of it (`None` is no opinion), or a `Result` of either whose error is answered by the failure policy"
    )]
    pub trait IntoOutcome<E: crate::Event> {
        /// The conversion.
        fn into_outcome(self) -> Outcome<E::Response>;
    }

    /// The handler's parameter must be the event's input, by value or by reference.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` is not the input of the `{E}` event",
        label = "expected `{E}`",
        note = "the attribute's `event` decides the input type: a handler takes the event's own type, by value or by reference"
    )]
    pub trait HookInput<E> {
        /// The event's payload as the handler's parameter.
        fn from_event(event: E) -> Self;
        /// The same, by reference.
        fn view(event: &E) -> &Self;
    }
    impl<E: crate::Event> HookInput<E> for E {
        fn from_event(event: E) -> Self {
            event
        }
        fn view(event: &E) -> &Self {
            event
        }
    }

    /// Calls a handler that takes its input by value, after checking the input type.
    pub fn call_by_value<E, I: HookInput<E>, R>(handler: fn(I) -> R, input: E) -> R {
        handler(I::from_event(input))
    }

    /// Calls a handler that takes its input by reference, after checking the input type.
    pub fn call_by_ref<E, I: HookInput<E>, R>(handler: fn(&I) -> R, input: E) -> R {
        handler(I::view(&input))
    }

    /// Turns a handler's return value into an outcome, after checking it is an answer to `E`.
    pub fn into_outcome<E: crate::Event, R: IntoOutcome<E>>(returned: R) -> Outcome<E::Response> {
        returned.into_outcome()
    }

    /// `IntoOutcome` impls for one event's response: the response, `Option`, `Result`.
    macro_rules! outcome_impls {
        ($($event:ty => $response:ty),* $(,)?) => {$(
            impl $crate::__private::IntoOutcome<$event> for $response {
                fn into_outcome(self) -> $crate::__private::Outcome<$response> { $crate::__private::Outcome::Answer(self) }
            }
            impl $crate::__private::IntoOutcome<$event> for Option<$response> {
                fn into_outcome(self) -> $crate::__private::Outcome<$response> { $crate::__private::Outcome::Answer(self.unwrap_or_default()) }
            }
            impl<Error: ::std::fmt::Display> $crate::__private::IntoOutcome<$event> for Result<$response, Error> {
                fn into_outcome(self) -> $crate::__private::Outcome<$response> {
                    match self { Ok(r) => $crate::__private::Outcome::Answer(r), Err(e) => $crate::__private::Outcome::Failed(e.to_string()) }
                }
            }
            impl<Error: ::std::fmt::Display> $crate::__private::IntoOutcome<$event> for Result<Option<$response>, Error> {
                fn into_outcome(self) -> $crate::__private::Outcome<$response> {
                    match self { Ok(r) => $crate::__private::Outcome::Answer(r.unwrap_or_default()), Err(e) => $crate::__private::Outcome::Failed(e.to_string()) }
                }
            }
        )*};
    }
    pub(crate) use outcome_impls;
}
