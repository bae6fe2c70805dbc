//! `cursor-hooks simulate --host copilot`: one GitHub Copilot CLI payload (or a session of them)
//! through every command hook of Copilot's own hooks files (`~/.copilot/hooks/*.json`, and in a
//! trusted folder `.github/hooks/*.json`), matched, started, read and combined by the rules of
//! `spec/copilot/` (`host.json` `results`, `combining`, `observed_rules`, `stop_block_cap`), as
//! `copilot -p` (print mode, where nobody can answer an `ask`) runs them. The folder is trusted
//! as Copilot reads it: `trustedFolders` (or `trusted_folders`) in `config.json`, or
//! `COPILOT_ALLOW_ALL=true`; `copilot --trust-folder` writes the folder into that file.
//!
//! Copilot's payloads carry no event name: it comes from `--event NAME`, or from each session
//! line of the form `{"event": NAME, "payload": {...}}`.
//!
//! Every hook wired for the event is listed: `ran`, `skipped` (its matcher does not select the
//! payload), `not_loaded` (a project file in a folder Copilot does not trust, or a Claude Code settings file it drops) or `not_reached`
//! (an earlier hook denied the tool call, so Copilot stops there). The hooks run one after
//! another, in file order, user files first, through `bash -c` in the project (or the entry's
//! `cwd`), with Copilot's filtered environment. In a trusted folder Copilot also runs the hooks
//! of Claude Code's project settings at the same point (`host.json` `claude_events`), after its
//! own: they get Claude's payload shape and are read by Copilot's rules for that file
//! (`spec/claude-code/host.json` `copilot`: exit 1 denies, exit 2's stderr is dropped, only
//! the answers listed in `outputs` are honoured).

use super::{CommandEntry, HooksFile};
use crate::child::{self, Captured};
use crate::findings::Severity;
use crate::simulate::{indented, note, Args, Stop};
use crate::sources::Locations;
use cursor_hooks_spec::copilot;
use serde_json::{json, Map, Value};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Copilot's host rules, `spec/copilot/host.json` as `cli/data/` carries it (the spec is the
/// source; `cli/tests/simulate_copilot.rs` fails when the copy differs).
const HOST_JSON: &str = include_str!("../../data/copilot-host.json");

pub fn host() -> &'static Value {
    static HOST: OnceLock<Value> = OnceLock::new();
    HOST.get_or_init(|| serde_json::from_str(HOST_JSON).expect("spec/copilot/host.json is JSON"))
}

/// How many `agentStop` blocks in a row Copilot honours (`host.json` `stop_block_cap`).
fn stop_block_cap() -> u64 {
    host()["stop_block_cap"]["observed"].as_u64().unwrap_or(8)
}

/// How long after the prompt's last hook a sessionStart hook counts as still running
/// (`observed_rules`, `session-start-cut-by-a-block`).
fn still_running_after_ms() -> u64 {
    let rule = host()["observed_rules"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|rule| rule["id"] == "session-start-cut-by-a-block");
    rule.and_then(|rule| rule["still_running_after_ms"].as_u64())
        .unwrap_or(100)
}

