//! A unified handler's answers in each host's own form, through the test kit: a rewrite, and a
//! host's own answer sent instead of the neutral one.

use cursor_hooks::prelude::*;
use cursor_hooks::{testing, Host};
use serde_json::Value;

/// Rewrites a recursive delete into a move to the trash, in every host that can rewrite.
#[hook(on = "tool.before", tool = "shell", hosts = (ClaudeCode, Codex, Copilot))]
fn rewriter(call: &ShellCall) -> ShellAnswer {
    match call.command().strip_prefix("rm -rf ") {
        Some(paths) => ShellAnswer::rewrite(call, format!("trash {paths}")),
        None => no_opinion(),
    }
}

fn stdout(answer: &testing::HostAnswer) -> Value {
    serde_json::from_str(&answer.answer.stdout).expect("a JSON answer")
}

#[test]
fn a_rewrite_reaches_each_host_as_its_own_rewrite_with_the_other_arguments_kept() {
    let answers = testing::unified::<rewriter>("rm -rf build");
    let hosts: Vec<Host> = answers.iter().map(|a| a.host).collect();
    assert_eq!(hosts, [Host::ClaudeCode, Host::Codex, Host::Copilot]);
    let claude = stdout(&answers[0]);
    let specific = &claude["hookSpecificOutput"];
    assert_eq!(
        specific["updatedInput"]["command"], "trash build",
        "{claude}"
    );
    // No decision: Claude Code's permission rules still apply to the rewritten call.
    assert!(specific.get("permissionDecision").is_none(), "{claude}");
    let codex = stdout(&answers[1]);
    let specific = &codex["hookSpecificOutput"];
    // Codex reads `updatedInput` only beside an allow.
    assert_eq!(specific["permissionDecision"], "allow", "{codex}");
    assert_eq!(
        specific["updatedInput"]["command"], "trash build",
        "{codex}"
    );
    let copilot = stdout(&answers[2]);
    assert_eq!(
        copilot["modifiedArgs"]["command"], "trash build",
        "{copilot}"
    );
    for each in testing::unified::<rewriter>("cargo test") {
        cursor_hooks::assert_no_opinion!(each.answer);
    }
}

#[test]
fn a_rewrite_keeps_the_calls_other_arguments() {
    let call = cursor_hooks::neutral::ShellCall::new(Host::ClaudeCode, "rm -rf build");
    let mut input = call.input().clone();
    input["description"] = "Clean".into();
    // A call as Claude Code sends it, with a description beside the command.
    let payload = testing::neutral_payload(
        "tool.before",
        "shell",
        Host::ClaudeCode,
        "PreToolUse",
        "rm -rf build",
    )
    .map(|mut payload| {
        payload["tool_input"] = input;
        payload
    })
    .expect("Claude Code's payload");
    let entry = testing::handler::<rewriter>();
    let answer = testing::run_all(&[entry], payload);
    let answer: Value = serde_json::from_str(&answer.stdout).expect("JSON");
    let rewritten = &answer["hookSpecificOutput"]["updatedInput"];
    assert_eq!(rewritten["command"], "trash build");
    assert_eq!(rewritten["description"], "Clean");
}

/// Asks where the host can, denies elsewhere: a listed host's own answer sent instead.
#[hook(on = "tool.before", tool = "shell", hosts = (Cursor, ClaudeCode, Codex))]
fn asker(call: &ShellCall) -> ShellAnswer {
    if call.command().contains("push --force") {
        ShellAnswer::deny("force-push: push a new branch")
            .instead(claude::PreToolUseResponse::ask("force-push: sure?"))
    } else {
        no_opinion()
    }
}

#[test]
fn a_hosts_own_answer_is_sent_at_its_event_and_the_others_get_the_neutral_one() {
    for each in testing::unified::<asker>("git push --force") {
        match each.host {
            Host::ClaudeCode => {
                cursor_hooks::assert_asked!(each.answer);
                assert!(each.answer.stdout.contains("force-push: sure?"), "{each:?}");
            }
            _ => {
                cursor_hooks::assert_denied!(each.answer);
                assert!(each.answer.stdout.contains("push a new branch"), "{each:?}");
            }
        }
    }
}

