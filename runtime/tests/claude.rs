//! Claude Code handlers through the runtime: rendering of every category, the failure policy
//! per category, drift, and both payload variants (Claude Code's own, and the one Cursor sends
//! when it runs a Claude entry), answered exactly as the hook binary answers them.

use cursor_hooks::__private::{Entry, FailPolicy, Hook, HookOptions, Outcome};
use cursor_hooks::claude::prelude::*;
use cursor_hooks::serde_json::{json, Value};
use cursor_hooks::testing::{self, Rendered};
use cursor_hooks::Host;
use std::path::Path;

/// The companion `#[claude_hook]` writes next to a handler (by hand until the attribute lands):
/// `companion!(name, Event, handler, fail)`.
macro_rules! companion {
    ($name:ident, $event:ident, $handler:expr, $fail:ident) => {
        companion!($name, $event, $handler, $fail, None);
    };
    ($name:ident, $event:ident, $handler:expr, $fail:ident, $timeout:expr) => {
        #[allow(non_camel_case_types)]
        struct $name;
        impl Hook for $name {
            type Event = $event;
            const EVENT_NAME: &'static str = <$event as cursor_hooks::claude::Event>::NAME;
            const OPTIONS: HookOptions = HookOptions {
                handler: stringify!($name),
                fail: FailPolicy::$fail,
                timeout: $timeout,
                matcher: None,
                loop_limit: None,
                keep_ask: false,
            };
            const ENTRY: Entry = Entry::claude::<Self>();
            fn call(input: $event) -> Outcome<<$event as cursor_hooks::claude::Event>::Response> {
                let handler: fn($event) -> _ = $handler;
                cursor_hooks::AnswerTo::<$event>::into_outcome(handler(input))
            }
        }
    };
}

fn guard(input: PreToolUse) -> PreToolUseResponse {
    match input.tool_input.command() {
        Some(command) if command.contains("rm -rf") => {
            PreToolUseResponse::deny("rm -rf is blocked")
        }
        Some(command) if command.contains("push --force") => PreToolUseResponse::ask("force-push?"),
        _ => no_opinion(),
    }
}
companion!(claude_guard, PreToolUse, guard, Closed);

fn json_of(rendered: &Rendered) -> Value {
    rendered.json().expect("stdout is JSON")
}

#[test]
fn a_pre_tool_use_deny_is_written_in_hook_specific_output() {
    let payload = PreToolUse::fixture().tool_input(json!({"command": "rm -rf /"}));
    let answer = testing::run::<claude_guard>(payload);
    assert_eq!(
        answer.stdout,
        concat!(
            r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"rm -rf is blocked"}}"#,
            "\n"
        )
    );
    assert_eq!(answer.exit_code, 0);
    assert!(answer.stderr.is_empty(), "{:?}", answer.stderr);
    let harmless =
        testing::run::<claude_guard>(PreToolUse::fixture().tool_input(json!({"command": "ls"})));
    assert_eq!(harmless.stdout, "{}\n");
    assert_eq!(json_of(&harmless), json!({}));
}

/// The facts each input type carries are the spec crate's (one table for the macro, the
/// command and the runtime).
#[test]
fn the_input_types_carry_the_spec_tables_facts() {
    macro_rules! check {
        ($($ty:ident),*) => {$(
            let info = cursor_hooks_spec::claude::info(<$ty as cursor_hooks::claude::Event>::NAME)
                .expect("an event of the table");
            assert_eq!(info.type_name, stringify!($ty));
            assert_eq!(<$ty as cursor_hooks::claude::Event>::CATEGORY, info.category, "{}", info.name);
            assert_eq!(<$ty as cursor_hooks::claude::Event>::CURSOR_EVENT, info.cursor_event, "{}", info.name);
        )*};
    }
    cursor_hooks::__for_each_claude_event!(check);
    let mut count = 0;
    macro_rules! count {
        ($($ty:ident),*) => {$( let _ = stringify!($ty); count += 1; )*};
    }
    cursor_hooks::__for_each_claude_event!(count);
    assert_eq!(count, cursor_hooks_spec::claude::EVENTS.len());
}

