//! `cursor-hooks simulate` on real configurations: several sources, plugins and Claude
//! settings, with small hook scripts and the `policy` example, read and merged as Cursor does.

mod common;

use common::Scratch;
use serde_json::{json, Value};

/// A script that prints `answer` after reading the payload.
fn answering(s: &Scratch, relative: &str, answer: &str) -> std::path::PathBuf {
    s.script(relative, &format!("cat >/dev/null\necho '{answer}'"))
}

fn shell(s: &Scratch, command: &str, extra: &[&str]) -> Value {
    let set = format!("command={command}");
    let mut args = vec!["--event", "beforeShellExecution", "--set", &set];
    args.extend_from_slice(extra);
    s.simulate(&args, None)
}

/// `simulate --json --session FILE` in the scratch project: one result object per payload.
fn simulate_session(s: &Scratch, file: &std::path::Path) -> Vec<Value> {
    let project = s.project();
    let output = s.cli(
        &[
            "simulate",
            "--json",
            "--project",
            project.to_str().unwrap(),
            "--session",
            file.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

#[test]
fn deny_and_allow_from_two_sources_is_deny_and_every_hook_runs() {
    let s = Scratch::new("deny-allow");
    answering(
        &s,
        "project/.cursor/hooks/deny.sh",
        r#"{"permission":"deny","user_message":"no pushes"}"#,
    );
    let allow = answering(&s, "home/allow.sh", r#"{"permission":"allow"}"#);
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [{ "command": ".cursor/hooks/deny.sh" }] }),
    );
    s.hooks_json(
        "home/.cursor/hooks.json",
        json!({ "beforeShellExecution": [{ "command": allow.to_str().unwrap() }] }),
    );
    let result = shell(&s, "git push", &[]);
    assert_eq!(
        result["decision"],
        json!({ "permission": "deny", "user_message": "no pushes" })
    );
    assert_eq!(result["outcome"], "blocked");
    let hooks = result["hooks"].as_array().unwrap();
    assert_eq!(hooks.len(), 2);
    let sources: Vec<&str> = hooks
        .iter()
        .map(|h| h["source"].as_str().unwrap())
        .collect();
    assert_eq!(sources, ["project", "user"]);
    assert!(hooks
        .iter()
        .all(|h| h["exit_code"] == 0 && h["read_as"] == "exit-0-json"));
}

#[test]
fn two_denials_join_their_messages() {
    let s = Scratch::new("two-denials");
    answering(
        &s,
        "project/.cursor/hooks/a.sh",
        r#"{"permission":"deny","user_message":"first"}"#,
    );
    answering(
        &s,
        "project/.cursor/hooks/b.sh",
        r#"{"permission":"deny","user_message":"second"}"#,
    );
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [
        { "command": ".cursor/hooks/a.sh" }, { "command": ".cursor/hooks/b.sh" }
    ] }),
    );
    let result = shell(&s, "ls", &[]);
    assert_eq!(result["decision"]["user_message"], "first\n\n---\n\nsecond");
}

#[test]
fn ask_and_allow_depend_on_the_version() {
    let s = Scratch::new("ask");
    answering(
        &s,
        "project/.cursor/hooks/ask.sh",
        r#"{"permission":"ask","user_message":"force-push?"}"#,
    );
    answering(
        &s,
        "project/.cursor/hooks/allow.sh",
        r#"{"permission":"allow"}"#,
    );
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [
        { "command": ".cursor/hooks/ask.sh" }, { "command": ".cursor/hooks/allow.sh" }
    ] }),
    );
    let old = shell(&s, "git push --force", &["--cursor-version", "2.0.77"]);
    assert_eq!(
        old["decision"],
        json!({ "permission": "ask", "user_message": "force-push?" })
    );
    assert_eq!(old["outcome"], "asks the user");
    let old_notes = old["unverified"].as_array().unwrap();
    assert!(
        old_notes
            .iter()
            .all(|n| !n.as_str().unwrap().contains("`ask`")),
        "{old_notes:?}"
    );
    assert!(
        old_notes
            .iter()
            .any(|n| n.as_str().unwrap().contains("default timeout")),
        "{old_notes:?}"
    );
    let new = shell(&s, "git push --force", &["--cursor-version", "2.5.0"]);
    assert_eq!(new["decision"]["permission"], "ask");
    assert_eq!(new["outcome"], "blocked (`ask` is treated as deny here)");
    let notes = new["unverified"].as_array().unwrap();
    assert!(
        notes.iter().any(|n| n.as_str().unwrap().contains("BRIDGE")),
        "{notes:?}"
    );
}

