//! `cursor-hooks replay`: captured payloads through a hook binary again, as processes.

mod common;

use common::Scratch;
use serde_json::json;

#[test]
fn an_unchanged_hook_replays_clean_and_a_changed_answer_is_reported() {
    let s = Scratch::new("replay");
    let policy = common::example_binary("policy");
    let captures = s.root.join("captures.jsonl");
    let payloads = [
        json!({"hook_event_name": "beforeShellExecution", "command": "rm -rf /", "cwd": "", "sandbox": false,
               "conversation_id": "c", "generation_id": "c", "model": "default",
               "cursor_version": "2026.09.28-64d2043", "workspace_roots": ["/p"], "user_email": null}),
        json!({"hook_event_name": "beforeShellExecution", "command": "ls", "cwd": "", "sandbox": false,
               "conversation_id": "c", "generation_id": "c", "model": "default",
               "cursor_version": "2026.09.28-64d2043", "workspace_roots": ["/p"], "user_email": null}),
    ];
    for payload in &payloads {
        let status = std::process::Command::new(&policy)
            .env("CURSOR_HOOKS_CAPTURE", &captures)
            .stdin(std::fs::File::open(s.write("payload.json", &payload.to_string())).unwrap())
            .stdout(std::process::Stdio::null())
            .status()
            .unwrap();
        assert!(status.success());
    }
    let policy_path = policy.to_str().unwrap();
    let clean = s.cli(
        &["replay", captures.to_str().unwrap(), "--", policy_path],
        None,
    );
    let text = String::from_utf8_lossy(&clean.stdout);
    assert_eq!(clean.status.code(), Some(0), "{text}");
    assert!(text.contains("0 of 2 captured answers changed"), "{text}");

    // Pretend the first answer was different when it was captured.
    let edited: String = std::fs::read_to_string(&captures)
        .unwrap()
        .lines()
        .enumerate()
        .map(|(at, line)| {
            let mut record: serde_json::Value = serde_json::from_str(line).unwrap();
            if at == 0 {
                record["stdout"] = json!("{\"permission\":\"allow\"}\n");
            }
            format!("{record}\n")
        })
        .collect();
    std::fs::write(&captures, edited).unwrap();
    let changed = s.cli(
        &["replay", captures.to_str().unwrap(), "--", policy_path],
        None,
    );
    let text = String::from_utf8_lossy(&changed.stdout);
    assert_eq!(changed.status.code(), Some(1), "{text}");
    assert!(text.contains("line 1 (beforeShellExecution): answered {\"permission\":\"allow\"} (exit 0), now {\"permission\":\"deny\""), "{text}");
    assert!(text.contains("1 of 2 captured answers changed"), "{text}");
}

#[test]
fn the_hook_knows_it_is_replayed_and_gets_its_arguments() {
    let s = Scratch::new("replay-env");
    let hook = s.script("hook.sh", "cat >/dev/null\necho \"{\\\"replay\\\":\\\"$CURSOR_HOOKS_REPLAY\\\",\\\"arg\\\":\\\"$1\\\"}\"");
    let captures = s.write(
        "captures.jsonl",
        &format!(
            "{}\n",
            json!({ "payload": "{\"hook_event_name\":\"stop\"}", "stdout": "{\"replay\":\"1\",\"arg\":\"x\"}\n", "exit_code": 0 })
        ),
    );
    let output = s.cli(
        &[
            "replay",
            captures.to_str().unwrap(),
            "--",
            hook.to_str().unwrap(),
            "x",
        ],
        None,
    );
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("0 of 1 captured answers changed"), "{text}");
}

fn shell_payload(command: &str) -> serde_json::Value {
    json!({"hook_event_name": "beforeShellExecution", "command": command, "cwd": "", "sandbox": false,
           "conversation_id": "c", "generation_id": "c", "model": "default",
           "cursor_version": "2026.09.28-64d2043", "workspace_roots": ["/p"], "user_email": null})
}

