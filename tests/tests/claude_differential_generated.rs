//! The generated differential: configurations made by the seeded grammar of
//! `cursor_hooks_tests::claude_code::generate` run once through the real Claude Code (offline,
//! against the mock Messages API, in a network namespace with only loopback, as
//! `claude_live.rs` runs it) and once through `cursor-hooks simulate --host claude-code` on the
//! payloads Claude Code sent, compared on which hooks ran, which command the tool ran, whether
//! the prompt reached the model, how often the agent went on after a Stop, whether it went on
//! after the tool call, what the model was told and what the user was shown (the `-p` result:
//! a blocked prompt's reason).
//!
//! Cases: every case of `tests/claude-code/differential-cases.jsonl` (each disagreement the
//! generator ever found, shrunk), the seeds `1..=CLAUDE_DIFFERENTIAL_CASES` (default
//! [`FIXED_SEEDS`]), then `CLAUDE_DIFFERENTIAL_RANDOM` (default [`RANDOM_CASES`]) fresh seeds
//! drawn from `CLAUDE_DIFFERENTIAL_SEED` (default: the clock; printed). A disagreement is
//! shrunk (hooks, handler keys, answer keys dropped while it still disagrees) and printed with
//! its seed and its smallest configuration as a line for the JSONL file.
//! `CLAUDE_DIFFERENTIAL_ONLY=FILE` runs the cases of that JSONL file only;
//! `CLAUDE_DIFFERENTIAL_KEPT=0` leaves the kept cases out (a search run).
#![cfg(target_os = "linux")]

mod common;

use common::claude_cli::cli_binary;
use cursor_hooks_tests::claude_code::generate::{
    self, Case, Scenario, Source, COMMANDS, PROJECT_PLACEHOLDER, READ_FILES, SKILL_COMMAND,
    SKILL_NAME, SUBAGENT_PROMPT,
};
use cursor_hooks_tests::claude_code::mock::{MockApi, Reply};
use cursor_hooks_tests::claude_code::runner::{self, in_isolated_network, shell_quote, Session};
use cursor_hooks_tests::differential::{Batch, Observation};
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

const RECORDER: &str = env!("CARGO_BIN_EXE_claude-recorder");

/// Generated seeds run on every `cargo test` (`CLAUDE_DIFFERENTIAL_CASES` overrides).
const FIXED_SEEDS: u64 = 20;
/// Fresh random cases run by default (`CLAUDE_DIFFERENTIAL_RANDOM` sets how many): none, so a
/// local `cargo test` is the same every time; `.ci/run` adds a random batch (its seed printed),
/// a search whose every finding becomes a kept case.
const RANDOM_CASES: u64 = 0;
/// At most this many runs are spent shrinking one disagreement.
const SHRINK_RUNS: usize = 24;

const PROMPT: &str = "Make the marker file.";
/// What the subagent answers (the mock's script for its requests).
const SUBAGENT_WORDS: &str = "The subtask is done.";
/// The observed "tool" of an Agent case whose subagent ran.
const SUBAGENT_RAN: &str = "subagent";
const FINAL_WORDS: &str = "Here is my answer.";

/// What one side says happened.
#[derive(Debug, Default, PartialEq, Clone)]
struct Observed {
    /// The hooks of the case that ran (`h<index>`).
    ran: BTreeSet<String>,
    /// For a Bash case: the word the command that ran wrote, `None` when no command ran.
    tool: Option<Option<String>>,
    /// Whether the prompt reached the model.
    prompt: bool,
    /// How often the agent went on after a Stop.
    continues: usize,
    /// For a Bash case that reached the tool call: whether the agent made another request.
    went_on: Option<bool>,
    /// The markers the model was told.
    told: BTreeSet<String>,
    /// The markers the user was shown (the `-p` result).
    user: BTreeSet<String>,
}

