//! The real OpenAI Codex CLI (version in `tests/codex/VERSION`, installed by `.ci/setup-codex`)
//! runs hooks against a mock of the Responses API, inside a network namespace that has only
//! loopback.
//!
//! Each run gets a fresh `HOME` whose `~/.codex/config.toml` names the mock as the model
//! provider and whose `~/.codex/hooks.json` holds a `claude-recorder` on every event (the
//! payloads are the corpus, `tests/codex/record/`), each seeded as trusted with the hash
//! `cursor_hooks_spec::codex_trust` computes: no run passes `--dangerously-bypass-hook-trust`.
//! Each test asserts on the real effect: a ref a force-push wrote, a directory that survives, a
//! hook that ran or not, what the model was told. Linux only; the machine needs root (or user
//! namespaces), `unshare` and `ip` (a test fails, never skips, without them).
#![cfg(target_os = "linux")]

mod common;

use common::claude_cli;
use cursor_hooks_spec::codex_trust::{event_label, trusted_hash, CommandHook};
use cursor_hooks_tests::claude_code::runner::{examples_for, read_jsonl};
use cursor_hooks_tests::codex::mock::{MockResponses, Reply};
use cursor_hooks_tests::codex::runner::{
    codex_binary, in_isolated_network, prepare, CodexOutput, Session, Trust,
};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const RECORDER: &str = env!("CARGO_BIN_EXE_claude-recorder");

/// What `shell-guard`'s Claude Code handler tells the model when it denies `rm -rf`
/// (`DENY_REASON` in `examples/src/shell_guard.rs`).
const SHELL_GUARD_REASON: &str = "rm -rf is blocked by the shell guard: delete the specific files or directories you mean, one path at a time, or ask the user to run it.";

/// A command `shell-guard` denies (it holds `rm -rf`) that Codex itself lets run (it refuses
/// real `rm -f`-style commands on its own, after the hooks): its effect is `proof.txt`.
const GUARDED: &str = "echo 'rm -rf is only quoted here' > proof.txt";

/// The prompt of every run.
const PROMPT: &str = "do the task";

/// The events a session with one shell call fires, in order.
const ONE_CALL: &[&str] = &[
    "SessionStart",
    "UserPromptSubmit",
    "PreToolUse",
    "PostToolUse",
    "Stop",
    "SessionEnd",
];

/// An example hook binary, built for this test run (outside the namespace).
fn example(name: &str) -> PathBuf {
    let dir = examples_for(Path::new(env!("CARGO_TARGET_TMPDIR")), prepare);
    let path = dir.join(name);
    assert!(path.is_file(), "{} was not built", path.display());
    path
}

/// Builds the examples (outside the namespace), then says whether to run the test's body.
fn live_with_examples(test_name: &str) -> bool {
    examples_for(Path::new(env!("CARGO_TARGET_TMPDIR")), prepare);
    in_isolated_network(test_name)
}

/// Runs `git` in `dir` with a fixed identity (the run's HOME has no git config).
fn git(dir: &Path, args: &[&str]) {
    let status = Command::new("git")
        .args([
            "-c",
            "user.name=live",
            "-c",
            "user.email=live@example.invalid",
        ])
        .args(["-c", "init.defaultBranch=main"])
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .status()
        .expect("git starts");
    assert!(status.success(), "git {args:?} failed in {}", dir.display());
}

/// A project with one commit and a local bare repository `remote.git` beside it: the model's
/// `git push --force` writes `refs/heads/main` there, nowhere off the machine.
fn session_with_remote(name: &str) -> Session {
    let session = Session::new(name, Path::new(RECORDER));
    git(&session.project, &["init", "-q"]);
    std::fs::write(session.project.join("file.txt"), "one\n").expect("file.txt");
    git(&session.project, &["add", "file.txt"]);
    git(&session.project, &["commit", "-q", "-m", "one"]);
    git(session.root(), &["init", "-q", "--bare", "remote.git"]);
    session
}

/// The force-push the mock asks for.
fn force_push(session: &Session) -> String {
    let remote = session.root().join("remote.git");
    format!("git push --force {} HEAD:refs/heads/main", remote.display())
}

/// Whether the force-push reached the bare repository.
fn pushed(session: &Session) -> bool {
    session.root().join("remote.git/refs/heads/main").is_file()
}

/// The run's output for a failure message.
fn shown(output: &CodexOutput) -> String {
    format!("stdout:\n{}\nstderr:\n{}", output.stdout, output.stderr)
}

#[test]
fn a_force_push_runs_without_hooks() {
    if !in_isolated_network("a_force_push_runs_without_hooks") {
        return;
    }
    let mut session = session_with_remote("control");
    session.clear_hooks();
    let api = MockResponses::start(vec![Reply::shell(&force_push(&session))]).expect("mock");
    let output = session.run(&api.base_url(), PROMPT, &[]);
    assert!(output.success, "{}", shown(&output));
    assert!(
        pushed(&session),
        "the force-push did not run:\n{}",
        shown(&output)
    );
    let commands = output.commands();
    assert_eq!(commands.len(), 1, "{}", shown(&output));
    assert_eq!(commands[0]["exit_code"], 0, "{}", shown(&output));
}

#[test]
fn the_recorder_hears_every_event_of_a_session() {
    if !in_isolated_network("the_recorder_hears_every_event_of_a_session") {
        return;
    }
    let session = session_with_remote("recorder");
    let push = force_push(&session);
    let api = MockResponses::start(vec![Reply::shell(&push)]).expect("mock");
    let output = session.run(&api.base_url(), PROMPT, &[]);
    assert!(output.success, "{}", shown(&output));
    session.keep_recording("bash-runs");
    assert_eq!(session.events(), ONE_CALL, "{}", shown(&output));
    assert!(pushed(&session), "a recorder decides nothing");

    let pre = &session.payloads_of("PreToolUse")[0];
    // exec_command {cmd} reaches the hook as Claude Code's Bash {command}.
    assert_eq!(pre["tool_name"], "Bash");
    assert_eq!(pre["tool_input"]["command"], push.as_str());
    assert_eq!(pre["tool_use_id"], "call_mock_0");
    let post = &session.payloads_of("PostToolUse")[0];
    assert_eq!(post["tool_use_id"], "call_mock_0");
    assert!(post["tool_response"].is_string(), "{post}");
    let turn = &session.payloads_of("UserPromptSubmit")[0]["turn_id"];
    assert!(turn.is_string(), "UserPromptSubmit has a turn_id");
    for event in ["PreToolUse", "PostToolUse", "Stop"] {
        assert_eq!(&session.payloads_of(event)[0]["turn_id"], turn, "{event}");
    }
    assert_eq!(session.payloads_of("UserPromptSubmit")[0]["prompt"], PROMPT);
    assert_eq!(session.payloads_of("SessionStart")[0]["source"], "startup");
    assert_eq!(session.payloads_of("Stop")[0]["stop_hook_active"], false);
    assert_eq!(session.payloads_of("SessionEnd")[0]["reason"], "other");
    let cwd = session.project.to_string_lossy().into_owned();
    for payload in session.payloads() {
        assert_eq!(payload["cwd"], cwd.as_str(), "{payload}");
        assert!(payload["session_id"].is_string(), "{payload}");
    }
}

