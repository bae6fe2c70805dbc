//! The pure part of a hook run: payload bytes in, [`Rendered`] out. The binary's `main` and the
//! test kit share it, so an answer in a test is byte for byte the binary's.
//!
//! Every answer, the handler's or the failure policy's (bad input, `Err`, panic, deadline), is
//! a typed response rendered by [`render`], so the version rules apply to all of them.

use crate::cursor::event::{Category, Event};
use crate::cursor::render::{legacy_format, render, RenderContext, Response};
use crate::cursor::spec::EVENTS;
use crate::hook::{FailPolicy, HookEvent, HookOptions, Outcome};
use crate::panic::{capture_panics, AbortAnswer};
use crate::process::{Deadline, LateAnswer};
use crate::render::Rendered;
use std::borrow::Cow;
use std::time::{Duration, Instant};

/// Implemented by the companion type `#[cursor_hook]` (or `#[claude_hook]`) generates next to
/// each handler.
pub trait Hook {
    /// The event the handler answers.
    type Event: HookEvent;
    /// The event's wire name; empty for the stand-in emitted next to a compile error, so one
    /// mistake is not reported again as a duplicate event.
    const EVENT_NAME: &'static str;
    /// The handler's options.
    const OPTIONS: HookOptions;
    /// How `main!` lists it: `Entry::cursor::<Self>()` or `Entry::claude::<Self>()`, which
    /// picks the host whose payloads and answers it reads and writes.
    const ENTRY: Entry;
    /// Every entry it stands for in `main!`'s list: itself, or for a unified handler
    /// (`#[hook]`) one per host event it is wired as.
    const ENTRIES: &'static [Entry] = &[Self::ENTRY];
    /// Calls the handler.
    fn call(input: Self::Event) -> Outcome<<Self::Event as HookEvent>::Response>;
}

/// One handler of a binary, as `cursor_hooks::main!` lists it.
///
/// It copies the two facts of the event table it needs rather than pointing into the table: a
/// pointer would link the whole table (every event's names, subjects and fields, ~250
/// relocations for the dynamic loader at every start) into each hook binary.
#[derive(Clone, Copy)]
pub struct Entry {
    pub(crate) info: EntryEvent,
    pub(crate) options: HookOptions,
    /// Parses the payload and answers it; `event` is the event name the entry was picked by.
    answer: fn(&[u8], &str, &Settings) -> Tried,
    pub(crate) block: fn(String, &RenderContext<'_>) -> Option<Rendered>,
}

/// What an entry knows of its event.
#[derive(Clone, Copy)]
pub(crate) struct EntryEvent {
    /// The wire name.
    pub(crate) name: &'static str,
    /// The host whose payloads the handler reads.
    pub(crate) host: crate::Host,
    /// A Claude entry: the Cursor event Cursor runs it as (`preToolUse`); empty otherwise.
    pub(crate) cursor_name: &'static str,
    /// What the failure policy's block writes, for its stderr line (`deny`).
    pub(crate) blocked_as: &'static str,
}

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entry")
            .field("event", &self.info.name)
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
}

/// What one handler made of a payload.
pub(crate) enum Tried {
    /// The answer (including answers by the failure policy for handler failures).
    Answered(Rendered),
    /// The payload did not parse as this event's input.
    Unreadable(serde_json::Error),
    /// It parsed, but its top-level `hook_event_name` names another event, or names this one in
    /// the other host's shape.
    OtherEvent,
    /// It is for this handler but no host sends it: answered by the failure policy.
    #[cfg_attr(not(feature = "claude-code"), allow(dead_code))] // only Claude entries refuse
    Refused(String),
}

impl Entry {
    /// The entry of a Cursor handler's companion type (`Hook::ENTRY` of `#[cursor_hook]`).
    pub const fn cursor<H: Hook>() -> Entry
    where
        H::Event: Event + HookEvent<Response = <H::Event as Event>::Response>,
    {
        Entry {
            info: entry_event(<H::Event as Event>::NAME),
            options: H::OPTIONS,
            answer: answer::<H>,
            block: block::<<H::Event as HookEvent>::Response>,
        }
    }

    /// The entry of a Claude Code handler's companion type (`Hook::ENTRY` of `#[claude_hook]`).
    #[cfg(feature = "claude-code")]
    pub const fn claude<H: Hook>() -> Entry
    where
        H::Event: crate::claude::Event
            + HookEvent<Response = <H::Event as crate::claude::Event>::Response>,
    {
        use crate::claude::response::Response as _;
        type Answer<H> = <<H as Hook>::Event as HookEvent>::Response;
        Entry {
            info: EntryEvent {
                name: <H::Event as crate::claude::Event>::NAME,
                host: crate::Host::ClaudeCode,
                cursor_name: match <H::Event as crate::claude::Event>::CURSOR_EVENT {
                    Some(name) => name,
                    None => "",
                },
                blocked_as: <Answer<H>>::BLOCKED_AS,
            },
            options: H::OPTIONS,
            answer: claude_answer::<H>,
            block: crate::claude::render::block::<Answer<H>>,
        }
    }

    /// The entry of a Codex handler's companion type (`Hook::ENTRY` of `#[codex_hook]`): a
    /// Claude-family entry that only Codex runs (no other host reads its files), so its payload
    /// is read and its answer written in Codex's one shape.
    #[cfg(feature = "codex")]
    pub const fn codex<H: Hook>() -> Entry
    where
        H::Event:
            crate::codex::Event + HookEvent<Response = <H::Event as crate::codex::Event>::Response>,
    {
        use crate::codex::response::Response as _;
        type Answer<H> = <<H as Hook>::Event as HookEvent>::Response;
        Entry {
            info: EntryEvent {
                name: <H::Event as crate::codex::Event>::NAME,
                host: crate::Host::Codex,
                cursor_name: "",
                blocked_as: <Answer<H>>::BLOCKED_AS,
            },
            options: H::OPTIONS,
            answer: codex_answer::<H>,
            block: crate::claude::render::block::<Answer<H>>,
        }
    }

    /// The entry of a GitHub Copilot CLI handler's companion type (`Hook::ENTRY` of
    /// `#[copilot_hook]`): its payloads name no event, so only the wiring picks it
    /// (`--host copilot --event preToolUse`), and its answer is written flat.
    #[cfg(feature = "copilot")]
    pub const fn copilot<H: Hook>() -> Entry
    where
        H::Event: crate::copilot::Event
            + HookEvent<Response = <H::Event as crate::copilot::Event>::Response>,
    {
        use crate::claude::response::Response as _;
        type Answer<H> = <<H as Hook>::Event as HookEvent>::Response;
        Entry {
            info: EntryEvent {
                name: <H::Event as crate::copilot::Event>::NAME,
                host: crate::Host::Copilot,
                cursor_name: "",
                blocked_as: <Answer<H>>::BLOCKED_AS,
            },
            options: H::OPTIONS,
            answer: copilot_answer::<H>,
            block: crate::copilot::render::block::<Answer<H>>,
        }
    }

