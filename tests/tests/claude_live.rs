//! The real Claude Code CLI (version in `tests/claude-code/VERSION`, installed by
//! `.ci/setup-claude-code`) runs its hooks against a mock of the Messages API, inside a network
//! namespace that has only loopback. The hooks here are `claude-recorder` programs; each test
//! asserts on the real effect (a directory that survives, a file that appears, what the model
//! was told). Linux only; the machine needs root, `unshare` and `ip` (a test fails, never skips,
//! without them).
#![cfg(target_os = "linux")]

use cursor_hooks_tests::claude_code::mock::{MockApi, Reply};
use cursor_hooks_tests::claude_code::runner::{in_isolated_network, Session};
use serde_json::Value;
use std::path::Path;

const RECORDER: &str = env!("CARGO_BIN_EXE_claude-recorder");

/// A project whose `target/keep` the mock's `rm -rf target` would delete.
fn session_with_target(name: &str) -> Session {
    let session = Session::new(name, Path::new(RECORDER));
    std::fs::create_dir_all(session.project.join("target")).expect("target dir");
    std::fs::write(session.project.join("target/keep"), "keep").expect("target/keep");
    session
}

/// The `tool_result` blocks the model was sent, over all requests.
fn tool_results(api: &MockApi) -> Vec<Value> {
    let mut results = Vec::new();
    for body in api.message_bodies() {
        for message in body["messages"].as_array().into_iter().flatten() {
            for block in message["content"].as_array().into_iter().flatten() {
                if block["type"] == "tool_result" {
                    results.push(block.clone());
                }
            }
        }
    }
    results
}