#[test]
fn untrusted_user_hooks_are_skipped_silently() {
    if !in_isolated_network("untrusted_user_hooks_are_skipped_silently") {
        return;
    }
    let mut session = session_with_remote("untrusted");
    session.trust = Trust::None;
    let api = MockResponses::start(vec![Reply::shell(&force_push(&session))]).expect("mock");
    let output = session.run(&api.base_url(), PROMPT, &[]);
    assert!(output.success, "{}", shown(&output));
    assert!(pushed(&session), "{}", shown(&output));
    assert_eq!(session.events(), Vec::<String>::new(), "no hook ran");
    // Silently: nothing in the run's output mentions the skipped hooks.
    let said = format!("{}{}", output.stdout, output.stderr).to_lowercase();
    assert!(!said.contains("hook"), "{}", shown(&output));
}

/// A session whose only hook is a recorder on UserPromptSubmit, trusted by `seed` alone: the
/// hash of its own command, or of `other` when given.
fn seeded_run(name: &str, other: Option<&str>) -> (Session, CodexOutput) {
    let mut session = Session::new(name, Path::new(RECORDER));
    session.clear_hooks();
    session.trust = Trust::None;
    let log = session.events_log.to_string_lossy().into_owned();
    let command = session.recorder_command(&log, &[]);
    let group = session.add_command("UserPromptSubmit", None, &command, None);
    let key = format!(
        "{}:user_prompt_submit:{group}:0",
        session.hooks_path().display()
    );
    let hashed = other.unwrap_or(&command);
    let hash = trusted_hash(&CommandHook::new("UserPromptSubmit", hashed)).expect("hash");
    session.seed(&key, &hash);
    let api = MockResponses::start(vec![]).expect("mock");
    let output = session.run(&api.base_url(), PROMPT, &[]);
    (session, output)
}

#[test]
fn a_hook_seeded_with_the_computed_hash_runs() {
    if !in_isolated_network("a_hook_seeded_with_the_computed_hash_runs") {
        return;
    }
    // The hash of the command as configured: the hook runs without any bypass flag.
    let (session, output) = seeded_run("seeded", None);
    assert!(output.success, "{}", shown(&output));
    let events = session.events();
    assert_eq!(events, ["UserPromptSubmit"], "{}", shown(&output));
}

#[test]
fn a_hook_seeded_with_another_hash_does_not_run() {
    if !in_isolated_network("a_hook_seeded_with_another_hash_does_not_run") {
        return;
    }
    // The hash of another command: Codex sees the hook as modified and skips it.
    let (session, output) = seeded_run("wrong-hash", Some("echo something else"));
    assert!(output.success, "{}", shown(&output));
    assert_eq!(session.events(), Vec::<String>::new(), "{}", shown(&output));
}

/// A project (a git repository) whose `.codex/hooks.json` records UserPromptSubmit to
/// `project.jsonl`, that hook seeded as trusted; the project itself is trusted when `trusted`.
fn project_hook_run(name: &str, trusted: bool) -> (Session, CodexOutput, PathBuf) {
    let mut session = Session::new(name, Path::new(RECORDER));
    git(&session.project, &["init", "-q"]);
    let log = session.root().join("project.jsonl");
    let command = session.recorder_command(&log.to_string_lossy(), &[]);
    let mut hooks = serde_json::Map::new();
    let group = serde_json::json!([{ "hooks": [{ "type": "command", "command": command }] }]);
    hooks.insert("UserPromptSubmit".to_owned(), group);
    let dot_codex = session.project.join(".codex");
    std::fs::create_dir_all(&dot_codex).expect(".codex");
    let file = serde_json::json!({ "hooks": hooks }).to_string();
    std::fs::write(dot_codex.join("hooks.json"), file).expect("project hooks.json");
    // Hook trust is given, so only the project's trust decides.
    for (key, hash) in Session::trust_entries(&dot_codex.join("hooks.json"), &hooks) {
        session.seed(&key, &hash);
    }
    if trusted {
        let project = Value::from(session.project.to_string_lossy().into_owned());
        session.extra_config = format!("\n[projects.{project}]\ntrust_level = \"trusted\"\n");
    }
    let api = MockResponses::start(vec![]).expect("mock");
    let output = session.run(&api.base_url(), PROMPT, &[]);
    (session, output, log)
}

#[test]
fn project_hooks_in_an_untrusted_project_are_skipped() {
    if !in_isolated_network("project_hooks_in_an_untrusted_project_are_skipped") {
        return;
    }
    let (session, output, log) = project_hook_run("untrusted-project", false);
    assert!(output.success, "{}", shown(&output));
    assert_eq!(read_jsonl(&log), Vec::<Value>::new(), "{}", shown(&output));
    // The user's own recorders ran: the run itself had hooks.
    assert!(session.events().contains(&"UserPromptSubmit".to_owned()));
}

#[test]
fn project_hooks_in_a_trusted_project_run() {
    if !in_isolated_network("project_hooks_in_a_trusted_project_run") {
        return;
    }
    let (_session, output, log) = project_hook_run("trusted-project", true);
    assert!(output.success, "{}", shown(&output));
    let heard = read_jsonl(&log);
    assert_eq!(heard.len(), 1, "{}", shown(&output));
    assert_eq!(heard[0]["hook_event_name"], "UserPromptSubmit");
}

/// `shell-guard`'s `PreToolUse` groups as `install --claude` writes them into a Claude Code
/// settings file (a scratch project's), for copying into `~/.codex/hooks.json` by hand.
fn claude_install_groups(session: &Session, binary: &Path) -> Vec<Value> {
    let scratch = session.root().join("claude-project");
    std::fs::create_dir_all(&scratch).expect("scratch project");
    let output = Command::new(binary)
        .args(["install", "--claude", "--project"])
        .arg(&scratch)
        .stdin(Stdio::null())
        .output()
        .expect("install --claude starts");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let settings =
        std::fs::read_to_string(scratch.join(".claude/settings.json")).expect("settings");
    let settings: Value = serde_json::from_str(&settings).expect("settings.json is JSON");
    let groups = settings["hooks"]["PreToolUse"].as_array().cloned();
    groups.expect("install --claude wrote PreToolUse")
}

/// A session with `shell-guard` wired by hand on PreToolUse as Claude Code has it.
fn session_with_claude_guard(session: &mut Session) {
    let guard = session.copy_in(&example("shell-guard"));
    for group in claude_install_groups(session, &guard) {
        let handlers = group["hooks"].as_array().cloned().unwrap_or_default();
        session.add_group("PreToolUse", group["matcher"].as_str(), handlers);
    }
}

