//! Typed, compile-time-checked agent hooks for [Cursor](https://cursor.com) and
//! [Claude Code](https://code.claude.com/docs/en/hooks).
//!
//! An editor runs a hook as a process: one JSON payload on stdin, one JSON answer on stdout, and
//! an exit code. Each event accepts a different answer, and the editors silently ignore a field
//! the event does not accept. This crate gives every event of both editors its own input type
//! and its own response type holding only the fields that event accepts, and the [`cursor_hook`]
//! and [`claude_hook`] attributes turn an ordinary function into a hook's entry point. One binary
//! serves both editors:
//!
//! ```no_run
//! use cursor_hooks::prelude::*;
//!
//! // Cursor: before a shell command runs.
//! #[cursor_hook(event = "beforeShellExecution")]
//! fn guard(input: BeforeShellExecution) -> BeforeShellExecutionResponse {
//!     if input.command.contains("rm -rf") {
//!         BeforeShellExecutionResponse::deny("rm -rf is blocked: delete the specific paths instead")
//!     } else {
//!         no_opinion()
//!     }
//! }
//!
//! // Claude Code: before its Bash tool runs. Claude Code's types are under `claude::`.
//! #[claude_hook(event = "PreToolUse", matcher = "Bash")]
//! fn claude_guard(input: claude::PreToolUse) -> claude::PreToolUseResponse {
//!     if input.tool_input.command().is_some_and(|c| c.contains("rm -rf")) {
//!         claude::PreToolUseResponse::deny("rm -rf is blocked")
//!     } else {
//!         no_opinion()
//!     }
//! }
//!
//! main!(guard, claude_guard);
//! ```
//!
//! [`prelude`] is the one import for both editors; a crate with Claude Code handlers only may
//! import [`claude::prelude`] instead.
//!
//! The handlers stay ordinary functions. [`testing`] answers a typical payload (each input
//! type's `fixture()`) exactly as the binary would, version rules and failure policy included:
//!
//! ```
//! # use cursor_hooks::prelude::*;
//! # #[cursor_hook(event = "beforeShellExecution")]
//! # fn guard(input: BeforeShellExecution) -> BeforeShellExecutionResponse {
//! #     if input.command.contains("rm -rf") { BeforeShellExecutionResponse::deny("rm -rf is blocked") } else { no_opinion() }
//! # }
//! # #[claude_hook(event = "PreToolUse", matcher = "Bash")]
//! # fn claude_guard(input: claude::PreToolUse) -> claude::PreToolUseResponse {
//! #     if input.tool_input.command().is_some_and(|c| c.contains("rm -rf")) { claude::PreToolUseResponse::deny("rm -rf is blocked") } else { no_opinion() }
//! # }
//! use cursor_hooks::testing;
//!
//! let rm = BeforeShellExecution::fixture().command("rm -rf /");
//! cursor_hooks::assert_denied!(testing::run::<guard>(rm));
//! cursor_hooks::assert_no_opinion!(testing::run::<guard>(BeforeShellExecution::fixture().command("ls")));
//!
//! let bash = claude::PreToolUse::fixture()
//!     .tool_name("Bash")
//!     .tool_input(serde_json::json!({ "command": "rm -rf /" }));
//! cursor_hooks::assert_denied!(testing::run::<claude_guard>(bash));
//! ```
//!
//! Cursor's types ([`cursor`]: `cursor::event`, `cursor::response`) are generated from `spec/cursor/events.json`, the
//! project's single description of its wire format, and the version rules applied when
//! rendering from `spec/cursor/compat.json`; Claude Code's ([`claude`]) from `spec/claude-code/`.
//!
//! # The guide
//!
//! [`guide`] walks from nothing to one binary guarding both editors ([`guide::tutorial`]), then
//! covers one topic a chapter: [writing handlers](guide::handlers), [matchers](guide::matchers),
//! [the failure policy and the deadline](guide::failure) (what a hook answers when something goes
//! wrong), [testing and replay](guide::testing), [wiring into each editor](guide::wiring),
//! [the `cursor-hooks` command](guide::tool), [version rules](guide::versions) (with the
//! Cursor and Claude Code versions they were verified on),
//! [platforms](guide::platforms), [Claude Code](guide::claude_code), [shipping to a
//! team](guide::shipping) and [fuzzing](guide::fuzzing), with short recipes in the
//! [cookbook](guide::cookbook).
//!
//! # Cargo features
//!
//! All three are on by default.
//!
//! - `cursor`: the [`cursor_hook`] attribute. Cursor's event and answer types are built either
//!   way, since the runtime reads Cursor's payload for Claude Code handlers too (Cursor runs
//!   Claude Code's entries).
//! - `claude-code`: the [`claude_hook`] attribute, the `claude` module and its generated types
//!   (`claude::` in the [`prelude`]). A crate with Cursor handlers only builds faster without it
//!   (BENCHMARKS.md, "Build time by feature"):
//!   `cursor-hooks = { version = "0.1", default-features = false, features = ["cursor"] }`.
//! - `codex`: the [`codex_hook`] attribute, the `codex` module and its generated types
//!   (`codex::` in the [`prelude`]); it builds on `claude-code`'s answer machinery (Codex's hooks
//!   are Claude-family) and turns it on. A hook without Codex handlers links nothing of it.
//!
//! A handler whose editor's feature is off is one compile error at its attribute, naming the
//! feature to turn on.