    /// The event's wire name.
    pub fn event(&self) -> &'static str {
        self.info.name
    }

    /// The host whose payloads and answers the handler reads and writes.
    pub const fn host(&self) -> crate::Host {
        self.info.host
    }

    /// The handler's options.
    pub fn options(&self) -> &HookOptions {
        &self.options
    }
}

/// The event's facts from its row of the table, found at compile time.
const fn entry_event(name: &str) -> EntryEvent {
    let mut i = 0;
    while i < EVENTS.len() {
        if same_text(EVENTS[i].name, name) {
            return EntryEvent {
                name: EVENTS[i].name,
                host: crate::Host::Cursor,
                cursor_name: "",
                blocked_as: match EVENTS[i].category {
                    Category::PromptGate => "continue: false",
                    _ => "deny",
                },
            };
        }
        i += 1;
    }
    panic!("an event type whose name is not in the event table")
}

/// Every event's wire name, copied out of the table at compile time: what a hook binary needs
/// of the table at run time (see [`Entry`]).
const EVENT_NAMES: [&str; EVENTS.len()] = {
    let mut names = [""; EVENTS.len()];
    let mut i = 0;
    while i < EVENTS.len() {
        names[i] = EVENTS[i].name;
        i += 1;
    }
    names
};

/// [`EVENT_NAMES`] packed (see [`names`](crate::names)): no relocation per name at start.
const KNOWN_EVENTS: [u8; crate::names::packed_len(&EVENT_NAMES)] = crate::names::pack(&EVENT_NAMES);

/// Whether `name` is an event this version knows.
pub(crate) fn is_known_event(name: &str) -> bool {
    crate::names::contains(&KNOWN_EVENTS, name)
}

/// Whether `name` is a Claude Code event this version knows.
fn is_claude_event(name: &str) -> bool {
    #[cfg(feature = "claude-code")]
    {
        crate::claude::is_event(name)
    }
    #[cfg(not(feature = "claude-code"))]
    {
        let _ = name;
        false
    }
}

/// Whether `name` is a Codex event this version knows.
fn is_codex_event(name: &str) -> bool {
    #[cfg(feature = "codex")]
    {
        crate::codex::is_event(name)
    }
    #[cfg(not(feature = "codex"))]
    {
        let _ = name;
        false
    }
}

/// Whether `name` is a Copilot event this version knows.
fn is_copilot_event(name: &str) -> bool {
    #[cfg(feature = "copilot")]
    {
        crate::copilot::is_event(name)
    }
    #[cfg(not(feature = "copilot"))]
    {
        let _ = name;
        false
    }
}

/// Whether `host` has an event named `name`, as far as this build knows its events.
fn is_host_event(host: crate::Host, name: &str) -> bool {
    match host {
        crate::Host::Cursor => is_known_event(name),
        crate::Host::ClaudeCode => is_claude_event(name),
        crate::Host::Codex => is_codex_event(name),
        crate::Host::Copilot => is_copilot_event(name),
    }
}

/// `first == second`, in a constant.
pub const fn same_text(first: &str, second: &str) -> bool {
    let (a, b) = (first.as_bytes(), second.as_bytes());
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
pub(crate) const MAX_PAYLOAD_BYTES: usize = 64 << 20;

/// The environment variable that changes the payload cap, in MiB.
pub(crate) const MAX_PAYLOAD_VARIABLE: &str = "CURSOR_HOOKS_MAX_PAYLOAD_MIB";

/// The caps `CURSOR_HOOKS_MAX_PAYLOAD_MIB` may set, in MiB. At least 1, so no ordinary payload
/// is ever over it; at most 1 GiB, which fits any `usize` the runtime builds for.
const MAX_PAYLOAD_MIB: std::ops::RangeInclusive<usize> = 1..=1024;

/// What a run may use: the payload cap and when the hook started (deadlines count from it).
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    /// Payloads larger than this are answered by the failure policy.
    pub max_payload_bytes: usize,
    /// When the hook started.
    pub started: Instant,
    /// Whether GitHub Copilot CLI started the process (`COPILOT_CLI=1`): a Claude entry then
    /// reads Copilot's payload ([`crate::claude::copilot`]).
    #[cfg(feature = "claude-code")]
    pub(crate) copilot: bool,
}

impl Settings {
    /// The defaults, with `CURSOR_HOOKS_MAX_PAYLOAD_MIB` applied when it holds a cap from 1 to
    /// 1024 MiB.
    pub fn from_env() -> Settings {
        Settings::read_env().0
    }

    /// The settings, and a note for stderr when a variable was set to a value that is not
    /// used: a mistaken or hostile value must not change a decision (a cap that overflowed
    /// read every payload as empty).
    pub(crate) fn read_env() -> (Settings, Option<String>) {
        let started = Instant::now();
        let (max_payload_bytes, note) = match std::env::var_os(MAX_PAYLOAD_VARIABLE) {
            None => (MAX_PAYLOAD_BYTES, None),
            Some(value) => match max_payload_bytes(&value.to_string_lossy()) {
                Ok(cap) => (cap.unwrap_or(MAX_PAYLOAD_BYTES), None),
                Err(note) => (MAX_PAYLOAD_BYTES, Some(note)),
            },
        };
        let settings = Settings {
            max_payload_bytes,
            started,
            #[cfg(feature = "claude-code")]
            copilot: crate::claude::copilot::started_by_copilot(),
        };
        (settings, note)
    }

    /// Whether Copilot reads the answer of an entry whose payload `reader` reads: a Claude
    /// entry's, when Copilot started the process.
    fn read_by_copilot(&self, reader: crate::Host) -> bool {
        #[cfg(feature = "claude-code")]
        let copilot = self.copilot;
        #[cfg(not(feature = "claude-code"))]
        let copilot = false;
        copilot && reader == crate::Host::ClaudeCode
    }
}

/// The cap a `CURSOR_HOOKS_MAX_PAYLOAD_MIB` value sets (`None` for a blank value, which is
/// unset), or the note saying why it is ignored.
fn max_payload_bytes(mib: &str) -> Result<Option<usize>, String> {
    let mib = mib.trim();
    if mib.is_empty() {
        return Ok(None);
    }
    match mib.parse::<usize>() {
        Ok(mib) if MAX_PAYLOAD_MIB.contains(&mib) => Ok(Some(mib << 20)),
        _ => Err(format!(
            "ignored {MAX_PAYLOAD_VARIABLE}={:?}: not a whole number of MiB from {} to {}; the cap is {} MiB",
            // Quoted and escaped: a newline in the value must not split the line.
            truncate(mib),
            MAX_PAYLOAD_MIB.start(),
            MAX_PAYLOAD_MIB.end(),
            MAX_PAYLOAD_BYTES >> 20
        )),
    }
}

