//! OpenAI Codex CLI as a host: typed handlers for the hooks of
//! [Codex](https://developers.openai.com/codex/hooks), generated from the JSON Schemas embedded
//! in the pinned Codex binary (`spec/codex/`, `schemas/codex/`).
//!
//! Codex runs a hook as Claude Code does (one JSON payload on stdin, PascalCase event names, the
//! answer's own keys in `hookSpecificOutput`), but it is not Claude Code: each event's answer is
//! checked against a *closed* schema, and an answer with a key the schema does not allow is
//! rejected (the hook counts as failed and the action goes on). The types here hold exactly what
//! Codex's schemas accept, so such an answer does not compile:
//!
//! ```
//! use cursor_hooks::codex::prelude::*;
//!
//! #[codex_hook(event = "PreToolUse", matcher = "Bash")]
//! fn guard(input: PreToolUse) -> PreToolUseResponse {
//!     match input.tool() {
//!         Tool::Bash(bash) if bash.command.contains("push --force") => {
//!             PreToolUseResponse::deny("force-pushing is blocked: push a new branch instead")
//!         }
//!         _ => no_opinion(),
//!     }
//! }
//!
//! # fn main() {
//! let input = PreToolUse::fixture()
//!     .tool_input(cursor_hooks::serde_json::json!({"command": "git push --force"}))
//!     .build();
//! assert_eq!(guard(input).permission_decision, Some(PermissionDecision::Deny));
//! # }
//! ```
//!
//! What Codex refuses does not compile: `ask` (Codex rejects it), `allow` without the input it
//! runs instead (`allow(updated_input)`), a top-level `additionalContext`:
//!
//! ```compile_fail
//! use cursor_hooks::codex::prelude::*;
//!
//! let answer = PreToolUseResponse::ask("sure?");
//! ```
//!
//! A binary lists Codex handlers beside the other hosts' (`main!(guard, claude_guard)`).
//! Codex and Claude Code share event names and payload shapes, so the wiring picks the
//! handler: `install --codex` writes `--host codex --event PreToolUse` after the binary's path.
//! A command without it (wired by hand) is answered by the payload's `hook_event_name`, a Claude
//! Code handler of that event first.
//!
//! Codex has no fail-closed setting (`spec/codex/host.json`, `fail_closed`): a hook that fails
//! never blocks. `fail = "closed"` therefore answers the failure itself: a deny on `PreToolUse`
//! and `PermissionRequest`, `decision: "block"` where the event reads one, and exit 2 with the
//! reason on stderr elsewhere.
//!
//! A hook Codex has not trusted does not run at all, without a word: `cursor-hooks doctor` names
//! each untrusted or modified entry and how to trust it.

pub mod tools;

/// The events Codex runs hooks for, one input type each, generated from
/// `spec/codex/events.json`.
///
/// ```
/// use cursor_hooks::codex::event::{Event, PreToolUse};
///
/// let input = PreToolUse::fixture().build();
/// assert_eq!(input.tool_name, "Bash");
/// assert_eq!(PreToolUse::NAME, "PreToolUse");
/// ```
pub mod event {
    pub use super::{Category, Common, Event};
    #[doc(hidden)]
    pub use crate::claude::event::ValueKind;
    pub use crate::gen::codex::events::*;
}

/// What a Codex handler answers: one response type per event, holding only the keys its schema
/// allows, generated from `spec/codex/events.json`.
///
/// ```
/// use cursor_hooks::codex::prelude::*;
///
/// let answer = PreToolUseResponse::deny("no").additional_context("the project forbids it");
/// assert_eq!(answer.permission_decision, Some(PermissionDecision::Deny));
/// assert_eq!(no_opinion::<StopResponse>(), StopResponse::default());
/// ```
pub mod response {
    pub use crate::claude::response::Response;
    pub use crate::gen::codex::responses::*;

    /// Why a constructor or setter called on a response whose event does not read its key
    /// does not compile: the traits its error names (one per key, each saying which events
    /// read it, over [`keys::Takes`](crate::keys::Takes) and
    /// [`keys::Constructs`](crate::keys::Constructs), whose implementations rustc lists as
    /// what the response takes instead). The prelude imports them as `_`; a hook never
    /// names them.
    pub use crate::gen::codex::checks;

    /// No opinion: `{}`, exit 0, the same function for every host's answers.
    pub use crate::response::no_opinion;
}

/// The answer's writer, shared with Claude Code (the same nested shape).
pub(crate) mod render {
    pub(crate) use crate::claude::render::Writer;
}

/// Everything a hook file with Codex handlers only needs:
/// `use cursor_hooks::codex::prelude::*;` brings [`codex_hook`](crate::codex_hook),
/// [`main!`](crate::main) and Codex's types by their bare names.
///
/// A file with handlers of several editors imports [`cursor_hooks::prelude::*`](crate::prelude)
/// instead and reaches these as `codex::PreToolUse`.
pub mod prelude {
    pub use super::event::*;
    pub use super::response::*;
    // Only for their compile errors: a constructor or setter on a response without it names
    // the events that read its key, or says that Codex refuses it.
    pub use super::response::checks::Answers as _;
    // Only for their compile errors: `message` on an allowing PermissionRequest decision.
    pub use super::response::checks::PermissionRequestDecisionKeys as _;
    // Only for their compile errors: `deny(..)` names `PreToolUseResponse::deny(..)`; hidden,
    // since none can be called.
    #[doc(hidden)]
    pub use super::response::checks::free::{allow, ask, block, deny};
    pub use super::tools::Tool;
    pub use crate::{codex_hook, main, ToolInput};
}

pub use crate::gen::codex::events::Common;

/// What kind of answer a Codex event accepts: the Claude-family categories
/// (`spec/claude-code/SCHEMA.md`).
pub use cursor_hooks_spec::claude::Category;

/// An event Codex runs hooks for. Implemented by each input type of [`event`]; sealed. The
/// Claude-family trait, over Codex's own [`Common`] fields.
pub trait Event:
    for<'de> serde::Deserialize<'de>
    + serde::Serialize
    + Clone
    + Send
    + Sized
    + 'static
    + crate::sealed::Sealed
{
    /// The name (`hook_event_name`, the hooks.json key): PascalCase.
    const NAME: &'static str;
    /// What kind of answer the event accepts.
    const CATEGORY: Category;
    /// The answer a handler returns (`()` where Codex reads none).
    type Response: response::Response;
    /// Always `None`: no other host runs Codex's files (the generators' shared template).
    #[doc(hidden)]
    const CURSOR_EVENT: Option<&'static str>;
    /// The event's required fields and their kinds.
    #[doc(hidden)]
    const REQUIRED: &'static [(&'static str, event::ValueKind)];
    /// Always empty (the generators' shared template).
    #[doc(hidden)]
    const CURSOR_REQUIRED: &'static [&'static str];
    /// The fields every event carries.
    fn common(&self) -> &Common;
    /// Fields this version does not read, and known optional fields of an unexpected type.
    fn extra(&self) -> &crate::extra::Extra;
}

#[cfg(feature = "testing")]
pub use crate::gen::codex::events::fixture;
pub(crate) use crate::gen::codex::events::is_event;