// ------------------------------------------------------------------ every category rendered

fn prompt(input: UserPromptSubmit) -> UserPromptSubmitResponse {
    if input.prompt.contains("secret") {
        UserPromptSubmitResponse::block("no secrets in prompts")
    } else {
        UserPromptSubmitResponse::default().additional_context("house rules: be brief")
    }
}
companion!(claude_prompt, UserPromptSubmit, prompt, Open);

fn verify(input: Stop) -> StopResponse {
    if input.stop_hook_active {
        no_opinion()
    } else {
        StopResponse::block("run the tests first")
    }
}
companion!(claude_verify, Stop, verify, Open);

fn task_gate(_: TaskCompleted) -> TaskCompletedResponse {
    TaskCompletedResponse::default()
        .r#continue(false)
        .stop_reason("the task is not done")
}
companion!(claude_task_gate, TaskCompleted, task_gate, Open);

fn start(input: SessionStart) -> SessionStartResponse {
    SessionStartResponse::default()
        .additional_context(format!("started by {}", input.source))
        .system_message("welcome")
}
companion!(claude_start, SessionStart, start, Open);

fn watch(_: CwdChanged) -> CwdChangedResponse {
    CwdChangedResponse::default().watch_paths(["Cargo.toml", ".env"])
}
companion!(claude_watch, CwdChanged, watch, Open);

fn worktree(input: WorktreeCreate) -> WorktreeCreateResponse {
    WorktreeCreateResponse::default().worktree_path(format!("/tmp/trees/{}", input.name))
}
companion!(claude_worktree, WorktreeCreate, worktree, Open);

fn elicit(_: Elicitation) -> ElicitationResponse {
    ElicitationResponse::accept().content(json!({"name": "x"}))
}
companion!(claude_elicit, Elicitation, elicit, Open);

fn permit(_: PermissionRequest) -> PermissionRequestResponse {
    PermissionRequestResponse::default()
        .decision(PermissionRequestDecision::allow().updated_input(json!({"command": "ls -la"})))
}
companion!(claude_permit, PermissionRequest, permit, Open);

fn notice(_: Notification) {}
companion!(claude_notice, Notification, notice, Closed);

fn rewrite(_: PreToolUse) -> PreToolUseResponse {
    PreToolUseResponse::allow()
        .updated_input(json!({"command": "ls -la"}))
        .additional_context("rewritten")
}
companion!(claude_rewrite, PreToolUse, rewrite, Open);

