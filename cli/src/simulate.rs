//! `cursor-hooks simulate`: one payload (or a session of them) through every matching hook of
//! every source, started, read and merged by the rules of `spec/cursor/host.json`.
//!
//! Every hook wired for the event is listed: `ran`, `skipped` (its matcher did not select the
//! payload), `not_loaded` (Cursor ignores its file), `not_simulated` (a prompt hook) or
//! `never_ran` (it could not be started: its failure policy is no outcome of the hook). A hook
//! is killed with its whole process group at its timeout, whatever still holds its pipes, and
//! at most [`CURSOR_KEPT_BYTES`] of each output stream is kept (Cursor reads it all).

use crate::child::{self, Captured, Output};

/// How much of each output stream of a hook is kept: Cursor's own code reads all of it
/// (host.json `process.output_kept`), so far more than another reader's cap, and still a bound.
pub(crate) const CURSOR_KEPT_BYTES: usize = 64 << 20;

/// `text` trimmed as ECMAScript's `String.prototype.trim` trims (host.json `process.trim`):
/// Rust's `trim` keeps U+FEFF and takes U+0085, JavaScript's the other way round.
pub(crate) fn js_trim(text: &str) -> &str {
    text.trim_matches(|c: char| c == '\u{feff}' || (c.is_whitespace() && c != '\u{85}'))
}
use crate::host::{self, Effect, Subject};
use crate::sources::{self, ConfigFile, Hook, Locations};
use cursor_hooks::cursor::spec::{self, EventInfo};
use cursor_hooks::cursor::{Category, CursorVersion};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Each event's payload keys, generated from `spec/cursor/events.json` (see `codegen/src/cli_data.rs`).
const INPUT_FIELDS: &str = include_str!("../data/input-fields.json");

/// The editor whose hooks `simulate` runs: one at a time, as a payload is one editor's.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Editor {
    /// Cursor: `.cursor/hooks.json` and the files Cursor imports.
    Cursor,
    /// Claude Code: `.claude/settings*.json`, `~/.claude/settings.json` and plugins.
    ClaudeCode,
    /// OpenAI Codex CLI: `~/.codex/hooks.json` and, in a trusted project, `.codex/hooks.json`.
    Codex,
    /// GitHub Copilot CLI: `~/.copilot/hooks/*.json` and, in a trusted folder,
    /// `.github/hooks/*.json` (the event from `--event` or each session line).
    Copilot,
}

#[derive(clap::Args)]
pub struct Args {
    /// The editor whose hooks run: `cursor` (default), `claude-code` (Claude Code's settings,
    /// its payloads, its rules), `codex` (Codex's hooks files, trust and rules) or `copilot`
    /// (Copilot's hooks files, folder trust and rules).
    #[arg(long, value_enum, default_value_t = Editor::Cursor)]
    pub(crate) host: Editor,
    /// The project (default: the current directory).
    #[arg(long)]
    pub(crate) project: Option<PathBuf>,
    /// A plugin folder whose hooks the editor loads (as `agent --plugin-dir`, `cursor-agent
    /// --plugin-dir` under its older name, or
    /// `claude --plugin-dir`).
    #[arg(long = "plugin-dir")]
    pub(crate) plugin_dirs: Vec<PathBuf>,
    /// With `--host claude-code`: a settings file Claude Code is given (as `claude --settings
    /// FILE`).
    #[arg(long)]
    pub(crate) settings: Option<PathBuf>,
    /// Sets the payload's `cursor_version`: an IDE version (`2.0.77`) or a CLI build
    /// (`2026.09.28-64d2043`).
    #[arg(long)]
    pub(crate) cursor_version: Option<String>,
    /// Print the result as one JSON object (one per line with `--session`, then a summary).
    #[arg(long)]
    pub(crate) json: bool,
    /// Build the payload from the fixture for this event (the host's event name); with `--host
    /// copilot`, also the event of a PAYLOAD or of a session's bare lines (Copilot's payloads
    /// name none).
    #[arg(long)]
    pub(crate) event: Option<String>,
    /// With `--event`: set a payload field the event has, `KEY=VALUE` (VALUE is read as JSON
    /// when it parses).
    #[arg(long = "set", requires = "event")]
    pub(crate) sets: Vec<String>,
    /// Run every payload of a JSONL file (captures, or one payload per line; with `--host
    /// copilot`, lines `{"event": NAME, "payload": {...}}`, or bare payloads of `--event`).
    #[arg(long, conflicts_with = "payload")]
    pub(crate) session: Option<PathBuf>,
    /// The payload: a JSON file, or `-` for stdin.
    pub(crate) payload: Option<PathBuf>,
    /// Run one host-neutral call through every host's hooks, side by side: `tool.before` (with
    /// `--tool`) or `prompt.submitted`, each host getting its own payload of it at each event a
    /// unified handler of the concept is wired as.
    #[arg(long, conflicts_with_all = ["host", "event", "payload", "session", "settings", "cursor_version", "plugin_dirs"])]
    pub(crate) concept: Option<String>,
    /// With `--concept tool.before`: the tool kind (`shell`, `read`).
    #[arg(long, requires = "concept")]
    pub(crate) tool: Option<String>,
    /// With `--concept`: the shell command, the path read or the prompt.
    #[arg(long, requires = "concept")]
    pub(crate) subject: Option<String>,
    /// With `--concept`: the hosts to compare, comma-separated (default: every one).
    #[arg(long, value_enum, value_delimiter = ',', requires = "concept")]
    pub(crate) hosts: Vec<Editor>,
}

impl Editor {
    /// Every editor, in the registry's order.
    pub(crate) const ALL: [Editor; 4] = [
        Editor::Cursor,
        Editor::ClaudeCode,
        Editor::Codex,
        Editor::Copilot,
    ];

    /// The editor's simulator: each has its own; the subcommand's arguments and exit codes
    /// are shared ([`run`]).
    pub(crate) fn simulator(self) -> fn(&Args) -> Result<(), Stop> {
        match self {
            Editor::Cursor => cursor,
            Editor::ClaudeCode => crate::claude::simulate::run,
            Editor::Codex => crate::codex::simulate::run,
            Editor::Copilot => crate::copilot::simulate::run,
        }
    }

    /// The runtime's name for it.
    pub(crate) fn host(self) -> cursor_hooks::Host {
        match self {
            Editor::Cursor => cursor_hooks::Host::Cursor,
            Editor::ClaudeCode => cursor_hooks::Host::ClaudeCode,
            Editor::Codex => cursor_hooks::Host::Codex,
            Editor::Copilot => cursor_hooks::Host::Copilot,
        }
    }
}

/// Why the subcommand stopped early.
pub(crate) enum Stop {
    /// A mistake in the arguments: exit 2.
    Usage(String),
    /// The payload or a file cannot be read: exit 1.
    Failed(String),
}

impl From<String> for Stop {
    fn from(message: String) -> Self {
        Stop::Failed(message)
    }
}

impl From<&str> for Stop {
    fn from(message: &str) -> Self {
        Stop::Failed(message.to_owned())
    }
}

/// Writes to stdout; a closed stdout (`| head`) ends the process quietly ([`crate::out`]).
fn out(text: &str) -> Result<(), Stop> {
    crate::out::print(text);
    Ok(())
}

/// Writes one line to stderr, ignoring a closed stderr.
pub(crate) fn note(text: &str) {
    let _ = writeln!(std::io::stderr(), "{text}");
}

/// Adds one payload's result to what `simulate` prints: with `--json`, one JSON line per
/// payload of a `--session`, else the JSON pretty-printed; without, the result's text.
pub(crate) fn push_result(
    text: &mut String,
    args: &Args,
    json: Value,
    plain: impl FnOnce() -> String,
) {
    if !args.json {
        text.push_str(&plain());
    } else if args.session.is_some() {
        text.push_str(&format!("{json}\n"));
    } else {
        text.push_str(&format!(
            "{}\n",
            serde_json::to_string_pretty(&json).expect("JSON")
        ));
    }
}

/// Runs the subcommand with the editor's `simulator` ([`cursor`], or Claude Code's): exit 0
/// whatever the decision (files the editor would ignore included), 2 on a mistake in the
/// arguments, 1 when the payload cannot be read.
pub fn run(args: Args, simulator: fn(&Args) -> Result<(), Stop>) -> Result<i32, String> {
    let given = args.payload.is_some() || args.session.is_some();
    let result = if args.event.is_some() && given && args.host != Editor::Copilot {
        Err(Stop::Usage(
            "--event builds the payload: give it, a PAYLOAD or --session, not both (only Copilot's payloads need --event beside them)".to_owned(),
        ))
    } else {
        simulator(&args)
    };
    match result {
        Ok(()) => Ok(0),
        Err(Stop::Usage(message)) => {
            note(&format!("cursor-hooks: {message}"));
            Ok(2)
        }
        Err(Stop::Failed(message)) => Err(message),
    }
}

