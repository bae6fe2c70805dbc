//! The generated Copilot differential: configurations made by the seeded grammar of
//! `cursor_hooks_tests::copilot::generate` run once through the real GitHub Copilot CLI
//! (`copilot -p`, offline, against the Messages API mock, in a network namespace with only
//! loopback, as `copilot_live.rs` runs it) and once through `cursor-hooks simulate --host
//! copilot` on the payloads Copilot sent, compared on which hooks ran, which finished (not
//! killed at their timeout), whether the shell call ran and with which arguments, whether the
//! prompt reached the model, how often the agent went on after an agentStop and what the model
//! was told.
//!
//! A recorder (a script on every event in `~/.copilot/hooks/00-recorder.json`, the first file
//! Copilot runs) writes each payload as a session line `{"event", "payload"}`, the form
//! `simulate --host copilot --session` reads (Copilot's payloads name no event).
//!
//! Cases: every case of `tests/copilot/differential-cases.jsonl`, the seeds
//! `1..=COPILOT_DIFFERENTIAL_CASES` (default [`FIXED_SEEDS`]), then `COPILOT_DIFFERENTIAL_RANDOM`
//! (default none) fresh seeds drawn from `COPILOT_DIFFERENTIAL_SEED` (default: the clock;
//! printed); the other variables are `cursor_hooks_tests::differential`'s. A disagreement is
//! shrunk and printed with its smallest configuration as a line for the JSONL file.
#![cfg(target_os = "linux")]

mod common;

use common::claude_cli::cli_binary;
use cursor_hooks_tests::claude_code::mock::{MockApi, Reply};
use cursor_hooks_tests::claude_code::runner::{read_jsonl, shell_quote, Session};
use cursor_hooks_tests::copilot::generate::{
    self, extra_file, modified_command, Case, Hook, COMMAND, EXTRA,
};
use cursor_hooks_tests::copilot::runner::{self, in_isolated_network};
use cursor_hooks_tests::differential::{self, Batch, Observation};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

const RECORDER: &str = env!("CARGO_BIN_EXE_claude-recorder");

/// Generated seeds run on every `cargo test` (`COPILOT_DIFFERENTIAL_CASES` overrides).
const FIXED_SEEDS: u64 = 20;
/// At most this many runs are spent shrinking one disagreement.
const SHRINK_RUNS: usize = 12;
const PROMPT: &str = "Make the marker file.";
/// The events the recorder hears.
const RECORDED: [&str; 5] = [
    "sessionStart",
    "userPromptSubmitted",
    "preToolUse",
    "postToolUse",
    "agentStop",
];

fn batch() -> Batch {
    Batch {
        prefix: "COPILOT_DIFFERENTIAL",
        kept: Path::new(env!("CARGO_MANIFEST_DIR")).join("copilot/differential-cases.jsonl"),
        fixed_seeds: FIXED_SEEDS,
        random_cases: 0,
        shrink_runs: SHRINK_RUNS,
        host: "Copilot",
    }
}

/// What one side says happened.
#[derive(Debug, Default, PartialEq, Clone)]
struct Observed {
    /// The hooks of the case that ran (`h<index>`), and how often (an entry Copilot skips
    /// beside one it runs shows in the count).
    ran: BTreeMap<String, usize>,
    /// Those that ran to their end (not killed at their timeout).
    finished: BTreeSet<String>,
    /// What the shell call wrote, when preToolUse fired: `created-by-tool` (as the model asked),
    /// `modified-by-h<i>` (a hook's `modifiedArgs`), or nothing (denied).
    tool: Option<BTreeSet<String>>,
    /// Whether the prompt reached the model.
    prompt: bool,
    /// How often the agent went on after an agentStop.
    continues: usize,
    /// The markers the model was told.
    told: BTreeSet<String>,
}

impl Observation for Observed {
    fn cell(&self) -> String {
        let list = differential::listed;
        let ran: BTreeSet<String> = self
            .ran
            .iter()
            .map(|(hook, &times)| match times {
                1 => hook.clone(),
                n => format!("{hook}×{n}"),
            })
            .collect();
        let mut text = format!("ran {}; finished {}", list(&ran), list(&self.finished));
        if let Some(tool) = &self.tool {
            let _ = write!(text, "; tool wrote {}", list(tool));
        }
        let _ = write!(
            text,
            "; prompt {}; continued {}×; told {}",
            if self.prompt { "sent" } else { "blocked" },
            self.continues,
            list(&self.told),
        );
        text
    }
}

