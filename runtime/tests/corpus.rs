//! Every payload the real cursor-agent CLI 2026.09.28 sent to a hook parses into its typed input
//! and serializes back without losing anything.
//!
//! The corpus is test data in this repository (`tests/corpus/cursor-cli-2026.09.28`, see
//! `tests/corpus/README.md`). A missing or unreadable file fails the test; nothing is skipped.

use cursor_hooks::cursor::event::*;
use cursor_hooks::cursor::{CursorVersion, Event};
use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const CORPUS: &str = "cursor-cli-2026.09.28";

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the runtime crate lives inside the workspace")
        .to_path_buf()
}

/// The corpus folder; a missing folder fails the test that asks, with the path it looked at.
fn corpus_dir() -> PathBuf {
    let dir = workspace_root().join("tests").join("corpus").join(CORPUS);
    assert!(
        dir.is_dir(),
        "the payload corpus is missing at {} (it is part of the repository: restore it with `git checkout -- tests/corpus`)",
        dir.display()
    );
    dir
}

/// What the spec knows about the payload keys: per event, every key the spec names
/// (common fields, the event's input fields and their aliases) and which of them are optional.
struct SpecKeys {
    known: BTreeMap<String, BTreeSet<String>>,
    optional: BTreeMap<String, BTreeSet<String>>,
}

fn spec_keys() -> SpecKeys {
    let path = workspace_root()
        .join("spec")
        .join("cursor")
        .join("events.json");
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let spec: Value = serde_json::from_str(&text).expect("spec/cursor/events.json is JSON");
    let fields = |list: &Value, known: &mut BTreeSet<String>, optional: &mut BTreeSet<String>| {
        for field in list.as_array().expect("a field list") {
            let name = field["name"].as_str().expect("a field name").to_owned();
            if field["optional"].as_bool().expect("`optional` is a bool") {
                optional.insert(name.clone());
            }
            known.insert(name);
            if let Some(aliases) = field.get("aliases").and_then(Value::as_array) {
                for alias in aliases {
                    known.insert(alias.as_str().expect("an alias").to_owned());
                }
            }
        }
    };
    let (mut common_known, mut common_optional) = (BTreeSet::new(), BTreeSet::new());
    fields(
        &spec["common_fields"],
        &mut common_known,
        &mut common_optional,
    );
    let mut keys = SpecKeys {
        known: BTreeMap::new(),
        optional: BTreeMap::new(),
    };
    for event in spec["events"].as_array().expect("an event list") {
        let name = event["name"].as_str().expect("an event name").to_owned();
        let (mut known, mut optional) = (common_known.clone(), common_optional.clone());
        fields(&event["input"], &mut known, &mut optional);
        keys.known.insert(name.clone(), known);
        keys.optional.insert(name, optional);
    }
    keys
}

/// Whether two JSON values are the same, numbers compared as f64 (`0` equals `0.0`).
/// Returns the path of the first difference.
fn diff(path: &str, original: &Value, written: &Value) -> Option<String> {
    match (original, written) {
        (Value::Number(a), Value::Number(b)) => {
            (a.as_f64() != b.as_f64()).then(|| format!("{path}: {a} became {b}"))
        }
        (Value::Object(a), Value::Object(b)) => {
            for key in a.keys().chain(b.keys()) {
                match (a.get(key), b.get(key)) {
                    (Some(x), Some(y)) => {
                        if let Some(d) = diff(&format!("{path}.{key}"), x, y) {
                            return Some(d);
                        }
                    }
                    (Some(x), None) => return Some(format!("{path}.{key} ({x}) was lost")),
                    (None, Some(y)) => return Some(format!("{path}.{key} ({y}) was added")),
                    (None, None) => unreachable!(),
                }
            }
            None
        }
        (Value::Array(a), Value::Array(b)) => {
            if a.len() != b.len() {
                return Some(format!("{path}: {} items became {}", a.len(), b.len()));
            }
            a.iter()
                .zip(b)
                .enumerate()
                .find_map(|(i, (x, y))| diff(&format!("{path}[{i}]"), x, y))
        }
        (a, b) => (a != b).then(|| format!("{path}: {a} became {b}")),
    }
}

/// Counts of one corpus pass.
#[derive(Default)]
struct Tally {
    per_event: BTreeMap<String, usize>,
}

