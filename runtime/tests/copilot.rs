//! GitHub Copilot CLI as a host of its own events: every payload the pinned Copilot sent
//! (`copilot/own/`, recorded on 1.0.102) read by its event's type, answers in Copilot's flat
//! shape, and the wiring (`--host copilot --event NAME`), not the payload, deciding which
//! handler answers, because Copilot's payloads name no event.
#![cfg(feature = "copilot")]

use cursor_hooks::__private::{respond, respond_wired, Entry, Settings, Wiring};
use cursor_hooks::copilot::event::*;
use cursor_hooks::copilot::response::*;
use cursor_hooks::copilot::tools::Tool;
use cursor_hooks::serde_json::{self, json, Value};
use cursor_hooks::testing::Rendered;
use cursor_hooks::{claude_hook, copilot_hook, Host};

/// shell-guard's Copilot handler: denies `rm -rf`, asks before a forced push.
#[copilot_hook(event = "preToolUse", matcher = "bash", timeout = 5)]
fn guard(input: &PreToolUse) -> PreToolUseResponse {
    match input.tool() {
        Tool::Bash(bash) if bash.command.contains("rm -rf") => {
            PreToolUseResponse::deny("rm -rf is blocked by the shell guard")
        }
        Tool::Bash(bash) if bash.command.contains("push --force") => {
            PreToolUseResponse::ask("a forced push rewrites history")
        }
        _ => cursor_hooks::response::no_opinion(),
    }
}

/// A fail-closed guard whose policy cannot be read.
#[copilot_hook(event = "preToolUse", fail = "closed")]
fn closed_broken(_input: &PreToolUse) -> Result<PreToolUseResponse, String> {
    Err("the policy file is unreadable".to_owned())
}

/// shell-guard's rule, fail-closed: a call it cannot read is denied.
#[copilot_hook(event = "preToolUse", matcher = "bash", fail = "closed")]
fn closed_guard(input: &PreToolUse) -> PreToolUseResponse {
    guard(input)
}

/// Keeps the agent going once, with a reason for the model.
#[copilot_hook(event = "agentStop")]
fn once_more(input: &AgentStop) -> AgentStopResponse {
    if input.stop_hook_active {
        cursor_hooks::response::no_opinion()
    } else {
        AgentStopResponse::block("run the tests first")
    }
}

/// Rewrites the prompt and adds context.
#[copilot_hook(event = "userPromptSubmitted")]
fn prompt(input: &UserPromptSubmitted) -> UserPromptSubmittedResponse {
    UserPromptSubmittedResponse::default()
        .modified_prompt(format!("{} (be brief)", input.prompt))
        .additional_context("the repository uses cargo")
}

/// Rewrites a `view` call's path, which Copilot shows in the model's history.
#[copilot_hook(event = "preToolUse", matcher = "view")]
fn redirect(input: &PreToolUse) -> PreToolUseResponse {
    match input.tool() {
        Tool::View(_) => PreToolUseResponse::allow().modified_args(json!({"path": "README.md"})),
        _ => cursor_hooks::response::no_opinion(),
    }
}

/// Claude Code's guard of the same tool: it asks about everything.
#[claude_hook(event = "PreToolUse", matcher = "Bash")]
fn claude_guard(
    _input: &cursor_hooks::claude::event::PreToolUse,
) -> cursor_hooks::claude::response::PreToolUseResponse {
    cursor_hooks::claude::response::PreToolUseResponse::ask("sure?")
}

fn entry<H: cursor_hooks::__private::Hook>() -> Entry {
    H::ENTRY
}

fn binary() -> Vec<Entry> {
    vec![
        entry::<claude_guard>(),
        entry::<guard>(),
        entry::<once_more>(),
        entry::<prompt>(),
    ]
}

/// The payload Copilot 1.0.102 sent to `event`'s hook (`copilot/own/EVENT.json`).
fn recorded(event: &str) -> Value {
    let path = format!(
        "{}/tests/copilot/own/{event}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path}: {error}"));
    serde_json::from_str(&text).unwrap_or_else(|error| panic!("{path}: {error}"))
}

