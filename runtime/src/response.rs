//! What a handler answers: one response type per event, holding only the fields that event accepts.
//!
//! The types are generated from `spec/events.json`. A field an event does not accept does not
//! exist on its type, so setting it is a compile error:
//!
//! ```compile_fail
//! use cursor_hooks::response::BeforeShellExecutionResponse;
//!
//! // `followup_message` belongs to `stop` and `subagentStop` only.
//! let answer = BeforeShellExecutionResponse { followup_message: Some("go on".into()), ..Default::default() };
//! ```
//!
//! Every response's [`Default`] is *no opinion*: Cursor writes `{}` and leaves the decision to
//! Cursor and the other hooks. An explicit [`allow`] is a decision: it overrides Cursor's own
//! approval prompt.

pub use crate::gen::permissions::{Permission, PermissionOrAsk};
pub use crate::gen::responses::*;
// Generated so that their error labels list the events the spec gives each answer.
pub use crate::gen::traits::{AddContext, Allow, Ask, Deny, Followup};
pub use crate::render::Response;

/// No opinion: `{}`. Cursor and the other hooks decide. The default of every response.
///
/// ```
/// use cursor_hooks::prelude::*;
///
/// let answer: BeforeReadFileResponse = no_opinion();
/// assert_eq!(answer, BeforeReadFileResponse::default());
/// ```
pub fn no_opinion<R: Response>() -> R {
    R::default()
}

/// Deny with a message for the user: `{"permission":"deny","user_message":…}`.
///
/// ```
/// use cursor_hooks::prelude::*;
///
/// fn guard(input: BeforeShellExecution) -> BeforeShellExecutionResponse {
///     if input.command.contains("rm -rf") { deny("rm -rf is blocked") } else { no_opinion() }
/// }
/// ```
pub fn deny<R: Deny>(user_message: impl Into<String>) -> R {
    R::deny(user_message.into())
}

/// Allow explicitly: `{"permission":"allow"}`. This overrides Cursor's own approval prompt;
/// prefer [`no_opinion`] unless that is what you mean.
pub fn allow<R: Allow>() -> R {
    R::allow()
}

/// Ask the user: `{"permission":"ask","user_message":…}`, or `deny` where Cursor does not
/// honour `ask` (see `spec/compat.json`).
pub fn ask<R: Ask>(user_message: impl Into<String>) -> R {
    R::ask(user_message.into())
}

/// Keep the agent going with another message: `{"followup_message":…}` (stop, subagentStop).
pub fn followup<R: Followup>(message: impl Into<String>) -> R {
    R::followup(message.into())
}

/// Inject context into the agent: `{"additional_context":…}`.
pub fn add_context<R: AddContext>(context: impl Into<String>) -> R {
    R::add_context(context.into())
}

impl From<Permission> for PermissionOrAsk {
    fn from(p: Permission) -> Self {
        match p {
            Permission::Allow => PermissionOrAsk::Allow,
            Permission::Deny => PermissionOrAsk::Deny,
        }
    }
}