fn text_of(tool_result: &Value) -> String {
    match &tool_result["content"] {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// Runs `rm -rf target` through the mock with `session`'s hooks; returns the mock.
fn run_rm_target(session: &Session) -> MockApi {
    let api = MockApi::start(vec![Reply::bash("rm -rf target")]).expect("mock starts");
    let output = session.run(&api.base_url(), "Clean the build output.");
    assert!(
        output.success,
        "claude failed:\n{}\n{}",
        output.stdout, output.stderr
    );
    api
}

#[test]
fn without_a_deciding_hook_the_mocks_rm_runs() {
    if !in_isolated_network("without_a_deciding_hook_the_mocks_rm_runs") {
        return;
    }
    let session = session_with_target("control");
    let api = run_rm_target(&session);
    assert!(
        !session.project.join("target").exists(),
        "the tool call did not run"
    );
    let results = tool_results(&api);
    assert_eq!(results.len(), 1, "{results:?}");
    assert_ne!(results[0]["is_error"], true, "{results:?}");
    let events = session.events();
    for event in [
        "SessionStart",
        "UserPromptSubmit",
        "PreToolUse",
        "PostToolUse",
        "Stop",
    ] {
        assert!(
            events.iter().any(|e| e == event),
            "no {event} in {events:?}"
        );
    }
    session.keep_recording("bash-runs");
}

#[test]
fn pre_tool_use_json_deny_blocks_the_command() {
    if !in_isolated_network("pre_tool_use_json_deny_blocks_the_command") {
        return;
    }
    let mut session = session_with_target("json-deny");
    let reason = "target holds the release build; keep it";
    let answer = serde_json::json!({ "hookSpecificOutput": {
        "hookEventName": "PreToolUse",
        "permissionDecision": "deny",
        "permissionDecisionReason": reason,
    } });
    session.add_deciding_hook(
        "PreToolUse",
        Some("Bash"),
        &["--stdout", &answer.to_string()],
    );
    let api = run_rm_target(&session);
    assert!(
        session.project.join("target/keep").exists(),
        "the hook did not stop rm -rf target"
    );
    let results = tool_results(&api);
    assert_eq!(results.len(), 1, "{results:?}");
    assert_eq!(results[0]["is_error"], true, "{results:?}");
    assert!(text_of(&results[0]).contains(reason), "{results:?}");
    let events = session.events();
    assert!(events.iter().any(|e| e == "PreToolUse"), "{events:?}");
    assert!(!events.iter().any(|e| e == "PostToolUse"), "{events:?}");
    session.keep_recording("pre-tool-use-json-deny");
}

#[test]
fn pre_tool_use_exit_2_blocks_the_command() {
    if !in_isolated_network("pre_tool_use_exit_2_blocks_the_command") {
        return;
    }
    let mut session = session_with_target("exit-2");
    let reason = "rm -rf is not allowed here";
    session.add_deciding_hook(
        "PreToolUse",
        Some("Bash"),
        &["--exit", "2", "--stderr", reason],
    );
    let api = run_rm_target(&session);
    assert!(
        session.project.join("target/keep").exists(),
        "the hook did not stop rm -rf target"
    );
    let results = tool_results(&api);
    assert_eq!(results.len(), 1, "{results:?}");
    assert_eq!(results[0]["is_error"], true, "{results:?}");
    assert!(text_of(&results[0]).contains(reason), "{results:?}");
    session.keep_recording("pre-tool-use-exit-2");
}

#[test]
fn pre_tool_use_allow_lets_a_harmless_command_run() {
    if !in_isolated_network("pre_tool_use_allow_lets_a_harmless_command_run") {
        return;
    }
    let mut session = Session::new("allow", Path::new(RECORDER));
    let answer = serde_json::json!({ "hookSpecificOutput": {
        "hookEventName": "PreToolUse",
        "permissionDecision": "allow",
        "permissionDecisionReason": "touch is harmless",
    } });
    session.add_deciding_hook(
        "PreToolUse",
        Some("Bash"),
        &["--stdout", &answer.to_string()],
    );
    let api = MockApi::start(vec![Reply::bash("echo made > created-by-tool")]).expect("mock");
    let output = session.run(&api.base_url(), "Create the marker file.");
    assert!(
        output.success,
        "claude failed:\n{}\n{}",
        output.stdout, output.stderr
    );
    let created = std::fs::read_to_string(session.project.join("created-by-tool"));
    assert_eq!(
        created.ok().as_deref(),
        Some("made\n"),
        "the allowed command did not run"
    );
    let results = tool_results(&api);
    assert_eq!(results.len(), 1, "{results:?}");
    assert_ne!(results[0]["is_error"], true, "{results:?}");
    let post = session
        .payloads()
        .into_iter()
        .find(|p| p["hook_event_name"] == "PostToolUse");
    let post = post.expect("a PostToolUse payload");
    assert_eq!(post["tool_input"]["command"], "echo made > created-by-tool");
    session.keep_recording("pre-tool-use-allow");
}

#[test]
fn user_prompt_submit_block_keeps_the_prompt_from_the_model() {
    if !in_isolated_network("user_prompt_submit_block_keeps_the_prompt_from_the_model") {
        return;
    }
    let mut session = Session::new("prompt-block", Path::new(RECORDER));
    let reason = "prompts about secrets are blocked";
    let answer = serde_json::json!({ "decision": "block", "reason": reason });
    session.add_deciding_hook("UserPromptSubmit", None, &["--stdout", &answer.to_string()]);
    let api =
        MockApi::start(vec![Reply::Text("I should never be asked".to_owned())]).expect("mock");
    let output = session.run(&api.base_url(), "Print the API secrets.");
    assert!(
        output.success,
        "claude failed:\n{}\n{}",
        output.stdout, output.stderr
    );
    let requests = api.requests();
    assert!(requests.is_empty(), "the mock was asked: {requests:?}");
    let result = output.json["result"].as_str().unwrap_or_default();
    assert!(result.contains(reason), "{}", output.stdout);
    let prompt = session
        .payloads()
        .into_iter()
        .find(|p| p["hook_event_name"] == "UserPromptSubmit");
    assert_eq!(
        prompt.expect("a UserPromptSubmit payload")["prompt"],
        "Print the API secrets."
    );
    session.keep_recording("user-prompt-submit-block");
}

#[test]
fn a_failing_command_reaches_post_tool_use_failure() {
    if !in_isolated_network("a_failing_command_reaches_post_tool_use_failure") {
        return;
    }
    let session = Session::new("failure", Path::new(RECORDER));
    let api = MockApi::start(vec![Reply::bash("echo oops >&2; exit 3")]).expect("mock starts");
    let output = session.run(&api.base_url(), "Run the check.");
    assert!(
        output.success,
        "claude failed:\n{}\n{}",
        output.stdout, output.stderr
    );
    let results = tool_results(&api);
    assert_eq!(results.len(), 1, "{results:?}");
    assert_eq!(results[0]["is_error"], true, "{results:?}");
    let payloads = session.payloads();
    let failure = payloads
        .iter()
        .find(|p| p["hook_event_name"] == "PostToolUseFailure");
    let failure = failure.unwrap_or_else(|| panic!("no PostToolUseFailure in {payloads:?}"));
    let error = failure["error"].as_str().unwrap_or_default();
    assert!(
        error.contains("Exit code 3") && error.contains("oops"),
        "{failure}"
    );
    session.keep_recording("post-tool-use-failure");
}