/// Parses one payload as `T`, writes it back and compares; returns the typed value's `extra`.
fn check<T: Event>(where_: &str, line: &str, original: &Value, spec: &SpecKeys) {
    let typed: T = serde_json::from_str(line)
        .unwrap_or_else(|e| panic!("{where_}: `{}` payload does not parse: {e}", T::NAME));
    let object = original.as_object().expect("a payload is an object");

    // The typed value knows its event and the CLI build that sent it (corpus README: every
    // payload carries cursor_version 2026.09.28-64d2043).
    assert_eq!(typed.common().hook_event_name, T::NAME, "{where_}");
    match &typed.common().cursor_version {
        CursorVersion::Cli { date, hash, raw } => {
            assert_eq!(*date, (2026, 9, 28), "{where_}");
            assert_eq!(hash, "64d2043", "{where_}");
            assert_eq!(Some(raw.as_str()), object["cursor_version"].as_str());
        }
        other => panic!("{where_}: cursor_version read as {other:?}, not a CLI date build"),
    }

    // Write it back. A known optional field sent as `null` may come back absent: the spec
    // (SCHEMA.md) defines `optional: true` as "may be absent or null", the same value.
    let written = serde_json::to_value(&typed)
        .unwrap_or_else(|e| panic!("{where_}: `{}` does not serialize: {e}", T::NAME));
    let optional = &spec.optional[T::NAME];
    let mut expected = object.clone();
    expected.retain(|key, value| {
        !(value.is_null() && optional.contains(key) && written.get(key).is_none())
    });
    if let Some(d) = diff("$", &Value::Object(expected), &written) {
        panic!("{where_}: `{}` round trip differs: {d}", T::NAME);
    }

    // Keys the spec does not know are exactly the keys kept in `extra`, with their values.
    let extra = extra_of(&typed);
    let known = &spec.known[T::NAME];
    let unknown: BTreeSet<&String> = object.keys().filter(|k| !known.contains(*k)).collect();
    let kept: BTreeSet<&String> = extra.keys().collect();
    assert_eq!(unknown, kept, "{where_}: unknown keys vs `extra`");
    for (key, value) in &extra {
        assert_eq!(Some(value), object.get(key), "{where_}: extra `{key}`");
    }
}

/// `extra` through the public field, whatever the type (all 21 have `pub extra`).
fn extra_of<T: Event>(typed: &T) -> Map<String, Value> {
    macro_rules! extra {
        ($($ty:ident),* $(,)?) => {{
            let any: &dyn std::any::Any = typed;
            $(if let Some(t) = any.downcast_ref::<$ty>() {
                return t.extra.keys().map(|key| (key.to_owned(), t.extra.get(key).expect("JSON"))).collect();
            })*
            panic!("{} is not one of the 21 input types", std::any::type_name::<T>())
        }};
    }
    cursor_hooks::__for_each_event!(extra)
}

/// Dispatches on the wire name; every one of the 21 events has an arm.
fn dispatch(where_: &str, line: &str, spec: &SpecKeys, tally: &mut Tally) {
    let original: Value = serde_json::from_str(line)
        .unwrap_or_else(|e| panic!("{where_}: the line is not JSON: {e}"));
    let name = original["hook_event_name"]
        .as_str()
        .unwrap_or_else(|| panic!("{where_}: no string hook_event_name"))
        .to_owned();
    let o = &original;
    match name.as_str() {
        "sessionStart" => check::<SessionStart>(where_, line, o, spec),
        "sessionEnd" => check::<SessionEnd>(where_, line, o, spec),
        "preToolUse" => check::<PreToolUse>(where_, line, o, spec),
        "postToolUse" => check::<PostToolUse>(where_, line, o, spec),
        "postToolUseFailure" => check::<PostToolUseFailure>(where_, line, o, spec),
        "subagentStart" => check::<SubagentStart>(where_, line, o, spec),
        "subagentStop" => check::<SubagentStop>(where_, line, o, spec),
        "beforeShellExecution" => check::<BeforeShellExecution>(where_, line, o, spec),
        "afterShellExecution" => check::<AfterShellExecution>(where_, line, o, spec),
        "beforeMCPExecution" => check::<BeforeMCPExecution>(where_, line, o, spec),
        "afterMCPExecution" => check::<AfterMCPExecution>(where_, line, o, spec),
        "beforeReadFile" => check::<BeforeReadFile>(where_, line, o, spec),
        "afterFileEdit" => check::<AfterFileEdit>(where_, line, o, spec),
        "beforeSubmitPrompt" => check::<BeforeSubmitPrompt>(where_, line, o, spec),
        "afterAgentResponse" => check::<AfterAgentResponse>(where_, line, o, spec),
        "afterAgentThought" => check::<AfterAgentThought>(where_, line, o, spec),
        "preCompact" => check::<PreCompact>(where_, line, o, spec),
        "stop" => check::<Stop>(where_, line, o, spec),
        "beforeTabFileRead" => check::<BeforeTabFileRead>(where_, line, o, spec),
        "afterTabFileEdit" => check::<AfterTabFileEdit>(where_, line, o, spec),
        "workspaceOpen" => check::<WorkspaceOpen>(where_, line, o, spec),
        other => panic!("{where_}: `{other}` is not one of Cursor's 21 events"),
    }
    *tally.per_event.entry(name).or_default() += 1;
}

