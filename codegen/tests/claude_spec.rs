//! Keeps `spec/claude-code/` (Claude Code's hook contract) honest against its own
//! `spec/claude-code/SCHEMA.md`: every key listed there and only those, every cited source defined
//! and every defined source cited, unique names, matcher values only where there is a subject, closed
//! sets respected, and Cursor names in the Cursor map that Cursor's own spec knows.
//!
//! The files are read as plain JSON, so that every key is seen: the generators' model
//! (`codegen/src/claude_model.rs`) reads only what they write.

use cursor_hooks_codegen::family_format::{cited, list, obj, objects, schema_keys, Object};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

const CATEGORIES: &[&str] = &[
    "permission",
    "block",
    "loop",
    "gate",
    "context",
    "notice",
    "app",
    "observe",
];
const EXIT_2: &[&str] = &[
    "block",
    "continue",
    "stderr_to_claude",
    "stderr_to_user",
    "ignored",
    "fails",
    "not_stated",
];
const PLAIN_STDOUT: &[&str] = &["context", "debug_log", "worktree_path"];
const INPUT_TYPES: &[&str] = &[
    "string",
    "bool",
    "integer",
    "number",
    "string_list",
    "string_map",
    "json",
    "object",
    "object_list",
];
const RESPONSE_TYPES: &[&str] = &[
    "string",
    "bool",
    "string_list",
    "json",
    "enum",
    "object",
    "permission_updates",
];

/// The three files of `spec/claude-code/`.
struct Files {
    events: Value,
    host: Value,
    schema: String,
}