#[test]
fn every_category_is_rendered_as_claude_code_reads_it() {
    let cases: Vec<(&str, Rendered, Value)> = vec![
        (
            "permission",
            testing::run::<claude_rewrite>(PreToolUse::fixture()),
            json!({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "updatedInput": {"command": "ls -la"}, "additionalContext": "rewritten"}}),
        ),
        (
            "block",
            testing::run::<claude_prompt>(UserPromptSubmit::fixture().prompt("the secret is")),
            json!({"decision": "block", "reason": "no secrets in prompts"}),
        ),
        (
            "block, no decision",
            testing::run::<claude_prompt>(UserPromptSubmit::fixture().prompt("hello")),
            json!({"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "house rules: be brief"}}),
        ),
        (
            "loop",
            testing::run::<claude_verify>(Stop::fixture().stop_hook_active(false)),
            json!({"decision": "block", "reason": "run the tests first"}),
        ),
        (
            "gate",
            testing::run::<claude_task_gate>(TaskCompleted::fixture()),
            json!({"continue": false, "stopReason": "the task is not done"}),
        ),
        (
            "context",
            testing::run::<claude_start>(SessionStart::fixture().source("resume")),
            json!({"systemMessage": "welcome", "hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "started by resume"}}),
        ),
        (
            "notice",
            testing::run::<claude_watch>(CwdChanged::fixture()),
            json!({"hookSpecificOutput": {"hookEventName": "CwdChanged", "watchPaths": ["Cargo.toml", ".env"]}}),
        ),
        (
            "app",
            testing::run::<claude_worktree>(WorktreeCreate::fixture().name("feature")),
            json!({"hookSpecificOutput": {"hookEventName": "WorktreeCreate", "worktreePath": "/tmp/trees/feature"}}),
        ),
        (
            "app, an enum and JSON",
            testing::run::<claude_elicit>(Elicitation::fixture()),
            json!({"hookSpecificOutput": {"hookEventName": "Elicitation", "action": "accept", "content": {"name": "x"}}}),
        ),
        (
            "permission, a typed object",
            testing::run::<claude_permit>(PermissionRequest::fixture()),
            json!({"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow", "updatedInput": {"command": "ls -la"}}}}),
        ),
        (
            "observe",
            testing::run::<claude_notice>(Notification::fixture()),
            json!({}),
        ),
    ];
    for (category, rendered, expected) in cases {
        assert_eq!(json_of(&rendered), expected, "{category}: {rendered:?}");
        assert_eq!(rendered.exit_code, 0, "{category}");
        assert!(
            rendered.stderr.is_empty(),
            "{category}: {:?}",
            rendered.stderr
        );
    }
    // Keys in the order Claude Code's docs show them: top level first, `hookEventName` first.
    let start = testing::run::<claude_start>(SessionStart::fixture());
    assert_eq!(
        start.stdout,
        concat!(
            r#"{"systemMessage":"welcome","hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"started by startup"}}"#,
            "\n"
        )
    );
}

#[test]
fn the_test_kit_reads_claude_answers() {
    let deny = testing::run::<claude_guard>(
        PreToolUse::fixture().tool_input(json!({"command": "rm -rf /"})),
    );
    cursor_hooks::assert_denied!(deny);
    cursor_hooks::assert_blocked!(deny);
    assert_eq!(deny.reason().as_deref(), Some("rm -rf is blocked"));
    let ask = testing::run::<claude_guard>(
        PreToolUse::fixture().tool_input(json!({"command": "git push --force"})),
    );
    cursor_hooks::assert_asked!(ask);
    assert!(!ask.is_blocked());
    cursor_hooks::assert_allowed!(testing::run::<claude_rewrite>(PreToolUse::fixture()));
    cursor_hooks::assert_allowed!(testing::run::<claude_permit>(PermissionRequest::fixture()));
    let stop = testing::run::<claude_verify>(Stop::fixture().stop_hook_active(false));
    cursor_hooks::assert_blocked!(stop);
    assert_eq!(stop.decision().as_deref(), Some("block"));
    cursor_hooks::assert_no_opinion!(testing::run::<claude_verify>(
        Stop::fixture().stop_hook_active(true)
    ));
    let start = testing::run::<claude_start>(SessionStart::fixture());
    assert_eq!(
        start.additional_context().as_deref(),
        Some("started by startup")
    );
    assert_eq!(start.system_message().as_deref(), Some("welcome"));
}

#[test]
fn every_claude_event_has_a_fixture_that_parses() {
    macro_rules! each {
        ($($ty:ident),*) => {$(
            let input: $ty = $ty::fixture().build();
            assert_eq!(input.common.hook_event_name, <$ty as cursor_hooks::claude::Event>::NAME);
            assert!(input.extra.is_empty(), "{}: {:?}", stringify!($ty), input.extra);
            assert!(!input.common.session_id.is_empty() && !input.common.cwd.is_empty());
        )*};
    }
    cursor_hooks::__for_each_claude_event!(each);
}

// ------------------------------------------------------------------ the failure policy

fn failing_pre_tool_use(_: PreToolUse) -> Result<PreToolUseResponse, String> {
    Err("the policy file is missing".into())
}
companion!(
    closed_pre_tool_use,
    PreToolUse,
    failing_pre_tool_use,
    Closed
);
companion!(open_pre_tool_use, PreToolUse, failing_pre_tool_use, Open);

fn panicking_model_switch(_: PreModelSwitch) -> PreModelSwitchResponse {
    panic!("no price list")
}
companion!(
    closed_model_switch,
    PreModelSwitch,
    panicking_model_switch,
    Closed
);

fn failing_permission(_: PermissionRequest) -> Result<PermissionRequestResponse, String> {
    Err("no rules".into())
}
companion!(
    closed_permission,
    PermissionRequest,
    failing_permission,
    Closed
);

fn failing_stop(_: Stop) -> Result<StopResponse, String> {
    Err("no test runner".into())
}
companion!(closed_stop, Stop, failing_stop, Closed);
companion!(open_stop, Stop, failing_stop, Open);

fn failing_prompt(_: UserPromptSubmit) -> Result<UserPromptSubmitResponse, String> {
    Err("no word list".into())
}
companion!(closed_prompt, UserPromptSubmit, failing_prompt, Closed);

fn failing_start(_: SessionStart) -> Result<SessionStartResponse, String> {
    Err("no context file".into())
}
companion!(closed_start, SessionStart, failing_start, Closed);

fn failing_notice(_: Notification) -> Result<(), String> {
    Err("no log".into())
}
companion!(closed_notice, Notification, failing_notice, Closed);

#[test]
fn fail_closed_answers_each_category_claudes_way() {
    let reason = |problem: &str| format!("Blocked because the hook failed: {problem}");
    // A deny where the event has a permission decision.
    let answer = testing::run::<closed_pre_tool_use>(PreToolUse::fixture());
    assert_eq!(
        json_of(&answer),
        json!({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": reason("handler `closed_pre_tool_use` failed: the policy file is missing")}})
    );
    assert_eq!(
        answer.stderr,
        ["PreToolUse: handler `closed_pre_tool_use` failed: the policy file is missing; fail-closed: answered deny"]
    );
    let answer = testing::run::<closed_model_switch>(PreModelSwitch::fixture());
    cursor_hooks::assert_denied!(answer);
    assert!(
        answer.reason().unwrap().contains("panicked: no price list"),
        "{answer:?}"
    );
    let answer = testing::run::<closed_permission>(PermissionRequest::fixture());
    assert_eq!(
        answer.hook_specific("decision"),
        Some(
            json!({"behavior": "deny", "message": reason("handler `closed_permission` failed: no rules")})
        )
    );
    // `decision: "block"` where the event reads one.
    for answer in [
        testing::run::<closed_stop>(Stop::fixture()),
        testing::run::<closed_prompt>(UserPromptSubmit::fixture()),
    ] {
        assert_eq!(answer.decision().as_deref(), Some("block"), "{answer:?}");
        assert!(answer
            .reason()
            .unwrap()
            .starts_with("Blocked because the hook failed"));
        assert_eq!(answer.exit_code, 0);
        assert!(
            answer.stderr[0].ends_with("fail-closed: answered decision: block"),
            "{answer:?}"
        );
    }
    // Exit 2 with the reason on stderr elsewhere.
    for (answer, line) in [
        (
            testing::run::<closed_start>(SessionStart::fixture()),
            "SessionStart: handler `closed_start` failed: no context file; fail-closed: exit 2",
        ),
        (
            testing::run::<closed_notice>(Notification::fixture()),
            "Notification: handler `closed_notice` failed: no log; fail-closed: exit 2",
        ),
    ] {
        assert_eq!((answer.stdout.as_str(), answer.exit_code), ("", 2));
        assert_eq!(answer.stderr, [line]);
        cursor_hooks::assert_blocked!(answer);
    }
}

#[test]
fn fail_open_answers_no_opinion() {
    for answer in [
        testing::run::<open_pre_tool_use>(PreToolUse::fixture()),
        testing::run::<open_stop>(Stop::fixture()),
    ] {
        cursor_hooks::assert_no_opinion!(answer);
        assert!(
            answer.stderr[0].ends_with("; fail-open: answered no opinion"),
            "{answer:?}"
        );
    }
}

#[test]
fn a_bad_payload_is_answered_by_the_policy() {
    // `tool_name` is required on PreToolUse.
    let payload = PreToolUse::fixture().remove("tool_name");
    let closed = testing::run::<closed_pre_tool_use>(&payload);
    cursor_hooks::assert_denied!(closed);
    assert!(
        closed.stderr[0].contains("has no `tool_name` field"),
        "{closed:?}"
    );
    cursor_hooks::assert_no_opinion!(testing::run::<open_pre_tool_use>(&payload));
    // Not JSON: the one handler's block.
    let closed = testing::run::<closed_stop>("not json");
    assert_eq!(closed.decision().as_deref(), Some("block"));
    // A Claude event the binary has no handler for: no opinion, whatever the policy.
    let other = testing::run::<closed_stop>(SubagentStop::fixture());
    cursor_hooks::assert_no_opinion!(other);
    assert_eq!(
        other.stderr,
        ["this binary has no handler for the Claude Code event `SubagentStop`; answered no opinion"]
    );
}

// ------------------------------------------------------------------ drift

#[test]
fn unknown_fields_and_drifted_types_do_not_stop_the_handler() {
    let payload = PreToolUse::fixture()
        .tool_input(json!({"command": "rm -rf /"}))
        .set("permission_mode", 5) // a string today
        .set("brand_new_field", json!({"x": [1, 2]}));
    let answer = testing::run::<closed_pre_tool_use>(&payload);
    // The handler ran (and failed by its own doing, not the payload's).
    assert!(answer
        .stderr
        .iter()
        .any(|l| l.contains("the policy file is missing")));
    let answer = testing::run::<claude_guard>(&payload);
    cursor_hooks::assert_denied!(answer);
    assert_eq!(answer.ignored_fields(), ["permission_mode"]);
    assert_eq!(
        answer.stderr[0],
        "PreToolUse: field 'permission_mode' is a number, expected a string: ignored"
    );
    let input = payload.build();
    assert_eq!(input.common.permission_mode, None);
    assert_eq!(
        input.extra.get("brand_new_field"),
        Some(json!({"x": [1, 2]}))
    );
    assert_eq!(input.extra.get("permission_mode"), Some(json!(5)));
}

// ------------------------------------------------------------------ both payload variants

/// The first payload of `event` in a corpus file (one JSON payload a line), as text.
fn corpus_payload(file: &str, event: &str, with: &[(&str, Value)]) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/corpus")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .find(|line| {
            let value: Value = cursor_hooks::serde_json::from_str(line).unwrap_or_default();
            value["hook_event_name"] == event && with.iter().all(|(k, v)| value[*k] == *v)
        })
        .unwrap_or_else(|| panic!("no {event} payload in {file}"))
        .to_owned()
}