#![deny(unsafe_code)] // allowed only in `process`, for descriptor, handle, timer and stdin calls
#![warn(missing_docs, unreachable_pub)]

extern crate self as cursor_hooks;

// The walk of one payload, top down: `binary` (the process: arguments, stdin, stdout, exit)
// -> `subcommands` (the binary's own `print-config`, `install`, `uninstall`) or `respond`
// (parse, pick the handler, call it with `panic` capture and a `process` deadline) -> `claude`
// (a Claude Code handler's payload read from Cursor's shape, its answer in Claude's or Cursor's
// form) -> `render` (every answer, by the version rules).
mod binary;
pub mod capture;
#[cfg(feature = "claude-code")]
pub mod claude;
#[cfg(feature = "codex")]
pub mod codex;
#[cfg(feature = "copilot")]
pub mod copilot;
pub mod cursor;
mod de;
mod extra;
mod gen;
pub mod guide;
mod hook;
pub mod hooks_json;
pub mod keys;
mod launch;
mod lossy;
mod names;
pub mod neutral;
mod panic;
mod process;
mod reads;
pub mod record;
mod render;
mod respond;
pub mod response;
mod subcommands;
#[cfg(feature = "testing")]
pub mod testing;
pub mod tools;
mod types;

/// Turns a function into the handler of one Cursor event.
///
/// ```
/// use cursor_hooks::prelude::*;
///
/// #[cursor_hook(event = "beforeReadFile", fail = "closed", timeout = 5)]
/// fn secrets(input: &BeforeReadFile) -> BeforeReadFileResponse {
///     if input.file_path.ends_with(".env") { BeforeReadFileResponse::deny("secrets stay unread") } else { no_opinion() }
/// }
/// # fn main() {}
/// ```
///
/// Options:
///
/// | option | values | meaning |
/// |---|---|---|
/// | `event` | an event's wire name (required) | the event the handler answers; decides its input and response types |
/// | `fail` | `"open"` (default), `"closed"` | the answer when the payload cannot be read, the handler returns `Err` or panics: no opinion, or the event's block |
/// | `timeout` | whole seconds, 1 to 600, no suffix (`5`, not `5s` or `500ms`) | Cursor's timeout for the hook; the handler must answer a margin before it, or the failure policy answers |
/// | `matcher` | a regex | which payloads run the hook: Cursor searches it (unanchored, JavaScript syntax) in the event's subject; `""` and `"*"` match everything |
/// | `loop_limit` | a number, or `"none"` | `stop` and `subagentStop` only: how many automatic follow-ups Cursor allows |
/// | `ask` | `"downgrade"` (default), `"keep"` | `beforeShellExecution` and `beforeMCPExecution` only: `"keep"` sends `ask` even where the version rules would send `deny` (on `preToolUse` Cursor never enforces `ask`, so `"keep"` does not compile there) |
///
/// `matcher` is searched anywhere in one subject per event: the tool type on `preToolUse`,
/// `postToolUse` and `postToolUseFailure` (`Shell`, `Read`, `Write`, `Grep`, `Delete`, `Task`,
/// …, or `MCP:<tool>`), the subagent type on `subagentStart`/`subagentStop` (`generalPurpose`
/// or `general-purpose`, `explore`, `shell`), the full command on
/// `beforeShellExecution`/`afterShellExecution`, `MCP:<tool>` on the MCP events, always `Read`
/// on `beforeReadFile` and `Write` on `afterFileEdit` (never the path), and a fixed string on `beforeSubmitPrompt`,
/// `afterAgentResponse`, `afterAgentThought` and `stop`. Other events have no subject and always
/// run the hook, so a `matcher` there does not compile. Neither does a matcher that can match
/// none of an event's names (for example `"\\.env$"` on `beforeReadFile`, whose subject is the
/// tool type, not the path): filter paths and commands inside the handler.
///
/// The handler takes the event's input type, written by its name (not through an alias), by
/// value or by reference, and returns the event's response type (`()` on observe-only events),
/// an `Option` of it (`None` is no opinion), or a `Result` of either (an `Err` is answered by the failure policy, with the error on stderr,
/// so the error type must implement [`Display`](std::fmt::Display)). A binary lists its
/// handlers once with [`main!`].
///
/// An answer is built from its response type: a decision by its constructor, other fields by
/// setters named after the wire fields, `PreToolUseResponse::deny("..").additional_context("..")`;
/// no opinion is `no_opinion()` (see [`cursor::response`]).
///
/// Mistakes are compile errors at your tokens. An answer the event does not accept:
///
/// ```compile_fail
/// use cursor_hooks::prelude::*;
///
/// // `stop` cannot deny: it can only keep the agent going with `followup_message`.
/// #[cursor_hook(event = "stop")]
/// fn stop(input: Stop) -> StopResponse {
///     StopResponse::deny("not yet")
/// }
/// # fn main() {}
/// ```
///
/// An event that does not exist:
///
/// ```compile_fail
/// use cursor_hooks::prelude::*;
///
/// #[cursor_hook(event = "beforeShellCommand")] // Cursor's event is `beforeShellExecution`
/// fn guard(input: BeforeShellExecution) -> BeforeShellExecutionResponse {
///     no_opinion()
/// }
/// # fn main() {}
/// ```
///
/// Handlers are free functions at a module's top level: not methods or associated functions,
/// not `async`, not generic, not named `main`.
pub use cursor_hooks_macros::cursor_hook;

