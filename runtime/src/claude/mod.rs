//! Claude Code as a second host: typed handlers for the hooks of
//! [Claude Code](https://code.claude.com/docs/en/hooks), with the same guarantees as Cursor's.
//!
//! Claude Code runs a hook as Cursor does (one JSON payload on stdin, an answer on stdout and an
//! exit code), but with its own event names (PascalCase), its own payload fields and its own
//! answer shape: top-level `continue`, `stopReason`, `suppressOutput`, `systemMessage`,
//! `terminalSequence`, a top-level `decision: "block"` with its `reason` where the event reads
//! one, and the event's own keys in `hookSpecificOutput` (with `hookEventName`). Its types live
//! here, apart from Cursor's: both hosts have a `PreToolUse`.
//!
//! ```
//! use cursor_hooks::claude::prelude::*;
//! use cursor_hooks::serde_json::json;
//!
//! #[claude_hook(event = "PreToolUse", matcher = "Bash")]
//! fn guard(input: PreToolUse) -> PreToolUseResponse {
//!     if input.tool_input.command().is_some_and(|c| c.contains("rm -rf")) {
//!         PreToolUseResponse::deny("rm -rf is blocked")
//!     } else {
//!         no_opinion()
//!     }
//! }
//!
//! # fn main() {
//! // The handler stays an ordinary function: a test calls it on a fixture.
//! let input = PreToolUse::fixture().tool_input(json!({"command": "rm -rf /"})).build();
//! let answer = guard(input);
//! assert_eq!(answer.permission_decision, Some(PermissionDecision::Deny));
//! # }
//! ```
//!
//! This module's [`prelude`] is for a crate with Claude Code handlers only; a file with
//! handlers of both editors imports [`cursor_hooks::prelude::*`](crate::prelude) and reaches
//! these types as `claude::PreToolUse`.
//!
//! Everything else is shared with Cursor handlers: tolerant reading (unknown fields in
//! [`Extra`](crate::Extra), a known optional field of another type ignored with one stderr
//! line), the failure policy, the deadline, the stdout guard, capture and replay, and the test
//! kit ([`testing::run`](crate::testing::run) and the `assert_*` macros read a Claude answer).
//! One binary may list handlers of both hosts: `cursor_hooks::main!(guard, claude_guard)`; the
//! payload's top-level `hook_event_name` picks the handler (the one the command was wired to,
//! `--host claude-code --event PreToolUse`, when `install --claude` wrote it).
//!
//! The failure policy answers Claude's way: `fail = "closed"` writes
//! `permissionDecision: "deny"` on `PreToolUse` and `PreModelSwitch` (`decision.behavior: "deny"`
//! on `PermissionRequest`), `decision: "block"` with the reason where the event reads a
//! `decision`, and exits 2 with the reason on stderr elsewhere; `fail = "open"` answers `{}`.
//!
//! **Cursor runs Claude entries too** (its import of `.claude/settings*.json`). It sends its own
//! payload (camelCase `hook_event_name`, `cursor_version`, `tool_name: "Shell"`, no `cwd`): when
//! the binary has no Cursor handler for such a payload but a Claude handler of the event Cursor
//! runs it as (`spec/claude-code/host.json`, `cursor.event_map`), that handler answers. Its
//! input is read from Cursor's payload (the event and tool names mapped back, `cwd` from
//! `workspace_roots`, `session_id` from `conversation_id`, a required field Cursor lacks read as
//! empty or zero), and its answer is written in the form Cursor reads: `PreToolUse` as Cursor's
//! flat `{permission, user_message, agent_message, updated_input}`, every other event in
//! Claude's form. None of this is verified against a real Cursor.
//!
//! **GitHub Copilot CLI runs Claude entries too** (the project's `.claude/settings*.json`, in a
//! trusted folder), with Claude Code's event names but its own payload: no `tool_use_id`,
//! `permission_mode` or (but on `Stop`) `transcript_path`, PostToolUse's `tool_result` for
//! `tool_response`, and its own camelCase payload for PermissionRequest. A process Copilot
//! started (`COPILOT_CLI=1`, which it sets for every hook; the payload alone cannot tell) reads
//! the payload by Copilot's rules (`spec/claude-code/host.json`, `copilot`): a field Copilot
//! lacks reads as empty. Answers stay Claude's JSON with exit 0, which Copilot enforces (a
//! deny's reason reaches the model; a fail-open failure is never exit 1, which Copilot reads as
//! a deny), but for PermissionRequest, answered in Copilot's flat `{behavior, message}`.
//! Recorded on Copilot CLI 1.0.102 and run against it by `tests/tests/copilot_live.rs`.

