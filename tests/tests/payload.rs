//! Payload drift and repeated keys against real fail-open and fail-closed binaries: a field
//! whose type changed is ignored and the handler runs (no failure answer, even fail-closed);
//! a repeated key is a malformed payload, answered by the failure policy with one line naming
//! the key, whichever key it is.

mod common;

use common::{payload, run, Run};
use serde_json::json;

const OPEN: &str = env!("CARGO_BIN_EXE_hardened-open");
const CLOSED: &str = env!("CARGO_BIN_EXE_hardened-closed");
const SINGLE_CLOSED: &str = env!("CARGO_BIN_EXE_single-closed");

/// A shell payload for `command` with `fields` (JSON text of `"key":value` pairs) spliced in
/// before its last key.
fn shell_with(command: &str, fields: &str) -> Vec<u8> {
    splice(
        payload("beforeShellExecution", json!({ "command": command })),
        fields,
    )
}

fn splice(payload: Vec<u8>, fields: &str) -> Vec<u8> {
    let text = String::from_utf8(payload).unwrap();
    let text = text.strip_prefix('{').unwrap();
    format!("{{{fields},{text}").into_bytes()
}

fn assert_one_line(run: &Run, needle: &str, case: &str) {
    let lines = run.stderr_lines();
    assert_eq!(lines.len(), 1, "{case}: {:?}", run.stderr);
    assert!(
        lines[0].contains(needle),
        "{case}: {:?} lacks {needle:?}",
        lines[0]
    );
}

#[test]
fn drift_is_not_a_failure_even_for_a_fail_closed_handler() {
    for (binary, name) in [(OPEN, "fail-open"), (CLOSED, "fail-closed")] {
        for field in [
            r#""sandbox":"yes""#,
            r#""model_id":{"id":"x"}"#,
            r#""cwd":1e999"#,
        ] {
            let case = format!("{name}, {field}");
            // The handler ran: it denies when asked to, and has no opinion otherwise.
            let denied = run(binary, &shell_with("deny", field));
            assert_eq!(
                denied.json()["user_message"],
                "denied by the handler",
                "{case}"
            );
            assert_one_line(&denied, ": ignored", &case);
            let quiet = run(binary, &shell_with("ls", field));
            assert_eq!((quiet.stdout.as_str(), quiet.code), ("{}\n", 0), "{case}");
            assert_one_line(&quiet, ": ignored", &case);
        }
    }
}