/// Runs the subcommand for Copilot.
pub fn run(args: &Args) -> Result<(), Stop> {
    if args.cursor_version.is_some() || args.settings.is_some() || !args.plugin_dirs.is_empty() {
        return Err(Stop::Usage(
            "--cursor-version, --settings and --plugin-dir are other hosts'; Copilot reads ~/.copilot/hooks and the project's .github/hooks"
                .to_owned(),
        ));
    }
    if let Some(event) = &args.event {
        if copilot::info(event).is_none() {
            let names: Vec<&str> = copilot::EVENTS.iter().map(|e| e.name).collect();
            return Err(Stop::Usage(format!(
                "`{event}` is not one of Copilot's events: {}",
                names.join(", ")
            )));
        }
    }
    let locations = Locations::new(args.project.clone(), Vec::new())?;
    let mut findings = Vec::new();
    let doctor = super::doctor(&locations, &mut findings);
    for finding in findings.iter().filter(|f| f.severity == Severity::Error) {
        note(&format!(
            "cursor-hooks: {}: {}",
            finding.file.display(),
            finding.message
        ));
    }
    // `COPILOT_ALLOW_ALL=true` trusts the folder too (`host.json` `trust.folder`).
    let allow_all = std::env::var("COPILOT_ALLOW_ALL").is_ok_and(|v| v == "true");
    // The user's folder first, then the project's; within a folder, Copilot runs the files in
    // reverse name order (`host.json` `execution.file_order`).
    let mut files = doctor.files;
    files.sort_by(|a, b| {
        (a.source != "user")
            .cmp(&(b.source != "user"))
            .then(b.path.cmp(&a.path))
    });
    let simulator = Simulator {
        project: locations.project.clone(),
        trusted: allow_all || doctor.trust.as_ref().is_some_and(|t| t.trusted),
        files,
        claude_files: claude_files(&locations.project),
    };
    let events: Vec<(String, Value)> = match (&args.session, &args.payload) {
        (Some(path), _) => crate::simulate::session_lines(path)?
            .into_iter()
            .map(|line| event_of(line, args.event.as_deref()))
            .collect::<Result<_, _>>()?,
        (None, Some(path)) => {
            let bytes = crate::claude::simulate::read_payload(Some(path))?;
            let line = serde_json::from_slice(&bytes)
                .map_err(|e| format!("the payload is not JSON: {e}"))?;
            vec![event_of(line, args.event.as_deref())?]
        }
        (None, None) => match &args.event {
            Some(event) => vec![(
                event.clone(),
                fixture(event, &args.sets, &locations.project)?,
            )],
            None => {
                return Err(Stop::Usage(
                    "give --event NAME, a PAYLOAD or --session".into(),
                ))
            }
        },
    };
    let mut results = Vec::new();
    // Consecutive agentStop blocks of the session, for the cap.
    let mut stop_blocks = 0;
    for (event, payload) in &events {
        let mut result = simulator.simulate(event, payload)?;
        if event == "agentStop" {
            stop_blocks = if result.blocked { stop_blocks + 1 } else { 0 };
            result.cap(stop_blocks);
        }
        results.push(result);
    }
    cut_by_a_block(&mut results);
    let mut text = String::new();
    for result in &results {
        crate::simulate::push_result(&mut text, args, result.to_json(), || result.to_text());
    }
    crate::out::print(&text);
    Ok(())
}

/// Copilot starts the sessionStart hooks without waiting for them; a block of the first prompt
/// ends `copilot -p` and cuts off those still running, and no context reaches anyone
/// (`observed_rules`, `session-start-cut-by-a-block`).
fn cut_by_a_block(results: &mut [Simulation]) {
    let Some(prompt) = results
        .iter()
        .position(|result| result.event == "userPromptSubmitted")
    else {
        return;
    };
    if !results[prompt].blocked {
        return;
    }
    let ended = results[prompt].ran_millis().sum::<u64>() + still_running_after_ms();
    for result in results[..prompt]
        .iter_mut()
        .filter(|result| result.event == "sessionStart")
    {
        result.model_sees.clear();
        result.outcome =
            "the first prompt is blocked: no model call, the context reaches no one".to_owned();
        let mut ends = 0;
        for hook in result
            .hooks
            .iter_mut()
            .filter(|hook| hook["status"] == "ran")
        {
            ends += hook["millis"].as_u64().unwrap_or(0);
            if ends > ended {
                hook["finished"] = json!(false);
                hook["cut_off"] = json!(true);
                let _ = writeln!(
                    result.text,
                    "- {}: cut off, still running when the prompt's block ended `copilot -p`",
                    hook["command"].as_str().unwrap_or_default()
                );
            }
        }
    }
}

/// A session line or payload file: `{"event": NAME, "payload": {...}}`, or a bare payload of
/// the `--event` given.
fn event_of(line: Value, event: Option<&str>) -> Result<(String, Value), Stop> {
    if let (Some(name), Some(payload)) = (line["event"].as_str(), line.get("payload")) {
        if line.as_object().is_some_and(|o| o.len() == 2) {
            return Ok((name.to_owned(), payload.clone()));
        }
    }
    match event {
        Some(event) => Ok((event.to_owned(), line)),
        None => Err(Stop::Usage(
            "a Copilot payload names no event: give --event NAME, or lines of the form {\"event\": NAME, \"payload\": {...}}".to_owned(),
        )),
    }
}

/// A payload for `event`: the common fields, `cwd` the project, the `KEY=VALUE` fields set.
fn fixture(event: &str, sets: &[String], project: &Path) -> Result<Value, Stop> {
    let mut payload = json!({
        "sessionId": "c4ec17cc-3ae1-4ffa-87fb-dcfa7851b6f6",
        "timestamp": 1_795_686_380_958_u64,
        "cwd": project.display().to_string(),
    });
    if copilot::info(event).is_some_and(|info| info.matcher_subject == Some("toolName")) {
        payload["toolName"] = json!("bash");
        payload["toolArgs"] = json!({"command": "ls", "description": "List files"});
    }
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
    trusted: bool,
    files: Vec<HooksFile>,
    /// Claude Code's project settings, their hooks under Copilot's names for the same points
    /// (`host.json` `claude_events`), which Copilot runs in Claude's format by its own rules.
    claude_files: Vec<HooksFile>,
}