/// A file of bare payloads (what `--help` says replay takes) runs the hook on every line and
/// lists its answers; nothing was captured, so nothing can have changed: exit 0.
#[test]
fn plain_payload_lines_run_the_hook_and_report_its_answers() {
    let s = Scratch::new("replay-plain");
    let policy = common::example_binary("policy");
    let payloads = s.write(
        "payloads.jsonl",
        &format!("{}\n\n{}\n", shell_payload("rm -rf /"), shell_payload("ls")),
    );
    let output = s.cli(
        &[
            "replay",
            payloads.to_str().unwrap(),
            "--",
            policy.to_str().unwrap(),
        ],
        None,
    );
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("line 1 (beforeShellExecution): answered {\"permission\":\"deny\""),
        "{text}"
    );
    assert!(
        lines[1].starts_with("line 3 (beforeShellExecution): answered ")
            && lines[1].contains("(exit 0)"),
        "{text}"
    );
    assert_eq!(
        lines[2..],
        ["2 payload(s) without a captured answer: their answers are listed above"],
        "{text}"
    );
}

/// The recorded corpus, replayed through the policy hook: one answer per payload.
#[test]
fn the_recorded_corpus_replays_through_a_hook() {
    let s = Scratch::new("replay-corpus");
    let policy = common::example_binary("policy");
    let corpus = common::workspace_root().join("tests/corpus/cursor-cli-2026.09.28/all.jsonl");
    let payloads = std::fs::read_to_string(&corpus)
        .unwrap()
        .lines()
        .filter(|line| !line.trim().is_empty())
        .count();
    let output = s.cli(
        &[
            "replay",
            corpus.to_str().unwrap(),
            "--",
            policy.to_str().unwrap(),
        ],
        None,
    );
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{text}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let answers = text.lines().filter(|l| l.starts_with("line ")).count();
    assert_eq!(answers, payloads, "{text}");
    assert!(
        text.contains(&format!("{payloads} payload(s) without a captured answer")),
        "{text}"
    );
    assert!(text.contains("(beforeShellExecution): answered "), "{text}");
}

/// Errors are not changed answers: a hook that cannot start, a file that cannot be read or
/// is not JSON exit 2 with one line on stderr, never 1.
#[test]
fn errors_exit_2() {
    let s = Scratch::new("replay-errors");
    let payloads = s.write("payloads.jsonl", &format!("{}\n", shell_payload("ls")));
    let missing_hook = s.root.join("no-such-hook");
    let not_json = s.write("broken.jsonl", "{\"hook_event_name\": \n");
    let hook = s.script("hook.sh", "cat >/dev/null\necho '{}'");
    let cases = [
        (payloads.clone(), missing_hook.clone(), "cannot start"),
        (s.root.join("missing.jsonl"), hook.clone(), "cannot read"),
        (not_json, hook, "not JSON"),
    ];
    for (file, hook, message) in cases {
        let output = s.cli(
            &[
                "replay",
                file.to_str().unwrap(),
                "--",
                hook.to_str().unwrap(),
            ],
            None,
        );
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with("cursor-hooks: ") && stderr.contains(message),
            "{stderr}"
        );
    }
}

#[test]
fn a_hook_that_never_ends_is_killed_at_the_timeout_and_is_an_error() {
    let s = Scratch::new("replay-timeout");
    let payloads = s.write("payloads.jsonl", &format!("{}\n", shell_payload("ls")));
    let cases = [
        // Never answers.
        ("silent.sh", "cat >/dev/null\nsleep 600"),
        // Answers, but leaves a child holding its stdout.
        ("held.sh", "cat >/dev/null\nsleep 600 &\necho '{}'"),
    ];
    for (name, body) in cases {
        let hook = s.script(name, body);
        let output = s.cli(
            &[
                "replay",
                "--timeout",
                "1",
                payloads.to_str().unwrap(),
                "--",
                hook.to_str().unwrap(),
            ],
            None,
        );
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{name}: {stderr}");
        assert!(
            stderr.starts_with("cursor-hooks: ")
                && stderr.contains("line 1")
                && stderr.contains("did not end within 1 s"),
            "{name}: {stderr}"
        );
    }
}

/// A `stop` handler without an opinion: in-process, the same answer as `answers_nothing.sh`.
#[cursor_hooks::cursor_hook(event = "stop")]
fn no_opinion(_: &cursor_hooks::cursor::event::Stop) -> cursor_hooks::prelude::StopResponse {
    cursor_hooks::prelude::no_opinion()
}