#[test]
fn a_claude_code_guard_wired_by_hand_denies_and_the_model_gets_its_reason() {
    if !live_with_examples("a_claude_code_guard_wired_by_hand_denies_and_the_model_gets_its_reason")
    {
        return;
    }
    let mut session = Session::new("claude-guard-deny", Path::new(RECORDER));
    session_with_claude_guard(&mut session);
    let api = MockResponses::start(vec![Reply::shell(GUARDED)]).expect("mock");
    let output = session.run(&api.base_url(), PROMPT, &[]);
    session.keep_recording("claude-guard-deny");
    assert_guarded_command_denied(&session, &api, &output);
    assert!(session.payloads_of("PostToolUse").is_empty());
}

#[test]
fn a_claude_code_guard_asking_before_a_force_push_lets_it_run() {
    if !live_with_examples("a_claude_code_guard_asking_before_a_force_push_lets_it_run") {
        return;
    }
    let mut session = session_with_remote("claude-guard-ask");
    session_with_claude_guard(&mut session);
    let api = MockResponses::start(vec![Reply::shell(&force_push(&session))]).expect("mock");
    let output = session.run(&api.base_url(), PROMPT, &[]);
    session.keep_recording("claude-guard-ask");
    assert!(output.success, "{}", shown(&output));
    // Codex rejects `permissionDecision: "ask"` as unsupported: the hook counts as failed and
    // the command runs (fail open).
    assert!(pushed(&session), "{}", shown(&output));
    assert_eq!(session.payloads_of("PreToolUse").len(), 1);
}

#[test]
fn a_claude_code_guard_fails_open_when_codex_sends_no_transcript() {
    if !live_with_examples("a_claude_code_guard_fails_open_when_codex_sends_no_transcript") {
        return;
    }
    let mut session = Session::new("claude-guard-ephemeral", Path::new(RECORDER));
    session_with_claude_guard(&mut session);
    let api = MockResponses::start(vec![Reply::shell(GUARDED)]).expect("mock");
    // `--ephemeral` keeps no rollout file, so Codex sends `transcript_path: null` (its schema
    // allows it); the Claude Code handler's typed payload wants a string, so the guard answers
    // no opinion (its policy is open) and the command runs.
    let output = session.run(&api.base_url(), PROMPT, &["--ephemeral"]);
    session.keep_recording("claude-guard-ephemeral");
    assert!(output.success, "{}", shown(&output));
    let pre = session.payloads_of("PreToolUse");
    assert_eq!(pre.len(), 1, "{}", shown(&output));
    assert_eq!(pre[0]["transcript_path"], Value::Null);
    assert!(
        session.project.join("proof.txt").is_file(),
        "the guard denied after all:\n{}",
        shown(&output)
    );
}

#[test]
fn codex_does_not_run_claude_code_settings_hooks() {
    if !in_isolated_network("codex_does_not_run_claude_code_settings_hooks") {
        return;
    }
    let mut session = Session::new("claude-settings", Path::new(RECORDER));
    git(&session.project, &["init", "-q"]);
    let log = session.root().join("claude.jsonl");
    let command = session.recorder_command(&log.to_string_lossy(), &[]);
    let settings = serde_json::json!({ "hooks": { "UserPromptSubmit": [
        { "hooks": [{ "type": "command", "command": command }] }] } })
    .to_string();
    // The project's and the user's Claude Code settings, in a project Codex trusts.
    for dir in [
        session.project.join(".claude"),
        session.home.join(".claude"),
    ] {
        std::fs::create_dir_all(&dir).expect(".claude");
        std::fs::write(dir.join("settings.json"), &settings).expect("settings.json");
    }
    let project = Value::from(session.project.to_string_lossy().into_owned());
    session.extra_config = format!("\n[projects.{project}]\ntrust_level = \"trusted\"\n");
    let api = MockResponses::start(vec![]).expect("mock");
    let output = session.run(&api.base_url(), PROMPT, &[]);
    assert!(output.success, "{}", shown(&output));
    assert_eq!(read_jsonl(&log), Vec::<Value>::new(), "{}", shown(&output));
    assert!(session.events().contains(&"UserPromptSubmit".to_owned()));
}

#[test]
fn hooks_get_the_whole_environment_and_no_project_dir() {
    if !in_isolated_network("hooks_get_the_whole_environment_and_no_project_dir") {
        return;
    }
    let mut session = Session::new("environment", Path::new(RECORDER));
    session.clear_hooks();
    let dump = session.root().join("env.txt");
    let command = format!("env > {}", dump.display());
    session.add_command("UserPromptSubmit", None, &command, None);
    let api = MockResponses::start(vec![]).expect("mock");
    let output = session.run(&api.base_url(), PROMPT, &[]);
    assert!(output.success, "{}", shown(&output));
    let env = std::fs::read_to_string(&dump).expect("the hook ran");
    let names: Vec<&str> = env
        .lines()
        .filter_map(|l| l.split_once('='))
        .map(|(n, _)| n)
        .collect();
    // Codex passes its own environment on, the provider's key included.
    assert!(names.contains(&"MOCK_API_KEY"), "{env}");
    assert!(names.contains(&"HOME"), "{env}");
    assert!(!names.contains(&"CLAUDE_PROJECT_DIR"), "{env}");
    let project_dir = names.iter().find(|n| n.contains("PROJECT"));
    assert_eq!(project_dir, None, "{env}");
    // PATH gains Codex's vendored tools (ripgrep) in front.
    let path = env.lines().find_map(|line| line.strip_prefix("PATH="));
    let first = path
        .and_then(|path| path.split(':').next())
        .unwrap_or_default();
    assert!(first.ends_with("/codex-path"), "{env}");
    let pwd = env.lines().find_map(|line| line.strip_prefix("PWD="));
    assert_eq!(pwd, Some(&*session.project.to_string_lossy()), "{env}");
}

#[test]
fn the_trust_hash_follows_codex_normalization() {
    if !in_isolated_network("the_trust_hash_follows_codex_normalization") {
        return;
    }
    let mut session = Session::new("normalization", Path::new(RECORDER));
    session.clear_hooks();
    let log = session.events_log.to_string_lossy().into_owned();
    let command = session.recorder_command(&log, &[]);
    // SessionEnd keeps its matcher (it tests `reason`) and clamps 30 s to 3; UserPromptSubmit
    // drops its matcher; a status message is part of the hash. All seeded by `trusted_hash`.
    session.add_command("SessionEnd", Some("other"), &command, Some(30));
    let handler = serde_json::json!({
        "type": "command", "command": command, "statusMessage": "recording"
    });
    session.add_group("UserPromptSubmit", Some("no-such-subject"), vec![handler]);
    let api = MockResponses::start(vec![]).expect("mock");
    let output = session.run(&api.base_url(), PROMPT, &[]);
    assert!(output.success, "{}", shown(&output));
    assert_eq!(
        session.events(),
        ["UserPromptSubmit", "SessionEnd"],
        "{}",
        shown(&output)
    );
}

