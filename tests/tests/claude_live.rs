//! The real Claude Code CLI (version in `tests/claude-code/VERSION`, installed by
//! `.ci/setup-claude-code`) runs the example hooks against a mock of the Messages API, inside a
//! network namespace that has only loopback.
//!
//! The examples (`examples/src/bin/`) are built once per test run into a target dir of their
//! own (`runner::example_binaries`) and installed as a user installs them, by
//! `<example> install --claude --project <temporary project>`; the test hooks of
//! `tests/src/bin/claude-*.rs` are installed the same way. A `claude-recorder` on every event
//! keeps the payloads (the corpus, `tests/claude-code/record`). Each test asserts on the real
//! effect: a directory that survives, a file that appears, what the model was told, how many
//! model turns there were. Linux only; the machine needs root, `unshare` and `ip` (a test
//! fails, never skips, without them).
#![cfg(target_os = "linux")]

mod common;

use cursor_hooks_tests::claude_code::mock::{text_of, MockApi, Reply};
use cursor_hooks_tests::claude_code::runner::{example_binaries, in_isolated_network, Session};
use serde_json::Value;
use std::path::{Path, PathBuf};

const RECORDER: &str = env!("CARGO_BIN_EXE_claude-recorder");
const REWRITER: &str = env!("CARGO_BIN_EXE_claude-rewriter");
const UNIFIED_REWRITER: &str = env!("CARGO_BIN_EXE_unified-rewriter");
const UNIFIED_STOPPER: &str = env!("CARGO_BIN_EXE_unified-stopper");
const SLOW_GUARD: &str = env!("CARGO_BIN_EXE_claude-slow-guard");
const FAIL_CLOSED: &str = env!("CARGO_BIN_EXE_claude-fail-closed");

/// What `shell-guard` tells the model when it denies `rm -rf`.
const SHELL_GUARD_REASON: &str = "rm -rf is blocked by the shell guard";

/// The start of `verify-on-stop`'s follow-up (`FOLLOWUP` in `examples/src/verify_on_stop.rs`).
const VERIFY_FOLLOWUP: &str = "Before finishing, run the project's tests and fix any failures.";

/// An example hook binary, built for this test run.
fn example(name: &str) -> PathBuf {
    let path = example_binaries(Path::new(env!("CARGO_TARGET_TMPDIR"))).join(name);
    assert!(path.is_file(), "{} was not built", path.display());
    path
}

/// Builds the examples (outside the namespace), then says whether to run the test's body.
fn live(test_name: &str) -> bool {
    example_binaries(Path::new(env!("CARGO_TARGET_TMPDIR")));
    in_isolated_network(test_name)
}

/// A project whose `target/keep` the mock's `rm -rf target` would delete.
fn session_with_target(name: &str) -> Session {
    let session = Session::new(name, Path::new(RECORDER));
    std::fs::create_dir_all(session.project.join("target")).expect("target dir");
    std::fs::write(session.project.join("target/keep"), "keep").expect("target/keep");
    session
}

/// What each model turn was sent last (its last message's text blocks), for failure messages:
/// the whole requests hold Claude Code's long system prompt.
fn last_messages(bodies: &[Value]) -> Vec<String> {
    bodies
        .iter()
        .map(|body| {
            let last = body["messages"].as_array().and_then(|m| m.last());
            let blocks = last.and_then(|m| m["content"].as_array()).cloned();
            let texts = blocks.unwrap_or_default().into_iter().filter_map(|block| {
                let text = block["text"].as_str().or(block["content"].as_str());
                text.map(str::to_owned)
            });
            texts.collect::<Vec<_>>().join(" | ")
        })
        .collect()
}

/// Runs `prompt` with `replies` scripted; asserts that `claude` exited 0.
fn run(session: &Session, replies: Vec<Reply>, prompt: &str) -> MockApi {
    let api = MockApi::start(replies).expect("mock starts");
    let output = session.run(&api.base_url(), prompt);
    assert!(
        output.success,
        "claude failed:\n{}\n{}",
        output.stdout, output.stderr
    );
    api
}

/// Runs `rm -rf target` through the mock with `session`'s hooks; returns the mock.
fn run_rm_target(session: &Session) -> MockApi {
    run(
        session,
        vec![Reply::bash("rm -rf target")],
        "Clean the build output.",
    )
}

