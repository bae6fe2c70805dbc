//! Testing hooks the way you test any Rust code: payload builders for every event, an
//! in-process runner that answers exactly as the hook binary would, and assertions.
//!
//! Behind the `testing` feature: a hook crate turns it on in its `[dev-dependencies]`
//! (`cursor-hooks = { version = "0.1", features = ["testing"] }`), so the hook's own build
//! compiles none of it.
//!
//! ```
//! use cursor_hooks::prelude::*;
//! use cursor_hooks::testing;
//!
//! #[cursor_hook(event = "beforeShellExecution")]
//! fn guard(input: BeforeShellExecution) -> BeforeShellExecutionResponse {
//!     if input.command.contains("rm -rf") { BeforeShellExecutionResponse::deny("rm -rf is blocked") }
//!     else if input.command.contains("push --force") { BeforeShellExecutionResponse::ask("force-push?") }
//!     else { no_opinion() }
//! }
//!
//! // What Cursor sees: the version rules and the failure policy applied as in the binary.
//! let answer = testing::run::<guard>(BeforeShellExecution::fixture().command("rm -rf /"));
//! cursor_hooks::assert_denied!(answer);
//! assert_eq!(answer.user_message().as_deref(), Some("rm -rf is blocked"));
//!
//! // `ask` reaches IDE builds before 2.4.21, and is sent as `deny` after.
//! let push = BeforeShellExecution::fixture().command("git push --force");
//! cursor_hooks::assert_asked!(testing::run::<guard>(push.clone().cursor_version("2.0.77")));
//! cursor_hooks::assert_denied!(testing::run::<guard>(push.cursor_version("2.4.21")));
//!
//! cursor_hooks::assert_no_opinion!(testing::run::<guard>(BeforeShellExecution::fixture().command("ls")));
//! ```
//!
//! The runner calls the same code as the generated `main` (only the process around it, stdin,
//! stdout and the exit, are left out), so an answer here is byte for byte the binary's. Two
//! things need the process and are left out too: the `timeout` deadline (a signal that ends the
//! process) and capture mode; test those on the built binary.
//!
//! The runner does not apply a handler's `matcher`: the editor does, before it starts the
//! binary, and the binary answers whatever payload it is given (see [`run`]). To test which
//! payloads reach a handler, install the binary into a scratch project and run
//! `cursor-hooks simulate`, which applies the matchers as the editor does.

use crate::capture::{CaptureLine, CapturedAnswer, REPLAYING};
use crate::cursor::render::{legacy_format, RenderContext, Response};
use crate::cursor::version::CursorVersion;
use crate::hook::HookEvent;
use crate::respond::Hook;
use crate::respond::{respond, Settings};
use crate::Host;
use serde_json::{Map, Value};
use std::marker::PhantomData;
use std::path::Path;

// The generated payload builders of each host (`spec/`), declared here rather than under
// `gen` so that a message about one (an unused fixture) names `cursor_hooks::testing`.
#[cfg(feature = "claude-code")]
#[path = "gen/claude/fixtures.rs"]
mod claude_fixtures;
#[cfg(feature = "codex")]
#[path = "gen/codex/fixtures.rs"]
mod codex_fixtures;
#[cfg(feature = "copilot")]
#[path = "gen/copilot/fixtures.rs"]
mod copilot_fixtures;
#[path = "gen/cursor/fixtures.rs"]
mod cursor_fixtures;

pub use crate::render::Rendered;
pub use crate::respond::Entry;

/// A payload under construction, for event `E`. Start from `E::fixture()`
/// (for example [`BeforeShellExecution::fixture`](crate::cursor::event::BeforeShellExecution::fixture)),
/// set what the test is about, then run it or [`build`](Fixture::build) the typed input.
#[derive(Debug, Clone, PartialEq)]
pub struct Fixture<E> {
    payload: Map<String, Value>,
    event: PhantomData<fn() -> E>,
}

impl<E: HookEvent> Fixture<E> {
    /// The fixture whose payload is the JSON object `text` (generated from the spec).
    pub(crate) fn from_text(text: &str) -> Self {
        Self::from_json(serde_json::from_str(text).expect("a generated fixture is JSON"))
    }

    pub(crate) fn from_json(payload: Value) -> Self {
        let Value::Object(payload) = payload else {
            unreachable!("fixtures are generated as objects")
        };
        Fixture {
            payload,
            event: PhantomData,
        }
    }