/// A session whose PreToolUse hook (besides the recorders) is a `claude-recorder` answering as
/// `answer` says, run on the mock's [`GUARDED`] call.
fn run_deciding_pre_tool_use(name: &str, answer: &[&str]) -> (Session, MockResponses, CodexOutput) {
    let mut session = Session::new(name, Path::new(RECORDER));
    let log = session.root().join("decider.jsonl");
    let command = session.recorder_command(&log.to_string_lossy(), answer);
    session.add_command("PreToolUse", Some("Bash"), &command, None);
    let api = MockResponses::start(vec![Reply::shell(GUARDED)]).expect("mock");
    let output = session.run(&api.base_url(), PROMPT, &[]);
    assert!(output.success, "{}", shown(&output));
    assert_eq!(
        read_jsonl(&log).len(),
        1,
        "the deciding hook ran once:\n{}",
        shown(&output)
    );
    (session, api, output)
}

#[test]
fn exit_2_blocks_and_its_stderr_reaches_the_model() {
    if !in_isolated_network("exit_2_blocks_and_its_stderr_reaches_the_model") {
        return;
    }
    let answer = ["--stderr", "not this one", "--exit", "2"];
    let (session, api, output) = run_deciding_pre_tool_use("exit-2", &answer);
    assert!(
        !session.project.join("proof.txt").exists(),
        "{}",
        shown(&output)
    );
    let expected = format!("Command blocked by PreToolUse hook: not this one. Command: {GUARDED}");
    assert_eq!(api.tool_outputs(), [expected], "{}", shown(&output));
}

#[test]
fn a_failing_or_unreadable_hook_fails_open() {
    if !in_isolated_network("a_failing_or_unreadable_hook_fails_open") {
        return;
    }
    let deny = r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}"#;
    for (name, answer) in [
        ("exit-1", vec!["--stdout", deny, "--exit", "1"]),
        (
            "invalid-json",
            vec!["--stdout", "{\"hookSpecificOutput\": "],
        ),
        // The closed schema refuses an unknown key, and the whole answer with it.
        (
            "unknown-key",
            vec!["--stdout", &deny.replace("\"no\"", "\"no\",\"extra\":1")],
        ),
        // Codex refuses `allow` without `updatedInput` as unsupported.
        (
            "bare-allow",
            vec!["--stdout", &deny.replace("\"deny\"", "\"allow\"")],
        ),
    ] {
        let (session, _api, output) = run_deciding_pre_tool_use(name, &answer);
        assert!(
            session.project.join("proof.txt").is_file(),
            "{name}: the command did not run:\n{}",
            shown(&output)
        );
    }
}

#[test]
fn session_start_context_is_read_only_inside_hook_specific_output() {
    if !in_isolated_network("session_start_context_is_read_only_inside_hook_specific_output") {
        return;
    }
    let mut session = Session::new("session-context", Path::new(RECORDER));
    session.clear_hooks();
    let log = session.root().join("decider.jsonl");
    let log = log.to_string_lossy();
    let nested = r#"{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"NESTED-CONTEXT"}}"#;
    let top = r#"{"additionalContext":"TOP-LEVEL-CONTEXT"}"#;
    for answer in [nested, top] {
        let command = session.recorder_command(&log, &["--stdout", answer]);
        session.add_command("SessionStart", None, &command, None);
    }
    let api = MockResponses::start(vec![]).expect("mock");
    let output = session.run(&api.base_url(), PROMPT, &[]);
    assert!(output.success, "{}", shown(&output));
    let sent = api
        .input_items()
        .iter()
        .map(Value::to_string)
        .collect::<String>();
    assert!(sent.contains("NESTED-CONTEXT"), "{sent}");
    assert!(!sent.contains("TOP-LEVEL-CONTEXT"), "{sent}");
}

#[test]
fn a_stop_block_continues_the_turn_once_when_the_hook_checks_stop_hook_active() {
    if !in_isolated_network(
        "a_stop_block_continues_the_turn_once_when_the_hook_checks_stop_hook_active",
    ) {
        return;
    }
    let mut session = Session::new("stop-block", Path::new(RECORDER));
    // Codex has no cap on Stop blocks: the hook itself blocks only the first time.
    let script = session.root().join("stop.sh");
    let block = r#"{"decision":"block","reason":"KEEP-GOING"}"#;
    let body = format!("grep -q '\"stop_hook_active\":false' && echo '{block}'\nexit 0\n");
    std::fs::write(&script, body).expect("stop.sh");
    session.add_command("Stop", None, &format!("sh {}", script.display()), None);
    let api = MockResponses::start(vec![]).expect("mock");
    let output = session.run(&api.base_url(), PROMPT, &[]);
    assert!(output.success, "{}", shown(&output));
    let stops = session.payloads_of("Stop");
    let active: Vec<&Value> = stops.iter().map(|p| &p["stop_hook_active"]).collect();
    assert_eq!(active, [false, true], "{}", shown(&output));
    let turns = api
        .response_bodies()
        .into_iter()
        .filter(|b| b["tools"].is_array())
        .count();
    assert_eq!(turns, 2, "{}", shown(&output));
    let sent = api
        .input_items()
        .iter()
        .map(Value::to_string)
        .collect::<String>();
    assert!(
        sent.contains("<hook_prompt") && sent.contains("KEEP-GOING"),
        "{sent}"
    );
}

#[test]
fn an_allow_with_updated_input_runs_the_rewritten_command() {
    if !in_isolated_network("an_allow_with_updated_input_runs_the_rewritten_command") {
        return;
    }
    let rewrite = r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"echo rewritten > rewritten.txt"}}}"#;
    let (session, api, output) = run_deciding_pre_tool_use("updated-input", &["--stdout", rewrite]);
    assert!(
        session.project.join("rewritten.txt").is_file(),
        "{}",
        shown(&output)
    );
    assert!(
        !session.project.join("proof.txt").exists(),
        "{}",
        shown(&output)
    );
    // The model's history keeps the call as it made it.
    let calls = api
        .input_items()
        .into_iter()
        .filter(|i| i["type"] == "function_call");
    let arguments: Vec<String> = calls.map(|c| c["arguments"].to_string()).collect();
    assert!(
        arguments.iter().all(|a| !a.contains("rewritten")),
        "{arguments:?}"
    );
}

#[test]
fn a_post_tool_use_block_replaces_what_the_model_is_told() {
    if !in_isolated_network("a_post_tool_use_block_replaces_what_the_model_is_told") {
        return;
    }
    let mut session = Session::new("post-block", Path::new(RECORDER));
    let log = session.root().join("decider.jsonl");
    let block = r#"{"decision":"block","reason":"OUTPUT-WITHHELD"}"#;
    let command = session.recorder_command(&log.to_string_lossy(), &["--stdout", block]);
    session.add_command("PostToolUse", Some("Bash"), &command, None);
    let api = MockResponses::start(vec![Reply::shell("echo SECRET-OUTPUT")]).expect("mock");
    let output = session.run(&api.base_url(), PROMPT, &[]);
    assert!(output.success, "{}", shown(&output));
    let told = api.tool_outputs();
    assert_eq!(told.len(), 1, "{}", shown(&output));
    assert!(told[0].contains("OUTPUT-WITHHELD"), "{told:?}");
    assert!(!told[0].contains("SECRET-OUTPUT"), "{told:?}");
}