/// Cursor's simulator.
pub(crate) fn cursor(args: &Args) -> Result<(), Stop> {
    if let Some(version) = &args.cursor_version {
        if let CursorVersion::Unreadable(raw) = CursorVersion::parse(version) {
            return Err(Stop::Usage(format!(
                "--cursor-version `{raw}` is neither an IDE version (`2.0.77`) nor a CLI build (`2026.09.28-64d2043`); to send an unreadable version on purpose, use --event with --set cursor_version=..."
            )));
        }
    }
    // Mistakes in the arguments stop before any hook runs.
    let built = args
        .event
        .as_ref()
        .map(|event| fixture(event, &args.sets))
        .transpose()?;
    if args.settings.is_some() {
        return Err(Stop::Usage(
            "--settings is Claude Code's: add --host claude-code".to_owned(),
        ));
    }
    let locations = Locations::new(args.project.clone(), args.plugin_dirs.clone())?;
    let files = sources::load(&locations);
    for file in files.iter().filter(|f| f.voided) {
        for finding in file.findings.iter().filter(|f| f.voids) {
            note(&crate::findings::line(finding, false));
        }
        note(&format!(
            "cursor-hooks: Cursor loads no hook of {}; its hooks are listed as not loaded",
            file.path.display()
        ));
    }
    let simulator = Simulator {
        locations: &locations,
        files: &files,
        warned: AtomicBool::new(false),
    };
    if let Some(session) = &args.session {
        return session_run(&simulator, session, args);
    }
    let mut payload = match built {
        Some(payload) => payload,
        None => read_payload(args)?,
    };
    if let Some(version) = &args.cursor_version {
        payload["cursor_version"] = Value::String(version.clone());
    }
    let result = simulator.simulate(
        &serde_json::to_vec(&payload).expect("a JSON value"),
        &payload,
        &[],
    )?;
    if args.json {
        out(&format!(
            "{}\n",
            serde_json::to_string_pretty(&result.to_json()).expect("JSON")
        ))
    } else {
        out(&result.to_text())
    }
}

/// The PAYLOAD argument: a JSON file, or `-` for stdin.
fn read_payload(args: &Args) -> Result<Value, Stop> {
    let path = args.payload.as_ref().ok_or_else(|| {
        Stop::Usage("give a PAYLOAD file (or `-`), --event or --session".to_owned())
    })?;
    let text = if path == Path::new("-") {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("cannot read stdin: {e}"))?;
        text
    } else {
        let bytes = crate::safe_read::read_or_say(path, crate::safe_read::PAYLOAD_LIMIT)?;
        String::from_utf8(bytes).map_err(|e| format!("{} is not UTF-8 ({e})", path.display()))?
    };
    Ok(serde_json::from_str(&text).map_err(|e| format!("the payload is not JSON: {e}"))?)
}

/// A payload built from the runtime's fixture for `event`, with `KEY=VALUE` fields set: only
/// keys the event's payload has (or a spelling Cursor has used for one).
fn fixture(event: &str, sets: &[String]) -> Result<Value, Stop> {
    let mut payload = spec::fixture(event).ok_or_else(|| {
        let hint = spec::closest(event, spec::EVENTS.iter().map(|e| e.name))
            .map(|n| format!("; did you mean `{n}`?"))
            .unwrap_or_default();
        Stop::Usage(format!("`{event}` is not a Cursor event{hint}"))
    })?;
    let fields = input_fields(event);
    for set in sets {
        let (key, value) = set
            .split_once('=')
            .ok_or_else(|| Stop::Usage(format!("--set {set}: write KEY=VALUE")))?;
        if !fields.contains(&key) {
            let hint = spec::closest(key, fields.iter().copied())
                .map(|n| format!("; did you mean `{n}`?"))
                .unwrap_or_else(|| format!("; it has {}", fields.join(", ")));
            return Err(Stop::Usage(format!(
                "--set {set}: a `{event}` payload has no `{key}`{hint}"
            )));
        }
        let value = serde_json::from_str(value).unwrap_or_else(|_| Value::String(value.to_owned()));
        payload[key] = value;
    }
    Ok(payload)
}

/// The keys a payload of `event` has: the common ones, then the event's own.
fn input_fields(event: &str) -> Vec<&'static str> {
    static FIELDS: OnceLock<Value> = OnceLock::new();
    let all = FIELDS.get_or_init(|| {
        serde_json::from_str(INPUT_FIELDS).expect("data/input-fields.json is JSON")
    });
    let names = |list: &'static Value| {
        list.as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
    };
    names(&all["common"])
        .chain(names(&all["events"][event]))
        .collect()
}

struct Simulator<'a> {
    locations: &'a Locations,
    files: &'a [ConfigFile],
    /// Whether the notice that hooks really run was given.
    warned: AtomicBool,
}

/// One hook wired for the event, in configured order, and what became of it.
enum Entry {
    /// It ran (or, a prompt hook, was not simulated).
    Ran(Box<HookRun>),
    /// Its matcher did not select the payload.
    Skipped {
        at: Place,
        matcher: String,
        subject: String,
        reason: String,
    },
    /// Cursor ignores its file; `at.pointer` is empty when the file yielded no hook at all.
    NotLoaded { at: Place, reason: String },
    /// It could not be started ([`never_ran`]).
    NeverRan { at: Place, reason: String },
}

/// A hook wired for the event: to run (its file, itself, its source's priority), or listed
/// with why it does not run.
enum Wired<'a> {
    Runs(&'a ConfigFile, &'a Hook, usize),
    Listed(Entry),
}

/// Where a hook is wired (both editors' simulators).
#[derive(Clone)]
pub(crate) struct Place {
    pub(crate) source: String,
    pub(crate) file: PathBuf,
    /// The JSON pointer of the hook in its file; empty for the file as a whole.
    pub(crate) pointer: String,
    pub(crate) command: Option<String>,
}

impl Place {
    fn of(file: &ConfigFile, hook: Option<&Hook>) -> Place {
        Place {
            source: file.source.clone(),
            file: file.path.clone(),
            pointer: hook.map(|h| h.pointer.clone()).unwrap_or_default(),
            command: hook.and_then(|h| h.command.clone()),
        }
    }

    /// `[source] file#pointer`, for text output.
    pub(crate) fn label(&self) -> String {
        if self.pointer.is_empty() {
            format!("[{}] {}", self.source, self.file.display())
        } else {
            format!("[{}] {}#{}", self.source, self.file.display(), self.pointer)
        }
    }

    pub(crate) fn to_json(&self, status: &str) -> Map<String, Value> {
        let value = json!({
            "status": status,
            "source": self.source,
            "file": self.file,
            "path": self.pointer,
            "command": self.command,
        });
        match value {
            Value::Object(map) => map,
            _ => unreachable!("an object"),
        }
    }
}

/// One hook that ran (or a prompt hook that was not simulated), and how its result was read.
struct HookRun {
    source: String,
    file: PathBuf,
    pointer: String,
    command: String,
    matcher: Option<String>,
    /// `false` for a prompt hook, which the simulator does not run.
    simulated: bool,
    millis: u128,
    exit_code: Option<i32>,
    timed_out: bool,
    stdout: Captured,
    stderr: Captured,
    /// Which rule of host.json read the result (`exit-0-json`, `timeout`, ...).
    rule: String,
    /// What the result does to the answer.
    effect: Effect,
    /// The hook's answer when applied.
    answer: Option<Value>,
    /// Cursor's message for the hook: the block message, or the timeout message.
    message: Option<String>,
    /// What the simulator saw beyond Cursor's reading (a process that held the pipes).
    note: Option<String>,
    verified: bool,
    /// Cursor's priority of the hook's source (0 highest).
    priority: usize,
    /// Set when the answer was in Claude Code's shape, with the rule's source.
    claude_format: Option<String>,
    /// Why it could not be started ([`never_ran`]).
    never_ran: Option<String>,
}

/// One payload as the hooks receive it.
#[derive(Clone, Copy)]
struct Input<'a> {
    bytes: &'a [u8],
    payload: &'a Value,
    /// What earlier sessionStart hooks of the session set.
    session_env: &'a [(String, String)],
}

struct Simulation {
    event: String,
    payload: Value,
    decision: Value,
    /// What Cursor does, in words.
    outcome: String,
    /// Every hook wired for the event, in configured order.
    entries: Vec<Entry>,
    /// What the agent and the user get of the decision, as Cursor's tool wrappers pass it on.
    shown: Vec<String>,
    /// Rules applied that the reference does not verify.
    unverified: Vec<String>,
}

impl Simulation {
    fn runs(&self) -> impl Iterator<Item = &HookRun> {
        self.entries.iter().filter_map(|entry| match entry {
            Entry::Ran(run) => Some(&**run),
            _ => None,
        })
    }
}