#[test]
fn all_jsonl_round_trips_through_the_typed_inputs() {
    let dir = corpus_dir();
    let spec = spec_keys();
    let text = fs::read_to_string(dir.join("all.jsonl")).expect("all.jsonl is readable");
    let mut tally = Tally::default();
    for (i, line) in text.lines().enumerate() {
        dispatch(&format!("all.jsonl:{}", i + 1), line, &spec, &mut tally);
    }

    // Counts from the corpus README ("Payloads per hook_event_name", column all.jsonl).
    let expected: BTreeMap<String, usize> = [
        ("afterAgentThought", 188),
        ("preToolUse", 186),
        ("postToolUse", 134),
        ("beforeShellExecution", 120),
        ("afterShellExecution", 113),
        ("sessionEnd", 73),
        ("sessionStart", 72),
        ("postToolUseFailure", 45),
        ("beforeReadFile", 21),
        ("stop", 13),
        ("afterAgentResponse", 12),
        ("beforeSubmitPrompt", 10),
        ("afterFileEdit", 8),
        ("preCompact", 1),
        ("workspaceOpen", 1),
    ]
    .into_iter()
    .map(|(name, n)| (name.to_owned(), n))
    .collect();
    let total: usize = tally.per_event.values().sum();
    assert_eq!(total, 997, "payloads in all.jsonl");
    assert_eq!(tally.per_event.len(), 15, "distinct events in all.jsonl");
    assert_eq!(tally.per_event, expected);
}

#[test]
fn per_run_payload_files_parse() {
    let dir = corpus_dir();
    let spec = spec_keys();
    let mut files: Vec<PathBuf> = fs::read_dir(dir.join("payloads"))
        .expect("payloads/ is readable")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "jsonl"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 85, "payload files (corpus README: 85)");

    let mut tally = Tally::default();
    let mut skipped = 0;
    for file in &files {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let text = fs::read_to_string(file).expect("a payload file is readable");
        for (i, line) in text.lines().enumerate() {
            let where_ = format!("{name}:{}", i + 1);
            let value: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{where_}: the line is not JSON: {e}"));
            // The README's rule: a Cursor payload has both keys; the rest are the test hooks' own
            // records (hook_result, BackgroundTick, ...).
            if value.get("hook_event_name").is_some() && value.get("cursor_version").is_some() {
                dispatch(&where_, line, &spec, &mut tally);
            } else {
                skipped += 1;
            }
        }
    }
    // Corpus README: 1336 lines, 1011 Cursor payloads and 325 other lines.
    assert_eq!(tally.per_event.values().sum::<usize>(), 1011);
    assert_eq!(skipped, 325);
}

/// The comparison itself: integers and floats of the same value are equal, everything else
/// (a lost key, an added key, a changed value, nested or not) is a difference.
#[test]
fn the_comparison_catches_loss_and_ignores_number_form() {
    let original = serde_json::json!({"a": 0, "b": {"c": [1, "x"]}, "d": null});
    assert_eq!(
        diff(
            "$",
            &original,
            &serde_json::json!({"a": 0.0, "b": {"c": [1.0, "x"]}, "d": null})
        ),
        None
    );
    assert!(diff(
        "$",
        &original,
        &serde_json::json!({"a": 0, "b": {"c": [1, "x"]}})
    )
    .is_some());
    assert!(diff(
        "$",
        &original,
        &serde_json::json!({"a": 0, "b": {"c": [1, "y"]}, "d": null})
    )
    .is_some());
    assert!(diff(
        "$",
        &original,
        &serde_json::json!({"a": 0, "b": {"c": [1]}, "d": null})
    )
    .is_some());
    assert!(diff(
        "$",
        &original,
        &serde_json::json!({"a": 0.5, "b": {"c": [1, "x"]}, "d": null})
    )
    .is_some());
    assert!(diff(
        "$",
        &original,
        &serde_json::json!({"a": 0, "b": {"c": [1, "x"], "e": 1}, "d": null})
    )
    .is_some());
}
