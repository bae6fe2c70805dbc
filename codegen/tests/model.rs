//! The typed model rejects a spec that does not follow SCHEMA.md instead of defaulting.

use cursor_hooks_codegen::model::{citations_of, Citation, Spec};
use serde_json::Value;

fn spec_json() -> Value {
    let path = cursor_hooks_codegen::workspace_root().join("spec/cursor/events.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("spec/cursor/events.json"))
        .expect("JSON")
}

fn parse(value: &Value) -> Result<Spec, String> {
    Spec::from_json(&value.to_string())
}

#[test]
fn the_committed_spec_parses() {
    let spec = parse(&spec_json()).expect("the spec follows SCHEMA.md");
    assert_eq!(spec.events.len(), 21);
}

#[test]
fn a_misspelt_key_is_an_error() {
    let mut json = spec_json();
    let event = json["events"][0].as_object_mut().unwrap();
    let notes = event.remove("notes").unwrap();
    event.insert("note".to_owned(), notes);
    let error = parse(&json).unwrap_err();
    assert!(error.contains("unknown field `note`"), "{error}");
}

#[test]
fn a_missing_nullable_key_is_an_error() {
    let mut json = spec_json();
    json["events"][0]
        .as_object_mut()
        .unwrap()
        .remove("matcher_subject");
    let error = parse(&json).unwrap_err();
    assert!(error.contains("missing field `matcher_subject`"), "{error}");
}

#[test]
fn an_unknown_type_is_an_error() {
    let mut json = spec_json();
    json["events"][2]["input"][0]["type"] = Value::from("strin");
    let error = parse(&json).unwrap_err();
    assert!(error.contains("unknown variant `strin`"), "{error}");
}

#[test]
fn a_source_missing_from_the_sources_table_is_an_error() {
    let mut json = spec_json();
    json["events"][2]["input"][0]["source"] = Value::from("D-AUG26; RECC");
    let error = parse(&json).unwrap_err();
    assert!(
        error.contains("`RECC` is not in the `sources` table"),
        "{error}"
    );
}

#[test]
fn matcher_values_need_a_subject() {
    let mut json = spec_json();
    json["events"][0]["matcher_values"] = serde_json::json!(["Read"]);
    let error = parse(&json).unwrap_err();
    assert!(
        error.contains("matcher values without a matcher subject"),
        "{error}"
    );
}

#[test]
fn citations_split_key_and_detail() {
    let citations: Vec<Citation> = citations_of("D-AUG26; DEC item 4").collect();
    assert_eq!(
        citations,
        [
            Citation {
                key: "D-AUG26",
                detail: ""
            },
            Citation {
                key: "DEC",
                detail: "item 4"
            }
        ]
    );
}