pub(crate) mod copilot;
pub(crate) mod cursor;
pub mod installed;
pub(crate) mod render;
pub mod tools;

/// The events Claude Code runs hooks for, one input type each, generated from
/// `spec/claude-code/events.json`.
///
/// ```
/// use cursor_hooks::claude::event::{Event, PreToolUse};
///
/// let input = PreToolUse::fixture().tool_name("Bash").tool_input(serde_json::json!({"command": "ls"})).build();
/// assert_eq!(input.tool_name, "Bash");
/// assert_eq!(input.tool_input.command(), Some("ls"));
/// assert_eq!(PreToolUse::NAME, "PreToolUse");
/// ```
///
/// What each event may answer, and what its matcher is tested against, is tabled in
/// [`guide::claude_code`](crate::guide::claude_code#claude-codes-events).
pub mod event {
    pub use super::{Category, Common, Event};
    pub use crate::gen::claude::events::*;

    /// The kind of a required field's value: what a field Cursor's payload lacks reads as.
    #[doc(hidden)]
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum ValueKind {
        /// `""`.
        String,
        /// `false`.
        Bool,
        /// `0`.
        Integer,
        /// `0.0`.
        Number,
        /// `[]`.
        List,
        /// `{}`.
        Object,
        /// `null`.
        Json,
    }
}

/// What a Claude Code handler answers: one response type per event, holding only the keys that
/// event reads, generated from `spec/claude-code/events.json`.
///
/// ```
/// use cursor_hooks::claude::prelude::*;
///
/// let answer = PreToolUseResponse::deny("rm -rf is blocked").additional_context("the project forbids it");
/// assert_eq!(answer.permission_decision, Some(PermissionDecision::Deny));
/// assert_eq!(no_opinion::<StopResponse>(), StopResponse::default());
/// ```
///
/// An answer is built from its response type: a decision by its constructor, named after the
/// wire value it writes (`PreToolUseResponse::deny(reason)`, `::allow()`, `::ask(reason)`,
/// `::defer()`, `StopResponse::block(reason)`), other keys by setters named after them
/// (`.additional_context(..)`, `.system_message(..)`, `.stop_reason(..)`); no opinion (`{}`) is
/// [`no_opinion()`](response::no_opinion), the same as `Default`. A key the event does not read does not exist on its
/// type:
///
/// ```compile_fail
/// use cursor_hooks::claude::prelude::*;
///
/// // `permissionDecision` belongs to PreToolUse and PreModelSwitch.
/// let answer = StopResponse::deny("not yet");
/// ```
pub mod response {
    pub use crate::gen::claude::responses::*;

    /// Why a constructor or setter called on a response whose event does not read its key
    /// does not compile: the traits its error names (one per key, each saying which events
    /// read it, over [`keys::Takes`](crate::keys::Takes) and
    /// [`keys::Constructs`](crate::keys::Constructs), whose implementations rustc lists as
    /// what the response takes instead). The prelude imports them as `_`; a hook never
    /// names them.
    pub use crate::gen::claude::checks;

    /// Cursor's calls (`.env(..)`, `.followup_message(..)`), on every response type: none
    /// compiles, and each error says what Claude Code takes instead. The prelude imports them
    /// as `_`; a hook never names them.
    pub use crate::gen::claude::habits;

    /// A Claude Code handler's answer. Implemented by every generated response type and by `()`
    /// (events whose answer Claude Code does not read); sealed.
    pub trait Response: Default + Send + 'static + crate::sealed::Sealed {
        /// The event's name (`hookEventName`); empty for `()`.
        #[doc(hidden)]
        const EVENT: &'static str;
        /// What the failure policy's block is, for its stderr line.
        #[doc(hidden)]
        const BLOCKED_AS: &'static str;
        #[doc(hidden)]
        fn write(&self, out: &mut super::render::Writer);
        /// The event's block, answered by `fail = "closed"`: `None` where the event's JSON
        /// cannot block (the failure policy then exits 2).
        #[doc(hidden)]
        fn failure_block(_reason: String) -> Option<Self> {
            None
        }
        /// The answer in the form Cursor reads, where it has its own (`PreToolUse`).
        #[doc(hidden)]
        fn cursor_form(
            &self,
            _ctx: crate::cursor::render::RenderContext<'_>,
        ) -> Option<crate::render::Rendered> {
            None
        }
        /// The answer in the form GitHub Copilot CLI reads, where it has its own
        /// (`PermissionRequest`).
        #[doc(hidden)]
        fn copilot_form(&self) -> Option<crate::render::Rendered> {
            None
        }
    }

    impl Response for () {
        const EVENT: &'static str = "";
        const BLOCKED_AS: &'static str = "exit 2";
        fn write(&self, _: &mut super::render::Writer) {}
    }

    /// No opinion: `{}`, exit 0, the same function for both editors' answers.
    pub use crate::response::no_opinion;
}