/// What a hook command was wired to answer: the host and event `install`, `install --claude`
/// and `print-config` write after the binary's path (`--host cursor --event preToolUse`), so
/// that no payload can pick another handler of the binary. A command without them (wired by
/// hand) is answered by the handler of the payload's top-level `hook_event_name`.
///
/// A binary with a Cursor handler and a Claude Code handler that Cursor runs as the same event
/// (`preToolUse` and `PreToolUse`) is wired to both with one command string in both editors'
/// files (`--host cursor --event preToolUse --host claude-code --event PreToolUse`): Cursor
/// drops an imported Claude Code hook whose command equals one of its own
/// (`spec/claude-code/host.json`, `cursor.dedupe`), so it runs the binary once per event, and
/// the payload's shape picks which of the two handlers answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wiring {
    /// The handlers the command answers: each its host and its event (Cursor's camelCase
    /// name, or Claude Code's PascalCase one), one or a pair.
    pub handlers: Vec<(crate::Host, String)>,
}

impl Wiring {
    /// The flag naming the host.
    pub(crate) const HOST_FLAG: &'static str = "--host";
    /// The flag naming the event.
    pub(crate) const EVENT_FLAG: &'static str = "--event";

    /// A command wired to one handler.
    pub fn one(host: crate::Host, event: impl Into<String>) -> Wiring {
        Wiring {
            handlers: vec![(host, event.into())],
        }
    }

    /// The arguments that wire a command to `handlers`, with a leading space: what `install`
    /// writes after the binary's path.
    pub(crate) fn arguments(handlers: &[(crate::Host, &str)]) -> String {
        handlers
            .iter()
            .map(|(host, event)| {
                format!(
                    " {} {} {} {event}",
                    Wiring::HOST_FLAG,
                    host.key(),
                    Wiring::EVENT_FLAG
                )
            })
            .collect()
    }

    /// The handlers the command is wired to, or the first one the binary does not have.
    pub(crate) fn entries(&self, entries: &[Entry]) -> Result<Vec<Entry>, (crate::Host, String)> {
        self.handlers
            .iter()
            .map(|(host, event)| {
                entries
                    .iter()
                    .find(|entry| entry.info.host == *host && entry.info.name == event)
                    .copied()
                    .ok_or_else(|| (*host, event.clone()))
            })
            .collect()
    }

    /// Reads `--host H --event E`, once or more; `None` when `args` do not start with `--host`.
    pub(crate) fn parse(args: &[String]) -> Option<Result<Wiring, String>> {
        if args.first().map(String::as_str) != Some(Wiring::HOST_FLAG) {
            return None;
        }
        let keys: Vec<&str> = crate::Host::ALL.iter().map(|host| host.key()).collect();
        let usage = || format!("expected `--host {} --event NAME`", keys.join("|"));
        let mut handlers = Vec::new();
        for pair in args.chunks(4) {
            let [flag, host, event_flag, event] = pair else {
                return Some(Err(usage()));
            };
            if flag != Wiring::HOST_FLAG || event_flag != Wiring::EVENT_FLAG {
                return Some(Err(usage()));
            }
            let Some(host) = crate::Host::from_key(host) else {
                let keys: Vec<String> = keys.iter().map(|key| format!("`{key}`")).collect();
                return Some(Err(format!(
                    "`--host {host}`: expected {}",
                    keys.join(" or ")
                )));
            };
            handlers.push((host, event.clone()));
        }
        Some(Ok(Wiring { handlers }))
    }
}

/// Answers one payload with the binary's handlers: the whole hook, minus the process.
pub fn respond(entries: &[Entry], payload: &[u8], settings: &Settings) -> Rendered {
    answer_payload(entries, false, payload, settings)
}

/// Answers one payload as a command wired to its handlers ([`Wiring`]) does: a payload of
/// another event, or of another host's shape, is answered by their strictest failure policy
/// with one stderr line. Cursor running a Claude Code entry (its import of
/// `.claude/settings.json`) sends Cursor's payload for the event it maps the entry's to: that
/// payload is the entry's (`spec/claude-code/host.json`, `cursor.payload`).
pub fn respond_wired(
    entries: &[Entry],
    wiring: &Wiring,
    payload: &[u8],
    settings: &Settings,
) -> Rendered {
    respond_to_wired(entries, &wiring.entries(entries), payload, settings)
}

/// [`respond_wired`] with the wiring's handlers already looked up ([`Wiring::entries`]): the
/// process looks them up once, for the stdin deadline and the answer alike.
pub(crate) fn respond_to_wired(
    entries: &[Entry],
    wired: &Result<Vec<Entry>, (crate::Host, String)>,
    payload: &[u8],
    settings: &Settings,
) -> Rendered {
    match wired {
        Ok(wired) => answer_payload(wired, true, payload, settings),
        // A mistyped or stale wiring must not turn a fail-closed binary into a silent pass:
        // the strictest policy answers, as for a payload that names no event.
        Err((host, event)) => {
            let host = *host;
            let no_such = if is_host_event(host, event) {
                ""
            } else {
                ", nor has that editor such an event"
            };
            let problem = format!(
                "this command is wired to answer {} `{}` (`{}`), and this binary has no handler for it{no_such}",
                host_label(host),
                truncate(event),
                Wiring::arguments(&[(host, &truncate(event))]).trim_start()
            );
            failure(None, binary_policy(entries), &problem, None)
        }
    }
}

/// A host as a stderr line names it.
fn host_label(host: crate::Host) -> &'static str {
    match host {
        crate::Host::Cursor => "Cursor's",
        crate::Host::ClaudeCode => "Claude Code's",
        crate::Host::Codex => "Codex's",
        crate::Host::Copilot => "Copilot's",
    }
}

