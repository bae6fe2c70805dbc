//! `cursor-hooks simulate`: one payload (or a session of them) through every matching hook of
//! every source, started, read and merged by the rules of `spec/host.json`.

use crate::host::{self, Effect, Subject};
use crate::sources::{self, ConfigFile, Hook, Locations};
use cursor_hooks::spec::{self, EventInfo};
use cursor_hooks::{Category, CursorVersion};
use serde_json::{json, Map, Value};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct Args {
    /// The project (default: the current directory).
    #[arg(long)]
    project: Option<PathBuf>,
    /// A plugin folder whose hooks Cursor loads (as `cursor-agent --plugin-dir`).
    #[arg(long = "plugin-dir")]
    plugin_dirs: Vec<PathBuf>,
    /// Sets the payload's `cursor_version` (an IDE semver or a CLI date build).
    #[arg(long)]
    cursor_version: Option<String>,
    /// Print the result as one JSON object (one per line with `--session`).
    #[arg(long)]
    json: bool,
    /// Build the payload from the runtime's fixture for this event.
    #[arg(long, conflicts_with_all = ["payload", "session"])]
    event: Option<String>,
    /// With `--event`: set a payload field, `KEY=VALUE` (VALUE is read as JSON when it parses).
    #[arg(long = "set", requires = "event")]
    sets: Vec<String>,
    /// Run every payload of a JSONL file (captures, or one payload per line).
    #[arg(long, conflicts_with = "payload")]
    session: Option<PathBuf>,
    /// The payload: a JSON file, or `-` for stdin.
    payload: Option<PathBuf>,
}

/// Runs the subcommand: exit 0 whatever the decision, 1 when the configuration or the
/// payload cannot be read.
pub fn run(args: Args) -> Result<i32, String> {
    let locations = Locations::new(args.project.clone(), args.plugin_dirs.clone())?;
    let files = sources::load(&locations);
    let voided: Vec<&ConfigFile> = files.iter().filter(|f| f.voided).collect();
    if !voided.is_empty() {
        for file in voided {
            for finding in file.findings.iter().filter(|f| f.voids) {
                eprintln!("{}", crate::findings::line(finding, false));
            }
        }
        return Err("Cursor would ignore the file(s) above; fix them first (`cursor-hooks doctor` lists every problem)".to_owned());
    }
    let simulator = Simulator {
        locations: &locations,
        files: &files,
    };
    if let Some(session) = &args.session {
        return session_run(&simulator, session, &args);
    }
    let mut payload = if let Some(event) = &args.event {
        fixture(event, &args.sets)?
    } else {
        let path = args
            .payload
            .as_ref()
            .ok_or("give a PAYLOAD file (or `-`), --event or --session")?;
        let text = if path == Path::new("-") {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| format!("cannot read stdin: {e}"))?;
            text
        } else {
            std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?
        };
        serde_json::from_str(&text).map_err(|e| format!("the payload is not JSON: {e}"))?
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
        println!(
            "{}",
            serde_json::to_string_pretty(&result.to_json()).expect("JSON")
        );
    } else {
        print!("{}", result.to_text());
    }
    Ok(0)
}

/// A payload built from the runtime's fixture for `event`, with `KEY=VALUE` fields set.
fn fixture(event: &str, sets: &[String]) -> Result<Value, String> {
    macro_rules! fixtures {
        ($($name:ident),* $(,)?) => {{
            use cursor_hooks::prelude::*;
            let all: Vec<Value> = vec![$($name::fixture().to_value()),*];
            all
        }};
    }
    let all = cursor_hooks::__for_each_event!(fixtures);
    let mut payload = all
        .into_iter()
        .find(|p| p["hook_event_name"] == event)
        .ok_or_else(|| {
            let hint = crate::parse::closest(event, spec::EVENTS.iter().map(|e| e.name))
                .map(|n| format!("; did you mean `{n}`?"))
                .unwrap_or_default();
            format!("`{event}` is not a Cursor event{hint}")
        })?;
    for set in sets {
        let (key, value) = set
            .split_once('=')
            .ok_or_else(|| format!("--set {set}: write KEY=VALUE"))?;
        let value = serde_json::from_str(value).unwrap_or_else(|_| Value::String(value.to_owned()));
        payload[key] = value;
    }
    Ok(payload)
}

