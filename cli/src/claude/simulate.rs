//! `cursor-hooks simulate --host claude-code`: one Claude Code payload (or a session of them)
//! through every matching hook of Claude Code's settings, started, read and combined by the rules
//! of `spec/claude-code/` (the event table of `cursor_hooks_spec::claude`, the host rules of
//! `host.json`).
//!
//! Every hook wired for the event is listed: `ran`, `skipped` (its matcher did not select the
//! payload, or Claude Code runs an identical handler once), `not_loaded` (its file cannot be read,
//! or `disableAllHooks`), `not_simulated` (an `http`, `mcp_tool`, `prompt` or `agent` handler,
//! or a background one) or `never_ran` (it could not be started). The hooks run at once, through
//! `sh -c` in the project, with Claude Code's variables; each is killed with its process group
//! at its timeout.

use super::host::{events, host};
use super::settings::{self, Handler, SettingsFile};
use crate::child::{self, Captured};
use crate::run_dir::RunDir;
use crate::simulate::{indented, note, Args, Stop};
use crate::sources::Locations;
use cursor_hooks_spec::claude::{self, Category, EventInfo, Exit2, PlainStdout};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// Runs the subcommand for Claude Code.
pub fn run(args: &Args) -> Result<(), Stop> {
    if args.cursor_version.is_some() {
        return Err(Stop::Usage(
            "--cursor-version is Cursor's; Claude Code payloads carry no version".to_owned(),
        ));
    }
    let locations = Locations::new(args.project.clone(), args.plugin_dirs.clone())?
        .with_settings(args.settings.clone())
        .map_err(Stop::Usage)?;
    let project = locations.project.clone();
    let built = args
        .event
        .as_ref()
        .map(|event| fixture(event, &args.sets, &project))
        .transpose()?;
    let files = settings::load(&locations);
    for file in &files {
        if let Some(why) = &file.unreadable {
            note(&format!(
                "cursor-hooks: {} {why}: Claude Code loads none of its hooks",
                file.path.display()
            ));
        }
        for why in &file.unread_plugins {
            note(&format!("cursor-hooks: {}: {why}", file.path.display()));
        }
    }
    let simulator = Simulator {
        project,
        locations,
        files,
        warned: AtomicBool::new(false),
        run_dir: RunDir::new()?,
    };
    if let Some(session) = &args.session {
        return session_run(&simulator, session, args.json);
    }
    let bytes = match built {
        Some(payload) => serde_json::to_vec(&payload).expect("JSON"),
        None => read_payload(args.payload.as_deref())?,
    };
    let payload: Value =
        serde_json::from_slice(&bytes).map_err(|e| format!("the payload is not JSON: {e}"))?;
    let result = simulator.simulate(&bytes, &payload, &mut StopCount::default())?;
    if args.json {
        out(&format!(
            "{}\n",
            serde_json::to_string_pretty(&result.to_json()).expect("JSON")
        ));
    } else {
        out(&result.to_text());
    }
    Ok(())
}

fn out(text: &str) {
    crate::out::print(text);
}

/// The PAYLOAD argument: a JSON file, or `-` for stdin (every host's).
pub(crate) fn read_payload(path: Option<&Path>) -> Result<Vec<u8>, Stop> {
    let path = path.ok_or_else(|| {
        Stop::Usage("give a PAYLOAD file (or `-`), --event or --session".to_owned())
    })?;
    if path == Path::new("-") {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read stdin: {e}"))?;
        return Ok(bytes);
    }
    Ok(crate::safe_read::read_or_say(
        path,
        crate::safe_read::PAYLOAD_LIMIT,
    )?)
}

/// The event's starting payload (the runtime's fixture: the required fields with their examples,
/// `cwd` the project), with `KEY=VALUE` fields set: only keys the event's payload has.
fn fixture(event: &str, sets: &[String], project: &Path) -> Result<Value, Stop> {
    let not_an_event = || {
        Stop::Usage(format!(
            "`{event}` is not a Claude Code event{}",
            event_hint(event)
        ))
    };
    let data = events().get(event).ok_or_else(not_an_event)?;
    let Some(Value::Object(mut payload)) = cursor_hooks::claude::fixture(event) else {
        return Err(not_an_event());
    };
    payload.insert("cwd".to_owned(), json!(project.display().to_string()));
    for set in sets {
        let (key, value) = set
            .split_once('=')
            .ok_or_else(|| Stop::Usage(format!("--set {set}: write KEY=VALUE")))?;
        if !data.fields.iter().any(|f| f == key) {
            let fields = data.fields.iter().map(String::as_str);
            let hint = cursor_hooks_spec::closest(key, fields)
                .map(|n| format!("; did you mean `{n}`?"))
                .unwrap_or_else(|| format!("; it has {}", data.fields.join(", ")));
            return Err(Stop::Usage(format!(
                "--set {set}: a `{event}` payload has no `{key}`{hint}"
            )));
        }
        let value = serde_json::from_str(value).unwrap_or_else(|_| Value::String(value.to_owned()));
        payload.insert(key.to_owned(), value);
    }
    Ok(Value::Object(payload))
}

/// `; did you mean `PreToolUse`?`, also for Cursor's camelCase name of a Claude event.
fn event_hint(name: &str) -> String {
    let names = || claude::EVENTS.iter().map(|e| e.name);
    let cursor = claude::EVENTS
        .iter()
        .find(|e| e.cursor_event == Some(name))
        .map(|e| e.name);
    cursor
        .or_else(|| cursor_hooks_spec::closest(name, names()))
        .map(|n| format!("; did you mean `{n}`?"))
        .unwrap_or_default()
}

struct Simulator {
    project: PathBuf,
    /// Where the files are, to tell a hook that never started from one that failed.
    locations: Locations,
    files: Vec<SettingsFile>,
    /// This run's private folder, for the `CLAUDE_ENV_FILE`s.
    run_dir: RunDir,
    /// Whether the notice that hooks really run was given.
    warned: AtomicBool,
}

/// Consecutive Stop blocks of one session's agent, for the block cap (host.json
/// `stop_block_cap`).
#[derive(Default)]
struct StopCount(u32);

/// Where a hook is wired, and its group's matcher.
#[derive(Clone)]
struct Place {
    at: crate::simulate::Place,
    matcher: Option<String>,
}

impl Place {
    fn of(file: &SettingsFile, handler: Option<&Handler>) -> Place {
        Place {
            at: crate::simulate::Place {
                source: file.source.clone(),
                file: file.path.clone(),
                pointer: handler.map(|h| h.pointer.clone()).unwrap_or_default(),
                command: handler.and_then(|h| h.command.clone()),
            },
            matcher: handler.and_then(|h| h.matcher.clone()),
        }
    }

    fn to_json(&self, status: &str) -> Map<String, Value> {
        let mut map = self.at.to_json(status);
        map.insert("matcher".to_owned(), json!(self.matcher));
        map
    }

    fn label(&self) -> String {
        self.at.label()
    }
}

/// One hook wired for the event, in the order of the settings, and what became of it.
enum Entry {
    Ran(Box<Run>),
    /// Its matcher did not select the payload, or an identical handler ran.
    Skipped {
        at: Place,
        reason: String,
    },
    /// Its file cannot be read, or hooks are off.
    NotLoaded {
        at: Place,
        reason: String,
    },
    /// A handler type or mode the simulator does not run.
    NotSimulated {
        at: Place,
        reason: String,
    },
    /// It could not be started (`crate::simulate::never_ran`).
    NeverRan {
        at: Place,
        reason: String,
    },
}

/// Which of the event's handlers run, decided one at a time in the order of the settings.
struct Listing<'a> {
    info: &'static EventInfo,
    /// The user's home folder, the root of a `~/` file rule.
    home: Option<&'a Path>,
    subject: Option<&'a str>,
    payload: &'a Value,
    /// The file whose `disableAllHooks: true` turns hooks off.
    disabled: Option<&'a SettingsFile>,
    /// The managed file whose `allowManagedHooksOnly: true` keeps the others' hooks off.
    managed_only: Option<&'a SettingsFile>,
    /// The handlers that run so far: identical ones run once among the settings files and
    /// within one plugin.
    seen: Vec<(String, Place)>,
    unverified: Vec<String>,
}

impl Listing<'_> {
    /// Why a handler does not run (`None` when it runs), noting the unverified rules applied.
    fn why_not_run(&mut self, file: &SettingsFile, handler: &Handler) -> Option<Entry> {
        let host = host();
        let at = Place::of(file, Some(handler));
        // Identical handlers run once among the settings files, and once within one plugin (its
        // manifest's hooks and its hooks file alike); a plugin's copy of a settings handler
        // runs apart (host.json `loading`, `dedupe`).
        let scope = file
            .plugin_root
            .as_ref()
            .map(|root| root.display().to_string());
        let identity = format!("{scope:?} {:?} {:?}", handler.command, handler.args);
        if let Some(off) = self.disabled {
            let rule = host.loading("disable-all");
            note_rule(
                &mut self.unverified,
                "disableAllHooks",
                rule.verified,
                &rule.source,
            );
            return Some(Entry::NotLoaded {
                at,
                reason: format!(
                    "`disableAllHooks: true` in {} turns hooks off",
                    off.path.display()
                ),
            });
        }
        if let Some(managed) = self.managed_only.filter(|_| file.source != "managed") {
            let sources = &host.config_sources;
            if let Some(rule) = sources.iter().find(|s| s.name == "managed") {
                note_rule(
                    &mut self.unverified,
                    "allowManagedHooksOnly",
                    rule.verified,
                    &rule.source,
                );
            }
            return Some(Entry::NotLoaded {
                at,
                reason: format!(
                    "`allowManagedHooksOnly: true` in {} runs managed hooks only",
                    managed.path.display()
                ),
            });
        }
        if let Some(reason) = skip_reason(self.info, handler, self.subject) {
            return Some(Entry::Skipped { at, reason });
        }
        let rule = host.observed("plugin-misses-session-start-instructions");
        if file.plugin_root.is_some()
            && rule.covers(self.info.name)
            && self.payload["load_reason"] == "session_start"
        {
            return Some(Entry::Skipped {
                at,
                reason:
                    "a plugin's hooks are not registered yet when the session's instructions load"
                        .to_owned(),
            });
        }
        if handler.kind != "command" {
            return Some(Entry::NotSimulated {
                at,
                reason: format!(
                    "a `{}` handler: the simulator runs command handlers only",
                    handler.kind
                ),
            });
        }
        if handler.command.is_none() {
            return Some(Entry::NotLoaded {
                at,
                reason: "a command handler without `command`".to_owned(),
            });
        }
        if handler.background {
            return Some(Entry::NotSimulated {
                at,
                reason: "`async`: it runs in the background and cannot block".to_owned(),
            });
        }
        let first = self.seen.iter().find(|(id, _)| *id == identity);
        if let Some((_, first)) = first {
            let reason = format!(
                "identical to {}: Claude Code runs an identical handler once",
                first.label()
            );
            let rule = host.loading("dedupe");
            note_rule(
                &mut self.unverified,
                "identical handlers run once",
                rule.verified,
                &rule.source,
            );
            return Some(Entry::Skipped { at, reason });
        }
        if let Some(condition) = &handler.condition {
            // Off the tool events there is no tool call to match: the hook never runs.
            let rule = host.observed("if-rule");
            if !rule.covers(self.info.name) {
                return Some(Entry::Skipped {
                    at,
                    reason: format!(
                        "its `if` rule `{condition}` has no tool call to match on {}",
                        self.info.name
                    ),
                });
            }
            if !if_selects(condition, self.payload, self.home) {
                return Some(Entry::Skipped {
                    at,
                    reason: format!("its `if` rule `{condition}` does not match the tool call"),
                });
            }
        }
        // A source whose loading the recordings do not confirm.
        let sources = &host.config_sources;
        if let Some(source) = sources.iter().find(|s| s.name == file.source) {
            let what = format!(
                "Claude Code reads {} ({})",
                file.path.display(),
                source.name
            );
            note_rule(&mut self.unverified, &what, source.verified, &source.source);
        }
        self.seen.push((identity, at));
        None
    }
}

