//! `unified-shell-guard`, one `#[hook]` function for every host, started as each host starts
//! it (the command `install` writes: `--host H --event E`) on that host's own payload: each
//! answers the deny in its own form, a harmless command gets no opinion, a call whose command
//! cannot be read is answered by the failure policy; and `print-config` wires it into every
//! host's events with the tool kind's matcher.

use serde_json::{json, Value};
use std::io::Write;
use std::process::{Command, Stdio};

const UNIFIED: &str = env!("CARGO_BIN_EXE_unified-shell-guard");
const DENY: &str = cursor_hooks_examples::shell_guard::DENY_REASON;

/// Runs the binary with `args` on `payload`: its stdout as JSON, and its stderr.
fn run(args: &[&str], payload: &Value) -> (Value, String) {
    let mut child = Command::new(UNIFIED)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the hook starts");
    let mut stdin = child.stdin.take().expect("piped");
    stdin
        .write_all(payload.to_string().as_bytes())
        .expect("stdin written");
    drop(stdin);
    let output = child.wait_with_output().expect("the hook ends");
    assert!(output.status.success(), "{output:?}");
    let stdout = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {output:?}"));
    (stdout, String::from_utf8_lossy(&output.stderr).into_owned())
}

/// Each host's own payload of a shell call running `command`, and the arguments its command
/// names the handler by.
fn calls(command: &str) -> Vec<([&'static str; 4], Value)> {
    let cursor = json!({"conversation_id": "c", "generation_id": "g", "workspace_roots": ["/w"], "cursor_version": "2.4.0"});
    let claude = json!({"session_id": "s", "transcript_path": "/t", "cwd": "/w",
                        "permission_mode": "default", "tool_use_id": "t1"});
    let with = |base: &Value, more: Value| {
        let mut payload = base.clone();
        payload
            .as_object_mut()
            .unwrap()
            .extend(more.as_object().unwrap().clone());
        payload
    };
    vec![
        (
            ["--host", "cursor", "--event", "beforeShellExecution"],
            with(
                &cursor,
                json!({"hook_event_name": "beforeShellExecution", "command": command, "cwd": "/w"}),
            ),
        ),
        (
            ["--host", "cursor", "--event", "preToolUse"],
            with(
                &cursor,
                json!({"hook_event_name": "preToolUse", "tool_name": "Shell",
                                 "tool_input": {"command": command}, "tool_use_id": "t1"}),
            ),
        ),
        (
            ["--host", "claude-code", "--event", "PreToolUse"],
            with(
                &claude,
                json!({"hook_event_name": "PreToolUse", "tool_name": "Bash",
                                 "tool_input": {"command": command}}),
            ),
        ),
        (
            ["--host", "codex", "--event", "PreToolUse"],
            with(
                &claude,
                json!({"hook_event_name": "PreToolUse", "tool_name": "Bash",
                                 "tool_input": {"command": command}, "model": "m", "turn_id": "x"}),
            ),
        ),
        (
            ["--host", "copilot", "--event", "preToolUse"],
            json!({"sessionId": "s", "timestamp": 1, "cwd": "/w", "toolName": "bash",
                   "toolArgs": {"command": command}}),
        ),
    ]
}

#[test]
fn one_function_denies_rm_rf_in_every_hosts_own_form() {
    let answers: Vec<Value> = calls("rm -rf build")
        .iter()
        .map(|(args, p)| run(args, p).0)
        .collect();
    let specific = |decision: &str| {
        json!({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": decision,
                                      "permissionDecisionReason": DENY}})
    };
    assert_eq!(
        answers,
        [
            json!({"permission": "deny", "user_message": DENY}),
            json!({"permission": "deny", "user_message": DENY}),
            specific("deny"),
            specific("deny"),
            json!({"permissionDecision": "deny", "permissionDecisionReason": DENY}),
        ]
    );
}

#[test]
fn a_harmless_command_gets_no_opinion_from_every_host_entry() {
    for (args, payload) in calls("cargo test") {
        assert_eq!(run(&args, &payload), (json!({}), String::new()), "{args:?}");
    }
}

