//! Real hook binaries built with the macro, fed payloads on stdin as Cursor does.

mod common;

use common::{payload, run, Run};
use serde_json::{json, Value};

fn shell(command: &str) -> Vec<u8> {
    payload(
        "beforeShellExecution",
        json!({ "command": command, "cwd": "", "sandbox": false }),
    )
}

const SINGLE: &str = env!("CARGO_BIN_EXE_single-handler");
const EVERY: &str = env!("CARGO_BIN_EXE_every-category");
const FAILING: &str = env!("CARGO_BIN_EXE_failing-handlers");

#[test]
fn single_handler_denies_with_both_messages() {
    let run = run(SINGLE, &shell("rm -rf /tmp/x"));
    assert_eq!(run.code, 0);
    assert_eq!(
        run.json(),
        json!({"permission": "deny", "user_message": "rm -rf is blocked: delete specific paths instead"})
    );
    assert_eq!(run.stderr, "");
}

#[test]
fn single_handler_has_no_opinion_by_default_and_allows_explicitly() {
    let quiet = run(SINGLE, &shell("ls"));
    assert_eq!((quiet.stdout.as_str(), quiet.code), ("{}\n", 0));
    let allowed = run(SINGLE, &shell("allowme"));
    assert_eq!(allowed.json(), json!({"permission": "allow"}));
}

#[test]
fn ask_follows_the_version_rules() {
    let cli = run(SINGLE, &shell("git push --force"));
    assert_eq!(
        cli.json(),
        json!({"permission": "deny", "user_message": "force-push?"})
    );
    assert_eq!(
        cli.stderr_lines().len(),
        1,
        "one warning line: {:?}",
        cli.stderr
    );
    assert!(
        cli.stderr.contains("`ask` answered as `deny`"),
        "{}",
        cli.stderr
    );

    let mut old = serde_json::from_slice::<Value>(&shell("git push --force")).unwrap();
    old["cursor_version"] = json!("2.0.77");
    let old = run(SINGLE, old.to_string().as_bytes());
    assert_eq!(
        old.json(),
        json!({"permission": "ask", "user_message": "force-push?"})
    );
    assert_eq!(old.stderr, "");
}

#[test]
fn a_1_7_payload_gets_the_1_7_format() {
    // E20 of the wire-format reference: no cursor_version, no model.
    let legacy = br#"{"hook_event_name":"beforeShellExecution","conversation_id":"668320d2","generation_id":"490b90b7","workspace_roots":["/Users/me/p"],"command":"rm -rf build","cwd":"/Users/me/p"}"#;
    let run = run(SINGLE, legacy);
    assert_eq!(
        run.json(),
        json!({"continue": true, "permission": "deny", "userMessage": "rm -rf is blocked: delete specific paths instead"})
    );
}

#[test]
fn unhandled_and_unknown_events_get_no_opinion_and_a_note() {
    let unhandled = run(
        SINGLE,
        &payload("stop", json!({"status": "completed", "loop_count": 0})),
    );
    assert_eq!((unhandled.stdout.as_str(), unhandled.code), ("{}\n", 0));
    assert_eq!(
        unhandled.stderr_lines(),
        ["cursor-hooks: this binary has no handler for `stop`; answered no opinion"]
    );

    let unknown = run(
        SINGLE,
        &payload("beforeShellCommand", json!({"command": "ls"})),
    );
    assert_eq!((unknown.stdout.as_str(), unknown.code), ("{}\n", 0));
    assert_eq!(unknown.stderr_lines().len(), 1);
    assert!(
        unknown
            .stderr
            .contains("`beforeShellCommand` is not an event"),
        "{}",
        unknown.stderr
    );
}

#[test]
fn every_category_answers_in_its_own_shape() {
    let cases = [
        (
            payload("preToolUse", json!({"tool_name": "Shell", "tool_input": {"command": "npm install", "cwd": ""}, "tool_use_id": "t1", "cwd": ""})),
            json!({"permission": "allow", "updated_input": {"command": "npm ci"}}),
        ),
        (
            payload("preToolUse", json!({"tool_name": "Shell", "tool_input": {"command": "git push --force"}, "tool_use_id": "t2"})),
            json!({"permission": "deny", "user_message": "force-push?"}),
        ),
        (
            payload("beforeReadFile", json!({"file_path": "/project/.env", "content": "A=1", "attachments": []})),
            json!({"permission": "deny", "user_message": "secrets stay unread"}),
        ),
        (payload("beforeReadFile", json!({"file_path": "/project/main.rs", "content": "", "attachments": []})), json!({})),
        (
            payload("beforeSubmitPrompt", json!({"prompt": "key AKIAABCDEFGHIJKLMNOP", "attachments": []})),
            json!({"continue": false, "user_message": "the prompt holds an access key"}),
        ),
        (
            payload("sessionStart", json!({"is_background_agent": false})),
            json!({"env": {"AUDIT": "1"}, "additional_context": "branch: main"}),
        ),
        (payload("stop", json!({"status": "completed", "loop_count": 0})), json!({"followup_message": "run the tests"})),
        (payload("stop", json!({"status": "completed", "loop_count": 1})), json!({})),
        (
            payload("preCompact", json!({"trigger": "manual", "context_usage_percent": 5.5})),
            json!({"user_message": "compacting"}),
        ),
        (
            br#"{"hook_event_name":"workspaceOpen","cursor_version":"2026.09.28-64d2043","workspace_roots":["/p"],"user_email":null}"#.to_vec(),
            json!({"pluginPaths": ["/opt/plugins/audit"]}),
        ),
        (payload("afterFileEdit", json!({"file_path": "/p/a.rs", "edits": [{"old_string": "", "new_string": "x"}]})), json!({})),
    ];
    for (input, expected) in cases {
        let run = run(EVERY, &input);
        assert_eq!(run.code, 0, "{}", String::from_utf8_lossy(&input));
        assert_eq!(run.json(), expected, "{}", String::from_utf8_lossy(&input));
    }
}