#[test]
fn a_real_claude_code_payload_is_answered_in_claudes_form() {
    let payload = corpus_payload(
        "claude-code-2.1.330/shell-guard-rm-rf.jsonl",
        "PreToolUse",
        &[],
    );
    let answer = testing::run::<claude_guard>(payload.as_str());
    assert_eq!(
        answer.stdout,
        concat!(
            r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"rm -rf is blocked"}}"#,
            "\n"
        )
    );
    assert!(answer.stderr.is_empty(), "{:?}", answer.stderr);
    let payload = corpus_payload("claude-code-2.1.330/bash-runs.jsonl", "Stop", &[]);
    let input: Stop = cursor_hooks::serde_json::from_str(&payload).unwrap();
    assert!(!input.stop_hook_active);
    let answer = testing::run::<claude_verify>(payload.as_str());
    assert_eq!(
        answer.stdout,
        concat!(
            r#"{"decision":"block","reason":"run the tests first"}"#,
            "\n"
        )
    );
}

/// What a handler saw: the guard's input, kept for the test.
fn seen_guard(input: PreToolUse) -> PreToolUseResponse {
    // Cursor's `Shell` is Claude's `Bash`; `cwd` is the first workspace root.
    assert_eq!(input.tool_name, "Bash");
    assert_eq!(input.common.hook_event_name, "PreToolUse");
    assert_eq!(input.common.cwd, "<RUN>");
    assert_eq!(
        input.common.session_id,
        "069e1eeb-e644-4edd-99fe-e0cbb6e68fbc"
    );
    assert_eq!(input.common.transcript_path, "");
    assert_eq!(
        input.extra.get("cursor_version"),
        Some(json!("2026.09.28-64d2043"))
    );
    PreToolUseResponse::deny("no sleeping")
}
companion!(claude_seen_guard, PreToolUse, seen_guard, Open);