/// `cursor-hooks replay` and `testing::replay` read a capture file by the same rules: the same
/// lines are compared, the same answers have changed, and a bad line is the same error.
#[test]
fn the_cli_and_testing_replay_read_a_capture_file_alike() {
    let s = Scratch::new("replay-alike");
    // `{}` and exit 0 on every payload, as the handler above answers.
    let hook = s.script("answers_nothing.sh", "cat >/dev/null\nprintf '{}'");
    let handlers = [cursor_hooks::testing::handler::<no_opinion>()];
    let stop = "{\"hook_event_name\":\"stop\"}";
    let good = [
        json!({ "payload": stop, "stdout": "{}", "exit_code": 0 }).to_string(),
        String::new(),
        json!({ "payload": stop, "stdout": "{\"followup_message\":\"x\"}\n", "exit_code": 0 })
            .to_string(),
        stop.to_owned(),
        json!({ "payload_bytes": [255, 123], "stdout": "{}", "exit_code": 2 }).to_string(),
        json!({ "payload": "{}" }).to_string(),
    ];
    let file = s.write("good.jsonl", &format!("{}\n", good.join("\n")));
    let cli = s.cli(
        &[
            "replay",
            file.to_str().unwrap(),
            "--",
            hook.to_str().unwrap(),
        ],
        None,
    );
    let text = String::from_utf8_lossy(&cli.stdout);
    assert_eq!(cli.status.code(), Some(1), "{text}");
    let changes = cursor_hooks::testing::replay(&handlers, &file).unwrap();
    let from_testing: Vec<String> = changes
        .iter()
        .map(|change| {
            let event = change
                .event
                .as_ref()
                .map(|event| format!(" ({event})"))
                .unwrap_or_default();
            format!(
                "line {}{event}: answered {} (exit {}), now {} (exit {})",
                change.line,
                change.before.0.trim_end(),
                change.before.1,
                change.after.0.trim_end(),
                change.after.1
            )
        })
        .collect();
    let from_cli: Vec<&str> = text.lines().filter(|l| l.contains(", now ")).collect();
    assert_eq!(from_cli, from_testing, "{text}");
    assert_eq!(
        from_testing.iter().map(|l| &l[..6]).collect::<Vec<_>>(),
        ["line 3", "line 5"]
    );
    assert!(text.contains("2 of 3 captured answers changed"), "{text}");
    assert!(
        text.contains("2 payload(s) without a captured answer"),
        "{text}"
    );

    // (A line cut short, such as `{"hook_event_name": `, is skipped with a note instead:
    // `replay_damaged_line.rs`.)
    let bad = [
        "[1]",
        "{\"x\":1}",
        r#"{"payload":"{}","stdout":"{}","exit_code":"0"}"#,
        r#"{"payload":"{}","stdout":"{}","exit_code":1.5}"#,
        r#"{"payload":"{}","stdout":"{}","exit_code":4294967296}"#,
        r#"{"payload":"{}","stdout":"{}"}"#,
        r#"{"payload":"{}","exit_code":0}"#,
        r#"{"payload":"{}","stdout":1,"exit_code":0}"#,
        r#"{"payload":1,"stdout":"{}","exit_code":0}"#,
        r#"{"payload_bytes":[256],"stdout":"{}","exit_code":0}"#,
        r#"{"payload_bytes":"{}","stdout":"{}","exit_code":0}"#,
        r#"{"payload":"{}","payload_bytes":[123,125],"stdout":"{}","exit_code":0}"#,
    ];
    for line in bad {
        let file = s.write("bad.jsonl", &format!("{}\n{line}\n", good[0]));
        let cli = s.cli(
            &[
                "replay",
                file.to_str().unwrap(),
                "--",
                hook.to_str().unwrap(),
            ],
            None,
        );
        let stderr = String::from_utf8_lossy(&cli.stderr);
        assert_eq!(cli.status.code(), Some(2), "{line}: {stderr}");
        let error = cursor_hooks::testing::replay(&handlers, &file).unwrap_err();
        assert_eq!(stderr, format!("cursor-hooks: {error}\n"), "{line}");
        assert!(error.to_string().contains("bad.jsonl:2: "), "{error}");
    }
}
