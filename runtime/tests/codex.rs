//! Codex as a host: its payloads read tolerantly, its answers in the one shape its closed
//! schemas accept, every failure answered by the handler's policy in that shape with one stderr
//! line, and the wiring (`--host codex`), not the payload, picking a Codex handler over a Claude
//! Code handler of the same event name.
#![cfg(feature = "codex")]

use cursor_hooks::__private::{respond_wired, Entry, Settings, Wiring};
use cursor_hooks::serde_json::{json, Value};
use cursor_hooks::testing::Rendered;
use cursor_hooks::{claude_hook, codex, codex_hook, Host};

/// Refuses `rm -rf`; Codex cannot ask, so it only denies.
#[codex_hook(event = "PreToolUse", matcher = "Bash", fail = "closed")]
fn codex_guard(input: &codex::event::PreToolUse) -> codex::response::PreToolUseResponse {
    match input.tool() {
        codex::tools::Tool::Bash(bash) if bash.command.contains("rm -rf") => {
            codex::response::PreToolUseResponse::deny("rm -rf is blocked")
        }
        _ => cursor_hooks::response::no_opinion(),
    }
}

/// Claude Code's guard of the same event: it asks, which Codex would refuse.
#[claude_hook(event = "PreToolUse", matcher = "Bash")]
fn claude_guard(
    _input: &cursor_hooks::claude::event::PreToolUse,
) -> cursor_hooks::claude::response::PreToolUseResponse {
    cursor_hooks::claude::response::PreToolUseResponse::ask("sure?")
}

const BINARY: &[Entry] = &[
    <claude_guard as cursor_hooks::__private::Hook>::ENTRY,
    <codex_guard as cursor_hooks::__private::Hook>::ENTRY,
];

/// Codex 0.171.0's PreToolUse payload (`tests/codex/record`), with `command` set.
fn payload(command: &str) -> Value {
    json!({
        "session_id": "019a0000-0000-7000-8000-000000000000",
        "transcript_path": "/home/user/.codex/sessions/rollout-019a.jsonl",
        "cwd": "/home/user/project",
        "hook_event_name": "PreToolUse",
        "model": "gpt-5.4",
        "permission_mode": "bypassPermissions",
        "turn_id": "019a0000-0000-7000-8000-000000000001",
        "tool_name": "Bash",
        "tool_input": {"command": command},
        "tool_use_id": "call_1"
    })
}

fn wired_to(host: Host, payload: &Value) -> Rendered {
    respond_wired(
        BINARY,
        &Wiring::one(host, "PreToolUse"),
        payload.to_string().as_bytes(),
        &Settings::from_env(),
    )
}

fn decision(rendered: &Rendered) -> Value {
    let json = rendered.json().expect("stdout is JSON");
    json["hookSpecificOutput"]["permissionDecision"].clone()
}

#[test]
fn the_wiring_picks_the_codex_handler_over_claude_codes_of_the_same_event() {
    let payload = payload("rm -rf build");
    let codex = wired_to(Host::Codex, &payload);
    assert_eq!(decision(&codex), "deny", "{codex:?}");
    assert_eq!(
        codex.json().unwrap()["hookSpecificOutput"]["hookEventName"],
        "PreToolUse"
    );
    // The same payload wired to Claude Code's handler gets its answer: the wiring decides.
    let claude = wired_to(Host::ClaudeCode, &payload);
    assert_eq!(decision(&claude), "ask", "{claude:?}");
}

#[test]
fn a_session_without_a_rollout_file_is_read() {
    // `codex exec --ephemeral` sends `transcript_path: null`, which its schema allows (a Claude
    // Code handler wants a string there and fails).
    let mut payload = payload("rm -rf /");
    payload["transcript_path"] = Value::Null;
    let rendered = wired_to(Host::Codex, &payload);
    assert_eq!(decision(&rendered), "deny", "{rendered:?}");
    assert!(rendered.stderr.is_empty(), "{rendered:?}");
}

#[test]
fn fields_codex_adds_later_do_not_stop_the_guard() {
    let mut payload = payload("rm -rf /");
    payload["sandbox_policy"] = json!({"mode": "workspace-write"});
    payload["agent_id"] = json!(7); // a known optional field of another type
    let rendered = wired_to(Host::Codex, &payload);
    assert_eq!(decision(&rendered), "deny", "{rendered:?}");
    assert_eq!(rendered.exit_code, 0);
}

#[test]
fn an_unreadable_payload_is_denied_by_the_fail_closed_policy_in_codexs_shape() {
    let mut payload = payload("ls");
    payload["tool_use_id"] = json!(42);
    let rendered = wired_to(Host::Codex, &payload);
    assert_eq!(decision(&rendered), "deny", "{rendered:?}");
    let json = rendered.json().unwrap();
    let reason = json["hookSpecificOutput"]["permissionDecisionReason"]
        .as_str()
        .expect("a reason");
    assert!(!reason.is_empty(), "Codex refuses a deny without a reason");
    // Only keys Codex's PreToolUse output schema declares.
    assert_eq!(json.as_object().unwrap().len(), 1, "{json}");
    assert_eq!(rendered.stderr.len(), 1, "{rendered:?}");
    assert!(rendered.stderr[0].contains("tool_use_id"), "{rendered:?}");
}

#[test]
fn a_command_the_guard_cannot_read_is_answered_by_the_policy_not_passed() {
    for bad in [json!(["rm", "-rf", "/"]), json!(null)] {
        let mut payload = payload("ls");
        payload["tool_input"]["command"] = bad.clone();
        let rendered = wired_to(Host::Codex, &payload);
        assert_eq!(decision(&rendered), "deny", "{bad}: {rendered:?}");
        assert_eq!(rendered.stderr.len(), 1, "{rendered:?}");
    }
    let mut payload = payload("ls");
    payload["tool_input"] = json!("rm -rf /");
    let rendered = wired_to(Host::Codex, &payload);
    assert_eq!(decision(&rendered), "deny", "{rendered:?}");
}

#[test]
fn a_payload_for_another_event_is_answered_by_the_policy() {
    let mut payload = payload("ls");
    payload["hook_event_name"] = json!("Stop");
    let rendered = wired_to(Host::Codex, &payload);
    assert_eq!(decision(&rendered), "deny", "{rendered:?}");
    assert_eq!(rendered.stderr.len(), 1, "{rendered:?}");
}

#[test]
fn no_opinion_is_the_empty_object() {
    let rendered = wired_to(Host::Codex, &payload("cargo test"));
    assert_eq!(rendered.stdout, "{}\n");
    assert_eq!(rendered.exit_code, 0);
    assert!(rendered.stderr.is_empty(), "{rendered:?}");
}
