//! How the built `shell-guard` (fail-open) reads payloads Cursor may send tomorrow: a field whose
//! type changed does not switch the guard off, values no `Value` can hold are no error where
//! the guard does not read them, and a payload with a repeated key is malformed.

use cursor_hooks::testing::{Binary, Rendered};
use serde_json::{json, Value};

const SHELL_GUARD: &str = env!("CARGO_BIN_EXE_shell-guard");

/// A CLI `beforeShellExecution` payload for `rm -rf /` as JSON text, with `fields` (JSON text
/// of `"key":value` pairs, so it can hold what a `Value` cannot) written before the
/// event name.
fn rm_rf_with(fields: &str) -> String {
    let head = json!({
        "conversation_id": "08f8f6c0-cd1e-41e1-a580-72a21773e3ea",
        "generation_id": "08f8f6c0-cd1e-41e1-a580-72a21773e3ea",
        "command": "rm -rf /",
    })
    .to_string();
    let head = head.strip_suffix('}').unwrap();
    let tail = r#""hook_event_name":"beforeShellExecution","cursor_version":"2026.09.28-64d2043"}"#;
    if fields.is_empty() {
        format!("{head},{tail}")
    } else {
        format!("{head},{fields},{tail}")
    }
}

fn run(payload: &str) -> Rendered {
    Binary::new(SHELL_GUARD)
        .env_remove("CURSOR_PROJECT_DIR")
        .run(payload.as_bytes())
}

fn assert_denied(run: &Rendered, case: &str) {
    assert_eq!(run.exit_code, 0, "{case}: {run:?}");
    let answer: Value = serde_json::from_str(&run.stdout).unwrap_or_default();
    assert_eq!(answer["permission"], "deny", "{case}: {run:?}");
}

#[test]
fn a_wrongly_typed_optional_field_is_ignored_and_the_guard_still_denies() {
    let cases = [
        (
            r#""user_email":{}"#,
            "field 'user_email' is an object, expected a string",
        ),
        (
            r#""sandbox":"yes""#,
            "field 'sandbox' is a string, expected a bool",
        ),
        (
            r#""model":5"#,
            "field 'model' is a number, expected a string",
        ),
        (
            r#""cursor_version":{"v":1}"#,
            "field 'cursor_version' is an object, expected a version string",
        ),
        (
            r#""workspace_roots":"x""#,
            "field 'workspace_roots' is a string, expected a list of strings",
        ),
        (
            r#""transcript_path":[]"#,
            "field 'transcript_path' is a list, expected a string",
        ),
        (
            r#""model_params":[{"id":1e999}]"#,
            "field 'model_params' is a list, expected a list of {id, value} objects",
        ),
        (
            r#""cwd":1e999"#,
            "field 'cwd' is a number out of range, expected a string",
        ),
    ];
    for (field, note) in cases {
        // `cursor_version` is in the payload already: replace it rather than repeat it.
        let payload = if field.starts_with(r#""cursor_version""#) {
            rm_rf_with("").replace(r#""cursor_version":"2026.09.28-64d2043""#, field)
        } else {
            rm_rf_with(field)
        };
        let run = run(&payload);
        assert_denied(&run, field);
        assert_eq!(
            run.stderr,
            [format!(
                "cursor-hooks: beforeShellExecution: {note}: ignored"
            )],
            "{field}: one line naming the field"
        );
    }
}

#[test]
fn a_wrongly_typed_required_field_is_answered_by_the_failure_policy() {
    let payload =
        rm_rf_with("").replace(r#""command":"rm -rf /""#, r#""command":["rm","-rf","/"]"#);
    let run = run(&payload);
    assert_eq!((run.stdout.as_str(), run.exit_code), ("{}\n", 0), "{run:?}");
    assert_eq!(run.stderr.len(), 1, "{run:?}");
    assert!(run.stderr[0].contains("`command`"), "{run:?}");
    assert!(
        run.stderr[0].ends_with("fail-open: answered no opinion"),
        "{run:?}"
    );
}

#[test]
fn numbers_no_value_holds_are_no_error_where_the_guard_does_not_read_them() {
    let long = "9".repeat(5000);
    for field in [
        r#""future":1e999"#.to_owned(),
        format!(r#""future":{long}"#),
        format!(r#""future":{{"deep":[1e999,-{long}]}}"#),
    ] {
        let run = run(&rm_rf_with(&field));
        assert_denied(&run, &field[..field.len().min(40)]);
        assert!(run.stderr.is_empty(), "{run:?}");
    }
}

#[test]
fn a_repeated_key_is_a_malformed_payload_whichever_key() {
    for (key, fields) in [
        // Known common field, event field, unknown field, and the event name.
        ("conversation_id", r#""conversation_id":"x""#),
        ("command", r#""command":"ls""#),
        ("sandbox", r#""sandbox":false,"sandbox":false"#),
        ("future", r#""future":1,"future":1"#),
        ("hook_event_name", r#""hook_event_name":"stop""#),
    ] {
        let run = run(&rm_rf_with(fields));
        assert_eq!(
            (run.stdout.as_str(), run.exit_code),
            ("{}\n", 0),
            "{key}: {run:?}"
        );
        assert_eq!(run.stderr.len(), 1, "{key}: {run:?}");
        assert!(
            run.stderr[0].contains(&format!("key `{key}` appears twice")),
            "{key}: {run:?}"
        );
    }
}