#[test]
fn a_cursor_payload_runs_the_claude_handler_and_gets_cursors_form() {
    let shell = ("tool_name", json!("Shell"));
    let payload = corpus_payload("cursor-cli-2026.09.28/all.jsonl", "preToolUse", &[shell]);
    let answer = testing::run::<claude_seen_guard>(payload.as_str());
    // Cursor's own preToolUse schema: flat, no other key.
    assert_eq!(
        answer.stdout,
        concat!(
            r#"{"permission":"deny","user_message":"no sleeping","agent_message":"no sleeping"}"#,
            "\n"
        )
    );
    assert!(answer.stderr.is_empty(), "{:?}", answer.stderr);
    cursor_hooks::assert_denied!(answer);
    // A rewrite: `updated_input`; Claude-only keys are left out, each with a note.
    let answer = testing::run::<claude_rewrite>(payload.as_str());
    assert_eq!(
        answer.stdout,
        concat!(
            r#"{"permission":"allow","updated_input":{"command":"ls -la"}}"#,
            "\n"
        )
    );
    assert_eq!(
        answer.stderr,
        ["`additionalContext` left out: Cursor's preToolUse answer has no such key"]
    );
    // `ask`: Cursor does not enforce it on preToolUse, so it is sent as `deny` (Cursor's rule).
    let force = payload.replace("sleep 5; echo SUBDONE", "git push --force");
    let answer = testing::run::<claude_guard>(force.as_str());
    cursor_hooks::assert_denied!(answer);
    assert_eq!(answer.user_message().as_deref(), Some("force-push?"));
    // Fail-closed on a Cursor payload: Cursor's deny.
    let answer = testing::run::<closed_pre_tool_use>(payload.as_str());
    assert_eq!(
        answer.permission(),
        Some(cursor_hooks::prelude::PermissionOrAsk::Deny)
    );
    assert!(
        answer.json().unwrap().get("hookSpecificOutput").is_none(),
        "{answer:?}"
    );
}