/// Keeps the agent going once, until it has run the tests: in every host.
#[hook(on = "agent.stop", hosts = (Cursor, ClaudeCode, Codex, Copilot))]
fn tests_first(call: &StopCall) -> StopAnswer {
    if call.continued() {
        no_opinion()
    } else {
        StopAnswer::keep_going("run the tests before you stop")
    }
}

#[test]
fn keep_going_reaches_each_host_as_its_own_continuation() {
    let answers = testing::unified::<tests_first>("");
    let hosts: Vec<Host> = answers.iter().map(|a| a.host).collect();
    assert_eq!(
        hosts,
        [Host::Cursor, Host::ClaudeCode, Host::Codex, Host::Copilot]
    );
    // Cursor submits a `followup_message` as the next user message.
    let cursor = stdout(&answers[0]);
    assert_eq!(
        cursor,
        serde_json::json!({ "followup_message": "run the tests before you stop" })
    );
    // The others go on with a block's reason.
    for each in &answers[1..] {
        let answer = stdout(each);
        assert_eq!(answer["decision"], "block", "{each:?}");
        assert_eq!(
            answer["reason"], "run the tests before you stop",
            "{each:?}"
        );
    }
}

#[test]
fn a_stop_after_a_continuation_is_read_as_continued_in_every_host() {
    let continued: [(Host, &str, &str, Value); 4] = [
        (Host::Cursor, "stop", "loop_count", 1.into()),
        (Host::ClaudeCode, "Stop", "stop_hook_active", true.into()),
        (Host::Codex, "Stop", "stop_hook_active", true.into()),
        (Host::Copilot, "agentStop", "stop_hook_active", true.into()),
    ];
    for (host, event, key, value) in continued {
        let mut payload =
            testing::neutral_payload("agent.stop", "", host, event, "").expect("a stop payload");
        let run =
            |payload| testing::run_wired(testing::entries::<tests_first>(), host, event, payload);
        let first = run(payload.clone());
        assert!(
            first.stdout.contains("run the tests"),
            "{host:?}: {first:?}"
        );
        payload[key] = value;
        let again = run(payload);
        cursor_hooks::assert_no_opinion!(again);
    }
}

/// Tells the user, and stops the run where the command reaches for production.
#[hook(on = "tool.before", tool = "shell", hosts = (ClaudeCode))]
fn production(call: &ShellCall) -> ShellAnswer {
    if call.command().contains("prod") {
        ShellAnswer::deny("not on production")
            .tell_user("a command reached for production")
            .stop_run("the run stops: production was reached")
    } else {
        no_opinion()
    }
}

/// Tells the user beside a deny, in the hosts that show the user a message.
#[hook(on = "tool.before", tool = "shell", hosts = (ClaudeCode, Codex))]
fn force_push(call: &ShellCall) -> ShellAnswer {
    if call.command().contains("push --force") {
        ShellAnswer::deny("no force-push").tell_user("a force-push was refused")
    } else {
        no_opinion()
    }
}

#[test]
fn a_message_to_the_user_and_a_stopped_run_are_each_hosts_own_fields() {
    let claude = stdout(&testing::unified::<production>("psql prod")[0]);
    assert_eq!(claude["systemMessage"], "a command reached for production");
    assert_eq!(claude["continue"], false, "{claude}");
    assert_eq!(
        claude["stopReason"],
        "the run stops: production was reached"
    );
    assert_eq!(
        claude["hookSpecificOutput"]["permissionDecision"], "deny",
        "{claude}"
    );
    for each in testing::unified::<force_push>("git push --force") {
        let answer = stdout(&each);
        assert_eq!(
            answer["systemMessage"], "a force-push was refused",
            "{each:?}"
        );
        // Codex fails a PreToolUse hook that writes `continue`: none is written.
        assert!(answer.get("continue").is_none(), "{each:?}");
    }
}