impl Simulator<'_> {
    /// Runs one payload; `session_env` is what earlier sessionStart hooks of its session set.
    fn simulate(
        &self,
        bytes: &[u8],
        payload: &Value,
        session_env: &[(String, String)],
    ) -> Result<Simulation, String> {
        let event = payload
            .get("hook_event_name")
            .and_then(Value::as_str)
            .ok_or("the payload has no `hook_event_name`")?;
        let info = spec::info(event).ok_or_else(|| format!("`{event}` is not a Cursor event"))?;
        let host = host::host();
        let subject = host
            .matcher
            .subjects
            .get(event)
            .and_then(|subject| match subject {
                Subject::Field(field) => payload
                    .get(field)
                    .and_then(Value::as_str)
                    .map(str::to_owned),
                Subject::Fixed(text) => Some(text.clone()),
                Subject::Prefixed { field, prefix } => payload
                    .get(field)
                    .and_then(Value::as_str)
                    .filter(|value| !value.is_empty())
                    .map(|value| format!("{prefix}{value}")),
            })
            // An empty subject is no subject (Cursor's `command || undefined`).
            .filter(|subject| !subject.is_empty());
        // Every hook wired for the event, in configured order.
        let mut wired: Vec<Wired> = Vec::new();
        // Cursor drops an imported Claude Code hook whose command a loaded hooks.json already
        // runs for the event (@cursor/sdk 1.0.32 dedupeClaudeHooksAgainstCursorHooks).
        let cursor_commands: Vec<(&Path, &str)> = self
            .files
            .iter()
            .filter(|f| !f.voided && f.format != crate::host::Format::ClaudeSettings)
            .flat_map(|f| f.hooks.iter().map(move |h| (f.path.as_path(), h)))
            .filter(|(_, h)| h.event == event)
            .filter_map(|(path, h)| Some((path, h.command.as_deref()?)))
            .collect();
        let loop_count = payload.get("loop_count");
        for file in self.files {
            let priority = host
                .merge
                .order
                .iter()
                .position(|s| *s == file.source)
                .unwrap_or(usize::MAX);
            let hooks = file.hooks.iter().filter(|h| h.event == event);
            if file.voided {
                let reason = void_reason(file);
                if file.hooks.is_empty() {
                    let at = Place::of(file, None);
                    wired.push(Wired::Listed(Entry::NotLoaded { at, reason }));
                    continue;
                }
                for hook in hooks {
                    let at = Place::of(file, Some(hook));
                    let reason = reason.clone();
                    wired.push(Wired::Listed(Entry::NotLoaded { at, reason }));
                }
                continue;
            }
            for hook in hooks {
                if file.format == crate::host::Format::ClaudeSettings {
                    let same = hook
                        .command
                        .as_deref()
                        .and_then(|command| cursor_commands.iter().find(|(_, c)| *c == command));
                    if let Some((path, _)) = same {
                        let reason = format!(
                            "Cursor runs the hook with the same command in {} instead (it drops an imported Claude Code hook with a command a hooks.json already runs)",
                            path.display()
                        );
                        let at = Place::of(file, Some(hook));
                        wired.push(Wired::Listed(Entry::NotLoaded { at, reason }));
                        continue;
                    }
                }
                if let Some(reason) = loop_limit_reason(info, hook, loop_count) {
                    wired.push(Wired::Listed(Entry::Skipped {
                        at: Place::of(file, Some(hook)),
                        matcher: hook.matcher.clone().unwrap_or_default(),
                        subject: format!("loop_count {}", loop_count.unwrap_or(&Value::Null)),
                        reason,
                    }));
                    continue;
                }
                wired.push(
                    match skip_reason(hook.matcher.as_deref(), subject.as_deref()) {
                        Some(reason) => Wired::Listed(Entry::Skipped {
                            at: Place::of(file, Some(hook)),
                            matcher: hook.matcher.clone().unwrap_or_default(),
                            subject: subject.clone().unwrap_or_default(),
                            reason,
                        }),
                        None => Wired::Runs(file, hook, priority),
                    },
                );
            }
        }
        let running: Vec<&Hook> = wired
            .iter()
            .filter_map(|w| match w {
                Wired::Runs(_, hook, _) => Some(*hook),
                Wired::Listed(_) => None,
            })
            .collect();
        let mut unverified = Vec::new();
        if !host.defaults.timeout_verified && running.iter().any(|h| h.timeout.is_none()) {
            unverified.push(format!(
                "default timeout of {} s ({})",
                host.defaults.timeout_seconds, host.defaults.timeout_source
            ));
        }
        if running.iter().any(|h| h.kind != "prompt")
            && std::io::stdout().is_terminal()
            && !self.warned.swap(true, Ordering::Relaxed)
        {
            note("cursor-hooks: simulate runs every command wired for the event, for real, side effects included (hooks of a project you just cloned too)");
        }
        let entries: Vec<Entry> = std::thread::scope(|scope| {
            // Every hook starts at once, as in Cursor.
            let started: Vec<_> = wired
                .into_iter()
                .map(|w| match w {
                    Wired::Listed(entry) => Err(Box::new(entry)),
                    Wired::Runs(file, hook, priority) => Ok(scope.spawn(move || {
                        let input = Input {
                            bytes,
                            payload,
                            session_env,
                        };
                        self.run_hook(file, hook, priority, info, input)
                    })),
                })
                .collect();
            started
                .into_iter()
                .map(|handle| match handle {
                    Ok(handle) => {
                        let mut run = handle.join().expect("a hook thread");
                        match run.never_ran.take() {
                            Some(reason) => Entry::NeverRan {
                                at: Place {
                                    source: run.source,
                                    file: run.file,
                                    pointer: run.pointer,
                                    command: Some(run.command),
                                },
                                reason,
                            },
                            None => Entry::Ran(Box::new(run)),
                        }
                    }
                    Err(entry) => *entry,
                })
                .collect()
        });
        let runs: Vec<&HookRun> = entries
            .iter()
            .filter_map(|entry| match entry {
                Entry::Ran(run) => Some(&**run),
                _ => None,
            })
            .collect();
        for run in &runs {
            if run.rule == "prompt-hook" {
                if !host.prompt_hooks.verified {
                    unverified.push(format!(
                        "prompt hooks: how Cursor reads their answer is not verified ({})",
                        host.prompt_hooks.source
                    ));
                }
            } else if !run.verified {
                unverified.push(format!(
                    "reading `{}`: {}",
                    run.rule,
                    rule_source(&run.rule)
                ));
            }
            if let Some(note) = &run.claude_format {
                unverified.push(note.clone());
            }
            if run.stdout.cut() && run.rule != "timeout" {
                unverified.push(format!(
                    "{}: stdout was cut at {} MiB of {} bytes, and read from that part only (Cursor reads all of it)",
                    run.command, CURSOR_KEPT_BYTES >> 20, run.stdout.total
                ));
            }
        }
        // Cursor's own code (@cursor/sdk) wires no plugin hooks, so it settles nothing of them.
        if !host.plugins.verified && runs.iter().any(|r| r.source == "plugin") {
            unverified.push(format!(
                "plugin hooks: how Cursor runs them is not verified ({})",
                host.plugins.source
            ));
        }
        let runs: Vec<&HookRun> = runs.into_iter().filter(|r| r.simulated).collect();
        let (decision, mut outcome) = merge(info, payload, &runs, &mut unverified);
        let shown = shown(info.name, payload, &decision, &outcome);
        let never: Vec<(&Place, &String)> = entries
            .iter()
            .filter_map(|entry| match entry {
                Entry::NeverRan { at, reason } => Some((at, reason)),
                _ => None,
            })
            .collect();
        if let Some(said) = never_ran_outcome(&never) {
            outcome = said;
        }
        if !shown.is_empty() {
            unverified.push(host.shown.ide_cli.clone());
        }
        Ok(Simulation {
            event: event.to_owned(),
            payload: payload.clone(),
            decision,
            outcome,
            shown,
            entries,
            unverified,
        })
    }

    fn run_hook(
        &self,
        file: &ConfigFile,
        hook: &Hook,
        priority: usize,
        info: &EventInfo,
        input: Input<'_>,
    ) -> HookRun {
        let Input {
            bytes,
            payload,
            session_env,
        } = input;
        let host = host::host();
        let command = hook.command.clone().unwrap_or_default();
        let mut run = HookRun {
            source: file.source.clone(),
            file: file.path.clone(),
            pointer: hook.pointer.clone(),
            command: command.clone(),
            matcher: hook.matcher.clone(),
            simulated: true,
            millis: 0,
            exit_code: None,
            timed_out: false,
            stdout: Captured::default(),
            stderr: Captured::default(),
            rule: String::new(),
            effect: Effect::NoOpinion,
            answer: None,
            message: None,
            note: None,
            verified: true,
            priority,
            claude_format: None,
            never_ran: None,
        };
        if hook.kind == "prompt" {
            run.simulated = false;
            run.rule = "prompt-hook".to_owned();
            run.message = Some(
                "prompt hooks ask an LLM; the simulator does not run them (nor does @cursor/sdk 1.0.32, which passes no model client, so how Cursor reads their answer is not verified)".to_owned(),
            );
            run.verified = false;
            return run;
        }
        let timeout = hook.timeout.unwrap_or(host.defaults.timeout_seconds);
        // A plugin hook runs as Cursor's plugin loader and executor leave it (spec/cursor/host.json
        // `plugins`): root variables replaced in the text, in the plugin's folder but on the
        // workspace events.
        let command = match &file.plugin_root {
            Some(root) => crate::sources::plugin::cursor_substitute(&command, root),
            None => command,
        };
        let cwd = crate::sources::plugin::cursor_cwd(file, &hook.event, &self.locations.project);
        let started = Instant::now();
        let process = &host.process;
        let output = execute(
            &command,
            cwd,
            &self.environment(file, payload, session_env),
            bytes,
            process.timer(timeout),
        );
        run.millis = started.elapsed().as_millis();
        let lookup = self.locations.lookup(file.plugin_root.as_deref());
        run.never_ran = never_ran(&output, &command, cwd, &lookup);
        match output {
            // Not read as a result (`Entry::NeverRan`); a failed spawn always sets `never_ran`.
            Err(_) => {}
            _ if run.never_ran.is_some() => {}
            Ok(output) => {
                run.exit_code = output.code;
                run.timed_out = output.timed_out;
                run.stdout = output.stdout;
                run.stderr = output.stderr;
                if output.held_open {
                    run.note = Some(format!(
                        "the shell ended (exit {}), but a process it started kept its output open until the timeout; its process group was killed",
                        output.code.map_or("none".to_owned(), |c| c.to_string())
                    ));
                }
                if output.timed_out && timeout * 1000.0 > process.timer_max_ms {
                    run.note = Some(format!(
                        "its timeout of {timeout} s is past Node's longest timer ({} ms), which fires after 1 ms instead: Cursor kills the hook at once ({})",
                        process.timer_max_ms, process.timer_source
                    ));
                }
                // A signal's end has no code; Cursor's own code reads it as an exit code.
                let code = match output.code {
                    None if !output.timed_out => {
                        run.note = Some(format!(
                            "a signal ended it: Cursor's own code reads that as exit {} ({}); {}",
                            process.signal_reads_as_exit,
                            process.signal_source,
                            process.signal_ide_cli
                        ));
                        Some(process.signal_reads_as_exit)
                    }
                    code => code,
                };
                let rule = if output.timed_out {
                    "timeout"
                } else if code == Some(2) {
                    "exit-2"
                } else if code != Some(0) {
                    "exit-other"
                } else if js_trim(&run.stdout.text).is_empty() {
                    "exit-0-empty"
                } else {
                    match parse_stdout(&run.stdout.text) {
                        None => "invalid-json",
                        Some(value) => {
                            let answer = normalize_answer(info, value, &mut run);
                            let valid = answer_is_valid(info.name, &answer);
                            run.answer = Some(answer);
                            if valid {
                                "exit-0-json"
                            } else {
                                "invalid-permission"
                            }
                        }
                    }
                };
                read_result(&mut run, info, hook, rule, timeout);
            }
        }
        run
    }

    /// The environment Cursor gives hooks (reference §1.6), from the payload.
    fn environment(
        &self,
        file: &ConfigFile,
        payload: &Value,
        session_env: &[(String, String)],
    ) -> Vec<(String, String)> {
        let project = self.locations.project.display().to_string();
        let mut env: Vec<(String, String)> = session_env.to_vec();
        env.extend([
            ("CURSOR_PROJECT_DIR".to_owned(), project.clone()),
            ("CLAUDE_PROJECT_DIR".to_owned(), project),
        ]);
        let text = |key: &str| payload.get(key).and_then(Value::as_str).map(str::to_owned);
        if let Some(version) = text("cursor_version") {
            env.push(("CURSOR_VERSION".to_owned(), version));
        }
        if let Some(email) = text("user_email") {
            env.push(("CURSOR_USER_EMAIL".to_owned(), email));
        }
        if let Some(transcript) = text("transcript_path") {
            env.push(("CURSOR_TRANSCRIPT_PATH".to_owned(), transcript));
        }
        if let Some(root) = &file.plugin_root {
            for name in &host::host().plugins.root_variables {
                env.push((name.clone(), root.display().to_string()));
            }
        }
        env
    }
}