fn shell(command: &str) -> Value {
    let mut payload = recorded("preToolUse");
    payload["toolArgs"]["command"] = json!(command);
    payload
}

fn wired(entries: &[Entry], event: &str, payload: &Value) -> Rendered {
    respond_wired(
        entries,
        &Wiring::one(Host::Copilot, event),
        payload.to_string().as_bytes(),
        &Settings::from_env(),
    )
}

fn answer(rendered: &Rendered) -> Value {
    rendered
        .json()
        .unwrap_or_else(|| panic!("stdout is not JSON: {rendered:?}"))
}

#[test]
fn every_recorded_payload_is_read_by_its_events_type() {
    fn read<E: serde::de::DeserializeOwned>(event: &str) {
        let payload = recorded(event);
        if let Err(error) = serde_json::from_value::<E>(payload) {
            panic!("Copilot's {event} payload is not read: {error}");
        }
    }
    read::<SessionStart>("sessionStart");
    read::<UserPromptSubmitted>("userPromptSubmitted");
    read::<PreToolUse>("preToolUse");
    read::<PermissionRequest>("permissionRequest");
    read::<PostToolUse>("postToolUse");
    read::<PostToolUseFailure>("postToolUseFailure");
    read::<AgentStop>("agentStop");
    read::<SubagentStart>("subagentStart");
    read::<SubagentStop>("subagentStop");
    read::<SessionEnd>("sessionEnd");
    read::<Notification>("notification");
    read::<ErrorOccurred>("errorOccurred");
}

#[test]
fn a_deny_is_copilots_flat_answer_with_its_reason() {
    let rendered = wired(&binary(), "preToolUse", &shell("rm -rf target"));
    assert_eq!(rendered.exit_code, 0, "{rendered:?}");
    assert_eq!(
        answer(&rendered),
        json!({"permissionDecision": "deny",
               "permissionDecisionReason": "rm -rf is blocked by the shell guard"})
    );
    assert!(rendered.stderr.is_empty(), "{rendered:?}");
}

#[test]
fn an_ask_is_flat_too() {
    let rendered = wired(&binary(), "preToolUse", &shell("git push --force"));
    assert_eq!(
        answer(&rendered)["permissionDecision"],
        "ask",
        "{rendered:?}"
    );
}

#[test]
fn no_opinion_is_the_empty_object() {
    let rendered = wired(&binary(), "preToolUse", &shell("cargo test"));
    assert_eq!(rendered.stdout, "{}\n");
    assert_eq!(rendered.exit_code, 0);
    assert!(rendered.stderr.is_empty(), "{rendered:?}");
}

#[test]
fn the_wiring_not_the_payload_picks_the_handler() {
    // Claude Code's handler of the same tool, wired as Claude Code's, asks; Copilot's denies.
    let mut payload = shell("rm -rf target");
    payload["hook_event_name"] = json!("PreToolUse");
    payload["tool_name"] = json!("Bash");
    payload["tool_input"] = json!({"command": "rm -rf target"});
    payload["tool_use_id"] = json!("toolu_1");
    payload["transcript_path"] = json!("/tmp/t.jsonl");
    payload["session_id"] = json!("s");
    let claude = respond_wired(
        &binary(),
        &Wiring::one(Host::ClaudeCode, "PreToolUse"),
        payload.to_string().as_bytes(),
        &Settings::from_env(),
    );
    let claude = answer(&claude);
    assert_eq!(claude["hookSpecificOutput"]["permissionDecision"], "ask");
    let copilot = wired(&binary(), "preToolUse", &payload);
    assert_eq!(answer(&copilot)["permissionDecision"], "deny");
}

#[test]
fn an_unwired_command_is_answered_by_the_policy_with_the_fix() {
    // A payload names no event: without `--host copilot --event NAME` nothing says which
    // handler it is for, so the command says how to wire it, and has no opinion.
    let rendered = respond(
        &binary(),
        shell("rm -rf /").to_string().as_bytes(),
        &Settings::from_env(),
    );
    assert_eq!(rendered.exit_code, 0, "{rendered:?}");
    assert_eq!(rendered.stderr.len(), 1, "{rendered:?}");
    assert!(
        rendered.stderr[0].contains("--host copilot --event"),
        "{rendered:?}"
    );
}

