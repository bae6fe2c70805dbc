//! `spec/codex/events.json` and `host.json` are in the Claude-family format: every object has
//! the keys the `## Keys` table of `spec/claude-code/SCHEMA.md` lists for its kind, and only
//! those, plus the few Codex extensions `spec/codex/SCHEMA.md` lists; closed values are in
//! their sets; every cited source is defined and every defined one cited. And every payload the
//! live suite recorded (`tests/codex/record/`) fits the pinned binary's input schema of its
//! event (`schemas/codex/`), which `scripts/codex-release-report --check` holds against the spec.
//! The key-table reading repeats `codegen/tests/claude_spec.rs` (the Claude files' check) on
//! purpose, until that check reads every Claude-family host and this file keeps only the corpus.

use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Object = Map<String, Value>;

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
    let schema = read("spec/claude-code/SCHEMA.md");
    let table = schema
        .split("\n## Keys\n")
        .nth(1)
        .expect("a `## Keys` section");
    let table = table.split("\n## ").next().unwrap_or_default();
    let mut kinds = BTreeMap::new();
    for line in table.lines().filter(|l| l.starts_with("| ")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells[1] == "Object" || cells[1].starts_with("---") {
            continue;
        }
        let keys = cells[2]
            .split('`')
            .skip(1)
            .step_by(2)
            .map(|k| match k.strip_suffix('?') {
                Some(optional) => (optional.to_owned(), false),
                None => (k.to_owned(), true),
            });
        kinds.insert(cells[1].to_owned(), keys.collect::<Vec<_>>());
    }
    let codex = |kind: &str, key: &str, required: bool| (kind.to_owned(), key.to_owned(), required);
    for (kind, key, required) in [
        codex("event", "universal_except", false),
        codex("host", "trust", true),
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

fn obj<'a>(value: &'a Value, what: &str) -> &'a Object {
    value
        .as_object()
        .unwrap_or_else(|| panic!("{what} is not an object"))
}

fn list<'a>(value: &'a Value, what: &str) -> &'a [Value] {
    value
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_else(|| panic!("{what} is not a list"))
}

fn fields_deep<'a>(
    fields: &'a [Value],
    kind: &'static str,
    out: &mut Vec<(&'static str, &'a Object)>,
) {
    for field in fields {
        let field = obj(field, kind);
        out.push((kind, field));
        if let Some(nested) = field.get("fields") {
            fields_deep(list(nested, "fields"), kind, out);
        }
    }
}

/// Every object of the two files with its kind.
fn objects<'a>(events: &'a Value, host: &'a Value) -> Vec<(&'static str, &'a Object)> {
    let mut all = vec![
        ("events", obj(events, "events.json")),
        ("host", obj(host, "host.json")),
    ];
    for file in [events, host] {
        all.extend(
            obj(&file["sources"], "sources")
                .values()
                .map(|s| ("source", obj(s, "source"))),
        );
    }
    all.push((
        "permission_update",
        obj(&events["permission_update"], "permission_update"),
    ));
    fields_deep(
        list(&events["common_fields"], "common_fields"),
        "input_field",
        &mut all,
    );
    fields_deep(
        list(&events["universal_response"], "universal"),
        "response_field",
        &mut all,
    );
    for event in list(&events["events"], "events") {
        all.push(("event", obj(event, "event")));
        fields_deep(list(&event["input"], "input"), "input_field", &mut all);
        let response = obj(&event["response"], "response");
        all.push(("response", response));
        if let Some(decision) = response["decision"].as_object() {
            all.push(("decision", decision));
        }
        fields_deep(
            list(&response["hook_specific"], "hook_specific"),
            "response_field",
            &mut all,
        );
    }
    let lists = [
        ("config_source", "config_sources"),
        ("loading", "loading"),
        ("handler_type", "handler_types"),
        ("handler_key", "handler_keys"),
        ("timeout", "timeouts"),
        ("result", "results"),
        ("combining", "combining"),
        ("environment", "environment"),
        ("observed_rule", "observed_rules"),
    ];
    for (kind, key) in lists {
        all.extend(
            list(&host[key], key)
                .iter()
                .map(|item| (kind, obj(item, kind))),
        );
    }
    for kind in [
        "shape",
        "matcher",
        "execution",
        "stop_block_cap",
        "tools",
        "fail_closed",
        "trust",
    ] {
        all.push((kind, obj(&host[kind], kind)));
    }
    for key in list(&host["shape"]["group_keys"], "group_keys") {
        all.push(("group_key", obj(key, "group_key")));
    }
    all
}

/// The source keys cited under every `source` and `*_source` key of `value`.
fn cited(value: &Value, out: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                if key == "source" || key.ends_with("_source") {
                    let parts = inner.as_str().unwrap_or_default().split(';');
                    out.extend(parts.map(|p| p.split_whitespace().next().unwrap_or("").to_owned()));
                } else {
                    cited(inner, out);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| cited(item, out)),
        _ => {}
    }
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
        let mut used = BTreeSet::new();
        cited(file, &mut used);
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