/// The one tool call was refused, and the model was told `reason`.
fn assert_refused_with(api: &MockApi, reason: &str) {
    let results = api.tool_results();
    assert_eq!(results.len(), 1, "{results:?}");
    assert_eq!(results[0]["is_error"], true, "{results:?}");
    assert!(text_of(&results[0]).contains(reason), "{results:?}");
}

/// Control: without a deciding hook the mock's `rm -rf target` really runs, so a surviving
/// `target` in the other tests is the hooks' doing.
#[test]
fn without_a_deciding_hook_the_mocks_rm_runs() {
    if !live("without_a_deciding_hook_the_mocks_rm_runs") {
        return;
    }
    let session = session_with_target("control");
    let api = run_rm_target(&session);
    assert!(
        !session.project.join("target").exists(),
        "the tool call did not run"
    );
    let results = api.tool_results();
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
fn shell_guard_blocks_rm_rf() {
    if !live("shell_guard_blocks_rm_rf") {
        return;
    }
    let session = session_with_target("shell-guard");
    session.install(&example("shell-guard"));
    let api = run_rm_target(&session);
    assert!(
        session.project.join("target/keep").exists(),
        "shell-guard did not stop rm -rf target"
    );
    assert_refused_with(&api, SHELL_GUARD_REASON);
    let events = session.events();
    assert!(events.iter().any(|e| e == "PreToolUse"), "{events:?}");
    assert!(!events.iter().any(|e| e == "PostToolUse"), "{events:?}");
    session.keep_recording("shell-guard-rm-rf");
}

/// The unified shell guard (one `#[hook]` function for every host), installed with
/// `install --claude`, stops `rm -rf` in the real Claude Code with the same reason.
#[test]
fn the_unified_shell_guard_blocks_rm_rf() {
    if !live("the_unified_shell_guard_blocks_rm_rf") {
        return;
    }
    let session = session_with_target("unified-shell-guard");
    session.install(&example("unified-shell-guard"));
    let api = run_rm_target(&session);
    assert!(
        session.project.join("target/keep").exists(),
        "the unified shell guard did not stop rm -rf target"
    );
    assert_refused_with(&api, SHELL_GUARD_REASON);
    session.keep_recording("unified-shell-guard-rm-rf");
}

/// Installed for both editors (`install` and `install --claude`: one command in both files
/// for a Cursor handler and the Claude Code handler Cursor runs as the same event, so that
/// Cursor runs it once), shell-guard and audit-log answer once per event in Claude Code too,
/// and the shared command answers Claude Code's payload with the Claude Code handler. Cursor's
/// side is `cli/tests/run_once.rs`.
#[test]
fn a_binary_installed_for_both_editors_answers_once_per_event() {
    if !live("a_binary_installed_for_both_editors_answers_once_per_event") {
        return;
    }
    let session = session_with_target("both-editors");
    for name in ["shell-guard", "audit-log"] {
        let copy = session.install(&example(name));
        let output = std::process::Command::new(&copy)
            .args(["install", "--project"])
            .arg(&session.project)
            .output()
            .expect("the example starts");
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let settings = std::fs::read_to_string(session.settings_path()).expect("settings");
    assert!(
        settings.contains("--host cursor --event preToolUse --host claude-code --event PreToolUse"),
        "{settings}"
    );
    let api = run(
        &session,
        vec![Reply::bash("ls"), Reply::bash("rm -rf target")],
        "List the files, then clean the build output.",
    );
    assert!(
        session.project.join("target/keep").exists(),
        "shell-guard did not stop rm -rf target"
    );
    // `ls` ran; `rm -rf target` was refused with the guard's reason.
    let results = api.tool_results();
    let refused: Vec<&Value> = results.iter().filter(|r| r["is_error"] == true).collect();
    assert!(!refused.is_empty(), "{results:?}");
    assert!(
        refused
            .iter()
            .all(|r| r["tool_use_id"] == "toolu_mock_1" && text_of(r).contains(SHELL_GUARD_REASON)),
        "{results:?}"
    );
    // One audit line per event Claude Code fired, in Claude Code's log alone.
    let log = std::fs::read_to_string(session.project.join(".claude/hooks-audit.jsonl"))
        .expect("audit-log wrote its Claude Code log");
    let lines: Vec<Value> = log
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect();
    for event in ["SessionStart", "PostToolUse"] {
        let fired = session.payloads_of(event).len();
        let written = lines.iter().filter(|line| line["event"] == event).count();
        assert!(fired >= 1, "no {event} fired");
        assert_eq!(written, fired, "{event}: {log}");
    }
    assert!(
        !session.project.join(".cursor/hooks-audit.jsonl").exists(),
        "a Cursor handler answered Claude Code"
    );
}

/// The same block through exit 2. The framework never answers `PreToolUse` by exit 2 (its
/// deny is JSON, with the reason, and exit 0), so this is Claude Code's own rule, shown with
/// the recorder exiting 2 with the reason on stderr: the command does not run and the model
/// gets the reason. The framework's own fail-closed answer is in
/// `a_fail_closed_hook_blocks_with_its_failure`.
#[test]
fn pre_tool_use_exit_2_blocks_the_command() {
    if !live("pre_tool_use_exit_2_blocks_the_command") {
        return;
    }
    let mut session = session_with_target("exit-2");
    let reason = "rm -rf is not allowed here";
    session.add_deciding_hook(
        "PreToolUse",
        Some("Bash"),
        None,
        &["--exit", "2", "--stderr", reason],
    );
    let api = run_rm_target(&session);
    assert!(
        session.project.join("target/keep").exists(),
        "the hook did not stop rm -rf target"
    );
    assert_refused_with(&api, reason);
    session.keep_recording("pre-tool-use-exit-2");
}

/// The framework's fail-closed answer: a fail-closed handler on `PostToolUse` (an event where a
/// block has an effect; on `PostToolUseFailure`, where none has, `fail = "closed"` does not
/// compile) panics; the failure policy answers `decision: "block"` with the failure as its
/// reason, and Claude Code hands that reason to the model with the tool's result.
#[test]
fn a_fail_closed_hook_blocks_with_its_failure() {
    if !live("a_fail_closed_hook_blocks_with_its_failure") {
        return;
    }
    let session = Session::new("fail-closed", Path::new(RECORDER));
    session.install(Path::new(FAIL_CLOSED));
    let api = run(&session, vec![Reply::bash("echo ran")], "Run the check.");
    let results = api.tool_results();
    assert_eq!(results.len(), 1, "{results:?}");
    let told = api
        .message_bodies()
        .iter()
        .any(|body| body.to_string().contains("the failure check broke"));
    assert!(
        told,
        "the model was not given the hook's failure: {:?}",
        last_messages(&api.message_bodies())
    );
    let ran = session.payloads_of("PostToolUse");
    assert_eq!(ran.len(), 1, "{ran:?}");
}

#[test]
fn secrets_guard_blocks_reading_env() {
    if !live("secrets_guard_blocks_reading_env") {
        return;
    }
    let session = Session::new("secrets-guard", Path::new(RECORDER));
    session.install(&example("secrets-guard"));
    let secret = "sk-live-do-not-share-4242";
    let env_file = session.project.join(".env");
    std::fs::write(&env_file, format!("API_TOKEN={secret}\n")).expect(".env");
    let api = run(
        &session,
        vec![Reply::read(&env_file.to_string_lossy())],
        "Show me the configuration.",
    );
    assert_refused_with(&api, ".env holds secrets and is not shared with the agent");
    let bodies = api.message_bodies();
    assert!(
        bodies.len() >= 2,
        "the model never heard back: {:?}",
        last_messages(&bodies)
    );
    assert!(
        !bodies.iter().any(|body| body.to_string().contains(secret)),
        "the secret reached the model"
    );
    let pre = session.payloads_of("PreToolUse");
    assert_eq!(pre.len(), 1, "{pre:?}");
    assert_eq!(pre[0]["tool_name"], "Read");
    assert!(session.payloads_of("PostToolUse").is_empty());
    session.keep_recording("secrets-guard-read-env");
}

#[test]
fn prompt_guard_blocks_a_prompt_with_an_aws_key_before_the_model_sees_it() {
    if !live("prompt_guard_blocks_a_prompt_with_an_aws_key_before_the_model_sees_it") {
        return;
    }
    let session = Session::new("prompt-guard", Path::new(RECORDER));
    session.install(&example("prompt-guard"));
    let api = MockApi::start(vec![Reply::Text("I should never be asked".to_owned())])
        .expect("mock starts");
    let prompt = "Deploy with key AKIAIOSFODNN7EXAMPLE please.";
    let output = session.run(&api.base_url(), prompt);
    assert!(
        output.success,
        "claude failed:\n{}\n{}",
        output.stdout, output.stderr
    );
    let messages = api.message_bodies();
    assert!(
        messages.is_empty(),
        "the prompt reached the model: {:?}",
        last_messages(&messages)
    );
    let result = output.json["result"].as_str().unwrap_or_default();
    assert!(
        result.contains("Your prompt contains an AWS access key id"),
        "{}",
        output.stdout
    );
    let submitted = session.payloads_of("UserPromptSubmit");
    assert_eq!(submitted.len(), 1, "{submitted:?}");
    assert_eq!(submitted[0]["prompt"], prompt);
    session.keep_recording("prompt-guard-aws-key");
}

#[test]
fn verify_on_stop_continues_the_agent_exactly_once() {
    if !live("verify_on_stop_continues_the_agent_exactly_once") {
        return;
    }
    let session = Session::new("verify-on-stop", Path::new(RECORDER));
    session.install(&example("verify-on-stop"));
    let api = run(
        &session,
        vec![
            Reply::Text("First pass done.".to_owned()),
            Reply::Text("The tests pass.".to_owned()),
        ],
        "Fix the bug.",
    );
    let bodies = api.message_bodies();
    assert_eq!(
        bodies.len(),
        2,
        "model turns, each with what it was sent last: {:?}",
        last_messages(&bodies)
    );
    let followup = VERIFY_FOLLOWUP;
    assert!(
        !bodies[0].to_string().contains(followup),
        "the first turn already had the follow-up"
    );
    assert!(
        bodies[1].to_string().contains(followup),
        "the second turn lacks the follow-up: {:?}",
        last_messages(&bodies)
    );
    let stops = session.payloads_of("Stop");
    let active: Vec<&Value> = stops.iter().map(|s| &s["stop_hook_active"]).collect();
    assert_eq!(active, [false, true], "{stops:?}");
    session.keep_recording("verify-on-stop");
}

/// A unified handler's `keep_going` (Claude Code's `decision: block`), installed with
/// `install --claude`, keeps the agent going once: the second turn has its instruction.
#[test]
fn a_unified_keep_going_continues_the_agent_once() {
    if !live("a_unified_keep_going_continues_the_agent_once") {
        return;
    }
    let session = Session::new("unified-stop", Path::new(RECORDER));
    session.install(Path::new(UNIFIED_STOPPER));
    let api = run(
        &session,
        vec![
            Reply::Text("First pass done.".to_owned()),
            Reply::Text("Checked again.".to_owned()),
        ],
        "Fix the bug.",
    );
    let bodies = api.message_bodies();
    assert_eq!(bodies.len(), 2, "{:?}", last_messages(&bodies));
    assert!(!bodies[0].to_string().contains("KEEP-GOING"));
    assert!(
        bodies[1].to_string().contains("KEEP-GOING"),
        "{:?}",
        last_messages(&bodies)
    );
    let stops = session.payloads_of("Stop");
    let active: Vec<&Value> = stops.iter().map(|s| &s["stop_hook_active"]).collect();
    assert_eq!(active, [false, true], "{stops:?}");
}

/// Runs the mock's `echo original > marker` with `rewriter` installed, and asserts that the
/// rewritten command is what ran: the marker says `rewritten`, the call's result is no error,
/// and PostToolUse saw the rewritten command.
fn assert_the_rewrite_runs(name: &str, rewriter: &Path) -> Session {
    let session = Session::new(name, Path::new(RECORDER));
    session.install(rewriter);
    let api = run(
        &session,
        vec![Reply::bash("echo original > marker")],
        "Write the marker.",
    );
    let marker = std::fs::read_to_string(session.project.join("marker"));
    let results = api.tool_results();
    assert_eq!(
        marker.ok().as_deref(),
        Some("rewritten\n"),
        "the rewritten command did not run: {results:?}"
    );
    assert_eq!(results.len(), 1, "{results:?}");
    assert_ne!(results[0]["is_error"], true, "{results:?}");
    let post = session.payloads_of("PostToolUse");
    assert_eq!(post.len(), 1, "{post:?}");
    assert_eq!(post[0]["tool_input"]["command"], "echo rewritten > marker");
    session
}

#[test]
fn a_rewriting_hooks_updated_input_is_what_runs() {
    if !live("a_rewriting_hooks_updated_input_is_what_runs") {
        return;
    }
    let session = assert_the_rewrite_runs("rewrite", Path::new(REWRITER));
    session.keep_recording("rewrite-updated-input");
}

/// A unified handler's rewrite (`ShellAnswer::rewrite`, Claude Code's `updatedInput` without a
/// decision) is what runs: the permission rules still apply, and Bash is allowed here.
#[test]
fn a_unified_rewrite_is_what_runs() {
    if !live("a_unified_rewrite_is_what_runs") {
        return;
    }
    assert_the_rewrite_runs("unified-rewrite", Path::new(UNIFIED_REWRITER));
}

/// The framework's deadline: `claude-slow-guard` sleeps 5 s before denying, with `timeout = 1`;
/// its deadline answers fail-open `{}` at 0.9 s, and the command runs. `install --claude` wires
/// Claude Code's timeout as 1 s too; it is raised to 10 s here, so that only the framework's
/// deadline can let the command run (without it, the deny at 5 s would count).
#[test]
fn a_slow_hook_is_answered_by_its_deadline_and_fails_open() {
    if !live("a_slow_hook_is_answered_by_its_deadline_and_fails_open") {
        return;
    }
    let session = Session::new("deadline", Path::new(RECORDER));
    let guard = session.install(Path::new(SLOW_GUARD));
    assert_eq!(session.commands_on("PreToolUse").len(), 2);
    assert_eq!(session.set_timeout(&guard, 10), 1);
    run(
        &session,
        vec![Reply::bash("echo ran > marker")],
        "Write the marker.",
    );
    let marker = std::fs::read_to_string(session.project.join("marker"));
    assert_eq!(
        marker.ok().as_deref(),
        Some("ran\n"),
        "the slow guard's late deny was applied"
    );
    session.keep_recording("deadline-fail-open");
}

/// Claude Code's own timeout: a hook with no deadline of its own (the recorder, sleeping 5 s
/// before a deny) wired with `"timeout": 1` is cut off by Claude Code, which goes on as if the
/// hook had no opinion: the command runs.
#[test]
fn a_hook_past_claude_codes_timeout_fails_open() {
    if !live("a_hook_past_claude_codes_timeout_fails_open") {
        return;
    }
    let mut session = Session::new("host-timeout", Path::new(RECORDER));
    let deny = serde_json::json!({ "hookSpecificOutput": {
        "hookEventName": "PreToolUse",
        "permissionDecision": "deny",
        "permissionDecisionReason": "too late to count",
    } });
    session.add_deciding_hook(
        "PreToolUse",
        Some("Bash"),
        Some(1),
        &["--sleep", "5", "--stdout", &deny.to_string()],
    );
    let api = run(
        &session,
        vec![Reply::bash("echo ran > marker")],
        "Write the marker.",
    );
    let marker = std::fs::read_to_string(session.project.join("marker"));
    assert_eq!(
        marker.ok().as_deref(),
        Some("ran\n"),
        "the timed-out hook's deny was applied"
    );
    let results = api.tool_results();
    assert!(
        !results.iter().any(|r| text_of(r).contains("too late")),
        "{results:?}"
    );
    session.keep_recording("host-timeout-fail-open");
}

/// Two hooks on one call, `claude-rewriter` answering allow and `shell-guard` deny: Claude Code
/// takes deny.
#[test]
fn allow_and_deny_from_two_hooks_give_deny() {
    if !live("allow_and_deny_from_two_hooks_give_deny") {
        return;
    }
    let session = session_with_target("allow-and-deny");
    session.install(Path::new(REWRITER));
    session.install(&example("shell-guard"));
    assert_eq!(session.commands_on("PreToolUse").len(), 3);
    let api = run_rm_target(&session);
    assert!(
        session.project.join("target/keep").exists(),
        "allow overruled shell-guard's deny"
    );
    assert_refused_with(&api, SHELL_GUARD_REASON);
    session.keep_recording("allow-and-deny");
}

/// With `shell-guard` (and `audit-log`) installed, a harmless command runs as the model wrote it.
#[test]
fn a_harmless_command_runs_untouched() {
    if !live("a_harmless_command_runs_untouched") {
        return;
    }
    let session = Session::new("harmless", Path::new(RECORDER));
    session.install(&example("shell-guard"));
    session.install(&example("audit-log"));
    let command = "echo made > created-by-tool";
    let api = run(
        &session,
        vec![Reply::bash(command)],
        "Create the marker file.",
    );
    let created = std::fs::read_to_string(session.project.join("created-by-tool"));
    assert_eq!(
        created.ok().as_deref(),
        Some("made\n"),
        "the harmless command did not run"
    );
    let results = api.tool_results();
    assert_eq!(results.len(), 1, "{results:?}");
    assert_ne!(results[0]["is_error"], true, "{results:?}");
    let post = session.payloads_of("PostToolUse");
    assert_eq!(post.len(), 1, "{post:?}");
    assert_eq!(post[0]["tool_input"]["command"], command);
    // audit-log heard the session: one line per payload of its events.
    let log = std::fs::read_to_string(session.project.join(".claude/hooks-audit.jsonl"))
        .expect("audit-log wrote .claude/hooks-audit.jsonl");
    let logged: Vec<Value> = log
        .lines()
        .map(|line| serde_json::from_str(line).expect("an audit line"))
        .collect();
    for (event, subject) in [("SessionStart", "startup"), ("PostToolUse", "Bash")] {
        assert!(
            logged
                .iter()
                .any(|l| l["event"] == event && l["subject"] == subject),
            "no {event} line in {log}"
        );
    }
    session.keep_recording("harmless-command");
}

/// A project slash command whose text runs `rm -rf target` when it loads (a `!` line), before
/// the model sees anything: Claude Code 2.1.332's `PreSkillShellCommand` fires on it.
fn add_cleaning_command(session: &Session) {
    let commands = session.project.join(".claude/commands");
    std::fs::create_dir_all(&commands).expect(".claude/commands");
    std::fs::write(
        commands.join("clean.md"),
        "---\ndescription: Clean the build\nallowed-tools: Bash(rm:*)\n---\n\
         Output of the cleanup: !`rm -rf target && echo cleaned`\n",
    )
    .expect("clean.md");
}

/// Control for the next test: without a guard the slash command's `rm -rf target` runs when
/// `/clean` loads, so a surviving `target` there is the guard's doing.
#[test]
fn without_a_guard_a_slash_commands_shell_line_runs() {
    if !live("without_a_guard_a_slash_commands_shell_line_runs") {
        return;
    }
    let session = session_with_target("skill-control");
    add_cleaning_command(&session);
    run(&session, vec![Reply::Text("Cleaned.".to_owned())], "/clean");
    assert!(
        !session.project.join("target").exists(),
        "the slash command's shell line did not run"
    );
    let skill = session.payloads_of("PreSkillShellCommand");
    assert_eq!(skill.len(), 1, "{skill:?}");
    assert_eq!(
        skill[0]["tool_input"]["command"],
        "rm -rf target && echo cleaned"
    );
}

/// `shell-guard` wires `PreSkillShellCommand` (`install --claude` writes it) and denies the
/// slash command's `rm -rf`: the command never runs and its output never reaches the model.
#[test]
fn shell_guard_blocks_rm_rf_in_a_slash_command() {
    if !live("shell_guard_blocks_rm_rf_in_a_slash_command") {
        return;
    }
    let session = session_with_target("skill-shell-guard");
    session.install(&example("shell-guard"));
    add_cleaning_command(&session);
    let api = run(&session, vec![Reply::Text("Cleaned.".to_owned())], "/clean");
    assert!(
        session.project.join("target/keep").exists(),
        "shell-guard did not stop the slash command's rm -rf target"
    );
    let skill = session.payloads_of("PreSkillShellCommand");
    assert_eq!(skill.len(), 1, "{skill:?}");
    assert_eq!(skill[0]["invoked_by"], "user");
    let told = last_messages(&api.message_bodies()).join("\n");
    assert!(
        !told.contains("cleaned"),
        "the command's output reached the model: {told}"
    );
    session.keep_recording("shell-guard-skill-rm-rf");
}

/// `doctor --host claude-code` reads the real Claude Code's `--version` from `PATH` and holds it
/// to the events the settings name: the pinned binary knows `PreSkillShellCommand`, which
/// `install --claude` wrote for shell-guard, so doctor reports its version and no error.
#[test]
fn doctor_reads_the_installed_claude_code_version_and_the_pinned_one_is_new_enough() {
    if !live("doctor_reads_the_installed_claude_code_version_and_the_pinned_one_is_new_enough") {
        return;
    }
    let session = Session::new("doctor-version", Path::new(RECORDER));
    session.install(&example("shell-guard"));
    assert!(
        !session.commands_on("PreSkillShellCommand").is_empty(),
        "install wired no PreSkillShellCommand"
    );
    let claude = cursor_hooks_tests::claude_code::runner::claude_binary();
    let bin = claude.parent().expect("claude's folder");
    let cli = example_binaries(Path::new(env!("CARGO_TARGET_TMPDIR"))).join("cursor-hooks");
    let output = std::process::Command::new(cli)
        .args(["doctor", "--host", "claude-code", "--json", "--project"])
        .arg(&session.project)
        .env("HOME", &session.home)
        .env("PATH", format!("{}:/usr/bin:/bin", bin.display()))
        .env(
            "CURSOR_HOOKS_CLAUDE_MANAGED_FILE",
            session.root().join("no-managed.json"),
        )
        .stdin(std::process::Stdio::null())
        .output()
        .expect("cursor-hooks runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let report: Value = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("doctor printed no JSON ({e}): {stdout}"));
    let pinned = include_str!("../claude-code/VERSION").trim();
    assert_eq!(
        report["claude_code_version"]["installed"], pinned,
        "{report:#}"
    );
    assert_eq!(
        report["claude_code_version"]["for"], "PreSkillShellCommand",
        "{report:#}"
    );
    let findings = report["findings"].as_array().expect("findings");
    assert!(
        !findings
            .iter()
            .any(|f| f["message"].as_str().unwrap_or("").contains("predates")),
        "{report:#}"
    );
}

/// `cursor-hooks verify --json ARGS` in the session's project with its home and the pinned
/// Claude Code on `PATH`: the exit code and the report.
fn verify(session: &Session, args: &[&str]) -> (i32, Value) {
    let claude = cursor_hooks_tests::claude_code::runner::claude_binary();
    let bin = claude.parent().expect("claude's folder");
    let cli = example_binaries(Path::new(env!("CARGO_TARGET_TMPDIR"))).join("cursor-hooks");
    let output = std::process::Command::new(cli)
        .args(["verify", "--json"])
        .args(args)
        .current_dir(&session.project)
        .env("HOME", &session.home)
        .env("PATH", format!("{}:/usr/bin:/bin", bin.display()))
        .stdin(std::process::Stdio::null())
        .output()
        .expect("cursor-hooks runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let report: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| {
        panic!(
            "verify printed no JSON ({e}): {stdout}\n{}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    (output.status.code().expect("an exit code"), report)
}

/// The report's entry for the configured hook on `event`.
fn configured<'a>(report: &'a Value, event: &str) -> &'a Value {
    report["configured"]
        .as_array()
        .expect("configured hooks")
        .iter()
        .find(|hook| hook["event"] == event)
        .unwrap_or_else(|| panic!("no configured {event} hook in {report:#}"))
}

/// `verify` proves shell-guard fires in the real Claude Code: it reports the hook as fired with
/// its deny, that the dangerous-looking call did not run, and the project tree is byte for
/// byte what it was (the pattern is never something the shell could act on).
#[test]
fn verify_shows_a_guard_deciding_on_a_dangerous_looking_call_and_nothing_changes() {
    if !live("verify_shows_a_guard_deciding_on_a_dangerous_looking_call_and_nothing_changes") {
        return;
    }
    let session = Session::with_plugin_recorder("verify-guard", Path::new(RECORDER));
    session.install(&example("shell-guard"));
    std::fs::write(session.project.join("keep.txt"), "keep").expect("a project file");
    let before = common::tree_bytes(&session.project);
    let (code, report) = verify(&session, &["--command", "rm -rf ."]);
    assert_eq!(code, 0, "{report:#}");
    assert_eq!(
        common::tree_bytes(&session.project),
        before,
        "verify changed the project"
    );
    assert_eq!(
        report["project_changed"],
        serde_json::json!([]),
        "{report:#}"
    );
    assert_eq!(
        configured(&report, "PreToolUse")["status"],
        "fired",
        "{report:#}"
    );
    let runs = report["runs"].as_array().expect("runs");
    let pre: Vec<&Value> = runs
        .iter()
        .filter(|run| run["event"] == "PreToolUse")
        .collect();
    assert_eq!(pre.len(), 1, "{report:#}");
    assert!(
        pre[0]["stdout"]
            .as_str()
            .unwrap_or("")
            .contains("\"permissionDecision\":\"deny\""),
        "{report:#}"
    );
    assert_eq!(report["call"]["ran"], false, "{report:#}");
    assert!(
        report["call"]["told"]
            .as_str()
            .unwrap_or("")
            .contains(SHELL_GUARD_REASON),
        "{report:#}"
    );
    assert_eq!(
        report["isolation"],
        "a network namespace with only loopback"
    );
}

/// Without a pattern the scripted call is harmless and shell-guard has no opinion: the hook
/// fires and the call runs.
#[test]
fn verify_shows_a_hook_that_fires_and_the_call_it_let_run() {
    if !live("verify_shows_a_hook_that_fires_and_the_call_it_let_run") {
        return;
    }
    let mut session = Session::with_plugin_recorder("verify-fires", Path::new(RECORDER));
    session.install(&example("shell-guard"));
    // A hook on the same event whose matcher does not select the call's tool.
    session.add_command(
        "PreToolUse",
        Some("Write"),
        "cat > /dev/null; echo '{}'",
        None,
    );
    let (code, report) = verify(&session, &[]);
    assert_eq!(code, 0, "{report:#}");
    let pre: Vec<&Value> = report["configured"]
        .as_array()
        .expect("configured hooks")
        .iter()
        .filter(|hook| hook["event"] == "PreToolUse")
        .collect();
    assert_eq!(pre.len(), 2, "{report:#}");
    for hook in pre {
        let expected = if hook["matcher"] == "Write" {
            "not_fired"
        } else {
            "fired"
        };
        assert_eq!(hook["status"], expected, "{hook:#}");
    }
    // shell-guard's other handler: the turn runs no skill.
    assert_eq!(
        configured(&report, "PreSkillShellCommand")["status"],
        "not_fired",
        "{report:#}"
    );
    assert_eq!(report["call"]["ran"], true, "{report:#}");
}

/// A gate that keeps hooks off (`disableAllHooks` in the project's local settings) shows as
/// such: the hook is skipped with doctor's reason, no hook runs, and the call goes through.
#[test]
fn verify_shows_a_hook_that_a_gate_keeps_off() {
    if !live("verify_shows_a_hook_that_a_gate_keeps_off") {
        return;
    }
    let session = Session::with_plugin_recorder("verify-gate", Path::new(RECORDER));
    session.install(&example("shell-guard"));
    std::fs::write(
        session.project.join(".claude/settings.local.json"),
        r#"{"disableAllHooks": true}"#,
    )
    .expect("local settings");
    let (code, report) = verify(&session, &["--command", "rm -rf ."]);
    assert_eq!(code, 0, "{report:#}");
    let hook = configured(&report, "PreToolUse");
    assert_eq!(hook["status"], "skipped", "{report:#}");
    assert!(
        hook["why"]
            .as_str()
            .unwrap_or("")
            .contains("disableAllHooks"),
        "{report:#}"
    );
    assert_eq!(report["runs"], serde_json::json!([]), "{report:#}");
    assert_eq!(report["call"]["ran"], true, "{report:#}");
}