/// The JSON a hook printed, as Cursor reads its stdout (@cursor/sdk 1.0.32 `parseHookStdout`):
/// the whole trimmed text, or else, when it ends with `}`, the text from the last `{` from which
/// the rest parses, so a log line before the JSON is passed over.
fn parse_stdout(stdout: &str) -> Option<Value> {
    let text = js_trim(stdout);
    if let Ok(value) = serde_json::from_str(text) {
        return Some(value);
    }
    if !text.ends_with('}') {
        return None;
    }
    text.rmatch_indices('{')
        .find_map(|(at, _)| serde_json::from_str(&text[at..]).ok())
}

/// An answer as Cursor normalizes it before checking it (`normalizeAndValidateResponse`,
/// `claude_outputs` in host.json): Claude Code's top-level `decision: "block"` + `reason`
/// becomes `followup_message` on stop and subagentStop, a top-level `additionalContext` becomes
/// `additional_context` where contexts merge.
fn normalize_answer(info: &EventInfo, value: Value, run: &mut HookRun) -> Value {
    let host = host::host();
    let rules = &host.claude_outputs;
    let Value::Object(mut answer) = value else {
        return value;
    };
    let mut translated = false;
    if rules.followup_events.iter().any(|e| e == info.name)
        && !answer.contains_key("followup_message")
        && answer.get("decision").and_then(Value::as_str) == Some(rules.followup_decision.as_str())
    {
        if let Some(reason) = answer
            .get(&rules.followup_reason)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|r| !r.is_empty())
        {
            answer.insert(
                "followup_message".to_owned(),
                Value::String(reason.to_owned()),
            );
            translated = true;
        }
    }
    if host
        .merge
        .additional_context_events
        .iter()
        .any(|e| e == info.name)
        && !answer.contains_key("additional_context")
    {
        if let Some(context) = answer.get("additionalContext").filter(|c| c.is_string()) {
            answer.insert("additional_context".to_owned(), context.clone());
            translated = true;
        }
    }
    if translated && !rules.verified {
        run.claude_format = Some(format!("read as Claude Code's format ({})", rules.source));
    }
    Value::Object(answer)
}

/// Whether Cursor accepts an answer of `event` (`answer_checks` in host.json): an object whose
/// checked keys have their types.
fn answer_is_valid(event: &str, answer: &Value) -> bool {
    let Some(object) = answer.as_object() else {
        return false;
    };
    let Some(checks) = host::host().answer_checks.events.get(event) else {
        return true;
    };
    checks
        .iter()
        .all(|(key, kind)| object.get(key).is_none_or(|value| kind.accepts(value)))
}

/// What a block answers on `event` (`block_answers` in host.json); `None` where a block is
/// ignored.
fn block_answer(event: &str, message: &str) -> Option<Value> {
    let blocks = &host::host().block_answers;
    let has = |list: &[String]| list.iter().any(|e| e == event);
    if has(&blocks.deny) {
        Some(json!({"permission": "deny", "user_message": message}))
    } else if has(&blocks.stop_prompt) {
        Some(json!({"continue": false, "user_message": message}))
    } else if has(&blocks.empty) {
        Some(json!({}))
    } else {
        None
    }
}

/// Why a stop or subagentStop hook is not started: the payload's `loop_count` reached its
/// `loop_limit` (default 5; `null` never).
///
/// Cursor compares with JavaScript's `>=` (`shouldSkipHookDueToLoopLimit`, spec/cursor/host.json
/// `defaults.loop_limit_source`), which turns the payload's value into a number first: `"7"` is
/// 7, `null` is 0, and what reads as no number (absent, `"x"`) reaches no limit.
fn loop_limit_reason(info: &EventInfo, hook: &Hook, loop_count: Option<&Value>) -> Option<String> {
    if info.category != Category::Loop {
        return None;
    }
    let limit = hook
        .loop_limit
        .unwrap_or(Some(host::host().defaults.loop_limit))?;
    let count = loop_count.map_or(f64::NAN, js_number);
    (count >= limit as f64).then(|| {
        format!(
            "loop_count {} reached its loop_limit {limit}: Cursor does not start it",
            loop_count.unwrap_or(&Value::Null)
        )
    })
}