impl Observation for Observed {
    fn cell(&self) -> String {
        let list = cursor_hooks_tests::differential::listed;
        let mut text = format!("ran {}", list(&self.ran));
        if let Some(tool) = &self.tool {
            let _ = write!(text, "; tool {}", tool.as_deref().unwrap_or("not run"));
        }
        let _ = write!(
            text,
            "; prompt {}; continued {}×",
            if self.prompt { "sent" } else { "blocked" },
            self.continues
        );
        if let Some(on) = self.went_on {
            text.push_str(if on { "; went on" } else { "; ended" });
        }
        let _ = write!(
            text,
            "; told {}; user shown {}",
            list(&self.told),
            list(&self.user)
        );
        text
    }
}

/// Writes hook `index`'s script: it keeps a copy of its stdin, waits, answers. Returns its
/// `command` as the hook's form writes it ([`generate::COMMAND_FORMS`]): the quoted path for a
/// shell, the bare path beside `args` (no shell), or a path through `$CLAUDE_PROJECT_DIR`,
/// `${CLAUDE_PLUGIN_ROOT}` or relative to the project (a copy of the script is in the project's
/// `.claude/hooks/` and the case plugin's `scripts/`).
fn write_script(session: &Session, hook: &generate::Hook) -> String {
    let root = session.root();
    let name = format!("h{}", hook.index);
    let stdout = root.join(format!("{name}.stdout"));
    let stderr = root.join(format!("{name}.stderr"));
    std::fs::write(&stdout, with_project(session, &hook.answer.stdout)).expect("stdout file");
    std::fs::write(&stderr, &hook.answer.stderr).expect("stderr file");
    let record = root.join(format!("recorded-{name}.jsonl"));
    let delay = if hook.answer.delay_ms > 0 {
        format!(
            "sleep {}.{:03}\n",
            hook.answer.delay_ms / 1000,
            hook.answer.delay_ms % 1000
        )
    } else {
        String::new()
    };
    let text = format!(
        "#!/bin/sh\npayload=$(cat)\nprintf '%s\\n' \"$payload\" | tr '\\n' ' ' >> {record}\necho >> {record}\n{delay}cat {stdout}\ncat {stderr} >&2\nexit {exit}\n",
        record = shell_quote(&record.to_string_lossy()),
        stdout = shell_quote(&stdout.to_string_lossy()),
        stderr = shell_quote(&stderr.to_string_lossy()),
        exit = hook.answer.exit,
    );
    let script = root.join(format!("{name}.sh"));
    let copies = [
        session.project.join(".claude/hooks"),
        case_plugin(session).join("scripts"),
    ];
    use std::os::unix::fs::PermissionsExt;
    for folder in copies.iter().map(PathBuf::as_path).chain([root]) {
        std::fs::create_dir_all(folder).expect("the script's folder");
        let path = folder.join(format!("{name}.sh"));
        std::fs::write(&path, &text).expect("the hook script");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    let file = format!("{name}.sh");
    match hook.form {
        "project-var" => format!("$CLAUDE_PROJECT_DIR/.claude/hooks/{file}"),
        "project-var-braced" => format!("${{CLAUDE_PROJECT_DIR}}/.claude/hooks/{file}"),
        "project-var-quoted" => format!("\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/{file}"),
        "relative" => format!(".claude/hooks/{file}"),
        "dot-relative" => format!("./.claude/hooks/{file}"),
        "plugin-root" => format!("${{CLAUDE_PLUGIN_ROOT}}/scripts/{file}"),
        "plugin-root-bare" => format!("$CLAUDE_PLUGIN_ROOT/scripts/{file}"),
        _ if hook.keys.contains_key("args") => script.to_string_lossy().into_owned(),
        _ => shell_quote(&script.to_string_lossy()),
    }
}

fn settings_path(session: &Session, source: Source) -> PathBuf {
    match source {
        Source::User => session.home.join(".claude/settings.json"),
        Source::Project => session.project.join(".claude/settings.json"),
        Source::Local => session.project.join(".claude/settings.local.json"),
        Source::Cli => session.root().join("cli-settings.json"),
        Source::Plugin => case_plugin(session).join("hooks/hooks.json"),
    }
}

/// The folder of the plugin holding the case's [`Source::Plugin`] hooks.
fn case_plugin(session: &Session) -> PathBuf {
    session.root().join("case-plugin")
}

/// The arguments giving Claude Code (and `simulate`) the case's `--settings` file and plugin,
/// when it has hooks there.
fn source_arguments(session: &Session, case: &Case) -> Vec<String> {
    let mut arguments = Vec::new();
    if case.has_cli_settings() {
        arguments.push("--settings".to_owned());
        arguments.push(settings_path(session, Source::Cli).display().to_string());
    }
    if case.has_plugin() {
        arguments.push("--plugin-dir".to_owned());
        arguments.push(case_plugin(session).display().to_string());
    }
    arguments
}

/// `simulate --host claude-code --json` on the payloads (`--session` when more than one must
/// count as one session: the Stop block cap).
fn simulate(
    cli: &Path,
    session: &Session,
    sources: &[String],
    payloads: &[Value],
    as_session: bool,
) -> Vec<Value> {
    let file = session.root().join("simulated.jsonl");
    let lines: Vec<String> = payloads.iter().map(Value::to_string).collect();
    std::fs::write(&file, lines.join("\n")).expect("the payload file");
    let mut command = Command::new(cli);
    command
        .args(["simulate", "--host", "claude-code", "--json", "--project"])
        .arg(&session.project)
        .args(sources);
    if as_session {
        command.arg("--session").arg(&file);
    } else {
        command.arg(&file);
    }
    let output = command
        .env("HOME", &session.home)
        .env(
            "CURSOR_HOOKS_CLAUDE_MANAGED_FILE",
            session.root().join("no-managed-settings.json"),
        )
        .env_remove("CLAUDE_CODE_STOP_HOOK_BLOCK_CAP")
        .output()
        .expect("simulate starts");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "simulate failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    if as_session {
        stdout
            .lines()
            .map(|line| serde_json::from_str::<Value>(line).expect("a JSON line"))
            .filter(|result| result.get("summary").is_none())
            .collect()
    } else {
        vec![serde_json::from_str(&stdout)
            .unwrap_or_else(|e| panic!("simulate's JSON ({e}):\n{stdout}"))]
    }
}