#[test]
fn a_hook_past_its_timeout_is_killed_and_fails_open_unless_fail_closed() {
    let s = Scratch::new("timeout");
    s.script(
        "project/.cursor/hooks/slow.sh",
        "cat >/dev/null\necho '{\"permission\":\"deny\"}'\nsleep 30",
    );
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [
        { "command": ".cursor/hooks/slow.sh", "timeout": 1 }
    ] }),
    );
    let open = shell(&s, "ls", &[]);
    assert_eq!(open["decision"], json!({}));
    assert_eq!(open["hooks"][0]["timed_out"], true);
    assert_eq!(open["hooks"][0]["read_as"], "timeout");
    assert_eq!(open["hooks"][0]["effect"], "noopinion");

    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [
        { "command": ".cursor/hooks/slow.sh", "timeout": 1, "failClosed": true }
    ] }),
    );
    let closed = shell(&s, "ls", &[]);
    assert_eq!(closed["decision"]["permission"], "deny");
    let message = closed["decision"]["user_message"].as_str().unwrap();
    assert!(
        message.starts_with("Hook script timed out after 1000ms"),
        "{message}"
    );
    assert!(message.contains("fail closed"), "{message}");
}

#[test]
fn exit_2_blocks_with_stderr_as_the_reason() {
    let s = Scratch::new("exit2");
    s.script(
        "project/.cursor/hooks/block.sh",
        "cat >/dev/null\necho 'not on main' >&2\nexit 2",
    );
    s.script(
        "project/.cursor/hooks/crash.sh",
        "cat >/dev/null\necho '{\"permission\":\"deny\"}'\nexit 3",
    );
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({
            "beforeShellExecution": [{ "command": ".cursor/hooks/block.sh" }],
            "preToolUse": [{ "command": ".cursor/hooks/crash.sh" }],
        }),
    );
    let result = shell(&s, "git commit", &[]);
    assert_eq!(
        result["decision"],
        json!({ "permission": "deny", "user_message": "Hook blocked with message: not on main" })
    );
    // Any other exit fails open: the deny it printed is not read.
    let crash = s.simulate(&["--event", "preToolUse"], None);
    assert_eq!(crash["decision"], json!({}));
    assert_eq!(crash["hooks"][0]["read_as"], "exit-other");
}

#[test]
fn invalid_json_blocks_a_permission_event_and_is_ignored_elsewhere() {
    let s = Scratch::new("invalid");
    s.script(
        "project/.cursor/hooks/garbage.sh",
        "cat >/dev/null\necho 'ok then'",
    );
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({
            "beforeShellExecution": [{ "command": ".cursor/hooks/garbage.sh" }],
            "afterShellExecution": [{ "command": ".cursor/hooks/garbage.sh" }],
        }),
    );
    let blocked = shell(&s, "ls", &[]);
    assert_eq!(
        blocked["decision"],
        json!({
            "permission": "deny",
            "user_message": "Hook \".cursor/hooks/garbage.sh\" returned invalid JSON. The command was blocked for safety."
        })
    );
    let observed = s.simulate(&["--event", "afterShellExecution"], None);
    assert_eq!(observed["decision"], json!({}));
    assert_eq!(observed["hooks"][0]["read_as"], "invalid-json");
    assert_eq!(observed["hooks"][0]["effect"], "ignore");
}

#[test]
fn matchers_select_hooks_by_the_event_subject() {
    let s = Scratch::new("matcher");
    answering(
        &s,
        "project/.cursor/hooks/shell.sh",
        r#"{"permission":"deny","user_message":"shell"}"#,
    );
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "preToolUse": [
        { "command": ".cursor/hooks/shell.sh", "matcher": "Sh.*|Nothing" }
    ] }),
    );
    let shell_tool = s.simulate(&["--event", "preToolUse", "--set", "tool_name=Shell"], None);
    assert_eq!(shell_tool["hooks"].as_array().unwrap().len(), 1);
    assert_eq!(shell_tool["decision"]["permission"], "deny");
    let read_tool = s.simulate(&["--event", "preToolUse", "--set", "tool_name=Read"], None);
    assert_eq!(read_tool["hooks"], json!([]));
    assert_eq!(read_tool["decision"], json!({}));
}