    /// Sets any top-level field, known to this crate or not.
    #[must_use = "a fixture is changed by value: use the returned fixture"]
    pub fn set(mut self, key: &str, value: impl Into<Value>) -> Self {
        self.payload.insert(key.to_owned(), value.into());
        self
    }

    /// Removes a field, to test a payload that lacks it.
    #[must_use = "a fixture is changed by value: use the returned fixture"]
    pub fn remove(mut self, key: &str) -> Self {
        self.payload.remove(key);
        self
    }

    /// Sets `cursor_version`: an IDE semver (`"2.4.21"`) or a CLI date build (`"2026.09.28-64d2043"`).
    #[must_use = "a fixture is changed by value: use the returned fixture"]
    pub fn cursor_version(self, version: &str) -> Self {
        self.set("cursor_version", version)
    }

    /// Removes `cursor_version` and `model`, as a 1.7-era payload has neither.
    #[must_use = "a fixture is changed by value: use the returned fixture"]
    pub fn cursor_1_7(self) -> Self {
        self.remove("cursor_version")
            .remove("model")
            .remove("session_id")
            .remove("user_email")
            .remove("transcript_path")
    }

    /// The payload as JSON.
    pub fn to_value(&self) -> Value {
        Value::Object(self.payload.clone())
    }

    /// The payload as the JSON text Cursor would send.
    pub fn to_json(&self) -> String {
        Value::Object(self.payload.clone()).to_string()
    }

    /// The typed input, as a handler receives it. Panics when the payload does not parse
    /// (a test that removed a required field should [`run`] it instead).
    pub fn build(&self) -> E {
        serde_json::from_value(self.to_value()).unwrap_or_else(|error| {
            panic!("the `{}` fixture does not parse: {error}", E::WIRE_NAME)
        })
    }
}

/// Anything the runner takes as stdin: a [`Fixture`], a typed input, a JSON value, JSON text,
/// raw bytes, or a file ([`Path`]).
pub trait Payload {
    /// The bytes Cursor would write on stdin.
    fn into_bytes(self) -> Vec<u8>;
}

impl<E: HookEvent> Payload for Fixture<E> {
    fn into_bytes(self) -> Vec<u8> {
        self.to_json().into_bytes()
    }
}

impl<E: HookEvent> Payload for &Fixture<E> {
    fn into_bytes(self) -> Vec<u8> {
        self.to_json().into_bytes()
    }
}

impl Payload for &str {
    fn into_bytes(self) -> Vec<u8> {
        self.as_bytes().to_vec()
    }
}

impl Payload for String {
    fn into_bytes(self) -> Vec<u8> {
        String::into_bytes(self)
    }
}

impl Payload for &[u8] {
    fn into_bytes(self) -> Vec<u8> {
        self.to_vec()
    }
}

impl Payload for Vec<u8> {
    fn into_bytes(self) -> Vec<u8> {
        self
    }
}

impl Payload for &Path {
    fn into_bytes(self) -> Vec<u8> {
        std::fs::read(self)
            .unwrap_or_else(|error| panic!("cannot read payload {}: {error}", self.display()))
    }
}

impl Payload for Value {
    fn into_bytes(self) -> Vec<u8> {
        serde_json::to_vec(&self).expect("a JSON value always serializes")
    }
}

impl Rendered {
    /// The payload's known fields that the run read as absent because Cursor sent them with
    /// another type than this version expects (payload drift), from their stderr lines. The
    /// handler ran without them; each is in its input's [`extra`](crate::Extra).
    ///
    /// A test that your hook keeps working when Cursor changes a field's type:
    ///
    /// ```
    /// use cursor_hooks::prelude::*;
    /// use cursor_hooks::testing;
    ///
    /// #[cursor_hook(event = "beforeShellExecution", fail = "closed")]
    /// fn guard(input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    ///     if input.command.contains("rm -rf") {
    ///         BeforeShellExecutionResponse::deny("rm -rf is blocked")
    ///     } else {
    ///         no_opinion()
    ///     }
    /// }
    ///
    /// let drifted = BeforeShellExecution::fixture()
    ///     .command("rm -rf /")
    ///     .set("sandbox", "yes") // a bool in today's payloads
    ///     .set("workspace_roots", "/project"); // a list in today's payloads
    /// let answer = testing::run::<guard>(drifted);
    /// cursor_hooks::assert_denied!(answer);
    /// assert_eq!(answer.ignored_fields(), ["sandbox", "workspace_roots"]);
    /// assert_eq!(
    ///     answer.stderr[0],
    ///     "beforeShellExecution: field 'sandbox' is a string, expected a bool: ignored"
    /// );
    /// ```
    pub fn ignored_fields(&self) -> Vec<&str> {
        self.stderr
            .iter()
            .filter(|line| line.ends_with(": ignored"))
            .filter_map(|line| line.split_once(": field '")?.1.split_once("' is "))
            .map(|(name, _)| name)
            .collect()
    }
}