#[test]
fn a_cursor_stop_payload_runs_the_claude_stop_handler() {
    let payload = corpus_payload(
        "cursor-cli-2026.09.28/all.jsonl",
        "stop",
        &[("loop_count", json!(0))],
    );
    let answer = testing::run::<claude_verify>(payload.as_str());
    // Top-level `decision: "block"` with `reason`, which Cursor reads as a follow-up.
    assert_eq!(
        answer.stdout,
        concat!(
            r#"{"decision":"block","reason":"run the tests first"}"#,
            "\n"
        )
    );
    // `loop_count > 0` is `stop_hook_active`: the follow-up was already sent.
    let again = payload.replace("\"loop_count\":0", "\"loop_count\":1");
    assert_ne!(again, payload);
    cursor_hooks::assert_no_opinion!(testing::run::<claude_verify>(again.as_str()));
}

// ------------------------------------------------------------------ both hosts in one binary

mod cursor_side {
    use cursor_hooks::prelude::*;

    #[cursor_hook(event = "beforeShellExecution", fail = "closed")]
    pub fn cursor_guard(input: BeforeShellExecution) -> BeforeShellExecutionResponse {
        if input.command.contains("rm -rf") {
            BeforeShellExecutionResponse::deny("cursor says no")
        } else {
            no_opinion()
        }
    }

