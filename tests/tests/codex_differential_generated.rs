//! The generated Codex differential: configurations made by the seeded grammar of
//! `cursor_hooks_tests::codex::generate` run once through the real Codex CLI (offline, against
//! the mock Responses API, in a network namespace with only loopback, as `codex_live.rs` runs
//! it) and once through `cursor-hooks simulate --host codex` on the payloads Codex sent,
//! compared on which hooks ran, which finished (not killed at their timeout), whether the shell
//! call ran, whether the prompt reached the model, how often the turn went on after a Stop, what
//! the model was told and what `codex exec --json` printed.
//!
//! Cases: every case of `tests/codex/differential-cases.jsonl`, the seeds
//! `1..=CODEX_DIFFERENTIAL_CASES` (default [`FIXED_SEEDS`]), then `CODEX_DIFFERENTIAL_RANDOM`
//! (default none) fresh seeds drawn from `CODEX_DIFFERENTIAL_SEED` (default: the clock;
//! printed); the other variables are `cursor_hooks_tests::differential`'s. A disagreement is
//! shrunk and printed with its smallest configuration as a line for the JSONL file.
#![cfg(target_os = "linux")]

mod common;

use common::claude_cli::cli_binary;
use cursor_hooks_spec::codex_trust::{hook_key, trusted_hash, CommandHook};
use cursor_hooks_tests::claude_code::runner::shell_quote;
use cursor_hooks_tests::codex::generate::{self, Case, Hook, HookTrust, Layer, COMMAND};
use cursor_hooks_tests::codex::mock::{MockResponses, Reply};
use cursor_hooks_tests::codex::runner::{self, in_isolated_network, Session, Trust};
use cursor_hooks_tests::differential::{self, Batch, Observation};
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

const RECORDER: &str = env!("CARGO_BIN_EXE_claude-recorder");

/// Generated seeds run on every `cargo test` (`CODEX_DIFFERENTIAL_CASES` overrides).
const FIXED_SEEDS: u64 = 20;
/// At most this many runs are spent shrinking one disagreement.
const SHRINK_RUNS: usize = 16;
const PROMPT: &str = "Make the marker file.";

fn batch() -> Batch {
    Batch {
        prefix: "CODEX_DIFFERENTIAL",
        kept: Path::new(env!("CARGO_MANIFEST_DIR")).join("codex/differential-cases.jsonl"),
        fixed_seeds: FIXED_SEEDS,
        random_cases: 0,
        shrink_runs: SHRINK_RUNS,
        host: "Codex",
    }
}

/// What one side says happened.
#[derive(Debug, Default, PartialEq, Clone)]
struct Observed {
    /// The hooks of the case that ran (`h<index>`).
    ran: BTreeSet<String>,
    /// Those that ran to their end (not killed at their timeout).
    finished: BTreeSet<String>,
    /// Whether the shell call ran, when PreToolUse fired.
    tool: Option<bool>,
    /// Whether the prompt reached the model.
    prompt: bool,
    /// How often the turn went on after a Stop.
    continues: usize,
    /// The markers the model was told.
    told: BTreeSet<String>,
    /// The markers `codex exec --json` printed: none, ever (`observed_rules`
    /// `exec-prints-no-hook-text`), so simulate's `user_sees` (the TUI's) is not compared; a
    /// marker here is a new rule.
    printed: BTreeSet<String>,
}

impl Observation for Observed {
    fn cell(&self) -> String {
        let list = cursor_hooks_tests::differential::listed;
        let mut text = format!("ran {}; finished {}", list(&self.ran), list(&self.finished));
        if let Some(tool) = self.tool {
            text.push_str(if tool { "; tool ran" } else { "; tool not run" });
        }
        let _ = write!(
            text,
            "; prompt {}; continued {}×; told {}; printed {}",
            if self.prompt { "sent" } else { "blocked" },
            self.continues,
            list(&self.told),
            list(&self.printed)
        );
        text
    }
}