/// One handler, for [`run_all`]: `testing::handler::<guard>()`.
#[must_use]
pub fn handler<H: Hook>() -> Entry {
    H::ENTRY
}

/// Every entry of one handler, for [`run_all`]: a unified handler (`#[hook]`) has one per host
/// event it is wired as, where [`handler`] gives its first only.
///
/// ```
/// use cursor_hooks::prelude::*;
/// use cursor_hooks::testing;
///
/// #[hook(on = "agent.stop", hosts = (Cursor, Codex))]
/// fn tests_first(_call: &StopCall) -> StopAnswer {
///     StopAnswer::keep_going("run the tests")
/// }
///
/// assert_eq!(testing::entries::<tests_first>().len(), 2);
/// let codex = testing::neutral_payload("agent.stop", "", cursor_hooks::Host::Codex, "Stop", "");
/// let answer = testing::run_all(testing::entries::<tests_first>(), codex.unwrap());
/// assert!(answer.stdout.contains("\"decision\":\"block\""), "{answer:?}");
/// ```
#[must_use]
pub fn entries<H: Hook>() -> &'static [Entry] {
    H::ENTRIES
}

/// Answers `payload` with one handler, as its binary would.
///
/// The handler's `matcher` is not applied: the editor applies it before it starts the binary,
/// and the binary (like this runner) answers any payload of the handler's event. A payload the
/// matcher would not select is answered all the same:
///
/// ```
/// use cursor_hooks::prelude::*;
/// use cursor_hooks::testing;
///
/// #[cursor_hook(event = "preToolUse", matcher = "Shell")]
/// fn shell_only(_input: PreToolUse) -> PreToolUseResponse {
///     PreToolUseResponse::deny("no tools today")
/// }
///
/// // The editor never starts the hook for a Read; the runner answers it anyway.
/// let read = PreToolUse::fixture().tool_name("Read");
/// cursor_hooks::assert_denied!(testing::run::<shell_only>(read));
/// ```
///
/// To check which payloads reach a handler, wire the built binary into a scratch project
/// (`my-hooks install --project DIR`) and run `cursor-hooks simulate --project DIR --event
/// preToolUse --set tool_name=Read`: it applies each hook's matcher as the editor does and
/// lists a hook it does not start as `skipped`.
pub fn run<H: Hook>(payload: impl Payload) -> Rendered {
    run_all(&[H::ENTRY], payload)
}

/// Answers `payload` with several handlers, as a `main!(a, b, ...)` binary would.
pub fn run_all(handlers: &[Entry], payload: impl Payload) -> Rendered {
    respond(handlers, &payload.into_bytes(), &Settings::from_env())
}

/// Answers `payload` with several handlers as the command `install` wires for `host`'s event
/// `event` does (`--host H --event E`): the way to run a payload that names no event, as
/// Copilot's do.
///
/// ```
/// use cursor_hooks::prelude::*;
/// use cursor_hooks::{testing, Host};
///
/// #[hook(on = "agent.stop", hosts = (Copilot))]
/// fn tests_first(_call: &StopCall) -> StopAnswer {
///     StopAnswer::keep_going("run the tests")
/// }
///
/// let payload = testing::neutral_payload("agent.stop", "", Host::Copilot, "agentStop", "").unwrap();
/// let answer = testing::run_wired(testing::entries::<tests_first>(), Host::Copilot, "agentStop", payload);
/// assert!(answer.stdout.contains("run the tests"), "{answer:?}");
/// ```
pub fn run_wired(handlers: &[Entry], host: Host, event: &str, payload: impl Payload) -> Rendered {
    let wiring = crate::respond::Wiring {
        handlers: vec![(host, event.to_owned())],
    };
    crate::respond::respond_wired(
        handlers,
        &wiring,
        &payload.into_bytes(),
        &Settings::from_env(),
    )
}

