//! `cursor-hooks simulate --host codex`: one Codex payload (or a session of them) through every
//! command hook of Codex's hooks files, gated, matched, started, read and combined by the rules
//! of `spec/codex/` (`events.json` per event, `host.json` for the host, the closed answer
//! schemas of `schemas/codex/`).
//!
//! Every hook wired for the event is listed: `ran`, `skipped` (its matcher did not select the
//! payload, or its matcher does not compile), `not_loaded` (an untrusted project's file) or
//! `not_trusted` (a hook trust gate: untrusted, modified, disabled, not an event). The hooks
//! that pass run at once, as Codex runs them, through `$SHELL -lc` in the payload's `cwd`.

use super::trust::{Gate, Gates};
use super::{CommandEntry, HooksFile};
use crate::child::{self, Captured};
use crate::simulate::{indented, note, Args, Stop};
use crate::sources::Locations;
use serde_json::{json, Map, Value};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Codex's hook contract, `spec/codex/events.json` and `host.json` as `cli/data/` carries them
/// (the spec is the source; `cli/tests/simulate_codex.rs` fails when a copy differs).
const EVENTS_JSON: &str = include_str!("../../data/codex-events.json");
const HOST_JSON: &str = include_str!("../../data/codex-host.json");

/// Each event's closed answer schema embedded in the pinned binary (`schemas/codex/`), by event.
const OUTPUT_SCHEMAS: &str = include_str!("../../data/codex-output-schemas.json");

fn spec_file(text: &'static str, cell: &'static OnceLock<Value>) -> &'static Value {
    cell.get_or_init(|| serde_json::from_str(text).expect("spec/codex is JSON"))
}

/// `events.json`'s events, in its order.
pub fn events() -> &'static [Value] {
    static EVENTS: OnceLock<Value> = OnceLock::new();
    let events = spec_file(EVENTS_JSON, &EVENTS)["events"].as_array();
    events.map_or(&[], Vec::as_slice)
}

/// `events.json`'s entry for `event`.
fn event_info(event: &str) -> Option<&'static Value> {
    events().iter().find(|info| info["name"] == event)
}

/// `host.json`.
fn host() -> &'static Value {
    static HOST: OnceLock<Value> = OnceLock::new();
    spec_file(HOST_JSON, &HOST)
}

/// The source `host.json` gives for the result rule `id` (`results`, `observed_rules`).
fn rule_source(id: &str) -> (String, bool) {
    crate::simulate::host_rule(host(), id)
}

/// Runs the subcommand for Codex.
pub fn run(args: &Args) -> Result<(), Stop> {
    if args.cursor_version.is_some() || args.settings.is_some() || !args.plugin_dirs.is_empty() {
        return Err(Stop::Usage(
            "--cursor-version, --settings and --plugin-dir are other hosts'; Codex reads ~/.codex and the project's .codex"
                .to_owned(),
        ));
    }
    let locations = Locations::new(args.project.clone(), Vec::new())?;
    let mut findings = Vec::new();
    let files = super::load(&locations, &mut findings);
    for finding in &findings {
        note(&format!(
            "cursor-hooks: {}: {}",
            finding.file.display(),
            finding.message
        ));
    }
    let home = super::codex_home(&locations).unwrap_or_default();
    let mut unread = Vec::new();
    let gates = Gates::read(&home, &locations.project, &mut unread);
    for finding in &unread {
        note(&format!(
            "cursor-hooks: {}: {}",
            finding.file.display(),
            finding.message
        ));
    }
    let simulator = Simulator {
        project: locations.project.clone(),
        files,
        gates,
    };
    let payloads: Vec<Value> = match (&args.session, &args.event) {
        (Some(path), _) => crate::simulate::session_lines(path)?,
        (None, Some(event)) => vec![fixture(event, &args.sets, &locations.project)?],
        (None, None) => {
            let bytes = crate::claude::simulate::read_payload(args.payload.as_deref())?;
            vec![serde_json::from_slice(&bytes)
                .map_err(|e| format!("the payload is not JSON: {e}"))?]
        }
    };
    let mut text = String::new();
    for payload in &payloads {
        let result = simulator.simulate(payload)?;
        crate::simulate::push_result(&mut text, args, result.to_json(), || result.to_text());
    }
    crate::out::print(&text);
    Ok(())
}

