//! The generated entry point's logic: read the payload, pick the handler, call it, answer.
//!
//! [`respond`] is pure (bytes in, [`Rendered`] out) so the real binary and the tests share it;
//! [`main`] only adds the process around it.

use crate::de::Envelope;
use crate::event::{Category, Event};
use crate::gen::compat;
use crate::gen::table::{self, EventInfo};
use crate::render::{render, RenderContext, Rendered};
use crate::response::Response;
use serde_json::Value;
use std::any::Any;
use std::cell::RefCell;
use std::io::{Read, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

/// What a hook answers when it cannot answer normally: bad input, a handler error or a panic.
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

/// One handler of a binary, as `cursor_hooks::main!` lists it.
#[derive(Clone, Copy)]
pub struct Entry {
    /// The event's wire name.
    pub event: &'static str,
    /// The handler's options.
    pub options: HookOptions,
    answer: fn(&[u8]) -> Rendered,
}

impl Entry {
    /// The entry for a handler's companion type.
    pub const fn of<H: Hook>() -> Entry {
        Entry {
            event: <H::Event as Event>::NAME,
            options: H::OPTIONS,
            answer: answer::<H>,
        }
    }
}

/// Fails compilation when two handlers of one binary answer the same event.
pub const fn assert_distinct_events(first: &str, second: &str) {
    if !first.is_empty() && str_eq(first, second) {
        panic!("two handlers in this binary answer the same event; keep one handler per event");
    }
}

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The largest payload read; a larger one is answered by the failure policy.
pub const MAX_PAYLOAD_BYTES: usize = 64 << 20;

/// Answers one payload with the binary's handlers: the whole hook, minus the process.
pub fn respond(entries: &[Entry], payload: &[u8]) -> Rendered {
    let binary_policy = binary_policy(entries);
    let fallback_event = match entries {
        [only] => table::info(only.event),
        _ => None,
    };
    if payload.len() > MAX_PAYLOAD_BYTES {
        let problem = format!("payload is over the {} MiB limit", MAX_PAYLOAD_BYTES >> 20);
        return failure(fallback_event, binary_policy, &problem);
    }
    if payload.iter().all(u8::is_ascii_whitespace) {
        return failure(
            fallback_event,
            binary_policy,
            "stdin was empty; expected one JSON object",
        );
    }
    let name = match serde_json::from_slice::<Envelope>(payload) {
        Ok(Envelope {
            hook_event_name: Some(Value::String(name)),
        }) => name,
        Ok(Envelope {
            hook_event_name: None,
        }) => {
            return failure(
                fallback_event,
                binary_policy,
                "payload has no `hook_event_name`",
            );
        }
        Ok(Envelope {
            hook_event_name: Some(other),
        }) => {
            let problem = format!(
                "`hook_event_name` is not a string: {}",
                truncate(&other.to_string())
            );
            return failure(fallback_event, binary_policy, &problem);
        }
        Err(error) => {
            let problem = format!("payload is not a JSON object: {error}");
            return failure(fallback_event, binary_policy, &problem);
        }
    };
    match entries.iter().find(|entry| entry.event == name) {
        Some(entry) => (entry.answer)(payload),
        None => {
            let why = if table::info(&name).is_some() {
                format!("this binary has no handler for `{name}`")
            } else {
                format!("`{}` is not an event this version knows", truncate(&name))
            };
            Rendered::no_opinion().with_note(format!("{why}; answered no opinion"))
        }
    }
}

fn answer<H: Hook>(payload: &[u8]) -> Rendered {
    let info = table::info(<H::Event as Event>::NAME);
    let policy = H::OPTIONS.fail;
    let input: H::Event = match serde_json::from_slice(payload) {
        Ok(input) => input,
        Err(error) => return failure(info, policy, &format!("bad payload: {error}")),
    };
    let common = input.common();
    let version = common.cursor_version.clone();
    let legacy_format = version.is_missing()
        && common.model.is_none()
        && compat::LEGACY_FORMAT_EVENTS.contains(&<H::Event as Event>::NAME);
    let outcome = capture_panics(|| H::call(input));
    let response = match outcome {
        Ok(Outcome::Answer(response)) => response,
        Ok(Outcome::Failed(error)) => {
            return failure(
                info,
                policy,
                &format!("handler `{}` failed: {error}", H::OPTIONS.handler),
            )
        }
        Err(message) => {
            return failure(
                info,
                policy,
                &format!("handler `{}` panicked: {message}", H::OPTIONS.handler),
            )
        }
    };
    let ctx = RenderContext {
        event: <H::Event as Event>::NAME,
        version: &version,
        legacy_format,
        keep_ask: H::OPTIONS.keep_ask,
    };
    render_response(&response, ctx)
}

fn render_response<R: Response>(response: &R, ctx: RenderContext<'_>) -> Rendered {
    render(response, ctx)
}

/// The answer to a failure, by policy; `event` is `None` when the payload did not say.
fn failure(event: Option<&EventInfo>, policy: FailPolicy, problem: &str) -> Rendered {
    let subject = event.map_or("hook", |info| info.name);
    let rendered = match (policy, event.map(|info| info.category)) {
        (FailPolicy::Open, _) => {
            return Rendered::no_opinion().with_note(format!(
                "{subject}: {problem}; fail-open: answered no opinion"
            ))
        }
        (FailPolicy::Closed, Some(Category::Permission)) => {
            let message = format!("Blocked because the hook failed: {problem}");
            let body = if event.is_some_and(|info| info.response_fields.contains(&"user_message")) {
                serde_json::json!({ "permission": "deny", "user_message": message })
            } else {
                serde_json::json!({ "permission": "deny" })
            };
            Rendered {
                stdout: body.to_string(),
                exit_code: 0,
                stderr: Vec::new(),
            }
        }
        (FailPolicy::Closed, Some(Category::PromptGate)) => {
            let message = format!("Blocked because the hook failed: {problem}");
            let body = serde_json::json!({ "continue": false, "user_message": message });
            Rendered {
                stdout: body.to_string(),
                exit_code: 0,
                stderr: Vec::new(),
            }
        }
        (FailPolicy::Closed, _) => {
            return Rendered {
                stdout: String::new(),
                exit_code: 2,
                stderr: Vec::new(),
            }
            .with_note(format!("{subject}: {problem}; fail-closed: exit 2"))
        }
    };
    rendered.with_note(format!("{subject}: {problem}; fail-closed: answered deny"))
}

/// Closed when any handler is: a payload that names no event gets the strictest answer.
fn binary_policy(entries: &[Entry]) -> FailPolicy {
    if entries
        .iter()
        .any(|entry| entry.options.fail == FailPolicy::Closed)
    {
        FailPolicy::Closed
    } else {
        FailPolicy::Open
    }
}

fn truncate(text: &str) -> String {
    const MAX: usize = 80;
    match text.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

thread_local! {
    /// Set while a handler runs: the panic hook stores the message here instead of printing.
    static PANIC_MESSAGE: RefCell<Option<Option<String>>> = const { RefCell::new(None) };
}

/// Runs `f`, turning a panic into its message. The panic hook is silenced for the call, so
/// nothing but our one stderr line reports it.
fn capture_panics<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            let captured = PANIC_MESSAGE.with(|slot| {
                let mut slot = slot.borrow_mut();
                match slot.as_mut() {
                    Some(message) => {
                        let location = info
                            .location()
                            .map(|l| format!(" at {}:{}", l.file(), l.line()));
                        *message = Some(format!(
                            "{}{}",
                            payload_text(info.payload()),
                            location.unwrap_or_default()
                        ));
                        true
                    }
                    None => false,
                }
            });
            if !captured {
                previous(info);
            }
        }));
    });
    PANIC_MESSAGE.with(|slot| *slot.borrow_mut() = Some(None));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    let message = PANIC_MESSAGE
        .with(|slot| slot.borrow_mut().take())
        .flatten();
    result.map_err(|payload| message.unwrap_or_else(|| payload_text(&*payload)))
}

fn payload_text(payload: &(dyn Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_owned()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "(a panic without a message)".to_owned()
    }
}

/// The generated `fn main`: reads stdin, answers, writes stdout and stderr, exits.
pub fn main(entries: &[Entry]) -> ! {
    let mut payload = Vec::new();
    let read = std::io::stdin()
        .lock()
        .take(MAX_PAYLOAD_BYTES as u64 + 1)
        .read_to_end(&mut payload);
    let rendered = match read {
        Ok(_) => respond(entries, &payload),
        Err(error) => {
            let event = match entries {
                [only] => table::info(only.event),
                _ => None,
            };
            failure(
                event,
                binary_policy(entries),
                &format!("could not read stdin: {error}"),
            )
        }
    };
    emit(&rendered)
}

fn emit(rendered: &Rendered) -> ! {
    let mut stderr = std::io::stderr().lock();
    for line in &rendered.stderr {
        // A closed stderr must not turn into a panic: the answer on stdout is what matters.
        let _ = writeln!(stderr, "cursor-hooks: {line}");
    }
    let mut stdout = std::io::stdout().lock();
    let _ = stdout
        .write_all(rendered.stdout.as_bytes())
        .and_then(|()| stdout.flush());
    std::process::exit(rendered.exit_code)
}