/// What one entry of a unified handler ([`hook`](crate::hook)) answered: [`unified`].
#[derive(Debug, Clone)]
pub struct HostAnswer {
    /// The host the entry is wired into.
    pub host: Host,
    /// The host's own event.
    pub event: &'static str,
    /// The answer in the host's own form, as the command `install` wires for the entry
    /// (`--host H --event E`) writes it.
    pub answer: Rendered,
}

/// A host's own payload of one neutral call: the concept `concept` for the tool kind `tool`
/// (empty for a concept without one) at the host's event `event`, carrying `subject` (a shell
/// call's command, a read's path, a prompt) where the host sends it. `None` for an event a
/// unified handler of that concept is not wired as ([`cursor_hooks_spec::concepts::UNIFIED`]
/// lists them). `simulate --concept` runs it through each host's hooks side by side.
///
/// ```
/// use cursor_hooks::{testing, Host};
///
/// let claude = testing::neutral_payload("tool.before", "shell", Host::ClaudeCode, "PreToolUse", "rm -rf build").unwrap();
/// assert_eq!(claude["tool_name"], "Bash");
/// assert_eq!(claude["tool_input"]["command"], "rm -rf build");
/// let cursor = testing::neutral_payload("tool.before", "shell", Host::Cursor, "beforeShellExecution", "ls").unwrap();
/// assert_eq!(cursor["command"], "ls");
/// assert!(testing::neutral_payload("tool.before", "shell", Host::Cursor, "stop", "ls").is_none());
/// ```
pub fn neutral_payload(
    concept: &str,
    tool: &str,
    host: Host,
    event: &str,
    subject: &str,
) -> Option<serde_json::Value> {
    crate::gen::neutral::fixture(concept, tool, host, event, subject)
}

/// Runs a unified handler on one call in every host it lists, in one go: each of its entries
/// (one per host event it is wired into) gets that host's own fixture payload of its event,
/// with `subject` where the host sends it (a shell call's command), and answers as the command
/// `install` writes for it does. One answer per entry, in the order `main!` lists them.
///
/// ```
/// use cursor_hooks::prelude::*;
/// use cursor_hooks::{testing, Host};
///
/// #[hook(on = "tool.before", tool = "shell", hosts = (Cursor, ClaudeCode, Codex, Copilot))]
/// fn guard(call: &ShellCall) -> ShellAnswer {
///     if call.command().contains("rm -rf") {
///         ShellAnswer::deny("rm -rf is blocked")
///     } else {
///         no_opinion()
///     }
/// }
///
/// let answers = testing::unified::<guard>("rm -rf build");
/// // Cursor's preToolUse and beforeShellExecution, Claude Code's, Codex's and Copilot's.
/// assert_eq!(answers.len(), 5);
/// for each in &answers {
///     cursor_hooks::assert_denied!(each.answer);
/// }
/// assert_eq!(answers[2].host, Host::ClaudeCode);
/// assert!(answers[2].answer.stdout.contains(r#""permissionDecision":"deny""#));
/// for each in testing::unified::<guard>("cargo test") {
///     cursor_hooks::assert_no_opinion!(each.answer);
/// }
/// ```
///
/// Panics when `H` is not a unified handler (an entry no concept wires).
pub fn unified<H: Hook>(subject: &str) -> Vec<HostAnswer> {
    H::ENTRIES
        .iter()
        .map(|entry| {
            let (host, event) = (entry.info.host, entry.info.name);
            let concept = cursor_hooks_spec::concepts::UNIFIED.iter().find(|row| {
                row.wirings.iter().any(|w| {
                    w.host == host.key() && w.event == event && w.matcher == entry.options.matcher
                })
            });
            let payload = concept
                .and_then(|row| {
                    crate::gen::neutral::fixture(row.concept, row.tool, host, event, subject)
                })
                .unwrap_or_else(|| {
                    panic!(
                        "{}'s `{event}` entry is not one a unified handler is wired as",
                        host.product()
                    )
                });
            let answer = run_wired(H::ENTRIES, host, event, payload);
            HostAnswer {
                host,
                event,
                answer,
            }
        })
        .collect()
}