#[test]
fn a_user_prompt_submit_block_makes_no_model_call() {
    if !in_isolated_network("a_user_prompt_submit_block_makes_no_model_call") {
        return;
    }
    let mut session = Session::new("prompt-block", Path::new(RECORDER));
    let log = session.root().join("decider.jsonl");
    let block = r#"{"decision":"block","reason":"not this prompt"}"#;
    let command = session.recorder_command(&log.to_string_lossy(), &["--stdout", block]);
    session.add_command("UserPromptSubmit", None, &command, None);
    let api = MockResponses::start(vec![]).expect("mock");
    let output = session.run(&api.base_url(), PROMPT, &[]);
    assert_eq!(read_jsonl(&log).len(), 1, "{}", shown(&output));
    assert_eq!(api.response_bodies().len(), 0, "{}", shown(&output));
    // `codex exec` still exits 0.
    assert!(output.success, "{}", shown(&output));
}

/// `cursor-hooks doctor --host codex --json` on the session's home and project: the report.
fn codex_doctor(session: &Session) -> Value {
    let cli = examples_for(Path::new(env!("CARGO_TARGET_TMPDIR")), prepare).join("cursor-hooks");
    let output = Command::new(cli)
        .args(["doctor", "--host", "codex", "--json", "--project"])
        .arg(&session.project)
        .env("HOME", &session.home)
        .env_remove("CODEX_HOME")
        .stdin(Stdio::null())
        .output()
        .expect("cursor-hooks runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("doctor printed no JSON ({e}): {stdout}"))
}

#[test]
fn doctor_names_a_hook_codex_skips_and_its_lines_make_codex_run_it() {
    if !live_with_examples("doctor_names_a_hook_codex_skips_and_its_lines_make_codex_run_it") {
        return;
    }
    let mut session = Session::new("doctor-trust", Path::new(RECORDER));
    session.clear_hooks();
    session.trust = Trust::None;
    let log = session.events_log.to_string_lossy().into_owned();
    let command = session.recorder_command(&log, &[]);
    session.add_command("UserPromptSubmit", None, &command, None);
    let api = MockResponses::start(vec![]).expect("mock");
    let output = session.run(&api.base_url(), PROMPT, &[]);
    assert!(output.success, "{}", shown(&output));
    assert_eq!(
        session.events(),
        Vec::<String>::new(),
        "an untrusted hook ran"
    );

    // What doctor says of the files that run left: that one hook is skipped, and the lines.
    let report = codex_doctor(&session);
    let findings = report["findings"].as_array().cloned().unwrap_or_default();
    let skipped: Vec<&Value> = findings
        .iter()
        .filter(|f| {
            f["message"]
                .as_str()
                .is_some_and(|m| m.contains("Codex skips"))
        })
        .collect();
    assert_eq!(skipped.len(), 1, "{report}");
    let add = report["codex_trust"]["add"]
        .as_str()
        .expect("the lines")
        .to_owned();
    assert!(add.contains("trusted_hash"), "{report}");

    // The same files, with doctor's lines in config.toml and no bypass flag: the hook runs.
    session.extra_config = format!("\n{add}");
    let output = session.run(&api.base_url(), PROMPT, &[]);
    assert!(output.success, "{}", shown(&output));
    assert_eq!(session.events(), ["UserPromptSubmit"], "{}", shown(&output));
    let report = codex_doctor(&session);
    assert_eq!(report["findings"], serde_json::json!([]), "{report}");
}

/// What `shell-guard`'s Codex handler tells the model when it refuses a force-push
/// (`CODEX_FORCE_PUSH_REASON` in `examples/src/shell_guard.rs`).
const CODEX_FORCE_PUSH_REASON: &str = "This command force-pushes and may overwrite commits on the remote; the shell guard refuses it under Codex, which cannot ask first: push a new branch, or ask the user to run it.";

const CRASHING_GUARD: &str = env!("CARGO_BIN_EXE_codex-crashing-guard");
const UNIFIED_REWRITER: &str = env!("CARGO_BIN_EXE_unified-rewriter");
const UNIFIED_STOPPER: &str = env!("CARGO_BIN_EXE_unified-stopper");

/// A unified handler's `keep_going` (Codex's `decision: block`) continues the turn once: it
/// lets the agent stop when `stop_hook_active` says it already kept it going, since Codex has
/// no cap on such loops.
#[test]
fn a_unified_keep_going_continues_the_turn_once() {
    if !in_isolated_network("a_unified_keep_going_continues_the_turn_once") {
        return;
    }
    let mut session = Session::new("codex-unified-stop", Path::new(RECORDER));
    let stopper = session.copy_in(Path::new(UNIFIED_STOPPER));
    let command = format!("{} --host codex --event Stop", stopper.to_string_lossy());
    session.add_command("Stop", None, &command, Some(5));
    let api = MockResponses::start(vec![]).expect("mock");
    let output = session.run(&api.base_url(), PROMPT, &[]);
    assert!(output.success, "{}", shown(&output));
    let stops = session.payloads_of("Stop");
    let active: Vec<&Value> = stops.iter().map(|p| &p["stop_hook_active"]).collect();
    assert_eq!(active, [false, true], "{}", shown(&output));
    let sent = api
        .input_items()
        .iter()
        .map(Value::to_string)
        .collect::<String>();
    assert!(sent.contains("KEEP-GOING"), "{sent}");
}

/// A unified handler's rewrite (`ShellAnswer::rewrite`, an allow with `updatedInput` under
/// Codex) is what runs.
#[test]
fn a_unified_rewrite_runs_the_rewritten_command() {
    if !in_isolated_network("a_unified_rewrite_runs_the_rewritten_command") {
        return;
    }
    let mut session = Session::new("codex-unified-rewrite", Path::new(RECORDER));
    let rewriter = session.copy_in(Path::new(UNIFIED_REWRITER));
    let command = format!(
        "{} --host codex --event PreToolUse",
        rewriter.to_string_lossy()
    );
    session.add_command("PreToolUse", Some("Bash"), &command, Some(5));
    let api = MockResponses::start(vec![Reply::shell("echo original > marker")]).expect("mock");
    let output = session.run(&api.base_url(), PROMPT, &[]);
    assert!(output.success, "{}", shown(&output));
    let marker = std::fs::read_to_string(session.project.join("marker"));
    assert_eq!(
        marker.ok().as_deref(),
        Some("rewritten\n"),
        "{}",
        shown(&output)
    );
}

/// Runs `binary install --codex --project <project>` and returns the file it wrote.
fn install_codex(session: &Session, binary: &Path) -> PathBuf {
    let output = Command::new(binary)
        .args(["install", "--codex", "--project"])
        .arg(&session.project)
        .env("HOME", &session.home)
        .stdin(Stdio::null())
        .output()
        .expect("install --codex starts");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let file = session.project.join(".codex/hooks.json");
    assert!(file.is_file(), "install --codex wrote no .codex/hooks.json");
    file
}

#[test]
fn shell_guard_installed_for_codex_and_trusted_by_doctor_refuses_a_force_push() {
    if !live_with_examples(
        "shell_guard_installed_for_codex_and_trusted_by_doctor_refuses_a_force_push",
    ) {
        return;
    }
    // The user's flow: install, ask doctor why the hook does not run, add its lines.
    let mut session = session_with_remote("codex-guard");
    let guard = session.copy_in(&example("shell-guard"));
    let file = install_codex(&session, &guard);
    let installed: Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("hooks.json")).expect("JSON");
    let command = installed["hooks"]["PreToolUse"][0]["hooks"][0]["command"]
        .as_str()
        .expect("a command");
    assert!(
        command.ends_with(" --host codex --event PreToolUse"),
        "{command}"
    );
    let report = codex_doctor(&session);
    let findings = report["findings"].as_array().cloned().unwrap_or_default();
    assert!(
        findings.iter().any(|f| f["message"]
            .as_str()
            .is_some_and(|m| m.contains("Codex skips"))),
        "{report}"
    );
    let add = report["codex_trust"]["add"].as_str().expect("the lines");
    session.extra_config = format!("\n{add}");

    let push = force_push(&session);
    let api = MockResponses::start(vec![Reply::shell(&push)]).expect("mock");
    let output = session.run(&api.base_url(), PROMPT, &[]);
    session.keep_recording("codex-guard");
    assert!(output.success, "{}", shown(&output));
    // The control, `a_force_push_runs_without_hooks`, pushes.
    assert!(!pushed(&session), "the force-push ran:\n{}", shown(&output));
    let expected =
        format!("Command blocked by PreToolUse hook: {CODEX_FORCE_PUSH_REASON}. Command: {push}");
    assert_eq!(api.tool_outputs(), [expected], "{}", shown(&output));
    // With the lines in config.toml, doctor has nothing left to say.
    assert_eq!(codex_doctor(&session)["findings"], serde_json::json!([]));
}

