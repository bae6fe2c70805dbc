//! What a handler answers: one response type per event, holding only the fields that event accepts.
//!
//! ```
//! use cursor_hooks::cursor::prelude::*;
//!
//! let answer = PreToolUseResponse::deny("rm -rf is blocked").additional_context("delete paths one by one");
//! assert_eq!(answer.permission, Some(PermissionOrAsk::Deny));
//! assert_eq!(answer.additional_context.as_deref(), Some("delete paths one by one"));
//! assert_eq!(no_opinion::<StopResponse>(), StopResponse::default());
//! ```
//!
//! The types are generated from `spec/cursor/events.json`. A field an event does not accept does not
//! exist on its type, so setting it is a compile error:
//!
//! ```compile_fail
//! use cursor_hooks::cursor::prelude::*;
//!
//! // `followup_message` belongs to `stop` and `subagentStop` only.
//! let answer = BeforeShellExecutionResponse::deny("no").followup_message("go on");
//! ```
//!
//! So is a field the docs give an event but Cursor's own code never reads there
//! (`spec/cursor/events.json`, `dropped`): the error says where the text goes instead.
//!
//! ```compile_fail
//! use cursor_hooks::cursor::prelude::*;
//!
//! // Cursor's shell tool reads only `permission` and `user_message` of this answer.
//! let answer = BeforeShellExecutionResponse::deny("no").agent_message("delete paths one by one");
//! ```
//!
//! One way to build each answer:
//!
//! - **No opinion** (`{}`, Cursor and the other hooks decide): [`no_opinion()`], the same as the
//!   response's [`Default`].
//! - **A decision**: the response type's constructor, named after the wire value it writes:
//!   `allow()`, `deny(user_message)` and `ask(user_message)` for `permission` (with
//!   `BeforeTabFileReadResponse::deny()`, which Cursor shows no message for), and
//!   `BeforeSubmitPromptResponse::block(user_message)`, which writes
//!   `{"continue":false,"user_message":…}` (not called `continue`, a Rust keyword, because it
//!   sets both fields). An explicit `allow()` overrides Cursor's own approval prompt.
//! - **Any other field**: the setter named after the wire field, on the constructor's result
//!   or on `Default`: `PreToolUseResponse::deny("..").additional_context("..")`,
//!   `StopResponse::default().followup_message("..")`.
//!
//! A constructor or setter called on a response that does not accept it is a compile error
//! naming the events that do.
//!
//! The fields are public for reading and matching (a test asserts
//! `guard(input).permission == Some(PermissionOrAsk::Deny)`); answers are built with the
//! constructors and setters above. The types are `#[non_exhaustive]`, so outside this crate a
//! struct literal, with or without `..Default::default()`, does not compile:
//!
//! ```compile_fail,E0639
//! use cursor_hooks::cursor::prelude::*;
//!
//! let answer = StopResponse { followup_message: Some("run the tests".into()), ..Default::default() };
//! ```
//!
//! `permission` has two types, [`Permission`] (allow, deny) and [`PermissionOrAsk`] (allow,
//! deny, ask), rather than one named after the wire field, so that `ask` on an event that does
//! not take it does not compile.

pub use super::render::Response;
pub use crate::gen::cursor::permissions::{Permission, PermissionOrAsk};
pub use crate::gen::cursor::responses::*;
/// No opinion: `{}`, exit 0, the same function for every host's answers.
pub use crate::response::no_opinion;

/// Why a constructor or setter called on a response whose event does not take it does not
/// compile: the traits its error names (one per field, each saying which events accept it,
/// over [`keys::Takes`](crate::keys::Takes), whose implementations rustc lists as what the
/// response takes instead). The prelude imports them as `_`; a hook never names them.
pub use crate::gen::cursor::checks;

/// Another editor's calls (`StopResponse::block(..)`, Claude Code's), on every response type:
/// none compiles, and each error says what Cursor takes instead. The prelude imports them as
/// `_`; a hook never names them.
pub use crate::gen::cursor::habits;

/// The free answer functions of earlier versions (`deny(..)`, `allow()`, …). None compiles:
/// each is bound by a trait no type implements, whose error names the route that replaced it.
/// In the prelude so that an old call gets that error rather than rustc's "expected function,
/// found built-in attribute `deny`"; a function of the user's own with the same name shadows it.
pub mod removed {
    /// Implemented by no type: `allow` does not compile.
    #[diagnostic::on_unimplemented(
        message = "there is no free `allow()` function: write `{Self}::allow()`",
        label = "build the answer from its response type"
    )]
    pub trait FreeAllow: Sized {
        /// Never called.
        fn never() -> Self;
    }

    /// Removed: write the response type's constructor, `BeforeShellExecutionResponse::allow()`.
    pub fn allow<R: FreeAllow>() -> R {
        R::never()
    }

    /// Implemented by no type: `deny` does not compile.
    #[diagnostic::on_unimplemented(
        message = "there is no free `deny(..)` function: write `{Self}::deny(..)`",
        label = "build the answer from its response type"
    )]
    pub trait FreeDeny: Sized {
        /// Never called.
        fn never() -> Self;
    }

    /// Removed: write the response type's constructor, `BeforeShellExecutionResponse::deny(..)`.
    pub fn deny<R: FreeDeny>(user_message: impl Into<String>) -> R {
        let _ = user_message;
        R::never()
    }

    /// Implemented by no type: `ask` does not compile.
    #[diagnostic::on_unimplemented(
        message = "there is no free `ask(..)` function: write `{Self}::ask(..)`",
        label = "build the answer from its response type"
    )]
    pub trait FreeAsk: Sized {
        /// Never called.
        fn never() -> Self;
    }

    /// Removed: write the response type's constructor, `BeforeShellExecutionResponse::ask(..)`.
    pub fn ask<R: FreeAsk>(user_message: impl Into<String>) -> R {
        let _ = user_message;
        R::never()
    }

    /// Implemented by no type: `followup` does not compile.
    #[diagnostic::on_unimplemented(
        message = "there is no free `followup(..)` function: write `{Self}::default().followup_message(..)`",
        label = "build the answer from its response type"
    )]
    pub trait FreeFollowup: Sized {
        /// Never called.
        fn never() -> Self;
    }

    /// Removed: write the setter, `StopResponse::default().followup_message(..)`.
    pub fn followup<R: FreeFollowup>(message: impl Into<String>) -> R {
        let _ = message;
        R::never()
    }

    /// Implemented by no type: `add_context` does not compile.
    #[diagnostic::on_unimplemented(
        message = "there is no free `add_context(..)` function: write `{Self}::default().additional_context(..)`",
        label = "build the answer from its response type"
    )]
    pub trait FreeAddContext: Sized {
        /// Never called.
        fn never() -> Self;
    }

    /// Removed: write the setter, `SessionStartResponse::default().additional_context(..)`.
    pub fn add_context<R: FreeAddContext>(context: impl Into<String>) -> R {
        let _ = context;
        R::never()
    }
}

impl From<Permission> for PermissionOrAsk {
    fn from(p: Permission) -> Self {
        match p {
            Permission::Allow => PermissionOrAsk::Allow,
            Permission::Deny => PermissionOrAsk::Deny,
        }
    }
}