/// Renders `answer` as a hook binary writes it in reply to `payload`, without a handler: the
/// payload's event and `cursor_version` decide, as for a handler's answer (the version rules,
/// the 1.7 format for payloads that have neither `cursor_version` nor `model`).
///
/// ```
/// use cursor_hooks::prelude::*;
/// use cursor_hooks::testing::render;
///
/// let answer = BeforeShellExecutionResponse::ask("push --force?");
/// // The CLI build of the fixture does not honour `ask`: it is sent as `deny`, with a note.
/// let today = render(&answer, BeforeShellExecution::fixture());
/// assert_eq!(today.stdout, concat!(r#"{"permission":"deny","user_message":"push --force?"}"#, "\n"));
/// assert_eq!(today.stderr.len(), 1);
/// let older = render(&answer, BeforeShellExecution::fixture().cursor_version("2.0.77"));
/// assert_eq!(older.stdout, concat!(r#"{"permission":"ask","user_message":"push --force?"}"#, "\n"));
/// ```
///
/// Panics when the payload is not a JSON object whose `hook_event_name` is a known event.
pub fn render<R: Response>(answer: &R, payload: impl Payload) -> Rendered {
    let payload: Value = serde_json::from_slice(&payload.into_bytes())
        .unwrap_or_else(|error| panic!("the payload is not JSON: {error}"));
    let name = payload["hook_event_name"].as_str().unwrap_or_default();
    let event = crate::cursor::spec::info(name)
        .unwrap_or_else(|| panic!("`{name}` (hook_event_name) is not a known event"))
        .name;
    with_context(event, Host::Cursor, &payload, |ctx| {
        crate::cursor::render::render(answer, ctx)
    })
}

/// Renders a Claude Code `answer` as a hook binary writes it in reply to `payload`, without a
/// handler: Claude Code's form for Claude Code's payloads, and the form Cursor reads for the
/// payload Cursor sends when it runs a Claude entry (its `hook_event_name` is camelCase).
///
/// ```
/// use cursor_hooks::claude::prelude::*;
/// use cursor_hooks::testing::render_claude;
///
/// let answer = PreToolUseResponse::deny("rm -rf is blocked");
/// let claude = render_claude(&answer, PreToolUse::fixture());
/// assert_eq!(
///     claude.stdout,
///     concat!(r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"rm -rf is blocked"}}"#, "\n")
/// );
/// let cursor = render_claude(&answer, cursor_hooks::cursor::event::PreToolUse::fixture());
/// assert_eq!(
///     cursor.stdout,
///     concat!(r#"{"permission":"deny","user_message":"rm -rf is blocked","agent_message":"rm -rf is blocked"}"#, "\n")
/// );
/// ```
///
/// Panics when the payload is not a JSON object whose `hook_event_name` is `R`'s event or a
/// Cursor event.
#[cfg(feature = "claude-code")]
pub fn render_claude<R: crate::claude::response::Response>(
    answer: &R,
    payload: impl Payload,
) -> Rendered {
    let payload: Value = serde_json::from_slice(&payload.into_bytes())
        .unwrap_or_else(|error| panic!("the payload is not JSON: {error}"));
    let name = payload["hook_event_name"].as_str().unwrap_or_default();
    let (event, reader) = if name == R::EVENT {
        (R::EVENT, Host::ClaudeCode)
    } else {
        let info = crate::cursor::spec::info(name).unwrap_or_else(|| {
            panic!(
                "`{name}` (hook_event_name) is neither `{}` nor a Cursor event",
                R::EVENT
            )
        });
        (info.name, Host::Cursor)
    };
    with_context(event, reader, &payload, |ctx| {
        crate::claude::render::render(answer, ctx)
    })
}

/// Calls `render` with the context a hook binary builds from `payload` for `event`: its
/// `cursor_version` and whether it is a 1.7-era payload.
fn with_context(
    event: &'static str,
    reader: Host,
    payload: &Value,
    render: impl FnOnce(RenderContext<'_>) -> Rendered,
) -> Rendered {
    let version = payload
        .get("cursor_version")
        .and_then(Value::as_str)
        .map_or(CursorVersion::Missing, CursorVersion::parse);
    let has_model = payload.get("model").is_some_and(|model| !model.is_null());
    render(RenderContext {
        event,
        reader,
        version: &version,
        legacy_format: legacy_format(event, &version, has_model),
        keep_ask: false,
        copilot: false,
    })
}

/// A captured payload whose answer is different now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// The line of the capture file (from 1).
    pub line: usize,
    /// The payload's `hook_event_name`, when it has one.
    pub event: Option<String>,
    /// stdout and exit code then.
    pub before: (String, i32),
    /// stdout and exit code now.
    pub after: (String, i32),
}