fn executable(path: &Path, text: &str) {
    std::fs::write(path, text).expect("a script");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
}

/// Writes hook `index`'s script: it records its payload, waits, marks that it finished and
/// answers; on an agentStop whose agent already went on (`stop_hook_active`) it only records,
/// unless it answers every time. Returns its `bash` command.
fn write_script(root: &Path, hook: &Hook) -> String {
    let name = format!("h{}", hook.index);
    let file = |suffix: &str| root.join(format!("{name}.{suffix}"));
    std::fs::write(file("stdout"), &hook.answer.stdout).expect("stdout file");
    std::fs::write(file("stderr"), &hook.answer.stderr).expect("stderr file");
    let quoted = |suffix: &str| shell_quote(&file(suffix).to_string_lossy());
    let delay = match hook.answer.delay_ms {
        0 => String::new(),
        ms => format!("sleep {}.{:03}\n", ms / 1000, ms % 1000),
    };
    let once = if hook.event == "agentStop" && !hook.always {
        format!(
            "case \"$payload\" in *'\"stop_hook_active\":true'*|*'\"stop_hook_active\": true'*) touch {}; exit 0;; esac\n",
            quoted("finished")
        )
    } else {
        String::new()
    };
    let text = format!(
        "#!/bin/sh\npayload=$(cat)\nprintf '%s\\n' \"$payload\" | tr '\\n' ' ' >> {record}\necho >> {record}\n\
         {once}{delay}touch {finished}\ncat {stdout}\ncat {stderr} >&2\nexit {exit}\n",
        record = quoted("record"),
        finished = quoted("finished"),
        stdout = quoted("stdout"),
        stderr = quoted("stderr"),
        exit = hook.answer.exit,
    );
    let script = file("sh");
    executable(&script, &text);
    shell_quote(&script.to_string_lossy())
}

/// Writes the recorder, a script appending `{"event": NAME, "payload": ...}` to
/// `events.jsonl`; returns the user file's hooks with it first on every event of [`RECORDED`]
/// (first in the file Copilot runs first: the order of several files in one folder is not
/// settled, and a deny ends preToolUse's run).
fn write_recorder(session: &Session) -> (std::path::PathBuf, serde_json::Map<String, Value>) {
    let log = session.root().join("events.jsonl");
    let script = session.root().join("recorder.sh");
    executable(
        &script,
        &format!(
            "#!/bin/sh\npayload=$(cat | tr '\\n' ' ')\nprintf '{{\"event\":\"%s\",\"payload\":%s}}\\n' \"$1\" \"$payload\" >> {}\n",
            shell_quote(&log.to_string_lossy())
        ),
    );
    let mut hooks = serde_json::Map::new();
    for event in RECORDED {
        let command = format!("{} {event}", shell_quote(&script.to_string_lossy()));
        hooks.insert(
            event.to_owned(),
            json!([{ "type": "command", "bash": command }]),
        );
    }
    (log, hooks)
}