/// Asserts that Codex ran the turn, the guarded command did not run, and the model was told
/// shell-guard's reason (Codex adds its own `. Command: <cmd>` after it, which ends in a
/// period here).
fn assert_guarded_command_denied(session: &Session, api: &MockResponses, output: &CodexOutput) {
    assert!(output.success, "{}", shown(output));
    assert!(
        !session.project.join("proof.txt").exists(),
        "the command ran:\n{}",
        shown(output)
    );
    let expected =
        format!("Command blocked by PreToolUse hook: {SHELL_GUARD_REASON}. Command: {GUARDED}");
    assert_eq!(api.tool_outputs(), [expected], "{}", shown(output));
}

/// A session with the example `name` installed by `install --codex` and trusted with the
/// lines doctor gives.
fn installed_and_trusted(session_name: &str, name: &str) -> Session {
    let mut session = Session::new(session_name, Path::new(RECORDER));
    let guard = session.copy_in(&example(name));
    install_codex(&session, &guard);
    let report = codex_doctor(&session);
    let add = report["codex_trust"]["add"].as_str().expect("the lines");
    session.extra_config = format!("\n{add}");
    session
}

/// The unified shell guard (one `#[hook]` function for every host), installed with
/// `install --codex` and trusted with the lines doctor gives, denies the guarded command in
/// the real Codex, and the model gets its reason.
#[test]
fn the_unified_shell_guard_installed_for_codex_denies_and_the_model_gets_its_reason() {
    if !live_with_examples(
        "the_unified_shell_guard_installed_for_codex_denies_and_the_model_gets_its_reason",
    ) {
        return;
    }
    let session = installed_and_trusted("codex-unified-guard", "unified-shell-guard");
    let api = MockResponses::start(vec![Reply::shell(GUARDED)]).expect("mock");
    let output = session.run(&api.base_url(), PROMPT, &[]);
    session.keep_recording("codex-unified-guard");
    assert_guarded_command_denied(&session, &api, &output);
}

#[test]
fn a_fail_closed_codex_guard_that_crashes_still_stops_the_command() {
    if !in_isolated_network("a_fail_closed_codex_guard_that_crashes_still_stops_the_command") {
        return;
    }
    let mut session = Session::new("codex-crash", Path::new(RECORDER));
    let guard = session.copy_in(Path::new(CRASHING_GUARD));
    let command = format!(
        "{} --host codex --event PreToolUse",
        guard.to_string_lossy()
    );
    session.add_command("PreToolUse", Some("Bash"), &command, Some(5));
    let api = MockResponses::start(vec![Reply::shell(GUARDED)]).expect("mock");
    let output = session.run(&api.base_url(), PROMPT, &[]);
    assert!(output.success, "{}", shown(&output));
    // Codex runs a command whose hook crashed (`a_failing_or_unreadable_hook_fails_open`);
    // the failure policy's deny stops it, with the failure as the reason.
    assert!(
        !session.project.join("proof.txt").exists(),
        "the command ran:\n{}",
        shown(&output)
    );
    let told = api.tool_outputs();
    assert_eq!(told.len(), 1, "{}", shown(&output));
    assert!(
        told[0].starts_with("Command blocked by PreToolUse hook: ")
            && told[0].contains("the policy file is unreadable"),
        "{told:?}"
    );
}

const CODEX_OR_CLAUDE_GUARD: &str = env!("CARGO_BIN_EXE_codex-or-claude-guard");

/// How a test trusts the hooks of the plugin it installed.
#[derive(Clone, Copy)]
enum PluginTrust {
    /// As a user would: `cursor-hooks doctor --host codex` names the plugin hooks Codex skips,
    /// and its lines go into config.toml.
    Doctor,
    /// Every hook of both hooks files in the installed copy, with the hashes Codex expects
    /// (`NAME@MARKETPLACE:hooks/<file>:...`): an untrusted hook is skipped without a word, so
    /// a file Codex loads but should not would go unseen otherwise.
    EveryFile,
}