/// Turns a function into the handler of one Claude Code event: the [`cursor_hook`] of Claude
/// Code, with the same checks, on the types of [`claude`]: `claude::PreToolUse` under
/// `use cursor_hooks::prelude::*;` (both editors), `PreToolUse` under
/// `use cursor_hooks::claude::prelude::*;` (Claude Code only).
///
/// ```
/// use cursor_hooks::claude::prelude::*;
///
/// #[claude_hook(event = "PreToolUse", matcher = "Bash", fail = "closed", timeout = 5)]
/// fn shell(input: &PreToolUse) -> PreToolUseResponse {
///     if input.tool_input.command().is_some_and(|c| c.contains("rm -rf")) {
///         PreToolUseResponse::deny("rm -rf is blocked")
///     } else {
///         no_opinion()
///     }
/// }
/// # fn main() {}
/// ```
///
/// Options:
///
/// | option | values | meaning |
/// |---|---|---|
/// | `event` | a Claude Code event's name, PascalCase (required) | the event the handler answers; decides its input and response types |
/// | `fail` | `"open"` (default), `"closed"` | the answer when the payload cannot be read, the handler returns `Err` or panics: no opinion, or the event's block (a deny on `PreToolUse`, `decision: "block"` or exit 2 where that is what blocks) |
/// | `timeout` | whole seconds, 1 to 600, no suffix | Claude Code's timeout for the hook (`timeout` in `.claude/settings.json`) |
/// | `matcher` | names or a regex | which payloads run the hook, by Claude Code's rule: `""` and `"*"` match everything; only letters, digits, `_`, `-`, spaces, `,` and `\|` is a list of exact names split on `\|` or `,` (`"Edit\|Write"`); anything else is a JavaScript regex searched unanchored (`"mcp__github__.*"`) |
///
/// Cursor's `loop_limit` and `ask` do not exist here (a `Stop` handler reads
/// `stop_hook_active` to block only once). `matcher` is tested against one input field per
/// event: the tool name on the tool events (`Bash`, `Read`, `Edit`, `Write`, …, or
/// `mcp__<server>__<tool>`), `source` on `SessionStart`, `trigger` on `PreCompact`, the agent
/// type on `SubagentStart`/`SubagentStop`, and so on (`spec/claude-code/events.json`). An event
/// without a subject (`UserPromptSubmit`, `Stop`, …) always runs the hook, so a `matcher` there
/// does not compile; neither does one that can match none of the event's known values
/// (`"Bsh"` on `PreToolUse`).
///
/// The handler takes the event's input type (`cursor_hooks::claude::event`), by value or by
/// reference, and returns its response type (`cursor_hooks::claude::response`; `()` where
/// Claude Code reads no answer), an `Option` of it or a `Result` of either, as a Cursor handler
/// does. An answer is built from its response type: a decision by its constructor
/// (`PreToolUseResponse::deny("..")`, `StopResponse::block("..")`), other fields by setters
/// named after the wire keys (`.additional_context("..")`, `.system_message("..")`); a field
/// the event does not read does not compile:
///
/// ```compile_fail
/// use cursor_hooks::claude::prelude::*;
///
/// // Only `PreToolUse` applies `updatedInput`: after the tool ran, it is too late.
/// #[claude_hook(event = "PostToolUse")]
/// fn after(input: PostToolUse) -> PostToolUseResponse {
///     PostToolUseResponse::default().updated_input(serde_json::json!({ "command": "ls" }))
/// }
/// # fn main() {}
/// ```
///
/// A Cursor event name is answered with Claude Code's:
///
/// ```compile_fail
/// use cursor_hooks::claude::prelude::*;
///
/// #[claude_hook(event = "preToolUse")] // Claude Code's event is `PreToolUse`
/// fn guard(input: PreToolUse) -> PreToolUseResponse {
///     no_opinion()
/// }
/// # fn main() {}
/// ```
///
/// One binary may hold handlers of both editors: `cursor_hooks::main!(guard, claude_guard)`.
pub use cursor_hooks_macros::claude_hook;

