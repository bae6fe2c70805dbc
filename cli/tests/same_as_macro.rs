//! `cursor-hooks doctor` and the `#[cursor_hook]` macro answer the same on the same input: the
//! event names and matchers of the macro's trybuild cases (`tests/ui`), written into a
//! hooks.json, get a finding from `doctor` exactly where the macro refuses to compile, and the
//! same "did you mean" name. (Both call `cursor-hooks-spec`; this checks that each crate really
//! uses it, against the suite that proves the macro's side.)

mod common;

use common::{with, Scratch};
use serde_json::{json, Map, Value};
use std::path::{Path, PathBuf};

fn ui(kind: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/ui")
        .join(kind)
}

/// The trybuild cases of `kind` (`pass` or `fail`) whose name starts with `prefix`.
fn cases(kind: &str, prefix: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(ui(kind))
        .expect("tests/ui is readable")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| {
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            name.starts_with(prefix) && name.ends_with(".rs")
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no {kind}/{prefix}* case");
    files
}

/// The value of `key = "..."` in `line`, unescaped (the cases use only `\\` and `\"`).
fn string_arg(line: &str, key: &str) -> Option<String> {
    let start = line.find(&format!("{key} = \""))? + key.len() + 4;
    let mut value = String::new();
    let mut chars = line[start..].chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next().expect("an escaped character")),
            '"' => return Some(value),
            c => value.push(c),
        }
    }
    None
}

/// Every `(event, matcher)` of the `#[cursor_hook]` attributes in `file`.
fn matchers(file: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(file).expect("a case");
    text.lines()
        .filter(|line| line.starts_with("#[cursor_hook("))
        .filter_map(|line| Some((string_arg(line, "event")?, string_arg(line, "matcher")?)))
        .collect()
}

/// `doctor`'s findings on one hooks.json with one hook per `(event, matcher)`, and each
/// hook's JSON pointer.
fn doctor_on(name: &str, hooks: &[(String, String)]) -> (Vec<Value>, Vec<String>) {
    let s = Scratch::new(name);
    s.script("project/.cursor/hooks/a.sh", "cat >/dev/null; echo '{}'");
    let mut events: Map<String, Value> = Map::new();
    let mut pointers = Vec::new();
    for (event, matcher) in hooks {
        let list = events.entry(event.clone()).or_insert_with(|| json!([]));
        let list = list.as_array_mut().expect("a list");
        pointers.push(format!("/hooks/{event}/{}/matcher", list.len()));
        list.push(json!({ "command": ".cursor/hooks/a.sh", "matcher": matcher }));
    }
    s.hooks_json("project/.cursor/hooks.json", Value::Object(events));
    let (_, findings) = s.doctor(&[]);
    (findings, pointers)
}

#[test]
fn matchers_the_macro_accepts_get_no_finding() {
    let hooks: Vec<(String, String)> = cases("pass", "matchers")
        .iter()
        .flat_map(|f| matchers(f))
        .collect();
    assert!(
        hooks.iter().any(|(_, m)| m.is_empty()),
        "`\"\"` is among them: {hooks:?}"
    );
    assert!(hooks.len() >= 10, "{hooks:?}");
    let (findings, _) = doctor_on("accepted-matchers", &hooks);
    // Notes on the events themselves (where they do not fire) are not about matchers.
    let on_matchers: Vec<&Value> = findings
        .iter()
        .filter(|f| f["path"].as_str().is_some_and(|p| p.ends_with("/matcher")))
        .collect();
    assert_eq!(on_matchers, Vec::<&Value>::new(), "{hooks:?}");
}

#[test]
fn matchers_the_macro_refuses_get_a_finding_each() {
    for case in cases("fail", "matcher") {
        let hooks = matchers(&case);
        assert_eq!(hooks.len(), 1, "{}: one hook", case.display());
        let (findings, pointers) = doctor_on("refused-matcher", &hooks);
        let at: Vec<&Value> = findings
            .iter()
            .filter(|f| f["path"] == pointers[0].as_str())
            .collect();
        assert_eq!(
            at.len(),
            1,
            "{}: {hooks:?} gave {findings:#?}",
            case.display()
        );
    }
}

#[test]
fn unknown_event_names_get_the_macros_suggestion() {
    for case in cases("fail", "unknown-event") {
        let text = std::fs::read_to_string(&case).expect("a case");
        let event = text
            .lines()
            .find_map(|line| string_arg(line, "event"))
            .expect("an event name");
        let stderr = std::fs::read_to_string(case.with_extension("stderr")).expect("its stderr");
        let suggested = stderr
            .split_once("did you mean `")
            .and_then(|(_, rest)| rest.split_once('`'))
            .map(|(name, _)| name);
        let s = Scratch::new("unknown-event");
        s.script("project/.cursor/hooks/a.sh", "true");
        s.hooks_json(
            "project/.cursor/hooks.json",
            json!({ event.clone(): [{ "command": ".cursor/hooks/a.sh" }] }),
        );
        let (_, findings) = s.doctor(&[]);
        let unknown = with(&findings, &format!("`{event}` is not a Cursor event"));
        assert_eq!(unknown.len(), 1, "{event}: {findings:#?}");
        let message = unknown[0]["message"].as_str().expect("a message");
        match suggested {
            Some(name) => assert!(message.contains(&format!("`{name}`")), "{event}: {message}"),
            None => assert!(!message.contains("did you mean"), "{event}: {message}"),
        }
    }
}