/// Runs every payload of a capture file through `handlers` and returns the answers that
/// changed (an empty list: nothing changed). The file is read as `cursor-hooks replay` reads it
/// ([`capture::read_file`](crate::capture::read_file)): a line that is a bare payload has no
/// captured answer, so it is not run and is never a change.
///
/// ```
/// use cursor_hooks::prelude::*;
/// use cursor_hooks::testing;
///
/// #[cursor_hook(event = "beforeShellExecution")]
/// fn guard(input: BeforeShellExecution) -> BeforeShellExecutionResponse {
///     if input.command.contains("rm") { BeforeShellExecutionResponse::deny("no rm") } else { no_opinion() }
/// }
///
/// let file = std::env::temp_dir().join(format!("capture-doc-{}.jsonl", std::process::id()));
/// let captured = r#"{"payload":"{\"hook_event_name\":\"beforeShellExecution\",\"command\":\"rm x\"}","stdout":"{}","exit_code":0}"#;
/// std::fs::write(&file, format!("{captured}\n")).unwrap();
/// let changes = testing::replay(&[testing::handler::<guard>()], &file).unwrap();
/// assert_eq!(changes.len(), 1, "the guard denies now where it had no opinion");
/// # std::fs::remove_file(&file).unwrap();
/// ```
pub fn replay(handlers: &[Entry], capture: &Path) -> Result<Vec<Change>, ReplayError> {
    let lines = crate::capture::read_file(capture).map_err(|e| ReplayError(e.to_string()))?;
    let settings = Settings::from_env();
    let mut changes = Vec::new();
    for (line, CaptureLine { payload, answer }) in lines {
        // A payload without a captured answer has nothing to compare.
        let Some(then) = answer else {
            continue;
        };
        REPLAYING.with(|flag| flag.set(true));
        let now = respond(handlers, &payload, &settings);
        REPLAYING.with(|flag| flag.set(false));
        if !then.is_same(&now.stdout, now.exit_code) {
            let CapturedAnswer { stdout, exit_code } = then;
            let event = serde_json::from_slice::<Value>(&payload)
                .ok()
                .and_then(|v| v.get("hook_event_name")?.as_str().map(str::to_owned));
            changes.push(Change {
                line,
                event,
                before: (stdout, exit_code),
                after: (now.stdout, now.exit_code),
            });
        }
    }
    Ok(changes)
}

/// Why a capture file could not be replayed: it cannot be read, or a line is neither a capture
/// line nor a payload (the text of a [`CaptureError`](crate::capture::CaptureError)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError(String);

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ReplayError {}

/// A built hook binary, run as Cursor runs it: the payload on stdin, no arguments. For what
/// only the process does (deadlines, capture mode), and for end-to-end tests.
///
/// ```no_run
/// use cursor_hooks::prelude::*;
/// use cursor_hooks::testing::Binary;
///
/// let answer = Binary::new("target/release/policy")
///     .env(cursor_hooks::capture::CAPTURE_VARIABLE, "/tmp/capture.jsonl")
///     .run(BeforeShellExecution::fixture().command("rm -rf /"));
/// cursor_hooks::assert_denied!(answer);
/// ```
pub struct Binary {
    command: std::process::Command,
}

/// A hook process that has its payload and has not been waited for (to run several at once).
#[must_use = "a running hook must be waited for with `finish`"]
pub struct Running {
    child: std::process::Child,
}

impl Binary {
    /// The binary at `path`.
    pub fn new(path: impl AsRef<std::ffi::OsStr>) -> Binary {
        use std::process::Stdio;
        let mut command = std::process::Command::new(path);
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        Binary { command }
    }

    /// Sets an environment variable for the hook.
    #[must_use]
    pub fn env(
        mut self,
        key: impl AsRef<std::ffi::OsStr>,
        value: impl AsRef<std::ffi::OsStr>,
    ) -> Binary {
        self.command.env(key, value);
        self
    }