/// A hook wired for the event: to run (its file, itself), or listed with why it does not.
enum Wired<'a> {
    Runs(&'a SettingsFile, &'a Handler),
    Listed(Entry),
}

/// What one hook's result does, by Claude Code's reading.
#[derive(Default)]
struct Effect {
    /// Exit 2's stderr as told to Claude (also in `claude`), which a `continue: false` ignored
    /// on the Agent tool drops with it.
    exit_2_told: Option<String>,
    /// A permission decision (`allow`, `deny`, `ask`, `defer`) and its reason.
    stance: Option<(String, Option<String>)>,
    /// The action is blocked (for Stop: the agent goes on), with the reason.
    block: Option<String>,
    /// `continue: false`, with `stopReason`.
    stop: Option<Option<String>>,
    /// What Claude is told (a reason, stderr, context).
    claude: Vec<String>,
    /// What the user is shown.
    user: Vec<String>,
    /// `additionalContext` and plain-text context.
    context: Vec<String>,
    updated_input: Option<Value>,
    /// The answer's own JSON refuses (a `deny`, `ask` or `defer`, or a legacy block): beside a
    /// rewrite of a skill's shell line only such an answer gives Claude a reason.
    refuses_itself: bool,
    /// An object `updatedToolOutput`, which replaces the output if it has the tool's shape.
    updated_output: Option<Value>,
    /// Other `hookSpecificOutput` keys the event reads (and `systemMessage`).
    fields: Map<String, Value>,
    /// The effect in words.
    words: String,
}

/// One hook that ran, and how its result was read.
struct Run {
    at: Place,
    millis: u128,
    exit_code: Option<i32>,
    timed_out: bool,
    stdout: Captured,
    stderr: Captured,
    /// The host.json result rule that read it (`exit-0-json`, `exit-2`, ...).
    rule: &'static str,
    verified: bool,
    /// Why a JSON answer was not applied (schema) or other remarks.
    note: Option<String>,
    effect: Effect,
    /// Why it could not be started.
    never_ran: Option<String>,
    /// It could not be started, and its failure is read all the same (`onFailure: "block"`).
    read_anyway: bool,
}

struct Simulation {
    event: String,
    payload: Value,
    decision: Value,
    outcome: String,
    blocked: bool,
    stopped: bool,
    stops_once_run: bool,
    model_sees: Vec<String>,
    user_sees: Vec<String>,
    entries: Vec<Entry>,
    unverified: Vec<String>,
}

impl Simulator {
    fn simulate(
        &self,
        bytes: &[u8],
        payload: &Value,
        stops: &mut StopCount,
    ) -> Result<Simulation, String> {
        let event = payload
            .get("hook_event_name")
            .and_then(Value::as_str)
            .ok_or("the payload has no `hook_event_name`")?;
        let info = claude::info(event)
            .ok_or_else(|| format!("`{event}` is not a Claude Code event{}", event_hint(event)))?;
        let host = host();
        let subject = subject_of(info, payload);
        let mut listing = Listing {
            info,
            home: self.locations.home.as_deref(),
            subject: subject.as_deref(),
            payload,
            disabled: settings::all_disabled(&self.files),
            managed_only: settings::managed_only(&self.files),
            seen: Vec::new(),
            unverified: Vec::new(),
        };
        let mut wired: Vec<Wired> = Vec::new();
        for file in &self.files {
            if let Some(why) = &file.unreadable {
                wired.push(Wired::Listed(Entry::NotLoaded {
                    at: Place::of(file, None),
                    reason: format!("{why}: Claude Code loads none of its hooks"),
                }));
                continue;
            }
            for handler in file.handlers.iter().filter(|h| h.event == event) {
                wired.push(match listing.why_not_run(file, handler) {
                    Some(entry) => Wired::Listed(entry),
                    None => Wired::Runs(file, handler),
                });
            }
        }
        let mut unverified = listing.unverified;
        let running: Vec<&Handler> = wired
            .iter()
            .filter_map(|w| match w {
                Wired::Runs(_, handler) => Some(*handler),
                Wired::Listed(_) => None,
            })
            .collect();
        if running.iter().any(|h| h.timeout.is_none()) && info.timeout_ms.is_some() {
            if let Some(rule) = host.event_timeout(info.name).filter(|r| !r.verified) {
                note_rule(
                    &mut unverified,
                    &format!("the default timeout of {}: {}", info.name, rule.rule),
                    false,
                    &rule.source,
                );
            }
        }
        if !running.is_empty()
            && std::io::stdout().is_terminal()
            && !self.warned.swap(true, Ordering::Relaxed)
        {
            note("cursor-hooks: simulate runs every command wired for the event, for real, side effects included (hooks of a project you just cloned too)");
        }
        let env_file = host
            .given_on("CLAUDE_ENV_FILE", info.name)
            .then(|| EnvFile::new(&self.run_dir))
            .transpose()?;
        let env = self.environment(info, payload, env_file.as_ref());
        let entries: Vec<Entry> = std::thread::scope(|scope| {
            let started: Vec<_> = wired
                .into_iter()
                .map(|w| match w {
                    Wired::Runs(file, handler) => {
                        let env = &env;
                        Ok(scope.spawn(move || self.run_hook(file, handler, info, env, bytes)))
                    }
                    Wired::Listed(entry) => Err(Box::new(entry)),
                })
                .collect();
            started
                .into_iter()
                .map(|handle| match handle {
                    Ok(handle) => {
                        let mut run = handle.join().expect("a hook thread");
                        match run.never_ran.take() {
                            Some(reason) if !run.read_anyway => {
                                Entry::NeverRan { at: run.at, reason }
                            }
                            reason => {
                                run.never_ran = reason;
                                Entry::Ran(Box::new(run))
                            }
                        }
                    }
                    Err(entry) => *entry,
                })
                .collect()
        });
        drop(env_file);
        let runs: Vec<&Run> = entries
            .iter()
            .filter_map(|e| match e {
                Entry::Ran(run) => Some(&**run),
                _ => None,
            })
            .collect();
        for run in &runs {
            if !run.verified {
                let rule = host.result(run.rule);
                note_rule(
                    &mut unverified,
                    &format!("reading `{}`", run.rule),
                    false,
                    &rule.source,
                );
            }
        }
        let mut merged = merge(info, payload, &runs, &mut unverified);
        if info.category == Category::Loop {
            apply_stop_cap(info, payload, stops, &mut merged, &mut unverified);
        }
        let never: Vec<(&crate::simulate::Place, &String)> = entries
            .iter()
            .filter_map(|entry| match entry {
                Entry::NeverRan { at, reason } => Some((&at.at, reason)),
                _ => None,
            })
            .collect();
        if let Some(said) = crate::simulate::never_ran_outcome(&never) {
            merged.outcome = said;
        }
        Ok(Simulation {
            event: event.to_owned(),
            payload: payload.clone(),
            decision: merged.decision,
            outcome: merged.outcome,
            blocked: merged.blocked,
            stopped: merged.stopped,
            stops_once_run: merged.stops_once_run,
            model_sees: merged.claude,
            user_sees: merged.user,
            entries,
            unverified,
        })
    }

    /// The variables Claude Code gives hooks (host.json `environment`), from the payload.
    fn environment(
        &self,
        info: &EventInfo,
        payload: &Value,
        env_file: Option<&EnvFile>,
    ) -> Vec<(String, String)> {
        let host = host();
        let text = |key: &str| payload.get(key).and_then(Value::as_str).map(str::to_owned);
        let mut env = vec![
            (
                "CLAUDE_PROJECT_DIR".to_owned(),
                self.project.display().to_string(),
            ),
            ("CLAUDECODE".to_owned(), "1".to_owned()),
            // This process stands in for Claude Code's.
            ("CLAUDE_PID".to_owned(), std::process::id().to_string()),
        ];
        if let Some(session) = text("session_id") {
            env.push(("CLAUDE_CODE_SESSION_ID".to_owned(), session));
        }
        if let Some(level) = payload.pointer("/effort/level").and_then(Value::as_str) {
            env.push(("CLAUDE_EFFORT".to_owned(), level.to_owned()));
        }
        if let Some(file) = env_file {
            env.push(("CLAUDE_ENV_FILE".to_owned(), file.0.display().to_string()));
        }
        // Every name given is one the spec lists for this event.
        env.retain(|(name, _)| host.given_on(name, info.name));
        env
    }

    fn run_hook(
        &self,
        file: &SettingsFile,
        handler: &Handler,
        info: &EventInfo,
        env: &[(String, String)],
        payload: &[u8],
    ) -> Run {
        let host = host();
        let at = Place::of(file, Some(handler));
        let command = handler.command.clone().unwrap_or_default();
        // The handler's own timeout, else the event's, else the handler type's.
        let seconds = handler.timeout.unwrap_or_else(|| match info.timeout_ms {
            Some(ms) => f64::from(ms) / 1000.0,
            None => f64::from(
                host.handler_type("command")
                    .map_or(claude::COMMAND_TIMEOUT_SECONDS, |t| t.timeout_seconds),
            ),
        });
        let mut process = match &handler.args {
            Some(args) => {
                // Claude Code puts a plugin's folder for `${CLAUDE_PLUGIN_ROOT}` and the
                // project's for `${CLAUDE_PROJECT_DIR}` into the command itself, so the program
                // is found without a shell (host.json `observed_rules` `plugin-root-in-command`,
                // `project-dir-in-command`: braced only).
                let project = self.project.display().to_string();
                let program = command.replace("${CLAUDE_PROJECT_DIR}", &project);
                let program = match &file.plugin_root {
                    Some(root) => {
                        program.replace("${CLAUDE_PLUGIN_ROOT}", &root.display().to_string())
                    }
                    None => program,
                };
                let mut process = Command::new(program);
                process.args(args);
                process
            }
            None => {
                let shell = host.shell();
                let mut process = Command::new(&shell[0]);
                process.args(&shell[1..]).arg(&command);
                process
            }
        };
        process
            .current_dir(&self.project)
            .envs(env.iter().map(|(k, v)| (k, v)));
        if let Some(root) = &file.plugin_root {
            process.env("CLAUDE_PLUGIN_ROOT", root);
        }
        // Claude Code removes OpenTelemetry's variables from what hooks inherit.
        for (name, _) in std::env::vars_os() {
            if name.to_string_lossy().starts_with("OTEL_") {
                process.env_remove(name);
            }
        }
        let started = Instant::now();
        let output = child::run(process, payload, child::duration(seconds))
            .map_err(|error| format!("cannot start `{command}`: {error}"));
        let millis = started.elapsed().as_millis();
        // With `args` the command is the program itself, spawned without a shell: a failed
        // spawn says it all.
        let lookup = self.locations.lookup(file.plugin_root.as_deref());
        let never_ran = crate::simulate::never_ran(&output, &command, &self.project, &lookup);
        // A program that cannot start (the shell's exit 126 or 127, or a failed spawn with
        // `args`) is a failure like any other: under `onFailure: "block"` it blocks (host.json
        // `observed_rules` `unstartable-blocks-on-failure`). It is still said not to have run.
        let read_anyway = never_ran.is_some() && handler.blocks_on_failure;
        let mut run = Run {
            at,
            millis,
            exit_code: None,
            timed_out: false,
            stdout: Captured::default(),
            stderr: Captured::default(),
            rule: "exit-other",
            verified: true,
            note: None,
            effect: Effect::default(),
            never_ran,
            read_anyway,
        };
        let output = match output {
            Ok(output) if run.never_ran.is_none() || run.read_anyway => output,
            // A failed spawn read as a failure: no exit code, its error as stderr.
            Err(error) if run.read_anyway => child::Output {
                code: None,
                timed_out: false,
                held_open: false,
                stdout: Captured::default(),
                stderr: Captured {
                    total: error.len() as u64,
                    kept: error.len(),
                    text: error,
                },
            },
            // Not read as a result (`Entry::NeverRan`); a failed spawn always sets `never_ran`.
            _ => return run,
        };
        run.exit_code = output.code;
        run.timed_out = output.timed_out;
        run.stdout = output.stdout;
        run.stderr = output.stderr;
        read_result(info, handler, &mut run, seconds);
        run
    }
}