struct Simulator<'a> {
    locations: &'a Locations,
    files: &'a [ConfigFile],
}

/// One hook that ran (or was skipped), and how its result was read.
struct HookRun {
    source: String,
    file: PathBuf,
    pointer: String,
    command: String,
    millis: u128,
    exit_code: Option<i32>,
    timed_out: bool,
    stdout: String,
    stderr: String,
    /// Which rule of host.json read the result (`exit-0-json`, `timeout`, ...).
    rule: String,
    /// What the result does to the answer.
    effect: Effect,
    /// The hook's answer when applied; the block message when it blocks.
    answer: Option<Value>,
    message: Option<String>,
    verified: bool,
    /// Cursor's priority of the hook's source (0 highest).
    priority: usize,
    /// Set when the answer was in Claude Code's shape, with the rule's source.
    claude_format: Option<String>,
    loop_limit: Option<Option<u64>>,
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
    decision: Value,
    /// What Cursor does, in words.
    outcome: String,
    hooks: Vec<HookRun>,
    /// Rules applied that the reference does not verify.
    unverified: Vec<String>,
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
            });
        let mut selected: Vec<(&ConfigFile, &Hook, usize)> = Vec::new();
        for file in self.files {
            let priority = host
                .config_sources
                .iter()
                .position(|s| s.name == file.source)
                .unwrap_or(usize::MAX);
            for hook in file.hooks.iter().filter(|h| h.event == event) {
                if matches(hook.matcher.as_deref(), subject.as_deref()) {
                    selected.push((file, hook, priority));
                }
            }
        }
        let hooks: Vec<HookRun> = std::thread::scope(|scope| {
            let handles: Vec<_> = selected
                .iter()
                .map(|&(file, hook, priority)| {
                    scope.spawn(move || {
                        let input = Input {
                            bytes,
                            payload,
                            session_env,
                        };
                        self.run_hook(file, hook, priority, info, input)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a hook thread"))
                .collect()
        });
        let mut unverified = Vec::new();
        if !host.defaults.timeout_verified && selected.iter().any(|(_, h, _)| h.timeout.is_none()) {
            unverified.push(format!(
                "default timeout of {} s ({})",
                host.defaults.timeout_seconds, host.defaults.timeout_source
            ));
        }
        for run in &hooks {
            if !run.verified {
                unverified.push(format!(
                    "reading `{}`: {}",
                    run.rule,
                    rule_source(&run.rule)
                ));
            }
            if let Some(note) = &run.claude_format {
                unverified.push(note.clone());
            }
        }
        let (decision, outcome) = merge(info, payload, &hooks, &mut unverified);
        Ok(Simulation {
            event: event.to_owned(),
            decision,
            outcome,
            hooks,
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
            millis: 0,
            exit_code: None,
            timed_out: false,
            stdout: String::new(),
            stderr: String::new(),
            rule: String::new(),
            effect: Effect::NoOpinion,
            answer: None,
            message: None,
            verified: true,
            priority,
            loop_limit: hook.loop_limit,
            claude_format: None,
        };
        if hook.kind == "prompt" {
            run.rule = "prompt-hook".to_owned();
            run.message =
                Some("prompt hooks ask an LLM; the simulator does not run them".to_owned());
            run.verified = false;
            return run;
        }
        let timeout = hook.timeout.unwrap_or(host.defaults.timeout_seconds);
        let started = Instant::now();
        let output = execute(
            &command,
            &file.cwd,
            &self.environment(file, payload, session_env),
            bytes,
            Duration::from_secs_f64(timeout),
        );
        run.millis = started.elapsed().as_millis();
        match output {
            Err(error) => {
                run.exit_code = None;
                run.stderr = error;
                read_result(&mut run, info, hook, "exit-other", timeout);
            }
            Ok(output) => {
                run.exit_code = output.code;
                run.timed_out = output.timed_out;
                run.stdout = output.stdout;
                run.stderr = output.stderr;
                let rule = if output.timed_out {
                    "timeout"
                } else if output.code == Some(2) {
                    "exit-2"
                } else if output.code != Some(0) {
                    "exit-other"
                } else if run.stdout.trim().is_empty() {
                    "exit-0-empty"
                } else {
                    match serde_json::from_str::<Value>(run.stdout.trim()) {
                        Ok(Value::Object(answer)) => {
                            let answer = match claude_answer(info, &answer) {
                                Some(translated) => {
                                    let rules = &host.claude_outputs;
                                    run.claude_format = Some(format!(
                                        "read as Claude Code's format ({})",
                                        rules.source
                                    ));
                                    translated
                                }
                                None => answer,
                            };
                            let permission = answer.get("permission");
                            let valid = permission.is_none_or(|p| {
                                p.as_str().is_some_and(|p| info.permission.contains(&p))
                            });
                            run.answer = Some(Value::Object(answer));
                            if info.category == Category::Permission && !valid {
                                "invalid-permission"
                            } else {
                                "exit-0-json"
                            }
                        }
                        _ => "invalid-json",
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
            env.push((
                host::host().plugins.root_variable.clone(),
                root.display().to_string(),
            ));
        }
        env
    }
}

/// Cursor's reading of an answer in Claude Code's shape, when it is one.
fn claude_answer(info: &EventInfo, answer: &Map<String, Value>) -> Option<Map<String, Value>> {
    let rules = &host::host().claude_outputs;
    let mut translated = Map::new();
    if rules.permission_events.iter().any(|e| e == info.name) {
        let nested = answer.get(&rules.permission_object)?.as_object()?;
        let decision = nested.get(&rules.permission_decision)?.as_str()?;
        translated.insert("permission".to_owned(), Value::String(decision.to_owned()));
        if let Some(reason) = nested.get(&rules.permission_reason) {
            translated.insert("user_message".to_owned(), reason.clone());
        }
        if let Some(input) = nested.get(&rules.permission_updated_input) {
            translated.insert("updated_input".to_owned(), input.clone());
        }
        return Some(translated);
    }
    if rules.followup_events.iter().any(|e| e == info.name) {
        let nested = answer
            .get(&rules.permission_object)
            .and_then(Value::as_object);
        for object in [Some(answer), nested].into_iter().flatten() {
            if object.get("decision").and_then(Value::as_str)
                == Some(rules.followup_decision.as_str())
            {
                let reason = object
                    .get(&rules.followup_reason)
                    .cloned()
                    .unwrap_or_default();
                translated.insert("followup_message".to_owned(), reason);
                return Some(translated);
            }
        }
    }
    None
}

/// Whether a matcher selects the subject: unanchored search; no subject runs every hook.
fn matches(matcher: Option<&str>, subject: Option<&str>) -> bool {
    let host = host::host();
    let (Some(matcher), Some(subject)) = (matcher, subject) else {
        return true;
    };
    if host.matcher.match_all.iter().any(|m| m == matcher) {
        return true;
    }
    regress::Regex::new(matcher).is_ok_and(|r| r.find(subject).is_some())
}

fn rule_source(id: &str) -> String {
    host::host()
        .results
        .iter()
        .find(|r| r.id == id)
        .map(|r| r.source.clone())
        .unwrap_or_else(|| "not documented".to_owned())
}

/// Applies the host rule `id` to one hook's result.
fn read_result(run: &mut HookRun, info: &EventInfo, hook: &Hook, id: &str, timeout: f64) {
    let host = host::host();
    let rule = host
        .results
        .iter()
        .find(|r| r.id == id)
        .expect("host.json has every result rule");
    run.rule = id.to_owned();
    run.verified = rule.verified;
    let mut effect = match info.category {
        Category::Permission => rule.permission,
        Category::PromptGate => rule.prompt_gate.unwrap_or(rule.other),
        _ => rule.other,
    };
    if hook.fail_closed && info.can_block {
        if let Some(closed) = rule.fail_closed {
            effect = closed;
        }
    }
    run.effect = effect;
    if !matches!(effect, Effect::Apply) {
        run.answer = None;
    }
    if matches!(effect, Effect::Block | Effect::Stop) {
        let message = rule
            .message
            .as_deref()
            .unwrap_or("Hook \"{command}\" failed")
            .replace("{command}", &run.command)
            .replace("{stderr}", run.stderr.trim())
            .replace(
                "{code}",
                &run.exit_code
                    .map(|c| c.to_string())
                    .unwrap_or_else(|| "none".into()),
            )
            .replace("{timeout_ms}", &format!("{}", (timeout * 1000.0).round()));
        let message = if hook.fail_closed && rule.fail_closed.is_some() {
            host.fail_closed_message.replace("{message}", &message)
        } else {
            message
        };
        run.message = Some(message);
    }
}

/// Cursor's merge of every hook's answer: the decision object and the outcome in words.
fn merge(
    info: &EventInfo,
    payload: &Value,
    hooks: &[HookRun],
    unverified: &mut Vec<String>,
) -> (Value, String) {
    let host = host::host();
    let merge = &host.merge;
    let mut decision = Map::new();
    // Answers in configured order: by source priority, then as listed.
    let mut ordered: Vec<&HookRun> = hooks.iter().collect();
    ordered.sort_by_key(|h| h.priority);
    let merged_here: &[&str] = match info.category {
        Category::Permission => &["permission", "user_message", "agent_message"],
        Category::PromptGate => &["continue", "user_message"],
        _ => &["additional_context", "followup_message", "user_message"],
    };
    let mut other_fields_used = false;
    for run in &ordered {
        if let Some(Value::Object(answer)) = &run.answer {
            for (key, value) in answer {
                if !merged_here.contains(&key.as_str()) {
                    other_fields_used |= decision.contains_key(key);
                    decision.insert(key.clone(), value.clone());
                }
            }
        }
    }
    if other_fields_used && !merge.other_fields_verified {
        unverified.push(format!(
            "other fields: {} ({})",
            merge.other_fields, merge.other_fields_source
        ));
    }
    let outcome;
    match info.category {
        Category::Permission => {
            // Each hook's stance: a block counts as deny.
            let stance = |run: &HookRun| -> Option<String> {
                match run.effect {
                    Effect::Block => Some("deny".to_owned()),
                    Effect::Apply => run
                        .answer
                        .as_ref()?
                        .get("permission")?
                        .as_str()
                        .map(str::to_owned),
                    _ => None,
                }
            };
            let strongest = merge.permission_order.iter().find(|p| {
                ordered
                    .iter()
                    .any(|run| stance(run).as_deref() == Some(p.as_str()))
            });
            if let Some(permission) = strongest {
                decision.insert("permission".to_owned(), Value::String(permission.clone()));
                for key in ["user_message", "agent_message"] {
                    let texts: Vec<String> = ordered
                        .iter()
                        .filter(|run| stance(run).as_deref() == Some(permission.as_str()))
                        .filter_map(|run| match run.effect {
                            Effect::Block if key == "user_message" => run.message.clone(),
                            _ => run.answer.as_ref()?.get(key)?.as_str().map(str::to_owned),
                        })
                        .collect();
                    if !texts.is_empty() {
                        decision.insert(
                            key.to_owned(),
                            Value::String(texts.join(&merge.message_separator)),
                        );
                    }
                }
                outcome = ask_outcome(info, payload, permission, unverified);
            } else {
                outcome = "proceeds: no hook had an opinion".to_owned();
            }
        }
        Category::PromptGate => {
            let stops: Vec<&&HookRun> = ordered
                .iter()
                .filter(|run| {
                    run.effect == Effect::Stop
                        || run.effect == Effect::Block
                        || run.answer.as_ref().and_then(|a| a.get("continue"))
                            == Some(&Value::Bool(false))
                })
                .collect();
            let any_continue = ordered.iter().any(|run| {
                run.answer
                    .as_ref()
                    .and_then(|a| a.get("continue"))
                    .is_some()
            });
            if !stops.is_empty() || any_continue {
                decision.insert("continue".to_owned(), Value::Bool(stops.is_empty()));
                if ordered.len() > 1 && !merge.continue_verified {
                    unverified.push(format!("`continue` is AND-ed ({})", merge.continue_source));
                }
            }
            let messages: Vec<String> = stops
                .iter()
                .filter_map(|run| {
                    run.message.clone().or_else(|| {
                        run.answer
                            .as_ref()?
                            .get("user_message")?
                            .as_str()
                            .map(str::to_owned)
                    })
                })
                .collect();
            if !messages.is_empty() {
                decision.insert(
                    "user_message".to_owned(),
                    Value::String(messages.join(&merge.message_separator)),
                );
            }
            outcome = if stops.is_empty() {
                "the prompt is sent".to_owned()
            } else {
                "the prompt is stopped".to_owned()
            };
        }
        _ => {
            let contexts: Vec<&str> = ordered
                .iter()
                .filter_map(|run| run.answer.as_ref()?.get("additional_context")?.as_str())
                .collect();
            if !contexts.is_empty() {
                decision.insert(
                    "additional_context".to_owned(),
                    Value::String(contexts.join(&merge.additional_context_separator)),
                );
                if contexts.len() > 1 && !merge.additional_context_verified {
                    unverified.push(format!(
                        "additional_context joined ({})",
                        merge.additional_context_source
                    ));
                }
            }
            let loop_count = payload
                .get("loop_count")
                .and_then(Value::as_u64)
                .unwrap_or(0);
            let followups: Vec<&str> = ordered
                .iter()
                .filter(|run| {
                    let limit = run.loop_limit.unwrap_or(Some(host.defaults.loop_limit));
                    limit.is_none_or(|limit| loop_count < limit)
                })
                .filter_map(|run| run.answer.as_ref()?.get("followup_message")?.as_str())
                .filter(|m| !m.is_empty())
                .collect();
            if let Some(first) = followups.first() {
                decision.insert(
                    "followup_message".to_owned(),
                    Value::String((*first).to_owned()),
                );
                if followups.len() > 1 && !merge.followup_verified {
                    unverified.push(format!(
                        "followup_message: {} ({})",
                        merge.followup_message, merge.followup_source
                    ));
                }
            }
            let notices: Vec<&str> = ordered
                .iter()
                .filter_map(|run| run.answer.as_ref()?.get("user_message")?.as_str())
                .collect();
            if !notices.is_empty() {
                decision.insert(
                    "user_message".to_owned(),
                    Value::String(notices.join(&merge.message_separator)),
                );
            }
            if info.category == Category::Observe {
                decision.clear();
                outcome = "nothing: Cursor ignores the answers of this event".to_owned();
            } else if decision.is_empty() {
                outcome = "nothing: no hook answered".to_owned();
            } else {
                outcome = "applied".to_owned();
            }
        }
    }
    // Only what the event accepts reaches Cursor.
    if info.category != Category::Observe {
        let keep: Vec<&str> = info
            .response_fields
            .iter()
            .copied()
            .chain(["permission", "continue"])
            .collect();
        let legacy = payload.get("cursor_version").is_none() && payload.get("model").is_none();
        if !legacy {
            decision.retain(|key, _| {
                keep.contains(&key.as_str())
                    || !info.permission.is_empty() && key == "updated_input"
            });
        }
    }
    (Value::Object(decision), outcome)
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

struct Output {
    code: Option<i32>,
    timed_out: bool,
    stdout: String,
    stderr: String,
}

/// Starts `command` as Cursor does: through the shell, in `cwd`, the payload on stdin;
/// kills it (and its children) past `timeout`.
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
    let mut process = Command::new(&shell[0]);
    process
        .args(&shell[1..])
        .arg(command)
        .current_dir(cwd)
        .envs(env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        // Its own process group, so a timeout ends the shell's children too.
        process.process_group(0);
    }
    let mut child = process
        .spawn()
        .map_err(|e| format!("cannot start `{command}`: {e}"))?;
    let mut stdin = child.stdin.take().expect("piped");
    let payload = payload.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&payload);
    });
    let mut stdout = child.stdout.take().expect("piped");
    let mut stderr = child.stderr.take().expect("piped");
    let out = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = stdout.read_to_end(&mut text);
        text
    });
    let err = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = stderr.read_to_end(&mut text);
        text
    });
    let deadline = Instant::now() + timeout;
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if Instant::now() >= deadline {
            timed_out = true;
            kill_group(&mut child);
            break child.wait().map_err(|e| e.to_string())?;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let _ = writer.join();
    let stdout = out.join().unwrap_or_default();
    let stderr = err.join().unwrap_or_default();
    Ok(Output {
        code: status.code(),
        timed_out,
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
    })
}

