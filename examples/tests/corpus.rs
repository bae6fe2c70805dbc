//! Every payload of the recorded Cursor CLI 2026.09.28 corpus (`tests/corpus/`, 997 lines),
//! piped into the example hook that handles its event, and the answers checked against the
//! contract of `spec/cursor/events.json`: exit 0, exactly one JSON object on stdout with only the keys
//! the event accepts, a `permission` the event knows, and no panic or bad-payload report.
//!
//! The corpus is test data in this repository (`tests/corpus/README.md` says where it comes
//! from). A missing or unreadable corpus fails the tests; nothing is skipped.

use cursor_hooks::testing::Binary;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

const SHELL_GUARD: &str = env!("CARGO_BIN_EXE_shell-guard");
const SECRETS_GUARD: &str = env!("CARGO_BIN_EXE_secrets-guard");
const PROMPT_GUARD: &str = env!("CARGO_BIN_EXE_prompt-guard");
const VERIFY_ON_STOP: &str = env!("CARGO_BIN_EXE_verify-on-stop");
const AUDIT_LOG: &str = env!("CARGO_BIN_EXE_audit-log");
const POLICY: &str = env!("CARGO_BIN_EXE_policy");

/// Threads that start hook processes; each runs one process at a time.
/// `CURSOR_HOOKS_TEST_WORKERS` overrides it: `.ci/cross` sets 1, because Wine fails process
/// starts now and then ("Internal error", os error 1359) when several run at once.
fn workers() -> usize {
    std::env::var("CURSOR_HOOKS_TEST_WORKERS")
        .ok()
        .and_then(|n| n.parse().ok())
        .filter(|n| *n > 0)
        .unwrap_or(4)
}

/// Events whose payloads go to `audit-log`.
const AUDITED: [&str; 9] = [
    "sessionStart",
    "sessionEnd",
    "postToolUse",
    "postToolUseFailure",
    "afterShellExecution",
    "afterFileEdit",
    "afterAgentResponse",
    "afterAgentThought",
    "preCompact",
];

/// The example that handles an event in these tests.
fn binary_for(event: &str) -> &'static str {
    match event {
        "beforeShellExecution" | "preToolUse" => SHELL_GUARD,
        "beforeReadFile" => SECRETS_GUARD,
        "beforeSubmitPrompt" => PROMPT_GUARD,
        "stop" => VERIFY_ON_STOP,
        _ if AUDITED.contains(&event) => AUDIT_LOG,
        _ => POLICY,
    }
}

fn binary_name(binary: &str) -> &str {
    Path::new(binary)
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or(binary)
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the examples crate sits in the workspace")
        .to_path_buf()
}

// ---------------------------------------------------------------------------------------------
// What spec/cursor/events.json says each event accepts
// ---------------------------------------------------------------------------------------------

struct Accepts {
    /// Response keys for current payloads: `permission` (when the event has one) and each
    /// field's `wire` name.
    keys: BTreeSet<String>,
    /// Response keys for a 1.7-era payload: `continue`, `permission` and the `wire_1_7` names.
    keys_1_7: BTreeSet<String>,
    /// The event's `permission` values, if it takes one.
    permission: Option<Vec<String>>,
}