/// A payload for `event`: the common fields, `cwd` the project, the `KEY=VALUE` fields set.
fn fixture(event: &str, sets: &[String], project: &Path) -> Result<Value, Stop> {
    if event_info(event).is_none() {
        return Err(Stop::Usage(format!(
            "`{event}` is not one of Codex's events (spec/codex/events.json)"
        )));
    }
    let mut payload = json!({
        "session_id": "019a0000-0000-7000-8000-000000000000",
        "transcript_path": null,
        "cwd": project.display().to_string(),
        "hook_event_name": event,
        "model": "gpt-5.4",
        "permission_mode": "bypassPermissions",
    });
    for set in sets {
        let (key, value) = set
            .split_once('=')
            .ok_or_else(|| Stop::Usage(format!("--set {set}: KEY=VALUE")))?;
        let value = serde_json::from_str(value).unwrap_or_else(|_| Value::from(value));
        payload[key] = value;
    }
    Ok(payload)
}

struct Simulator {
    project: PathBuf,
    files: Vec<HooksFile>,
    gates: Gates,
}

/// What became of one hook wired for the event.
enum Status {
    /// Every gate passed and its matcher selects the payload: it runs.
    Runs,
    Ran(Box<Run>),
    /// A gate (project trust, hook trust) or the matcher stopped it: why.
    PassedOver(&'static str, String),
}

struct Hooked<'a> {
    file: &'a HooksFile,
    entry: &'a CommandEntry,
    status: Status,
}

/// One hook Codex ran, and how it read the result.
struct Run {
    millis: u128,
    timeout: u64,
    code: Option<i32>,
    timed_out: bool,
    stdout: Captured,
    stderr: Captured,
    /// The `host.json` result rule that read it.
    rule: &'static str,
    reading: Reading,
}

/// What one hook's answer means to Codex (the event's rules in `events.json`).
#[derive(Default, Debug)]
struct Reading {
    /// The hook failed (fails open): why, as Codex says it.
    failed: Option<String>,
    /// It blocks (PreToolUse, UserPromptSubmit), or makes the turn go on (Stop): the reason.
    block: Option<String>,
    /// It stops the turn (`continue: false`): the `stopReason`.
    stop: Option<String>,
    /// Context for the model (`additionalContext`, plain text where it is context).
    context: Vec<String>,
    /// PostToolUse: text that replaces or joins what the model is told of the call.
    feedback: Option<String>,
    /// PreToolUse: `updatedInput` of an allow.
    updated_input: Option<Value>,
    /// `systemMessage`: a warning for the user (the TUI's; `codex exec` prints none,
    /// `observed_rules` `exec-prints-no-hook-text`).
    system_message: Option<String>,
}

