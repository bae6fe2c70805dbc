//! Every payload the real Claude Code wrote to its hooks in the live runs
//! (`tests/corpus/claude-code-<VERSION>/*.jsonl`, recorded by `tests/claude-code/record`), piped
//! into the example hook that handles its event and into `policy`, and the answers checked
//! against `spec/claude-code/events.json`: exit 0, one JSON object on stdout with only the keys
//! the event reads, only `cursor-hooks: ` lines on stderr, no panic or bad-payload report. Where
//! a guard decides, the decision is the expected one, read from the payload by this file's own
//! rules (not the examples' functions), and each kind of decision happens at least once.
//!
//! The corpus is test data in this repository; a missing or empty corpus fails the tests.

use cursor_hooks::testing::Binary;
use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const SHELL_GUARD: &str = env!("CARGO_BIN_EXE_shell-guard");
const SECRETS_GUARD: &str = env!("CARGO_BIN_EXE_secrets-guard");
const PROMPT_GUARD: &str = env!("CARGO_BIN_EXE_prompt-guard");
const VERIFY_ON_STOP: &str = env!("CARGO_BIN_EXE_verify-on-stop");
const AUDIT_LOG: &str = env!("CARGO_BIN_EXE_audit-log");
const POLICY: &str = env!("CARGO_BIN_EXE_policy");

/// The Claude Code events `audit-log` has handlers for.
const AUDITED: [&str; 12] = [
    "SessionStart",
    "SessionEnd",
    "InstructionsLoaded",
    "PostToolUse",
    "PostToolUseFailure",
    "PostToolBatch",
    "Notification",
    "SubagentStart",
    "SubagentStop",
    "PreCompact",
    "PostCompact",
    "StopFailure",
];

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the examples crate sits in the workspace")
        .to_path_buf()
}

/// `tests/corpus/claude-code-<version of tests/claude-code/VERSION>`.
fn corpus_dir() -> PathBuf {
    let root = workspace_root();
    let version = std::fs::read_to_string(root.join("tests/claude-code/VERSION"))
        .expect("tests/claude-code/VERSION");
    root.join("tests/corpus")
        .join(format!("claude-code-{}", version.trim()))
}

/// One recorded payload: where it is, its text and its event.
struct Recorded {
    at: String,
    text: String,
    json: Value,
}

impl Recorded {
    fn event(&self) -> &str {
        self.json["hook_event_name"].as_str().unwrap_or_default()
    }
}

fn corpus() -> Vec<Recorded> {
    let dir = corpus_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| {
            panic!(
                "the Claude Code corpus {} is unreadable: {e}",
                dir.display()
            )
        })
        .map(|entry| entry.expect("a corpus entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "jsonl"))
        .collect();
    files.sort();
    let mut payloads = Vec::new();
    for file in files {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&file).expect("a corpus file");
        for (index, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let json: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{name} line {} is not JSON: {e}", index + 1));
            payloads.push(Recorded {
                at: format!("{name}:{}", index + 1),
                text: line.to_owned(),
                json,
            });
        }
    }
    assert!(
        payloads.len() >= 20,
        "the Claude Code corpus in {} has only {} payloads",
        dir.display(),
        payloads.len()
    );
    payloads
}

/// The example that handles a payload in these tests.
fn binary_for(payload: &Recorded) -> &'static str {
    match (payload.event(), payload.json["tool_name"].as_str()) {
        ("PreToolUse", Some("Bash")) => SHELL_GUARD,
        ("PreToolUse", Some("Read")) => SECRETS_GUARD,
        ("UserPromptSubmit", _) => PROMPT_GUARD,
        ("Stop", _) => VERIFY_ON_STOP,
        (event, _) if AUDITED.contains(&event) => AUDIT_LOG,
        _ => POLICY,
    }
}

/// What a guard must answer, by this file's own reading of the payload; `None` where no guard
/// decides (no opinion expected).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Expected {
    /// `permissionDecision: "deny"`: `rm -rf` in Bash, a `.env` file in Read.
    Deny,
    /// `permissionDecision: "ask"`: `git push --force` in Bash.
    Ask,
    /// `decision: "block"`: an AWS key id in a prompt, the first Stop.
    Block,
    /// `{}`.
    NoOpinion,
}

fn expected(payload: &Recorded) -> Expected {
    let json = &payload.json;
    let tool = json["tool_name"].as_str().unwrap_or_default();
    match payload.event() {
        "PreToolUse" if tool == "Bash" => {
            let command = json["tool_input"]["command"].as_str().unwrap_or_default();
            if command.contains("rm -rf") || command.contains("rm -fr") {
                Expected::Deny
            } else if command.contains("git push --force") || command.contains("git push -f") {
                Expected::Ask
            } else {
                Expected::NoOpinion
            }
        }
        "PreToolUse" if tool == "Read" => {
            let path = json["tool_input"]["file_path"].as_str().unwrap_or_default();
            let name = path.rsplit('/').next().unwrap_or_default();
            let secret = name == ".env"
                || name.starts_with(".env.")
                || name.ends_with(".pem")
                || name.ends_with(".key");
            if secret {
                Expected::Deny
            } else {
                Expected::NoOpinion
            }
        }
        "UserPromptSubmit" => {
            let prompt = json["prompt"].as_str().unwrap_or_default();
            let key = prompt
                .split(|c: char| !c.is_ascii_alphanumeric())
                .any(|word| {
                    word.len() == 20
                        && word.starts_with("AKIA")
                        && word
                            .chars()
                            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
                });
            if key {
                Expected::Block
            } else {
                Expected::NoOpinion
            }
        }
        "Stop" if json["stop_hook_active"] == false => Expected::Block,
        _ => Expected::NoOpinion,
    }
}