fn kill_group(child: &mut std::process::Child) {
    #[cfg(unix)]
    {
        // std has no killpg; `kill` is POSIX and always present where `sh` is.
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", child.id())])
            .stderr(Stdio::null())
            .status();
    }
    let _ = child.kill();
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
        let mut text = format!("{} → {effect}", self.rule);
        if !self.verified {
            text.push_str(" (unverified)");
        }
        text
    }

    fn to_json(&self) -> Value {
        json!({
            "source": self.source,
            "file": self.file,
            "path": self.pointer,
            "command": self.command,
            "millis": self.millis as u64,
            "exit_code": self.exit_code,
            "timed_out": self.timed_out,
            "stdout": self.stdout,
            "stderr": self.stderr,
            "read_as": self.rule,
            "effect": format!("{:?}", self.effect).to_lowercase(),
            "verified": self.verified,
            "message": self.message,
            "claude_format": self.claude_format.is_some(),
        })
    }
}

impl Simulation {
    fn to_json(&self) -> Value {
        json!({
            "event": self.event,
            "decision": self.decision,
            "outcome": self.outcome,
            "hooks": self.hooks.iter().map(HookRun::to_json).collect::<Vec<_>>(),
            "unverified": self.unverified,
        })
    }

    fn to_text(&self) -> String {
        let mut text = format!(
            "{}: {} hook(s) ran\ndecision: {}\noutcome: {}\n",
            self.event,
            self.hooks.len(),
            Value::Object(self.decision.as_object().cloned().unwrap_or_default()),
            self.outcome
        );
        for run in &self.hooks {
            text.push_str(&format!(
                "- [{}] {}#{}\n  command: {}\n  {} ms, exit {}{}: {}\n",
                run.source,
                run.file.display(),
                run.pointer,
                run.command,
                run.millis,
                run.exit_code
                    .map(|c| c.to_string())
                    .unwrap_or_else(|| "none".to_owned()),
                if run.timed_out { ", timed out" } else { "" },
                run.reading()
            ));
            if !run.stdout.trim().is_empty() {
                text.push_str(&format!("  stdout: {}\n", run.stdout.trim_end()));
            }
            if !run.stderr.trim().is_empty() {
                text.push_str(&format!("  stderr: {}\n", run.stderr.trim_end()));
            }
            if let Some(message) = &run.message {
                text.push_str(&format!("  message: {message}\n"));
            }
        }
        for note in &self.unverified {
            text.push_str(&format!("unverified: {note}\n"));
        }
        text
    }
}

fn session_run(simulator: &Simulator<'_>, path: &Path, args: &Args) -> Result<i32, String> {
    let captured = crate::replay::read(path)?;
    let mut decided = std::collections::BTreeMap::<String, usize>::new();
    // The `env` sessionStart hooks answered, by session, for the session's later hooks.
    let mut session_env = std::collections::BTreeMap::<String, Vec<(String, String)>>::new();
    for capture in &captured {
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
        if args.json {
            let mut line = result.to_json();
            line["line"] = json!(capture.line);
            println!("{line}");
        } else {
            println!(
                "line {} {}: {} ({} hook(s)) {}",
                capture.line,
                result.event,
                result.decision,
                result.hooks.len(),
                result.outcome
            );
        }
    }
    if !args.json {
        let summary: Vec<String> = decided.iter().map(|(o, n)| format!("{n} {o}")).collect();
        println!("{} payload(s): {}", captured.len(), summary.join("; "));
    }
    Ok(0)
}
