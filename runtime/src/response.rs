//! What every host's answers share: [`no_opinion()`], which answers `{}` for any of them, and
//! [`AnyResponse`], the bound it returns. Each host's response types are in its home
//! ([`cursor::response`](crate::cursor::response), `claude::response`, ...).

/// No opinion: `{}`. Cursor and the other hooks decide. The default of every response, and the
/// same as its [`Default`]; generic, so it reads the same in every handler.
///
/// ```
/// use cursor_hooks::cursor::prelude::*;
///
/// fn guard(input: BeforeShellExecution) -> BeforeShellExecutionResponse {
///     if input.command.contains("rm -rf") {
///         BeforeShellExecutionResponse::deny("rm -rf is blocked")
///     } else {
///         no_opinion()
///     }
/// }
/// let answer: BeforeReadFileResponse = no_opinion();
/// assert_eq!(answer, BeforeReadFileResponse::default());
/// ```
pub fn no_opinion<R: AnyResponse>() -> R {
    R::default()
}

/// A response of either editor: what [`no_opinion`] can return. Implemented by every response
/// type, Cursor's and Claude Code's, and by `()`; sealed.
///
/// ```
/// use cursor_hooks::prelude::*;
///
/// // One `no_opinion` for both editors' handlers.
/// let cursor: BeforeShellExecutionResponse = no_opinion();
/// # #[cfg(feature = "claude-code")]
/// let claude: claude::PreToolUseResponse = no_opinion();
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a hook's response",
    label = "`no_opinion()` returns a response type",
    note = "a handler returns its event's response (`BeforeShellExecutionResponse`, `claude::PreToolUseResponse`, ...)"
)]
pub trait AnyResponse: Default + crate::sealed::Sealed {}

impl AnyResponse for () {}