/// `simulate --host claude-code --json --event EVENT` with `--set` fields: the event's own
/// payload, for a run whose hooks were all off (the recorder heard nothing to replay).
fn simulate_event(
    cli: &Path,
    session: &Session,
    sources: &[String],
    event: &str,
    sets: &[String],
) -> Value {
    let mut command = Command::new(cli);
    command
        .args(["simulate", "--host", "claude-code", "--json", "--project"])
        .arg(&session.project)
        .args(sources)
        .args(["--event", event]);
    for set in sets {
        command.arg("--set").arg(set);
    }
    let output = command
        .env("HOME", &session.home)
        .env(
            "CURSOR_HOOKS_CLAUDE_MANAGED_FILE",
            session.root().join("no-managed-settings.json"),
        )
        .output()
        .expect("simulate starts");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "simulate --event {event} failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("simulate's JSON ({e}):\n{stdout}"))
}

/// The word a call's input makes: a Bash command's (see [`word_of`]), the file a Read reads
/// (`notes.txt` holds `notesfile`, `other<hook>.txt` `otherfile<hook>`), the text a Write
/// writes.
fn word_of_input(case: &Case, input: &Value) -> Option<String> {
    if let Some(command) = input.get("command").and_then(Value::as_str) {
        return word_of(case, command);
    }
    match &case.scenario {
        Scenario::Read => {
            let path = input.get("file_path").and_then(Value::as_str)?;
            let name = Path::new(path).file_name()?.to_string_lossy().into_owned();
            if name == READ_FILES.0 {
                return Some(READ_FILES.1.to_owned());
            }
            let hook = name.strip_prefix("other")?.strip_suffix(".txt")?;
            Some(format!("otherfile{hook}"))
        }
        Scenario::Write(_) => input
            .get("content")
            .and_then(Value::as_str)
            .map(|text| text.trim().to_owned()),
        _ => Some(format!("no command in {input}")),
    }
}

