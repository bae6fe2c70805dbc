//! GitHub Copilot CLI as a host: typed handlers for Copilot's own hook events
//! (`.github/hooks/*.json`, `~/.copilot/hooks/*.json`), generated from `spec/copilot/`, recorded
//! from the pinned Copilot CLI (`tests/copilot/VERSION`) run offline.
//!
//! Copilot's events are camelCase (`preToolUse`, `agentStop`), its payloads camelCase and
//! **without an event name** (`{sessionId, timestamp, cwd, toolName, toolArgs}`), and its
//! answers flat (`{"permissionDecision": "deny", "permissionDecisionReason": "..."}`). The types
//! here hold what Copilot honours on each event, so an answer it would ignore does not compile:
//!
//! ```
//! use cursor_hooks::copilot::prelude::*;
//!
//! #[copilot_hook(event = "preToolUse", matcher = "bash")]
//! fn guard(input: PreToolUse) -> PreToolUseResponse {
//!     match input.tool() {
//!         Tool::Bash(bash) if bash.command.contains("rm -rf") => {
//!             PreToolUseResponse::deny("rm -rf is blocked: delete the paths you mean")
//!         }
//!         _ => no_opinion(),
//!     }
//! }
//!
//! # fn main() {
//! let input = PreToolUse::fixture()
//!     .tool_args(cursor_hooks::serde_json::json!({"command": "rm -rf target"}))
//!     .build();
//! assert_eq!(guard(input).permission_decision, Some(PermissionDecision::Deny));
//! # }
//! ```
//!
//! What Copilot ignores does not compile: a `decision: "block"` on `preToolUse`, context on
//! `agentStop`, a rewritten prompt anywhere but `userPromptSubmitted`:
//!
//! ```compile_fail
//! use cursor_hooks::copilot::prelude::*;
//!
//! let answer = PreToolUseResponse::block("no");
//! ```
//!
//! Because a payload names no event, **the wiring decides** which handler answers it:
//! `install --copilot` writes `--host copilot --event preToolUse` after the binary's path, and a
//! command without it is answered by the failure policy with one stderr line saying so.
//!
//! Copilot fails closed on `preToolUse`: a hook that exits 1 (or crashes) denies the call. The
//! runtime never exits 1 on its own: `fail = "open"` answers `{}`, and `fail = "closed"` a deny
//! with the failure as its reason, which reaches the model. Project hooks run only in a folder
//! Copilot trusts (`--trust-folder`); elsewhere they are skipped without a word.

pub mod tools;

/// The events Copilot runs hooks for, one input type each, generated from
/// `spec/copilot/events.json`.
///
/// ```
/// use cursor_hooks::copilot::event::{Event, PreToolUse};
///
/// let input = PreToolUse::fixture().build();
/// assert_eq!(input.tool_name, "bash");
/// assert_eq!(PreToolUse::NAME, "preToolUse");
/// ```
pub mod event {
    pub use super::{Category, Common, Event};
    #[doc(hidden)]
    pub use crate::claude::event::ValueKind;
    pub use crate::gen::copilot::events::*;
}

/// What a Copilot handler answers: one response type per event, holding only the keys Copilot
/// reads there, generated from `spec/copilot/events.json`; rendered flat.
///
/// ```
/// use cursor_hooks::copilot::prelude::*;
///
/// let answer = PreToolUseResponse::deny("no").additional_context("the project forbids it");
/// assert_eq!(answer.permission_decision, Some(PermissionDecision::Deny));
/// assert_eq!(no_opinion::<AgentStopResponse>(), AgentStopResponse::default());
/// ```
pub mod response {
    pub use crate::claude::response::Response;
    pub use crate::gen::copilot::responses::*;

    /// Why a constructor or setter called on a response whose event does not read its key
    /// does not compile: the traits its error names (one per key, each saying which events
    /// read it, over [`keys::Takes`](crate::keys::Takes) and
    /// [`keys::Constructs`](crate::keys::Constructs), whose implementations rustc lists as
    /// what the response takes instead). The prelude imports them as `_`; a hook never
    /// names them.
    pub use crate::gen::copilot::checks;

    /// No opinion: `{}`, exit 0, the same function for every host's answers.
    pub use crate::response::no_opinion;
}

/// The answer's writer: the Claude-family one, whose keys Copilot reads flat.
pub(crate) mod render {
    pub(crate) use crate::claude::render::Writer;
    use crate::claude::response::Response;
    use crate::cursor::render::RenderContext;
    use crate::render::Rendered;

    /// Copilot's one form: every key top-level.
    pub(crate) fn render<R: Response>(response: &R, _ctx: RenderContext<'_>) -> Rendered {
        crate::claude::render::flat_json(response)
    }

    /// The event's block for the failure policy, in that form.
    pub(crate) fn block<R: Response>(reason: String, _ctx: &RenderContext<'_>) -> Option<Rendered> {
        R::failure_block(reason).map(|response| crate::claude::render::flat_json(&response))
    }
}

/// Everything a hook file with Copilot handlers only needs:
/// `use cursor_hooks::copilot::prelude::*;` brings [`copilot_hook`](crate::copilot_hook),
/// [`main!`](crate::main) and Copilot's types by their bare names.
///
/// A file with handlers of several editors imports [`cursor_hooks::prelude::*`](crate::prelude)
/// instead and reaches these as `copilot::PreToolUse`.
pub mod prelude {
    pub use super::event::*;
    pub use super::response::*;
    // Only for their compile errors: a constructor or setter on a response without it names
    // the events that read its key.
    pub use super::response::checks::Answers as _;
    // Only for their compile errors: `deny(..)` names `PreToolUseResponse::deny(..)`; hidden,
    // since none can be called.
    #[doc(hidden)]
    pub use super::response::checks::free::{allow, ask, block, deny};
    pub use super::tools::Tool;
    pub use crate::{copilot_hook, main, ToolInput};
}

pub use crate::gen::copilot::events::Common;

/// What kind of answer a Copilot event accepts: the Claude-family categories
/// (`spec/claude-code/SCHEMA.md`).
pub use cursor_hooks_spec::claude::Category;

/// An event Copilot runs hooks for. Implemented by each input type of [`event`]; sealed. The
/// Claude-family trait, over Copilot's own [`Common`] fields.
pub trait Event:
    for<'de> serde::Deserialize<'de>
    + serde::Serialize
    + Clone
    + Send
    + Sized
    + 'static
    + crate::sealed::Sealed
{
    /// The name (the hooks file's key): camelCase. Copilot's payloads do not carry it.
    const NAME: &'static str;
    /// What kind of answer the event accepts.
    const CATEGORY: Category;
    /// The answer a handler returns (`()` where Copilot reads none).
    type Response: response::Response;
    /// Always `None` (the generators' shared template).
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
pub use crate::gen::copilot::events::fixture;
pub(crate) use crate::gen::copilot::events::is_event;