#[test]
fn hooks_run_at_once_in_the_project_with_cursors_environment() {
    let s = Scratch::new("together");
    // Each waits for the other's mark: run one after the other, the first would time out.
    let wait = |me: &str, other: &str| {
        format!("cat >/dev/null\ntouch {me}\nwhile [ ! -e {other} ]; do sleep 0.05; done\necho '{{\"permission\":\"allow\"}}'")
    };
    s.script("project/.cursor/hooks/a.sh", &wait("a.mark", "b.mark"));
    s.script("plugin/hooks/b.sh", &wait("b.mark", "a.mark"));
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [
        { "command": ".cursor/hooks/a.sh", "timeout": 20 }
    ] }),
    );
    s.hooks_json(
        "plugin/hooks/hooks.json",
        json!({ "beforeShellExecution": [
        { "command": "${CURSOR_PLUGIN_ROOT}/hooks/b.sh", "timeout": 20 }
    ] }),
    );
    // A Claude Code settings hook that reports the environment it got.
    s.script(
        "project/.claude/env.sh",
        "cat >/dev/null\necho \"{\\\"permission\\\":\\\"allow\\\",\\\"agent_message\\\":\\\"$CURSOR_PROJECT_DIR|$CLAUDE_PROJECT_DIR|$CURSOR_VERSION|$(pwd)\\\"}\"",
    );
    s.write(
        "home/.claude/settings.json",
        &json!({ "hooks": { "PreToolUse": [{ "matcher": "Shell", "hooks": [
            { "type": "command", "command": ".claude/env.sh" }
        ] }] } })
        .to_string(),
    );
    let plugin = s.root.join("plugin");
    let plugin = plugin.to_str().unwrap();
    let result = shell(&s, "ls", &["--plugin-dir", plugin]);
    assert_eq!(result["decision"], json!({ "permission": "allow" }));
    let effects: Vec<&Value> = result["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| &h["read_as"])
        .collect();
    assert_eq!(effects, [&json!("exit-0-json"), &json!("exit-0-json")]);

    let tool = s.simulate(
        &[
            "--event",
            "preToolUse",
            "--set",
            "tool_name=Shell",
            "--plugin-dir",
            plugin,
        ],
        None,
    );
    let project = s.project().display().to_string();
    assert_eq!(
        tool["decision"]["agent_message"],
        format!("{project}|{project}|2026.09.28-64d2043|{project}")
    );
    assert_eq!(tool["hooks"][0]["source"], "claude-user");
}

#[test]
fn payload_from_a_file_or_stdin_and_a_broken_configuration() {
    let s = Scratch::new("payload");
    answering(
        &s,
        "project/.cursor/hooks/deny.sh",
        r#"{"permission":"deny"}"#,
    );
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeReadFile": [{ "command": ".cursor/hooks/deny.sh" }] }),
    );
    let payload = json!({
        "hook_event_name": "beforeReadFile", "file_path": "/p/.env", "content": "", "attachments": [],
        "conversation_id": "c", "generation_id": "g", "model": "default",
        "cursor_version": "2026.09.28-64d2043", "workspace_roots": ["/p"], "user_email": null
    })
    .to_string();
    let file = s.write("payload.json", &payload);
    let from_file = s.simulate(&[file.to_str().unwrap()], None);
    let from_stdin = s.simulate(&["-"], Some(&payload));
    assert_eq!(from_file["decision"], json!({ "permission": "deny" }));
    assert_eq!(from_stdin["decision"], from_file["decision"]);

    s.write(
        "project/.cursor/hooks.json",
        r#"{ "version": 1, "hooks": { "beforeReadFiles": [] } }"#,
    );
    let project = s.project();
    let broken = s.cli(
        &[
            "simulate",
            "--project",
            project.to_str().unwrap(),
            file.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(broken.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&broken.stderr).contains("beforeReadFiles"));
}

/// The recorded corpus through a configuration that wires `policy` as it declares itself:
/// every decision equals what `policy` answers when run directly, and unwired events get `{}`.
#[test]
fn a_recorded_session_through_policy_matches_policy_run_directly() {
    let s = Scratch::new("session");
    let policy = common::example_binary("policy");
    let config = std::process::Command::new(&policy)
        .arg("print-config")
        .output()
        .expect("policy runs");
    assert!(config.status.success());
    s.write(
        "project/.cursor/hooks.json",
        &String::from_utf8(config.stdout).unwrap(),
    );
    let corpus = common::workspace_root().join("tests/corpus/cursor-cli-2026.09.28/all.jsonl");
    let results = simulate_session(&s, &corpus);
    let payloads: Vec<&str> = std::fs::read_to_string(&corpus)
        .map(|t| t.leak().lines().filter(|l| !l.trim().is_empty()).collect())
        .unwrap();
    assert_eq!(results.len(), payloads.len());
    assert!(payloads.len() > 900);
    let mut compared = 0;
    for (result, payload) in results.iter().zip(&payloads) {
        let value: Value = serde_json::from_str(payload).unwrap();
        let ran = result["hooks"].as_array().unwrap().len();
        if ran == 0 {
            assert_eq!(result["decision"], json!({}), "line {}", result["line"]);
            continue;
        }
        assert_eq!(ran, 1);
        compared += 1;
        let direct = common::run_hook(&policy, payload);
        let expected: Value = if direct.trim().is_empty() {
            json!({})
        } else {
            serde_json::from_str(&direct).expect("policy answers JSON")
        };
        assert_eq!(
            result["decision"], expected,
            "line {} ({})",
            result["line"], value["hook_event_name"]
        );
    }
    assert!(compared > 50, "only {compared} payloads reached policy");
}

