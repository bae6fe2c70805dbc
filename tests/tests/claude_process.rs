//! A real hook binary with Claude Code handlers (and a Cursor one), fed payloads on stdin as
//! Claude Code and Cursor do: the deadline, the stdout guard, panics, capture, and dispatch by
//! the payload between the two hosts.

mod common;

use common::{run, Run};
use cursor_hooks::claude::event::{PreToolUse, Stop};
use cursor_hooks::testing::Binary;
use serde_json::{json, Value};

const BOTH: &str = env!("CARGO_BIN_EXE_claude-handlers");

fn bash(command: &str) -> Vec<u8> {
    PreToolUse::fixture()
        .tool_input(json!({ "command": command }))
        .to_json()
        .into_bytes()
}

fn deny_reason(run: &Run) -> String {
    let json = run.json();
    assert_eq!(
        json["hookSpecificOutput"]["permissionDecision"], "deny",
        "{json}"
    );
    json["hookSpecificOutput"]["permissionDecisionReason"]
        .as_str()
        .unwrap()
        .to_owned()
}

#[test]
fn a_claude_guard_answers_in_claudes_form() {
    let run = run(BOTH, &bash("rm -rf target"));
    assert_eq!(run.code, 0);
    assert_eq!(
        run.stdout,
        concat!(
            r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"rm -rf is blocked"}}"#,
            "\n"
        )
    );
    assert_eq!(run.stderr, "");
    let harmless = common::run(BOTH, &bash("ls"));
    assert_eq!((harmless.stdout.as_str(), harmless.code), ("{}\n", 0));
}

#[test]
fn a_fail_closed_claude_guard_past_its_deadline_denies() {
    let run = run(BOTH, &bash("sleep then rm"));
    assert_eq!(run.code, 0);
    let reason = deny_reason(&run);
    assert!(
        reason.contains("did not answer within its budget (900 ms of the 1 s timeout)"),
        "{reason}"
    );
    assert_eq!(
        run.stderr_lines(),
        ["cursor-hooks: PreToolUse: handler `claude_guard` did not answer within its budget (900 ms of the 1 s timeout); fail-closed: answered deny"]
    );
}

#[test]
fn a_fail_open_claude_handler_past_its_deadline_has_no_opinion() {
    let payload = Stop::fixture().stop_hook_active(true).to_json();
    let run = run(BOTH, payload.as_bytes());
    assert_eq!((run.stdout.as_str(), run.code), ("{}\n", 0));
    assert!(
        run.stderr.contains("fail-open: answered no opinion"),
        "{}",
        run.stderr
    );
    let first = common::run(BOTH, Stop::fixture().to_json().as_bytes());
    assert_eq!(
        first.json(),
        json!({"decision": "block", "reason": "run the tests first"})
    );
}

#[test]
fn stdout_stays_one_json_object_when_the_handler_prints() {
    let run = run(BOTH, &bash("print then rm -rf x"));
    assert_eq!(deny_reason(&run), "rm -rf is blocked");
    assert!(
        run.stderr.contains("a stray line on stdout"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_panic_is_answered_by_the_failure_policy() {
    let run = run(BOTH, &bash("panic"));
    assert!(deny_reason(&run).contains("panicked: the guard broke"));
    assert!(!run.stdout.contains("thread"), "{}", run.stdout);
}

#[test]
fn cursor_payloads_reach_the_cursor_handler_or_the_mapped_claude_one() {
    let shell = common::payload(
        "beforeShellExecution",
        json!({"command": "rm -rf /", "cwd": "", "sandbox": false}),
    );
    let cursor = run(BOTH, &shell);
    assert_eq!(
        cursor.json(),
        json!({"permission": "deny", "user_message": "cursor says no"})
    );
    // No Cursor preToolUse handler: the Claude PreToolUse guard answers, in Cursor's form.
    let pre_tool_use = common::payload(
        "preToolUse",
        json!({"tool_name": "Shell", "tool_input": {"command": "rm -rf /", "cwd": ""}, "tool_use_id": "t1", "cwd": ""}),
    );
    let claude = run(BOTH, &pre_tool_use);
    assert_eq!(
        claude.json(),
        json!({"permission": "deny", "user_message": "rm -rf is blocked", "agent_message": "rm -rf is blocked"})
    );
    let stop = common::payload("stop", json!({"status": "completed", "loop_count": 0}));
    assert_eq!(
        run(BOTH, &stop).json(),
        json!({"decision": "block", "reason": "run the tests first"})
    );
}

#[test]
fn capture_records_claude_payloads_and_answers() {
    let dir = std::env::temp_dir().join(format!("claude-capture-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("capture.jsonl");
    let payload = bash("rm -rf target");
    let answer = Binary::new(BOTH)
        .env(cursor_hooks::capture::CAPTURE_VARIABLE, &file)
        .run(payload.as_slice());
    assert_eq!(answer.exit_code, 0);
    let text = std::fs::read_to_string(&file).unwrap();
    let line: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(line["payload"], String::from_utf8(payload).unwrap());
    assert_eq!(line["stdout"], answer.stdout);
    std::fs::remove_dir_all(&dir).unwrap();
}