fn spec() -> BTreeMap<String, Accepts> {
    let path = workspace_root()
        .join("spec")
        .join("cursor")
        .join("events.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let spec: Value = serde_json::from_str(&text).expect("spec/cursor/events.json is JSON");
    let events = spec["events"].as_array().expect("spec has `events`");
    events
        .iter()
        .map(|event| {
            let name = event["name"].as_str().expect("an event name").to_owned();
            let response = &event["response"];
            let permission = response["permission"].as_array().map(|values| {
                values
                    .iter()
                    .map(|v| v.as_str().expect("a permission value").to_owned())
                    .collect::<Vec<_>>()
            });
            let fields = response["fields"].as_array().expect("response fields");
            let mut keys: BTreeSet<String> = fields
                .iter()
                .map(|f| f["wire"].as_str().expect("a wire name").to_owned())
                .collect();
            let mut keys_1_7: BTreeSet<String> = fields
                .iter()
                .filter_map(|f| f["wire_1_7"].as_str().map(str::to_owned))
                .collect();
            if permission.is_some() {
                keys.insert("permission".to_owned());
                keys_1_7.insert("permission".to_owned());
                keys_1_7.insert("continue".to_owned());
            }
            (
                name,
                Accepts {
                    keys,
                    keys_1_7,
                    permission,
                },
            )
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Running the corpus once for all tests of this file
// ---------------------------------------------------------------------------------------------

struct Outcome {
    /// 1-based line number in all.jsonl.
    line: usize,
    event: String,
    binary: &'static str,
    legacy: bool,
    stdout: String,
    stderr: String,
    code: Option<i32>,
}

struct CorpusRun {
    outcomes: Vec<Outcome>,
    /// The audit log's text after the run.
    audit_log: String,
    elapsed: Duration,
}

/// The corpus run, made by the first test that asks.
fn corpus_run() -> &'static CorpusRun {
    static RUN: OnceLock<CorpusRun> = OnceLock::new();
    RUN.get_or_init(run_corpus)
}

fn corpus_path() -> PathBuf {
    workspace_root()
        .join("tests")
        .join("corpus")
        .join("cursor-cli-2026.09.28")
        .join("all.jsonl")
}

fn run_corpus() -> CorpusRun {
    let path = corpus_path();
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| {
        panic!(
            "the payload corpus {} is unreadable ({error}); it is part of the repository: restore it with `git checkout -- tests/corpus`",
            path.display()
        )
    });
    let payloads: Vec<(usize, &str, String, bool)> = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(at, line)| {
            let value: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("all.jsonl line {} is not JSON: {e}", at + 1));
            let event = value["hook_event_name"]
                .as_str()
                .unwrap_or_else(|| panic!("all.jsonl line {} has no event", at + 1))
                .to_owned();
            let legacy = value.get("cursor_version").is_none() && value.get("model").is_none();
            (at + 1, line, event, legacy)
        })
        .collect();

    let scratch =
        std::env::temp_dir().join(format!("cursor-hooks-corpus-{}-audit", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).expect("scratch dir created");
    let audit_log = scratch.join("audit.jsonl");

    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let workers = workers();
    let mut outcomes: Vec<Outcome> = std::thread::scope(|scope| {
        let threads: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let at = next.fetch_add(1, Ordering::Relaxed);
                        let Some((line, payload, event, legacy)) = payloads.get(at) else {
                            break done;
                        };
                        let binary = binary_for(event);
                        let (stdout, stderr, code) = run(binary, &audit_log, payload.as_bytes());
                        done.push(Outcome {
                            line: *line,
                            event: event.clone(),
                            binary,
                            legacy: *legacy,
                            stdout,
                            stderr,
                            code,
                        });
                    }
                })
            })
            .collect();
        threads
            .into_iter()
            .flat_map(|worker| worker.join().expect("a worker thread panicked"))
            .collect()
    });
    let elapsed = started.elapsed();
    outcomes.sort_by_key(|outcome| outcome.line);

    let log = std::fs::read_to_string(&audit_log).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&scratch);
    eprintln!(
        "corpus: {} payloads through the example hooks in {:.2?} ({workers} workers, {:.2?} per payload)",
        outcomes.len(),
        elapsed,
        elapsed / outcomes.len().max(1) as u32
    );
    CorpusRun {
        outcomes,
        audit_log: log,
        elapsed,
    }
}

/// Runs one hook process; the audit log is always redirected to the scratch file, so nothing is
/// written under the payloads' `<RUN>` workspace roots.
fn run(binary: &str, audit_log: &Path, payload: &[u8]) -> (String, String, Option<i32>) {
    let answer = Binary::new(binary)
        .env_remove("CURSOR_PROJECT_DIR")
        .env("CURSOR_HOOKS_AUDIT_LOG", audit_log)
        .run(payload);
    let stderr = answer
        .stderr
        .iter()
        .map(|line| format!("{line}\n"))
        .collect();
    (answer.stdout, stderr, Some(answer.exit_code))
}