/// Writes hook `index`'s script: it records its payload, waits, marks that it finished and
/// answers; on a Stop whose turn already went on once (`stop_hook_active`) it only records, as
/// a Stop hook must (Codex has no cap). Returns its `command`.
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
    let text = format!(
        "#!/bin/sh\npayload=$(cat)\nprintf '%s\\n' \"$payload\" | tr '\\n' ' ' >> {record}\necho >> {record}\n\
         case \"$payload\" in *'\"stop_hook_active\":true'*) touch {finished}; exit 0;; esac\n\
         {delay}touch {finished}\ncat {stdout}\ncat {stderr} >&2\nexit {exit}\n",
        record = quoted("record"),
        finished = quoted("finished"),
        stdout = quoted("stdout"),
        stderr = quoted("stderr"),
        exit = hook.answer.exit,
    );
    let script = file("sh");
    std::fs::write(&script, text).expect("the hook script");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    shell_quote(&script.to_string_lossy())
}

/// The `config.toml` lines of `hook` (its `[hooks.state]` entry by its trust state), whose
/// group is `group` in `file`.
fn trust_lines(file: &Path, hook: &Hook, group: usize, command: &str) -> String {
    let mut identity = CommandHook::new(hook.event, command);
    identity.matcher = hook.matcher.as_deref();
    identity.timeout = hook.timeout;
    let key = hook_key(&file.to_string_lossy(), hook.event, group, 0).expect("a Codex event");
    let hash = trusted_hash(&identity).expect("a Codex event");
    let other = format!("sha256:{}", "0".repeat(64));
    let body = match hook.trust {
        HookTrust::Trusted => format!("trusted_hash = {}\n", json!(hash)),
        HookTrust::Untrusted => return String::new(),
        HookTrust::Modified => format!("trusted_hash = {}\n", json!(other)),
        HookTrust::Disabled => format!("enabled = false\ntrusted_hash = {}\n", json!(hash)),
    };
    format!("\n[hooks.state.{}]\n{body}", json!(key))
}

/// `simulate --host codex --json --session` on the payloads: one result a payload.
fn simulate(cli: &Path, session: &Session, payloads: &[Value]) -> Vec<Value> {
    let file = session.root().join("simulated.jsonl");
    let places = (session.project.as_path(), session.home.as_path());
    differential::simulate_session(cli, "codex", places, &file, payloads, "CODEX_HOME")
}

