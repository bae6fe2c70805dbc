//! The generated entry point's logic: read the payload, pick the handler, call it, answer.
//!
//! [`respond`] is pure (bytes in, [`Rendered`] out) so the real binary and the tests share it;
//! [`main`] only adds the process around it.

use crate::de::Envelope;
use crate::event::{Category, Common, Event};
use crate::gen::compat;
use crate::gen::table::{self, EventInfo};
use crate::process::{Deadline, LateAnswer, ProtocolOut};
use crate::render::{render, RenderContext, Rendered};
use crate::version::CursorVersion;
use serde_json::Value;
use std::any::Any;
use std::cell::RefCell;
use std::io::{Read, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;
use std::time::{Duration, Instant};

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
    answer: fn(&[u8], &Settings) -> Answered,
}

/// What a handler's entry made of a payload.
enum Answered {
    /// The answer (including answers by the failure policy for handler failures).
    Done(Rendered),
    /// The payload did not parse as this event's input.
    Unreadable(serde_json::Error),
    /// It parsed, but its `hook_event_name` names another event.
    OtherEvent,
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

/// The default largest payload read; a larger one is answered by the failure policy.
pub const MAX_PAYLOAD_BYTES: usize = 64 << 20;

/// The environment variable that changes the payload cap, in MiB.
pub const MAX_PAYLOAD_VARIABLE: &str = "CURSOR_HOOKS_MAX_PAYLOAD_MIB";

/// What a run may use: the payload cap and when the hook started (deadlines count from it).
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    /// Payloads larger than this are answered by the failure policy.
    pub max_payload_bytes: usize,
    /// When the hook started.
    pub started: Instant,
}

impl Settings {
    /// The defaults, with `CURSOR_HOOKS_MAX_PAYLOAD_MIB` applied when it holds a number.
    pub fn from_env() -> Settings {
        let max_payload_bytes = std::env::var(MAX_PAYLOAD_VARIABLE)
            .ok()
            .and_then(|mib| mib.trim().parse::<usize>().ok())
            .map_or(MAX_PAYLOAD_BYTES, |mib| mib.saturating_mul(1 << 20));
        Settings {
            max_payload_bytes,
            started: Instant::now(),
        }
    }
}

/// Answers one payload with the binary's handlers: the whole hook, minus the process.
pub fn respond(entries: &[Entry], payload: &[u8]) -> Rendered {
    respond_with(entries, payload, &Settings::from_env())
}

/// [`respond`] with explicit settings.
pub fn respond_with(entries: &[Entry], payload: &[u8], settings: &Settings) -> Rendered {
    let binary_policy = binary_policy(entries);
    let fallback_event = match entries {
        [only] => table::info(only.event),
        _ => None,
    };
    if payload.len() > settings.max_payload_bytes {
        let problem = format!(
            "payload is over the {} MiB limit ({MAX_PAYLOAD_VARIABLE})",
            settings.max_payload_bytes >> 20
        );
        return failure(fallback_event, binary_policy, &problem);
    }
    if payload.iter().all(u8::is_ascii_whitespace) {
        return failure(
            fallback_event,
            binary_policy,
            "stdin was empty; expected one JSON object",
        );
    }
    // Fast path: take the name where it stands (the CLI writes it last, after any large field)
    // and let the handler's typed parse, which reads it properly, confirm it. One pass.
    if let Some(entry) =
        sniff_event_name(payload).and_then(|name| entries.iter().find(|e| e.event == name))
    {
        if let Answered::Done(rendered) = (entry.answer)(payload, settings) {
            return rendered;
        }
    }
    // Careful path: read the name with a parser, then answer or explain.
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
            let problem = format!("payload is not a readable JSON object: {error}");
            return failure(fallback_event, binary_policy, &problem);
        }
    };
    match entries.iter().find(|entry| entry.event == name) {
        Some(entry) => match (entry.answer)(payload, settings) {
            Answered::Done(rendered) => rendered,
            Answered::Unreadable(error) => failure(
                table::info(&name),
                entry.options.fail,
                &format!("bad payload: {error}"),
            ),
            // The parser read `name` as the only event name, so this is a payload naming two.
            Answered::OtherEvent => failure(
                table::info(&name),
                entry.options.fail,
                "payload names more than one event",
            ),
        },
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

/// The value of the last `"hook_event_name"` key in the bytes, when it is a plain string. Only
/// a guess (the key could sit in a nested object): the typed parse confirms it.
fn sniff_event_name(payload: &[u8]) -> Option<&str> {
    const KEY: &[u8] = b"\"hook_event_name\"";
    let at = payload
        .windows(KEY.len())
        .rposition(|window| window == KEY)?
        + KEY.len();
    let rest = payload[at..]
        .trim_ascii_start()
        .strip_prefix(b":")?
        .trim_ascii_start()
        .strip_prefix(b"\"")?;
    let end = rest.iter().position(|b| *b == b'"' || *b == b'\\')?;
    (rest[end] == b'"')
        .then(|| std::str::from_utf8(&rest[..end]).ok())
        .flatten()
}

fn answer<H: Hook>(payload: &[u8], settings: &Settings) -> Answered {
    let input: H::Event = match serde_json::from_slice(payload) {
        Ok(input) => input,
        Err(error) => return Answered::Unreadable(error),
    };
    // Everything that does not depend on the event's types lives in `Run`, compiled once
    // rather than once per handler.
    let run = match Run::start(
        <H::Event as Event>::NAME,
        &H::OPTIONS,
        input.common(),
        settings,
    ) {
        Some(run) => run,
        None => return Answered::OtherEvent,
    };
    match capture_panics(|| H::call(input)) {
        Ok(Outcome::Answer(response)) => Answered::Done(render(&response, run.render_context())),
        Ok(Outcome::Failed(error)) => Answered::Done(run.failed("failed", &error)),
        Err(message) => Answered::Done(run.failed("panicked", &message)),
    }
}

/// One handler's run, past the parse: what rendering and the failure policy need.
struct Run {
    name: &'static str,
    options: &'static HookOptions,
    version: CursorVersion,
    legacy_format: bool,
    _deadline: Option<Deadline>,
}

impl Run {
    /// `None` when the payload names another event than the handler's.
    #[inline(never)]
    fn start(
        name: &'static str,
        options: &'static HookOptions,
        common: &Common,
        settings: &Settings,
    ) -> Option<Run> {
        if common.hook_event_name != name {
            return None;
        }
        let version = common.cursor_version.clone();
        let legacy_format = version.is_missing()
            && common.model.is_none()
            && compat::LEGACY_FORMAT_EVENTS.contains(&name);
        let _deadline = options.timeout.map(|seconds| {
            let budget = budget(seconds);
            Deadline::arm(budget.saturating_sub(settings.started.elapsed()), || {
                let problem = format!(
                    "handler `{}` did not answer within its budget ({} ms of the {seconds} s timeout)",
                    options.handler,
                    budget.as_millis()
                );
                let late = failure(table::info(name), options.fail, &problem);
                let stderr = late.stderr.iter().map(|line| format!("cursor-hooks: {line}\n")).collect::<String>();
                LateAnswer { stdout: late.stdout.into_bytes(), stderr: stderr.into_bytes(), exit_code: late.exit_code }
            })
        });
        Some(Run {
            name,
            options,
            version,
            legacy_format,
            _deadline,
        })
    }

    fn render_context(&self) -> RenderContext<'_> {
        RenderContext {
            event: self.name,
            version: &self.version,
            legacy_format: self.legacy_format,
            keep_ask: self.options.keep_ask,
        }
    }

    #[inline(never)]
    fn failed(&self, how: &str, why: &str) -> Rendered {
        failure(
            table::info(self.name),
            self.options.fail,
            &format!("handler `{}` {how}: {why}", self.options.handler),
        )
    }
}

