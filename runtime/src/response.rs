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

pub use crate::gen::responses::*;
pub use crate::render::Response;
pub use crate::types::{Permission, PermissionOrAsk};

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

/// Responses that can deny with a message shown to the user.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot deny with a message",
    label = "`deny(message)` is for events whose answer has `permission` and `user_message`",
    note = "`beforeTabFileRead` denies without a message: `BeforeTabFileReadResponse::deny()`; `beforeSubmitPrompt` blocks with `BeforeSubmitPromptResponse::block(message)`"
)]
pub trait Deny: Response {
    /// `{"permission":"deny","user_message":…}`.
    fn deny(user_message: String) -> Self;
}

/// Responses that can allow.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no `permission` to allow",
    label = "`allow()` is for permission events: preToolUse, beforeShellExecution, beforeMCPExecution, beforeReadFile, beforeTabFileRead, subagentStart"
)]
pub trait Allow: Response {
    /// `{"permission":"allow"}`.
    fn allow() -> Self;
}

/// Responses that can ask the user.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot ask: its `permission` takes only allow or deny",
    label = "`ask` is valid only on preToolUse, beforeShellExecution and beforeMCPExecution",
    note = "use `deny(...)` to block, or `no_opinion()` to leave the decision to Cursor"
)]
pub trait Ask: Response {
    /// `{"permission":"ask","user_message":…}` (downgraded to `deny` where Cursor does not honour it).
    fn ask(user_message: String) -> Self;
}

/// Responses that can continue the agent loop.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no `followup_message`",
    label = "`followup(...)` is valid only on stop and subagentStop"
)]
pub trait Followup: Response {
    /// `{"followup_message":…}`.
    fn followup(message: String) -> Self;
}

/// Responses that can inject context into the agent.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no `additional_context`",
    label = "`add_context(...)` is valid only on sessionStart, postToolUse and postToolUseFailure"
)]
pub trait AddContext: Response {
    /// `{"additional_context":…}`.
    fn add_context(context: String) -> Self;
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
