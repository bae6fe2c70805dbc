//! `spec/codex/events.json` and `host.json` are in the Claude-family format: every object has
//! the keys the `## Keys` table of `spec/claude-code/SCHEMA.md` lists for its kind, and only
//! those, plus the few Codex extensions `spec/codex/SCHEMA.md` lists; closed values are in
//! their sets; every cited source is defined and every defined one cited. And every payload the
//! live suite recorded (`tests/codex/record/`) fits the pinned binary's input schema of its
//! event (`schemas/codex/`), which `scripts/codex-release-report --check` holds against the spec.
//! The key-table reading repeats `codegen/tests/claude_spec.rs` (the Claude files' check) on
//! purpose, until that check reads every Claude-family host and this file keeps only the corpus.

use cursor_hooks_codegen::family_format::{cited, list, obj, objects, schema_keys};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read(path: &str) -> String {
    let path = root().join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn json(path: &str) -> Value {
    serde_json::from_str(&read(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Object kind → (key, required), from the Claude format's `## Keys` table, with the Codex
/// extensions of `spec/codex/SCHEMA.md`.
fn kinds() -> BTreeMap<String, Vec<(String, bool)>> {
    let mut kinds = schema_keys(&read("spec/claude-code/SCHEMA.md"));
    let codex = |kind: &str, key: &str, required: bool| (kind.to_owned(), key.to_owned(), required);
    for (kind, key, required) in [
        codex("event", "universal_except", false),
        codex("host", "trust", true),
        codex("host", "plugins", false),
        // The sections of the hosts that run Claude Code's files (Cursor, Copilot): no host is
        // known to run Codex's.
        codex("host", "cursor", false),
        codex("host", "copilot", false),
    ] {
        let keys = kinds.entry(kind).or_default();
        keys.retain(|(k, _)| *k != key);
        keys.push((key, required));
    }
    let trust = [
        "key",
        "key_parts",
        "hash",
        "seed",
        "implementation",
        "source",
        "verified",
    ];
    kinds.insert(
        "trust".to_owned(),
        trust.iter().map(|k| ((*k).to_owned(), true)).collect(),
    );
    kinds
}

/// Every way the Codex spec leaves the shared format, one line each.
fn problems(events: &Value, host: &Value) -> Vec<String> {
    let kinds = kinds();
    let mut problems = Vec::new();
    for (kind, object) in objects(events, host) {
        let allowed = &kinds[kind];
        for key in object.keys() {
            if !allowed.iter().any(|(k, _)| k == key) {
                problems.push(format!("{kind}: key `{key}` is not in the format"));
            }
        }
        for (key, required) in allowed {
            if *required && !object.contains_key(key) {
                problems.push(format!("{kind}: `{key}` is missing"));
            }
        }
    }
    let closed: [(&str, &[&str]); 4] = [
        (
            "category",
            &[
                "permission",
                "block",
                "loop",
                "gate",
                "context",
                "notice",
                "app",
                "observe",
            ],
        ),
        (
            "exit_2",
            &[
                "block",
                "continue",
                "stderr_to_claude",
                "stderr_to_user",
                "ignored",
                "fails",
                "not_stated",
            ],
        ),
        ("plain_stdout", &["context", "debug_log", "worktree_path"]),
        (
            "handler_types",
            &["command", "http", "mcp_tool", "prompt", "agent"],
        ),
    ];
    for event in list(&events["events"], "events") {
        for (key, values) in closed {
            let given = match &event[key] {
                Value::Array(items) => items.iter().filter_map(Value::as_str).collect(),
                other => vec![other.as_str().unwrap_or("?")],
            };
            for value in given.into_iter().filter(|v| !values.contains(v)) {
                problems.push(format!(
                    "{}: {key} `{value}` is not in its set",
                    event["name"]
                ));
            }
        }
    }
    for file in [events, host] {
        let defined: BTreeSet<String> = obj(&file["sources"], "sources").keys().cloned().collect();
        let mut cited_keys = Vec::new();
        cited(file, &mut cited_keys);
        let used: BTreeSet<String> = cited_keys.into_iter().collect();
        for key in used.symmetric_difference(&defined) {
            problems.push(format!(
                "source `{key}` is cited but not defined, or never cited"
            ));
        }
    }
    problems
}

#[test]
fn the_codex_spec_is_in_the_claude_family_format() {
    let problems = problems(
        &json("spec/codex/events.json"),
        &json("spec/codex/host.json"),
    );
    assert_eq!(problems, Vec::<String>::new());
}

#[test]
fn a_key_outside_the_format_and_a_missing_one_are_caught() {
    let mut events = json("spec/codex/events.json");
    let event = events["events"][0].as_object_mut().expect("an event");
    event.insert("top_level".to_owned(), Value::Null);
    event.remove("exit_2");
    let found = problems(&events, &json("spec/codex/host.json"));
    assert!(
        found
            .iter()
            .any(|p| p.contains("key `top_level` is not in the format")),
        "{found:?}"
    );
    assert!(
        found.iter().any(|p| p.contains("`exit_2` is missing")),
        "{found:?}"
    );
}

#[test]
fn every_recorded_payload_fits_the_binarys_input_schema() {
    let mut schemas = BTreeMap::new();
    for entry in std::fs::read_dir(root().join("schemas/codex")).expect("schemas/codex") {
        let path = entry.expect("an entry").path();
        if path
            .to_string_lossy()
            .ends_with(".command.input.schema.json")
        {
            let schema: Value =
                serde_json::from_str(&std::fs::read_to_string(&path).expect("schema"))
                    .expect("a schema is JSON");
            let event = schema["properties"]["hook_event_name"]["const"]
                .as_str()
                .map(str::to_owned);
            schemas.insert(event.expect("an event const"), schema);
        }
    }
    assert_eq!(schemas.len(), 12, "one input schema per event");
    let mut payloads = 0;
    for entry in std::fs::read_dir(root().join("tests/codex/record")).expect("record") {
        let path = entry.expect("an entry").path();
        if path.extension().is_none_or(|ext| ext != "jsonl") {
            continue;
        }
        for line in std::fs::read_to_string(&path).expect("recording").lines() {
            let payload: Value = serde_json::from_str(line).expect("a payload is JSON");
            let event = payload["hook_event_name"]
                .as_str()
                .expect("hook_event_name");
            let schema = &schemas[event];
            let keys: BTreeSet<&String> = obj(&payload, "payload").keys().collect();
            let declared: BTreeSet<&String> =
                obj(&schema["properties"], "properties").keys().collect();
            let required = list(&schema["required"], "required")
                .iter()
                .filter_map(Value::as_str);
            assert!(
                keys.is_subset(&declared),
                "{}: {event} sent {keys:?}",
                path.display()
            );
            for key in required {
                assert!(
                    payload.get(key).is_some(),
                    "{}: {event} lacks {key}",
                    path.display()
                );
            }
            payloads += 1;
        }
    }
    assert!(payloads >= 20, "only {payloads} recorded payloads");
}