/// What `spec/claude-code/events.json` says an event's answer may hold.
struct Accepts {
    /// Top-level keys: the universal ones, and `decision` and `reason` where the event reads a
    /// decision.
    top: BTreeSet<String>,
    /// The event's `decision` values.
    decisions: Vec<String>,
    /// Keys inside `hookSpecificOutput` besides `hookEventName`.
    specific: BTreeSet<String>,
}

fn spec() -> BTreeMap<String, Accepts> {
    let path = workspace_root().join("spec/claude-code/events.json");
    let text = std::fs::read_to_string(&path).expect("spec/claude-code/events.json");
    let spec: Value = serde_json::from_str(&text).expect("the Claude Code spec is JSON");
    let wires = |list: &Value| -> BTreeSet<String> {
        let list = list.as_array().into_iter().flatten();
        list.map(|field| field["wire"].as_str().expect("a wire name").to_owned())
            .collect()
    };
    let universal = wires(&spec["universal_response"]);
    let events = spec["events"].as_array().expect("the spec's events");
    events
        .iter()
        .map(|event| {
            let response = &event["response"];
            let decisions: Vec<String> = response["decision"]["values"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|value| value.as_str().expect("a decision").to_owned())
                .collect();
            let mut top = universal.clone();
            if !decisions.is_empty() {
                top.extend(["decision".to_owned(), "reason".to_owned()]);
            }
            let specific = wires(&response["hook_specific"]);
            if !specific.is_empty() {
                top.insert("hookSpecificOutput".to_owned());
            }
            let name = event["name"].as_str().expect("an event name").to_owned();
            (
                name,
                Accepts {
                    top,
                    decisions,
                    specific,
                },
            )
        })
        .collect()
}

/// One hook run on one payload.
struct Answer {
    stdout: String,
    stderr: Vec<String>,
    code: i32,
}

fn answer(binary: &str, payload: &Recorded, audit_log: &Path) -> Answer {
    let rendered = Binary::new(binary)
        .env_remove("CLAUDE_PROJECT_DIR")
        .env_remove("CURSOR_PROJECT_DIR")
        .env("CURSOR_HOOKS_AUDIT_LOG", audit_log)
        .run(payload.text.as_bytes());
    Answer {
        stdout: rendered.stdout,
        stderr: rendered.stderr,
        code: rendered.exit_code,
    }
}

/// The problems with one answer; `Ok` holds the answer's JSON object.
fn check(
    answer: &Answer,
    event: &str,
    accepts: &Accepts,
) -> Result<Map<String, Value>, Vec<String>> {
    let mut problems = Vec::new();
    if answer.code != 0 {
        problems.push(format!(
            "exit code {}; stderr {:?}",
            answer.code, answer.stderr
        ));
    }
    for line in &answer.stderr {
        if line.contains("panicked") || line.contains("bad payload") {
            problems.push(format!("stderr reports a failure: {line}"));
        } else if !line.starts_with("cursor-hooks: ") {
            problems.push(format!("stderr line without the prefix: {line}"));
        }
    }
    let object = match serde_json::from_str::<Value>(&answer.stdout) {
        Ok(Value::Object(object)) => object,
        _ => {
            problems.push(format!(
                "stdout is not one JSON object: {:?}",
                answer.stdout
            ));
            return Err(problems);
        }
    };
    for key in object.keys() {
        if !accepts.top.contains(key) {
            problems.push(format!("`{key}` is not read on {event}: {}", answer.stdout));
        }
    }
    if let Some(decision) = object.get("decision") {
        if !decision
            .as_str()
            .is_some_and(|d| accepts.decisions.iter().any(|known| known == d))
        {
            problems.push(format!(
                "decision {decision} is not one of {:?}",
                accepts.decisions
            ));
        }
    }
    if let Some(specific) = object.get("hookSpecificOutput") {
        if specific["hookEventName"] != event {
            problems.push(format!(
                "hookSpecificOutput names another event: {specific}"
            ));
        }
        let keys = specific.as_object().into_iter().flat_map(Map::keys);
        for key in keys.filter(|key| *key != "hookEventName") {
            if !accepts.specific.contains(key) {
                problems.push(format!("hookSpecificOutput.{key} is not read on {event}"));
            }
        }
    }
    if problems.is_empty() {
        Ok(object)
    } else {
        Err(problems)
    }
}