/// The word of a command, as it writes it to `created-by-tool` (the Agent call's: that the
/// subagent ran).
fn word_of(case: &Case, command: &str) -> Option<String> {
    if command == SUBAGENT_RAN {
        return Some(SUBAGENT_RAN.to_owned());
    }
    if let Some((_, word)) = COMMANDS.iter().find(|(c, _)| *c == command) {
        return Some((*word).to_owned());
    }
    case.hooks
        .iter()
        .map(|hook| generate::rewrite_command(hook.index))
        .find(|(c, _)| c == command)
        .map(|(_, word)| word)
        .or_else(|| Some(format!("unknown command {command}")))
}

/// The project slash command of [`Scenario::Skill`]: its `!` line runs [`SKILL_COMMAND`] as
/// it loads.
fn write_skill(session: &Session) {
    let commands = session.project.join(".claude/commands");
    std::fs::create_dir_all(&commands).expect(".claude/commands");
    std::fs::write(
        commands.join(format!("{SKILL_NAME}.md")),
        format!(
            "---\ndescription: The generated case's command\nallowed-tools: Bash(echo:*)\n---\n\
             Output: !`{}`\n",
            SKILL_COMMAND.0
        ),
    )
    .expect("the slash command");
}

/// `text` with [`PROJECT_PLACEHOLDER`] as the case's project path, known only when it runs: an
/// answer's `updatedInput`, an `if` rule naming the absolute path (`Read(/@PROJECT@/notes.txt)`).
fn with_project(session: &Session, text: &str) -> String {
    text.replace(PROJECT_PLACEHOLDER, &session.project.display().to_string())
}