/// A `CLAUDE_ENV_FILE` for one payload's hooks, in the run's private folder, removed
/// afterwards.
struct EnvFile(PathBuf);

impl EnvFile {
    fn new(run_dir: &RunDir) -> Result<EnvFile, String> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let path = run_dir.path().join(format!(
            "claude-env-{}",
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .map_err(|e| format!("cannot create {}: {e}", path.display()))?;
        Ok(EnvFile(path))
    }
}

impl Drop for EnvFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Notes an unverified rule once.
fn note_rule(unverified: &mut Vec<String>, what: &str, verified: bool, source: &str) {
    let line = format!("{what} ({source})");
    if !verified && !unverified.contains(&line) {
        unverified.push(line);
    }
}

/// The payload's value of the event's matcher subject: a field (`tool_name`), the basename of
/// one (`basename of file_path`) or a field named last (`canonical name of to_model`). `None`
/// when the event has no subject or the payload lacks it: then every hook runs.
fn subject_of(info: &EventInfo, payload: &Value) -> Option<String> {
    let subject = info.matcher_subject?;
    let field = subject.rsplit(' ').next()?;
    let value = payload.get(field)?.as_str()?;
    if subject.starts_with("basename of") {
        return Some(
            Path::new(value)
                .file_name()
                .map_or(value.to_owned(), |n| n.to_string_lossy().into_owned()),
        );
    }
    Some(value.to_owned())
}

/// Why a handler's matcher does not select the subject; `None` when it runs. Events without a
/// subject ignore the matcher.
fn skip_reason(info: &EventInfo, handler: &Handler, subject: Option<&str>) -> Option<String> {
    let (Some(matcher), Some(subject)) = (handler.matcher.as_deref(), subject) else {
        return None;
    };
    if claude::matcher::is_match(matcher, subject) {
        return None;
    }
    // The matcher, in any form, is also tried on the tool's former names (`Task` for Agent:
    // host.json `observed_rules`, `former-tool-names`).
    let former = host().observed("former-tool-names");
    let mut earlier = former.former_names.get(subject).into_iter().flatten();
    if former.covers(info.name) && earlier.any(|old| claude::matcher::is_match(matcher, old)) {
        return None;
    }
    Some(match claude::matcher::check(info, matcher) {
        claude::matcher::Verdict::Invalid { reason, .. } => format!(
            "matcher `{matcher}` is not a valid regular expression ({reason}), so it matches nothing"
        ),
        _ => format!("matcher `{matcher}` does not match `{subject}`"),
    })
}

/// Whether a handler's `if` permission rule selects the payload's tool call (host.json
/// `observed_rules`, `if-rule`): `Tool` or `Tool(*)` every call of the tool, `Bash(git *)` a
/// command one of whose parts (split on `;`, `&&`, `||` and `|`), its redirections taken
/// out, matches the pattern (`*` any text, `git:*` a prefix); a file tool's pattern is matched
/// as its permission rule ([`super::file_rule`]), other tools' against the input's path or URL.
/// Another tool never matches.
fn if_selects(rule: &str, payload: &Value, home: Option<&Path>) -> bool {
    let rule = rule.trim();
    let (tool, pattern) = match rule.split_once('(') {
        Some((tool, rest)) => (tool.trim(), rest.strip_suffix(')').map(str::trim)),
        None => (rule, None),
    };
    if payload.get("tool_name").and_then(Value::as_str) != Some(tool) {
        return false;
    }
    let Some(written) = pattern.filter(|p| !p.is_empty() && *p != "*") else {
        return true;
    };
    let input = payload.get("tool_input");
    let text = |key: &str| input.and_then(|i| i.get(key)).and_then(Value::as_str);
    // A file tool's rule is its permission matcher's (host.json `observed_rules`, `if-rule`).
    if let Some(path) = text("file_path").or(text("notebook_path")) {
        let cwd = payload.get("cwd").and_then(Value::as_str);
        return super::file_rule::selects(written, path, cwd, home);
    }
    let pattern = match written.strip_suffix(":*") {
        Some(prefix) => format!("{prefix}*"),
        None => written.to_owned(),
    };
    if tool == "Bash" {
        let Some(command) = text("command") else {
            return true;
        };
        let mut parts = command
            .split(['\n', ';', '|', '&'])
            .map(without_redirections)
            .filter(|p| !p.is_empty());
        return parts.any(|p| glob(&pattern, &p));
    }
    match text("path").or(text("url")) {
        Some(subject) => glob(&pattern, subject),
        None => true,
    }
}

/// A part of a shell command without its redirections (`> file`, `2>/dev/null`, `< in`), as the
/// `if` rule sees it (host.json `observed_rules`, `if-rule`): `echo a > f` is `echo a`.
fn without_redirections(part: &str) -> String {
    let mut words = Vec::new();
    let mut target_next = false;
    for word in part.split_whitespace() {
        if std::mem::take(&mut target_next) {
            continue;
        }
        let operator = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '&');
        if operator.starts_with('>') || operator.starts_with('<') {
            // `>` alone takes the next word as its target; `>file`, `2>&1` carry their own.
            target_next = operator.trim_start_matches(['>', '<', '|', '&']).is_empty()
                && !operator.ends_with('&');
            continue;
        }
        words.push(word);
    }
    words.join(" ")
}