/// Answers one payload with `entries`; `wired`: they are the one handler the command was wired
/// to, so a payload for another event is a failure, not a wiring mistake.
fn answer_payload(entries: &[Entry], wired: bool, payload: &[u8], settings: &Settings) -> Rendered {
    // The entry whose failure answer applies while the payload has not said its event.
    let only = match entries {
        [only] => Some(only),
        _ => None,
    };
    let binary_policy = binary_policy(entries);
    // Before the payload is read, its reader is known only from what it carries.
    let unread = |entry: Option<&Entry>| {
        entry.map(|entry| {
            let ctx = unread_context(entry, payload);
            let copilot = settings.read_by_copilot(ctx.reader);
            ctx.with_copilot(copilot)
        })
    };
    if payload.len() > settings.max_payload_bytes {
        let problem = format!(
            "payload is over the {} MiB limit ({MAX_PAYLOAD_VARIABLE})",
            settings.max_payload_bytes >> 20
        );
        return failure(only, binary_policy, &problem, unread(only).as_ref());
    }
    let payload = match utf8(payload) {
        Ok(payload) => payload,
        Err(problem) => return failure(only, binary_policy, problem, unread(only).as_ref()),
    };
    let payload = &*payload;
    if payload.iter().all(u8::is_ascii_whitespace) {
        let problem = "stdin was empty; expected one JSON object";
        return failure(only, binary_policy, problem, unread(only).as_ref());
    }
    // A host whose payloads name no event (Copilot's): the wiring is the name.
    if let Some(entry) = only.filter(|entry| wired && !entry.info.host.payload_names_event()) {
        let fail = |problem: &str| {
            failure(
                Some(entry),
                entry.options.fail,
                problem,
                unread(Some(entry)).as_ref(),
            )
        };
        return match (entry.answer)(payload, entry.info.name, settings) {
            Tried::Answered(rendered) => rendered,
            Tried::Unreadable(error) => fail(&format!("bad payload: {error}")),
            Tried::Refused(problem) => fail(&problem),
            Tried::OtherEvent => fail("payload is not this event's"),
        };
    }
    // Fast path: guess the name where it usually stands (the CLI writes it last, after any
    // large field) and let the handler's typed parse, which reads the top-level name, confirm
    // it: a guess from a nested key only picks the parse tried first, never the answer. One
    // pass when the guess is right.
    let guessed =
        guess_event_name(payload).and_then(|name| Some((name, find_entry(entries, name)?)));
    let mut first_try = None;
    if let Some((name, entry)) = guessed {
        match (entry.answer)(payload, name, settings) {
            Tried::Answered(rendered) => return rendered,
            Tried::Refused(problem) => {
                return failure(
                    Some(entry),
                    entry.options.fail,
                    &problem,
                    unread(Some(entry)).as_ref(),
                )
            }
            // Whose failure policy applies depends on the top-level name, read below.
            Tried::Unreadable(error) => first_try = Some((entry.info.name, name, error)),
            Tried::OtherEvent => {}
        }
    }
    // Careful path: read the name with a parser, then answer or explain.
    let name = match serde_json::from_slice::<crate::de::Envelope>(payload) {
        // A payload naming its event twice: which handler's failure policy applies is unclear,
        // so the binary's (the strictest) does.
        Ok(envelope) if envelope.repeated => {
            let problem = "bad payload: key `hook_event_name` appears twice";
            return failure(only, binary_policy, problem, unread(only).as_ref());
        }
        Ok(envelope) => match envelope.hook_event_name {
            Some(raw) => match serde_json::from_slice::<String>(raw.get().as_bytes()) {
                Ok(name) => name,
                Err(_) => {
                    let problem =
                        format!("`hook_event_name` is not a string: {}", truncate(raw.get()));
                    return failure(only, binary_policy, &problem, unread(only).as_ref());
                }
            },
            None => match copilot_event(&envelope, settings) {
                Some(name) => name.to_owned(),
                None => {
                    let problem = if entries
                        .iter()
                        .any(|entry| !entry.info.host.payload_names_event())
                    {
                        // Copilot's own payloads: no name to pick a handler by.
                        "payload has no `hook_event_name`, and Copilot's name no event: wire the command with `--host copilot --event NAME` (`install --copilot` does)"
                    } else {
                        "payload has no `hook_event_name`"
                    };
                    return failure(only, binary_policy, problem, unread(only).as_ref());
                }
            },
        },
        Err(error) => {
            let problem = format!("payload is not a readable JSON object: {error}");
            return failure(only, binary_policy, &problem, unread(only).as_ref());
        }
    };
    let Some(entry) = find_entry(entries, &name) else {
        if wired {
            let named: Vec<String> = entries
                .iter()
                .map(|entry| format!("{} `{}`", host_label(entry.info.host), entry.info.name))
                .collect();
            let problem = format!(
                "payload is for `{}`, but this command is wired to answer {} only",
                truncate(&name),
                named.join(" or ")
            );
            // The one handler's policy, or the strictest of the pair's.
            let policy = only.map_or(binary_policy, |entry| entry.options.fail);
            return failure(only, policy, &problem, unread(only).as_ref());
        }
        let why = if is_known_event(&name) {
            format!("this binary has no handler for `{name}`")
        } else if is_claude_event(&name) {
            format!(
                "this binary has no handler for the Claude Code event `{}`",
                truncate(&name)
            )
        } else if is_codex_event(&name) {
            format!(
                "this binary has no handler for the Codex event `{}`",
                truncate(&name)
            )
        } else {
            format!("`{}` is not an event this version knows", truncate(&name))
        };
        return Rendered::no_opinion().with_note(format!("{why}; answered no opinion"));
    };
    // The guess was right and its parse already failed: that is the answer.
    if let Some((_, _, error)) =
        first_try.filter(|(tried, guess, _)| *tried == entry.info.name && *guess == name)
    {
        let problem = format!("bad payload: {error}");
        return failure(
            Some(entry),
            entry.options.fail,
            &problem,
            unread(Some(entry)).as_ref(),
        );
    }
    match (entry.answer)(payload, &name, settings) {
        Tried::Answered(rendered) => rendered,
        Tried::Unreadable(error) => {
            let problem = format!("bad payload: {error}");
            failure(
                Some(entry),
                entry.options.fail,
                &problem,
                unread(Some(entry)).as_ref(),
            )
        }
        Tried::Refused(problem) => failure(
            Some(entry),
            entry.options.fail,
            &problem,
            unread(Some(entry)).as_ref(),
        ),
        // The parser read `name` as the only event name, so this is a payload naming two.
        Tried::OtherEvent => {
            let problem = "payload names more than one event";
            failure(
                Some(entry),
                entry.options.fail,
                problem,
                unread(Some(entry)).as_ref(),
            )
        }
    }
}

/// The Claude event of a payload Copilot sent in its own camelCase shape (PermissionRequest's:
/// `hookName: "permissionRequest"`), when Copilot started the process.
fn copilot_event(envelope: &crate::de::Envelope, settings: &Settings) -> Option<&'static str> {
    #[cfg(feature = "claude-code")]
    if settings.copilot {
        let name = envelope.copilot_event.as_ref()?;
        let name = serde_json::from_str::<String>(name.get()).ok()?;
        return crate::claude::copilot::claude_event(&name);
    }
    let _ = (envelope, settings);
    None
}

/// The context of a failure's answer to `payload` before it was read: Cursor's form for a
/// Claude entry when the payload is Cursor's by its top level (a nested key is anybody's
/// data): it has a key only Cursor sends (`cursor_version`, `conversation_id`, ...:
/// [`crate::de::CURSOR_ONLY_KEYS`]; a 1.7-era payload has no `cursor_version`), or it names
/// the Cursor event Cursor runs the entry as. Else the entry's host's, also for a payload that
/// is no JSON object (no host sends one).
fn unread_context(entry: &Entry, payload: &[u8]) -> RenderContext<'static> {
    let cursor_name = entry.info.cursor_name;
    let from_cursor = !cursor_name.is_empty()
        && crate::lossy::from_slice_lossy::<crate::de::Envelope>(payload).is_ok_and(|envelope| {
            envelope.cursor_keys
                || envelope.hook_event_name.is_some_and(|name| {
                    serde_json::from_str::<String>(name.get()).is_ok_and(|name| name == cursor_name)
                })
        });
    if from_cursor {
        RenderContext::unread(entry.info.cursor_name, crate::Host::Cursor)
    } else {
        RenderContext::unread(entry.info.name, entry.info.host)
    }
}