/// The part of a `timeout` the handler may use: the rest is the margin in which the answer is
/// written before Cursor kills the process (a tenth of the timeout, between 100 ms and 1 s).
fn budget(timeout_seconds: u32) -> Duration {
    let timeout = Duration::from_secs(u64::from(timeout_seconds));
    let margin = (timeout / 10).clamp(Duration::from_millis(100), Duration::from_secs(1));
    timeout.saturating_sub(margin)
}

/// The answer to a failure, by policy; `event` is `None` when the payload did not say.
#[inline(never)]
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
    std::hint::black_box(crate::hooks_json::EMBEDDED_MARKER);
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(code) = crate::config::command_line(entries, &args) {
        std::process::exit(code);
    }
    let settings = Settings::from_env();
    // Before anything can print: from here on, stdout writes land on stderr.
    let out = ProtocolOut::take();
    let payload = read_payload(settings.max_payload_bytes);
    let rendered = match &payload {
        Ok(payload) => respond_with(entries, payload, &settings),
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
    let mut notes = rendered.stderr.clone();
    if let Some(path) = std::env::var_os(crate::capture::CAPTURE_VARIABLE).filter(|p| !p.is_empty())
    {
        let payload = payload.as_deref().unwrap_or_default();
        notes.extend(crate::capture::record(
            std::path::Path::new(&path),
            payload,
            &rendered,
        ));
    }
    let mut stderr = std::io::stderr().lock();
    for line in &notes {
        // A closed stderr must not turn into a panic: the answer on stdout is what matters.
        let _ = writeln!(stderr, "cursor-hooks: {line}");
    }
    drop(stderr);
    out.write(rendered.stdout.as_bytes());
    std::process::exit(rendered.exit_code)
}

/// Reads stdin, up to one byte past the cap (enough to tell it is over); the rest of an
/// oversized payload is drained, not stored, so Cursor's write does not fail.
fn read_payload(max_payload_bytes: usize) -> std::io::Result<Vec<u8>> {
    let mut stdin = std::io::stdin().lock();
    let mut payload = Vec::with_capacity(64 << 10);
    (&mut stdin)
        .take(max_payload_bytes as u64 + 1)
        .read_to_end(&mut payload)?;
    if payload.len() > max_payload_bytes {
        std::io::copy(&mut stdin, &mut std::io::sink())?;
    }
    Ok(payload)
}

#[cfg(test)]
mod tests {
    use super::sniff_event_name;

    #[test]
    fn sniffs_the_last_plain_event_name() {
        assert_eq!(
            sniff_event_name(br#"{"command":"ls","hook_event_name":"beforeShellExecution"}"#),
            Some("beforeShellExecution")
        );
        assert_eq!(
            sniff_event_name(br#"{ "hook_event_name" :  "stop" , "x":1}"#),
            Some("stop")
        );
        // A nested key after the real one is found first: the typed parse rejects the guess.
        assert_eq!(
            sniff_event_name(br#"{"hook_event_name":"stop","tool_input":{"hook_event_name":"x"}}"#),
            Some("x")
        );
        // Escapes, non-strings and missing keys are left to the parser.
        assert_eq!(
            sniff_event_name(br#"{"hook_event_name":"st\u006fp"}"#),
            None
        );
        assert_eq!(sniff_event_name(br#"{"hook_event_name":7}"#), None);
        assert_eq!(
            sniff_event_name(br#"{"hook_event_name":"unterminated"#),
            None
        );
        assert_eq!(sniff_event_name(b"{}"), None);
    }
}