/// `n` as JavaScript writes a number into a string (Cursor's `${1e3 * timeout}ms`): `Infinity`,
/// exponents from 1e21 on (`1e+21`), else the shortest digits that read back as `n`, as Rust's.
fn js_number_text(n: f64) -> String {
    if n.is_infinite() {
        return if n > 0.0 { "Infinity" } else { "-Infinity" }.to_owned();
    }
    if n.abs() >= 1e21 {
        let text = format!("{n:e}");
        return match text.split_once('e') {
            Some((digits, exp)) if !exp.starts_with('-') => format!("{digits}e+{exp}"),
            _ => text,
        };
    }
    format!("{n}")
}

/// A JSON value as JavaScript's `Number(value)` reads it (for a comparison): a string by its
/// trimmed text (`""` is 0, `0x1f` hex, `Infinity`), `true` 1, `null` 0, `[]` 0 and `[x]` as
/// `x`, any other object or list no number (NaN).
fn js_number(value: &Value) -> f64 {
    match value {
        Value::Number(n) => n.as_f64().unwrap_or(f64::NAN),
        Value::Bool(b) => f64::from(u8::from(*b)),
        Value::Null => 0.0,
        Value::String(text) => {
            let text = js_trim(text);
            let radix = [
                ("0x", 16),
                ("0X", 16),
                ("0o", 8),
                ("0O", 8),
                ("0b", 2),
                ("0B", 2),
            ]
            .into_iter()
            .find_map(|(prefix, radix)| Some((text.strip_prefix(prefix)?, radix)));
            match radix {
                _ if text.is_empty() => 0.0,
                Some((digits, radix)) => {
                    u64::from_str_radix(digits, radix).map_or(f64::NAN, |n| n as f64)
                }
                None => match text.trim_start_matches(['+', '-']) {
                    "Infinity" if text.starts_with('-') => f64::NEG_INFINITY,
                    "Infinity" => f64::INFINITY,
                    // Rust also reads "inf", "nan" and "1_0" differently or not at all: only
                    // JavaScript's decimal literal.
                    digits
                        if digits.chars().all(|c| {
                            c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-')
                        }) =>
                    {
                        text.parse().unwrap_or(f64::NAN)
                    }
                    _ => f64::NAN,
                },
            }
        }
        Value::Array(items) => match items.as_slice() {
            [] => 0.0,
            [one] if !one.is_array() && !one.is_object() => match one {
                Value::Null => 0.0,
                Value::Bool(_) => f64::NAN,
                other => js_number(&Value::String(match other {
                    Value::String(text) => text.clone(),
                    other => other.to_string(),
                })),
            },
            _ => f64::NAN,
        },
        Value::Object(_) => f64::NAN,
    }
}

/// Whether a matcher selects the subject (the rule `doctor` and the macro check matchers by);
/// no subject runs every hook.
fn matches(matcher: Option<&str>, subject: Option<&str>) -> bool {
    let (Some(matcher), Some(subject)) = (matcher, subject) else {
        return true;
    };
    cursor_hooks_spec::matcher::is_match(matcher, subject)
}

fn rule_source(id: &str) -> String {
    host::host()
        .results
        .iter()
        .find(|r| r.id == id)
        .map(|r| r.source.clone())
        .unwrap_or_else(|| "not documented".to_owned())
}

/// Applies the host rule `id` to one hook's result (@cursor/sdk 1.0.32 `executeCommandHook`):
/// the answer it gives the merge, if any, and Cursor's message.
fn read_result(run: &mut HookRun, info: &EventInfo, hook: &Hook, id: &str, timeout: f64) {
    let host = host::host();
    let rule = host
        .results
        .iter()
        .find(|r| r.id == id)
        .expect("host.json has every result rule");
    run.rule = id.to_owned();
    run.verified = rule.verified;
    let fill = |template: &str| {
        let stderr = &run.stderr.text;
        let template = if stderr.is_empty() {
            template.replace(": {stderr}", "")
        } else {
            template.to_owned()
        };
        template
            .replace("{command}", &run.command)
            .replace("{stderr}", js_trim(stderr))
            .replace(
                "{code}",
                &run.exit_code
                    .map(|c| c.to_string())
                    .unwrap_or_else(|| "none".into()),
            )
            .replace("{timeout_ms}", &js_number_text(timeout * 1000.0))
    };
    let permission_event = host.block_answers.deny.iter().any(|e| e == info.name);
    // How the rule names a result that does not block, for the output.
    let open = match info.category {
        Category::Permission => rule.permission,
        Category::PromptGate => rule.prompt_gate.unwrap_or(rule.other),
        _ => rule.other,
    };
    let open = match open {
        Effect::Block | Effect::Stop => Effect::Ignore,
        other => other,
    };
    let (message, effect) = match id {
        "exit-0-json" => (None, Effect::Apply),
        "exit-2" => {
            let stdout = js_trim(&run.stdout.text);
            let message = if rule.message_from_stdout && !stdout.is_empty() {
                stdout.to_owned()
            } else if !js_trim(&run.stderr.text).is_empty() {
                fill(rule.message.as_deref().unwrap_or_default())
            } else {
                fill(rule.message_when_silent.as_deref().unwrap_or_default())
            };
            (Some(message), Effect::Block)
        }
        _ if hook.fail_closed && rule.fail_closed.is_some() => {
            let inner = fill(rule.fail_closed_message.as_deref().unwrap_or_default());
            let message = host.fail_closed_message.replace("{message}", &inner);
            (Some(message), Effect::Block)
        }
        "invalid-json" | "invalid-permission" if permission_event => (
            Some(fill(rule.message.as_deref().unwrap_or_default())),
            Effect::Block,
        ),
        // A timeout keeps Cursor's message even when it fails open.
        "timeout" => (
            Some(fill(rule.message.as_deref().unwrap_or_default())),
            open,
        ),
        _ => (None, open),
    };
    run.message = message;
    run.effect = effect;
    if effect == Effect::Block {
        let message = run.message.clone().unwrap_or_default();
        run.answer = block_answer(info.name, &message);
        run.effect = match &run.answer {
            None => Effect::Ignore,
            Some(answer) if answer.get("continue") == Some(&Value::Bool(false)) => Effect::Stop,
            Some(_) => Effect::Block,
        };
    } else if effect != Effect::Apply {
        run.answer = None;
    }
}

/// Cursor's merge of every hook's answer (@cursor/sdk 1.0.32 `mergeResponses`, `merge` in
/// host.json): the decision object and the outcome in words.
fn merge(
    info: &EventInfo,
    payload: &Value,
    hooks: &[&HookRun],
    unverified: &mut Vec<String>,
) -> (Value, String) {
    // Answers in Cursor's order: by source, then as listed.
    let mut ordered: Vec<&HookRun> = hooks.to_vec();
    ordered.sort_by_key(|h| h.priority);
    let answers: Vec<&Map<String, Value>> = ordered
        .iter()
        .filter_map(|run| run.answer.as_ref()?.as_object())
        .collect();
    let mut decision = merge_answers(info.name, &answers);
    let outcome = match info.category {
        Category::Observe => {
            decision.clear();
            "nothing: Cursor ignores the answers of this event".to_owned()
        }
        Category::Permission => match decision.get("permission").and_then(Value::as_str) {
            Some(permission) => ask_outcome(info, payload, permission, unverified),
            None => "proceeds: no hook had an opinion".to_owned(),
        },
        Category::PromptGate => {
            if decision.get("continue") == Some(&Value::Bool(false)) {
                "the prompt is stopped".to_owned()
            } else {
                "the prompt is sent".to_owned()
            }
        }
        _ if decision.is_empty() => "nothing: no hook answered".to_owned(),
        _ => "applied".to_owned(),
    };
    keep_accepted_fields(info, payload, &mut decision);
    (Value::Object(decision), outcome)
}

/// Two texts joined as Cursor joins messages: each trimmed, blank ones left out.
fn join_trimmed(earlier: Option<&Value>, later: &str, separator: &str) -> Option<Value> {
    let parts: Vec<&str> = [earlier.and_then(Value::as_str).unwrap_or_default(), later]
        .into_iter()
        .map(js_trim)
        .filter(|part| !part.is_empty())
        .collect();
    (!parts.is_empty()).then(|| Value::String(parts.join(separator)))
}

