//! The roads between editors: a Claude Code handler that Cursor runs through its import of
//! `.claude/settings.json` sees Cursor's tools under the names its own matcher wrote, reads
//! Cursor's optional fields as optional, and has every failure answered in the form Cursor reads;
//! a command wired to a handler the binary lacks is answered by the binary's strictest policy.
#![cfg(feature = "claude-code")]

use cursor_hooks::__private::{respond_wired, Entry, Settings, Wiring};
use cursor_hooks::claude::prelude::*;
use cursor_hooks::claude::tools::Tool;
use cursor_hooks::serde_json::{json, Value};
use cursor_hooks::testing::{self, Rendered};
use cursor_hooks::Host;

/// Refuses merging pull requests through GitHub's MCP server.
#[claude_hook(
    event = "PreToolUse",
    matcher = "mcp__github__merge_pull_request",
    fail = "closed"
)]
fn no_merge(input: PreToolUse) -> PreToolUseResponse {
    if input.tool_name == "mcp__github__merge_pull_request" {
        PreToolUseResponse::deny("merges go through review")
    } else {
        no_opinion()
    }
}

/// Refuses edits of `.env` files.
#[claude_hook(event = "PreToolUse", matcher = "Edit", fail = "closed")]
fn no_env_edit(input: PreToolUse) -> PreToolUseResponse {
    match input.tool() {
        Tool::Edit(edit) if edit.file_path.ends_with(".env") => {
            PreToolUseResponse::deny(".env is not edited by agents")
        }
        _ => no_opinion(),
    }
}

/// Refuses `rm -rf` on any tool that has a command.
#[claude_hook(event = "PreToolUse", fail = "closed")]
fn no_rm(input: PreToolUse) -> PreToolUseResponse {
    if input
        .tool_input
        .command()
        .is_some_and(|c| c.contains("rm -rf"))
    {
        PreToolUseResponse::deny("rm -rf is blocked")
    } else {
        no_opinion()
    }
}

/// Cursor's `preToolUse` payload as the Cursor CLI sends it (tests/corpus), with `tool_name`
/// and `tool_input` set.
fn cursor_payload(tool_name: &str, tool_input: Value) -> Value {
    json!({
        "conversation_id": "6a490a78-452b-40b6-92af-9d7058406ebd",
        "generation_id": "6a490a78-452b-40b6-92af-9d7058406ebd",
        "model": "default",
        "tool_name": tool_name,
        "tool_input": tool_input,
        "tool_use_id": "8f8aafe9-ea59-4d21-8617-26a84d1bb4cd",
        "cwd": "",
        "session_id": "6a490a78-452b-40b6-92af-9d7058406ebd",
        "hook_event_name": "preToolUse",
        "cursor_version": "2026.09.28-64d2043",
        "workspace_roots": ["/p"],
        "user_email": null,
        "transcript_path": "/t.jsonl"
    })
}

/// What the command `install --claude` writes for `entry` answers to `payload`.
fn wired(entry: Entry, payload: &Value) -> Rendered {
    let wiring = Wiring::one(Host::ClaudeCode, "PreToolUse");
    respond_wired(
        &[entry],
        &wiring,
        payload.to_string().as_bytes(),
        &Settings::from_env(),
    )
}

/// Cursor's own deny: the flat `permission` its preToolUse reads.
fn assert_cursor_deny(rendered: &Rendered) {
    let json = rendered.json().expect("stdout is JSON");
    assert_eq!(json["permission"], "deny", "{rendered:?}");
    assert!(json.get("hookSpecificOutput").is_none(), "{rendered:?}");
}

#[test]
fn an_mcp_guard_run_by_cursor_sees_its_tool_by_the_name_its_matcher_wrote() {
    let payload = cursor_payload("MCP:merge_pull_request", json!({"pull_number": 7}));
    let rendered = wired(testing::handler::<no_merge>(), &payload);
    assert_cursor_deny(&rendered);
    assert_eq!(
        rendered.json().unwrap()["user_message"],
        "merges go through review"
    );
}

#[test]
fn an_edit_guard_run_by_cursor_sees_cursors_write_as_edit() {
    let payload = cursor_payload(
        "Write",
        json!({"file_path": "/p/.env", "old_string": "A=1", "new_string": "A=2"}),
    );
    let rendered = wired(testing::handler::<no_env_edit>(), &payload);
    assert_cursor_deny(&rendered);
}