    #[cursor_hook(event = "preToolUse")]
    pub fn cursor_pre_tool_use(_: PreToolUse) -> PreToolUseResponse {
        PreToolUseResponse::deny("the Cursor handler answered")
    }
}
use cursor_side::{cursor_guard, cursor_pre_tool_use};

#[test]
fn one_binary_holds_both_hosts_handlers() {
    let both = [
        testing::handler::<cursor_guard>(),
        testing::handler::<claude_guard>(),
    ];
    assert_eq!(both[0].host(), Host::Cursor);
    assert_eq!(both[1].host(), Host::ClaudeCode);
    let claude = testing::run_all(
        &both,
        PreToolUse::fixture().tool_input(json!({"command": "rm -rf /"})),
    );
    assert_eq!(
        claude.hook_specific("permissionDecision"),
        Some(json!("deny"))
    );
    let cursor = testing::run_all(
        &both,
        cursor_hooks::cursor::event::BeforeShellExecution::fixture().command("rm -rf /"),
    );
    assert_eq!(
        cursor.stdout,
        concat!(
            r#"{"permission":"deny","user_message":"cursor says no"}"#,
            "\n"
        )
    );
    // Cursor's preToolUse: no Cursor handler, so the Claude one answers, in Cursor's form.
    let shell = cursor_hooks::cursor::event::PreToolUse::fixture()
        .tool_name("Shell")
        .tool_input(json!({"command": "rm -rf /"}));
    let answer = testing::run_all(&both, &shell);
    assert_eq!(answer.user_message().as_deref(), Some("rm -rf is blocked"));
    // With a Cursor handler of its own, the Cursor handler answers.
    let three = [both[0], both[1], testing::handler::<cursor_pre_tool_use>()];
    let answer = testing::run_all(&three, &shell);
    assert_eq!(
        answer.user_message().as_deref(),
        Some("the Cursor handler answered")
    );
    // A payload that names no event: the binary's policy (closed: the Cursor guard's), exit 2.
    let unnamed = testing::run_all(&both, "{}");
    assert_eq!(unnamed.exit_code, 2);
}

#[test]
fn the_record_says_which_handlers_are_claude_codes() {
    const BOTH: &[Entry] = &[<cursor_guard as Hook>::ENTRY, <claude_guard as Hook>::ENTRY];
    static RECORD: [u8; cursor_hooks::__private::record_len(BOTH)] =
        cursor_hooks::__private::record_bytes(BOTH);
    let handlers = cursor_hooks::record::read(&RECORD).unwrap().unwrap();
    assert_eq!(handlers[0].host, Host::Cursor);
    assert_eq!(handlers[1].host, Host::ClaudeCode);
    assert_eq!(handlers[1].event, "PreToolUse");
    let text = String::from_utf8_lossy(&RECORD);
    assert!(text.contains(r#"{"event":"PreToolUse","handler":"claude_guard","failClosed":true,"host":"claude-code"}"#), "{text}");
    assert!(
        !text.contains(r#""handler":"cursor_guard","failClosed":true,"host""#),
        "{text}"
    );
}

#[test]
fn a_capture_of_claude_payloads_replays_through_claude_handlers() {
    let file = std::env::temp_dir().join(format!("claude-replay-{}.jsonl", std::process::id()));
    let payload = PreToolUse::fixture()
        .tool_input(json!({"command": "rm -rf /"}))
        .to_json();
    let line = json!({"payload": payload, "stdout": "{}", "exit_code": 0});
    std::fs::write(&file, format!("{line}\n")).unwrap();
    let changes = testing::replay(&[testing::handler::<claude_guard>()], &file).unwrap();
    std::fs::remove_file(&file).unwrap();
    assert_eq!(changes.len(), 1, "{changes:?}");
    assert_eq!(changes[0].event.as_deref(), Some("PreToolUse"));
    assert_eq!(changes[0].before, ("{}".to_owned(), 0));
    assert!(
        changes[0]
            .after
            .0
            .contains(r#""permissionDecision":"deny""#),
        "{changes:?}"
    );
}