/// `mergeResponses`: one answer is taken as it is; with more, key by key in order: `permission`
/// the strongest on the permission events, messages (and `additional_context` where contexts
/// merge) trimmed and joined, boolean `continue` AND-ed, sessionStart's `env` merged key by key,
/// every other key last-wins.
fn merge_answers(event: &str, answers: &[&Map<String, Value>]) -> Map<String, Value> {
    let merge = &host::host().merge;
    match answers {
        [] => return Map::new(),
        [only] => return (*only).clone(),
        _ => {}
    }
    let permission_event = merge.permission_events.iter().any(|e| e == event);
    let context_event = merge.additional_context_events.iter().any(|e| e == event);
    let env_event = event == host::host().environment.session_env_event;
    let rank = |p: Option<&Value>| {
        let p = p.and_then(Value::as_str)?;
        merge.permission_order.iter().position(|o| o == p)
    };
    let mut merged = Map::new();
    for answer in answers {
        for (key, value) in answer.iter() {
            let earlier = merged.get(key);
            let next = match (key.as_str(), value) {
                ("permission", _) if permission_event => match (rank(earlier), rank(Some(value))) {
                    (Some(a), Some(b)) => Some(merge.permission_order[a.min(b)].clone()),
                    (Some(a), None) => Some(merge.permission_order[a].clone()),
                    (None, Some(b)) => Some(merge.permission_order[b].clone()),
                    (None, None) => None,
                }
                .map(Value::String),
                ("user_message" | "agent_message", Value::String(text)) => {
                    join_trimmed(earlier, text, &merge.message_separator)
                }
                ("additional_context", Value::String(text)) if context_event => {
                    join_trimmed(earlier, text, &merge.additional_context_separator)
                }
                ("continue", Value::Bool(b)) => Some(match earlier {
                    Some(Value::Bool(false)) => Value::Bool(false),
                    _ => Value::Bool(*b),
                }),
                ("pluginPaths", Value::Array(paths)) if event == merge.plugin_paths_event => {
                    let mut united = earlier
                        .and_then(Value::as_array)
                        .cloned()
                        .unwrap_or_default();
                    for path in paths.iter().filter(|p| p.is_string()) {
                        if !united.contains(path) {
                            united.push(path.clone());
                        }
                    }
                    Some(Value::Array(united))
                }
                ("env", Value::Object(set)) if env_event => {
                    let mut env = earlier
                        .and_then(Value::as_object)
                        .cloned()
                        .unwrap_or_default();
                    env.extend(set.clone());
                    Some(Value::Object(env))
                }
                _ => Some(value.clone()),
            };
            match next {
                Some(next) => merged.insert(key.clone(), next),
                None => merged.remove(key),
            };
        }
    }
    merged
}

/// Only what the event accepts reaches Cursor; a 1.7-era payload (no `cursor_version`, no
/// `model`) keeps every field.
fn keep_accepted_fields(info: &EventInfo, payload: &Value, decision: &mut Map<String, Value>) {
    if info.category == Category::Observe {
        return;
    }
    // What the event documents, and what Cursor's answer check types for it (host.json
    // `answer_checks`: preToolUse's `additional_context`, sessionStart's `user_message`).
    let checked = host::host().answer_checks.events.get(info.name);
    let keep: Vec<&str> = info
        .response_fields
        .iter()
        .copied()
        .chain(["permission", "continue"])
        .chain(
            checked
                .into_iter()
                .flat_map(|c| c.keys().map(String::as_str)),
        )
        .collect();
    let legacy = payload.get("cursor_version").is_none() && payload.get("model").is_none();
    if !legacy {
        decision.retain(|key, _| {
            keep.contains(&key.as_str()) || !info.permission.is_empty() && key == "updated_input"
        });
    }
}

/// What the agent and the user get of a permission decision in Cursor's own code (host.json
/// `shown`): the refusal text, an `agent_message` that goes nowhere, the approval prompt of an
/// `ask` or an `ask` nothing acts on.
fn shown(event: &str, payload: &Value, decision: &Value, outcome: &str) -> Vec<String> {
    let rules = &host::host().shown;
    let has = |list: &[String]| list.iter().any(|e| e == event);
    let text = |key: &str| decision.get(key).and_then(Value::as_str).map(str::trim);
    let user_message = text("user_message").filter(|m| !m.is_empty());
    let mut lines = Vec::new();
    match text("permission") {
        Some("deny") => {
            let told = match (rules.refusal_labels.get(event), user_message) {
                (Some(label), Some(message)) => rules
                    .refusal
                    .replace("{label}", label)
                    .replace("{user_message}", message),
                (Some(label), None) => format!("{label} was blocked by a hook."),
                (None, Some(message)) => message.to_owned(),
                (None, None) => format!(
                    "{} blocked by preToolUse hook",
                    payload.get("tool_name").and_then(Value::as_str).unwrap_or("the tool")
                ),
            };
            lines.push(format!("the agent is told: {told:?}"));
        }
        // Only where this version's `ask` rule agrees (an IDE may treat `ask` as deny).
        Some("ask") if has(&rules.ask_prompt_events) && outcome.starts_with("asks") => {
            let prompt = rules
                .ask_prompt
                .replace("{user_message}", user_message.unwrap_or_default());
            lines.push(format!(
                "the user is asked to approve: {:?}, with no \"add to allowlist\"",
                prompt.trim_end_matches([':', ' '])
            ));
        }
        Some("ask") if has(&rules.ask_ignored_events) && outcome.starts_with("allowed") => lines.push(
            "`ask` is not acted on here: Cursor's own code checks for `deny` only, so the tool runs"
                .to_owned(),
        ),
        _ => {}
    }
    if text("agent_message").is_some() && has(&rules.agent_message_dropped) {
        lines.push(format!(
            "`agent_message` reaches no one: Cursor's own code does not pass it on for {event} (only a preToolUse the backend triggers forwards it); put what the agent must know in `user_message`"
        ));
    }
    lines
}

/// What Cursor does with the merged permission on this version.
fn ask_outcome(
    info: &EventInfo,
    payload: &Value,
    permission: &str,
    unverified: &mut Vec<String>,
) -> String {
    match permission {
        "deny" => return "blocked".to_owned(),
        "allow" => return "allowed".to_owned(),
        _ => {}
    }
    // No `cursor_version` is a 1.7-era payload, not an unreadable one.
    let version = payload
        .get("cursor_version")
        .and_then(Value::as_str)
        .map(CursorVersion::parse)
        .unwrap_or_default();
    let rule = host::host()
        .ask
        .iter()
        .find(|rule| rule.applies(info.name, &version));
    match rule {
        Some(rule) => {
            if !rule.verified {
                unverified.push(format!(
                    "`ask` on {} here: {} ({})",
                    info.name, rule.effect, rule.source
                ));
            }
            match rule.effect.as_str() {
                "ask" => "asks the user".to_owned(),
                "deny" => "blocked (`ask` is treated as deny here)".to_owned(),
                "allow" => "allowed (`ask` is not enforced here)".to_owned(),
                other => other.to_owned(),
            }
        }
        None => {
            unverified.push(format!("`ask` on {}: no known rule", info.name));
            "asks the user (unverified)".to_owned()
        }
    }
}

/// Why Cursor ignores a voided file: its voiding findings.
fn void_reason(file: &ConfigFile) -> String {
    let reasons: Vec<String> = file
        .findings
        .iter()
        .filter(|f| f.voids)
        .map(|f| {
            if f.path.is_empty() {
                f.message.clone()
            } else {
                format!("{}: {}", f.path, f.message)
            }
        })
        .collect();
    if reasons.is_empty() {
        "Cursor ignores this file".to_owned()
    } else {
        reasons.join("; ")
    }
}

/// Why a hook's matcher does not select the subject; `None` when the hook runs.
fn skip_reason(matcher: Option<&str>, subject: Option<&str>) -> Option<String> {
    if matches(matcher, subject) {
        return None;
    }
    let (matcher, subject) = (matcher.unwrap_or_default(), subject.unwrap_or_default());
    Some(if !cursor_hooks_spec::matcher::compiles(matcher) {
        format!("matcher `{matcher}` is not a valid regular expression, so it matches nothing")
    } else {
        format!("matcher `{matcher}` does not match `{subject}`")
    })
}

/// Why a hook never ran, as against ran and failed: it could not be spawned, or its shell
/// exited 126 or 127 (POSIX: not executable, not found) for a program that cannot be started
/// from `cwd` (doctor's reading). The editor's failure policy answers for such a hook, but
/// that answer says nothing of the hook, so simulate reports it as never ran (both editors).
pub(crate) fn never_ran(
    output: &Result<Output, String>,
    command: &str,
    cwd: &Path,
    lookup: &dyn Fn(&str) -> Option<String>,
) -> Option<String> {
    match output {
        Err(error) => Some(error.clone()),
        Ok(output) if matches!(output.code, Some(126 | 127)) && !output.timed_out => {
            crate::doctor::unstartable(command, cwd, lookup)
        }
        Ok(_) => None,
    }
}