#[test]
fn a_failing_fail_closed_handler_denies_with_the_failure_as_its_reason() {
    let entries = [entry::<closed_broken>()];
    let rendered = wired(&entries, "preToolUse", &shell("ls"));
    // Exit 0 with a JSON deny: the reason reaches the model (exit 1 would too, but says only
    // that a hook errored).
    assert_eq!(rendered.exit_code, 0, "{rendered:?}");
    let json = answer(&rendered);
    assert_eq!(json["permissionDecision"], "deny", "{json}");
    assert!(
        json["permissionDecisionReason"]
            .as_str()
            .is_some_and(|reason| reason.contains("the policy file is unreadable")),
        "{json}"
    );
    assert_eq!(rendered.stderr.len(), 1, "{rendered:?}");
}

#[test]
fn an_unreadable_payload_is_answered_by_the_policy_in_copilots_shape() {
    for bad in [json!(["rm", "-rf", "/"]), json!(null), json!("rm -rf /")] {
        let mut payload = shell("ls");
        payload["toolArgs"] = bad.clone();
        let entries = [entry::<closed_guard>()];
        let rendered = wired(&entries, "preToolUse", &payload);
        assert_eq!(
            answer(&rendered)["permissionDecision"],
            "deny",
            "{bad}: {rendered:?}"
        );
        assert_eq!(rendered.stderr.len(), 1, "{rendered:?}");
        assert!(
            rendered.stderr[0].contains("toolArgs"),
            "{bad}: {rendered:?}"
        );
    }
    let rendered = wired(&binary(), "preToolUse", &json!("not an object"));
    assert_eq!(rendered.stdout, "{}\n", "{rendered:?}");
    assert_eq!(rendered.stderr.len(), 1, "{rendered:?}");
}

#[test]
fn fields_copilot_adds_later_do_not_stop_the_guard() {
    let mut payload = shell("rm -rf /");
    payload["hookName"] = json!("preToolUse");
    payload["permissionMode"] = json!({"kind": "new"});
    let rendered = wired(&binary(), "preToolUse", &payload);
    assert_eq!(
        answer(&rendered)["permissionDecision"],
        "deny",
        "{rendered:?}"
    );
    assert!(rendered.stderr.is_empty(), "{rendered:?}");
}

#[test]
fn agent_stop_keeps_the_agent_going_with_decision_block() {
    let rendered = wired(&binary(), "agentStop", &recorded("agentStop"));
    assert_eq!(
        answer(&rendered),
        json!({"decision": "block", "reason": "run the tests first"})
    );
    let mut again = recorded("agentStop");
    again["stop_hook_active"] = json!(true);
    assert_eq!(wired(&binary(), "agentStop", &again).stdout, "{}\n");
}

#[test]
fn a_prompt_is_rewritten_and_given_context() {
    let rendered = wired(
        &binary(),
        "userPromptSubmitted",
        &recorded("userPromptSubmitted"),
    );
    assert_eq!(
        answer(&rendered),
        json!({"modifiedPrompt": "make the marker (be brief)",
               "additionalContext": "the repository uses cargo"})
    );
}

#[test]
fn modified_args_rewrite_a_view_call() {
    let entries = [entry::<redirect>()];
    let mut payload = recorded("postToolUseFailure");
    payload.as_object_mut().unwrap().remove("error");
    let rendered = wired(&entries, "preToolUse", &payload);
    assert_eq!(
        answer(&rendered),
        json!({"permissionDecision": "allow", "modifiedArgs": {"path": "README.md"}})
    );
}

#[test]
fn a_handler_wired_to_an_event_it_does_not_handle_says_so() {
    let rendered = wired(&binary(), "sessionEnd", &recorded("sessionEnd"));
    assert_eq!(rendered.stdout, "{}\n", "{rendered:?}");
    assert_eq!(rendered.stderr.len(), 1, "{rendered:?}");
}