/// Runs one case both ways.
fn differential(cli: &Path, case: &Case) -> (Observed, Observed) {
    let session = Session::new(
        &format!("copilot-generated-{}", case.seed),
        Path::new(RECORDER),
    );
    // Copilot runs Claude Code's file too: it holds the case's Claude hooks alone.
    std::fs::remove_file(session.settings_path()).expect("the recorder's settings");
    let root = session.root().to_path_buf();
    let (log, recorder) = write_recorder(&session);
    std::fs::create_dir_all(session.home.join(".copilot")).expect("~/.copilot");
    // `copilot -p --trust-folder` trusts the folder; simulate reads the same trust from
    // `config.json`.
    let config = json!({ "trusted_folders": [session.project.to_string_lossy()] });
    std::fs::write(
        session.home.join(".copilot/config.json"),
        config.to_string(),
    )
    .expect("config.json");
    let mut files = [recorder, serde_json::Map::new()];
    // Claude Code's settings, in its format: one group per hook, in the case's order.
    let mut claude = serde_json::Map::new();
    for hook in case.hooks.iter().filter(|hook| hook.claude) {
        let mut handler = json!({ "type": "command", "command": write_script(&root, hook) });
        if let Some(timeout) = hook.timeout {
            handler["timeout"] = json!(timeout);
        }
        let mut group = json!({ "hooks": [handler] });
        if let Some(matcher) = &hook.matcher {
            group["matcher"] = json!(matcher);
        }
        let groups = claude
            .entry(generate::claude_event(hook.event).to_owned())
            .or_insert_with(|| json!([]));
        groups.as_array_mut().expect("a list").push(group);
    }
    if !claude.is_empty() {
        let text = json!({ "hooks": claude }).to_string();
        std::fs::write(session.settings_path(), text).expect(".claude/settings.json");
    }
    for hook in case.hooks.iter().filter(|hook| !hook.claude) {
        let mut entry = json!({ "type": "command", "bash": write_script(&root, hook) });
        if let Some(matcher) = &hook.matcher {
            entry["matcher"] = json!(matcher);
        }
        if let Some(timeout) = hook.timeout {
            entry["timeoutSec"] = json!(timeout);
        }
        let entries = files[usize::from(hook.project)]
            .entry(hook.event.to_owned())
            .or_insert_with(|| json!([]));
        entries.as_array_mut().expect("a list").push(entry);
    }
    for (hooks, dir) in files.iter().zip([
        session.home.join(".copilot/hooks"),
        session.project.join(".github/hooks"),
    ]) {
        if !hooks.is_empty() {
            std::fs::create_dir_all(&dir).expect("the hooks folder");
            let text = json!({ "version": 1, "hooks": hooks }).to_string();
            std::fs::write(dir.join("case.json"), text).expect("a hooks file");
        }
    }
    let mut hooks: Vec<Hook> = case.hooks.clone();
    if let Some(kind) = case.extra {
        // Its hook adds context to the prompt: it runs, or Copilot refused the file.
        let mut answer = cursor_hooks_tests::differential::Answer {
            delay_ms: 0,
            stdout: String::new(),
            stderr: String::new(),
            exit: 0,
            json: json!({ "additionalContext": format!("Zq{EXTRA}C") })
                .as_object()
                .cloned(),
            form: "json",
        };
        answer.render(EXTRA);
        let hook = Hook {
            index: EXTRA,
            project: true,
            claude: false,
            event: "userPromptSubmitted",
            matcher: None,
            timeout: None,
            always: false,
            answer,
        };
        let command = write_script(&root, &hook);
        let dir = session.project.join(".github/hooks");
        std::fs::create_dir_all(&dir).expect("the hooks folder");
        std::fs::write(dir.join("extra.json"), extra_file(kind, &command)).expect("extra.json");
        hooks.push(hook);
    }
    let api = MockApi::start(vec![Reply::copilot_bash(COMMAND)]).expect("the mock starts");
    let output = runner::run(&session, &api.base_url(), PROMPT);
    let sent = read_jsonl(&log);
    let bodies = api.message_bodies();
    if std::env::var_os("COPILOT_DIFFERENTIAL_VERBOSE").is_some() {
        println!(
            "seed {}: copilot's output:\n{}\n{}\nconfig.json after:\n{}\nthe model was sent:\n{}\npayloads:\n{}",
            case.seed,
            output.stdout,
            output.stderr,
            std::fs::read_to_string(session.home.join(".copilot/config.json")).unwrap_or_default(),
            bodies
                .iter()
                .map(|b| b["messages"].to_string())
                .collect::<Vec<_>>()
                .join("\n"),
            sent.iter()
                .map(Value::to_string)
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
    let markers = case.markers();
    let found = |text: &dyn Fn(&str) -> bool| -> BTreeSet<String> {
        markers.iter().filter(|m| text(m)).cloned().collect()
    };
    let name = |hook: &Hook| format!("h{}", hook.index);
    let written = || -> BTreeSet<String> {
        let names = std::iter::once("created-by-tool".to_owned()).chain(
            case.hooks
                .iter()
                .map(|h| format!("modified-by-h{}", h.index)),
        );
        names
            .filter(|file| session.project.join(file).exists())
            .collect()
    };

    // The real Copilot.
    let mut real = Observed::default();
    for hook in &hooks {
        let record = root.join(format!("h{}.record", hook.index));
        let text = std::fs::read_to_string(record).unwrap_or_default();
        let runs = text.lines().filter(|line| !line.trim().is_empty()).count();
        if runs > 0 {
            real.ran.insert(name(hook), runs);
        }
        if root.join(format!("h{}.finished", hook.index)).exists() {
            real.finished.insert(name(hook));
        }
    }
    let of_event = |event: &'static str| sent.iter().filter(move |line| line["event"] == event);
    let reached_tool = of_event("preToolUse").next().is_some();
    if reached_tool {
        real.tool = Some(written());
    }
    real.prompt = !bodies.is_empty();
    real.continues = of_event("agentStop").count().saturating_sub(1);
    let told: Vec<String> = bodies.iter().map(|b| b["messages"].to_string()).collect();
    real.told = found(&|m| told.iter().any(|text| text.contains(m)));

    // simulate, on each payload Copilot sent for the case's events, in order.
    // userPromptSubmitted always: an agentStop block's reason reaches the model through it.
    let mut events: BTreeSet<&str> = hooks.iter().map(|hook| hook.event).collect();
    events.insert("userPromptSubmitted");
    let payloads: Vec<Value> = sent
        .iter()
        .filter(|line| events.contains(line["event"].as_str().unwrap_or_default()))
        .cloned()
        .collect();
    let results = if payloads.is_empty() {
        Vec::new()
    } else {
        let file = root.join("simulated.jsonl");
        let places = (session.project.as_path(), session.home.as_path());
        differential::simulate_session(cli, "copilot", places, &file, &payloads, "COPILOT_HOME")
    };
    let mut simulated = Observed::default();
    for result in &results {
        for entry in result["hooks"].as_array().into_iter().flatten() {
            let Some(hook) = hooks.iter().find(|hook| {
                let script = format!("/h{}.sh", hook.index);
                entry["command"]
                    .as_str()
                    .is_some_and(|c| c.contains(&script))
            }) else {
                continue;
            };
            if entry["status"] == "ran" {
                *simulated.ran.entry(name(hook)).or_default() += 1;
                if entry["finished"] == true {
                    simulated.finished.insert(name(hook));
                }
            }
        }
    }
    let of = |event: &'static str| results.iter().filter(move |r| r["event"] == event);
    simulated.prompt = of("userPromptSubmitted")
        .next()
        .is_none_or(|first| first["blocked"] == false);
    if reached_tool {
        let pre = of("preToolUse").next_back();
        let tool = match pre {
            Some(r) if r["blocked"] == true => BTreeSet::new(),
            Some(r) if r["updated_input"].is_object() => {
                let command = r["updated_input"]["command"].as_str().unwrap_or_default();
                let by = case
                    .hooks
                    .iter()
                    .find(|h| modified_command(h.index) == command);
                by.map(|h| format!("modified-by-h{}", h.index))
                    .into_iter()
                    .collect()
            }
            _ => ["created-by-tool".to_owned()].into_iter().collect(),
        };
        simulated.tool = Some(tool);
    }
    simulated.continues = of("agentStop").filter(|r| r["continues"] == true).count();
    if simulated.prompt {
        let model: Vec<&str> = results
            .iter()
            .flat_map(|r| r["model_sees"].as_array().into_iter().flatten())
            .filter_map(Value::as_str)
            .collect();
        simulated.told = found(&|m| model.iter().any(|t| t.contains(m)));
    }
    (real, simulated)
}

#[test]
fn simulate_agrees_with_the_real_copilot_on_generated_cases() {
    runner::prepare();
    let cli = cli_binary();
    let summary = Path::new(env!("CARGO_TARGET_TMPDIR")).join("copilot-differential-generated.txt");
    batch().test(
        "simulate_agrees_with_the_real_copilot_on_generated_cases",
        in_isolated_network,
        &summary,
        Case::from_json,
        generate::generate,
        &|case: &Case| differential(&cli, case),
    );
}