/// The outcome when hooks never ran, and one stderr line for each (both editors): what the
/// others decided is no answer for a guard that never started.
pub(crate) fn never_ran_outcome(never: &[(&Place, &String)]) -> Option<String> {
    let (first, why) = never.first()?;
    for (at, reason) in never {
        note(&format!(
            "cursor-hooks: {}: never ran: {reason}",
            at.label()
        ));
    }
    let more = match never.len() {
        1 => String::new(),
        n => format!(" (and {} more)", n - 1),
    };
    Some(format!(
        "never ran: {} could not be started: {why}{more}; the decision is the other hooks'",
        first.label()
    ))
}

/// Starts `command` as Cursor does: through the shell, in `cwd`, the payload on stdin, with
/// [`child::run`]'s timeout.
fn execute(
    command: &str,
    cwd: &Path,
    env: &[(String, String)],
    payload: &[u8],
    timeout: Duration,
) -> Result<Output, String> {
    let shell = &host::host().environment.shell;
    let shell = if cfg!(windows) {
        &shell["windows"]
    } else {
        &shell["unix"]
    };
    // `$SHELL` names the user's shell (Cursor starts `$SHELL -lc`), `/bin/sh` when unset.
    let program = match shell[0].strip_prefix('$') {
        Some(variable) => std::env::var(variable)
            .ok()
            .filter(|s| !s.is_empty())
            .unwrap_or_else(|| "/bin/sh".to_owned()),
        None => shell[0].clone(),
    };
    let mut process = Command::new(program);
    process
        .args(&shell[1..])
        .arg(command)
        .current_dir(cwd)
        .envs(env.iter().map(|(k, v)| (k, v)));
    child::run_keeping(process, payload, timeout, CURSOR_KEPT_BYTES)
        .map_err(|e| format!("cannot start `{command}`: {e}"))
}

impl HookRun {
    fn reading(&self) -> String {
        let effect = match self.effect {
            Effect::Apply => "answer applied",
            Effect::NoOpinion => "no opinion",
            Effect::Block => "blocks",
            Effect::Stop => "stops the prompt",
            Effect::Ignore => "output ignored",
        };
        reading_words(&self.rule, effect, self.verified)
    }

    /// A failure of the hook itself: a crash, an unreadable answer (not a timeout, not a
    /// deliberate exit 2).
    fn failed(&self) -> bool {
        matches!(
            self.rule.as_str(),
            "exit-other" | "invalid-json" | "invalid-permission"
        )
    }

    fn to_json(&self) -> Value {
        json!({
            "status": if self.simulated { "ran" } else { "not_simulated" },
            "source": self.source,
            "file": self.file,
            "path": self.pointer,
            "command": self.command,
            "matcher": self.matcher,
            "millis": self.millis as u64,
            "exit_code": self.exit_code,
            "timed_out": self.timed_out,
            "stdout": self.stdout.text,
            "stdout_bytes": self.stdout.total,
            "stdout_cut": self.stdout.cut(),
            "stderr": self.stderr.text,
            "stderr_bytes": self.stderr.total,
            "stderr_cut": self.stderr.cut(),
            "read_as": self.rule,
            "effect": format!("{:?}", self.effect).to_lowercase(),
            "verified": self.verified,
            "message": self.message,
            "note": self.note,
            "claude_format": self.claude_format.is_some(),
        })
    }

    fn to_text(&self, text: &mut String) {
        text.push_str(&format!(
            "- [{}] {}#{}\n  command: {}\n",
            self.source,
            self.file.display(),
            self.pointer,
            self.command,
        ));
        if !self.simulated {
            text.push_str("  not simulated\n");
            for (name, stream) in [("stdout", &self.stdout), ("stderr", &self.stderr)] {
                if !stream.text.trim().is_empty() {
                    indented(text, &stream.label(name), stream.text.trim_end());
                }
            }
        } else {
            let run = (self.millis, self.exit_code, self.timed_out);
            write_run(text, run, &self.reading(), &self.stdout, &self.stderr);
        }
        if let Some(message) = &self.message {
            indented(text, "message", message);
        }
        if let Some(note) = &self.note {
            indented(text, "note", note);
        }
    }
}

/// The JSON lines of a session file (blank lines skipped), for the hosts whose sessions are one
/// payload a line (Codex, Copilot).
pub(crate) fn session_lines(path: &Path) -> Result<Vec<Value>, Stop> {
    let bytes = crate::safe_read::read_or_say(path, crate::safe_read::PAYLOAD_LIMIT)?;
    let text = String::from_utf8_lossy(&bytes);
    let lines = text.lines().filter(|line| !line.trim().is_empty());
    let values = lines
        .map(|line| serde_json::from_str(line).map_err(|e| format!("a line is not JSON: {e}")));
    Ok(values.collect::<Result<_, _>>()?)
}

/// The source and whether it is verified that a host file (`spec/<host>/host.json`) gives for
/// the result rule `id` (in `results` or `observed_rules`).
pub(crate) fn host_rule(host: &Value, id: &str) -> (String, bool) {
    let rules = host["results"].as_array().into_iter().flatten();
    let mut rules = rules.chain(host["observed_rules"].as_array().into_iter().flatten());
    rules
        .find(|rule| rule["id"] == id)
        .map_or((String::new(), false), |rule| {
            (
                rule["source"].as_str().unwrap_or_default().to_owned(),
                rule["verified"].as_bool().unwrap_or(false),
            )
        })
}

/// `  label: first line`, and every further line indented under it (both hosts' text output).
/// The lines every simulator prints for a hook that ran: its time, its exit (or `none`), a
/// timeout, how its result was read (`reading`: the rule, its effect, whether it is verified),
/// then its stdout and stderr where they hold anything.
pub(crate) fn write_run(
    text: &mut String,
    (millis, code, timed_out): (u128, Option<i32>, bool),
    reading: &str,
    stdout: &Captured,
    stderr: &Captured,
) {
    text.push_str(&format!(
        "  {millis} ms, exit {}{}: {reading}\n",
        code.map_or("none".to_owned(), |c| c.to_string()),
        if timed_out { ", timed out" } else { "" },
    ));
    for (name, stream) in [("stdout", stdout), ("stderr", stderr)] {
        if !stream.text.trim().is_empty() {
            indented(text, &stream.label(name), stream.text.trim_end());
        }
    }
}

/// How a simulator says a hook's result was read: `rule → effect`, and `(unverified)` when the
/// rule is not proven against the editor.
pub(crate) fn reading_words(rule: &str, effect: &str, verified: bool) -> String {
    let unverified = if verified { "" } else { " (unverified)" };
    format!("{rule} → {effect}{unverified}")
}

pub(crate) fn indented(text: &mut String, label: &str, body: &str) {
    let mut lines = body.lines();
    text.push_str(&format!(
        "  {label}: {}\n",
        lines.next().unwrap_or_default()
    ));
    for line in lines {
        text.push_str(&format!("    {line}\n"));
    }
}

impl Entry {
    fn to_json(&self) -> Value {
        match self {
            Entry::Ran(run) => run.to_json(),
            Entry::Skipped {
                at,
                matcher,
                subject,
                reason,
            } => {
                let mut entry = at.to_json("skipped");
                entry.insert("matcher".to_owned(), json!(matcher));
                entry.insert("subject".to_owned(), json!(subject));
                entry.insert("reason".to_owned(), json!(reason));
                Value::Object(entry)
            }
            Entry::NotLoaded { at, reason } => {
                let mut entry = at.to_json("not_loaded");
                entry.insert("reason".to_owned(), json!(reason));
                Value::Object(entry)
            }
            Entry::NeverRan { at, reason } => {
                let mut entry = at.to_json("never_ran");
                entry.insert("reason".to_owned(), json!(reason));
                Value::Object(entry)
            }
        }
    }

    fn to_text(&self, text: &mut String) {
        let (at, status, reason) = match self {
            Entry::Ran(run) => return run.to_text(text),
            Entry::Skipped { at, reason, .. } => (at, "skipped", reason),
            Entry::NotLoaded { at, reason } => (at, "not loaded", reason),
            Entry::NeverRan { at, reason } => (at, "never ran", reason),
        };
        let place = if at.pointer.is_empty() {
            at.file.display().to_string()
        } else {
            format!("{}#{}", at.file.display(), at.pointer)
        };
        text.push_str(&format!("- [{}] {place}\n", at.source));
        if let Some(command) = &at.command {
            text.push_str(&format!("  command: {command}\n"));
        }
        indented(text, status, reason);
    }
}

impl Simulation {
    fn to_json(&self) -> Value {
        json!({
            "event": self.event,
            "payload": self.payload,
            "decision": self.decision,
            "outcome": self.outcome,
            "shown": self.shown,
            "hooks": self.entries.iter().map(Entry::to_json).collect::<Vec<_>>(),
            "unverified": self.unverified,
        })
    }

