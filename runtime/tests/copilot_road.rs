//! GitHub Copilot CLI running a Claude Code handler (it runs the project's
//! `.claude/settings.json`): the payloads it sent (recorded on Copilot 1.0.102, in `copilot/`)
//! are read by Copilot's rules when `COPILOT_CLI=1` is in the environment, as Copilot sets it
//! for every hook, and every answer is one Copilot enforces: the guard's deny as JSON with its
//! reason (exit 0), a fail-open failure as `{}` with exit 0 (exit 1 is a deny to Copilot), a
//! fail-closed one as the JSON deny. The facts the runtime reads them by are held against
//! `spec/claude-code/host.json` (`copilot`).
#![cfg(feature = "claude-code")]

use cursor_hooks::__private::{copilot, respond, respond_wired, Entry, Settings, Wiring};
use cursor_hooks::claude::prelude::*;
use cursor_hooks::serde_json::{self, json, Value};
use cursor_hooks::testing::{self, Rendered};
use cursor_hooks::Host;

/// shell-guard's Claude handler, as `examples/src/shell_guard.rs` writes it: fail-open.
#[claude_hook(event = "PreToolUse", matcher = "Bash", timeout = 5)]
fn guard(input: &PreToolUse) -> PreToolUseResponse {
    match input.tool() {
        Tool::Bash(bash) if bash.command.contains("rm -rf") => {
            PreToolUseResponse::deny("rm -rf is blocked by shell-guard")
        }
        _ => no_opinion(),
    }
}

/// A fail-open guard whose policy cannot be read.
#[claude_hook(event = "PreToolUse", matcher = "Bash")]
fn open_broken(_input: &PreToolUse) -> Result<PreToolUseResponse, String> {
    Err("the policy file is unreadable".to_owned())
}

/// A fail-closed guard whose policy cannot be read.
#[claude_hook(event = "PreToolUse", matcher = "Bash", fail = "closed")]
fn closed_broken(_input: &PreToolUse) -> Result<PreToolUseResponse, String> {
    Err("the policy file is unreadable".to_owned())
}

/// Tells the model what the tool printed, so the test sees `tool_response` was read.
#[claude_hook(event = "PostToolUse", fail = "closed")]
fn echo_result(input: &PostToolUse) -> PostToolUseResponse {
    PostToolUseResponse::block(format!("saw {}", input.tool_response["result_type"]))
}

/// Denies every shell permission request, naming the command.
#[claude_hook(event = "PermissionRequest", matcher = "Bash", fail = "closed")]
fn no_shell(input: &PermissionRequest) -> PermissionRequestResponse {
    let command = input.tool_input.command().unwrap_or_default().to_owned();
    PermissionRequestResponse::deny(format!("{}: {command}", input.tool_name))
}

/// Continues the turn once, reading the transcript path only Stop carries.
#[claude_hook(event = "Stop", fail = "closed")]
fn once_more(input: &Stop) -> StopResponse {
    if input.common.transcript_path.ends_with("events.jsonl") && !input.stop_hook_active {
        StopResponse::block("run the tests")
    } else {
        no_opinion()
    }
}

/// Has no opinion on a session's start.
#[claude_hook(event = "SessionStart")]
fn started(_input: &SessionStart) -> SessionStartResponse {
    no_opinion()
}

/// Has no opinion on a prompt.
#[claude_hook(event = "UserPromptSubmit")]
fn prompted(_input: &UserPromptSubmit) -> UserPromptSubmitResponse {
    no_opinion()
}

/// Adds the project's rules to every prompt.
#[claude_hook(event = "UserPromptSubmit")]
fn rules(_input: &UserPromptSubmit) -> UserPromptSubmitResponse {
    UserPromptSubmitResponse::default().additional_context("the tests live in tests/")
}

/// Reads a session's end (Claude Code reads no answer to it).
#[claude_hook(event = "SessionEnd")]
fn ended(_input: &SessionEnd) {}