/// Each host's payload of a tool call (Cursor's `beforeShellExecution`, which has no tool
/// arguments, left out) with `arguments` as the call's arguments.
fn with_arguments(arguments: Value) -> Vec<([&'static str; 4], Value)> {
    let mut calls = calls("rm -rf build");
    calls.remove(0);
    for (args, payload) in &mut calls {
        let key = if args[1] == "copilot" {
            "toolArgs"
        } else {
            "tool_input"
        };
        payload[key] = arguments.clone();
    }
    calls
}

#[test]
fn a_command_that_cannot_be_read_is_answered_by_the_failure_policy() {
    for (args, payload) in with_arguments(json!({"cmd": "rm -rf build"})) {
        let (answer, stderr) = run(&args, &payload);
        assert_eq!(answer, json!({}), "{args:?}: fail open");
        assert!(
            stderr.contains("`command`, which is missing") && stderr.lines().count() == 1,
            "{args:?}: {stderr}"
        );
    }
}

/// A `command` that is null is no command either: the failure policy answers, with one line.
#[test]
fn a_null_command_is_answered_by_the_failure_policy() {
    for (args, payload) in with_arguments(json!({"command": null})) {
        let (answer, stderr) = run(&args, &payload);
        assert_eq!(answer, json!({}), "{args:?}: fail open");
        assert!(
            stderr.contains("`command`, which is null") && stderr.lines().count() == 1,
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn print_config_wires_every_host_with_the_tool_kinds_matcher() {
    let config = |flag: Option<&str>| -> Value {
        let output = Command::new(UNIFIED)
            .arg("print-config")
            .args(flag)
            .output()
            .expect("print-config runs");
        assert!(output.status.success(), "{output:?}");
        serde_json::from_slice(&output.stdout).expect("JSON")
    };
    let cursor = config(None);
    assert_eq!(
        cursor["hooks"]["beforeShellExecution"][0].get("matcher"),
        None
    );
    assert_eq!(cursor["hooks"]["preToolUse"][0]["matcher"], "Shell");
    let claude = config(Some("--claude"));
    assert_eq!(
        claude["hooks"]["PreToolUse"][0]["matcher"],
        "Bash|PowerShell"
    );
    // The per-host guard of the skill lines beside it.
    assert_eq!(
        claude["hooks"]["PreSkillShellCommand"]
            .as_array()
            .map(Vec::len),
        Some(1)
    );
    assert_eq!(
        config(Some("--codex"))["hooks"]["PreToolUse"][0]["matcher"],
        "Bash"
    );
    let copilot = config(Some("--copilot"));
    assert_eq!(copilot["hooks"]["preToolUse"][0]["matcher"], "bash");
    assert_eq!(copilot["hooks"]["preToolUse"][0]["timeoutSec"], 5);
}

/// Cursor runs a command wired for Claude Code alone (its import of `.claude/settings.json`)
/// with its own `preToolUse` payload, whose tool is `Shell`: the unified handler still sees a
/// shell call and denies, in the flat form Cursor reads, rather than having no opinion on a
/// tool name Claude Code does not use.
#[test]
fn cursor_running_the_claude_code_entry_sees_a_shell_call_and_denies() {
    let cursor_payload = calls("rm -rf build").swap_remove(1).1;
    assert_eq!(cursor_payload["tool_name"], "Shell");
    let (answer, stderr) = run(
        &["--host", "claude-code", "--event", "PreToolUse"],
        &cursor_payload,
    );
    assert_eq!(answer["permission"], "deny", "{answer}");
    assert_eq!(answer["user_message"], DENY, "{answer}");
    assert!(answer.get("hookSpecificOutput").is_none(), "{answer}");
    assert_eq!(stderr, "");
    let (harmless, _) = run(
        &["--host", "claude-code", "--event", "PreToolUse"],
        &calls("cargo test").swap_remove(1).1,
    );
    assert_eq!(harmless, json!({}));
}

/// The test kit's one call over every host: the same guard, in process, on each host's own
/// fixture with the command in place.
#[test]
fn the_test_kit_runs_the_guard_on_every_hosts_fixture_in_one_call() {
    use cursor_hooks::Host;
    use cursor_hooks_examples::shell_guard::ASK_MESSAGE;
    use cursor_hooks_examples::unified_shell_guard::{guard, FORCE_PUSH_REASON};
    let answers = cursor_hooks::testing::unified::<guard>("git push --force origin main");
    let wired: Vec<(Host, &str)> = answers.iter().map(|a| (a.host, a.event)).collect();
    assert_eq!(
        wired,
        [
            (Host::Cursor, "preToolUse"),
            (Host::Cursor, "beforeShellExecution"),
            (Host::ClaudeCode, "PreToolUse"),
            (Host::Codex, "PreToolUse"),
            (Host::Copilot, "preToolUse"),
        ]
    );
    // Claude Code and Copilot ask (their own answers, sent instead); Cursor and Codex deny.
    for each in &answers {
        match each.host {
            Host::ClaudeCode | Host::Copilot => {
                cursor_hooks::assert_asked!(each.answer);
                assert!(each.answer.stdout.contains(ASK_MESSAGE), "{each:?}");
            }
            _ => {
                cursor_hooks::assert_denied!(each.answer);
                assert!(each.answer.stdout.contains(FORCE_PUSH_REASON), "{each:?}");
            }
        }
    }
    for each in cursor_hooks::testing::unified::<guard>("git push origin main") {
        cursor_hooks::assert_no_opinion!(each.answer);
    }
}