    /// `1 hook(s) ran, 1 skipped, 2 not loaded`.
    fn counts(&self) -> String {
        let count = |f: fn(&Entry) -> bool| self.entries.iter().filter(|e| f(e)).count();
        let mut text = format!(
            "{} hook(s) ran",
            count(|e| matches!(e, Entry::Ran(run) if run.simulated))
        );
        for (n, what) in [
            (count(|e| matches!(e, Entry::Skipped { .. })), "skipped"),
            (
                count(|e| matches!(e, Entry::NotLoaded { .. })),
                "not loaded",
            ),
            (
                count(|e| matches!(e, Entry::Ran(run) if !run.simulated)),
                "not simulated",
            ),
            (count(|e| matches!(e, Entry::NeverRan { .. })), "never ran"),
        ] {
            if n > 0 {
                text.push_str(&format!(", {n} {what}"));
            }
        }
        text
    }

    fn to_text(&self) -> String {
        let mut text = format!(
            "{}: {}\ndecision: {}\noutcome: {}\n",
            self.event,
            self.counts(),
            Value::Object(self.decision.as_object().cloned().unwrap_or_default()),
            self.outcome
        );
        for line in &self.shown {
            text.push_str(&format!("shown: {line}\n"));
        }
        for entry in &self.entries {
            entry.to_text(&mut text);
        }
        for note in &self.unverified {
            text.push_str(&format!("unverified: {note}\n"));
        }
        text
    }
}

/// What a payload tests, for a session line: the command, path, tool or prompt.
fn tested(payload: &Value) -> Option<String> {
    let text = |value: &Value, key: &str| value.get(key).and_then(Value::as_str).map(str::to_owned);
    let input = payload.get("tool_input").unwrap_or(&Value::Null);
    let detail = ["command", "file_path", "path", "url", "query", "pattern"]
        .iter()
        .find_map(|key| text(payload, key).or_else(|| text(input, key)));
    let found = match (text(payload, "tool_name"), detail) {
        (Some(tool), Some(detail)) => format!("{tool}: {detail}"),
        (Some(tool), None) => tool,
        (None, Some(detail)) => detail,
        (None, None) => text(payload, "prompt")?,
    };
    Some(short(&found))
}

/// One line of at most 80 characters.
fn short(text: &str) -> String {
    let line = text.lines().next().unwrap_or_default();
    let mut short: String = line.chars().take(80).collect();
    if short.len() < text.trim_end().len() {
        short.push('…');
    }
    short
}

/// One hook's cost over a session.
struct Cost {
    source: String,
    file: PathBuf,
    pointer: String,
    command: String,
    runs: u64,
    total_millis: u128,
    max_millis: u128,
    timeouts: u64,
    failures: u64,
}

impl Cost {
    fn mean_millis(&self) -> u128 {
        self.total_millis / u128::from(self.runs.max(1))
    }
}

/// Every hook's cost, in the order they first ran.
#[derive(Default)]
struct Costs {
    hooks: Vec<Cost>,
    /// The slowest run so far: its command and time.
    slowest: Option<(String, u128)>,
}

impl Costs {
    fn add(&mut self, run: &HookRun) {
        if !run.simulated {
            return;
        }
        let at = match self
            .hooks
            .iter()
            .position(|c| c.file == run.file && c.pointer == run.pointer)
        {
            Some(at) => at,
            None => {
                self.hooks.push(Cost {
                    source: run.source.clone(),
                    file: run.file.clone(),
                    pointer: run.pointer.clone(),
                    command: run.command.clone(),
                    runs: 0,
                    total_millis: 0,
                    max_millis: 0,
                    timeouts: 0,
                    failures: 0,
                });
                self.hooks.len() - 1
            }
        };
        let cost = &mut self.hooks[at];
        cost.runs += 1;
        cost.total_millis += run.millis;
        cost.max_millis = cost.max_millis.max(run.millis);
        cost.timeouts += u64::from(run.timed_out);
        cost.failures += u64::from(run.failed());
        if self.slowest.as_ref().is_none_or(|(_, ms)| run.millis > *ms) {
            self.slowest = Some((short(&run.command), run.millis));
        }
    }
}

/// `3/997 payloads, 1.2 s, slowest: ./guard.sh (812 ms)` on stderr, redrawn in place, when
/// stderr is a terminal and the output is not JSON.
struct Progress {
    shown: bool,
    total: usize,
    started: Instant,
    drawn: Option<Instant>,
}

impl Progress {
    fn draw(&mut self, done: usize, costs: &Costs) {
        let last = done == self.total;
        if !self.shown
            || !last
                && self
                    .drawn
                    .is_some_and(|at| at.elapsed() < Duration::from_millis(100))
        {
            return;
        }
        self.drawn = Some(Instant::now());
        let mut line = format!(
            "{done}/{} payloads, {:.1} s",
            self.total,
            self.started.elapsed().as_secs_f64()
        );
        if let Some((command, millis)) = &costs.slowest {
            line.push_str(&format!(", slowest: {command} ({millis} ms)"));
        }
        let _ = write!(std::io::stderr(), "\r\x1b[K{line}");
    }

    /// Clears the line, before stdout writes on the same terminal.
    fn clear(&self) {
        if self.shown && self.drawn.is_some() {
            let _ = write!(std::io::stderr(), "\r\x1b[K");
        }
    }
}

fn session_run(simulator: &Simulator<'_>, path: &Path, args: &Args) -> Result<(), Stop> {
    let captured = crate::replay::read(path)?;
    let mut decided = BTreeMap::<String, usize>::new();
    let mut costs = Costs::default();
    let mut progress = Progress {
        shown: !args.json && std::io::stderr().is_terminal(),
        total: captured.len(),
        started: Instant::now(),
        drawn: None,
    };
    // The `env` sessionStart hooks answered, by session, for the session's later hooks.
    let mut session_env = BTreeMap::<String, Vec<(String, String)>>::new();
    for (done, capture) in captured.iter().enumerate() {
        let mut payload: Value = serde_json::from_slice(&capture.payload).map_err(|e| {
            format!(
                "{}:{}: the payload is not JSON ({e})",
                path.display(),
                capture.line
            )
        })?;
        let bytes = match &args.cursor_version {
            Some(version) => {
                payload["cursor_version"] = Value::String(version.clone());
                serde_json::to_vec(&payload).expect("JSON")
            }
            None => capture.payload.clone(),
        };
        let session = ["session_id", "conversation_id"]
            .iter()
            .find_map(|key| payload.get(key).and_then(Value::as_str))
            .unwrap_or("")
            .to_owned();
        let env = session_env.entry(session).or_default();
        let result = simulator.simulate(&bytes, &payload, env)?;
        if result.event == host::host().environment.session_env_event {
            if let Some(set) = result.decision.get("env").and_then(Value::as_object) {
                for (name, value) in set {
                    if let Some(value) = value.as_str() {
                        env.retain(|(n, _)| n != name);
                        env.push((name.clone(), value.to_owned()));
                    }
                }
            }
        }
        *decided.entry(result.outcome.clone()).or_default() += 1;
        result.runs().for_each(|run| costs.add(run));
        let line = if args.json {
            let mut line = result.to_json();
            line["line"] = json!(capture.line);
            format!("{line}\n")
        } else {
            let tested = tested(&result.payload)
                .map(|t| format!(" `{t}`"))
                .unwrap_or_default();
            format!(
                "line {} {}{tested}: {} ({}) {}\n",
                capture.line,
                result.event,
                result.decision,
                result.counts(),
                result.outcome
            )
        };
        progress.clear();
        out(&line)?;
        progress.draw(done + 1, &costs);
    }
    progress.clear();
    if args.json {
        let hooks: Vec<Value> = costs
            .hooks
            .iter()
            .map(|c| {
                json!({
                    "source": c.source,
                    "file": c.file,
                    "path": c.pointer,
                    "command": c.command,
                    "runs": c.runs,
                    "mean_ms": c.mean_millis() as u64,
                    "max_ms": c.max_millis as u64,
                    "timeouts": c.timeouts,
                    "failures": c.failures,
                })
            })
            .collect();
        let summary = json!({ "summary": {
            "payloads": captured.len(),
            "outcomes": decided,
            "hooks": hooks,
        } });
        out(&format!("{summary}\n"))
    } else {
        let outcomes: Vec<String> = decided.iter().map(|(o, n)| format!("{n} {o}")).collect();
        let mut text = format!("{} payload(s): {}\n", captured.len(), outcomes.join("; "));
        for c in &costs.hooks {
            text.push_str(&format!(
                "{}: {} run(s), mean {} ms, max {} ms, {} timeout(s), {} failure(s) [{}] {}#{}\n",
                short(&c.command),
                c.runs,
                c.mean_millis(),
                c.max_millis,
                c.timeouts,
                c.failures,
                c.source,
                c.file.display(),
                c.pointer
            ));
        }
        out(&text)
    }
}