/// A payload Copilot sent, from `copilot/`.
fn recorded(event: &str) -> Value {
    let path = format!("{}/tests/copilot/{event}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).expect("a recorded payload is JSON")
}

/// Copilot's PreToolUse payload for a shell call running `command`.
fn shell_call(command: &str) -> Value {
    let mut payload = recorded("PreToolUse");
    payload["tool_input"]["command"] = json!(command);
    payload
}

/// What the command `install --claude` writes for `entry` (wired to `event`) answers to
/// `payload`, in a process Copilot started.
fn under_copilot(entry: Entry, event: &str, payload: &Value) -> Rendered {
    // Copilot sets this for every hook it runs; every test here sets the same value.
    std::env::set_var(copilot::SIGNAL.0, copilot::SIGNAL.1);
    let wiring = Wiring::one(Host::ClaudeCode, event);
    respond_wired(
        &[entry],
        &wiring,
        payload.to_string().as_bytes(),
        &Settings::from_env(),
    )
}

/// Claude's JSON deny, exit 0: the form whose reason Copilot hands the model.
fn assert_json_deny(rendered: &Rendered, reason: &str) {
    assert_eq!(rendered.exit_code, 0, "{rendered:?}");
    let json = rendered.json().expect("stdout is JSON");
    let specific = &json["hookSpecificOutput"];
    assert_eq!(specific["permissionDecision"], "deny", "{rendered:?}");
    let written = specific["permissionDecisionReason"]
        .as_str()
        .unwrap_or_default();
    assert!(written.contains(reason), "{rendered:?}");
}

#[test]
fn shell_guard_run_by_copilot_denies_rm_rf_with_its_reason() {
    let rendered = under_copilot(
        testing::handler::<guard>(),
        "PreToolUse",
        &shell_call("rm -rf target"),
    );
    assert_json_deny(&rendered, "rm -rf is blocked by shell-guard");
    assert!(rendered.stderr.is_empty(), "{rendered:?}");
}

#[test]
fn shell_guard_run_by_copilot_lets_other_commands_run() {
    let rendered = under_copilot(
        testing::handler::<guard>(),
        "PreToolUse",
        &shell_call("touch MARKER"),
    );
    assert_eq!(rendered.exit_code, 0, "{rendered:?}");
    assert_eq!(rendered.json().unwrap(), json!({}), "{rendered:?}");
    assert!(rendered.stderr.is_empty(), "{rendered:?}");
}

#[test]
fn a_binary_with_several_handlers_picks_the_claude_one_for_copilots_payload() {
    std::env::set_var(copilot::SIGNAL.0, copilot::SIGNAL.1);
    let entries = [
        testing::handler::<echo_result>(),
        testing::handler::<guard>(),
    ];
    let payload = shell_call("rm -rf target").to_string();
    let rendered = respond(&entries, payload.as_bytes(), &Settings::from_env());
    assert_json_deny(&rendered, "rm -rf is blocked by shell-guard");
}

#[test]
fn a_failing_fail_open_handler_under_copilot_exits_0_with_no_opinion() {
    let rendered = under_copilot(
        testing::handler::<open_broken>(),
        "PreToolUse",
        &shell_call("rm -rf target"),
    );
    // Exit 1 would be a deny to Copilot (it fails closed): no opinion is exit 0 and `{}`.
    assert_eq!(rendered.exit_code, 0, "{rendered:?}");
    assert_eq!(rendered.json().unwrap(), json!({}), "{rendered:?}");
    assert_eq!(rendered.stderr.len(), 1, "{rendered:?}");
    assert!(
        rendered.stderr[0].contains("the policy file is unreadable")
            && rendered.stderr[0].contains("fail-open"),
        "the handler ran and failed, not the payload: {rendered:?}"
    );
}

#[test]
fn a_failing_fail_closed_handler_under_copilot_denies_by_json_with_the_reason() {
    let rendered = under_copilot(
        testing::handler::<closed_broken>(),
        "PreToolUse",
        &shell_call("touch MARKER"),
    );
    assert_json_deny(&rendered, "the policy file is unreadable");
    assert_eq!(rendered.stderr.len(), 1, "{rendered:?}");
    assert!(rendered.stderr[0].contains("fail-closed"), "{rendered:?}");
}

#[test]
fn an_unreadable_copilot_payload_is_answered_by_the_policy_in_a_form_copilot_reads() {
    // `tool_input` as text: no host sends that, so the payload itself is bad.
    let mut payload = shell_call("rm -rf target");
    payload["tool_input"] = json!("rm -rf target");
    let open = under_copilot(testing::handler::<guard>(), "PreToolUse", &payload);
    assert_eq!(open.exit_code, 0, "{open:?}");
    assert_eq!(open.json().unwrap(), json!({}), "{open:?}");
    assert_eq!(open.stderr.len(), 1, "{open:?}");
    let closed = under_copilot(testing::handler::<closed_broken>(), "PreToolUse", &payload);
    assert_json_deny(&closed, "bad payload");
    assert_eq!(closed.stderr.len(), 1, "{closed:?}");
}

#[test]
fn copilots_post_tool_use_result_is_read_as_the_tool_response() {
    let rendered = under_copilot(
        testing::handler::<echo_result>(),
        "PostToolUse",
        &recorded("PostToolUse"),
    );
    let json = rendered.json().expect("stdout is JSON");
    assert_eq!(json["decision"], "block", "{rendered:?}");
    assert_eq!(json["reason"], "saw \"success\"", "{rendered:?}");
}

#[test]
fn a_tool_response_sent_under_both_names_is_a_bad_payload() {
    let mut payload = recorded("PostToolUse");
    payload["tool_response"] = json!({"stdout": "hidden"});
    let rendered = under_copilot(testing::handler::<echo_result>(), "PostToolUse", &payload);
    assert_eq!(rendered.stderr.len(), 1, "{rendered:?}");
    assert!(
        rendered.stderr[0].contains("`tool_response` appears twice")
            && rendered.stderr[0].contains("fail-closed"),
        "{rendered:?}"
    );
}

#[test]
fn copilots_camel_case_permission_request_is_read_with_claudes_names() {
    for wired in [true, false] {
        let payload = recorded("PermissionRequest");
        let rendered = if wired {
            under_copilot(
                testing::handler::<no_shell>(),
                "PermissionRequest",
                &payload,
            )
        } else {
            std::env::set_var(copilot::SIGNAL.0, copilot::SIGNAL.1);
            let entries = [testing::handler::<guard>(), testing::handler::<no_shell>()];
            let text = payload.to_string();
            respond(&entries, text.as_bytes(), &Settings::from_env())
        };
        // Copilot's own flat answer: it ignores Claude's `hookSpecificOutput.decision` here.
        let json = rendered.json().expect("stdout is JSON");
        assert_eq!(
            json,
            json!({"behavior": "deny", "message": "Bash: touch MARKER"}),
            "{rendered:?}"
        );
        assert!(rendered.stderr.is_empty(), "{rendered:?}");
    }
}

#[test]
fn a_failing_permission_request_handler_under_copilot_denies_in_copilots_form() {
    let mut payload = recorded("PermissionRequest");
    payload["toolInput"] = json!("touch MARKER");
    let rendered = under_copilot(
        testing::handler::<no_shell>(),
        "PermissionRequest",
        &payload,
    );
    let json = rendered.json().expect("stdout is JSON");
    assert_eq!(json["behavior"], "deny", "{rendered:?}");
    let message = json["message"].as_str().unwrap_or_default();
    assert!(message.contains("bad payload"), "{rendered:?}");
    assert_eq!(rendered.stderr.len(), 1, "{rendered:?}");
}

#[test]
fn copilots_stop_is_read_with_its_transcript_path() {
    let rendered = under_copilot(testing::handler::<once_more>(), "Stop", &recorded("Stop"));
    let json = rendered.json().expect("stdout is JSON");
    assert_eq!(json["decision"], "block", "{rendered:?}");
}

#[test]
fn every_recorded_copilot_payload_reads_as_its_events_input() {
    // Fail-open handlers with no opinion: an unread payload would add the failure's line.
    let entries = [
        testing::handler::<started>(),
        testing::handler::<prompted>(),
        testing::handler::<guard>(),
        testing::handler::<no_shell>(),
        testing::handler::<echo_result>(),
        testing::handler::<once_more>(),
        testing::handler::<ended>(),
    ];
    std::env::set_var(copilot::SIGNAL.0, copilot::SIGNAL.1);
    for (claude, _) in copilot::EVENT_MAP {
        let payload = recorded(claude).to_string();
        let rendered = respond(&entries, payload.as_bytes(), &Settings::from_env());
        assert_eq!(rendered.exit_code, 0, "{claude}: {rendered:?}");
        assert!(rendered.stderr.is_empty(), "{claude}: {rendered:?}");
    }
}

#[test]
fn claude_codes_own_payload_reads_the_same_under_copilots_rules() {
    // A Claude Code started from a Copilot shell inherits `COPILOT_CLI=1`: its full payload
    // passes the Copilot road unchanged.
    let payload = PreToolUse::fixture()
        .tool_name("Bash")
        .tool_input(json!({"command": "rm -rf /"}))
        .to_value();
    let rendered = under_copilot(testing::handler::<guard>(), "PreToolUse", &payload);
    assert_json_deny(&rendered, "rm -rf is blocked by shell-guard");
    assert!(rendered.stderr.is_empty(), "{rendered:?}");
}

#[test]
fn a_prompt_context_under_copilot_is_also_top_level_where_copilot_reads_it() {
    let payload = recorded("UserPromptSubmit");
    let rendered = under_copilot(testing::handler::<rules>(), "UserPromptSubmit", &payload);
    assert_eq!(rendered.exit_code, 0, "{rendered:?}");
    let json = rendered.json().expect("stdout is JSON");
    // Copilot reads the top-level key; Claude Code's own stays for a reader of Claude's form.
    assert_eq!(json["additionalContext"], "the tests live in tests/");
    let specific = &json["hookSpecificOutput"];
    assert_eq!(specific["additionalContext"], "the tests live in tests/");
    assert!(rendered.stderr.is_empty(), "{rendered:?}");
}

#[test]
fn the_runtimes_copilot_facts_are_host_jsons() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../spec/claude-code/host.json");
    let host: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let facts = &host["copilot"];
    let map = |pairs: &[(&str, &str)]| -> Value {
        let pairs = pairs.iter().map(|(k, v)| ((*k).to_owned(), json!(v)));
        Value::Object(pairs.collect())
    };
    assert_eq!(facts["event_map"], map(&copilot::EVENT_MAP));
    assert_eq!(facts["tool_map"], map(&copilot::TOOL_MAP));
    assert_eq!(facts["payload_keys"], map(&copilot::PAYLOAD_KEYS));
    let signal = format!("`{}={}`", copilot::SIGNAL.0, copilot::SIGNAL.1);
    let claims = facts["payload"].as_array().unwrap();
    assert!(
        claims.iter().any(|claim| claim["claim"]
            .as_str()
            .is_some_and(|c| c.starts_with("How a binary tells") && c.contains(&signal))),
        "host.json's `copilot.payload` names the signal {signal}"
    );
}