/// Turns a function into the handler of one OpenAI Codex CLI event: the [`cursor_hook`] of
/// Codex, with the same checks, on the types of [`codex`] (behind the `codex` feature).
///
/// ```
/// use cursor_hooks::codex::prelude::*;
///
/// #[codex_hook(event = "PreToolUse", matcher = "Bash", fail = "closed", timeout = 5)]
/// fn shell(input: &PreToolUse) -> PreToolUseResponse {
///     match input.tool() {
///         Tool::Bash(bash) if bash.command.contains("push --force") => {
///             PreToolUseResponse::deny("force-pushing is blocked")
///         }
///         _ => no_opinion(),
///     }
/// }
/// # fn main() {}
/// ```
///
/// Options are Claude Code's ([`claude_hook`]): `event` (PascalCase), `fail`, `timeout` (whole
/// seconds) and `matcher`, which Codex reads its own way: `""` and `"*"` match everything; only
/// letters, digits, `_` and `|` is a list of exact names split on `|`; anything else is a Rust
/// regex matched against the *whole* subject (`"Ba"` selects nothing, `"Ba.*"` selects `Bash`).
/// A key Codex's schema refuses for the event does not compile:
///
/// ```compile_fail
/// use cursor_hooks::codex::prelude::*;
///
/// // Codex rejects `ask` on PreToolUse (the hook counts as failed and the tool runs).
/// #[codex_hook(event = "PreToolUse")]
/// fn guard(input: PreToolUse) -> PreToolUseResponse {
///     PreToolUseResponse::ask("sure?")
/// }
/// # fn main() {}
/// ```
pub use cursor_hooks_macros::codex_hook;