/// Repeated keys of each kind, with the key stderr must name.
fn repeated_keys() -> Vec<(&'static str, &'static str)> {
    vec![
        // A known common field, an event field, an unknown field (twice the same value).
        ("conversation_id", r#""conversation_id":"x""#),
        ("command", r#""command":"ls""#),
        ("future", r#""future":1,"future":1"#),
    ]
}

#[test]
fn a_repeated_key_fail_open_answers_no_opinion() {
    for (key, fields) in repeated_keys() {
        let run = run(OPEN, &shell_with("ls", fields));
        assert_eq!((run.stdout.as_str(), run.code), ("{}\n", 0), "{key}");
        assert_one_line(&run, &format!("key `{key}` appears twice"), key);
        assert_one_line(&run, "fail-open", key);
    }
}

#[test]
fn a_repeated_key_fail_closed_answers_the_event_s_block() {
    for (key, fields) in repeated_keys() {
        let shell = run(CLOSED, &shell_with("ls", fields));
        assert_eq!(
            shell.json()["permission"],
            "deny",
            "{key}: {}",
            shell.stdout
        );
        assert_one_line(&shell, &format!("key `{key}` appears twice"), key);

        // `command` is no field of beforeSubmitPrompt: an unknown key there, sent twice.
        let fields = match key {
            "command" => r#""command":"ls","command":"ls""#,
            _ => fields,
        };
        let prompt = run(
            CLOSED,
            &splice(
                payload("beforeSubmitPrompt", json!({"prompt": "hi"})),
                fields,
            ),
        );
        assert_eq!(prompt.json()["continue"], false, "{key}: {}", prompt.stdout);
        assert_one_line(&prompt, &format!("key `{key}` appears twice"), key);
    }
}

#[test]
fn a_payload_naming_two_events_is_answered_by_the_binary_s_policy() {
    let shell_then_prompt = splice(
        payload("beforeSubmitPrompt", json!({"prompt": "hi"})),
        r#""hook_event_name":"beforeShellExecution","command":"ls""#,
    );
    let read_then_stop = splice(
        payload("stop", json!({"status": "completed"})),
        r#""hook_event_name":"beforeReadFile","file_path":"/p/.env","content":"""#,
    );
    let same_twice = shell_with("ls", r#""hook_event_name":"beforeShellExecution""#);
    let needle = "key `hook_event_name` appears twice";

    for input in [&shell_then_prompt, &read_then_stop, &same_twice] {
        let open = run(OPEN, input);
        assert_eq!((open.stdout.as_str(), open.code), ("{}\n", 0));
        assert_one_line(&open, needle, "fail-open");
        // Several fail-closed handlers: which event's block applies is unclear, so exit 2.
        let closed = run(CLOSED, input);
        assert_eq!((closed.stdout.as_str(), closed.code), ("", 2));
        assert_one_line(&closed, needle, "fail-closed");
    }
    // One fail-closed handler: its block.
    let single = run(SINGLE_CLOSED, &read_then_stop);
    assert_eq!(single.json()["permission"], "deny", "{}", single.stdout);
    assert_one_line(&single, needle, "single fail-closed");
}

#[test]
fn deep_nesting_in_an_unknown_field_is_kept_as_text_not_built() {
    let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    for binary in [OPEN, CLOSED] {
        let run = run(binary, &shell_with("deny", &format!(r#""future":{deep}"#)));
        assert_eq!(run.json()["user_message"], "denied by the handler");
        assert_eq!(run.stderr, "");
    }
}

/// `binary` started as `install` wires it (`--host cursor --event EVENT`), answering `payload`.
fn run_wired(binary: &str, event: &str, payload: &[u8]) -> Run {
    use std::io::Write;
    let mut child = std::process::Command::new(binary)
        .args(["--host", "cursor", "--event", event])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(payload)
        .expect("the payload is written");
    let output = child.wait_with_output().expect("the binary ends");
    Run {
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
        code: output.status.code().unwrap_or(-1),
    }
}

#[test]
fn a_wired_command_answers_its_own_event_and_fails_by_policy_on_any_other() {
    let shell = payload("beforeShellExecution", json!({ "command": "deny" }));
    let after = payload(
        "afterShellExecution",
        json!({ "command": "ls", "output": "", "duration": 1 }),
    );
    for (binary, name) in [(OPEN, "fail-open"), (CLOSED, "fail-closed")] {
        let own = run_wired(binary, "beforeShellExecution", &shell);
        assert_eq!(
            own.json()["user_message"],
            "denied by the handler",
            "{name}"
        );
        assert_eq!(own.stderr, "", "{name}");
        // Unwired, the binary's `afterShellExecution` handler would answer it, quietly.
        let unwired = run(binary, &after);
        assert_eq!(
            (unwired.stdout.as_str(), unwired.code),
            ("{}\n", 0),
            "{name}"
        );
        assert_eq!(unwired.stderr, "", "{name}");
        let other = run_wired(binary, "beforeShellExecution", &after);
        assert_one_line(
            &other,
            "payload is for `afterShellExecution`, but this command is wired to answer Cursor's `beforeShellExecution` only",
            name,
        );
        if binary == CLOSED {
            assert_eq!(other.json()["permission"], "deny", "{name}");
        } else {
            assert_eq!((other.stdout.as_str(), other.code), ("{}\n", 0), "{name}");
        }
    }
    // Arguments that are not a wiring are refused before any payload is read.
    let output = std::process::Command::new(CLOSED)
        .args(["--host", "vim", "--event", "x"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("`--host vim`"));
}