/// Panics with the first problems found, if any.
fn report(problems: &[String], what: &str) {
    if problems.is_empty() {
        return;
    }
    let shown: Vec<&str> = problems.iter().take(20).map(String::as_str).collect();
    panic!(
        "{} {what}; the first {}:\n{}",
        problems.len(),
        shown.len(),
        shown.join("\n")
    );
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

/// The problems with one answer, as messages.
fn check(outcome: &Outcome, spec: &BTreeMap<String, Accepts>) -> Vec<String> {
    let mut problems = Vec::new();
    let at = format!(
        "line {} ({} via {})",
        outcome.line,
        outcome.event,
        binary_name(outcome.binary)
    );
    if outcome.code != Some(0) {
        problems.push(format!(
            "{at}: exit code {:?}; stderr {:?}",
            outcome.code, outcome.stderr
        ));
    }
    for line in outcome.stderr.lines() {
        if line.contains("panicked") || line.contains("bad payload") {
            problems.push(format!("{at}: stderr reports a failure: {line}"));
        } else if !line.starts_with("cursor-hooks: ") {
            problems.push(format!("{at}: stderr line without the prefix: {line}"));
        }
    }
    let Some(accepts) = spec.get(&outcome.event) else {
        problems.push(format!("{at}: the event is not in spec/cursor/events.json"));
        return problems;
    };
    let answer = match serde_json::from_str::<Value>(&outcome.stdout) {
        Ok(Value::Object(answer)) => answer,
        Ok(other) => {
            problems.push(format!("{at}: stdout is not a JSON object: {other}"));
            return problems;
        }
        Err(error) => {
            problems.push(format!(
                "{at}: stdout is not one JSON object ({error}): {:?}",
                outcome.stdout
            ));
            return problems;
        }
    };
    let allowed = if outcome.legacy {
        &accepts.keys_1_7
    } else {
        &accepts.keys
    };
    for key in answer.keys() {
        if !allowed.contains(key) {
            problems.push(format!(
                "{at}: key `{key}` is not accepted by the event: {}",
                outcome.stdout
            ));
        }
    }
    if let Some(permission) = answer.get("permission") {
        let known = accepts.permission.as_deref().unwrap_or_default();
        if !permission
            .as_str()
            .is_some_and(|p| known.iter().any(|k| k == p))
        {
            problems.push(format!(
                "{at}: permission {permission} is not one of {known:?}"
            ));
        }
    }
    problems
}

#[test]
fn every_corpus_payload_gets_an_answer_the_spec_accepts() {
    let run = corpus_run();
    let spec = spec();
    assert!(!run.outcomes.is_empty(), "the corpus is empty");
    let problems: Vec<String> = run
        .outcomes
        .iter()
        .flat_map(|outcome| check(outcome, &spec))
        .collect();
    report(&problems, "problems with the answers to corpus payloads");
    let mut opinions: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for outcome in run.outcomes.iter().filter(|o| o.stdout != "{}\n") {
        *opinions
            .entry((outcome.event.as_str(), outcome.stdout.as_str()))
            .or_default() += 1;
    }
    println!(
        "{} corpus payloads answered in {:.2?}; answers other than {{}}:",
        run.outcomes.len(),
        run.elapsed
    );
    for ((event, stdout), count) in opinions {
        println!("  {count:>4} x {event}: {stdout}");
    }
}

#[test]
fn audit_log_writes_one_line_per_corpus_payload_sent_to_it() {
    let run = corpus_run();
    let mut sent: BTreeMap<&str, usize> = BTreeMap::new();
    for outcome in run.outcomes.iter().filter(|o| o.binary == AUDIT_LOG) {
        *sent.entry(outcome.event.as_str()).or_default() += 1;
    }
    let mut problems = Vec::new();
    let mut logged: BTreeMap<&str, usize> = BTreeMap::new();
    // A blank line is allowed, and skipped as every capture reader skips it: `append_line`
    // starts a record on a fresh line when it saw no line break at the file's end, and under
    // concurrent hooks it may see another hook's line half written (a write across a page).
    let records = || {
        run.audit_log
            .lines()
            .enumerate()
            .filter(|(_, line)| !line.trim_ascii().is_empty())
    };
    for (at, line) in records() {
        match serde_json::from_str::<Value>(line) {
            Ok(record) => match record["event"].as_str() {
                Some(event) => {
                    let event = AUDITED.iter().find(|e| **e == event).copied();
                    *logged
                        .entry(event.unwrap_or("(another event)"))
                        .or_default() += 1;
                }
                None => problems.push(format!("log line {}: no event: {line}", at + 1)),
            },
            Err(error) => {
                problems.push(format!("log line {} is not JSON ({error}): {line}", at + 1))
            }
        }
    }
    for event in sent.keys().chain(logged.keys()).collect::<BTreeSet<_>>() {
        let (s, l) = (
            sent.get(event).copied().unwrap_or(0),
            logged.get(event).copied().unwrap_or(0),
        );
        if s != l {
            let said = run
                .outcomes
                .iter()
                .find(|o| o.binary == AUDIT_LOG && o.event == **event && !o.stderr.is_empty())
                .map_or(String::new(), |o| {
                    format!("; audit-log said: {}", o.stderr.trim_end())
                });
            problems.push(format!(
                "{event}: {s} payloads sent to audit-log, {l} lines logged{said}"
            ));
        }
    }
    report(&problems, "problems with the audit log of the corpus run");
    assert_eq!(
        records().count(),
        sent.values().sum::<usize>(),
        "one line per payload"
    );
}