    /// Removes an environment variable the hook would inherit.
    #[must_use]
    pub fn env_remove(mut self, key: impl AsRef<std::ffi::OsStr>) -> Binary {
        self.command.env_remove(key);
        self
    }

    /// Starts the hook and writes the payload to its stdin. Panics when it cannot start.
    pub fn spawn(&mut self, payload: impl Payload) -> Running {
        use std::io::Write;
        let mut child = spawn(&mut self.command)
            .unwrap_or_else(|e| panic!("cannot start {:?}: {e}", self.command.get_program()));
        if let Some(mut stdin) = child.stdin.take() {
            // A hook that stops reading early (over the size cap) is not an error here.
            let _ = stdin.write_all(&payload.into_bytes());
        }
        Running { child }
    }

    /// Runs the hook on one payload and returns what it answered.
    pub fn run(&mut self, payload: impl Payload) -> Rendered {
        self.spawn(payload).finish()
    }
}

/// Starts `command`. On Windows a start that fails with `ERROR_INTERNAL_ERROR` (1359) is tried
/// again, twice at most: Wine returns it now and then for a start that succeeds when repeated,
/// and a test should not fail for that.
fn spawn(command: &mut std::process::Command) -> std::io::Result<std::process::Child> {
    const ERROR_INTERNAL_ERROR: i32 = 1359;
    let mut tries = 1;
    loop {
        match command.spawn() {
            Err(error)
                if cfg!(windows)
                    && error.raw_os_error() == Some(ERROR_INTERNAL_ERROR)
                    && tries < 3 =>
            {
                tries += 1;
            }
            result => return result,
        }
    }
}

impl Running {
    /// Waits for the hook: its stdout, its exit code (-1 when a signal ended it) and its stderr
    /// lines as written (with the `cursor-hooks: ` prefix).
    pub fn finish(self) -> Rendered {
        let output = self
            .child
            .wait_with_output()
            .expect("waiting for a child process");
        Rendered {
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            exit_code: output.status.code().unwrap_or(-1),
            stderr: String::from_utf8_lossy(&output.stderr)
                .lines()
                .map(str::to_owned)
                .collect(),
        }
    }
}

/// Asserts that an answer denies: `permission` (Cursor) or `permissionDecision` (Claude Code)
/// is `deny`.
#[macro_export]
macro_rules! assert_denied {
    ($answer:expr $(,)?) => {{
        let answer = &$answer;
        assert_eq!(
            answer.permission(),
            Some($crate::cursor::response::PermissionOrAsk::Deny),
            "expected a deny, got {answer:?}"
        );
    }};
}

/// Asserts that the host blocks the action in any way: a deny, `continue: false` (a prompt),
/// Claude Code's `decision: "block"`, or exit 2 (an event whose JSON cannot block).
#[macro_export]
macro_rules! assert_blocked {
    ($answer:expr $(,)?) => {{
        let answer = &$answer;
        assert!(answer.is_blocked(), "expected a block, got {answer:?}");
    }};
}

/// Asserts that an answer allows explicitly (`permission: allow`, or Claude Code's
/// `permissionDecision: allow`).
#[macro_export]
macro_rules! assert_allowed {
    ($answer:expr $(,)?) => {{
        let answer = &$answer;
        assert_eq!(
            answer.permission(),
            Some($crate::cursor::response::PermissionOrAsk::Allow),
            "expected an allow, got {answer:?}"
        );
    }};
}

/// Asserts that an answer asks the user (`permission: ask` reached Cursor, or Claude Code's
/// `permissionDecision: ask`).
#[macro_export]
macro_rules! assert_asked {
    ($answer:expr $(,)?) => {{
        let answer = &$answer;
        assert_eq!(
            answer.permission(),
            Some($crate::cursor::response::PermissionOrAsk::Ask),
            "expected an ask, got {answer:?}"
        );
    }};
}

/// Asserts that an answer is no opinion: `{}` with exit 0.
#[macro_export]
macro_rules! assert_no_opinion {
    ($answer:expr $(,)?) => {{
        let answer = &$answer;
        assert!(
            answer.is_no_opinion(),
            "expected no opinion ({{}}), got {answer:?}"
        );
    }};
}
