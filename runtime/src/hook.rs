//! The contract between `#[cursor_hook]` and the runtime: what the companion type generated
//! next to each handler tells the runtime about it.

use crate::event::Event;

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

/// Implemented by the companion type `#[cursor_hook]` generates next to each handler.
pub trait Hook {
    /// The event the handler answers.
    type Event: Event;
    /// The event's wire name; empty for the stand-in emitted next to a compile error, so one
    /// mistake is not reported again as a duplicate event.
    const EVENT_NAME: &'static str;
    /// The handler's options.
    const OPTIONS: HookOptions;
    /// Calls the handler.
    fn call(input: Self::Event) -> Outcome<<Self::Event as Event>::Response>;
}
