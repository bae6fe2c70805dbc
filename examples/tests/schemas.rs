//! The JSON Schemas under `schemas/` (generated from `spec/` by `cargo run -p
//! cursor-hooks-codegen`, written by `cursor-hooks schema --out DIR`) against what the editors
//! really send and what the examples really answer, with the `jsonschema` crate:
//!
//! - every recorded payload of both editors (`tests/corpus/**`, `tests/fixtures/`, and the test
//!   kit's generated fixtures) validates against its event's input schema;
//! - every answer the example hooks give to the recorded corpora (and to `tests/fixtures/`, where
//!   the guards refuse) validates against its event's output schema;
//! - the configuration files the recordings ran with validate against the configuration schemas,
//!   and the schemas refuse what voids a file (a `//` in a native Cursor `hooks.json`).
//!
//! A missing corpus, schema or event fails the tests; nothing is skipped.

use cursor_hooks::testing::Binary;
use jsonschema::Validator;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

const SHELL_GUARD: &str = env!("CARGO_BIN_EXE_shell-guard");
const SECRETS_GUARD: &str = env!("CARGO_BIN_EXE_secrets-guard");
const PROMPT_GUARD: &str = env!("CARGO_BIN_EXE_prompt-guard");
const VERIFY_ON_STOP: &str = env!("CARGO_BIN_EXE_verify-on-stop");
const AUDIT_LOG: &str = env!("CARGO_BIN_EXE_audit-log");
const POLICY: &str = env!("CARGO_BIN_EXE_policy");

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the examples crate sits in the workspace")
        .to_path_buf()
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{} is unreadable: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()))
}

/// A validator for `schemas/<relative>`, which must itself be a valid draft 2020-12 schema;
/// formats (`regex`) are asserted, not only annotated.
fn validator(relative: &str) -> Validator {
    let schema = read_json(&root().join("schemas").join(relative));
    if let Err(error) = jsonschema::meta::validate(&schema) {
        panic!("schemas/{relative} is not a valid JSON Schema: {error}");
    }
    jsonschema::options()
        .with_draft(jsonschema::Draft::Draft202012)
        .should_validate_formats(true)
        .build(&schema)
        .unwrap_or_else(|e| panic!("schemas/{relative}: {e}"))
}

/// Every error of `instance`, as `path: message` lines.
fn errors(validator: &Validator, instance: &Value) -> Vec<String> {
    validator
        .iter_errors(instance)
        .map(|error| format!("{}: {error}", error.instance_path()))
        .collect()
}

/// Which editor sent a payload: Claude Code's event names are PascalCase, Cursor's camelCase.
fn editor_of(event: &str) -> &'static str {
    if event.starts_with(|c: char| c.is_ascii_uppercase()) {
        "claude-code"
    } else {
        "cursor"
    }
}

/// One validator per schema file, built on first use.
#[derive(Default)]
struct Schemas(BTreeMap<String, Validator>);

impl Schemas {
    fn get(&mut self, relative: String) -> &Validator {
        self.0
            .entry(relative.clone())
            .or_insert_with(|| validator(&relative))
    }

    /// The problems of one payload (or answer, with `kind` "output") of `event`.
    fn check(&mut self, at: &str, event: &str, kind: &str, instance: &Value) -> Vec<String> {
        let relative = format!("{}/events/{event}.{kind}.schema.json", editor_of(event));
        errors(self.get(relative.clone()), instance)
            .into_iter()
            .map(|error| format!("{at} ({relative}) {error}"))
            .collect()
    }
}