/// The decision an answer holds.
fn decision_of(object: &Map<String, Value>) -> Expected {
    let permission = object
        .get("hookSpecificOutput")
        .and_then(|specific| specific["permissionDecision"].as_str());
    match (permission, object.get("decision").and_then(Value::as_str)) {
        (Some("deny"), _) => Expected::Deny,
        (Some("ask"), _) => Expected::Ask,
        (_, Some("block")) => Expected::Block,
        _ if object.is_empty() => Expected::NoOpinion,
        _ => panic!("an answer this test does not know: {object:?}"),
    }
}

fn report(problems: &[String], what: &str) {
    if !problems.is_empty() {
        let shown: Vec<&str> = problems.iter().take(20).map(String::as_str).collect();
        panic!("{} {what}:\n{}", problems.len(), shown.join("\n"));
    }
}

fn binary_name(binary: &str) -> &str {
    Path::new(binary)
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or(binary)
}

/// Runs every payload through `pick`'s binary; checks every answer and every guard's decision;
/// returns how often each decision was seen.
fn answer_the_corpus(
    pick: impl Fn(&Recorded) -> &'static str,
    scratch: &str,
) -> BTreeMap<Expected, usize> {
    let dir = std::env::temp_dir().join(format!("{scratch}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch dir");
    let audit_log = dir.join("audit.jsonl");
    let spec = spec();
    let (mut problems, mut seen) = (Vec::new(), BTreeMap::new());
    for payload in corpus() {
        let binary = pick(&payload);
        let at = format!(
            "{} ({} via {})",
            payload.at,
            payload.event(),
            binary_name(binary)
        );
        let Some(accepts) = spec.get(payload.event()) else {
            problems.push(format!("{at}: the event is not in the spec"));
            continue;
        };
        let answer = answer(binary, &payload, &audit_log);
        match check(&answer, payload.event(), accepts) {
            Ok(object) => {
                let (got, want) = (decision_of(&object), expected(&payload));
                if got != want {
                    problems.push(format!(
                        "{at}: answered {got:?}, expected {want:?}: {}",
                        answer.stdout
                    ));
                }
                *seen.entry(got).or_default() += 1;
            }
            Err(found) => problems.extend(found.into_iter().map(|p| format!("{at}: {p}"))),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    report(
        &problems,
        "problems with the answers to the Claude Code corpus",
    );
    seen
}

#[test]
fn every_recorded_claude_payload_is_answered_by_its_example() {
    let seen = answer_the_corpus(binary_for, "claude-corpus-examples");
    println!("decisions over the Claude Code corpus: {seen:?}");
    // The corpus holds each case a guard decides, so no decision above is checked vacuously.
    for decision in [Expected::Deny, Expected::Block, Expected::NoOpinion] {
        assert!(
            seen.get(&decision).is_some_and(|n| *n > 0),
            "no {decision:?} in the corpus: {seen:?}"
        );
    }
    // Deny on both guarded tools, the first Stop and the prompt with a key all recorded.
    let corpus = corpus();
    for (what, case) in [
        ("a Bash rm -rf", "PreToolUse Bash"),
        ("a Read of a .env file", "PreToolUse Read"),
        ("a prompt with an AWS key id", "UserPromptSubmit"),
        ("a first Stop", "Stop"),
    ] {
        let found = corpus.iter().any(|payload| {
            let tool = payload.json["tool_name"].as_str().unwrap_or_default();
            let name = if tool.is_empty() {
                payload.event().to_owned()
            } else {
                format!("{} {tool}", payload.event())
            };
            name == case && expected(payload) != Expected::NoOpinion
        });
        assert!(
            found,
            "no recorded payload is {what}: re-record the corpus (tests/claude-code/record)"
        );
    }
}

#[test]
fn policy_answers_every_recorded_claude_payload_as_the_single_guards_do() {
    answer_the_corpus(|_| POLICY, "claude-corpus-policy");
}

#[test]
fn audit_log_writes_one_line_per_recorded_payload_of_its_events() {
    let dir = std::env::temp_dir().join(format!("claude-corpus-audit-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch dir");
    let audit_log = dir.join("audit.jsonl");
    let mut sent: Vec<String> = Vec::new();
    for payload in corpus().iter().filter(|p| AUDITED.contains(&p.event())) {
        let answer = answer(AUDIT_LOG, payload, &audit_log);
        assert_eq!(
            (answer.code, answer.stdout.as_str()),
            (0, "{}\n"),
            "{}",
            payload.at
        );
        sent.push(payload.event().to_owned());
    }
    let log = std::fs::read_to_string(&audit_log).unwrap_or_default();
    let logged: Vec<String> = log
        .lines()
        .map(|line| {
            let record: Value = serde_json::from_str(line).expect("an audit line is JSON");
            assert_eq!(record["host"], "claude-code", "{line}");
            record["event"].as_str().expect("an event").to_owned()
        })
        .collect();
    assert!(
        !sent.is_empty(),
        "no payload of an audited event in the corpus"
    );
    assert_eq!(logged, sent, "one line per payload, in order");
    let _ = std::fs::remove_dir_all(&dir);
}