/// The handler of the payload's event: the entry of that event, else a Claude entry that
/// Cursor runs as that event (a Cursor payload for a Claude handler).
fn find_entry<'a>(entries: &'a [Entry], name: &str) -> Option<&'a Entry> {
    entries
        .iter()
        .find(|entry| entry.info.name == name)
        .or_else(|| {
            let cursor = |entry: &&Entry| !name.is_empty() && entry.info.cursor_name == name;
            entries.iter().find(cursor)
        })
}

/// The payload as UTF-8: a leading byte-order mark (Windows wrappers such as PowerShell pipes
/// add one) is dropped, and UTF-16 with its mark is converted.
fn utf8(payload: &[u8]) -> Result<Cow<'_, [u8]>, &'static str> {
    if let Some(rest) = payload.strip_prefix(b"\xEF\xBB\xBF") {
        return Ok(Cow::Borrowed(rest));
    }
    let (rest, big_endian) = match payload {
        [0xFF, 0xFE, rest @ ..] => (rest, false),
        [0xFE, 0xFF, rest @ ..] => (rest, true),
        _ => return Ok(Cow::Borrowed(payload)),
    };
    let units = rest.chunks_exact(2).map(|pair| {
        let pair = [pair[0], pair[1]];
        if big_endian {
            u16::from_be_bytes(pair)
        } else {
            u16::from_le_bytes(pair)
        }
    });
    char::decode_utf16(units)
        .collect::<Result<String, _>>()
        .ok()
        .filter(|_| rest.len() % 2 == 0)
        .map(|text| Cow::Owned(text.into_bytes()))
        .ok_or("payload starts with a UTF-16 byte-order mark but is not valid UTF-16")
}