/// Marks a function as the handler of one of GitHub Copilot CLI's own hook events
/// (`.github/hooks/*.json`), like [`codex_hook`] does for Codex, on the types of [`copilot`]
/// (behind the `copilot` feature): camelCase event names, flat answers holding only what
/// Copilot reads on the event.
///
/// ```
/// use cursor_hooks::copilot::prelude::*;
///
/// #[copilot_hook(event = "preToolUse", matcher = "bash", fail = "closed", timeout = 5)]
/// fn guard(input: PreToolUse) -> PreToolUseResponse {
///     match input.tool() {
///         Tool::Bash(bash) if bash.command.contains("push --force") => {
///             PreToolUseResponse::deny("force-pushing is blocked")
///         }
///         _ => no_opinion(),
///     }
/// }
/// # fn main() {}
/// ```
#[cfg(feature = "copilot")]
pub use cursor_hooks_macros::copilot_hook;

pub use capture::is_replay;
/// One handler for every editor: answers a host-neutral concept for every host it lists, each
/// through its own events (`spec/concepts.json`), with one neutral input and one neutral answer
/// ([`neutral`]).
///
/// `#[hook(on = "tool.before", tool = "shell", hosts = (Cursor, ClaudeCode, Codex, Copilot))]`
/// wires the function as Cursor's `beforeShellExecution` and `preToolUse` for `Shell`, Claude
/// Code's `PreToolUse` for `Bash|PowerShell`, Codex's `PreToolUse` for `Bash` and Copilot's
/// `preToolUse` for `bash`: `install` writes all of them, and each payload is read into one
/// [`ShellCall`](neutral::ShellCall). The answer, a [`ShellAnswer`](neutral::ShellAnswer), is
/// written as the host's own; its builders compile only when every listed host honours them
/// (a `ShellAnswer::ask` under Cursor or Codex is a compile error naming the host and what it
/// would do instead). `timeout = N` (seconds) and `fail = "open" | "closed"` apply to every
/// entry as each host honours them.
///
/// `#[hook(on = "prompt.submitted", hosts = (...))]` answers a submitted prompt the same way,
/// from a [`PromptCall`](neutral::PromptCall) with a [`PromptAnswer`](neutral::PromptAnswer)
/// (`block` everywhere; `context` where every listed host honours it, so not under Cursor).
/// `#[hook(on = "agent.stop", hosts = (...))]` answers the agent about to stop, from a
/// [`StopCall`](neutral::StopCall) with a [`StopAnswer`](neutral::StopAnswer) (`keep_going`
/// everywhere).
///
/// ```no_run
/// use cursor_hooks::prelude::*;
///
/// #[hook(on = "tool.before", tool = "shell", hosts = (Cursor, ClaudeCode, Codex, Copilot), timeout = 5)]
/// fn guard(call: &ShellCall) -> ShellAnswer {
///     if call.command().contains("rm -rf") {
///         ShellAnswer::deny("rm -rf is blocked: delete the paths you mean one at a time")
///     } else {
///         no_opinion()
///     }
/// }
///
/// cursor_hooks::main!(guard);
/// ```
///
/// Where one host needs an answer of its own, write that host's handler beside it
/// (`#[claude_hook(event = "PreSkillShellCommand")]`) and list both in `main!`.
pub use cursor_hooks_macros::hook;
/// Writes the binary's `fn main` from its handlers, which it picks by the payload's
/// `hook_event_name`: `cursor_hooks::main!(guard, secrets, stop);`. It goes at the top level
/// of `main.rs`, in place of your own `fn main`, not inside a function.
///
/// Two handlers for the same event in one binary do not compile. A payload for an event the
/// binary has no handler for is answered `{}` with one line on stderr.
///
/// Handlers of every editor may be listed together, `#[cursor_hook]`, [`claude_hook`] and
/// [`codex_hook`] ones: `cursor_hooks::main!(guard, claude_guard, codex_guard)`. Two handlers
/// clash only on the same host and event. The command `install` writes names the handler it
/// runs (`--host codex --event PreToolUse`); a command wired by hand is answered by the handler
/// of the payload's top-level `hook_event_name` (Cursor's are camelCase; Claude Code and Codex
/// share their PascalCase names, and Claude Code's handler answers first).
///
/// ```no_run
/// use cursor_hooks::prelude::*;
///
/// #[cursor_hook(event = "stop")]
/// fn verify(input: &Stop) -> StopResponse {
///     if input.loop_count == Some(0) { StopResponse::default().followup_message("run the tests first") } else { no_opinion() }
/// }
///
/// #[cursor_hook(event = "afterFileEdit")]
/// fn log_edit(input: &AfterFileEdit) {
///     eprintln!("edited {}", input.file_path);
/// }
///
/// cursor_hooks::main!(verify, log_edit);
/// ```
pub use cursor_hooks_macros::main;
pub use extra::{Extra, IgnoredField};
/// The checks of a handler's parameter and return type, named in their compile errors.
#[doc(hidden)]
pub use hook::{AnswerTo, InputOf};
pub use types::ToolInput;