/// `binary` packaged as a plugin with `--marketplace` into `session`'s `team/` (the folder
/// Cursor, Claude Code and Copilot load) and installed as a Codex user installs a team's plugin:
/// `codex plugin marketplace add TEAM`, `codex plugin add NAME@MARKETPLACE` (`marketplace`: the
/// name of the marketplace file Codex reads), in `session`'s `HOME`; its hooks trusted as
/// `trust` says. Turns the session's plugins on.
fn install_packaged_for_codex(
    session: &mut Session,
    binary: &Path,
    marketplace: &str,
    trust: PluginTrust,
) {
    let team = session.root().join("team");
    let name = binary.file_name().and_then(|n| n.to_str()).expect("a name");
    claude_cli::package(&team.join("plugins").join(name), &team, binary);
    let team = team.to_str().expect("UTF-8");
    session.plugin(&["marketplace", "add", team]);
    let id = format!("{name}@{marketplace}");
    let added = session.plugin(&["add", &id]);
    let root = added
        .stdout
        .lines()
        .find_map(|line| line.strip_prefix("Installed plugin root: "))
        .unwrap_or_else(|| panic!("codex plugin add named no root:\n{}", added.stdout));
    let listed = session.plugin(&["list"]);
    assert!(
        listed.stdout.contains(&id),
        "Codex lists no {id} plugin:\n{}",
        listed.stdout
    );
    match trust {
        PluginTrust::Doctor => {
            let report = codex_doctor(session);
            let add = report["codex_trust"]["add"].as_str().unwrap_or_default();
            assert!(
                add.contains(&format!("[hooks.state.\"{id}:")),
                "doctor named no hook of the plugin to trust: {report}"
            );
            session.extra_config.push_str(&format!("\n{add}"));
        }
        PluginTrust::EveryFile => trust_every_hooks_file(session, &id, Path::new(root)),
    }
    session.plugins = true;
}

/// Seeds trust for every hook of each hooks file the installed copy at `root` has (an older
/// package wrote no hooks-codex.json).
fn trust_every_hooks_file(session: &mut Session, id: &str, root: &Path) {
    let files = ["hooks/hooks-codex.json", "hooks/hooks.json"];
    let files: Vec<&str> = files
        .into_iter()
        .filter(|file| root.join(file).is_file())
        .collect();
    assert!(!files.is_empty(), "{} holds no hooks file", root.display());
    for file in files {
        let text = std::fs::read_to_string(root.join(file))
            .unwrap_or_else(|e| panic!("{}/{file}: {e}", root.display()));
        let parsed: Value = serde_json::from_str(&text).expect("a hooks file is JSON");
        let mut hooks = parsed["hooks"].as_object().cloned().unwrap_or_default();
        // Codex ignores an event it does not have (Claude Code's PreSkillShellCommand).
        hooks.retain(|event, _| event_label(event).is_some());
        for (key, hash) in Session::plugin_trust_entries(id, file, &hooks) {
            session.seed(&key, &hash);
        }
    }
}

/// The user's flow: package with `--marketplace`, `codex plugin marketplace add`, `codex plugin
/// add`, ask doctor why the plugin's hook does not run and add its lines; the plugin's Codex
/// handler then refuses the forced push, and the model is told its reason.
#[test]
fn shell_guard_packaged_as_a_plugin_stops_a_forced_push_under_codex() {
    if !live_with_examples("shell_guard_packaged_as_a_plugin_stops_a_forced_push_under_codex") {
        return;
    }
    let mut session = session_with_remote("codex-plugin");
    let guard = session.copy_in(&example("shell-guard"));
    // The team keeps no Codex marketplace: Codex reads Claude Code's, named after the folder.
    install_packaged_for_codex(&mut session, &guard, "team", PluginTrust::Doctor);
    assert_shell_guard_stops_the_forced_push(&session);
}

/// A team that keeps Codex's own marketplace file, which Codex reads before Claude Code's: the
/// entry `package` adds to it installs, and the plugin stops the forced push.
#[test]
fn shell_guard_listed_in_a_codex_marketplace_stops_a_forced_push_under_codex() {
    if !live_with_examples(
        "shell_guard_listed_in_a_codex_marketplace_stops_a_forced_push_under_codex",
    ) {
        return;
    }
    let mut session = session_with_remote("codex-marketplace");
    let codex_file = session.root().join("team/.agents/plugins/marketplace.json");
    std::fs::create_dir_all(codex_file.parent().expect("a folder")).expect(".agents/plugins");
    std::fs::write(&codex_file, r#"{"name": "team-codex", "plugins": []}"#).expect("the file");
    let guard = session.copy_in(&example("shell-guard"));
    install_packaged_for_codex(&mut session, &guard, "team-codex", PluginTrust::Doctor);
    assert_shell_guard_stops_the_forced_push(&session);
}

/// Runs the forced-push turn in `session`: the push does not reach the remote and the model is
/// told shell-guard's Codex reason.
fn assert_shell_guard_stops_the_forced_push(session: &Session) {
    let push = force_push(session);
    let api = MockResponses::start(vec![Reply::shell(&push)]).expect("mock");
    let output = session.run(&api.base_url(), PROMPT, &[]);
    assert!(output.success, "{}", shown(&output));
    // The control, `a_force_push_runs_without_hooks`, pushes; so does the plugin's Claude Code
    // handler, which asks, and Codex runs a command whose hook asked.
    assert!(!pushed(session), "the force-push ran:\n{}", shown(&output));
    let expected =
        format!("Command blocked by PreToolUse hook: {CODEX_FORCE_PUSH_REASON}. Command: {push}");
    assert_eq!(api.tool_outputs(), [expected], "{}", shown(&output));
}

/// In the packaged plugin's folder Codex runs the Codex handler, from the file the plugin's
/// `.codex-plugin/plugin.json` names, and not the Claude Code handler of `hooks/hooks.json`
/// beside it (which Codex runs when the folder has only Claude Code's manifest).
#[test]
fn a_packaged_plugin_runs_only_its_codex_handlers_under_codex() {
    if !in_isolated_network("a_packaged_plugin_runs_only_its_codex_handlers_under_codex") {
        return;
    }
    let mut session = Session::new("codex-plugin-road", Path::new(RECORDER));
    let guard = session.copy_in(Path::new(CODEX_OR_CLAUDE_GUARD));
    install_packaged_for_codex(&mut session, &guard, "team", PluginTrust::EveryFile);
    let api = MockResponses::start(vec![Reply::shell(GUARDED)]).expect("mock");
    let output = session.run(&api.base_url(), PROMPT, &[]);
    assert!(output.success, "{}", shown(&output));
    assert!(
        !session.project.join("proof.txt").exists(),
        "the command ran:\n{}",
        shown(&output)
    );
    let told = api.tool_outputs();
    assert_eq!(
        told,
        [format!(
            "Command blocked by PreToolUse hook: refused by the Codex handler. Command: {GUARDED}"
        )],
        "{}",
        shown(&output)
    );
    // Codex tells the model the first deny only: the Claude Code handler's mark says whether it
    // ran at all.
    assert!(
        !session.project.join("claude-handler-ran").exists(),
        "Codex also ran Claude Code's hooks/hooks.json:\n{}",
        shown(&output)
    );
}

/// `cursor-hooks verify --host codex --json ARGS` in the session's project with its home (the
/// files its last run, or `write_config`, left) and the pinned Codex on `PATH`: the exit code
/// and the report.
fn codex_verify(session: &Session, args: &[&str]) -> (i32, Value) {
    let cli = examples_for(Path::new(env!("CARGO_TARGET_TMPDIR")), prepare).join("cursor-hooks");
    let codex = codex_binary();
    let bin = codex.parent().expect("codex's folder");
    let output = Command::new(cli)
        .args(["verify", "--host", "codex", "--json"])
        .args(args)
        .current_dir(&session.project)
        .env("HOME", &session.home)
        .env_remove("CODEX_HOME")
        .env("PATH", format!("{}:/usr/bin:/bin", bin.display()))
        .stdin(Stdio::null())
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

/// The report's entries for the configured hooks on `event`.
fn configured_on<'a>(report: &'a Value, event: &str) -> Vec<&'a Value> {
    let all = report["configured"].as_array().expect("configured hooks");
    all.iter().filter(|hook| hook["event"] == event).collect()
}