impl Simulator {
    fn simulate(&self, payload: &Value) -> Result<Simulation, Stop> {
        let event = payload["hook_event_name"]
            .as_str()
            .ok_or("the payload has no `hook_event_name`")?
            .to_owned();
        let info =
            event_info(&event).ok_or_else(|| format!("`{event}` is not one of Codex's events"))?;
        let subject = info["matcher_subject"]
            .as_str()
            .and_then(|field| payload[field].as_str())
            .map(str::to_owned);
        let matcher_dropped = info["matcher_subject"].is_null();
        let mut hooked = Vec::new();
        for file in &self.files {
            for entry in file.hooks.iter().filter(|entry| entry.event == event) {
                let status = if !self.gates.loads(file) {
                    Status::PassedOver(
                        "not_loaded",
                        "the project is not trusted, so Codex skips its .codex/hooks.json"
                            .to_owned(),
                    )
                } else {
                    match self.gates.hook(file, entry).0 {
                        Gate::Runs => match matches(
                            entry.matcher.as_deref(),
                            subject.as_deref(),
                            matcher_dropped,
                        ) {
                            Ok(true) => Status::Runs,
                            Ok(false) => Status::PassedOver(
                                "skipped",
                                format!(
                                    "its matcher does not select `{}`",
                                    subject.as_deref().unwrap_or_default()
                                ),
                            ),
                            Err(why) => Status::PassedOver(
                                "skipped",
                                format!("Codex skips the group, its matcher does not compile: {why}"),
                            ),
                        },
                        Gate::NotAnEvent => continue,
                        Gate::Disabled => {
                            Status::PassedOver("not_trusted", "`enabled = false`".to_owned())
                        }
                        Gate::Untrusted => Status::PassedOver(
                            "not_trusted",
                            "no `trusted_hash` for it: Codex skips it without a word".to_owned(),
                        ),
                        Gate::Modified => Status::PassedOver(
                            "not_trusted",
                            "its `trusted_hash` is for another version of it: Codex skips it without a word".to_owned(),
                        ),
                    }
                };
                hooked.push(Hooked {
                    file,
                    entry,
                    status,
                });
            }
        }
        let cwd = payload["cwd"]
            .as_str()
            .map(PathBuf::from)
            .filter(|dir| dir.is_dir())
            .unwrap_or_else(|| self.project.clone());
        let bytes = serde_json::to_vec(payload).expect("JSON");
        // The hooks run in parallel (`execution.parallel`), so one slow hook costs its own time.
        let runs: Vec<(usize, Result<Run, Stop>)> = std::thread::scope(|scope| {
            let handles: Vec<_> = hooked
                .iter()
                .enumerate()
                .filter(|(_, hook)| matches!(hook.status, Status::Runs))
                .map(|(at, hook)| {
                    let (cwd, bytes, event, entry) = (&cwd, &bytes, &event, hook.entry);
                    (
                        at,
                        scope.spawn(move || execute(entry, event, info, cwd, bytes)),
                    )
                })
                .collect();
            let joined = handles.into_iter();
            joined
                .map(|(at, handle)| (at, handle.join().expect("a hook's thread")))
                .collect()
        });
        for (at, run) in runs {
            hooked[at].status = Status::Ran(Box::new(run?));
        }
        Ok(Simulation::merge(event, info, payload, hooked))
    }
}

/// Whether Codex's matcher selects `subject` (`host.json` `matcher`): absent, `""` and `*`
/// select all; otherwise a Rust `regex` matched against the whole subject; an event whose
/// matcher Codex drops selects all. `Err` when the pattern does not compile.
fn matches(matcher: Option<&str>, subject: Option<&str>, dropped: bool) -> Result<bool, String> {
    let Some(pattern) = matcher.filter(|_| !dropped) else {
        return Ok(true);
    };
    if pattern.is_empty() || pattern == "*" {
        return Ok(true);
    }
    let regex = regex::Regex::new(&format!("^(?:{pattern})$")).map_err(|e| e.to_string())?;
    Ok(subject.is_some_and(|subject| regex.is_match(subject)))
}

/// The timeout Codex gives `entry` (`host.json` `timeouts`): `timeout`, else the event's own
/// default (SessionEnd, Interrupt) or the handler's, at least 1 s and at most the event's
/// `timeout_max_seconds` (SessionEnd and Interrupt: 3).
fn timeout_of(entry: &CommandEntry, info: &Value) -> u64 {
    let default = info["timeout_seconds"].as_u64().unwrap_or(600);
    let max = info["timeout_max_seconds"].as_u64().unwrap_or(u64::MAX);
    entry.timeout.unwrap_or(default).clamp(1, max.max(1))
}

/// The longest timeout Codex lets a handler of `event` have, when it clamps one (`events.json`
/// `timeout_max_seconds`).
pub fn timeout_max(event: &str) -> Option<u64> {
    event_info(event)?["timeout_max_seconds"].as_u64()
}