/// The value of the last `"hook_event_name"` key in the bytes, when it is a plain string. Only
/// a guess (the key could sit in a nested object, where a tool's arguments may put it): it
/// picks which handler's parse is tried first, and that parse reads the top-level name, which
/// alone decides.
fn guess_event_name(payload: &[u8]) -> Option<&str> {
    const KEY: &[u8] = b"\"hook_event_name\"";
    // Backward from quote to quote rather than window by window: the first quote that starts
    // the key is its last occurrence (~3,000 instructions fewer on a 560-byte payload).
    let mut before = payload.len();
    let at = loop {
        let quote = crate::lossy::rfind_quote(&payload[..before])?;
        if payload[quote..].starts_with(KEY) {
            break quote + KEY.len();
        }
        before = quote;
    };
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

fn answer<H: Hook>(payload: &[u8], _event: &str, settings: &Settings) -> Tried
where
    H::Event: Event + HookEvent<Response = <H::Event as Event>::Response>,
{
    let input: H::Event = match crate::lossy::from_slice_lossy(payload) {
        Ok(input) => input,
        Err(error) => return Tried::Unreadable(error),
    };
    let common = input.common();
    let Some(run) = Run::start(
        const { &Entry::cursor::<H>() },
        &common.hook_event_name,
        &common.cursor_version,
        common.model.is_some(),
        settings,
    ) else {
        return Tried::OtherEvent;
    };
    let drift = ignored_notes(run.entry, input.extra());
    run.call::<H>(input, drift, render)
}

/// A Claude entry's answer to a payload: Claude Code's own, or one Cursor sent for the event it
/// runs the entry as (`event`, the name the entry was picked by, is then Cursor's: the payload is
/// read from Cursor's shape and answered in the form Cursor reads).
#[cfg(feature = "claude-code")]
fn claude_answer<H: Hook>(payload: &[u8], event: &str, settings: &Settings) -> Tried
where
    H::Event:
        crate::claude::Event + HookEvent<Response = <H::Event as crate::claude::Event>::Response>,
{
    use crate::claude::{cursor, render, Event};
    use crate::cursor::version::CursorVersion;
    let entry = const { &Entry::claude::<H>() };
    let cursor_event = <H::Event as Event>::CURSOR_EVENT;
    let from_cursor = cursor_event == Some(event);
    // Each shape is taken only with its own top-level name: Cursor's camelCase one for
    // Cursor's payload, Claude Code's PascalCase one for Claude Code's.
    let mut road_notes = Vec::new();
    let (input, event, version, has_model) = if from_cursor {
        match cursor::read::<H::Event>(payload, entry.options.matcher) {
            Ok(read) if Some(read.event.as_str()) == cursor_event => {
                road_notes = read.ignored;
                (read.input, read.event, read.version, read.has_model)
            }
            Ok(_) => return Tried::OtherEvent,
            Err(cursor::Unread::Json(error)) => return Tried::Unreadable(error),
            Err(cursor::Unread::Tool(problem)) => return Tried::Refused(problem),
        }
    } else {
        // Copilot's payload to a Claude entry lacks fields Claude Code always sends: read by
        // Copilot's rules whenever Copilot started the process, which a payload of Claude
        // Code's own passes unchanged.
        let read = if settings.copilot {
            crate::claude::copilot::read::<H::Event>(payload)
        } else {
            crate::lossy::from_slice_lossy::<H::Event>(payload)
        };
        match read {
            Ok(input) if input.common().hook_event_name != <H::Event as Event>::NAME => {
                return Tried::OtherEvent
            }
            // `cursor_version` is Cursor's alone (`spec/claude-code/host.json`,
            // `cursor.payload`): Cursor's payload with Claude Code's event name is neither
            // host's, and reading it as Claude Code's would miss Cursor's tool names.
            Ok(input) if input.extra().contains_key("cursor_version") => {
                return Tried::Refused(format!(
                    "payload has Cursor's `cursor_version` but Claude Code's event name `{}`: neither host sends that",
                    <H::Event as Event>::NAME
                ))
            }
            Ok(input) => {
                let event = input.common().hook_event_name.clone();
                (input, event, CursorVersion::Missing, false)
            }
            Err(error) => return Tried::Unreadable(error),
        }
    };
    let Some(run) = Run::start(entry, &event, &version, has_model, settings) else {
        return Tried::OtherEvent;
    };
    road_notes.extend(ignored_notes(entry, input.extra()));
    run.call::<H>(input, road_notes, render::render)
}

/// A Codex entry's answer to a payload: Codex's own, in its one shape.
#[cfg(feature = "codex")]
fn codex_answer<H: Hook>(payload: &[u8], _event: &str, settings: &Settings) -> Tried
where
    H::Event:
        crate::codex::Event + HookEvent<Response = <H::Event as crate::codex::Event>::Response>,
{
    use crate::codex::Event;
    let entry = const { &Entry::codex::<H>() };
    let input = match crate::lossy::from_slice_lossy::<H::Event>(payload) {
        Ok(input) => input,
        Err(error) => return Tried::Unreadable(error),
    };
    if input.common().hook_event_name != <H::Event as Event>::NAME {
        return Tried::OtherEvent;
    }
    let event = input.common().hook_event_name.clone();
    let version = crate::cursor::version::CursorVersion::Missing;
    let Some(run) = Run::start(entry, &event, &version, false, settings) else {
        return Tried::OtherEvent;
    };
    let drift = ignored_notes(entry, input.extra());
    run.call::<H>(input, drift, crate::claude::render::render)
}

/// A Copilot entry's answer to a payload: Copilot's own, read as the wiring's event, answered
/// flat.
#[cfg(feature = "copilot")]
fn copilot_answer<H: Hook>(payload: &[u8], _event: &str, settings: &Settings) -> Tried
where
    H::Event:
        crate::copilot::Event + HookEvent<Response = <H::Event as crate::copilot::Event>::Response>,
{
    use crate::copilot::Event;
    let entry = const { &Entry::copilot::<H>() };
    let input = match crate::lossy::from_slice_lossy::<H::Event>(payload) {
        Ok(input) => input,
        Err(error) => return Tried::Unreadable(error),
    };
    let version = crate::cursor::version::CursorVersion::Missing;
    let name = <H::Event as Event>::NAME;
    let Some(run) = Run::start(entry, name, &version, false, settings) else {
        return Tried::OtherEvent;
    };
    let drift = ignored_notes(entry, input.extra());
    run.call::<H>(input, drift, crate::copilot::render::render)
}

impl Run {
    /// Runs the handler on its parsed input, rendering its answer with `render`. Everything
    /// that does not depend on the event's types lives in `Run`, compiled once rather than
    /// once per handler.
    pub(crate) fn call<H: Hook>(
        self,
        input: H::Event,
        drift: Vec<String>,
        render: impl FnOnce(&<H::Event as HookEvent>::Response, RenderContext<'_>) -> Rendered,
    ) -> Tried {
        let on_abort = cfg!(panic = "abort").then(|| self.abort_answer());
        crate::reads::start_reading();
        let outcome = capture_panics(|| H::call(input), on_abort);
        let reads = crate::reads::finish_reading();
        let rendered = match (reads.misread, outcome) {
            // It decided on an argument it could not read: not its decision to make. A failure
            // is answered with its one line: notes about fields read as absent would bury it.
            (Some(problem), _) => return Tried::Answered(self.failed("", &problem)),
            (None, Ok(Outcome::Answer(response))) => render(&response, self.render_context()),
            (None, Ok(Outcome::Failed(error))) => {
                return Tried::Answered(self.failed("failed", &error))
            }
            (None, Err(message)) => return Tried::Answered(self.failed("panicked", &message)),
        };
        let mut drift = drift;
        let event = self.entry.info.name;
        drift.extend(
            reads
                .ignored
                .into_iter()
                .map(|note| format!("{event}: {note}")),
        );
        Tried::Answered(with_notes_first(drift, rendered))
    }
}

/// One stderr line per known field that was read as absent because of its type.
pub(crate) fn ignored_notes(entry: &Entry, extra: &crate::extra::Extra) -> Vec<String> {
    extra
        .ignored()
        .iter()
        .map(|field| format!("{}: {field}: ignored", entry.info.name))
        .collect()
}

/// `rendered` with `notes` before its own stderr lines.
fn with_notes_first(mut notes: Vec<String>, mut rendered: Rendered) -> Rendered {
    if !notes.is_empty() {
        notes.append(&mut rendered.stderr);
        rendered.stderr = notes;
    }
    rendered
}

/// One handler's run, past the parse: what rendering and the failure policy need.
pub(crate) struct Run {
    entry: &'static Entry,
    /// The payload's event name: the entry's, or for a Claude entry the Cursor event Cursor
    /// ran it as.
    event: &'static str,
    /// The host that ran the command and reads the answer: the entry's, or Cursor for a Claude
    /// entry picked by the Cursor event Cursor runs it as.
    reader: crate::Host,
    version: crate::cursor::version::CursorVersion,
    legacy_format: bool,
    /// Copilot started the process and reads this Claude entry's answer.
    copilot: bool,
    _deadline: Option<Deadline>,
}

impl Run {
    /// `None` when the payload (`event`, `version`, whether it has a `model`) names another
    /// event than the handler's.
    #[inline(never)]
    pub(crate) fn start(
        entry: &'static Entry,
        event: &str,
        version: &crate::cursor::version::CursorVersion,
        has_model: bool,
        settings: &Settings,
    ) -> Option<Run> {
        let (name, reader) = if event == entry.info.name {
            (entry.info.name, entry.info.host)
        } else if !event.is_empty() && event == entry.info.cursor_name {
            (entry.info.cursor_name, crate::Host::Cursor)
        } else {
            return None;
        };
        let mut run = Run {
            entry,
            event: name,
            reader,
            version: version.clone(),
            legacy_format: legacy_format(name, version, has_model),
            copilot: settings.read_by_copilot(reader),
            _deadline: None,
        };
        if let Some(seconds) = entry.options.timeout {
            let budget = budget(seconds);
            let late = || match entry.options.fail {
                // Built before every handler call, so the common case is built from its
                // pieces: the general path costs ~7,000 instructions (BENCHMARKS.md).
                FailPolicy::Open => late_open_answer(entry, budget, seconds),
                FailPolicy::Closed => late_answer(&run.failed("", &late_problem(budget, seconds))),
            };
            let deadline = Deadline::arm(budget.saturating_sub(settings.started.elapsed()), late);
            run._deadline = Some(deadline);
        }
        Some(run)
    }

    /// The answer to a panic under `panic = "abort"`, where it cannot be caught. Built before
    /// every handler call, so a fail-open handler's (`{}` whatever the payload's version) keeps
    /// no copy of the version.
    fn abort_answer(&self) -> AbortAnswer {
        let entry = self.entry;
        if entry.options.fail == FailPolicy::Open {
            return Box::new(move |message| {
                let handler = entry.options.handler;
                let problem = format!("handler `{handler}` panicked: {message}");
                late_answer(&failure(Some(entry), FailPolicy::Open, &problem, None))
            });
        }
        let run = Run {
            entry: self.entry,
            event: self.event,
            reader: self.reader,
            version: self.version.clone(),
            legacy_format: self.legacy_format,
            copilot: self.copilot,
            _deadline: None,
        };
        Box::new(move |message| late_answer(&run.failed("panicked", message)))
    }

    fn render_context(&self) -> RenderContext<'_> {
        RenderContext {
            event: self.event,
            reader: self.reader,
            version: &self.version,
            legacy_format: self.legacy_format,
            keep_ask: self.entry.options.keep_ask,
            copilot: self.copilot,
        }
    }

    /// The failure policy's answer to this handler failing (`how`: "failed", "panicked", or
    /// empty when `why` says it).
    #[inline(never)]
    fn failed(&self, how: &str, why: &str) -> Rendered {
        let handler = self.entry.options.handler;
        let problem = match how {
            "" => format!("handler `{handler}` {why}"),
            how => format!("handler `{handler}` {how}: {why}"),
        };
        let ctx = self.render_context();
        failure(
            Some(self.entry),
            self.entry.options.fail,
            &problem,
            Some(&ctx),
        )
    }
}

/// Why the deadline answered (after "handler `name` ").
fn late_problem(budget: Duration, seconds: u32) -> String {
    format!(
        "did not answer within its budget ({} ms of the {seconds} s timeout)",
        budget.as_millis()
    )
}

/// Why the deadline answered while the payload was still being read.
fn read_problem(budget: Duration, seconds: u32) -> String {
    format!(
        "no complete JSON object on stdin within the budget ({} ms of the {seconds} s timeout)",
        budget.as_millis()
    )
}

/// Arms the deadline that covers reading stdin, counted from the hook's start like the
/// handler's; dropping it disarms it. With one handler it is that handler's deadline and
/// failure answer. With several, the event is not known yet: the smallest `timeout` among
/// them, answered by the binary's policy (fail-closed when any handler is), so that every
/// handler's policy is applied before Cursor's own timeout. `None` when no handler has a
/// `timeout` (Cursor's default applies; it is not known).
pub(crate) fn arm_read_deadline(entries: &[Entry], settings: &Settings) -> Option<Deadline> {
    let seconds = entries
        .iter()
        .filter_map(|entry| entry.options.timeout)
        .min()?;
    let only = match entries {
        [only] => Some(only),
        _ => None,
    };
    let policy = binary_policy(entries);
    let budget = budget(seconds);
    let late = || match policy {
        // Built at every start, so from its pieces (see `late_open_answer`).
        FailPolicy::Open => read_open_answer(only, budget, seconds),
        FailPolicy::Closed => {
            late_answer(&failure(only, policy, &read_problem(budget, seconds), None))
        }
    };
    Some(Deadline::arm(
        budget.saturating_sub(settings.started.elapsed()),
        late,
    ))
}

/// The read deadline's answer for a fail-open binary, byte for byte what
/// `late_answer(&failure(only, Open, &read_problem(budget, seconds), None))` gives.
fn read_open_answer(only: Option<&Entry>, budget: Duration, seconds: u32) -> LateAnswer {
    quick_open_answer(only, |note| {
        note.push_str("no complete JSON object on stdin within the budget");
        push_budget(note, budget, seconds);
    })
}

/// The deadline's answer for a fail-open handler, byte for byte what
/// `late_answer(&run.failed("", &late_problem(budget, seconds)))` gives, without formatting
/// machinery or intermediate strings.
fn late_open_answer(entry: &Entry, budget: Duration, seconds: u32) -> LateAnswer {
    quick_open_answer(Some(entry), |note| {
        for piece in ["handler `", entry.options.handler] {
            note.push_str(piece);
        }
        note.push_str("` did not answer within its budget");
        push_budget(note, budget, seconds);
    })
}

/// A fail-open failure answer, byte for byte what `late_answer(&failure(entry, Open, problem,
/// None))` gives, with `problem` written by `push_problem`.
fn quick_open_answer(entry: Option<&Entry>, push_problem: impl FnOnce(&mut String)) -> LateAnswer {
    let mut note = String::with_capacity(160);
    note.push_str(crate::render::NOTE_PREFIX);
    if let Some(entry) = entry {
        note.push_str(entry.info.name);
        note.push_str(": ");
    }
    push_problem(&mut note);
    note.push_str("; fail-open: answered no opinion\n");
    LateAnswer {
        stdout: b"{}\n".to_vec(),
        stderr: note.into_bytes(),
        exit_code: 0,
    }
}

/// ` (N ms of the S s timeout)`.
fn push_budget(note: &mut String, budget: Duration, seconds: u32) {
    note.push_str(" (");
    push_decimal(note, u64::try_from(budget.as_millis()).unwrap_or(u64::MAX));
    note.push_str(" ms of the ");
    push_decimal(note, u64::from(seconds));
    note.push_str(" s timeout)");
}

fn push_decimal(out: &mut String, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.push_str(std::str::from_utf8(&digits[at..]).unwrap_or_default());
}

/// What the process writes when it must answer at once (deadline, panic under `abort`).
pub(crate) fn late_answer(rendered: &Rendered) -> LateAnswer {
    LateAnswer {
        stdout: rendered.stdout.clone().into_bytes(),
        stderr: rendered.stderr_text().into_bytes(),
        exit_code: rendered.exit_code,
    }
}

/// The part of a `timeout` the handler may use: the rest is the margin in which the answer is
/// written before Cursor kills the process (a tenth of the timeout, between 100 ms and 1 s).
fn budget(timeout_seconds: u32) -> Duration {
    let timeout = Duration::from_secs(u64::from(timeout_seconds));
    let margin = (timeout / 10).clamp(Duration::from_millis(100), Duration::from_secs(1));
    timeout.saturating_sub(margin)
}

/// The event's block as a typed response, rendered like any answer.
fn block<R: Response>(reason: String, ctx: &RenderContext<'_>) -> Option<Rendered> {
    R::failure_block(reason).map(|response| render(&response, *ctx))
}

/// The answer to a failure, by policy. `entry` is the handler whose event the payload is for
/// (`None` when the payload did not say and the binary has several); `ctx` is the payload's
/// rendering context when it was read.
#[inline(never)]
pub(crate) fn failure(
    entry: Option<&Entry>,
    policy: FailPolicy,
    problem: &str,
    ctx: Option<&RenderContext<'_>>,
) -> Rendered {
    let subject = entry.map_or(String::new(), |entry| format!("{}: ", entry.info.name));
    if policy == FailPolicy::Open {
        return Rendered::no_opinion().with_note(format!(
            "{subject}{problem}; fail-open: answered no opinion"
        ));
    }
    let blocked = entry.and_then(|entry| {
        let reason = format!("Blocked because the hook failed: {problem}");
        let unread = RenderContext::unread(entry.info.name, entry.info.host);
        let mut rendered = (entry.block)(reason, ctx.unwrap_or(&unread))?;
        // Notes of the renderer (a field the 1.7 format lacks) are not this answer's news.
        rendered.stderr.clear();
        Some((rendered, entry.info.blocked_as))
    });
    match blocked {
        Some((rendered, what)) => {
            rendered.with_note(format!("{subject}{problem}; fail-closed: answered {what}"))
        }
        None => Rendered {
            stdout: String::new(),
            exit_code: 2,
            stderr: Vec::new(),
        }
        .with_note(format!("{subject}{problem}; fail-closed: exit 2")),
    }
}

/// Closed when any handler is: a payload that names no event gets the strictest answer.
pub(crate) fn binary_policy(entries: &[Entry]) -> FailPolicy {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cursor::response::PreToolUseResponse;
    use crate::cursor::version::CursorVersion;

    #[test]
    fn the_run_time_names_are_the_tables() {
        let names: Vec<&str> = EVENTS.iter().map(|event| event.name).collect();
        assert_eq!(EVENT_NAMES.to_vec(), names);
        assert!(is_known_event("beforeShellExecution"));
        assert!(!is_known_event("beforeShellCommand"));
    }

    #[test]
    fn the_quick_deadline_answer_is_the_failure_policys() {
        fn never(_: &[u8], _: &str, _: &Settings) -> Tried {
            Tried::OtherEvent
        }
        for seconds in [1, 5, 10, 600] {
            let entry: &'static Entry = Box::leak(Box::new(Entry {
                info: entry_event("beforeShellExecution"),
                options: HookOptions {
                    handler: "guard",
                    fail: FailPolicy::Open,
                    timeout: Some(seconds),
                    matcher: None,
                    loop_limit: None,
                    keep_ask: false,
                },
                answer: never,
                block: block::<crate::cursor::response::BeforeShellExecutionResponse>,
            }));
            let run = Run {
                entry,
                event: entry.info.name,
                reader: crate::Host::Cursor,
                version: crate::cursor::version::CursorVersion::parse("2026.09.28-64d2043"),
                legacy_format: false,
                copilot: false,
                _deadline: None,
            };
            let budget = budget(seconds);
            let general = late_answer(&run.failed("", &late_problem(budget, seconds)));
            let quick = late_open_answer(entry, budget, seconds);
            assert_eq!(
                String::from_utf8_lossy(&quick.stderr),
                String::from_utf8_lossy(&general.stderr)
            );
            assert_eq!(quick.stdout, general.stdout);
            assert_eq!(quick.exit_code, general.exit_code);
            // The read deadline's, with one handler and with several.
            for only in [Some(entry), None] {
                let problem = read_problem(budget, seconds);
                let general = late_answer(&failure(only, FailPolicy::Open, &problem, None));
                let quick = read_open_answer(only, budget, seconds);
                assert_eq!(
                    String::from_utf8_lossy(&quick.stderr),
                    String::from_utf8_lossy(&general.stderr)
                );
                assert_eq!(quick.stdout, general.stdout);
                assert_eq!(quick.exit_code, general.exit_code);
            }
            // The panic answer under `abort` skips the version for fail-open handlers.
            let message = "boom\nat src/lib.rs:3";
            let quick = (run.abort_answer())(message);
            let general = late_answer(&run.failed("panicked", message));
            assert_eq!(quick.stderr, general.stderr);
            assert_eq!(quick.stdout, general.stdout);
            assert_eq!(quick.exit_code, general.exit_code);
        }
    }

    #[test]
    fn the_payload_cap_takes_whole_mib_from_1_to_1024() {
        assert_eq!(max_payload_bytes("1"), Ok(Some(1 << 20)));
        assert_eq!(max_payload_bytes(" 1024 "), Ok(Some(1 << 30)));
        assert_eq!(max_payload_bytes(""), Ok(None));
        assert_eq!(max_payload_bytes("  "), Ok(None));
        for hostile in [
            "0",
            "1025",
            "17592186044416",
            "18446744073709551615",
            "-1",
            "1.5",
            "x",
        ] {
            let note = max_payload_bytes(hostile).unwrap_err();
            assert!(note.contains(&format!("={hostile:?}:")), "{note}");
            assert!(note.ends_with("the cap is 64 MiB"), "{note}");
        }
        let note = max_payload_bytes("1\nx").unwrap_err();
        assert!(!note.contains('\n'), "{note}");
    }

    #[test]
    fn guesses_the_last_plain_event_name() {
        assert_eq!(
            guess_event_name(br#"{"command":"ls","hook_event_name":"beforeShellExecution"}"#),
            Some("beforeShellExecution")
        );
        assert_eq!(
            guess_event_name(br#"{ "hook_event_name" :  "stop" , "x":1}"#),
            Some("stop")
        );
        // A nested key after the real one is found first: the typed parse rejects the guess.
        assert_eq!(
            guess_event_name(br#"{"hook_event_name":"stop","tool_input":{"hook_event_name":"x"}}"#),
            Some("x")
        );
        // Escapes, non-strings and missing keys are left to the parser.
        assert_eq!(
            guess_event_name(br#"{"hook_event_name":"st\u006fp"}"#),
            None
        );
        assert_eq!(guess_event_name(br#"{"hook_event_name":7}"#), None);
        assert_eq!(
            guess_event_name(br#"{"hook_event_name":"unterminated"#),
            None
        );
        assert_eq!(guess_event_name(b"{}"), None);
        // A key spelled inside a string value is escaped, so it is not the key.
        assert_eq!(
            guess_event_name(br#"{"hook_event_name":"stop","x":"\"hook_event_name\":\"y\""}"#),
            Some("stop")
        );
        assert_eq!(
            guess_event_name(br#"{"hook_event_name":"stop","hook_event_name"}"#),
            None
        );
    }

    #[test]
    fn byte_order_marks_are_read() {
        assert_eq!(&*utf8(b"\xEF\xBB\xBF{}").unwrap(), b"{}");
        assert_eq!(&*utf8(b"{}").unwrap(), b"{}");
        assert_eq!(&*utf8(b"\xFF\xFE{\0}\0").unwrap(), b"{}");
        assert_eq!(&*utf8(b"\xFE\xFF\0{\0}").unwrap(), b"{}");
        assert!(
            utf8(b"\xFF\xFE{\0}").is_err(),
            "an odd byte count is not UTF-16"
        );
    }

    /// `ask = "keep"` on preToolUse does not compile (tests/ui); should a context carry it
    /// anyway, `ask` is still sent as `deny`, which is what Cursor does with it there.
    #[test]
    fn keep_ask_does_not_keep_ask_on_pre_tool_use() {
        for version in [
            CursorVersion::parse("2.0.77"),
            CursorVersion::parse("2026.09.28-64d2043"),
            CursorVersion::Missing,
        ] {
            let ctx = RenderContext {
                event: "preToolUse",
                reader: crate::Host::Cursor,
                version: &version,
                legacy_format: false,
                keep_ask: true,
                copilot: false,
            };
            let rendered = render(&PreToolUseResponse::ask("really?"), ctx);
            assert_eq!(
                rendered.stdout,
                concat!(r#"{"permission":"deny","user_message":"really?"}"#, "\n"),
                "at {version}"
            );
            assert_eq!(rendered.stderr.len(), 1, "{:?}", rendered.stderr);
        }
    }
}