/// `*` matches any text, everything else itself.
fn glob(pattern: &str, text: &str) -> bool {
    let mut pieces = pattern.split('*');
    let first = pieces.next().unwrap_or_default();
    let Some(mut rest) = text.strip_prefix(first) else {
        return false;
    };
    let pieces: Vec<&str> = pieces.collect();
    for (at, piece) in pieces.iter().enumerate() {
        if at + 1 == pieces.len() {
            return rest.ends_with(piece);
        }
        match rest.find(piece) {
            Some(found) => rest = &rest[found + piece.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Reads one hook's result by host.json `results` and the event's rules (events.json).
fn read_result(info: &EventInfo, handler: &Handler, run: &mut Run, seconds: f64) {
    let stdout = run.stdout.text.trim().to_owned();
    let stderr = run.stderr.text.trim().to_owned();
    let json_object = || match serde_json::from_str::<Value>(&stdout) {
        Ok(Value::Object(answer)) => Some(answer),
        _ => None,
    };
    let mut effect = Effect::default();
    // `onFailure: "block"` reads a failure as exit 2, with stderr, where Claude Code does not
    // ignore it; a permission event's is a deny, also where exit 2 is ignored (host.json
    // `fail_closed`).
    // Off the events a hook can block it is still read as exit 2, which blocks nothing there.
    let read_as_exit_2 = handler.blocks_on_failure && (info.fail_closed || !info.can_block);
    let failed = |effect: &mut Effect, what: String, reason: &str| {
        if handler.blocks_on_failure && info.fail_closed && info.category == Category::Permission {
            effect.stance = Some(("deny".to_owned(), Some(reason.to_owned())));
            effect.words = format!("{what}; `onFailure: \"block\"`: deny");
        } else if read_as_exit_2 {
            exit_2(info, Some(reason), effect);
            effect.words = format!("{what}; `onFailure: \"block\"`: {}", effect.words);
        } else if handler.blocks_on_failure {
            effect.words = format!(
                "{what}; `onFailure` is ignored on {}, the action proceeds",
                info.name
            );
        } else {
            effect.words = format!("{what}; non-blocking, the action proceeds");
        }
    };
    run.rule = if run.timed_out {
        // Killed: its output is dropped. PreModelSwitch is blocked by a timeout (host.json
        // `results`, `timeout`).
        let what = format!("killed after its timeout of {seconds} s");
        if info.name == "PreModelSwitch" {
            effect.block = Some(what.clone());
            effect.words = format!("{what}; the model switch is blocked");
        } else {
            failed(&mut effect, what, &stderr);
        }
        "timeout"
    } else if read_as_exit_2
        && matches!(run.exit_code, Some(0 | 2))
        && json_object().is_some_and(|answer| names_other_event(info, &answer))
        && host()
            .observed("other-event-fails-under-on-failure")
            .covers(info.name)
    {
        // Under `onFailure: "block"` another event's `hookSpecificOutput` is a failure, at
        // exit 0 or 2, and no reason reaches Claude (host.json `observed_rules`,
        // `other-event-fails-under-on-failure`); at any other exit the exit fails first.
        let what = "another event's `hookSpecificOutput`".to_owned();
        // Its JSON still tells what it says (the same rule): Claude, or on a prompt, whose
        // block the user is shown, the user (`other-event-failure-shown`).
        let told = json_object().map_or_else(Vec::new, |answer| failure_told(&answer));
        if host()
            .observed("other-event-failure-shown")
            .covers(info.name)
        {
            failed(&mut effect, what, &told.join("\n"));
        } else {
            failed(&mut effect, what, "");
            effect.claude.extend(told);
        }
        "schema-invalid-json"
    } else if run.exit_code == Some(2) {
        // JSON of the wrong type for the event it names is not read at all: exit 2 acts alone,
        // with stderr (host.json `observed_rules`, `exit-2-broken-json`).
        let mut answer = json_object();
        if let Some(why) = answer.as_ref().and_then(|a| breaks_named_schema(info, a)) {
            run.note = Some(format!("its JSON was not read: {why}"));
            answer = None;
        }
        // Beside another event's `hookSpecificOutput` only a block or deny is read, and exit 2
        // itself counts only on the events it still refuses (host.json `observed_rules`,
        // `exit-2-other-event`, `exit-2-other-event-refuses`).
        let other_event = answer.as_ref().is_some_and(|a| names_other_event(info, a))
            && host().observed("exit-2-other-event").covers(info.name);
        if other_event {
            if let Some(answer) = &mut answer {
                answer.retain(|key, _| {
                    matches!(key.as_str(), "decision" | "reason" | "hookSpecificOutput")
                });
            }
        }
        // Other JSON fields are still read.
        if let Some(answer) = &answer {
            if let Err(why) = apply_json(info, answer, &mut effect) {
                run.note = Some(format!("its JSON was not applied: {why}"));
            }
        }
        // With a JSON deny on stdout a permission event's reason is the JSON's own, stderr is
        // not given (host.json `observed_rules`, `exit-2-json-reason`). Only a JSON block or
        // deny takes stderr's place: `{}`, a context, `approve`, and `allow`, `ask` or `defer`
        // (which exit 2 overrules) leave stderr the reason.
        let decides = answer.as_ref().is_some_and(|a| {
            a.get("decision").is_some_and(|d| d == "block")
                || a.get("hookSpecificOutput")
                    .and_then(|s| s.get("permissionDecision"))
                    .is_some_and(|d| d == "deny")
        });
        // Also on Stop and PostToolUse: a JSON block's reason, or none, replaces stderr.
        let json_reason = decides && host().observed("exit-2-json-reason").covers(info.name);
        // On PostToolUseFailure neither reaches Claude (`exit-2-block-silent`).
        let silent = decides && host().observed("exit-2-block-silent").covers(info.name);
        if silent {
            exit_2(info, None, &mut effect);
            effect.block = Some(String::new());
            effect.words = "exit 2 beside a JSON block: Claude gets no reason".to_owned();
        } else if !other_event || decides {
            exit_2(info, (!json_reason).then_some(stderr.as_str()), &mut effect);
        } else if host()
            .observed("exit-2-other-event-refuses")
            .covers(info.name)
        {
            exit_2(info, None, &mut effect);
            effect.words = format!(
                "{} (beside another event's output: no reason)",
                effect.words
            );
        } else {
            effect.words = "exit 2 beside another event's `hookSpecificOutput`: void".to_owned();
        }
        "exit-2"
    } else if run.exit_code != Some(0) {
        // A schema-valid JSON object is still honoured, unless `onFailure: "block"` reads the
        // failure as exit 2 (host.json `fail_closed`): then the JSON is not read.
        if let Some(answer) = json_object().filter(|_| !read_as_exit_2) {
            if let Err(why) = apply_json(info, &answer, &mut effect) {
                run.note = Some(format!("its JSON was not applied: {why}"));
            }
        }
        let first = stderr.lines().next().unwrap_or_default();
        effect.user.push(
            format!("{} hook error: {first}", info.name)
                .trim_end_matches([':', ' '])
                .to_owned(),
        );
        let code = run
            .exit_code
            .map_or("no exit code (a signal)".to_owned(), |c| {
                format!("exit {c}")
            });
        let answered = effect.words.clone();
        // Under `onFailure: "block"` JSON that fails validation adds its complaint, which quotes
        // the output, to stderr as the reason.
        let complaint = json_object()
            .filter(|_| read_as_exit_2)
            .and_then(|answer| apply_json(info, &answer, &mut Effect::default()).err());
        // A JSON block's reason takes stderr's place where the event says so (host.json
        // `observed_rules`, `failure-json-block-reason`).
        let block_reason = json_object()
            .filter(|answer| answer.get("decision").is_some_and(|d| d == "block"))
            .and_then(|answer| answer.get("reason")?.as_str().map(str::to_owned))
            .filter(|_| {
                read_as_exit_2
                    && host()
                        .observed("failure-json-block-reason")
                        .covers(info.name)
            });
        let reason = match (complaint, block_reason) {
            (Some(why), _) => format!("{stderr}\n{why}: {stdout}"),
            (None, Some(reason)) => reason,
            (None, None) => stderr.clone(),
        };
        failed(&mut effect, code, &reason);
        // On a permission request the failure's JSON still tells Claude what it says: its
        // context and its own reasons (host.json `observed_rules`, `failure-json-still-told`).
        if read_as_exit_2 && host().observed("failure-json-still-told").covers(info.name) {
            let mut told = Effect::default();
            if let Some(answer) = json_object() {
                let applied = apply_json(info, &answer, &mut told).is_ok();
                if applied
                    && told
                        .stance
                        .as_ref()
                        .is_some_and(|(stance, _)| stance == "deny")
                {
                    // A JSON deny is the answer: its message, or none, is the whole reason.
                    effect.stance = told.stance;
                } else if applied {
                    let reasons = told.stance.and_then(|(_, reason)| reason).into_iter();
                    let said = reasons.chain(told.claude);
                    effect.claude.extend(said.chain(permission_texts(&answer)));
                }
            }
        }
        if !answered.is_empty() {
            effect.words = format!("{answered}; {}", effect.words);
        }
        "exit-other"
    } else if stdout.starts_with('{') {
        match json_object() {
            Some(answer) => match apply_json(info, &answer, &mut effect) {
                Ok(()) => {
                    // Under `onFailure: "block"` a PermissionRequest output without a decision
                    // still tells Claude its context (host.json `observed_rules`,
                    // `undecided-permission-context-told`).
                    let undecided = host().observed("undecided-permission-context-told");
                    let decided = answer
                        .get("hookSpecificOutput")
                        .is_some_and(|specific| specific.get("decision").is_some());
                    if handler.blocks_on_failure && !decided && undecided.covers(info.name) {
                        effect.claude.extend(permission_texts(&answer));
                    }
                    "exit-0-json"
                }
                Err(why) => {
                    // The answer is dropped; `onFailure: "block"` blocks with the schema's
                    // complaint, which quotes the output, as the reason.
                    effect = Effect::default();
                    let what = format!("{why}: the answer is dropped");
                    failed(&mut effect, what, &format!("{why}: {stdout}"));
                    "schema-invalid-json"
                }
            },
            None => {
                plain_text(info, &stdout, &mut effect);
                effect.words = format!("not JSON, read as plain text: {}", effect.words);
                "invalid-json"
            }
        }
    } else {
        plain_text(info, &stdout, &mut effect);
        "exit-0-text"
    };
    if effect.words.is_empty() {
        effect.words = "no opinion".to_owned();
    }
    run.verified = host().result(run.rule).verified;
    run.effect = effect;
}

/// What a PermissionRequest answer under `onFailure: "block"` tells Claude beside a
/// `hookSpecificOutput` when it fails or decides nothing: that output's `additionalContext`,
/// and the top-level `reason`, `stopReason` and `systemMessage` (host.json `observed_rules`,
/// `failure-json-still-told`, `undecided-permission-context-told`).
fn permission_texts(answer: &Map<String, Value>) -> Vec<String> {
    let Some(specific) = answer.get("hookSpecificOutput") else {
        return Vec::new();
    };
    let texts = [
        specific.get("additionalContext"),
        answer.get("reason"),
        answer.get("stopReason"),
        answer.get("systemMessage"),
    ];
    texts
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .filter(|text| !text.is_empty())
        .map(str::to_owned)
        .collect()
}

/// What an answer read as a failure under `onFailure: "block"` because its
/// `hookSpecificOutput` names another event still tells Claude: a legacy block its `reason`
/// alone, else that output's `additionalContext`, the top-level `reason` and the
/// `systemMessage` (host.json `observed_rules`, `other-event-fails-under-on-failure`).
fn failure_told(answer: &Map<String, Value>) -> Vec<String> {
    let text = |value: Option<&Value>| {
        value
            .and_then(Value::as_str)
            .filter(|text| !text.is_empty())
            .map(str::to_owned)
    };
    if answer.get("decision").is_some_and(|d| d == "block") {
        return text(answer.get("reason")).into_iter().collect();
    }
    let specific = answer.get("hookSpecificOutput");
    [
        text(specific.and_then(|s| s.get("additionalContext"))),
        text(answer.get("reason")),
        text(answer.get("systemMessage")),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// Why `answer` breaks the output schema of the event its `hookSpecificOutput` names (`info`'s
/// when it names none).
fn breaks_named_schema(info: &EventInfo, answer: &Map<String, Value>) -> Option<String> {
    if let Some(why) = breaks_common_schema(answer) {
        return Some(why);
    }
    let specific = answer.get("hookSpecificOutput")?.as_object()?;
    let named = specific
        .get("hookEventName")
        .and_then(Value::as_str)
        .unwrap_or(info.name);
    wrong_type(specific, named).map(|why| format!("{why} ({named})"))
}

/// A top-level key whose value breaks the output schema every event shares: `continue` not a
/// boolean, a `decision` outside the values it allows (host.json `observed_rules`,
/// `decision-values`).
fn breaks_common_schema(answer: &Map<String, Value>) -> Option<String> {
    if let Some(value) = answer.get("continue").filter(|v| !v.is_boolean()) {
        return Some(format!("`continue: {value}` is not a boolean"));
    }
    let allowed = &host().observed("decision-values").values;
    answer.iter().find_map(|(key, value)| {
        let values = allowed.get(key)?;
        let known = value
            .as_str()
            .is_some_and(|v| values.iter().any(|a| a == v));
        (!known).then(|| format!("`{key}: {value}` is not one of {}", values.join(", ")))
    })
}

/// A key of `specific` whose type or value breaks `event`'s output schema (host.json
/// `observed_rules`, `context-must-be-text`, `updated-input-must-be-object`,
/// `permission-decision-must-be-known`, `permission-updates-must-be-list`).
fn wrong_type(specific: &Map<String, Value>, event: &str) -> Option<String> {
    let rules = host();
    if let Some(permission) = specific.get("permissionDecision").filter(|_| {
        rules
            .observed("permission-decision-must-be-known")
            .covers(event)
    }) {
        // The rule covers only events the table has; an unknown one reads no value.
        let read = cursor_hooks_spec::claude::info(event).map_or(Vec::new(), |info| {
            [
                info.permission_decision,
                info.permission_decision_not_offered,
            ]
            .concat()
        });
        if !permission
            .as_str()
            .is_some_and(|value| read.contains(&value))
        {
            return Some(format!(
                "`permissionDecision: {permission}` is not one of {read:?}"
            ));
        }
    }
    // Only an allow's: a deny's `updatedPermissions` is not read.
    if let Some(updates) = specific
        .get("decision")
        .filter(|d| d.get("behavior") == Some(&Value::from("allow")))
        .and_then(|decision| decision.get("updatedPermissions"))
        .filter(|_| {
            rules
                .observed("permission-updates-must-be-list")
                .covers(event)
        })
    {
        let Some(list) = updates.as_array() else {
            return Some(format!(
                "`decision.updatedPermissions: {updates}` is not a list"
            ));
        };
        if let Some(fault) = list.iter().find_map(permission_update_fault) {
            return Some(format!("`decision.updatedPermissions` holds {fault}"));
        }
    }
    if let Some(context) = specific
        .get("additionalContext")
        .filter(|c| !c.is_string() && rules.observed("context-must-be-text").covers(event))
    {
        return Some(format!("`additionalContext: {context}` is not a string"));
    }
    // An event whose answer is a `decision` (PermissionRequest's) carries its rewrite in it,
    // and only an allow's is checked: a deny's is not read.
    let in_decision = cursor_hooks_spec::claude::info(event)
        .is_some_and(|info| info.hook_specific.contains(&"decision"));
    let (input, key) = if in_decision {
        let input = specific
            .get("decision")
            .filter(|d| d.get("behavior") == Some(&Value::from("allow")))
            .and_then(|d| d.get("updatedInput"));
        (input, "decision.updatedInput")
    } else {
        (specific.get("updatedInput"), "updatedInput")
    };
    input
        .filter(|i| !i.is_object() && rules.observed("updated-input-must-be-object").covers(event))
        .map(|input| format!("`{key}: {input}` is not an object"))
}

/// What breaks the output schema in one `updatedPermissions` entry, as events.json
/// `permission_update` says an entry must be (its kind, destination, and each kind's fields).
fn permission_update_fault(entry: &Value) -> Option<String> {
    let one_of = |key: &str, values: &[&str]| {
        let known = entry[key].as_str().is_some_and(|v| values.contains(&v));
        (!known).then(|| format!("{entry}, whose `{key}` is not one of {values:?}"))
    };
    let list_of = |key: &str, item: &dyn Fn(&Value) -> bool| {
        let fits = entry[key].as_array().is_some_and(|l| l.iter().all(item));
        (!fits).then(|| format!("{entry}, whose `{key}` is not a list of the right entries"))
    };
    if !entry.is_object() {
        return Some(format!("{entry}, which is not an object"));
    }
    one_of("type", claude::PERMISSION_UPDATE_TYPES)
        .or_else(|| one_of("destination", claude::PERMISSION_UPDATE_DESTINATIONS))
        .or_else(|| match entry["type"].as_str() {
            Some("setMode") => one_of("mode", claude::PERMISSION_UPDATE_MODES),
            Some("addDirectories" | "removeDirectories") => {
                list_of("directories", &Value::is_string)
            }
            _ => one_of("behavior", claude::PERMISSION_UPDATE_BEHAVIORS).or_else(|| {
                list_of("rules", &|rule| {
                    rule["toolName"].is_string()
                        && (rule.get("ruleContent").is_none() || rule["ruleContent"].is_string())
                })
            }),
        })
}

/// Whether `answer`'s `hookSpecificOutput` names an event other than `info`'s.
fn names_other_event(info: &EventInfo, answer: &Map<String, Value>) -> bool {
    answer
        .get("hookSpecificOutput")
        .and_then(|specific| specific.get("hookEventName"))
        .and_then(Value::as_str)
        .is_some_and(|name| !is_own_event(info, name))
}

/// Whether a `hookSpecificOutput` naming `name` is read as `info`'s own: its own name, or one
/// the binary reads in its place (host.json `observed_rules`, `reads-other-event-output`).
fn is_own_event(info: &EventInfo, name: &str) -> bool {
    let rule = host().observed("reads-other-event-output");
    name == info.name || rule.covers(info.name) && rule.also_named.iter().any(|n| n == name)
}

/// Exit 2 by the event's `exit_2` (events.json).
fn exit_2(info: &EventInfo, stderr: Option<&str>, effect: &mut Effect) {
    let reason = stderr.unwrap_or_default().to_owned();
    match info.exit_2 {
        Exit2::Block if info.category == Category::Permission => {
            // A JSON deny's own reason stands; without stderr (a JSON answer), no reason. On a
            // skill's shell line a JSON ask or defer stands too: the ask's own reason, or none
            // (host.json `observed_rules`, `exit-2-skill-refusal`).
            let refusal = host().observed("exit-2-skill-refusal").covers(info.name);
            let stance = effect.stance.take();
            let kept = stance.as_ref().map(|(stance, _)| stance.as_str());
            let own = match &stance {
                Some((stance, why)) if matches!(stance.as_str(), "deny" | "ask" | "defer") => {
                    why.clone()
                }
                _ => None,
            };
            let why = match stderr {
                Some(_) if refusal && matches!(kept, Some("ask" | "defer")) => own,
                Some(_) => Some(reason),
                None if kept == Some("deny") => own,
                None => None,
            };
            effect.stance = Some(("deny".to_owned(), why));
            effect.words = "exit 2 blocks: deny".to_owned();
        }
        Exit2::Block | Exit2::Fails => {
            // A JSON block's reason stands; else (none, or a block without one) stderr is.
            if effect.block.as_deref().is_none_or(str::is_empty) {
                effect.block = Some(reason);
            }
            effect.words = "exit 2 blocks".to_owned();
        }
        Exit2::Continue => {
            if effect.block.as_deref().is_none_or(str::is_empty) {
                effect.block = Some(reason);
            }
            effect.words = "exit 2: it keeps working, stderr is its instruction".to_owned();
        }
        Exit2::StderrToClaude => match stderr {
            Some(_) => {
                effect.claude.push(reason.clone());
                effect.exit_2_told = Some(reason);
                effect.words = "exit 2: stderr is shown to Claude".to_owned();
            }
            None => effect.words = "exit 2: the JSON block's reason is Claude's".to_owned(),
        },
        Exit2::StderrToUser => {
            effect.user.push(reason);
            effect.words = "exit 2: stderr is shown to the user".to_owned();
        }
        Exit2::Ignored => effect.words = "exit 2: ignored (debug log)".to_owned(),
        Exit2::NotStated => {
            effect.words = "exit 2: the docs do not say what it does".to_owned();
        }
    }
}

/// Exit-0 plain text by the event's `plain_stdout`.
fn plain_text(info: &EventInfo, stdout: &str, effect: &mut Effect) {
    if stdout.is_empty() {
        effect.words = "no output: no opinion".to_owned();
        return;
    }
    match info.plain_stdout {
        PlainStdout::Context => {
            effect.context.push(stdout.to_owned());
            effect.words = "plain text: added to Claude's context".to_owned();
        }
        PlainStdout::DebugLog => effect.words = "plain text: debug log only".to_owned(),
        PlainStdout::WorktreePath => {
            let path = stdout.lines().last().unwrap_or_default().trim();
            effect.fields.insert("worktreePath".to_owned(), json!(path));
            effect.words = "plain text: its last line is the worktree's path".to_owned();
        }
    }
}

/// Applies a JSON answer: the universal keys, `decision`/`reason` where the event reads them,
/// and `hookSpecificOutput`; an answer that breaks the event's schema is refused whole.
fn apply_json(
    info: &EventInfo,
    answer: &Map<String, Value>,
    effect: &mut Effect,
) -> Result<(), String> {
    let reason = answer
        .get("reason")
        .and_then(Value::as_str)
        .map(str::to_owned);
    let other = host().observed("other-event-specific-dropped");
    // Beside another event's `hookSpecificOutput`, `continue: false` does not count either.
    let other_event = names_other_event(info, answer) && other.covers(info.name);
    let specific = match answer.get("hookSpecificOutput") {
        None => None,
        Some(Value::Object(specific)) => {
            let name = specific.get("hookEventName").and_then(Value::as_str);
            match name {
                Some(name) if is_own_event(info, name) => Some(specific),
                // Another event's `hookSpecificOutput` is dropped alone; the top-level keys
                // still count (host.json `observed_rules`, `other-event-specific-dropped`).
                Some(_) if other.covers(info.name) => None,
                _ => {
                    return Err(format!(
                        "`hookSpecificOutput.hookEventName` is {}, not `{}`",
                        name.map_or("missing".to_owned(), |n| format!("`{n}`")),
                        info.name
                    ))
                }
            }
        }
        Some(_) => return Err("`hookSpecificOutput` is not an object".to_owned()),
    };
    // `approve` and `block` are valid on every event, `approve` ignored outside PreToolUse
    // (host.json `observed_rules`, `approve-everywhere`).
    let decision = answer.get("decision").and_then(Value::as_str);
    // PreToolUse's deprecated top-level `approve`/`block` (events.json, its notes), which a
    // skill's shell line reads too (host.json `observed_rules`, `legacy-block-wins`).
    let legacy =
        info.name == "PreToolUse" || host().observed("legacy-block-wins").covers(info.name);
    // The shared keys, and the event its `hookSpecificOutput` names (another event too).
    if let Some(why) = breaks_named_schema(info, answer) {
        return Err(why);
    }
    let permission = specific.and_then(|s| s.get("permissionDecision"));
    if let Some(permission) = permission {
        let value = permission.as_str().unwrap_or_default();
        // On an event whose schema has no `permissionDecision` any value breaks it; where it
        // has one, `breaks_named_schema` above has checked the value. The binary's schema,
        // with the values the typed answer leaves out.
        let read = [
            info.permission_decision,
            info.permission_decision_not_offered,
        ]
        .concat();
        if !read.contains(&value) {
            return Err(format!(
                "`permissionDecision: {permission}` is not one of {read:?}"
            ));
        }
    }
    let mut words = Vec::new();
    let continue_ignored = host().observed("continue-ignored").covers(info.name);
    // Beside an ask in the same answer `continue: false` is ignored (host.json
    // `observed_rules`, `ask-ignores-continue`).
    // A legacy block in the same answer overrules the ask (`legacy-block-wins`).
    let asks = specific.and_then(|s| s.get("permissionDecision")) == Some(&json!("ask"))
        && answer.get("decision") != Some(&json!("block"))
        && host().observed("ask-ignores-continue").covers(info.name);
    if answer.get("continue") == Some(&Value::Bool(false)) && other_event {
        words.push("`continue: false`: ignored beside another event's output".to_owned());
    } else if answer.get("continue") == Some(&Value::Bool(false)) && asks {
        words.push("`continue: false`: ignored beside an ask".to_owned());
    } else if answer.get("continue") == Some(&Value::Bool(false)) && continue_ignored {
        words.push(format!("`continue: false`: ignored on {}", info.name));
    } else if answer.get("continue") == Some(&Value::Bool(false)) {
        let why = answer
            .get("stopReason")
            .and_then(Value::as_str)
            .map(str::to_owned);
        if info.category == Category::Gate {
            effect.block = Some(why.unwrap_or_default());
            words.push("`continue: false`: it keeps working".to_owned());
        } else {
            if let Some(why) = &why {
                effect.user.push(why.clone());
            }
            effect.stop = Some(why);
            words.push("`continue: false`: Claude stops".to_owned());
        }
    }
    if let Some(message) = answer.get("systemMessage").and_then(Value::as_str) {
        effect.user.push(message.to_owned());
        effect
            .fields
            .insert("systemMessage".to_owned(), json!(message));
    }
    match decision {
        Some("block") if legacy => {
            effect.stance = Some(("deny".to_owned(), reason.clone()));
            effect.refuses_itself = true;
            words.push("deny (legacy `decision: \"block\"`)".to_owned());
        }
        Some("approve") if legacy => {
            effect.stance = Some(("allow".to_owned(), reason.clone()));
            words.push("allow (legacy `decision: \"approve\"`)".to_owned());
        }
        Some(decision) if info.decision.contains(&decision) => {
            effect.block = Some(reason.clone().unwrap_or_default());
            words.push(format!("`decision: \"{decision}\"`"));
        }
        _ => {}
    }
    if let Some(specific) = specific {
        if let Some(permission) = permission.and_then(Value::as_str) {
            let own = specific
                .get("permissionDecisionReason")
                .and_then(Value::as_str)
                .map(str::to_owned);
            let observed = |id: &str| legacy && host().observed(id).covers(info.name);
            // A deny without its own reason gives Claude the top-level `reason` (host.json
            // `observed_rules`, `deny-takes-top-reason`).
            let why = match permission {
                "deny" if observed("deny-takes-top-reason") => own.or_else(|| reason.clone()),
                _ => own,
            };
            // A legacy `decision: "block"` in the same answer denies the call whatever this
            // says, with its `reason` (host.json `observed_rules`, `legacy-block-wins`).
            if decision == Some("block") && permission != "deny" && observed("legacy-block-wins") {
                // On a skill's shell line the refusal gives this answer's own reason first
                // (host.json `observed_rules`, `skill-refusal-first-answer`).
                if host()
                    .observed("skill-refusal-first-answer")
                    .covers(info.name)
                {
                    let own = why.filter(|_| permission != "allow");
                    effect.stance = Some(("deny".to_owned(), own.or_else(|| reason.clone())));
                }
                words.push(format!("{permission} overruled by the legacy block"));
            } else {
                effect.stance = Some((permission.to_owned(), why));
                words.push(permission.to_owned());
            }
            effect.refuses_itself |= permission != "allow";
        }
        // PermissionRequest's `decision: {behavior, message, updatedInput}`.
        if let Some(Value::Object(request)) = specific
            .get("decision")
            .filter(|_| info.hook_specific.contains(&"decision"))
        {
            if let Some(behavior) = request.get("behavior").and_then(Value::as_str) {
                let why = request
                    .get("message")
                    .and_then(Value::as_str)
                    .map(str::to_owned);
                // A deny with `interrupt: true` aborts the run: the message reaches no model
                // request (host.json `observed_rules`, `interrupt-aborts`).
                let interrupts = behavior == "deny"
                    && request.get("interrupt") == Some(&Value::Bool(true))
                    && host().observed("interrupt-aborts").covers(info.name);
                if interrupts {
                    effect.stance = Some((behavior.to_owned(), None));
                    effect.stop = Some(why);
                    words.push("deny with `interrupt`: the run is aborted".to_owned());
                } else {
                    effect.stance = Some((behavior.to_owned(), why));
                    words.push(behavior.to_owned());
                }
            }
            if let Some(input) = request.get("updatedInput").filter(|v| v.is_object()) {
                effect.updated_input = Some(input.clone());
            }
        }
        for (key, value) in specific {
            let key_read = [info.hook_specific, info.hook_specific_not_offered]
                .iter()
                .any(|keys| keys.contains(&key.as_str()));
            if !key_read {
                continue;
            }
            match key.as_str() {
                "permissionDecision" | "permissionDecisionReason" | "decision" => {}
                "updatedInput" if value.is_object() => {
                    effect.updated_input = Some(value.clone());
                    words.push("`updatedInput`".to_owned());
                }
                // Only an output of the tool's own shape replaces it (host.json
                // `observed_rules`, `updated-tool-output-shape`); Bash's has `stdout`.
                "updatedToolOutput" => match value {
                    Value::Object(_) => {
                        effect.updated_output = Some(value.clone());
                        words.push("`updatedToolOutput`".to_owned());
                    }
                    _ => words.push(
                        "`updatedToolOutput` refused: not the tool's output shape, the output is kept"
                            .to_owned(),
                    ),
                },
                "additionalContext" => {
                    if let Some(text) = value.as_str().filter(|t| !t.is_empty()) {
                        effect.context.push(text.to_owned());
                        words.push("`additionalContext`".to_owned());
                    }
                }
                _ => {
                    effect.fields.insert(key.clone(), value.clone());
                    words.push(format!("`{key}`"));
                }
            }
        }
    }
    effect.words = if words.is_empty() {
        "no opinion".to_owned()
    } else {
        words.join(", ")
    };
    Ok(())
}

/// The combined answer of every hook.
struct Merged {
    decision: Value,
    outcome: String,
    blocked: bool,
    stopped: bool,
    /// The stop takes effect only once the call runs (`stop_waits_for_the_call`).
    stops_once_run: bool,
    claude: Vec<String>,
    user: Vec<String>,
}

/// Whether a PreToolUse `continue: false` ends the run only once the call runs: with no hook
/// allowing or denying the call, the permission system decides next, and a call it refuses
/// (print mode with no allow rule) leaves the agent going (host.json `observed_rules`,
/// `pre-tool-stop-waits-for-the-call`). simulate does not know the permission rules the call
/// meets, so it says both.
fn stop_waits_for_the_call(
    info: &EventInfo,
    effects: &[&Effect],
) -> Option<&'static crate::claude::host::Observed> {
    let rule = host().observed("pre-tool-stop-waits-for-the-call");
    let decided = effects.iter().any(|e| {
        e.stance
            .as_ref()
            .is_some_and(|(stance, _)| stance == "allow" || stance == "deny")
    });
    (rule.covers(info.name) && !decided).then_some(rule)
}

/// Combines the hooks' answers (host.json `combining`).
fn merge(info: &EventInfo, payload: &Value, runs: &[&Run], unverified: &mut Vec<String>) -> Merged {
    let host = host();
    let effects: Vec<&Effect> = runs.iter().map(|r| &r.effect).collect();
    let tool = payload.get("tool_name").and_then(Value::as_str);
    let reason_to_claude = match events().get(info.name).and_then(|e| e.reason_to.as_deref()) {
        Some(to) => to == "claude",
        // Exit 2's block reaches Claude on tool events (PreToolUse: "stderr to Claude").
        None => info.category == Category::Permission,
    };
    let mut model_sees = Vec::new();
    let mut user_sees = Vec::new();
    let mut specific = Map::new();
    specific.insert("hookEventName".to_owned(), json!(info.name));
    let mut decision = Map::new();
    // `continue: false` ignored on the Agent tool drops exit 2's stderr beside it, as it drops
    // a block (host.json `observed_rules`, `continue-false-agent-tool-ignored`).
    let agent_tool = host.observed("continue-false-agent-tool-ignored");
    let denied = effects.iter().any(|e| {
        e.stance
            .as_ref()
            .is_some_and(|(stance, _)| stance == "deny")
    });
    let stop_ignored = !denied
        && agent_tool.covers(info.name)
        && tool.is_some_and(|t| agent_tool.tools.iter().any(|n| n == t));
    for effect in &effects {
        let dropped = (stop_ignored && effect.stop.is_some())
            .then_some(effect.exit_2_told.as_ref())
            .flatten();
        let told = effect.claude.iter().filter(|text| Some(*text) != dropped);
        model_sees.extend(told.cloned());
        user_sees.extend(effect.user.iter().cloned());
        for (key, value) in &effect.fields {
            if key == "systemMessage" {
                continue;
            }
            specific.insert(key.clone(), value.clone());
        }
    }
    let messages: Vec<&str> = effects
        .iter()
        .filter_map(|e| e.fields.get("systemMessage")?.as_str())
        .collect();
    if !messages.is_empty() {
        decision.insert("systemMessage".to_owned(), json!(messages.join("\n")));
    }
    // `additionalContext`: every hook's reaches Claude.
    let contexts: Vec<String> = effects
        .iter()
        .flat_map(|e| e.context.iter().cloned())
        .collect();
    if contexts.len() > 1 {
        if let Some(rule) = host.combining("additional-context", info.name) {
            note_rule(
                unverified,
                "every hook's context reaches Claude",
                rule.verified,
                &rule.source,
            );
        }
    }
    // Only an output of the tool's own shape replaces it (host.json `observed_rules`,
    // `updated-tool-output-shape`, `output_shapes`).
    let shape_rule = host.observed("updated-tool-output-shape");
    for output in effects.iter().filter_map(|e| e.updated_output.as_ref()) {
        let shape = tool.and_then(|t| shape_rule.output_shapes.get(t));
        let fits = shape.is_some_and(|keys| {
            output
                .as_object()
                .is_some_and(|o| o.keys().all(|k| keys.contains(k)))
        });
        if fits {
            let text = output.get("stdout").and_then(Value::as_str);
            model_sees.push(text.map_or_else(|| output.to_string(), str::to_owned));
        } else {
            note_rule(
                unverified,
                &format!(
                    "`updatedToolOutput` is refused: not the output shape recorded for {}",
                    tool.unwrap_or("the tool")
                ),
                shape_rule.verified && shape.is_some(),
                &shape_rule.source,
            );
        }
    }
    model_sees.extend(contexts.iter().map(|context| as_claude_gets_it(context)));
    if !contexts.is_empty() {
        specific.insert("additionalContext".to_owned(), json!(contexts.join("\n")));
    }
    // `continue: false` stops Claude and wins over every decision.
    let mut stops: Vec<&Option<String>> = effects.iter().filter_map(|e| e.stop.as_ref()).collect();
    // Not on the Agent tool's PreToolUse and PostToolUse, unless the call is denied (host.json
    // `observed_rules`, `continue-false-agent-tool-ignored`); a PostToolUse block in the same
    // answer is dropped with it.
    let mut unblocked_by_stop = false;
    if !stops.is_empty() && stop_ignored {
        note_rule(
            unverified,
            "`continue: false` is ignored on this tool's PreToolUse and PostToolUse",
            agent_tool.verified,
            &agent_tool.source,
        );
        unblocked_by_stop = true;
        // Claude is still told why the hook wanted to stop.
        for why in stops.iter().copied().flatten() {
            let tool = tool.unwrap_or_default();
            model_sees.push(format!(
                "{}:{tool} hook stopped continuation: {why}",
                info.name
            ));
        }
        stops.clear();
    }
    // A prompt is refused at the first block to answer: a `continue: false` answering later is
    // not read (host.json `observed_rules`, `prompt-block-first-answer`).
    let first_block = runs
        .iter()
        .filter(|r| r.effect.block.is_some())
        .map(|r| r.millis)
        .min();
    if let Some(at) =
        first_block.filter(|_| host.observed("prompt-block-first-answer").covers(info.name))
    {
        stops = runs
            .iter()
            .filter(|r| r.millis <= at)
            .filter_map(|r| r.effect.stop.as_ref())
            .collect();
    }
    // PermissionRequest: an answer later than the first allow or deny is not read, its
    // `interrupt` neither (host.json `observed_rules`, `permission-request-first-decision`).
    let decides = |e: &Effect| {
        e.block.is_some()
            || e.stance
                .as_ref()
                .is_some_and(|(s, _)| s == "allow" || s == "deny")
    };
    let decided_at = runs
        .iter()
        .filter(|r| decides(&r.effect))
        .map(|r| r.millis)
        .min();
    if let Some(at) = decided_at.filter(|_| {
        host.observed("permission-request-first-decision")
            .covers(info.name)
    }) {
        stops = runs
            .iter()
            .filter(|r| r.millis <= at)
            .filter_map(|r| r.effect.stop.as_ref())
            .collect();
    }
    let mut stopped = !stops.is_empty();
    if stopped {
        if let Some(rule) = host.combining("continue", info.name) {
            note_rule(
                unverified,
                "`continue: false` wins",
                rule.verified,
                &rule.source,
            );
        }
        decision.insert("continue".to_owned(), json!(false));
        let reasons: Vec<&str> = stops.iter().filter_map(|s| s.as_deref()).collect();
        if !reasons.is_empty() {
            decision.insert("stopReason".to_owned(), json!(reasons.join("\n")));
        }
    }
    let blocks: Vec<&str> = effects
        .iter()
        .filter(|e| !(unblocked_by_stop && e.stop.is_some()))
        .filter_map(|e| e.block.as_deref())
        .collect();
    let mut blocked = !blocks.is_empty();
    // Stop's `additionalContext` without a block keeps the agent going, as a block does
    // (host.json `observed_rules`, `stop-context-continues`).
    let continues_rule = host.observed("stop-context-continues");
    let continued_by_context = info.category == Category::Loop
        && !blocked
        && !contexts.is_empty()
        && continues_rule.covers(info.name);
    if continued_by_context {
        note_rule(
            unverified,
            "`additionalContext` keeps the agent going",
            continues_rule.verified,
            &continues_rule.source,
        );
        blocked = true;
    }
    // A block counts as deny.
    let stance = |e: &Effect| -> Option<(String, Option<String>)> {
        match &e.block {
            Some(reason) => Some(("deny".to_owned(), Some(reason.clone()))),
            None => e.stance.clone(),
        }
    };
    // PermissionRequest: the first `allow` or `deny` to answer decides, and the later answers
    // are not read (host.json `observed_rules`, `permission-request-first-decision`).
    let first = host.observed("permission-request-first-decision");
    let first_decision = first
        .covers(info.name)
        .then(|| {
            runs.iter()
                .filter(|r| stance(&r.effect).is_some_and(|(s, _)| s == "allow" || s == "deny"))
                .min_by_key(|r| r.millis)
        })
        .flatten();
    let outcome;
    // A deferred call ends a print-mode run (host.json `observed_rules`, `defer-ends-print-run`).
    let mut deferred = false;
    let refusing = host.observed("skill-shell-refused");
    if refusing.covers(info.name) {
        // A skill's shell line runs only when every answer allows it or says nothing: a deny,
        // an ask, a defer, a rewrite or a block refuses it, and the first answer that refuses
        // gives Claude the only reason, none for a rewrite its own decision does not refuse
        // (host.json `observed_rules`, `skill-shell-refused`, `skill-refusal-first-answer`).
        let first_refusal = host.observed("skill-refusal-first-answer");
        note_rule(
            unverified,
            "anything but an allow refuses a skill's shell line, the first refusal's reason is given",
            refusing.verified && first_refusal.verified,
            &first_refusal.source,
        );
        let refusal = runs
            .iter()
            .filter(|r| {
                r.effect.updated_input.is_some()
                    || stance(&r.effect).is_some_and(|(s, _)| s != "allow")
            })
            .min_by_key(|r| r.millis);
        blocked = refusal.is_some();
        outcome = match refusal {
            Some(run) => {
                let reason = match run.effect.updated_input {
                    Some(_) if !run.effect.refuses_itself => None,
                    _ => stance(&run.effect).and_then(|(_, why)| why),
                };
                specific.insert("permissionDecision".to_owned(), json!("deny"));
                if let Some(reason) = reason.filter(|r| !r.is_empty()) {
                    specific.insert("permissionDecisionReason".to_owned(), json!(reason));
                    model_sees.push(reason);
                }
                "refused: the skill's shell line does not run".to_owned()
            }
            None => "the skill's shell line runs".to_owned(),
        };
    } else if !info.permission_decision.is_empty()
        || info.hook_specific.contains(&"decision") && info.category == Category::Permission
    {
        // The strongest decision wins (`deny > defer > ask > allow`).
        let mut order = host.permission_order(info.name);
        if first.covers(info.name) {
            note_rule(
                unverified,
                "the first allow or deny to answer decides",
                first.verified,
                &first.source,
            );
            order = first_decision
                .and_then(|r| stance(&r.effect))
                .map(|(s, _)| vec![s])
                .unwrap_or_default();
        } else if order.is_empty() {
            // PermissionRequest: no combining rule; a deny is taken to win, as everywhere.
            order = vec!["deny".to_owned(), "ask".to_owned(), "allow".to_owned()];
            let what = format!(
                "{} has no rule for combining decisions: deny > ask > allow is assumed",
                info.name
            );
            note_rule(unverified, &what, false, "not documented");
        }
        let strongest = order.iter().find(|d| {
            effects
                .iter()
                .any(|e| stance(e).is_some_and(|(s, _)| &s == *d))
        });
        if let Some(rule) = host.combining("permission-order-model", info.name) {
            note_rule(
                unverified,
                "the order of permission decisions",
                rule.verified,
                &rule.source,
            );
        }
        blocked = strongest.is_some_and(|d| d == "deny");
        match strongest {
            Some(permission) => {
                let mut deciders: Vec<(u128, Option<String>)> = runs
                    .iter()
                    .filter(|r| first_decision.is_none_or(|f| std::ptr::eq(*r, f)))
                    .filter_map(|r| {
                        stance(&r.effect)
                            .filter(|(s, _)| s == permission)
                            .map(|(_, reason)| (r.millis, reason))
                    })
                    .collect();
                // Of several denies only the one answering last gives Claude its reason, of
                // several asks only the one answering first (host.json `observed_rules`,
                // `deny-reason-last-answer`, `ask-reason-first-answer`): the runs started
                // together.
                let one_reason = match permission.as_str() {
                    "deny" => Some(("deny-reason-last-answer", "last")),
                    "ask" => Some(("ask-reason-first-answer", "first")),
                    _ => None,
                };
                if let Some((id, which)) = one_reason {
                    let rule = host.observed(id);
                    if deciders.len() > 1 && rule.covers(info.name) {
                        note_rule(
                            unverified,
                            &format!("only the {permission} answered {which} gives its reason"),
                            rule.verified,
                            &rule.source,
                        );
                        deciders.sort_by_key(|(millis, _)| *millis);
                        let keep = if which == "last" {
                            deciders.len() - 1
                        } else {
                            0
                        };
                        deciders = vec![deciders.swap_remove(keep)];
                    }
                }
                let reasons: Vec<String> = deciders
                    .into_iter()
                    .filter_map(|(_, reason)| reason.filter(|r| !r.is_empty()))
                    .collect();
                // The reason goes to Claude on deny, to the user on allow. An ask in print mode
                // (`-p`, where the differential runs) is refused and its reason is the tool
                // result Claude gets (host.json `observed_rules`, `ask-in-print-mode`).
                let ask = host.observed("ask-in-print-mode");
                if permission == "deny" || permission == "ask" && ask.covers(info.name) {
                    model_sees.extend(reasons.iter().cloned());
                } else {
                    user_sees.extend(reasons.iter().cloned());
                }
                if info.permission_decision.is_empty() {
                    specific.insert("decision".to_owned(), json!({ "behavior": permission }));
                } else {
                    specific.insert("permissionDecision".to_owned(), json!(permission));
                    if !reasons.is_empty() {
                        specific.insert(
                            "permissionDecisionReason".to_owned(),
                            json!(reasons.join("\n")),
                        );
                    }
                }
                let defer_ends = host.observed("defer-ends-print-run");
                if permission == "defer" && defer_ends.covers(info.name) {
                    note_rule(
                        unverified,
                        "a deferred call ends a print-mode run",
                        defer_ends.verified,
                        &defer_ends.source,
                    );
                    deferred = true;
                }
                outcome = match permission.as_str() {
                    "deny" => "blocked".to_owned(),
                    "allow" => "allowed: no permission prompt".to_owned(),
                    "ask" => "asks the user (in print mode, `-p`: refused, the reason is the tool result Claude gets)".to_owned(),
                    "defer" => {
                        "deferred (`-p` with one tool call: the run stops with `tool_deferred`)"
                            .to_owned()
                    }
                    other => other.to_owned(),
                };
            }
            None => outcome = "proceeds: no hook decided, the permission rules apply".to_owned(),
        }
    } else {
        // `continue: false` wins over a Stop block: the agent stops and the block's reason
        // reaches no model request (host.json `observed_rules`, `stop-continue-false-wins`).
        let stop_wins = host.observed("stop-continue-false-wins");
        if stopped && blocked && stop_wins.covers(info.name) {
            note_rule(
                unverified,
                "`continue: false` wins over a Stop block",
                stop_wins.verified,
                &stop_wins.source,
            );
            blocked = false;
        }
        // A PostToolBatch block ends the agent; its reason is the user's, never Claude's
        // (host.json `observed_rules`, `post-tool-batch-block-ends`).
        let batch_ends = host.observed("post-tool-batch-block-ends");
        let ends = blocked && batch_ends.covers(info.name);
        if ends {
            note_rule(
                unverified,
                "a PostToolBatch block ends the agent",
                batch_ends.verified,
                &batch_ends.source,
            );
            stopped = true;
        }
        // Of several prompt blocks, only the first to answer is shown (host.json
        // `observed_rules`, `prompt-block-first-answer`): the prompt is refused at once.
        let first = host.observed("prompt-block-first-answer");
        let mut blocks = blocks;
        if blocks.len() > 1 && first.covers(info.name) {
            note_rule(
                unverified,
                "only the block answered first is shown",
                first.verified,
                &first.source,
            );
            let earliest = runs
                .iter()
                .filter(|r| r.effect.block.is_some())
                .min_by_key(|r| r.millis)
                .and_then(|r| r.effect.block.as_deref());
            blocks = earliest.into_iter().collect();
        }
        if blocked && !continued_by_context {
            decision.insert("decision".to_owned(), json!("block"));
            decision.insert("reason".to_owned(), json!(blocks.join("\n")));
            let reasons = blocks
                .iter()
                .filter(|r| !r.is_empty())
                .map(|r| (*r).to_owned());
            if reason_to_claude && !ends {
                model_sees.extend(reasons);
            } else {
                user_sees.extend(reasons);
            }
        }
        outcome = match (info.category, blocked) {
            (Category::Loop, true) => "the agent continues".to_owned(),
            (Category::Loop, false) => "the agent stops".to_owned(),
            (Category::Gate, true) => "blocked: it keeps working".to_owned(),
            (_, true) if info.name == "UserPromptSubmit" => "the prompt is blocked".to_owned(),
            (_, false) if info.name == "UserPromptSubmit" => "the prompt is sent".to_owned(),
            (_, true) if info.name == "PostToolUse" => {
                "the tool already ran; Claude is given the reason".to_owned()
            }
            (_, true) => "blocked".to_owned(),
            (Category::Observe, false) => {
                "nothing: Claude Code reads no answer of this event".to_owned()
            }
            (_, false) if model_sees.is_empty() && user_sees.is_empty() && specific.len() == 1 => {
                "proceeds: no hook answered".to_owned()
            }
            (_, false) => "proceeds".to_owned(),
        };
    }
    // `updatedInput` replaces the whole input; which of several wins is not documented.
    // The hook that answers last wins, whatever the settings order (host.json
    // `observed_rules`, `updated-input-last-answer`): the runs started together, so the one
    // that took longest answered last. On PermissionRequest only the deciding answer is read.
    let mut inputs: Vec<(u128, &Value)> = runs
        .iter()
        .filter(|r| first_decision.is_none_or(|f| std::ptr::eq(*r, f)))
        .filter_map(|r| {
            r.effect
                .updated_input
                .as_ref()
                .map(|input| (r.millis, input))
        })
        .collect();
    inputs.sort_by_key(|(millis, _)| *millis);
    if let Some((_, input)) = inputs.last().filter(|_| !blocked) {
        if inputs.len() > 1 {
            let rule = host.observed("updated-input-last-answer");
            note_rule(
                unverified,
                "the `updatedInput` answered last wins",
                rule.verified,
                &rule.source,
            );
        }
        if info.permission_decision.is_empty() {
            if let Some(Value::Object(request)) = specific.get_mut("decision") {
                request.insert("updatedInput".to_owned(), (*input).clone());
            }
        } else {
            specific.insert("updatedInput".to_owned(), (*input).clone());
        }
    }
    if specific.len() > 1 {
        decision.insert("hookSpecificOutput".to_owned(), Value::Object(specific));
    }
    // After `continue: false` Claude makes no further model request, so nothing the hooks
    // said reaches it: a deny's reason, a context (host.json `observed_rules`,
    // `continue-false-tells-nobody`).
    let after_stop = host.observed("continue-false-tells-nobody");
    if stopped && after_stop.covers(info.name) && !model_sees.is_empty() {
        note_rule(
            unverified,
            "nothing reaches Claude after `continue: false`",
            after_stop.verified,
            &after_stop.source,
        );
        model_sees.clear();
    }
    // A blocked or stopped prompt sends no request, so its context reaches nobody (host.json
    // `observed_rules`, `prompt-blocked-tells-nobody`).
    let nobody = host.observed("prompt-blocked-tells-nobody");
    if (blocked || stopped) && nobody.covers(info.name) && !model_sees.is_empty() {
        note_rule(
            unverified,
            "a blocked prompt's context reaches nobody",
            nobody.verified,
            &nobody.source,
        );
        model_sees.clear();
    }
    // `continue: false` does not block the hook's own action, but Claude makes no further model
    // request: a prompt never reaches the model (host.json `combining`, `continue`), nor one
    // whose skill line stopped it (`observed_rules`, `skill-stop-ends-prompt`).
    let stops_prompt = host.observed("skill-stop-ends-prompt");
    let waits = stopped
        .then(|| stop_waits_for_the_call(info, &effects))
        .flatten();
    if let Some(rule) = waits {
        note_rule(
            unverified,
            "`continue: false` ends the run once the call runs; a call the permission system refuses leaves the agent going",
            rule.verified,
            &rule.source,
        );
    }
    let outcome = match (stopped, info.name) {
        (false, _) => outcome,
        (true, name) if name == "UserPromptSubmit" || stops_prompt.covers(name) => {
            "Claude stops (`continue: false`): the prompt never reaches the model".to_owned()
        }
        (true, _) if waits.is_some() => format!(
            "{outcome}, then Claude stops once the call runs (`continue: false`): no further model request; a call the permission system refuses leaves the agent going"
        ),
        (true, _) => {
            format!("{outcome}, then Claude stops (`continue: false`): no further model request")
        }
    };
    Merged {
        decision: Value::Object(decision),
        outcome,
        blocked,
        stopped: stopped || deferred,
        stops_once_run: waits.is_some() && !deferred,
        claude: model_sees,
        user: user_sees,
    }
}

/// The characters of a long context Claude is given (host.json `combining`,
/// `additional-context`: "a 2,000-character preview").
const PREVIEW_CHARS: usize = 2000;

/// A context as Claude is given it: past `execution.output_cap_chars` characters, a preview and
/// the path of a file holding the whole (Claude Code writes it under `~/.claude/projects/`).
fn as_claude_gets_it(context: &str) -> String {
    let cap = host().execution.output_cap_chars;
    let length = context.chars().count();
    if length <= cap {
        return context.to_owned();
    }
    let preview: String = context.chars().take(PREVIEW_CHARS).collect();
    format!(
        "<persisted-output>\nOutput too large ({length} characters). Full output saved to a file.\n\nPreview (first {PREVIEW_CHARS} characters):\n{preview}\n...\n</persisted-output>"
    )
}

/// The cap on consecutive Stop blocks (host.json `stop_block_cap`): past it the turn ends
/// whatever the hooks answer. A Stop whose `stop_hook_active` is false starts the count again.
fn apply_stop_cap(
    info: &EventInfo,
    payload: &Value,
    stops: &mut StopCount,
    merged: &mut Merged,
    unverified: &mut Vec<String>,
) {
    let cap = &host().stop_block_cap;
    if !cap.applies_to.iter().any(|e| e == info.name) {
        return;
    }
    if payload.get("stop_hook_active") != Some(&Value::Bool(true)) {
        stops.0 = 0;
    }
    if !merged.blocked {
        stops.0 = 0;
        return;
    }
    let limit = std::env::var(&cap.variable)
        .ok()
        .and_then(|v| v.trim().parse::<u32>().ok())
        .unwrap_or(cap.default);
    stops.0 += 1;
    if limit != cap.off_value && stops.0 > limit {
        note_rule(unverified, "the Stop block cap", cap.verified, &cap.source);
        merged.blocked = false;
        merged.outcome = format!(
            "the agent stops: {} consecutive blocks pass the cap of {limit} ({})",
            stops.0, cap.variable
        );
    }
}

impl Run {
    fn to_json(&self) -> Value {
        // A program that could not start is said so, though its failure was read.
        let status = if self.never_ran.is_some() {
            "never_ran"
        } else {
            "ran"
        };
        let mut entry = self.at.to_json(status);
        if let Some(reason) = &self.never_ran {
            entry.insert("reason".to_owned(), json!(reason));
        }
        let more = json!({
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
            "effect": self.effect.words,
            "verified": self.verified,
            "note": self.note,
        });
        if let Value::Object(more) = more {
            entry.extend(more);
        }
        Value::Object(entry)
    }

    fn to_text(&self, text: &mut String) {
        text.push_str(&format!("- {}\n", self.at.label()));
        if let Some(command) = &self.at.at.command {
            text.push_str(&format!("  command: {command}\n"));
        }
        if let Some(reason) = &self.never_ran {
            indented(text, "never ran", reason);
        }
        let reading = crate::simulate::reading_words(self.rule, &self.effect.words, self.verified);
        let run = (self.millis, self.exit_code, self.timed_out);
        crate::simulate::write_run(text, run, &reading, &self.stdout, &self.stderr);
        if let Some(note) = &self.note {
            indented(text, "note", note);
        }
    }
}

impl Entry {
    fn to_json(&self) -> Value {
        let (at, status, reason) = match self {
            Entry::Ran(run) => return run.to_json(),
            Entry::Skipped { at, reason } => (at, "skipped", reason),
            Entry::NotLoaded { at, reason } => (at, "not_loaded", reason),
            Entry::NotSimulated { at, reason } => (at, "not_simulated", reason),
            Entry::NeverRan { at, reason } => (at, "never_ran", reason),
        };
        let mut entry = at.to_json(status);
        entry.insert("reason".to_owned(), json!(reason));
        Value::Object(entry)
    }

    fn to_text(&self, text: &mut String) {
        let (at, status, reason) = match self {
            Entry::Ran(run) => return run.to_text(text),
            Entry::Skipped { at, reason } => (at, "skipped", reason),
            Entry::NotLoaded { at, reason } => (at, "not loaded", reason),
            Entry::NotSimulated { at, reason } => (at, "not simulated", reason),
            Entry::NeverRan { at, reason } => (at, "never ran", reason),
        };
        text.push_str(&format!("- {}\n", at.label()));
        if let Some(command) = &at.at.command {
            text.push_str(&format!("  command: {command}\n"));
        }
        indented(text, status, reason);
    }
}

impl Simulation {
    fn to_json(&self) -> Value {
        json!({
            "host": "claude-code",
            "event": self.event,
            "payload": self.payload,
            "decision": self.decision,
            "outcome": self.outcome,
            "blocked": self.blocked,
            "stopped": self.stopped,
            "stops_once_the_call_runs": self.stops_once_run,
            "model_sees": self.model_sees,
            "user_sees": self.user_sees,
            "hooks": self.entries.iter().map(Entry::to_json).collect::<Vec<_>>(),
            "unverified": self.unverified,
        })
    }

    /// `1 hook(s) ran, 1 skipped`.
    fn counts(&self) -> String {
        let count = |f: fn(&Entry) -> bool| self.entries.iter().filter(|e| f(e)).count();
        let mut text = format!("{} hook(s) ran", count(|e| matches!(e, Entry::Ran(_))));
        for (n, what) in [
            (count(|e| matches!(e, Entry::Skipped { .. })), "skipped"),
            (
                count(|e| matches!(e, Entry::NotLoaded { .. })),
                "not loaded",
            ),
            (
                count(|e| matches!(e, Entry::NotSimulated { .. })),
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
            "{} (Claude Code): {}\ndecision: {}\noutcome: {}\n",
            self.event,
            self.counts(),
            self.decision,
            self.outcome
        );
        for (label, list) in [
            ("Claude sees", &self.model_sees),
            ("the user sees", &self.user_sees),
        ] {
            for item in list {
                let mut line = String::new();
                indented(&mut line, label, item);
                text.push_str(&line[2..]);
            }
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

fn session_run(simulator: &Simulator, path: &Path, json: bool) -> Result<(), Stop> {
    let captured = crate::replay::read(path)?;
    let mut outcomes = BTreeMap::<String, usize>::new();
    // Consecutive Stop blocks by session and agent.
    let mut stops = BTreeMap::<String, StopCount>::new();
    for capture in &captured {
        let payload: Value = serde_json::from_slice(&capture.payload).map_err(|e| {
            format!(
                "{}:{}: the payload is not JSON ({e})",
                path.display(),
                capture.line
            )
        })?;
        let agent = ["session_id", "agent_id"]
            .iter()
            .map(|key| payload.get(key).and_then(Value::as_str).unwrap_or(""))
            .collect::<Vec<_>>()
            .join("/");
        let result = simulator
            .simulate(&capture.payload, &payload, stops.entry(agent).or_default())
            .map_err(|e| format!("{}:{}: {e}", path.display(), capture.line))?;
        *outcomes.entry(result.outcome.clone()).or_default() += 1;
        let line = if json {
            let mut line = result.to_json();
            line["line"] = json!(capture.line);
            format!("{line}\n")
        } else {
            format!(
                "line {} {}: {} ({}) {}\n",
                capture.line,
                result.event,
                result.decision,
                result.counts(),
                result.outcome
            )
        };
        out(&line);
    }
    if json {
        out(&format!(
            "{}\n",
            json!({ "summary": { "payloads": captured.len(), "outcomes": outcomes } })
        ));
    } else {
        let outcomes: Vec<String> = outcomes.iter().map(|(o, n)| format!("{n} {o}")).collect();
        out(&format!(
            "{} payload(s): {}\n",
            captured.len(),
            outcomes.join("; ")
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subjects_come_from_the_events_field() {
        let pre = claude::info("PreToolUse").unwrap();
        assert_eq!(
            subject_of(pre, &json!({ "tool_name": "Bash" })).as_deref(),
            Some("Bash")
        );
        let changed = claude::info("FileChanged").unwrap();
        assert_eq!(
            subject_of(changed, &json!({ "file_path": "/p/.envrc" })).as_deref(),
            Some(".envrc")
        );
        assert_eq!(subject_of(claude::info("Stop").unwrap(), &json!({})), None);
    }

    #[test]
    fn if_rules_select_by_tool_and_pattern() {
        let bash =
            |command: &str| json!({ "tool_name": "Bash", "tool_input": { "command": command } });
        assert!(if_selects("Bash", &bash("ls"), None));
        assert!(if_selects("Bash(*)", &bash("ls"), None));
        assert!(if_selects("Bash(git *)", &bash("git status"), None));
        assert!(!if_selects("Bash(git *)", &bash("echo git"), None));
        assert!(if_selects("Bash(git:*)", &bash("git log"), None));
        assert!(if_selects("Bash(git *)", &bash("cd x && git push"), None));
        assert!(!if_selects("Read(*)", &bash("ls"), None));
        // Redirections are not part of what the rule sees, and the command is seen in parts.
        assert!(if_selects(
            "Bash(echo plain)",
            &bash("echo plain > out"),
            None
        ));
        assert!(!if_selects("Bash(*out*)", &bash("echo plain > out"), None));
        assert!(!if_selects(
            "Bash(echo plain > out)",
            &bash("echo plain > out"),
            None
        ));
        assert!(if_selects(
            "Bash(*ran*)",
            &bash("git x 2>/dev/null; echo ran >> f"),
            None
        ));
        assert!(!if_selects(
            "Bash(*null*)",
            &bash("git x 2>&1 >/dev/null; echo ran"),
            None
        ));
        assert_eq!(without_redirections("a 2>&1 b &> c < d e"), "a b e");
        let read = json!({ "tool_name": "Read", "tool_input": { "file_path": "/p/.env" } });
        assert!(if_selects("Read(*.env)", &read, None));
        assert!(!if_selects("Read(*.rs)", &read, None));
        assert!(glob("a*b*c", "axxbyyc"));
        assert!(!glob("a*b", "ab c"));
        assert!(glob("*", ""));
    }
}