/// Starts the hook as Codex does (`execution.shell`): `$SHELL -lc COMMAND` in `cwd`, the payload
/// on stdin, killed at its timeout; then reads its result.
fn execute(
    entry: &CommandEntry,
    event: &str,
    info: &Value,
    cwd: &Path,
    payload: &[u8],
) -> Result<Run, Stop> {
    let timeout = timeout_of(entry, info);
    let shell = std::env::var("SHELL")
        .ok()
        .filter(|shell| !shell.is_empty())
        .unwrap_or_else(|| "/bin/sh".to_owned());
    let mut process = Command::new(shell);
    process.arg("-lc").arg(&entry.command).current_dir(cwd);
    let started = Instant::now();
    let output = child::run(process, payload, Duration::from_secs(timeout))
        .map_err(|e| format!("cannot start `{}`: {e}", entry.command))?;
    let (rule, reading) = read_result(
        event,
        info,
        output.code,
        output.timed_out,
        &output.stdout.text,
        &output.stderr.text,
    );
    Ok(Run {
        millis: started.elapsed().as_millis(),
        timeout,
        code: output.code,
        timed_out: output.timed_out,
        stdout: output.stdout,
        stderr: output.stderr,
        rule,
        reading,
    })
}

/// Reads one hook's result as Codex does (`host.json` `results`, by rule id).
fn read_result(
    event: &str,
    info: &Value,
    code: Option<i32>,
    timed_out: bool,
    stdout: &str,
    stderr: &str,
) -> (&'static str, Reading) {
    let failed = |why: String| Reading {
        failed: Some(why),
        ..Reading::default()
    };
    if timed_out {
        return ("timeout", failed("hook timed out".to_owned()));
    }
    match code {
        Some(0) => {}
        Some(2) => return ("exit-2", exit_2(info, stderr)),
        Some(code) => {
            return (
                "exit-other",
                failed(format!("hook exited with code {code}")),
            )
        }
        None => {
            return (
                "exit-other",
                failed("hook was killed by a signal".to_owned()),
            )
        }
    }
    let text = stdout.trim();
    if text.is_empty() {
        return ("exit-0-json", Reading::default());
    }
    if !text.starts_with('{') && !text.starts_with('[') {
        let mut reading = Reading::default();
        if info["plain_stdout"] == "context" {
            reading.context.push(text.to_owned());
        }
        return ("exit-0-text", reading);
    }
    let label = event_label(event);
    let invalid = || failed(format!("hook returned invalid {label} JSON output"));
    let Ok(Value::Object(answer)) = serde_json::from_str::<Value>(text) else {
        return ("invalid-json", invalid());
    };
    if !closed_schema_accepts(event, &answer) {
        return ("schema-invalid-json", invalid());
    }
    ("exit-0-json", read_answer(event, info, &answer))
}

/// `pre tool use` for `PreToolUse`: how Codex names the event in its messages.
fn event_label(event: &str) -> String {
    let mut label = String::new();
    for c in event.chars() {
        if c.is_uppercase() && !label.is_empty() {
            label.push(' ');
        }
        label.extend(c.to_lowercase());
    }
    label
}

/// Exit 2 (`results` `exit-2`; events.json `exit_2`): stderr is the block reason, Stop's
/// continuation prompt or PostToolUse's feedback; empty stderr fails; elsewhere it fails open.
fn exit_2(info: &Value, stderr: &str) -> Reading {
    let reason = stderr.trim();
    let mut reading = Reading::default();
    if reason.is_empty() {
        reading.failed = Some("hook exited with code 2 without a reason on stderr".to_owned());
        return reading;
    }
    match info["exit_2"].as_str() {
        Some("block" | "continue") => reading.block = Some(reason.to_owned()),
        Some("stderr_to_claude") => reading.feedback = Some(reason.to_owned()),
        _ => reading.failed = Some("hook exited with code 2".to_owned()),
    }
    reading
}

/// Whether the event's closed schema (`schemas/codex/`) accepts `answer`: no key it does not
/// declare, at any depth, and each value of its type (`null` stands for an absent optional
/// key, as Codex's serde reading takes it).
fn closed_schema_accepts(event: &str, answer: &Map<String, Value>) -> bool {
    static SCHEMAS: OnceLock<Value> = OnceLock::new();
    let schema = &spec_file(OUTPUT_SCHEMAS, &SCHEMAS)[event];
    if schema.is_null() {
        // No answer schema (SessionEnd): nothing is read.
        return true;
    }
    accepts(schema, schema, &Value::Object(answer.clone()))
}