/// Runs one case both ways.
fn differential(cli: &Path, case: &Case) -> (Observed, Observed) {
    let mut session = Session::new(&format!("generated-{}", case.seed), Path::new(RECORDER));
    session.trust = Trust::None;
    let root = session.root().to_path_buf();
    let git = Command::new("git")
        .args(["init", "-q"])
        .current_dir(&session.project)
        .status()
        .expect("git starts");
    assert!(git.success(), "git init");
    // The recorders on every event are trusted: they hear each payload.
    for (key, hash) in Session::trust_entries(&session.hooks_path(), session.hooks()) {
        session.seed(&key, &hash);
    }
    let project_file = session.project.join(".codex/hooks.json");
    let mut project_hooks = serde_json::Map::new();
    let mut config = String::new();
    for hook in &case.hooks {
        let command = write_script(&root, hook);
        let mut handler = json!({ "type": "command", "command": command });
        if let Some(timeout) = hook.timeout {
            handler["timeout"] = json!(timeout);
        }
        let (file, group) = match hook.layer {
            Layer::User => {
                let group = session.add_group(hook.event, hook.matcher.as_deref(), vec![handler]);
                (session.hooks_path(), group)
            }
            Layer::Project => {
                let mut group = json!({ "hooks": [handler] });
                if let Some(matcher) = &hook.matcher {
                    group["matcher"] = json!(matcher);
                }
                let groups = project_hooks
                    .entry(hook.event.to_owned())
                    .or_insert_with(|| json!([]));
                let groups = groups.as_array_mut().expect("a list");
                groups.push(group);
                (project_file.clone(), groups.len() - 1)
            }
        };
        config.push_str(&trust_lines(&file, hook, group, &command));
    }
    if !project_hooks.is_empty() {
        std::fs::create_dir_all(project_file.parent().expect(".codex")).expect(".codex");
        let text = json!({ "hooks": project_hooks }).to_string();
        std::fs::write(&project_file, text).expect("the project's hooks.json");
    }
    if case.project_trusted {
        let project = json!(session.project.to_string_lossy());
        config.push_str(&format!(
            "\n[projects.{project}]\ntrust_level = \"trusted\"\n"
        ));
    }
    session.extra_config = config;
    let api = MockResponses::start(vec![Reply::shell(COMMAND)]).expect("the mock starts");
    let output = session.run(&api.base_url(), PROMPT, &[]);
    let sent = session.payloads();
    if std::env::var_os("CODEX_DIFFERENTIAL_VERBOSE").is_some() {
        println!(
            "seed {}: codex's output:\n{}\n{}\nthe model was told:\n{}\npayloads:\n{}",
            case.seed,
            output.stdout,
            output.stderr,
            api.input_items()
                .iter()
                .map(Value::to_string)
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

    // The real Codex.
    let mut real = Observed::default();
    for hook in &case.hooks {
        let record = root.join(format!("h{}.record", hook.index));
        if std::fs::read_to_string(record).is_ok_and(|t| !t.trim().is_empty()) {
            real.ran.insert(name(hook));
        }
        if root.join(format!("h{}.finished", hook.index)).exists() {
            real.finished.insert(name(hook));
        }
    }
    let reached_tool = sent.iter().any(|p| p["hook_event_name"] == "PreToolUse");
    if reached_tool {
        real.tool = Some(session.project.join("created-by-tool").exists());
    }
    let turns = api.response_bodies();
    real.prompt = turns.iter().any(|body| body["tools"].is_array());
    let stops = sent.iter().filter(|p| p["hook_event_name"] == "Stop");
    real.continues = stops.count().saturating_sub(1);
    let told: Vec<String> = api.input_items().iter().map(Value::to_string).collect();
    real.told = found(&|m| told.iter().any(|item| item.contains(m)));
    real.printed = found(&|m| output.stdout.contains(m));

    // simulate, once on each payload Codex sent for the case's events.
    let events: BTreeSet<&str> = case.hooks.iter().map(|hook| hook.event).collect();
    let mut payloads: Vec<Value> = Vec::new();
    for payload in &sent {
        let event = payload["hook_event_name"].as_str().unwrap_or_default();
        if events.contains(event) && !payloads.contains(payload) {
            payloads.push(payload.clone());
        }
    }
    let results = if payloads.is_empty() {
        Vec::new()
    } else {
        simulate(cli, &session, &payloads)
    };
    let mut simulated = Observed::default();
    for result in &results {
        for entry in result["hooks"].as_array().into_iter().flatten() {
            let Some(hook) = case.hooks.iter().find(|hook| {
                let script = format!("/h{}.sh", hook.index);
                entry["command"]
                    .as_str()
                    .is_some_and(|c| c.contains(&script))
            }) else {
                continue;
            };
            if entry["status"] == "ran" {
                simulated.ran.insert(name(hook));
                if entry["timed_out"] == false {
                    simulated.finished.insert(name(hook));
                }
            }
        }
    }
    let of = |event: &'static str| results.iter().filter(move |r| r["event"] == event);
    let stops_prompt = |r: &Value| r["blocked"] == true || r["stopped"] == true;
    // A SessionStart `continue: false` ends the session before the prompt (host.json
    // `observed_rules`, `session-start-stop-ends-session`).
    simulated.prompt = !of("UserPromptSubmit").any(stops_prompt)
        && !of("SessionStart").any(|r| r["stopped"] == true);
    if reached_tool {
        simulated.tool = Some(!of("PreToolUse").any(stops_prompt));
    }
    simulated.continues = of("Stop")
        .filter(|r| r["blocked"] == true && r["stopped"] == false)
        .count();
    let texts = |key: &'static str| {
        results
            .iter()
            .flat_map(move |r| r[key].as_array().into_iter().flatten())
            .filter_map(Value::as_str)
            .collect::<Vec<_>>()
    };
    if simulated.prompt {
        let model = texts("model_sees");
        simulated.told = found(&|m| model.iter().any(|t| t.contains(m)));
    }
    (real, simulated)
}

#[test]
fn simulate_agrees_with_the_real_codex_on_generated_cases() {
    runner::prepare();
    let cli = cli_binary();
    let summary = Path::new(env!("CARGO_TARGET_TMPDIR")).join("codex-differential-generated.txt");
    batch().test(
        "simulate_agrees_with_the_real_codex_on_generated_cases",
        in_isolated_network,
        &summary,
        Case::from_json,
        generate::generate,
        &|case: &Case| differential(&cli, case),
    );
}