/// The JSON library the payload and response types use (`updated_input`, `extra`,
/// [`ToolInput::value`]), re-exported so a hook crate needs one dependency:
/// `use cursor_hooks::serde_json::{json, Value};`.
//
// (Since `serde_json::Value::String` becomes visible from here, rustc spells `String` in full
// in errors about a handler's return type; the errors stay as clear.)
pub use serde_json;

/// Everything a hook file needs, for either editor: `use cursor_hooks::prelude::*;`.
///
/// It brings both attributes ([`cursor_hook`] and [`claude_hook`]), [`main!`](crate::main),
/// Cursor's event and response types by their names (`PreToolUse`,
/// `BeforeShellExecutionResponse`, [`Tool`](crate::cursor::tools::Tool)), and Claude Code's under
/// `claude::` (`claude::PreToolUse`, `claude::PreToolUseResponse`, `claude::Tool`): both editors
/// have a `PreToolUse`, a `Stop`, a `SessionStart`, and the prefix keeps each name unambiguous.
/// Every host is also under its own prefix, Cursor too (`cursor::PreToolUse`, `codex::`,
/// `copilot::`), so a file may name each host's types the same way.
/// [`no_opinion()`](crate::response::no_opinion) answers for either editor. One binary guarding
/// both editors:
///
/// ```no_run
/// use cursor_hooks::prelude::*;
///
/// #[cursor_hook(event = "beforeShellExecution")]
/// fn guard(input: &BeforeShellExecution) -> BeforeShellExecutionResponse {
///     if input.command.contains("rm -rf") {
///         BeforeShellExecutionResponse::deny("rm -rf is blocked")
///     } else {
///         no_opinion()
///     }
/// }
///
/// #[claude_hook(event = "PreToolUse", matcher = "Bash")]
/// fn claude_guard(input: &claude::PreToolUse) -> claude::PreToolUseResponse {
///     if input.tool_input.command().is_some_and(|c| c.contains("rm -rf")) {
///         claude::PreToolUseResponse::deny("rm -rf is blocked")
///     } else {
///         no_opinion()
///     }
/// }
///
/// main!(guard, claude_guard);
/// ```
///
/// The prefixed route names the same items: `cursor::BeforeShellExecution` is
/// `BeforeShellExecution`.
///
/// ```
/// use cursor_hooks::prelude::*;
///
/// let input: cursor::BeforeShellExecution = BeforeShellExecution::fixture().build();
/// let _: BeforeShellExecution = input;
/// ```
///
/// A crate with Claude Code handlers only may import
/// [`cursor_hooks::claude::prelude::*`](crate::claude::prelude) instead, which brings Claude
/// Code's names without the prefix. Import one prelude or the other, not both: their names
/// collide.
pub mod prelude {
    #[cfg(feature = "copilot")]
    pub use crate::copilot_hook;
    pub use crate::cursor::prelude::*;
    pub use crate::neutral::{
        PromptAnswer, PromptCall, ReadAnswer, ReadCall, ShellAnswer, ShellCall, StopAnswer,
        StopCall,
    };
    pub use crate::{claude_hook, codex_hook, hook};