#[test]
fn answers_in_claude_codes_shape_are_read_as_cursor_reads_them() {
    let s = Scratch::new("claude-shape");
    answering(
        &s,
        "project/.claude/deny.sh",
        r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"not here"}}"#,
    );
    answering(
        &s,
        "project/.claude/more.sh",
        r#"{"decision":"block","reason":"run the tests"}"#,
    );
    s.write(
        "project/.claude/settings.json",
        &json!({ "hooks": {
            "PreToolUse": [{ "hooks": [{ "type": "command", "command": ".claude/deny.sh" }] }],
            "Stop": [{ "hooks": [{ "type": "command", "command": ".claude/more.sh" }] }],
        } })
        .to_string(),
    );
    let denied = s.simulate(&["--event", "preToolUse"], None);
    assert_eq!(
        denied["decision"],
        json!({ "permission": "deny", "user_message": "not here" })
    );
    assert_eq!(denied["hooks"][0]["claude_format"], true);
    let notes = denied["unverified"].as_array().unwrap();
    assert!(
        notes
            .iter()
            .any(|n| n.as_str().unwrap().contains("Claude Code's format")),
        "{notes:?}"
    );
    let stop = s.simulate(&["--event", "stop", "--set", "loop_count=0"], None);
    assert_eq!(
        stop["decision"],
        json!({ "followup_message": "run the tests" })
    );
}

#[test]
fn a_session_gives_later_hooks_the_env_its_session_start_hook_set() {
    let s = Scratch::new("session-env");
    answering(
        &s,
        "project/.cursor/hooks/start.sh",
        r#"{"env":{"TICKET":"ABC-1"}}"#,
    );
    s.script(
        "project/.cursor/hooks/shell.sh",
        "cat >/dev/null\necho \"{\\\"permission\\\":\\\"allow\\\",\\\"agent_message\\\":\\\"ticket=$TICKET\\\"}\"",
    );
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({
            "sessionStart": [{ "command": ".cursor/hooks/start.sh" }],
            "beforeShellExecution": [{ "command": ".cursor/hooks/shell.sh" }],
        }),
    );
    let payload = |event: &str, session: &str| {
        json!({ "hook_event_name": event, "session_id": session, "conversation_id": session,
                "command": "ls", "cursor_version": "2026.09.28-64d2043", "model": "default" })
        .to_string()
    };
    let session = s.write(
        "session.jsonl",
        &[
            payload("beforeShellExecution", "one"),
            payload("sessionStart", "one"),
            payload("beforeShellExecution", "one"),
            payload("beforeShellExecution", "two"),
        ]
        .join("\n"),
    );
    let messages: Vec<Value> = simulate_session(&s, &session)
        .iter()
        .map(|result| result["decision"]["agent_message"].clone())
        .collect();
    assert_eq!(
        messages,
        [
            json!("ticket="),
            Value::Null,
            json!("ticket=ABC-1"),
            json!("ticket=")
        ]
    );
}

#[test]
fn ask_on_a_payload_without_cursor_version_reaches_the_user() {
    let s = Scratch::new("ask-legacy");
    answering(
        &s,
        "project/.cursor/hooks/ask.sh",
        r#"{"continue":true,"permission":"ask","userMessage":"sure?"}"#,
    );
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [{ "command": ".cursor/hooks/ask.sh" }] }),
    );
    let payload = json!({ "hook_event_name": "beforeShellExecution", "command": "git push -f",
                          "conversation_id": "c", "generation_id": "g", "workspace_roots": ["/p"] })
    .to_string();
    let result = s.simulate(&["-"], Some(&payload));
    // The 1.7 format passes through whole.
    assert_eq!(
        result["decision"],
        json!({ "continue": true, "permission": "ask", "userMessage": "sure?" })
    );
    assert_eq!(result["outcome"], "asks the user");
}