fn read(name: &str) -> String {
    let path = cursor_hooks_codegen::workspace_root().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn json(name: &str) -> Value {
    serde_json::from_str(&read(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn committed() -> Files {
    Files {
        events: json("spec/claude-code/events.json"),
        host: json("spec/claude-code/host.json"),
        schema: read("spec/claude-code/SCHEMA.md"),
    }
}

/// Cursor's event names, from `spec/cursor/events.json` (only read).
fn cursor_events() -> BTreeSet<String> {
    json("spec/cursor/events.json")["events"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| e["name"].as_str().expect("name").to_owned())
        .collect()
}

fn text(value: &Value) -> &str {
    value.as_str().unwrap_or_default()
}

fn check_sources(file: &str, root: &Value, problems: &mut Vec<String>) {
    let defined: BTreeSet<&String> = obj(&root["sources"], "sources").keys().collect();
    let mut used = Vec::new();
    cited(root, &mut used);
    for key in &used {
        if !defined.contains(key) {
            problems.push(format!("{file}: source key `{key}` is not in `sources`"));
        }
    }
    for key in defined {
        if !used.contains(key) {
            problems.push(format!("{file}: source `{key}` is never cited"));
        }
    }
}

fn check_keys(files: &Files, problems: &mut Vec<String>) {
    let schema = schema_keys(&files.schema);
    let others: Vec<Value> = ["codex", "copilot"]
        .iter()
        .map(|host| json(&format!("spec/{host}/events.json")))
        .collect();
    let mut used: BTreeMap<&str, BTreeSet<&String>> = BTreeMap::new();
    for (kind, object) in objects(&files.events, &files.host) {
        let Some(keys) = schema.get(kind) else {
            problems.push(format!("SCHEMA.md lists no keys for `{kind}`"));
            continue;
        };
        for key in object.keys() {
            if !keys.iter().any(|(k, _)| k == key) {
                problems.push(format!("{kind}: key `{key}` is not in SCHEMA.md"));
            }
        }
        for (key, required) in keys {
            if *required && !object.contains_key(key) {
                let name = text(object.get("name").unwrap_or(&Value::Null));
                problems.push(format!("{kind} {name}: required key `{key}` is missing"));
            }
        }
        used.entry(kind).or_default().extend(object.keys());
    }
    // The format is the family's: an event key only Codex's or Copilot's events use (Codex's
    // `timeout_max_seconds`) is used (their own tests hold their files to this schema).
    for events in &others {
        for event in events["events"].as_array().into_iter().flatten() {
            if let Some(event) = event.as_object() {
                used.entry("event").or_default().extend(event.keys());
            }
        }
    }
    for (kind, keys) in &schema {
        for (key, _) in keys {
            if !used.get(kind.as_str()).is_some_and(|u| u.contains(key)) {
                problems.push(format!("SCHEMA.md lists `{kind}.{key}`, no file uses it"));
            }
        }
    }
}

fn one_of(value: &Value, allowed: &[&str], what: &str, problems: &mut Vec<String>) {
    if !allowed.contains(&text(value)) {
        problems.push(format!("{what}: `{value}` is not one of {allowed:?}"));
    }
}

fn check_input_field(event: &str, field: &Object, problems: &mut Vec<String>) {
    let what = format!("{event}.{}", text(&field["name"]));
    one_of(
        &field["type"],
        INPUT_TYPES,
        &format!("{what} type"),
        problems,
    );
    let ty = text(&field["type"]);
    if field["optional"] == Value::Bool(false) && !field.contains_key("example") {
        problems.push(format!("{what}: a required field needs an `example`"));
    }
    if field.contains_key("values") && ty != "string" {
        problems.push(format!("{what}: `values` only on string fields"));
    }
    if field.contains_key("fields") && !matches!(ty, "object" | "object_list") {
        problems.push(format!("{what}: `fields` only on object or object_list"));
    }
    if ty == "object_list" && !field.contains_key("fields") {
        problems.push(format!("{what}: an object_list needs `fields`"));
    }
    if let Some(nested) = field.get("fields") {
        for inner in list(nested, "fields") {
            check_input_field(&what, obj(inner, "field"), problems);
        }
    }
}

fn check_response_field(event: &str, field: &Object, problems: &mut Vec<String>) {
    let what = format!("{event}.{}", text(&field["wire"]));
    one_of(
        &field["type"],
        RESPONSE_TYPES,
        &format!("{what} type"),
        problems,
    );
    let ty = text(&field["type"]);
    if (ty == "enum") != field.contains_key("values") {
        problems.push(format!("{what}: `values` exactly on enum fields"));
    }
    if field.contains_key("fields") && ty != "object" {
        problems.push(format!("{what}: `fields` only on object fields"));
    }
    if let Some(nested) = field.get("fields") {
        for inner in list(nested, "fields") {
            check_response_field(&what, obj(inner, "field"), problems);
        }
    }
}

fn check_events(files: &Files, problems: &mut Vec<String>) {
    let events = list(&files.events["events"], "events");
    let names: Vec<&str> = events.iter().map(|e| text(&e["name"])).collect();
    let handler_types: Vec<&str> = list(&files.host["handler_types"], "handler_types")
        .iter()
        .map(|h| text(&h["type"]))
        .collect();
    let common = list(&files.events["common_fields"], "common_fields");
    for (what, key) in [("event name", "name"), ("event type", "type")] {
        let mut seen = BTreeSet::new();
        for event in events {
            if !seen.insert(text(&event[key])) {
                problems.push(format!("{what} `{}` is not unique", event[key]));
            }
        }
    }
    for field in common {
        check_input_field("common", obj(field, "field"), problems);
        for event in list(
            field.get("absent_on").unwrap_or(&Value::Array(vec![])),
            "absent_on",
        ) {
            if !names.contains(&text(event)) {
                problems.push(format!("absent_on names an unknown event {event}"));
            }
        }
    }
    for event in events {
        let name = text(&event["name"]);
        one_of(
            &event["category"],
            CATEGORIES,
            &format!("{name} category"),
            problems,
        );
        one_of(
            &event["exit_2"],
            EXIT_2,
            &format!("{name} exit_2"),
            problems,
        );
        one_of(
            &event["plain_stdout"],
            PLAIN_STDOUT,
            &format!("{name} plain_stdout"),
            problems,
        );
        for ty in list(&event["handler_types"], "handler_types") {
            one_of(
                ty,
                &handler_types,
                &format!("{name} handler type"),
                problems,
            );
        }
        let own: Vec<&str> = list(&event["input"], "input")
            .iter()
            .map(|f| text(&f["name"]))
            .collect();
        let mut seen = BTreeSet::new();
        for field in &own {
            if !seen.insert(*field) {
                problems.push(format!("{name}: input `{field}` is listed twice"));
            }
            let shadowed = common.iter().find(|c| text(&c["name"]) == *field);
            if shadowed.is_some_and(|c| {
                !list(
                    c.get("absent_on").unwrap_or(&Value::Array(vec![])),
                    "absent_on",
                )
                .iter()
                .any(|e| text(e) == name)
            }) {
                problems.push(format!("{name}: input `{field}` repeats a common field"));
            }
        }
        for field in list(&event["input"], "input") {
            check_input_field(name, obj(field, "field"), problems);
        }
        let response = &event["response"];
        for field in list(&response["hook_specific"], "hook_specific") {
            check_response_field(name, obj(field, "field"), problems);
        }
        let decision = &response["decision"];
        if !decision.is_null() {
            for value in list(&decision["values"], "decision values") {
                one_of(value, &["block"], &format!("{name} decision"), problems);
            }
            one_of(
                &decision["reason_to"],
                &["claude", "user"],
                &format!("{name} reason_to"),
                problems,
            );
        }
        let blocks =
            !decision.is_null() || event["category"] == "permission" || event["exit_2"] == "block";
        if blocks && event["can_block"] != Value::Bool(true) {
            problems.push(format!(
                "{name}: it can block (decision, permission or exit 2) but can_block is false"
            ));
        }
        let subject = &event["matcher_subject"];
        let has_values = !list(&event["matcher_values"], "matcher_values").is_empty();
        if subject.is_null() {
            if has_values
                || event["matcher_open"] != Value::Bool(false)
                || !event["matcher_open_prefix"].is_null()
            {
                problems.push(format!(
                    "{name}: matcher values or openness without a matcher_subject"
                ));
            }
        } else {
            let subject = text(subject);
            let is_field = subject.chars().all(|c| c.is_ascii_lowercase() || c == '_');
            if is_field && !own.contains(&subject) && !common.iter().any(|c| c["name"] == subject) {
                problems.push(format!(
                    "{name}: matcher_subject `{subject}` is not an input field"
                ));
            }
            if !has_values && event["matcher_open"] != Value::Bool(true) {
                problems.push(format!(
                    "{name}: a subject with no known values must be open"
                ));
            }
        }
        if event["in_binary"] == Value::Bool(false) && !text(&event["source"]).contains("BIN") {
            problems.push(format!(
                "{name}: absent from the binary, so it must cite BIN"
            ));
        }
        let since = text(&event["since"]);
        if since.split('.').count() != 3 || !since.split('.').all(|p| p.parse::<u32>().is_ok()) {
            problems.push(format!("{name}: since `{since}` is not a version x.y.z"));
        }
    }
}

fn check_host(files: &Files, cursor_events: &BTreeSet<String>, problems: &mut Vec<String>) {
    let claude: Vec<&str> = list(&files.events["events"], "events")
        .iter()
        .map(|e| text(&e["name"]))
        .collect();
    let handler_types: Vec<&str> = list(&files.host["handler_types"], "handler_types")
        .iter()
        .map(|h| text(&h["type"]))
        .collect();
    let cursor = &files.host["cursor"];
    let map = obj(&cursor["event_map"], "event_map");
    for (from, to) in map {
        if !claude.contains(&from.as_str()) {
            problems.push(format!(
                "cursor.event_map: `{from}` is not a Claude Code event"
            ));
        }
        if !cursor_events.contains(text(to)) {
            problems.push(format!(
                "cursor.event_map: `{to}` is not an event of spec/cursor/events.json"
            ));
        }
    }
    for from in list(&cursor["event_map_unsupported"], "event_map_unsupported") {
        if !claude.contains(&text(from)) || map.contains_key(text(from)) {
            problems.push(format!(
                "cursor.event_map_unsupported: {from} is unknown or mapped"
            ));
        }
    }
    for (key, what) in [
        ("config_sources", "name"),
        ("environment", "name"),
        ("results", "id"),
        ("combining", "id"),
        ("handler_keys", "name"),
        ("handler_types", "type"),
    ] {
        let mut seen = BTreeSet::new();
        for item in list(&files.host[key], key) {
            if !seen.insert(text(&item[what])) {
                problems.push(format!("{key}: `{}` is listed twice", item[what]));
            }
        }
    }
    for item in list(&files.host["handler_keys"], "handler_keys") {
        let what = format!("handler key {}", item["name"]);
        one_of(&item["type"], INPUT_TYPES, &what, problems);
        for ty in list(&item["applies_to"], "applies_to") {
            one_of(ty, &handler_types, &what, problems);
        }
    }
    for item in list(&files.host["config_sources"], "config_sources") {
        let what = format!("config source {}", item["name"]);
        one_of(
            &item["format"],
            &["settings", "plugin", "frontmatter"],
            &what,
            problems,
        );
    }
    for item in list(&files.host["combining"], "combining") {
        for event in list(&item["applies_to"], "applies_to") {
            if text(event) != "*" && !claude.contains(&text(event)) {
                problems.push(format!("combining: unknown event {event}"));
            }
        }
    }
}

/// Every way the files break SCHEMA.md, one line each.
fn problems(files: &Files, cursor_events: &BTreeSet<String>) -> Vec<String> {
    let mut problems = Vec::new();
    check_sources("events.json", &files.events, &mut problems);
    check_sources("host.json", &files.host, &mut problems);
    check_keys(files, &mut problems);
    check_events(files, &mut problems);
    check_host(files, cursor_events, &mut problems);
    problems
}

fn problems_of(edit: impl FnOnce(&mut Files)) -> Vec<String> {
    let mut files = committed();
    edit(&mut files);
    problems(&files, &cursor_events())
}

fn event_mut<'a>(files: &'a mut Files, name: &str) -> &'a mut Object {
    files.events["events"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|e| e["name"] == name)
        .unwrap()
        .as_object_mut()
        .unwrap()
}

#[test]
fn the_committed_claude_spec_follows_its_schema() {
    let problems = problems_of(|_| {});
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_claude_spec_lists_every_documented_event() {
    let files = committed();
    let events = list(&files.events["events"], "events");
    // The 2.1.332 binary's event list (scripts/claude-code-release-report checks the rest).
    assert_eq!(events.len(), 34);
    let missing_from_binary: Vec<&str> = events
        .iter()
        .filter(|e| e["in_binary"] == false)
        .map(|e| text(&e["name"]))
        .collect();
    assert_eq!(missing_from_binary, Vec::<&str>::new());
    let undocumented: Vec<&str> = events
        .iter()
        .filter(|e| e["documented"] == false)
        .map(|e| text(&e["name"]))
        .collect();
    assert_eq!(undocumented, ["PreSkillShellCommand"]);
}

#[test]
fn an_undefined_source_key_is_caught() {
    let problems = problems_of(|f| {
        event_mut(f, "Stop").insert("source".into(), "HK; NOPE 3".into());
    });
    assert!(
        problems
            .iter()
            .any(|p| p.contains("`NOPE` is not in `sources`")),
        "{problems:?}"
    );
}

#[test]
fn a_missing_key_and_an_unlisted_key_are_caught() {
    let problems = problems_of(|f| {
        let stop = event_mut(f, "Stop");
        let notes = stop.remove("notes").unwrap();
        stop.insert("note".into(), notes);
    });
    assert!(
        problems
            .iter()
            .any(|p| p.contains("required key `notes` is missing")),
        "{problems:?}"
    );
    assert!(
        problems
            .iter()
            .any(|p| p.contains("key `note` is not in SCHEMA.md")),
        "{problems:?}"
    );
}

#[test]
fn matcher_values_without_a_subject_are_caught() {
    let problems = problems_of(|f| {
        event_mut(f, "Stop").insert("matcher_values".into(), serde_json::json!(["x"]));
    });
    assert!(
        problems.iter().any(|p| p.contains("Stop: matcher values")),
        "{problems:?}"
    );
}

#[test]
fn a_duplicate_event_name_is_caught() {
    let problems = problems_of(|f| {
        event_mut(f, "SessionEnd").insert("name".into(), "Stop".into());
    });
    assert!(
        problems
            .iter()
            .any(|p| p.contains("event name `\"Stop\"` is not unique")),
        "{problems:?}"
    );
}

#[test]
fn a_schema_key_no_file_uses_is_caught() {
    let problems = problems_of(|f| {
        f.schema = f.schema.replace("`name` `about`", "`name` `about` `url?`");
    });
    assert!(
        problems
            .iter()
            .any(|p| p.contains("`source.url`, no file uses it")),
        "{problems:?}"
    );
}

#[test]
fn a_cursor_event_cursor_does_not_have_is_caught() {
    let problems = problems_of(|f| {
        f.host["cursor"]["event_map"]["Stop"] = "onStop".into();
    });
    assert!(
        problems
            .iter()
            .any(|p| p.contains("`\"onStop\"` is not an event")),
        "{problems:?}"
    );
}