    /// Cursor's names, reached with the prefix as well: `cursor::PreToolUse`; the same items as
    /// [`cursor_hooks::cursor::prelude`](crate::cursor::prelude), which this prelude also brings
    /// unqualified.
    pub use crate::cursor::prelude as cursor;

    /// Claude Code's names, reached with the prefix: `claude::PreToolUse`,
    /// `claude::PreToolUseResponse`, `claude::Tool`; the same items as
    /// [`cursor_hooks::claude::prelude`](crate::claude::prelude).
    #[cfg(feature = "claude-code")]
    pub use crate::claude::prelude as claude;

    /// OpenAI Codex CLI's names, reached with the prefix: `codex::PreToolUse`; the same items
    /// as [`cursor_hooks::codex::prelude`](crate::codex::prelude).
    #[cfg(feature = "codex")]
    pub use crate::codex::prelude as codex;

    /// GitHub Copilot CLI's own names, reached with the prefix: `copilot::PreToolUse`; the same
    /// items as [`cursor_hooks::copilot::prelude`](crate::copilot::prelude).
    #[cfg(feature = "copilot")]
    pub use crate::copilot::prelude as copilot;
}

mod sealed {
    pub trait Sealed {}
}

/// The editor a handler serves: which payloads it reads and which answers it writes. One row
/// of the registry `spec/hosts.json` each.
///
/// ```
/// use cursor_hooks::Host;
///
/// assert_eq!(Host::ClaudeCode.key(), "claude-code");
/// assert_eq!(Host::from_key("cursor"), Some(Host::Cursor));
/// assert_eq!(Host::from_key("Cursor"), None);
/// assert_eq!(Host::Codex.product(), "Codex");
/// assert_eq!(Host::Codex.attribute(), "#[codex_hook]");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Host {
    /// Cursor (`#[cursor_hook]`, `.cursor/hooks.json`).
    Cursor,
    /// Claude Code (`#[claude_hook]`, `.claude/settings.json`); Cursor runs these entries too.
    ClaudeCode,
    /// OpenAI Codex CLI (`#[codex_hook]`, `.codex/hooks.json`).
    Codex,
    /// GitHub Copilot CLI's own events (`#[copilot_hook]`, `.github/hooks/*.json`).
    Copilot,
}

impl Host {
    /// Every host, in the registry's order.
    pub const ALL: [Host; 4] = [Host::Cursor, Host::ClaudeCode, Host::Codex, Host::Copilot];

    /// The host's key in the registry: its name on the command line (`--host KEY`).
    pub const fn key(self) -> &'static str {
        match self {
            Host::Cursor => "cursor",
            Host::ClaudeCode => "claude-code",
            Host::Codex => "codex",
            Host::Copilot => "copilot",
        }
    }

    /// The host's name, as messages write it.
    pub const fn product(self) -> &'static str {
        match self {
            Host::Cursor => "Cursor",
            Host::ClaudeCode => "Claude Code",
            Host::Codex => "Codex",
            Host::Copilot => "Copilot",
        }
    }

    /// The attribute that writes a handler for it (`#[codex_hook]`).
    pub const fn attribute(self) -> &'static str {
        match self {
            Host::Cursor => "#[cursor_hook]",
            Host::ClaudeCode => "#[claude_hook]",
            Host::Codex => "#[codex_hook]",
            Host::Copilot => "#[copilot_hook]",
        }
    }

    /// Whether its payloads name their event (`payload_event_field` in the registry): where
    /// they do not (Copilot's), only the wiring says which handler answers.
    pub const fn payload_names_event(self) -> bool {
        !matches!(self, Host::Copilot)
    }

    /// The host whose key is `key`, spelled exactly.
    pub fn from_key(key: &str) -> Option<Host> {
        Host::ALL.into_iter().find(|host| host.key() == key)
    }
}

/// Used by the code `#[cursor_hook]` and `main!` generate. Not a public API.
#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;