/// Every `*.jsonl` line and `*.json` file at `path` (a file, or a folder searched
/// recursively) whose JSON has a `hook_event_name` (a payload): `(where, event, payload)`.
fn payloads_under(path: &Path) -> Vec<(String, String, Value)> {
    let mut found = Vec::new();
    let mut stack = vec![path.to_path_buf()];
    while let Some(path) = stack.pop() {
        if path.is_dir() {
            let entries = std::fs::read_dir(&path)
                .unwrap_or_else(|e| panic!("{} is unreadable: {e}", path.display()));
            let mut paths: Vec<PathBuf> = entries.map(|e| e.expect("a dir entry").path()).collect();
            // Popped from the end: reversed, so files are read in name order.
            paths.sort();
            paths.reverse();
            stack.extend(paths);
            continue;
        }
        let shown = path
            .strip_prefix(root())
            .unwrap_or(&path)
            .display()
            .to_string();
        match path.extension().and_then(|e| e.to_str()) {
            Some("jsonl") => {
                let text = std::fs::read_to_string(&path)
                    .unwrap_or_else(|e| panic!("{shown} is unreadable: {e}"));
                for (index, line) in text.lines().enumerate() {
                    if line.trim().is_empty() {
                        continue;
                    }
                    let json: Value = serde_json::from_str(line)
                        .unwrap_or_else(|e| panic!("{shown} line {} is not JSON: {e}", index + 1));
                    // The per-run files of the Cursor corpus also hold the recording hooks' own
                    // records (exit codes, environment, a background command's ticks): its
                    // payloads are the lines with `cursor_version` too (tests/corpus/README.md).
                    let own_record =
                        shown.contains("cursor-cli-") && json.get("cursor_version").is_none();
                    if let Some(event) = json["hook_event_name"].as_str().filter(|_| !own_record) {
                        found.push((
                            format!("{shown}:{}", index + 1),
                            event.to_owned(),
                            json.clone(),
                        ));
                    }
                }
            }
            Some("json") => {
                let json = read_json(&path);
                if let Some(event) = json["hook_event_name"].as_str() {
                    found.push((shown, event.to_owned(), json.clone()));
                }
            }
            _ => {}
        }
    }
    found
}