/// Runs one case both ways.
fn differential(cli: &Path, case: &Case) -> (Observed, Observed) {
    let session =
        Session::with_plugin_recorder(&format!("generated-{}", case.seed), Path::new(RECORDER));
    let root = session.root().to_path_buf();
    let commands: Vec<String> = case
        .hooks
        .iter()
        .map(|hook| write_script(&session, hook))
        .collect();
    let command_of = |hook: &generate::Hook| {
        commands[case.hooks.iter().position(|h| h == hook).expect("its hook")].clone()
    };
    if case.has_plugin() {
        let manifest = case_plugin(&session).join(".claude-plugin");
        std::fs::create_dir_all(&manifest).expect("the plugin's manifest folder");
        let mut document = json!({"name": "case-plugin", "version": "1.0.0"});
        if let Some(hooks) = case.manifest_hooks(command_of) {
            document["hooks"] = hooks;
        }
        let text = with_project(&session, &document.to_string());
        std::fs::write(manifest.join("plugin.json"), text).expect("plugin.json");
    }
    for (source, document) in case.settings(command_of) {
        let path = settings_path(&session, source);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("settings folder");
        let text = serde_json::to_string_pretty(&document).expect("JSON");
        std::fs::write(&path, with_project(&session, &text)).expect("settings");
    }
    if case.scenario == Scenario::Skill {
        write_skill(&session);
    }
    // The instructions InstructionsLoaded fires on.
    if case.hooks.iter().any(|h| h.event == "InstructionsLoaded") {
        std::fs::write(session.project.join("CLAUDE.md"), "Answer briefly.\n").expect("CLAUDE.md");
    }
    // The files a Read call reads: its own, and each rewrite's.
    std::fs::write(
        session.project.join(READ_FILES.0),
        format!("{}\n", READ_FILES.1),
    )
    .expect("the file to read");
    for hook in &case.hooks {
        let other = session.project.join(format!("other{}.txt", hook.index));
        std::fs::write(other, format!("otherfile{}\n", hook.index)).expect("another file");
    }
    let target = session
        .project
        .join("created-by-tool")
        .display()
        .to_string();
    let reply = match &case.scenario {
        Scenario::Bash(command) | Scenario::Unallowed(command) => Reply::bash(command),
        Scenario::Text | Scenario::Skill => Reply::Text(FINAL_WORDS.to_owned()),
        Scenario::Agent => Reply::agent(SUBAGENT_PROMPT),
        Scenario::Read => Reply::read(&session.project.join(READ_FILES.0).display().to_string()),
        Scenario::Write(word) => Reply::ToolUse {
            name: "Write".to_owned(),
            input: json!({"file_path": target, "content": format!("{word}\n")}),
        },
    };
    let subagent = (
        SUBAGENT_PROMPT.to_owned(),
        vec![Reply::Text(SUBAGENT_WORDS.to_owned())],
    );
    let api = MockApi::start_with_subagent(vec![reply], Some(subagent)).expect("the mock starts");
    let plugin = session.recorder_plugin().to_string_lossy().into_owned();
    let sources = source_arguments(&session, case);
    let mut more = vec!["--plugin-dir", plugin.as_str()];
    more.extend(sources.iter().map(String::as_str));
    match case.scenario {
        Scenario::Unallowed(_) => more.extend(["--allowedTools", "Read"]),
        Scenario::Write(_) => more.extend(["--allowedTools", "Bash,Read,Write"]),
        _ => {}
    }
    let prompt = match case.scenario {
        Scenario::Skill => format!("/{SKILL_NAME}"),
        _ => PROMPT.to_owned(),
    };
    let output = session.run_with(&api.base_url(), &prompt, &more);
    let bodies: Vec<String> = api.message_bodies().iter().map(Value::to_string).collect();
    // The subagent's requests: its first message is the prompt the Agent call gave it.
    let of_subagent = |body: &Value| body["messages"][0].to_string().contains(SUBAGENT_PROMPT);
    let main_requests = api
        .message_bodies()
        .iter()
        .filter(|b| !of_subagent(b))
        .count();
    let subagent_ran = api.message_bodies().iter().any(of_subagent);
    let mut sent = session.payloads();
    // A run an interrupt aborts can kill the recorder plugin's hook before it writes: an
    // event the recorder missed is taken from the case's own hooks, which heard it too.
    for hook in &case.hooks {
        let record = root.join(format!("recorded-h{}.jsonl", hook.index));
        let text = std::fs::read_to_string(record).unwrap_or_default();
        let heard = text
            .lines()
            .filter_map(|line| serde_json::from_str::<Value>(line).ok());
        for payload in heard {
            if !sent
                .iter()
                .any(|p| p["hook_event_name"] == payload["hook_event_name"])
            {
                sent.push(payload);
            }
        }
    }
    if std::env::var_os("CLAUDE_DIFFERENTIAL_VERBOSE").is_some() {
        println!(
            "seed {}: claude's output:\n{}\n{}\nrequests:\n{}\npayloads:\n{}",
            case.seed,
            output.stdout,
            output.stderr,
            bodies.join("\n"),
            sent.iter()
                .map(Value::to_string)
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
    // A background hook (`async: true`) answers when it ends: whether it ran before the run
    // ended and whom its words reached are races, so neither is compared; that it decides
    // nothing is.
    let background: BTreeSet<usize> = case
        .hooks
        .iter()
        .filter(|h| h.keys.get("async") == Some(&Value::Bool(true)))
        .map(|h| h.index)
        .collect();
    let markers: Vec<String> = case
        .hooks
        .iter()
        .filter(|h| !background.contains(&h.index))
        .flat_map(|h| {
            ['R', 'C', 'E', 'T', 'S', 'P', 'D', 'O'].map(|kind| format!("Zq{}{kind}", h.index))
        })
        .collect();
    let found = |text: &dyn Fn(&str) -> bool| -> BTreeSet<String> {
        markers.iter().filter(|m| text(m)).cloned().collect()
    };
    // A hook with a copy is named with how often it ran on one event (identical handlers
    // run once).
    let name_of = |hook: &generate::Hook, times: usize| {
        if hook.copy.is_some() && times > 1 {
            format!("h{}x{times}", hook.index)
        } else {
            format!("h{}", hook.index)
        }
    };

    // The real Claude Code.
    let recorded = session.payloads();
    let mut real = Observed::default();
    for hook in case.hooks.iter().filter(|h| !background.contains(&h.index)) {
        let record = root.join(format!("recorded-h{}.jsonl", hook.index));
        let text = std::fs::read_to_string(record).unwrap_or_default();
        let heard: Vec<Value> = text
            .lines()
            .filter_map(|line| serde_json::from_str(line).ok())
            .collect();
        // The most runs on one firing: copies of one handler hear the same payload, and so
        // does the recorder, once a firing (Stop's payloads repeat from firing to firing).
        let times = heard
            .iter()
            .map(|payload| {
                let runs = heard.iter().filter(|other| *other == payload).count();
                let firings = recorded.iter().filter(|other| *other == payload).count();
                runs.div_ceil(firings.max(1))
            })
            .max();
        if let Some(times) = times {
            real.ran.insert(name_of(hook, times));
        }
    }
    // No event reached the recorder plugin: hooks were off (`disableAllHooks`).
    let hooks_off = sent.is_empty();
    let reached_tool = sent.iter().any(|p| p["hook_event_name"] == "PreToolUse");
    match case.scenario {
        Scenario::Bash(_) | Scenario::Unallowed(_) | Scenario::Skill | Scenario::Write(_) => {
            let written = std::fs::read_to_string(session.project.join("created-by-tool")).ok();
            real.tool = Some(written.map(|w| w.trim().to_owned()));
        }
        Scenario::Read => {
            // The file's words reached the model (its tool result) or a PostToolUse hook.
            let texts: Vec<String> = bodies
                .iter()
                .cloned()
                .chain(sent.iter().map(Value::to_string))
                .collect();
            let seen = |word: &str| texts.iter().any(|t| t.contains(word));
            let rewritten = case
                .hooks
                .iter()
                .map(|h| format!("otherfile{}", h.index))
                .find(|word| seen(word));
            real.tool =
                Some(rewritten.or_else(|| seen(READ_FILES.1).then(|| READ_FILES.1.to_owned())));
        }
        Scenario::Agent => real.tool = Some(subagent_ran.then(|| SUBAGENT_RAN.to_owned())),
        Scenario::Text => {}
    }
    if real.tool.is_some() && reached_tool {
        real.went_on = Some(main_requests >= 2);
    }
    real.prompt = !bodies.is_empty();
    let stops: Vec<Value> = sent
        .iter()
        .filter(|p| p["hook_event_name"] == "Stop")
        .cloned()
        .collect();
    // A subagent's result comes back as a prompt of its own (another `prompt_id`), with its
    // own Stop: only a Stop after another of the same prompt is a continuation.
    let prompts: BTreeSet<String> = stops.iter().map(|p| p["prompt_id"].to_string()).collect();
    real.continues = stops.len().saturating_sub(prompts.len());
    real.told = found(&|m| bodies.iter().any(|b| b.contains(m)));
    let result = output.json["result"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    real.user = found(&|m| result.contains(m) || (!output.success && output.stdout.contains(m)));

    // simulate, once on each payload Claude Code sent for the case's events.
    let events: BTreeSet<&str> = case.hooks.iter().map(|hook| hook.event).collect();
    let mut payloads: Vec<Value> = Vec::new();
    for payload in &sent {
        let event = payload["hook_event_name"].as_str().unwrap_or_default();
        if events.contains(event) && !payloads.contains(payload) {
            payloads.push(payload.clone());
        }
    }
    let mut results: Vec<Value> = payloads
        .iter()
        .flat_map(|p| simulate(cli, &session, &sources, std::slice::from_ref(p), false))
        .collect();
    if hooks_off {
        // Nothing to replay: each event's own payload, of the scenario's tool.
        let tool = match &case.scenario {
            Scenario::Read => "Read",
            Scenario::Write(_) => "Write",
            Scenario::Agent => "Agent",
            _ => "Bash",
        };
        for event in &events {
            let sets: Vec<String> = if generate::is_tool_event(event) {
                vec![format!("tool_name={tool}")]
            } else {
                Vec::new()
            };
            results.push(simulate_event(cli, &session, &sources, event, &sets));
        }
    }
    let of =
        |event: &str| -> Vec<&Value> { results.iter().filter(|r| r["event"] == event).collect() };
    // A tool call's `continue: false` (PostToolBatch's too) ends the agent before its next
    // request: nothing any hook of that call said reaches Claude (host.json `observed_rules`,
    // `continue-false-tells-nobody`).
    let tool_events = [
        "PreToolUse",
        "PermissionRequest",
        "PostToolUse",
        "PostToolUseFailure",
        "PostToolBatch",
    ];
    let of_tool_call = |r: &Value| tool_events.iter().any(|e| r["event"] == *e);
    let mut call_stopped = results
        .iter()
        .any(|r| of_tool_call(r) && r["stopped"] == true);
    let mut simulated = Observed::default();
    for hook in case.hooks.iter().filter(|h| !background.contains(&h.index)) {
        let script = format!("/h{}.sh", hook.index);
        let times = results
            .iter()
            .map(|result| {
                let entries = result["hooks"].as_array().into_iter().flatten();
                entries
                    .filter(|entry| entry["status"] == "ran")
                    .filter(|entry| {
                        let command = entry["command"].as_str().unwrap_or_default();
                        command.contains(&script) || command.starts_with(&script[1..])
                    })
                    .count()
            })
            .max()
            .unwrap_or(0);
        if times > 0 {
            simulated.ran.insert(name_of(hook, times));
        }
    }
    // With hooks off and none run by simulate either, the call goes through untouched.
    let untouched = hooks_off && simulated.ran.is_empty();
    let prompt_results = of("UserPromptSubmit");
    // A blocked or stopped expansion of the slash command stops its prompt.
    let expansion_stopped = of("UserPromptExpansion")
        .iter()
        .any(|r| r["stopped"] == true || r["blocked"] == true);
    // A skill line's `continue: false` stops the prompt it loads for (host.json
    // `observed_rules`, `skill-stop-ends-prompt`).
    let skill_stopped = of("PreSkillShellCommand")
        .iter()
        .any(|r| r["stopped"] == true);
    simulated.prompt = !skill_stopped
        && !expansion_stopped
        && prompt_results
            .iter()
            .all(|r| r["blocked"] == false && r["stopped"] == false);
    // The word the call makes unless a hook rewrites it.
    let call = match &case.scenario {
        Scenario::Bash(command) | Scenario::Unallowed(command) => word_of(case, command),
        // The Agent call runs the subagent; the grammar rewrites no Agent input.
        Scenario::Agent => Some(SUBAGENT_RAN.to_owned()),
        Scenario::Read => Some(READ_FILES.1.to_owned()),
        Scenario::Write(word) => Some(word.clone()),
        Scenario::Text | Scenario::Skill => None,
    };
    if let Some(word) = call {
        let allowed = !matches!(case.scenario, Scenario::Unallowed(_));
        let pre = of("PreToolUse").pop();
        let pre_outcome = pre.map_or("", |r| r["outcome"].as_str().unwrap_or_default());
        let pre_stops = pre.is_some_and(|r| r["blocked"] == true)
            || pre_outcome.starts_with("asks")
            || pre_outcome.starts_with("deferred");
        let input_at = |result: &Value, pointer: &str| {
            result
                .pointer(pointer)
                .filter(|input| input.is_object())
                .map(|input| word_of_input(case, input))
        };
        let rewritten_by_pre =
            pre.and_then(|r| input_at(r, "/decision/hookSpecificOutput/updatedInput"));
        // A call Bash is not allowed for runs when a PreToolUse hook allows it, else when a
        // PermissionRequest hook does; print mode asks nobody else.
        let permitted = allowed || pre_outcome.starts_with("allowed");
        let request = of("PermissionRequest").pop();
        let granted = request.filter(|r| {
            r.pointer("/decision/hookSpecificOutput/decision/behavior")
                == Some(&Value::from("allow"))
        });
        let rewritten_by_request =
            granted.and_then(|r| input_at(r, "/decision/hookSpecificOutput/decision/updatedInput"));
        simulated.tool = Some(if untouched {
            Some(word).filter(|_| allowed)
        } else if !reached_tool || pre_stops {
            None
        } else if permitted {
            rewritten_by_pre.unwrap_or(Some(word))
        } else if granted.is_some() {
            rewritten_by_request
                .or(rewritten_by_pre)
                .unwrap_or(Some(word))
        } else {
            None
        });
        if reached_tool {
            // A stop that waits for the call ends nothing when the call is refused.
            let runs = permitted || granted.is_some();
            call_stopped = results.iter().any(|r| {
                of_tool_call(r)
                    && r["stopped"] == true
                    && (runs || r["stops_once_the_call_runs"] != true)
            });
            simulated.went_on = Some(!call_stopped);
        }
    }
    // The slash command's `!` line runs unless a PreSkillShellCommand hook refused it; a
    // blocked prompt (or expansion) never loads the command.
    if case.scenario == Scenario::Skill {
        let loaded = sent
            .iter()
            .any(|p| p["hook_event_name"] == "PreSkillShellCommand");
        let refused = of("PreSkillShellCommand")
            .pop()
            .is_some_and(|r| r["blocked"] == true);
        let runs = (loaded && !refused && !skill_stopped && !expansion_stopped) || untouched;
        simulated.tool = Some(runs.then(|| SKILL_COMMAND.1.to_owned()));
    }
    if events.contains("Stop") && !stops.is_empty() {
        let session_results = simulate(cli, &session, &sources, &stops, true);
        simulated.continues = session_results
            .iter()
            .filter(|r| r["blocked"] == true)
            .count();
    }
    // No request reached the model: nobody was told anything (a SessionStart context waits
    // for the prompt's request).
    if simulated.prompt {
        simulated.told = found(&|m| {
            results
                .iter()
                .filter(|r| !(call_stopped && of_tool_call(r)))
                .any(|result| {
                    let texts = result["model_sees"].as_array().into_iter().flatten();
                    texts.filter_map(Value::as_str).any(|t| t.contains(m))
                })
        });
    }
    // The `-p` result shows the user a stopped prompt's `stopReason`, else a blocked prompt's
    // reason; a `systemMessage`, a PostToolBatch block, hook errors and notices leave it empty
    // or the model's text (the transcript, which print mode does not show, has them).
    simulated.user = found(&|m| {
        results.iter().any(|result| {
            let shown = match (result["stopped"] == true, result["blocked"] == true) {
                (true, _) => &result["decision"]["stopReason"],
                (false, true) => &result["decision"]["reason"],
                (false, false) => &Value::Null,
            };
            let stops_prompt = result["event"] == "UserPromptSubmit"
                || result["event"] == "UserPromptExpansion"
                || result["event"] == "PreSkillShellCommand" && result["stopped"] == true;
            stops_prompt && shown.as_str().is_some_and(|t| t.contains(m))
        })
    });
    (real, simulated)
}

fn batch() -> Batch {
    Batch {
        prefix: "CLAUDE_DIFFERENTIAL",
        kept: Path::new(env!("CARGO_MANIFEST_DIR")).join("claude-code/differential-cases.jsonl"),
        fixed_seeds: FIXED_SEEDS,
        random_cases: RANDOM_CASES,
        shrink_runs: SHRINK_RUNS,
        host: "Claude Code",
    }
}

#[test]
fn simulate_agrees_with_the_real_claude_code_on_generated_cases() {
    runner::prepare();
    let cli = cli_binary();
    let summary = Path::new(env!("CARGO_TARGET_TMPDIR")).join("claude-differential-generated.txt");
    batch().test(
        "simulate_agrees_with_the_real_claude_code_on_generated_cases",
        in_isolated_network,
        &summary,
        Case::from_json,
        generate::generate,
        &|case: &Case| differential(&cli, case),
    );
}