fn accepts(root: &Value, schema: &Value, value: &Value) -> bool {
    if let Some(reference) = schema["$ref"].as_str() {
        let name = reference.trim_start_matches("#/definitions/");
        return accepts(root, &root["definitions"][name], value);
    }
    if let Some(all) = schema["allOf"].as_array() {
        if !all.iter().all(|part| accepts(root, part, value)) {
            return false;
        }
    }
    if let Some(any) = schema["anyOf"].as_array() {
        if !any.iter().any(|part| accepts(root, part, value)) {
            return false;
        }
    }
    if value.is_null() && schema.get("default").is_some_and(Value::is_null) {
        return true;
    }
    if let Some(constant) = schema.get("const") {
        if constant != value {
            return false;
        }
    }
    if let Some(values) = schema["enum"].as_array() {
        if !values.contains(value) {
            return false;
        }
    }
    let types: Vec<&str> = match &schema["type"] {
        Value::String(one) => vec![one.as_str()],
        Value::Array(many) => many.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    let typed = types.is_empty()
        || types.iter().any(|kind| match *kind {
            "string" => value.is_string(),
            "boolean" => value.is_boolean(),
            "object" => value.is_object(),
            "array" => value.is_array(),
            "integer" => value.is_i64() || value.is_u64(),
            "number" => value.is_number(),
            "null" => value.is_null(),
            _ => true,
        });
    if !typed {
        return false;
    }
    if let Value::Object(map) = value {
        let properties = schema["properties"].as_object();
        for (key, item) in map {
            match properties.and_then(|p| p.get(key)) {
                Some(property) if !accepts(root, property, item) => return false,
                Some(_) => {}
                None if schema["additionalProperties"] == false => return false,
                None => {}
            }
        }
        let required = schema["required"].as_array().into_iter().flatten();
        if !required
            .filter_map(Value::as_str)
            .all(|key| map.contains_key(key))
        {
            return false;
        }
    }
    true
}

/// A schema-valid answer, read by the event's rules (`events.json` `notes`, `not_offered`,
/// `response`).
fn read_answer(event: &str, info: &Value, answer: &Map<String, Value>) -> Reading {
    let mut reading = Reading::default();
    let text = |key: &str| answer.get(key).and_then(Value::as_str).map(str::to_owned);
    let specific = answer.get("hookSpecificOutput").and_then(Value::as_object);
    let specific_text = |key: &str| {
        specific
            .and_then(|s| s.get(key))
            .and_then(Value::as_str)
            .map(str::to_owned)
    };
    let unsupported = |what: &str| Some(format!("hook returned unsupported {what}"));
    // What the event rejects as unsupported makes the hook fail (`exit-0-json`).
    let offered = |key: &str| {
        !info["not_offered"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|k| k == key)
    };
    let present = |key: &str| match answer.get(key) {
        None | Some(Value::Null) => false,
        Some(Value::Bool(value)) => (key == "continue") != *value,
        Some(_) => true,
    };
    for key in ["continue", "stopReason", "suppressOutput"] {
        if present(key) && !offered(key) {
            reading.failed = unsupported(key);
            return reading;
        }
    }
    reading.system_message = text("systemMessage");
    if answer.get("continue") == Some(&Value::Bool(false)) {
        let why = text("stopReason").unwrap_or_default();
        if event == "PostToolUse" {
            // The turn goes on; the model is told the stopReason instead of the tool's output
            // (`observed_rules`, `post-tool-use-continue-false-is-feedback`).
            reading.feedback = Some(why).filter(|why| !why.is_empty());
        } else {
            reading.stop = Some(why);
        }
    }
    if let Some(context) = specific_text("additionalContext").filter(|c| !c.is_empty()) {
        reading.context.push(context);
    }
    let decision = text("decision");
    let reason = text("reason").filter(|r| !r.trim().is_empty());
    match event {
        "PreToolUse" => {
            match specific_text("permissionDecision").as_deref() {
                Some("deny") => match specific_text("permissionDecisionReason")
                    .filter(|r| !r.trim().is_empty())
                {
                    Some(why) => reading.block = Some(why),
                    None => reading.failed = unsupported("deny without a reason"),
                },
                Some("allow") => match specific.and_then(|s| s.get("updatedInput")) {
                    Some(input) if !input.is_null() => reading.updated_input = Some(input.clone()),
                    _ => reading.failed = unsupported("permissionDecision:allow"),
                },
                Some(other) => reading.failed = unsupported(&format!("permissionDecision:{other}")),
                None => {}
            }
            match decision.as_deref() {
                Some("block") => match reason {
                    Some(why) => reading.block = reading.block.or(Some(why)),
                    None => reading.failed = unsupported("decision:block without a reason"),
                },
                Some(other) => reading.failed = unsupported(&format!("decision:{other}")),
                None => {}
            }
        }
        "PostToolUse" | "UserPromptSubmit" | "Stop" | "SubagentStop" => match decision.as_deref() {
            Some("block") => match reason {
                Some(why) if event == "PostToolUse" => reading.feedback = Some(why),
                Some(why) => reading.block = Some(why),
                None => reading.failed = unsupported("decision:block without a reason"),
            },
            Some(other) => reading.failed = unsupported(&format!("decision:{other}")),
            None if reason.is_some() => reading.failed = unsupported("reason without a decision"),
            None => {}
        },
        _ => {}
    }
    if reading.failed.is_some() {
        // A failed hook's answer is not applied at all.
        return Reading {
            failed: reading.failed,
            ..Reading::default()
        };
    }
    reading
}

/// One event's simulation: each hook and what Codex then does.
struct Simulation {
    event: String,
    hooks: Vec<Value>,
    text: String,
    /// PreToolUse: the call does not run; UserPromptSubmit: the prompt never reaches the model;
    /// Stop: the turn goes on.
    blocked: bool,
    /// A `continue: false`: the turn stops.
    stopped: bool,
    outcome: String,
    model_sees: Vec<String>,
    user_sees: Vec<String>,
    updated_input: Option<Value>,
}

impl Simulation {
    /// Combines the runs (`host.json` `combining`, `any-block`): any block wins, the reasons and
    /// contexts of all are joined, in the order of the files.
    fn merge(event: String, info: &Value, payload: &Value, hooked: Vec<Hooked<'_>>) -> Simulation {
        let mut simulation = Simulation {
            event: event.clone(),
            hooks: Vec::new(),
            text: format!("{event}\n"),
            blocked: false,
            stopped: false,
            outcome: String::new(),
            model_sees: Vec::new(),
            user_sees: Vec::new(),
            updated_input: None,
        };
        let mut reasons = Vec::new();
        let mut stop_reasons = Vec::new();
        let mut feedback = Vec::new();
        for hook in &hooked {
            let mut entry = json!({
                "source": hook.file.source,
                "file": hook.file.path,
                "path": hook.entry.pointer,
                "command": hook.entry.command,
                "matcher": hook.entry.matcher,
            });
            let _ = writeln!(
                simulation.text,
                "- [{}] {}#{}\n  command: {}",
                hook.file.source,
                hook.file.path.display(),
                hook.entry.pointer,
                hook.entry.command
            );
            match &hook.status {
                Status::Runs => unreachable!("every hook that runs has run"),
                Status::PassedOver(status, why) => {
                    entry["status"] = json!(status);
                    entry["reason"] = json!(why);
                    let _ = writeln!(simulation.text, "  {status}: {why}");
                }
                Status::Ran(run) => {
                    let (source, verified) = rule_source(run.rule);
                    let reading = &run.reading;
                    let effect = if let Some(why) = &reading.failed {
                        format!("fails open: {why}")
                    } else if reading.block.is_some() {
                        "blocks".to_owned()
                    } else if reading.stop.is_some() {
                        "stops the turn".to_owned()
                    } else {
                        "answer applied".to_owned()
                    };
                    entry["status"] = json!("ran");
                    for (key, value) in [
                        ("millis", json!(run.millis as u64)),
                        ("timeout_seconds", json!(run.timeout)),
                        ("exit_code", json!(run.code)),
                        ("timed_out", json!(run.timed_out)),
                        ("stdout", json!(run.stdout.text)),
                        ("stderr", json!(run.stderr.text)),
                        ("read_as", json!(run.rule)),
                        ("effect", json!(effect)),
                        ("failed", json!(reading.failed.is_some())),
                        ("verified", json!(verified)),
                        ("rule_source", json!(source)),
                    ] {
                        entry[key] = value;
                    }
                    let words = crate::simulate::reading_words(run.rule, &effect, verified);
                    let timing = (run.millis, run.code, run.timed_out);
                    let (out, err) = (&run.stdout, &run.stderr);
                    crate::simulate::write_run(&mut simulation.text, timing, &words, out, err);
                    reasons.extend(reading.block.clone());
                    stop_reasons.extend(reading.stop.clone());
                    feedback.extend(reading.feedback.clone());
                    simulation
                        .model_sees
                        .extend(reading.context.iter().cloned());
                    simulation
                        .user_sees
                        .extend(reading.system_message.iter().cloned());
                    if simulation.updated_input.is_none() {
                        simulation.updated_input = reading.updated_input.clone();
                    }
                }
            }
            simulation.hooks.push(entry);
        }
        simulation.blocked = !reasons.is_empty() && info["can_block"] == true;
        simulation.stopped = !stop_reasons.is_empty();
        // PreToolUse tells the first blocking hook's reason alone (`combining`,
        // `first-block-reason`).
        let first_only = host()["combining"].as_array().is_some_and(|rules| {
            rules.iter().any(|rule| {
                rule["id"] == "first-block-reason"
                    && rule["applies_to"]
                        .as_array()
                        .is_some_and(|events| events.iter().any(|e| e == event.as_str()))
            })
        });
        if first_only {
            reasons.truncate(1);
        }
        let joined = reasons.join("\n");
        simulation.outcome = match event.as_str() {
            // `observed_rules`, `session-start-stop-ends-session`.
            "SessionStart" if simulation.stopped => {
                simulation.user_sees.extend(stop_reasons.iter().cloned());
                "the session ends before the prompt: no UserPromptSubmit, no model call".to_owned()
            }
            _ if simulation.stopped => {
                simulation.user_sees.extend(stop_reasons.iter().cloned());
                format!("the turn stops: {}", stop_reasons.join("\n"))
            }
            "PreToolUse" if simulation.blocked => {
                let command = payload["tool_input"]["command"]
                    .as_str()
                    .unwrap_or_default();
                simulation.model_sees.push(format!(
                    "Command blocked by PreToolUse hook: {joined}. Command: {command}"
                ));
                "blocked: the tool call does not run".to_owned()
            }
            "PreToolUse" if simulation.updated_input.is_some() => {
                "runs with the updated input".to_owned()
            }
            "UserPromptSubmit" if simulation.blocked => {
                simulation.user_sees.push(joined.clone());
                "blocked: the prompt never reaches the model".to_owned()
            }
            "Stop" | "SubagentStop" if simulation.blocked => {
                simulation.model_sees.push(joined.clone());
                "the turn goes on with the reason as its prompt".to_owned()
            }
            _ => "goes on".to_owned(),
        };
        // PostToolUse feedback (a block's reason, exit 2's stderr) is what the model is told.
        simulation.model_sees.extend(feedback);
        let _ = writeln!(simulation.text, "outcome: {}", simulation.outcome);
        for seen in &simulation.model_sees {
            indented(&mut simulation.text, "the model sees", seen);
        }
        for seen in &simulation.user_sees {
            indented(&mut simulation.text, "the user sees", seen);
        }
        simulation
    }

    fn to_json(&self) -> Value {
        json!({
            "host": "codex",
            "event": self.event,
            "hooks": self.hooks,
            "blocked": self.blocked,
            "stopped": self.stopped,
            "outcome": self.outcome,
            "model_sees": self.model_sees,
            "user_sees": self.user_sees,
            "updated_input": self.updated_input,
        })
    }

    fn to_text(&self) -> String {
        self.text.clone()
    }
}