fn report(problems: &[String], what: &str) {
    assert!(
        problems.is_empty(),
        "{} {what}:\n{}",
        problems.len(),
        problems
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn every_recorded_payload_of_both_editors_validates_against_its_input_schema() {
    let mut payloads = payloads_under(&root().join("tests/corpus"));
    payloads.extend(payloads_under(&root().join("tests/fixtures")));
    let mut schemas = Schemas::default();
    let mut problems = Vec::new();
    let mut per_editor: BTreeMap<&str, usize> = BTreeMap::new();
    for (at, event, payload) in &payloads {
        *per_editor.entry(editor_of(event)).or_default() += 1;
        problems.extend(schemas.check(at, event, "input", payload));
    }
    eprintln!("input schemas: {per_editor:?} payloads checked");
    // The Cursor corpus has 997 lines in all.jsonl alone, Claude Code's 20 and more.
    assert!(
        per_editor.get("cursor").is_some_and(|n| *n > 997),
        "{per_editor:?}"
    );
    assert!(
        per_editor.get("claude-code").is_some_and(|n| *n >= 20),
        "{per_editor:?}"
    );
    report(&problems, "recorded payloads break their input schema");
}

/// Each test-kit fixture (`Event::fixture()`), as a hook's tests start from it.
macro_rules! fixture_values {
    ($($ty:ident),*) => { vec![$($ty::fixture().to_value()),*] };
}

mod cursor_fixtures {
    use cursor_hooks::cursor::event::*;

    pub fn all() -> Vec<serde_json::Value> {
        cursor_hooks::__for_each_event!(fixture_values)
    }
}

mod claude_fixtures {
    use cursor_hooks::claude::event::*;

    pub fn all() -> Vec<serde_json::Value> {
        cursor_hooks::__for_each_claude_event!(fixture_values)
    }
}

#[test]
fn every_test_kit_fixture_validates_against_its_input_schema() {
    let fixtures: Vec<Value> = cursor_fixtures::all()
        .into_iter()
        .chain(claude_fixtures::all())
        .collect();
    let mut schemas = Schemas::default();
    let mut problems = Vec::new();
    for fixture in &fixtures {
        let event = fixture["hook_event_name"]
            .as_str()
            .expect("a fixture names its event");
        problems.extend(schemas.check("fixture", event, "input", fixture));
    }
    assert!(fixtures.len() > 50, "{} fixtures", fixtures.len());
    report(&problems, "test-kit fixtures break their input schema");
}

/// The example hook that handles a payload (the same choice as `corpus.rs` and
/// `claude_corpus.rs`), and `policy`, which every Claude Code payload also goes through there.
fn binaries_for(event: &str, payload: &Value) -> Vec<&'static str> {
    const CURSOR_AUDITED: [&str; 9] = [
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
    const CLAUDE_AUDITED: [&str; 12] = [
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
    let single = match (event, payload["tool_name"].as_str()) {
        ("beforeShellExecution" | "preToolUse", _) => SHELL_GUARD,
        ("beforeReadFile", _) => SECRETS_GUARD,
        ("beforeSubmitPrompt", _) => PROMPT_GUARD,
        ("stop", _) => VERIFY_ON_STOP,
        (event, _) if CURSOR_AUDITED.contains(&event) => AUDIT_LOG,
        ("PreToolUse", Some("Bash")) => SHELL_GUARD,
        ("PreToolUse", Some("Read")) => SECRETS_GUARD,
        ("UserPromptSubmit", _) => PROMPT_GUARD,
        ("Stop", _) => VERIFY_ON_STOP,
        (event, _) if CLAUDE_AUDITED.contains(&event) => AUDIT_LOG,
        _ => POLICY,
    };
    if editor_of(event) == "claude-code" && single != POLICY {
        vec![single, POLICY]
    } else {
        vec![single]
    }
}

#[test]
fn every_answer_of_the_examples_to_the_recorded_corpora_validates_against_its_output_schema() {
    let corpus = root().join("tests/corpus");
    let version = std::fs::read_to_string(root().join("tests/claude-code/VERSION"))
        .expect("tests/claude-code/VERSION");
    let mut payloads = payloads_under(&corpus.join("cursor-cli-2026.09.28/all.jsonl"));
    assert_eq!(payloads.len(), 997, "every line of all.jsonl is a payload");
    // The recorded Cursor sessions hold no command a guard refuses: the fixtures (payloads of
    // the same shape, with `rm -rf`, a force-push, a `.env` read) make the guards decide.
    payloads.extend(payloads_under(&root().join("tests/fixtures")));
    payloads.extend(payloads_under(
        &corpus.join(format!("claude-code-{}", version.trim())),
    ));
    let runs: Vec<(String, String, Value, &'static str)> = payloads
        .into_iter()
        .flat_map(|(at, event, payload)| {
            binaries_for(&event, &payload)
                .into_iter()
                .map(move |binary| (at.clone(), event.clone(), payload.clone(), binary))
        })
        .collect();

    let scratch = std::env::temp_dir().join(format!("cursor-hooks-schemas-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("scratch dir created");
    let audit_log = scratch.join("audit.jsonl");
    let next = AtomicUsize::new(0);
    // Each thread runs one hook process at a time; an answer keeps the index of its run.
    let mut answers: Vec<(usize, String, i32)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..4)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some((_, _, payload, binary)) = runs.get(index) else {
                            break done;
                        };
                        let rendered = Binary::new(binary)
                            .env_remove("CLAUDE_PROJECT_DIR")
                            .env_remove("CURSOR_PROJECT_DIR")
                            .env("CURSOR_HOOKS_AUDIT_LOG", &audit_log)
                            .run(payload.to_string().as_bytes());
                        done.push((index, rendered.stdout, rendered.exit_code));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().expect("a worker thread panicked"))
            .collect()
    });
    let _ = std::fs::remove_dir_all(&scratch);
    answers.sort_by_key(|(index, _, _)| *index);
    assert_eq!(answers.len(), runs.len(), "every run answered");

    let mut schemas = Schemas::default();
    let mut problems = Vec::new();
    let mut per_editor: BTreeMap<&str, usize> = BTreeMap::new();
    let mut keys_seen: BTreeMap<String, usize> = BTreeMap::new();
    for ((at, event, payload, binary), (_, stdout, code)) in runs.iter().zip(&answers) {
        let at = format!(
            "{at} through {}",
            binary.rsplit(['/', '\\']).next().unwrap_or(binary)
        );
        let answer = match serde_json::from_str::<Value>(stdout.trim()) {
            Ok(answer) if *code == 0 => answer,
            _ => {
                problems.push(format!(
                    "{at}: exit {code}, stdout {stdout:?} is not one JSON value"
                ));
                continue;
            }
        };
        *per_editor.entry(editor_of(event)).or_default() += 1;
        if let Some(object) = answer.as_object() {
            for key in object.keys() {
                *keys_seen.entry(format!("{event}.{key}")).or_default() += 1;
            }
        }
        // A 1.7-era payload (no cursor_version, no model) is answered in the 1.7 format where
        // spec/cursor/compat.json says so; that format has its own schema.
        let legacy = payload.get("cursor_version").is_none() && payload.get("model").is_none();
        let kind = if legacy
            && root()
                .join(format!(
                    "schemas/cursor/events/{event}.output-1.7.schema.json"
                ))
                .is_file()
        {
            "output-1.7"
        } else {
            "output"
        };
        problems.extend(schemas.check(&at, event, kind, &answer));
    }
    eprintln!("output schemas: {per_editor:?} answers checked; keys answered: {keys_seen:?}");
    // The answers are not all `{}`: the guards decide on the corpora, so the strict schemas are
    // tested on real decisions of both editors.
    for key in [
        "beforeShellExecution.permission",
        "preToolUse.permission",
        "beforeReadFile.permission",
        "beforeSubmitPrompt.continue",
        "stop.followup_message",
        "PreToolUse.hookSpecificOutput",
        "Stop.decision",
    ] {
        assert!(
            keys_seen.contains_key(key),
            "no answer holds {key}: {keys_seen:?}"
        );
    }
    assert!(
        per_editor.get("cursor").is_some_and(|n| *n > 997),
        "{per_editor:?}"
    );
    assert!(
        per_editor.get("claude-code").is_some_and(|n| *n >= 20),
        "{per_editor:?}"
    );
    report(
        &problems,
        "answers of the examples break their output schema",
    );
}

/// The configuration files the recordings ran with: Cursor's `hooks.json` files and Claude
/// Code's settings validate against their schemas.
#[test]
fn the_recorded_configuration_files_validate_against_the_configuration_schemas() {
    let corpus = root().join("tests/corpus");
    let cases = [
        (
            "cursor-cli-2026.09.28/hooks-json",
            ".json",
            "cursor/hooks.schema.json",
        ),
        (
            "claude-code-2.1.330",
            ".settings.json",
            "claude-code/settings-hooks.schema.json",
        ),
    ];
    let mut problems = Vec::new();
    for (dir, suffix, schema) in cases {
        let validator = validator(schema);
        let mut files: Vec<PathBuf> = std::fs::read_dir(corpus.join(dir))
            .unwrap_or_else(|e| panic!("tests/corpus/{dir}: {e}"))
            .map(|e| e.expect("a dir entry").path())
            .filter(|p| p.to_string_lossy().ends_with(suffix))
            .collect();
        files.sort();
        assert!(
            files.len() >= 10,
            "tests/corpus/{dir}: {} files",
            files.len()
        );
        for file in files {
            for error in errors(&validator, &read_json(&file)) {
                problems.push(format!("{} ({schema}) {error}", file.display()));
            }
        }
    }
    report(&problems, "recorded configuration files break their schema");
}

/// Cursor strips `//` to the end of the line before it parses a native `hooks.json`, inside
/// strings too: the native schema refuses a `//` anywhere (a `$schema` URL, a command), the
/// plugin schema (plain JSON parsing) does not; and the schemas hold Cursor's validator rules.
#[test]
fn the_cursor_schemas_refuse_what_voids_a_file() {
    let native = validator("cursor/hooks.schema.json");
    let plugin = validator("cursor/plugin-hooks.schema.json");
    let entry =
        |entry: Value| json!({ "version": 1, "hooks": { "beforeShellExecution": [entry] } });
    let fine = entry(
        json!({ "command": "./guard", "matcher": "rm|git", "timeout": 5, "failClosed": true }),
    );
    assert!(native.is_valid(&fine) && plugin.is_valid(&fine));
    let mut with_url = fine.clone();
    with_url["$schema"] = json!("https://example.invalid/hooks.schema.json");
    assert!(
        !native.is_valid(&with_url),
        "a $schema URL voids a native hooks.json"
    );
    assert!(
        plugin.is_valid(&with_url),
        "a plugin file is read with plain JSON parsing"
    );
    let mut relative = fine.clone();
    relative["$schema"] = json!("../schemas/cursor/hooks.schema.json");
    assert!(native.is_valid(&relative));
    let curl = entry(json!({ "command": "curl -s http://127.0.0.1:9/check" }));
    assert!(!native.is_valid(&curl) && plugin.is_valid(&curl));
    let glob = entry(json!({ "command": "./guard src/**/*.rs" }));
    assert!(
        !native.is_valid(&glob),
        "`/*` starts a block comment Cursor deletes"
    );

    // The SDK oracle's `bad-entries` and `version-string` fixtures: each voids the file.
    for bad in [
        json!({ "version": "1", "hooks": {} }),
        json!({ "hooks": {} }),
        json!({ "version": 1, "hooks": { "PreToolUse": [] } }),
        entry(json!({ "command": "./guard", "matcher": "(" })),
        entry(json!({ "command": "./guard", "timeout": 0 })),
        entry(json!({ "command": "./guard", "failClosed": "yes" })),
        entry(json!({ "type": "http", "command": "./guard" })),
        entry(json!({ "type": "prompt", "prompt": "" })),
        entry(json!({ "command": 7 })),
        json!({ "version": 1, "hooks": { "stop": [{ "command": "./v", "loop_limit": 1.5 }] } }),
    ] {
        assert!(!native.is_valid(&bad), "accepted {bad}");
        assert!(!plugin.is_valid(&bad), "accepted {bad}");
    }
    let stop =
        json!({ "version": 1, "hooks": { "stop": [{ "command": "./v", "loop_limit": null }] } });
    assert!(native.is_valid(&stop));
}

/// The schema's entry keys are the keys the runtime writes and `doctor` reads.
#[test]
fn the_cursor_entry_schema_has_exactly_the_runtime_entry_keys() {
    let schema = read_json(&root().join("schemas/cursor/hooks.schema.json"));
    let keys: std::collections::BTreeSet<&str> = schema["$defs"]["loopEntry"]["properties"]
        .as_object()
        .expect("loopEntry has properties")
        .keys()
        .map(String::as_str)
        .collect();
    let runtime: std::collections::BTreeSet<&str> = cursor_hooks::hooks_json::keys::ENTRY
        .iter()
        .copied()
        .collect();
    assert_eq!(keys, runtime);
}

/// Claude Code's settings and plugin schemas know `onFailure`, `once` and `modules`.
#[test]
fn the_claude_code_schemas_hold_on_failure_once_and_modules() {
    let settings = validator("claude-code/settings-hooks.schema.json");
    let plugin = validator("claude-code/plugin-hooks.schema.json");
    let hooks = json!({ "PreToolUse": [{ "matcher": "Bash", "hooks": [
        { "type": "command", "command": "./guard", "onFailure": "block", "once": true, "timeout": 5 }
    ] }] });
    assert!(settings.is_valid(&json!({ "hooks": hooks, "model": "any other setting" })));
    assert!(
        plugin.is_valid(&json!({ "description": "d", "hooks": hooks, "modules": [{ "any": 1 }] }))
    );
    for bad in [
        json!({ "hooks": { "PreToolUse": [{ "hooks": [{ "type": "command", "comand": "./x" }] }] } }),
        json!({ "hooks": { "PreToolUse": [{ "hooks": [{ "type": "command" }] }] } }),
        json!({ "hooks": { "preToolUse": [] } }),
        json!({ "hooks": { "PreToolUse": [{ "hooks": [{ "type": "command", "command": "x", "onFailure": "explode" }] }] } }),
    ] {
        assert!(!settings.is_valid(&bad), "accepted {bad}");
    }
}