/// Everything a hook file with Claude Code handlers only needs:
/// `use cursor_hooks::claude::prelude::*;` brings [`claude_hook`](crate::claude_hook),
/// [`main!`](crate::main) and Claude Code's types by their bare names (`PreToolUse`,
/// `PreToolUseResponse`, `no_opinion()`, [`Tool`](crate::claude::tools::Tool)).
///
/// ```no_run
/// use cursor_hooks::claude::prelude::*;
///
/// #[claude_hook(event = "PreToolUse", matcher = "Bash")]
/// fn guard(input: &PreToolUse) -> PreToolUseResponse {
///     match input.tool() {
///         Tool::Bash(bash) if bash.command.contains("rm -rf") => {
///             PreToolUseResponse::deny("rm -rf is blocked")
///         }
///         _ => no_opinion(),
///     }
/// }
///
/// main!(guard);
/// ```
///
/// A file with handlers of both editors imports [`cursor_hooks::prelude::*`](crate::prelude)
/// instead, which reaches these same names as `claude::PreToolUse` (Cursor's and Claude Code's
/// names collide, so the two preludes are not imported together).
pub mod prelude {
    pub use super::event::*;
    pub use super::response::*;
    // Only for their compile errors: a constructor or setter on a response without it names
    // the events that read its key.
    pub use super::response::checks::Answers as _;
    // Only for their compile errors: Cursor's keys (`.env(..)`) say what Claude Code takes.
    pub use super::response::habits::OtherEditorHabits as _;
    // Only for their compile errors: `interrupt` on an allowing PermissionRequest decision
    // names `PermissionRequestDecision::deny(message).interrupt(..)`.
    pub use super::response::checks::PermissionRequestDecisionKeys as _;
    // Only for their compile errors: `deny(..)` names `PreToolUseResponse::deny(..)`; hidden,
    // since none can be called.
    #[doc(hidden)]
    pub use super::response::checks::free::{allow, ask, block, deny};
    pub use super::tools::Tool;
    pub use crate::{claude_hook, main, ToolInput};
}

pub use crate::gen::claude::events::Common;

/// What kind of answer a Claude Code event accepts (`spec/claude-code/SCHEMA.md`, Categories);
/// shared with the macro and the `cursor-hooks` command through the spec crate.
pub use cursor_hooks_spec::claude::Category;

/// An event Claude Code runs hooks for. Implemented by each input type of [`event`]; sealed.
pub trait Event:
    for<'de> serde::Deserialize<'de>
    + serde::Serialize
    + Clone
    + Send
    + Sized
    + 'static
    + crate::sealed::Sealed
{
    /// The name (`hook_event_name`, the settings key): PascalCase.
    const NAME: &'static str;
    /// What kind of answer the event accepts.
    const CATEGORY: Category;
    /// The answer a handler returns (`()` where Claude Code reads none).
    type Response: response::Response;
    /// The Cursor event Cursor runs a Claude entry of this event as (`preToolUse`), if any.
    #[doc(hidden)]
    const CURSOR_EVENT: Option<&'static str>;
    /// The event's required fields and their kinds, for reading Cursor's payload.
    #[doc(hidden)]
    const REQUIRED: &'static [(&'static str, event::ValueKind)];
    /// The fields Cursor's payload for [`CURSOR_EVENT`](Self::CURSOR_EVENT) always carries:
    /// on Cursor's road any other required field is read as optional.
    #[doc(hidden)]
    const CURSOR_REQUIRED: &'static [&'static str];
    /// The fields every event carries.
    fn common(&self) -> &Common;
    /// Fields this version does not read, and known optional fields of an unexpected type.
    fn extra(&self) -> &crate::extra::Extra;
}

#[cfg(feature = "testing")]
pub use crate::gen::claude::events::fixture;
pub(crate) use crate::gen::claude::events::is_event;