#[test]
fn an_observe_handler_keeps_stdout_clean() {
    let run = run(
        EVERY,
        &payload(
            "afterFileEdit",
            json!({"file_path": "/p/a.rs", "edits": []}),
        ),
    );
    assert_eq!(run.stdout, "{}\n");
    assert_eq!(run.stderr, "edited /p/a.rs\n");
}

fn failing(event: &str, fields: Value) -> Run {
    run(FAILING, &payload(event, fields))
}

#[test]
fn fail_closed_denies_on_a_handler_error_and_on_a_panic() {
    for (command, cause) in [
        ("error", "failed: the policy file is unreadable"),
        ("panic", "panicked: handler panicked on purpose"),
    ] {
        let run = failing(
            "beforeShellExecution",
            json!({"command": command, "cwd": ""}),
        );
        assert_eq!(run.code, 0);
        let answer = run.json();
        assert_eq!(answer["permission"], "deny");
        let message = answer["user_message"].as_str().expect("a deny message");
        assert!(message.contains(cause), "{message}");
        assert_eq!(
            run.stderr_lines().len(),
            1,
            "one stderr line: {:?}",
            run.stderr
        );
        assert!(
            run.stderr.contains(cause) && run.stderr.contains("fail-closed"),
            "{}",
            run.stderr
        );
        assert!(
            !run.stderr.contains("RUST_BACKTRACE"),
            "the default panic report leaked: {}",
            run.stderr
        );
    }
}

#[test]
fn fail_open_answers_no_opinion_on_a_handler_error_and_on_a_panic() {
    for (path, cause) in [("/p/error", "failed"), ("/p/panic", "panicked")] {
        let run = failing(
            "beforeReadFile",
            json!({"file_path": path, "content": "", "attachments": []}),
        );
        assert_eq!((run.stdout.as_str(), run.code), ("{}\n", 0));
        assert_eq!(run.stderr_lines().len(), 1, "{:?}", run.stderr);
        assert!(
            run.stderr.contains(cause) && run.stderr.contains("fail-open"),
            "{}",
            run.stderr
        );
    }
}

#[test]
fn fail_closed_blocks_a_prompt_with_continue_false() {
    let run = failing(
        "beforeSubmitPrompt",
        json!({"prompt": "error", "attachments": []}),
    );
    assert_eq!(run.code, 0);
    assert_eq!(run.json()["continue"], false);
}

#[test]
fn fail_closed_exits_2_where_json_cannot_block() {
    let run = failing(
        "afterShellExecution",
        json!({"command": "panic", "output": "", "duration": 1.5}),
    );
    assert_eq!((run.stdout.as_str(), run.code), ("", 2));
    assert_eq!(run.stderr_lines().len(), 1);
    assert!(run.stderr.contains("panicked"), "{}", run.stderr);
}

#[test]
fn fail_closed_denies_without_a_message_where_the_event_takes_none() {
    let run = failing(
        "beforeTabFileRead",
        json!({"file_path": "/p/error", "content": ""}),
    );
    assert_eq!(run.json(), json!({"permission": "deny"}));
    assert!(run.stderr.contains("failed"), "{}", run.stderr);
}

#[test]
fn bad_input_is_answered_by_the_policy_of_the_event() {
    // A required field missing: the fail-closed shell handler denies, naming the field.
    let run = failing("beforeShellExecution", json!({"cwd": ""}));
    assert_eq!(run.json()["permission"], "deny");
    assert!(run.stderr.contains("`command`"), "{}", run.stderr);
    // The same mistake on the fail-open read handler: no opinion.
    let run = failing("beforeReadFile", json!({"file_path": 7}));
    assert_eq!(run.stdout, "{}\n");
    assert!(run.stderr.contains("`file_path`"), "{}", run.stderr);
}

#[test]
fn an_event_name_nested_in_the_payload_does_not_pick_the_handler() {
    // The MCP-style argument object carries its own `hook_event_name`, after the real one.
    let input = br#"{"hook_event_name":"preToolUse","cursor_version":"2026.09.28-64d2043","model":"default","tool_name":"Shell","tool_use_id":"t","tool_input":{"command":"npm install","hook_event_name":"workspaceOpen"}}"#;
    let run = run(EVERY, input);
    assert_eq!(
        run.json(),
        json!({"permission": "allow", "updated_input": {"command": "npm ci"}})
    );
    assert_eq!(run.stderr, "");
}
