//! The contract between `#[cursor_hook]` (and `#[claude_hook]`) and the runtime: the options the
//! companion type generated next to each handler tells the runtime, and the two traits its
//! parameter and return type are checked against. Those two are public (hidden from the docs)
//! because their names and messages are what a wrong input or answer is reported with. The
//! companion's trait itself, `Hook`, lives in `respond` beside the `Entry` it names.

/// An input type of either host: a Cursor [`Event`](crate::cursor::Event) or a Claude Code
/// [`claude::Event`](crate::claude::Event). What `Hook::Event` and the answer checks need of
/// it; implemented by the generated input types, never by hand.
pub trait HookEvent:
    for<'de> serde::Deserialize<'de> + Send + Sized + 'static + crate::sealed::Sealed
{
    /// The answer a handler returns.
    type Response: Default + Send + 'static;
    /// The event's wire name (the same as `Event::NAME`).
    const WIRE_NAME: &'static str;
}

/// What a hook answers when it cannot answer normally: bad input, a handler error, a panic or
/// a missed deadline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailPolicy {
    /// No opinion (`{}`): the action goes ahead, as Cursor does when a hook crashes.
    Open,
    /// Block: `deny` on permission events, `continue: false` on `beforeSubmitPrompt`, and
    /// exit 2 with the reason on stderr where the event's JSON cannot block.
    Closed,
}

/// `loop_limit` for `stop` / `subagentStop` in `hooks.json`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoopLimit {
    /// At most this many automatic follow-ups.
    Limit(u32),
    /// `null`: no limit.
    Unlimited,
}

/// A handler's options, from its `#[cursor_hook(...)]` attribute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HookOptions {
    /// The handler function's name.
    pub handler: &'static str,
    /// The failure policy (`fail = "open" | "closed"`).
    pub fail: FailPolicy,
    /// `timeout` in seconds.
    pub timeout: Option<u32>,
    /// `matcher`, a regex over the event's subject.
    pub matcher: Option<&'static str>,
    /// `loop_limit` (stop, subagentStop).
    pub loop_limit: Option<LoopLimit>,
    /// `ask = "keep"`: send `ask` even where the version rules would downgrade it.
    pub keep_ask: bool,
}

/// What a handler's return value means.
#[derive(Debug)]
pub enum Outcome<R> {
    /// An answer to render.
    Answer(R),
    /// The handler failed (an `Err`); answered by the failure policy.
    Failed(String),
}

/// What a handler of the event `E` may return: `E`'s response type `R` (`()` on observe-only
/// events), an `Option` of it, or a `Result` of either. `#[cursor_hook]` checks a handler's
/// return type against it, so its name and messages are what a wrong answer is reported with;
/// `R` is always `E::Response`, named so that the message can show it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an answer a `{E}` handler can return",
    label = "expected `{R}`",
    note = "a `{E}` handler returns `{R}`, an `Option` of it (`None` is no opinion), or a `Result` of either whose error is answered by the failure policy"
)]
pub trait AnswerTo<E: HookEvent, R = <E as HookEvent>::Response> {
    /// What the returned value means.
    fn into_outcome(self) -> Outcome<R>;
}

// Not recommended: a type that is no answer is reported as not `AnswerTo<E>`, without a list
// of the generated conversions.
#[diagnostic::do_not_recommend]
impl<E: HookEvent, T: crate::__private::IntoOutcome<E>> AnswerTo<E, E::Response> for T {
    fn into_outcome(self) -> Outcome<E::Response> {
        crate::__private::IntoOutcome::into_outcome(self)
    }
}

/// The type of a handler's parameter: the event's own input type, by value or by reference.
/// `#[cursor_hook]` checks the parameter against it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not the input of the `{E}` event",
    label = "expected `{E}`",
    note = "the attribute's `event` decides the input type: a handler takes the event's own type, by value or by reference",
    note = "where `{Self}` is another editor's type of the same name, two editors' preludes are likely glob-imported (a bare name is then the first one's): import `cursor_hooks::prelude::*` alone and write the other editors' names with their prefix (`claude::PreToolUse`, `codex::`, `copilot::`)"
)]
pub trait InputOf<E> {
    /// The event's payload as the handler's parameter.
    fn from_event(event: E) -> Self;
    /// The same, by reference.
    fn view(event: &E) -> &Self;
}

#[diagnostic::do_not_recommend]
impl<E: HookEvent> InputOf<E> for E {
    fn from_event(event: E) -> Self {
        event
    }
    fn view(event: &E) -> &Self {
        event
    }
}