/// `verify --host codex` proves shell-guard, installed with `install --codex` and trusted with
/// doctor's lines, fires in the real Codex: its PreToolUse hook is reported fired and blocking
/// with shell-guard's reason, the dangerous-looking call did not run, the model was told
/// why, and the project tree is byte for byte what it was. The user's trust carries over to
/// the scratch home (its keys name the copy of `hooks.json`): the recorder in
/// `~/.codex/hooks.json` fires too.
#[test]
fn verify_shows_shell_guard_denying_under_codex_and_nothing_changes() {
    if !live_with_examples("verify_shows_shell_guard_denying_under_codex_and_nothing_changes") {
        return;
    }
    let mut session = Session::new("verify-codex-guard", Path::new(RECORDER));
    let guard = session.copy_in(&example("shell-guard"));
    let file = install_codex(&session, &guard);
    // No model call here: doctor reads the files, whose lines then trust the project and hook.
    session.write_config("http://127.0.0.1:9/v1");
    let add = codex_doctor(&session)["codex_trust"]["add"]
        .as_str()
        .expect("the lines")
        .to_owned();
    session.extra_config = format!("\n{add}");
    session.write_config("http://127.0.0.1:9/v1");
    std::fs::write(session.project.join("keep.txt"), "keep").expect("a project file");
    let before = common::tree_bytes(&session.project);
    let home_before = std::fs::read(session.home.join(".codex/config.toml")).expect("config");

    let (code, report) = codex_verify(&session, &["--command", "rm -rf ."]);
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
        std::fs::read(session.home.join(".codex/config.toml")).expect("config"),
        home_before,
        "verify wrote the user's config.toml"
    );
    assert_eq!(report["host"], "codex", "{report:#}");
    assert_eq!(
        report["isolation"],
        "a network namespace with only loopback"
    );
    let guard_hook: Vec<&Value> = configured_on(&report, "PreToolUse")
        .into_iter()
        .filter(|hook| hook["file"] == serde_json::json!(file))
        .collect();
    assert_eq!(guard_hook.len(), 1, "{report:#}");
    assert_eq!(guard_hook[0]["status"], "fired", "{report:#}");
    let runs = report["runs"].as_array().expect("runs");
    let blocked: Vec<&Value> = runs
        .iter()
        .filter(|run| run["event"] == "PreToolUse" && run["file"] == serde_json::json!(file))
        .collect();
    assert_eq!(blocked.len(), 1, "{report:#}");
    assert_eq!(blocked[0]["outcome"], "blocked", "{report:#}");
    assert!(
        blocked[0]["stdout"]
            .as_str()
            .unwrap_or("")
            .contains(SHELL_GUARD_REASON),
        "{report:#}"
    );
    assert_eq!(report["call"]["ran"], false, "{report:#}");
    let told = report["call"]["told"].as_str().unwrap_or("");
    assert!(
        told.contains("Command blocked by PreToolUse hook") && told.contains(SHELL_GUARD_REASON),
        "{report:#}"
    );
    // The recorder of the user's hooks.json, trusted under the user's path, fired from the copy.
    let user_hooks = session.hooks_path();
    let user_stop: Vec<&Value> = configured_on(&report, "Stop")
        .into_iter()
        .filter(|hook| hook["file"] == serde_json::json!(user_hooks))
        .collect();
    assert_eq!(user_stop.len(), 1, "{report:#}");
    assert_eq!(user_stop[0]["status"], "fired", "{report:#}");
    assert!(!session.payloads_of("UserPromptSubmit").is_empty());
}

/// A hook Codex does not trust is reported skipped with doctor's finding, and does not run: the
/// recorder hears nothing, and the call (no pattern: harmless) runs.
#[test]
fn verify_shows_an_untrusted_codex_hook_skipped() {
    if !live_with_examples("verify_shows_an_untrusted_codex_hook_skipped") {
        return;
    }
    let mut session = Session::new("verify-codex-untrusted", Path::new(RECORDER));
    session.clear_hooks();
    session.trust = Trust::None;
    let log = session.events_log.to_string_lossy().into_owned();
    let command = session.recorder_command(&log, &[]);
    session.add_command("UserPromptSubmit", None, &command, None);
    session.write_config("http://127.0.0.1:9/v1");
    let (code, report) = codex_verify(&session, &[]);
    assert_eq!(code, 0, "{report:#}");
    let hook = configured_on(&report, "UserPromptSubmit");
    assert_eq!(hook.len(), 1, "{report:#}");
    assert_eq!(hook[0]["status"], "skipped", "{report:#}");
    assert!(
        hook[0]["why"]
            .as_str()
            .unwrap_or("")
            .contains("Codex skips")
            && hook[0]["why"]
                .as_str()
                .unwrap_or("")
                .contains("not trusted"),
        "{report:#}"
    );
    assert_eq!(report["runs"], serde_json::json!([]), "{report:#}");
    assert_eq!(
        session.events(),
        Vec::<String>::new(),
        "an untrusted hook ran"
    );
    assert_eq!(report["call"]["ran"], true, "{report:#}");
}

/// The unified prompt guard (`prompt-guard`, one `#[hook(on = "prompt.submitted")]`), installed
/// with `install --codex` and trusted with the lines doctor gives, stops a prompt holding an
/// AWS key in the real Codex: no model request is made (`codex exec` still exits 0).
#[test]
fn the_unified_prompt_guard_installed_for_codex_blocks_a_key_before_the_model() {
    if !live_with_examples(
        "the_unified_prompt_guard_installed_for_codex_blocks_a_key_before_the_model",
    ) {
        return;
    }
    let session = installed_and_trusted("codex-unified-prompt-guard", "prompt-guard");
    let api = MockResponses::start(vec![Reply::shell(GUARDED)]).expect("mock");
    let output = session.run(
        &api.base_url(),
        "deploy with AKIAIOSFODNN7EXAMPLE please",
        &[],
    );
    assert!(output.success, "{}", shown(&output));
    assert_eq!(
        api.response_bodies(),
        Vec::<Value>::new(),
        "{}",
        shown(&output)
    );
    assert!(
        !session.project.join("proof.txt").exists(),
        "{}",
        shown(&output)
    );
    // Control: the same session sends a prompt without a key to the model.
    let api = MockResponses::start(vec![Reply::shell("echo ran > proof.txt")]).expect("mock");
    let output = session.run(&api.base_url(), PROMPT, &[]);
    assert!(output.success, "{}", shown(&output));
    assert!(!api.response_bodies().is_empty(), "{}", shown(&output));
}