#[test]
fn a_cursor_tool_with_no_claude_name_is_answered_by_the_policy_in_cursors_form() {
    let payload = cursor_payload("MCP:echo", json!({"text": "rm -rf /"}));
    let rendered = wired(testing::handler::<no_rm>(), &payload);
    assert_cursor_deny(&rendered);
    assert_eq!(rendered.stderr.len(), 1, "{rendered:?}");
    assert!(
        rendered.stderr[0].contains("`MCP:echo`") && rendered.stderr[0].contains("fail-closed"),
        "{rendered:?}"
    );
}

#[test]
fn a_drifted_optional_field_of_cursors_does_not_stop_the_guard() {
    for (key, value) in [
        ("tool_use_id", json!(7)),
        ("transcript_path", json!({"p": 1})),
    ] {
        let mut payload = cursor_payload("Shell", json!({"command": "rm -rf /", "cwd": ""}));
        payload[key] = value;
        let rendered = wired(testing::handler::<no_rm>(), &payload);
        assert_cursor_deny(&rendered);
        assert_eq!(
            rendered.json().unwrap()["user_message"],
            "rm -rf is blocked",
            "the guard decided, not the failure policy: {rendered:?}"
        );
        assert!(
            rendered
                .stderr
                .iter()
                .any(|line| line.contains(key) && line.contains("ignored")),
            "{rendered:?}"
        );
    }
}

#[test]
fn a_cursor_payload_that_cannot_be_read_is_denied_in_cursors_form() {
    // `tool_input` Cursor always sends as an object: a string is unreadable, and `null` is as
    // bad here as on Cursor's own path (not an empty object the guard has no opinion on). The
    // fail-closed answer must be one Cursor enforces.
    for (tool, tool_input) in [("Shell", json!("rm -rf /")), ("Task", Value::Null)] {
        let rendered = wired(
            testing::handler::<no_rm>(),
            &cursor_payload(tool, tool_input),
        );
        assert_cursor_deny(&rendered);
        let fail_closed = |line: &String| line.contains("fail-closed");
        assert!(rendered.stderr.iter().any(fail_closed), "{rendered:?}");
    }
}

#[test]
fn a_nested_cursor_version_does_not_make_claude_codes_payload_cursors() {
    // Found by the fuzzer: Claude Code's payload with `cursor_version` inside an unknown
    // object, and a `tool_input` the guard cannot read, was denied in Cursor's form, which
    // Claude Code does not read.
    let mut payload = PreToolUse::fixture().to_value();
    payload["tool_input"] = json!(true);
    payload["hook_event_name "] = json!({"cursor_version": "UserPromptSubmit"});
    let rendered = wired(testing::handler::<no_rm>(), &payload);
    let json = rendered.json().expect("stdout is JSON");
    assert_eq!(
        json["hookSpecificOutput"]["permissionDecision"], "deny",
        "{rendered:?}"
    );
}

#[test]
fn claude_codes_own_payload_is_still_answered_in_its_form() {
    let payload = PreToolUse::fixture()
        .tool_input(json!({"command": "rm -rf /"}))
        .to_value();
    let rendered = wired(testing::handler::<no_rm>(), &payload);
    let json = rendered.json().unwrap();
    assert_eq!(json["hookSpecificOutput"]["permissionDecision"], "deny");
}

#[test]
fn a_wiring_naming_no_handler_is_answered_by_the_strictest_policy() {
    let payload = PreToolUse::fixture()
        .tool_input(json!({"command": "rm -rf /"}))
        .to_value();
    let entries = [testing::handler::<no_rm>()];
    for event in ["pretooluse", "PreToolUse ", "PostToolUse"] {
        let wiring = Wiring::one(Host::ClaudeCode, event.to_owned());
        let rendered = respond_wired(
            &entries,
            &wiring,
            payload.to_string().as_bytes(),
            &Settings::from_env(),
        );
        assert_eq!(rendered.exit_code, 2, "{event:?}: {rendered:?}");
        assert_eq!(rendered.stderr.len(), 1, "{rendered:?}");
        assert!(rendered.stderr[0].contains("fail-closed"), "{rendered:?}");
    }
}