/// What became of one hook wired for the event.
enum Status {
    Ran(Box<Run>),
    PassedOver(&'static str, String),
}

/// One hook Copilot ran, and how it read the result.
struct Run {
    millis: u128,
    timeout: u64,
    code: Option<i32>,
    timed_out: bool,
    stdout: Captured,
    stderr: Captured,
    /// The `host.json` rule that read it.
    rule: &'static str,
    reading: Reading,
}

/// What one hook's answer means to Copilot.
#[derive(Default, Debug)]
struct Reading {
    /// preToolUse, permissionRequest: the call is denied, with what the model is told.
    deny: Option<String>,
    /// preToolUse `allow`, permissionRequest `behavior: allow`.
    allow: bool,
    /// userPromptSubmitted, agentStop, postToolUse: `decision: block` with its reason.
    block: Option<String>,
    /// `additionalContext` (postToolUseFailure: also exit 2's stderr).
    context: Option<String>,
    /// preToolUse `modifiedArgs`.
    modified_args: Option<Value>,
    /// userPromptSubmitted `modifiedPrompt`.
    modified_prompt: Option<String>,
    /// postToolUse `modifiedResult.textResultForLlm`.
    modified_result: Option<String>,
}

/// Whether this answer ends the event's run of hooks, later hooks not running: preToolUse's
/// first deny (`combining`, `first-deny`), postToolUse's first block (`first-block`).
fn ends_the_run(event: &str, reading: &Reading) -> bool {
    let applies = |id: &str| {
        host()["combining"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|rule| rule["id"] == id)
            .is_some_and(|rule| {
                rule["applies_to"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .any(|e| e == event)
            })
    };
    (reading.deny.is_some() && applies("first-deny"))
        || (reading.block.is_some() && applies("first-block"))
}

impl Simulator {
    fn simulate(&self, event: &str, payload: &Value) -> Result<Simulation, Stop> {
        let info = copilot::info(event)
            .ok_or_else(|| Stop::Usage(format!("`{event}` is not one of Copilot's events")))?;
        let subject = info
            .matcher_subject
            .and_then(|field| payload[field].as_str());
        let cwd = payload["cwd"]
            .as_str()
            .map(PathBuf::from)
            .filter(|dir| dir.is_dir())
            .unwrap_or_else(|| self.project.clone());
        let bytes = serde_json::to_vec(payload).expect("JSON");
        let claude_bytes = serde_json::to_vec(&claude_payload(event, payload)).expect("JSON");
        let mut hooked: Vec<(&HooksFile, &CommandEntry, Status)> = Vec::new();
        // An answer that ends the event's run: no later hook runs (`ends_the_run`).
        let mut ended = false;
        let own = self.files.iter().map(|file| (file, false));
        for (file, claude) in own.chain(self.claude_files.iter().map(|file| (file, true))) {
            let selects = |entry: &CommandEntry| match claude {
                false => matches(entry.matcher.as_deref(), subject),
                true => claude_matches(entry.matcher.as_deref(), subject),
            };
            for entry in file.entries.iter().filter(|entry| entry.event == event) {
                let status = if file.source == "project" && !self.trusted {
                    Status::PassedOver(
                        "not_loaded",
                        "the folder is not trusted, so Copilot skips the project's hooks without a word".to_owned(),
                    )
                } else if let Some(why) = &file.dropped {
                    Status::PassedOver("not_loaded", why.clone())
                } else if !selects(entry) {
                    Status::PassedOver(
                        "skipped",
                        format!(
                            "its matcher does not select `{}`",
                            subject.unwrap_or_default()
                        ),
                    )
                } else if ended {
                    Status::PassedOver(
                        "not_reached",
                        format!("an earlier hook's answer ended the run: Copilot runs no further {event} hook"),
                    )
                } else {
                    let Some(command) = &entry.bash else {
                        // A `powershell`-only entry has nothing to run on Unix.
                        continue;
                    };
                    let input = if claude { &claude_bytes } else { &bytes };
                    let run = execute(self, (file, claude), entry, command, event, &cwd, input)?;
                    ended = ends_the_run(event, &run.reading);
                    Status::Ran(Box::new(run))
                };
                hooked.push((file, entry, status));
            }
        }
        Ok(Simulation::merge(event, payload, hooked))
    }
}

/// Claude Code's project settings files with hooks (`settings.local.json` first), each hook
/// under the Copilot event that runs it (`host.json` `claude_events`).
fn claude_files(project: &Path) -> Vec<HooksFile> {
    let map = host()["claude_events"]["events"].as_object();
    let copilot_event = |claude: &str| {
        map.into_iter()
            .flatten()
            .find(|(_, c)| c.as_str() == Some(claude))
            .map(|(e, _)| e.clone())
    };
    let mut files: Vec<HooksFile> = Vec::new();
    for (path, hooks) in super::claude_settings(project).into_iter().rev() {
        let mut entries = Vec::new();
        for (claude_event, groups) in &hooks {
            let Some(event) = copilot_event(claude_event) else {
                continue;
            };
            for (g, group) in groups.as_array().into_iter().flatten().enumerate() {
                for (h, handler) in group["hooks"].as_array().into_iter().flatten().enumerate() {
                    if handler["type"] != "command" {
                        continue;
                    }
                    entries.push(CommandEntry {
                        pointer: format!("/hooks/{claude_event}/{g}/hooks/{h}"),
                        event: event.clone(),
                        matcher: group["matcher"].as_str().map(str::to_owned),
                        bash: handler["command"].as_str().map(str::to_owned),
                        cwd: None,
                        env: Vec::new(),
                        timeout: handler["timeout"].as_u64(),
                    });
                }
            }
        }
        let dropped = super::claude_file_dropped_by(&hooks).map(|pointer| {
            format!("the group at {pointer} has `matcher: \"\"`, so Copilot runs none of this file's hooks")
        });
        files.push(HooksFile {
            dropped,
            source: "project",
            hooks: entries.len(),
            path,
            entries,
        });
    }
    files
}

/// The payload Copilot sends a hook of Claude Code's settings at `event`: Claude's snake_case
/// shape, Claude's event and tool names, no `transcript_path` but on Stop, no
/// `permission_mode` or `tool_use_id`, PostToolUse's `tool_result` (spec/claude-code/host.json
/// `copilot.payload`); permissionRequest's is Copilot's own.
fn claude_payload(event: &str, payload: &Value) -> Value {
    let claude_event = host()["claude_events"]["events"][event].clone();
    if event == "permissionRequest" || claude_event.is_null() {
        return payload.clone();
    }
    let mut claude = json!({
        "hook_event_name": claude_event,
        "session_id": payload["sessionId"],
        "timestamp": payload["timestamp"],
        "cwd": payload["cwd"],
    });
    let tool = payload["toolName"].as_str().map(claude_tool);
    let put = |claude: &mut Value, key: &str, value: Value| {
        if !value.is_null() {
            claude[key] = value;
        }
    };
    put(&mut claude, "tool_name", json!(tool));
    put(&mut claude, "tool_input", payload["toolArgs"].clone());
    let result = &payload["toolResult"];
    if !result.is_null() {
        claude["tool_result"] = json!({
            "result_type": result["resultType"],
            "text_result_for_llm": result["textResultForLlm"],
        });
    }
    put(&mut claude, "prompt", payload["prompt"].clone());
    put(&mut claude, "source", payload["source"].clone());
    if event == "agentStop" {
        put(
            &mut claude,
            "transcript_path",
            payload["transcriptPath"].clone(),
        );
        put(&mut claude, "stop_reason", payload["stopReason"].clone());
        claude["stop_hook_active"] = json!(payload["stop_hook_active"].as_bool().unwrap_or(false));
    }
    claude
}

/// Claude Code's name for one of Copilot's tools (spec/claude-code/host.json `copilot.tool_map`,
/// read backwards); a tool it does not map keeps Copilot's name.
fn claude_tool(name: &str) -> Option<String> {
    let map = crate::claude::host::host().copilot.tool_map.iter();
    let claude = map
        .into_iter()
        .find(|(_, copilot)| copilot.as_str() == name);
    Some(
        claude
            .map_or(name, |(claude, _)| claude.as_str())
            .to_owned(),
    )
}

/// Whether a Claude-format entry's matcher selects Copilot's tool: none or `*` selects all, as
/// in Claude Code (a tool's group with `""` never gets here: its file is dropped, `host.json`
/// `observed_rules`, `claude-empty-matcher-drops-the-file`); else matched with the tool's
/// Claude name or Copilot's own
/// (`Bash` and `bash` both selected the shell tool, `Edit` did not: REC section 1.7).
fn claude_matches(matcher: Option<&str>, subject: Option<&str>) -> bool {
    match (matcher, subject) {
        (None | Some("*"), _) | (_, None) => true,
        (Some(pattern), Some(subject)) => {
            let claude = claude_tool(subject).unwrap_or_default();
            matches(Some(pattern), Some(subject)) || matches(Some(pattern), Some(&claude))
        }
    }
}

/// A Claude-format answer as Copilot reads it from Claude Code's settings (spec/claude-code/
/// host.json `copilot.outputs`): its top-level keys as Copilot's own flat answer of the event
/// (a `decision: block` with `reason`, a flat `additionalContext` or `permissionDecision`,
/// PermissionRequest's `behavior`), and of `hookSpecificOutput` preToolUse's alone:
/// `permissionDecision`, its reason, `updatedInput` (as `modifiedArgs`) and
/// `additionalContext`.
fn from_claude(event: &str, answer: &Map<String, Value>) -> Map<String, Value> {
    let mut flat = answer.clone();
    let specific = flat.remove("hookSpecificOutput");
    if let (Some(Value::Object(specific)), "preToolUse") = (specific, event) {
        for (key, to) in [
            ("permissionDecision", "permissionDecision"),
            ("permissionDecisionReason", "permissionDecisionReason"),
            ("updatedInput", "modifiedArgs"),
            ("additionalContext", "additionalContext"),
        ] {
            if let Some(value) = specific.get(key) {
                flat.insert(to.to_owned(), value.clone());
            }
        }
    }
    flat
}

/// Whether Copilot's matcher selects `subject` (`host.json` `matcher`): only an absent one
/// selects all (`""` and `*` select nothing); otherwise a regex matched against the whole name,
/// and one that does not compile selects nothing. An event without a subject ignores it.
fn matches(matcher: Option<&str>, subject: Option<&str>) -> bool {
    let (Some(pattern), Some(subject)) = (matcher, subject) else {
        return true;
    };
    if copilot::MATCH_ALL.contains(&pattern) {
        return true;
    }
    regex::Regex::new(&format!("^(?:{pattern})$")).is_ok_and(|regex| regex.is_match(subject))
}

/// The variables Copilot gives a hook (`host.json` `environment`): the filtered few it passes
/// on, the project folder under both names, the hooks file's folder, then the entry's `env`,
/// literally.
fn environment(
    simulator: &Simulator,
    file: &HooksFile,
    entry: &CommandEntry,
) -> Vec<(String, String)> {
    let mut env: Vec<(String, String)> = ["PATH", "HOME", "TERM", "COPILOT_MODEL"]
        .iter()
        .filter_map(|name| Some((name.to_string(), std::env::var(name).ok()?)))
        .collect();
    let project = simulator.project.display().to_string();
    env.push(("COPILOT_CLI".to_owned(), "1".to_owned()));
    env.push(("COPILOT_PROJECT_DIR".to_owned(), project.clone()));
    env.push(("CLAUDE_PROJECT_DIR".to_owned(), project));
    if let Some(dir) = file.path.parent() {
        env.push(("COPILOT_HOOK_DIR".to_owned(), dir.display().to_string()));
    }
    env.extend(entry.env.iter().cloned());
    env
}

/// Starts the hook as Copilot does (`execution`): `bash -c COMMAND` in the project (or the
/// entry's `cwd`), the payload on stdin, killed at `timeoutSec` (default 30 s); then reads it.
fn execute(
    simulator: &Simulator,
    (file, claude): (&HooksFile, bool),
    entry: &CommandEntry,
    command: &str,
    event: &str,
    cwd: &Path,
    payload: &[u8],
) -> Result<Run, Stop> {
    let timeout = entry
        .timeout
        .unwrap_or(u64::from(copilot::COMMAND_TIMEOUT_SECONDS));
    let dir = match &entry.cwd {
        Some(dir) => simulator.project.join(dir),
        None => cwd.to_path_buf(),
    };
    let mut process = Command::new("bash");
    process.arg("-c").arg(command).current_dir(&dir).env_clear();
    process.env("PWD", &dir);
    for (name, value) in environment(simulator, file, entry) {
        // Claude Code's files get no `COPILOT_HOOK_DIR` (spec/claude-code/host.json `copilot`).
        if !(claude && name == "COPILOT_HOOK_DIR") {
            process.env(name, value);
        }
    }
    let started = Instant::now();
    let output = child::run(process, payload, Duration::from_secs(timeout))
        .map_err(|e| format!("cannot start `{command}`: {e}"))?;
    let shown = file
        .path
        .strip_prefix(&simulator.project)
        .unwrap_or(&file.path);
    // Copilot names Claude Code's files "repo settings" in its messages (REC section 1.4).
    let shown = match claude {
        true => "repo settings".to_owned(),
        false => shown.display().to_string(),
    };
    // A Claude-format answer's `hookSpecificOutput` is read at exit 0 only: beside exit 2 its
    // reason reaches nobody (spec/claude-code/host.json `copilot.outputs`).
    let translated;
    let stdout = match serde_json::from_str::<Value>(output.stdout.text.trim()) {
        Ok(Value::Object(answer)) if claude && output.code == Some(0) => {
            translated = Value::Object(from_claude(event, &answer)).to_string();
            &translated
        }
        _ => &output.stdout.text,
    };
    let (rule, reading) = read_result(
        event,
        output.code,
        output.timed_out,
        stdout,
        &output.stderr.text,
        &shown,
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

/// Reads one hook's result as Copilot does (`host.json` `results`, by rule id; `file` is the
/// hooks file as Copilot names it).
fn read_result(
    event: &str,
    code: Option<i32>,
    timed_out: bool,
    stdout: &str,
    stderr: &str,
    file: &str,
) -> (&'static str, Reading) {
    let mut reading = Reading::default();
    if timed_out {
        // Killed; fails open.
        return ("timeout", reading);
    }
    match code {
        Some(0) => {}
        Some(2) => {
            // Its JSON stdout is still read, and a deny of its own wins (`results`, `exit-2`).
            if let Ok(Value::Object(answer)) = serde_json::from_str::<Value>(stdout.trim()) {
                reading = read_answer(event, &answer);
            }
            let stderr = Some(stderr.trim().to_owned()).filter(|s| !s.is_empty());
            match event {
                "preToolUse" if reading.deny.is_none() => {
                    reading.deny =
                        Some("Denied by preToolUse hook: hook exited with code 2".to_owned())
                }
                "permissionRequest" if reading.deny.is_none() => {
                    reading.deny = Some(
                        "Permission denied by a PermissionRequest hook: Permission denied by hook."
                            .to_owned(),
                    )
                }
                "postToolUseFailure" if stderr.is_some() => reading.context = stderr,
                _ => {}
            }
            return ("exit-2", reading);
        }
        _ => {
            if event == "preToolUse" {
                // Copilot fails closed here (`fail_closed`).
                reading.deny = Some(format!(
                    "Denied by preToolUse hook from \"{file}\" (hook errored)"
                ));
            }
            return ("exit-other", reading);
        }
    }
    let Ok(Value::Object(answer)) = serde_json::from_str::<Value>(stdout.trim()) else {
        return ("exit-0-text", reading);
    };
    ("exit-0-json", read_answer(event, &answer))
}

/// An exit-0 JSON answer, read by the event's own flat keys (`events.json` `response`;
/// Claude's `hookSpecificOutput` is not read on a camelCase event).
fn read_answer(event: &str, answer: &Map<String, Value>) -> Reading {
    let text = |key: &str| answer.get(key).and_then(Value::as_str).map(str::to_owned);
    let mut reading = Reading {
        context: text("additionalContext").filter(|c| !c.is_empty()),
        ..Reading::default()
    };
    match event {
        "preToolUse" => {
            let reason = text("permissionDecisionReason")
                .filter(|r| !r.is_empty())
                .unwrap_or_else(|| "No reason provided".to_owned());
            match text("permissionDecision").as_deref() {
                Some("deny") => reading.deny = Some(format!("Denied by preToolUse hook: {reason}")),
                // `-p` cannot ask anyone (`observed_rules`, `ask-denies-in-print-mode`).
                Some("ask") => {
                    reading.deny = Some(format!(
                        "Denied by preToolUse hook (unable to ask user for confirmation): {reason}"
                    ))
                }
                Some("allow") => reading.allow = true,
                _ => {}
            }
            reading.modified_args = answer
                .get("modifiedArgs")
                .filter(|a| a.is_object())
                .cloned();
        }
        "permissionRequest" => match text("behavior").as_deref() {
            Some("deny") => {
                let message = text("message").unwrap_or_default();
                reading.deny = Some(format!(
                    "Permission denied by a PermissionRequest hook: {message}"
                ));
            }
            Some("allow") => reading.allow = true,
            _ => {}
        },
        "userPromptSubmitted" | "agentStop" => {
            // A block without a reason is no block (`observed_rules`, `block-needs-a-reason`).
            let reason = text("reason").filter(|r| !r.is_empty() || event == "agentStop");
            if text("decision").as_deref() == Some("block") {
                reading.block = reason;
            }
            if event == "userPromptSubmitted" {
                reading.modified_prompt = text("modifiedPrompt");
            }
        }
        "postToolUse" => {
            // Its reason reaches the model (`observed_rules`, `post-tool-use`).
            if text("decision").as_deref() == Some("block") {
                reading.block = text("reason").filter(|r| !r.is_empty());
            }
            reading.modified_result = answer
                .get("modifiedResult")
                .and_then(|r| r["textResultForLlm"].as_str())
                .map(str::to_owned);
        }
        _ => {}
    }
    if !matches!(
        event,
        "preToolUse"
            | "userPromptSubmitted"
            | "sessionStart"
            | "postToolUse"
            | "postToolUseFailure"
    ) {
        reading.context = None;
    }
    reading
}

/// preToolUse's contexts as the model gets them: a user message each, after the tool result.
fn pre_tool_context(contexts: &[String]) -> impl Iterator<Item = String> + '_ {
    let message = |context| format!("Additional context from preToolUse hook:\n{context}");
    contexts.iter().map(message)
}

/// One event's simulation: each hook and what Copilot then does.
struct Simulation {
    event: String,
    hooks: Vec<Value>,
    text: String,
    /// preToolUse / permissionRequest: the call is denied; userPromptSubmitted: the prompt
    /// never reaches the model; agentStop: a hook asked the agent to go on.
    blocked: bool,
    /// agentStop: the agent goes on (a block under the cap).
    continues: bool,
    outcome: String,
    model_sees: Vec<String>,
    user_sees: Vec<String>,
    /// preToolUse: the arguments the tool runs with instead (`modifiedArgs`).
    updated_input: Option<Value>,
    /// userPromptSubmitted: the prompt the model gets instead (`modifiedPrompt`); agentStop:
    /// the next prompt (a block's reason).
    prompt: Option<String>,
}

impl Simulation {
    /// Combines the runs in order: the first deny wins (no later hook ran); the contexts of all
    /// are joined in order (userPromptSubmitted: the last one's only); the last `modifiedArgs`,
    /// `modifiedPrompt` and `modifiedResult` win.
    fn merge(
        event: &str,
        payload: &Value,
        hooked: Vec<(&HooksFile, &CommandEntry, Status)>,
    ) -> Simulation {
        let mut simulation = Simulation {
            event: event.to_owned(),
            hooks: Vec::new(),
            text: format!("{event}\n"),
            blocked: false,
            continues: false,
            outcome: String::new(),
            model_sees: Vec::new(),
            user_sees: Vec::new(),
            updated_input: None,
            prompt: None,
        };
        let mut deny = None;
        let mut allow = false;
        let mut blocks = Vec::new();
        let mut contexts = Vec::new();
        let mut result = None;
        for (file, entry, status) in &hooked {
            let mut json = json!({
                "source": file.source,
                "file": file.path,
                "path": entry.pointer,
                "command": entry.bash,
                "matcher": entry.matcher,
            });
            let _ = writeln!(
                simulation.text,
                "- [{}] {}#{}\n  command: {}",
                file.source,
                file.path.display(),
                entry.pointer,
                entry.bash.as_deref().unwrap_or_default()
            );
            match status {
                Status::PassedOver(status, why) => {
                    json["status"] = json!(status);
                    json["reason"] = json!(why);
                    let _ = writeln!(simulation.text, "  {status}: {why}");
                }
                Status::Ran(run) => {
                    let (source, verified) = crate::simulate::host_rule(host(), run.rule);
                    let reading = &run.reading;
                    let effect = if reading.deny.is_some() {
                        "denies"
                    } else if reading.block.is_some() {
                        "blocks"
                    } else {
                        "answer applied"
                    };
                    json["status"] = json!("ran");
                    for (key, value) in [
                        ("millis", json!(run.millis as u64)),
                        ("timeout_seconds", json!(run.timeout)),
                        ("exit_code", json!(run.code)),
                        ("timed_out", json!(run.timed_out)),
                        ("finished", json!(!run.timed_out)),
                        ("stdout", json!(run.stdout.text)),
                        ("stderr", json!(run.stderr.text)),
                        ("read_as", json!(run.rule)),
                        ("effect", json!(effect)),
                        ("verified", json!(verified)),
                        ("rule_source", json!(source)),
                    ] {
                        json[key] = value;
                    }
                    let words = crate::simulate::reading_words(run.rule, effect, verified);
                    let timing = (run.millis, run.code, run.timed_out);
                    let (out, err) = (&run.stdout, &run.stderr);
                    crate::simulate::write_run(&mut simulation.text, timing, &words, out, err);
                    if deny.is_none() {
                        deny.clone_from(&reading.deny);
                    }
                    allow |= reading.allow;
                    blocks.extend(reading.block.clone());
                    contexts.extend(reading.context.clone());
                    if reading.modified_args.is_some() {
                        simulation.updated_input.clone_from(&reading.modified_args);
                    }
                    if reading.modified_prompt.is_some() {
                        simulation.prompt.clone_from(&reading.modified_prompt);
                    }
                    if reading.modified_result.is_some() {
                        result.clone_from(&reading.modified_result);
                    }
                }
            }
            simulation.hooks.push(json);
        }
        let tool = payload["toolName"].as_str().unwrap_or("bash");
        simulation.outcome = match event {
            "preToolUse" | "permissionRequest" if deny.is_some() => {
                simulation.blocked = true;
                simulation.updated_input = None;
                simulation.model_sees.extend(deny);
                // A deny's context reaches the model too (`observed_rules`, `context`).
                simulation.model_sees.extend(pre_tool_context(&contexts));
                "denied: the tool call does not run".to_owned()
            }
            "preToolUse" => {
                simulation.model_sees.extend(pre_tool_context(&contexts));
                match (&simulation.updated_input, allow) {
                    (Some(args), _) => {
                        simulation.model_sees.push(args.to_string());
                        "runs with the modified arguments".to_owned()
                    }
                    (None, true) => "runs without the permission step".to_owned(),
                    (None, false) => "goes on".to_owned(),
                }
            }
            "userPromptSubmitted" if !blocks.is_empty() => {
                simulation.blocked = true;
                simulation.prompt = None;
                simulation
                    .user_sees
                    .extend(blocks.iter().map(|r| format!("! {r}")));
                "blocked: no model call, `copilot -p` exits 1".to_owned()
            }
            "userPromptSubmitted" => {
                // The last hook's additionalContext wins here (`combining`, `in-order`).
                contexts.drain(..contexts.len().saturating_sub(1));
                let prompt = simulation
                    .prompt
                    .clone()
                    .or_else(|| payload["prompt"].as_str().map(str::to_owned))
                    .unwrap_or_default();
                let mut sent = prompt;
                for context in &contexts {
                    let _ = write!(sent, "\n<system_reminder>\n{context}\n</system_reminder>");
                }
                simulation.model_sees.push(sent);
                if simulation.prompt.is_some() {
                    "the model gets the modified prompt".to_owned()
                } else {
                    "goes on".to_owned()
                }
            }
            "agentStop" if !blocks.is_empty() => {
                // The reason is the next prompt: userPromptSubmitted's hooks get it first, and
                // the model sees what they leave of it (`observed_rules`, `stop-block`).
                simulation.blocked = true;
                simulation.continues = true;
                simulation.prompt = Some(blocks.join("\n"));
                "the agent goes on: the reason is the next prompt, through userPromptSubmitted"
                    .to_owned()
            }
            "sessionStart" => {
                simulation.model_sees.extend(contexts);
                "goes on".to_owned()
            }
            "postToolUse" => {
                // A block's reason comes alone: without the earlier contexts, and without any
                // modifiedResult, its own or an earlier hook's (`first-block`).
                if !blocks.is_empty() {
                    contexts.clear();
                    result = None;
                }
                simulation.model_sees.extend(result);
                simulation.model_sees.extend(blocks);
                if !contexts.is_empty() {
                    simulation.model_sees.push(format!(
                        "Tool \"{tool}\" succeeded. Additional guidance from postToolUse hooks:\n{}",
                        contexts.join("\n")
                    ));
                }
                "goes on".to_owned()
            }
            "postToolUseFailure" => {
                if !contexts.is_empty() {
                    simulation.model_sees.push(format!(
                        "Tool \"{tool}\" failed. Additional guidance from postToolUseFailure hooks:\n{}",
                        contexts.join("\n")
                    ));
                }
                "goes on".to_owned()
            }
            _ => "goes on".to_owned(),
        };
        simulation
    }

    /// How long each hook that ran took, in order.
    fn ran_millis(&self) -> impl Iterator<Item = u64> + '_ {
        let ran = self.hooks.iter().filter(|hook| hook["status"] == "ran");
        ran.map(|hook| hook["millis"].as_u64().unwrap_or(0))
    }

    /// Applies the cap on consecutive agentStop blocks: `blocks` is this one's place in the run
    /// of blocks (`stop_block_cap`).
    fn cap(&mut self, blocks: u64) {
        if self.blocked && blocks > stop_block_cap() {
            self.continues = false;
            self.prompt = None;
            self.user_sees.push(format!(
                "Agent stop hook blocked {} consecutive times; ending turn",
                stop_block_cap()
            ));
            self.outcome = "the turn ends: the cap on agentStop blocks is reached".to_owned();
        }
    }

    /// The hooks, then the outcome and what the model and the user see.
    fn to_text(&self) -> String {
        let mut text = self.text.clone();
        let _ = writeln!(text, "outcome: {}", self.outcome);
        for seen in &self.model_sees {
            indented(&mut text, "the model sees", seen);
        }
        for seen in &self.user_sees {
            indented(&mut text, "the user sees", seen);
        }
        text
    }

    fn to_json(&self) -> Value {
        json!({
            "host": "copilot",
            "event": self.event,
            "hooks": self.hooks,
            "blocked": self.blocked,
            "continues": self.continues,
            "outcome": self.outcome,
            "model_sees": self.model_sees,
            "user_sees": self.user_sees,
            "updated_input": self.updated_input,
            "prompt": self.prompt,
        })
    }
}
