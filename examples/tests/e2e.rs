//! End-to-end tests of the example hooks: each binary is started as Cursor starts it, with one
//! payload from `tests/fixtures/` piped on stdin, and its exit code, stdout and stderr are
//! checked.

use cursor_hooks::testing::Rendered;
use cursor_hooks::testing::{Binary, Running};
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

const SHELL_GUARD: &str = env!("CARGO_BIN_EXE_shell-guard");
const SECRETS_GUARD: &str = env!("CARGO_BIN_EXE_secrets-guard");
const PROMPT_GUARD: &str = env!("CARGO_BIN_EXE_prompt-guard");
const VERIFY_ON_STOP: &str = env!("CARGO_BIN_EXE_verify-on-stop");
const AUDIT_LOG: &str = env!("CARGO_BIN_EXE_audit-log");
const SESSION_CONTEXT: &str = env!("CARGO_BIN_EXE_session-context");
const POLICY: &str = env!("CARGO_BIN_EXE_policy");

/// What shell-guard asks before a force-push.
const ASK_MESSAGE: &str =
    "This command force-pushes and may overwrite commits on the remote. Run it?";

/// The variables the examples read; cleared for every run so the caller's environment (a test
/// run started from inside Cursor, say) cannot leak in.
const HOOK_VARIABLES: [&str; 2] = ["CURSOR_PROJECT_DIR", "CURSOR_HOOKS_AUDIT_LOG"];

// ---------------------------------------------------------------------------------------------
// Running a hook
// ---------------------------------------------------------------------------------------------

struct Run {
    stdout: String,
    stderr: String,
    code: i32,
}

impl Run {
    /// stdout as JSON; panics when it is not.
    fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {:?}", self.stdout))
    }

    fn stderr_lines(&self) -> Vec<&str> {
        self.stderr.lines().collect()
    }

    /// Exit 0, `{}` on stdout and nothing on stderr.
    fn assert_quiet_no_opinion(&self, what: &str) {
        assert_eq!(self.code, 0, "{what}: exit code; stderr {:?}", self.stderr);
        assert_eq!(self.stdout, "{}\n", "{what}: stdout");
        assert_eq!(self.stderr, "", "{what}: stderr");
    }
}

impl From<Rendered> for Run {
    /// Back to stderr's text: every line the hooks write ends in a newline.
    fn from(rendered: Rendered) -> Run {
        let stderr = rendered
            .stderr
            .iter()
            .map(|line| format!("{line}\n"))
            .collect();
        Run {
            stdout: rendered.stdout,
            stderr,
            code: rendered.exit_code,
        }
    }
}

/// A hook binary with the hook variables cleared and `env` set.
fn hook<V: AsRef<OsStr>>(binary: &str, env: &[(&str, V)]) -> Binary {
    let cleared = HOOK_VARIABLES
        .iter()
        .fold(Binary::new(binary), |hook, variable| {
            hook.env_remove(variable)
        });
    env.iter()
        .fold(cleared, |hook, (key, value)| hook.env(key, value))
}

fn run_with<V: AsRef<OsStr>>(binary: &str, env: &[(&str, V)], payload: &[u8]) -> Run {
    Run::from(hook(binary, env).run(payload))
}

fn run(binary: &str, payload: &[u8]) -> Run {
    run_with::<&str>(binary, &[], payload)
}

// ---------------------------------------------------------------------------------------------
// Fixtures and temporary directories
// ---------------------------------------------------------------------------------------------

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the examples crate sits in the workspace")
        .join("tests")
        .join("fixtures")
}

/// The bytes of `tests/fixtures/<name>`.
fn fixture(name: &str) -> Vec<u8> {
    let path = fixtures_dir().join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn fixture_json(name: &str) -> Value {
    serde_json::from_slice(&fixture(name))
        .unwrap_or_else(|e| panic!("fixture {name} is not JSON: {e}"))
}

/// A fixture with some of its fields replaced.
fn fixture_with(name: &str, changes: Value) -> Vec<u8> {
    let mut payload = fixture_json(name);
    let object = payload.as_object_mut().expect("a fixture is a JSON object");
    for (key, value) in changes.as_object().expect("changes are an object") {
        object.insert(key.clone(), value.clone());
    }
    payload.to_string().into_bytes()
}

/// A fresh directory under the system temp dir, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(test: &str) -> TempDir {
        let path =
            std::env::temp_dir().join(format!("cursor-hooks-e2e-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("temp dir created");
        TempDir(path)
    }

    fn path(&self) -> &Path {
        &self.0
    }

    fn write(&self, relative: &str, contents: &str) -> PathBuf {
        let path = self.0.join(relative);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("dirs created");
        std::fs::write(&path, contents).expect("file written");
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn read_lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
        .lines()
        .map(str::to_owned)
        .collect()
}

// ---------------------------------------------------------------------------------------------
// shell-guard
// ---------------------------------------------------------------------------------------------

/// A deny of `rm -rf`: one message (the agent reads a deny's `user_message`; Cursor's own code
/// drops `agent_message`), naming the command and saying what to do.
fn assert_rm_rf_denied(run: &Run, what: &str) {
    assert_eq!(run.code, 0, "{what}");
    assert_eq!(run.stderr, "", "{what}: stderr");
    let answer = run.json();
    let keys: BTreeSet<&str> = answer
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        BTreeSet::from(["permission", "user_message"]),
        "{what}: {answer}"
    );
    assert_eq!(answer["permission"], "deny", "{what}");
    let user = answer["user_message"].as_str().expect("user_message");
    assert!(user.contains("rm -rf"), "{what}: {user}");
    assert!(
        user.contains("specific") && user.contains("one path at a time"),
        "{what}: the agent is not told what to do instead: {user}"
    );
}

#[test]
fn shell_guard_denies_rm_rf_before_shell_execution() {
    let run = run(SHELL_GUARD, &fixture("before-shell-rm-rf.json"));
    assert_rm_rf_denied(&run, "beforeShellExecution rm -rf");
}

#[test]
fn shell_guard_denies_rm_rf_on_pre_tool_use_shell() {
    let run = run(SHELL_GUARD, &fixture("pre-tool-shell-rm-rf.json"));
    assert_rm_rf_denied(&run, "preToolUse Shell rm -rf");
}

#[test]
fn shell_guard_denies_rm_rf_for_claude_code() {
    // Claude Code 2.1.330's PreToolUse payload (tests/corpus/claude-code-2.1.330/, with the
    // live run's temporary paths replaced).
    let run = run(SHELL_GUARD, &fixture("claude-pre-tool-use-rm-rf.json"));
    assert_eq!(run.code, 0, "stderr {:?}", run.stderr);
    assert_eq!(run.stderr, "");
    let answer = run.json();
    let output = &answer["hookSpecificOutput"];
    assert_eq!(output["hookEventName"], "PreToolUse", "{answer}");
    assert_eq!(output["permissionDecision"], "deny", "{answer}");
    assert!(
        output["permissionDecisionReason"]
            .as_str()
            .is_some_and(|reason| reason.contains("rm -rf")),
        "{answer}"
    );
}

#[test]
fn shell_guard_denies_rm_rf_in_the_1_7_format() {
    let payload = fixture_with(
        "before-shell-force-push-no-version-1.7.json",
        json!({"command": "rm -rf build"}),
    );
    let run = run(SHELL_GUARD, &payload);
    assert_eq!(run.code, 0);
    let answer = run.json();
    assert_eq!(answer["continue"], true, "{answer}");
    assert_eq!(answer["permission"], "deny", "{answer}");
    // The one message carries the advice (no `agentMessage`: the response has none).
    assert!(
        answer["userMessage"]
            .as_str()
            .unwrap()
            .contains("one path at a time"),
        "{answer}"
    );
    assert_eq!(answer.as_object().unwrap().len(), 3, "{answer}");
}

/// `ask` downgraded to `deny`, with exactly one warning line about it.
fn assert_ask_downgraded(run: &Run, what: &str) {
    assert_eq!(run.code, 0, "{what}");
    assert_eq!(
        run.json(),
        json!({"permission": "deny", "user_message": ASK_MESSAGE}),
        "{what}"
    );
    let lines = run.stderr_lines();
    assert_eq!(lines.len(), 1, "{what}: one warning line: {:?}", run.stderr);
    assert!(
        lines[0].starts_with("cursor-hooks: ") && lines[0].contains("`ask` answered as `deny`"),
        "{what}: {}",
        lines[0]
    );
}

#[test]
fn shell_guard_force_push_on_the_cli_is_denied_with_one_warning() {
    let run = run(SHELL_GUARD, &fixture("before-shell-force-push-cli.json"));
    assert_ask_downgraded(&run, "git push --force on CLI 2026.09.28");
    assert!(
        run.stderr.contains("CLI build 2026.09.28-64d2043"),
        "{}",
        run.stderr
    );

    let short = fixture_with(
        "before-shell-force-push-cli.json",
        json!({"command": "git push -f origin main"}),
    );
    assert_ask_downgraded(
        &run_with::<&str>(SHELL_GUARD, &[], &short),
        "git push -f on CLI",
    );
}

#[test]
fn shell_guard_force_push_on_ide_2_0_77_asks() {
    let run = run(
        SHELL_GUARD,
        &fixture("before-shell-force-push-ide-2.0.77.json"),
    );
    assert_eq!(run.code, 0);
    assert_eq!(
        run.json(),
        json!({"permission": "ask", "user_message": ASK_MESSAGE})
    );
    assert_eq!(run.stderr, "");
}

#[test]
fn shell_guard_force_push_on_ide_2_4_21_is_denied_with_one_warning() {
    let run = run(
        SHELL_GUARD,
        &fixture("before-shell-force-push-ide-2.4.21.json"),
    );
    assert_ask_downgraded(&run, "git push --force on IDE 2.4.21");
    assert!(run.stderr.contains("2.4.21"), "{}", run.stderr);
}

#[test]
fn shell_guard_force_push_on_a_1_7_payload_asks_in_the_1_7_format() {
    let run = run(
        SHELL_GUARD,
        &fixture("before-shell-force-push-no-version-1.7.json"),
    );
    assert_eq!(run.code, 0);
    assert_eq!(
        run.json(),
        json!({"continue": true, "permission": "ask", "userMessage": ASK_MESSAGE})
    );
    assert_eq!(run.stderr, "");
}

#[test]
fn shell_guard_force_push_on_pre_tool_use_is_denied_with_one_warning() {
    let run = run(SHELL_GUARD, &fixture("pre-tool-shell-force-push.json"));
    assert_ask_downgraded(&run, "preToolUse Shell git push --force");
    assert!(run.stderr.contains("preToolUse"), "{}", run.stderr);
}

#[test]
fn shell_guard_has_no_opinion_on_ls() {
    run(SHELL_GUARD, &fixture("before-shell-ls.json")).assert_quiet_no_opinion("ls");
}

#[test]
fn shell_guard_has_no_opinion_on_pre_tool_use_read() {
    run(SHELL_GUARD, &fixture("pre-tool-read.json")).assert_quiet_no_opinion("preToolUse Read");
}

// ---------------------------------------------------------------------------------------------
// secrets-guard
// ---------------------------------------------------------------------------------------------

#[test]
fn secrets_guard_denies_each_kind_of_secret_with_a_message() {
    for (name, file) in [
        ("before-read-env.json", ".env"),
        ("before-read-env-production.json", ".env.production"),
        ("before-read-pem.json", "server.pem"),
        ("before-read-key-windows-path.json", "deploy.key"),
    ] {
        let run = run(SECRETS_GUARD, &fixture(name));
        assert_eq!(run.code, 0, "{name}");
        assert_eq!(run.stderr, "", "{name}");
        let answer = run.json();
        assert_eq!(answer["permission"], "deny", "{name}: {answer}");
        assert_eq!(answer.as_object().unwrap().len(), 2, "{name}: {answer}");
        let message = answer["user_message"].as_str().expect("a user_message");
        assert!(message.starts_with(file), "{name}: {message}");
        assert!(!message.contains("/c:"), "{name}: {message}");
    }
}

#[test]
fn secrets_guard_denies_tab_reads_without_a_message() {
    let run = run(SECRETS_GUARD, &fixture("before-tab-read-env.json"));
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout, concat!(r#"{"permission":"deny"}"#, "\n"));
    assert_eq!(run.stderr, "");
}

#[test]
fn secrets_guard_has_no_opinion_on_other_files() {
    for name in [
        "before-read-envrc.json",
        "before-read-source.json",
        "before-tab-read-source.json",
    ] {
        run(SECRETS_GUARD, &fixture(name)).assert_quiet_no_opinion(name);
    }
}

// ---------------------------------------------------------------------------------------------
// prompt-guard
// ---------------------------------------------------------------------------------------------

const AWS_KEY: &str = "AKIAIOSFODNN7EXAMPLE";

#[test]
fn prompt_guard_blocks_an_aws_key_without_echoing_it() {
    let run = run(PROMPT_GUARD, &fixture("before-submit-prompt-aws-key.json"));
    assert_eq!(run.code, 0);
    assert_eq!(run.stderr, "");
    let answer = run.json();
    assert_eq!(answer.as_object().unwrap().len(), 2, "{answer}");
    assert_eq!(answer["continue"], false, "{answer}");
    let message = answer["user_message"].as_str().expect("a user_message");
    assert!(message.contains("AWS access key"), "{message}");
    assert!(
        !run.stdout.contains(AWS_KEY),
        "the key is echoed: {message}"
    );
    assert!(
        !run.stdout.contains("AKIA"),
        "part of the key is echoed: {message}"
    );
}

#[test]
fn prompt_guard_blocks_a_1_7_prompt_with_continue_alone() {
    let payload = json!({
        "hook_event_name": "beforeSubmitPrompt",
        "conversation_id": "d41e8b6a-0f73-4c29-b8a5-71e3c0d9f482",
        "generation_id": "6a2f0c8e-95d1-4b7e-a034-c8e1b5f72d60",
        "workspace_roots": ["/Users/dev/shop"],
        "prompt": format!("use {AWS_KEY} for the upload"),
        "attachments": [],
    });
    let run = run(PROMPT_GUARD, payload.to_string().as_bytes());
    assert_eq!(run.code, 0);
    assert_eq!(run.json(), json!({"continue": false}));
}

#[test]
fn prompt_guard_has_no_opinion_on_a_plain_prompt() {
    run(PROMPT_GUARD, &fixture("before-submit-prompt-plain.json"))
        .assert_quiet_no_opinion("a plain prompt");
}

// ---------------------------------------------------------------------------------------------
// verify-on-stop
// ---------------------------------------------------------------------------------------------

#[test]
fn verify_on_stop_asks_for_the_tests_after_a_completed_first_pass() {
    let run = run(VERIFY_ON_STOP, &fixture("stop-completed-first.json"));
    assert_eq!(run.code, 0);
    assert_eq!(run.stderr, "");
    let answer = run.json();
    assert_eq!(answer.as_object().unwrap().len(), 1, "{answer}");
    let followup = answer["followup_message"]
        .as_str()
        .expect("a followup_message");
    assert!(followup.contains("tests"), "{followup}");
}

#[test]
fn verify_on_stop_lets_the_second_pass_stop() {
    run(VERIFY_ON_STOP, &fixture("stop-completed-second.json"))
        .assert_quiet_no_opinion("loop_count 1");
}

#[test]
fn verify_on_stop_leaves_an_aborted_run_alone() {
    run(VERIFY_ON_STOP, &fixture("stop-aborted.json")).assert_quiet_no_opinion("aborted");
}

// ---------------------------------------------------------------------------------------------
// session-context
// ---------------------------------------------------------------------------------------------

fn session_context_in(project: &Path) -> String {
    let run = run_with(
        SESSION_CONTEXT,
        &[("CURSOR_PROJECT_DIR", project)],
        &fixture("session-start.json"),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stderr, "");
    let answer = run.json();
    assert_eq!(answer.as_object().unwrap().len(), 1, "{answer}");
    answer["additional_context"]
        .as_str()
        .expect("additional_context")
        .to_owned()
}

#[test]
fn session_context_names_the_branch() {
    let project = TempDir::new("session-context-branch");
    project.write(".git/HEAD", "ref: refs/heads/feature/x\n");
    assert_eq!(
        session_context_in(project.path()),
        "The project is on git branch `feature/x`."
    );
}

#[test]
fn session_context_outside_a_repository_gives_the_fixed_note() {
    let project = TempDir::new("session-context-no-git");
    assert_eq!(
        session_context_in(project.path()),
        cursor_hooks_examples::session_context::NO_REPOSITORY
    );
}

#[test]
fn session_context_follows_a_worktree_gitdir_file() {
    let dir = TempDir::new("session-context-worktree");
    let git_dir = dir.path().join("main/.git/worktrees/wt");
    dir.write(
        "main/.git/worktrees/wt/HEAD",
        "ref: refs/heads/fix/login-redirect\n",
    );
    dir.write("wt/.git", &format!("gitdir: {}\n", git_dir.display()));
    assert_eq!(
        session_context_in(&dir.path().join("wt")),
        "The project is on git branch `fix/login-redirect`."
    );
}

#[test]
fn session_context_follows_a_relative_gitdir_file() {
    let dir = TempDir::new("session-context-submodule");
    dir.write(
        ".git/modules/vendor/lib/HEAD",
        "ref: refs/heads/release/1.2\n",
    );
    dir.write("vendor/lib/.git", "gitdir: ../../.git/modules/vendor/lib\n");
    assert_eq!(
        session_context_in(&dir.path().join("vendor/lib")),
        "The project is on git branch `release/1.2`."
    );
}

#[test]
fn session_context_reports_a_detached_head() {
    let project = TempDir::new("session-context-detached");
    project.write(".git/HEAD", "4f2a9c1e7b3d8a06e5f1c2b9d7a4e3f0c8b6a5d1\n");
    assert_eq!(
        session_context_in(project.path()),
        "The project's git HEAD is detached at 4f2a9c1e7b3d."
    );
}

// ---------------------------------------------------------------------------------------------
// audit-log
// ---------------------------------------------------------------------------------------------

/// `2026-11-22T04:38:36.123Z`.
fn is_utc_millis(time: &str) -> bool {
    let bytes = time.as_bytes();
    bytes.len() == 24
        && bytes.iter().enumerate().all(|(at, b)| match at {
            4 | 7 => *b == b'-',
            10 => *b == b'T',
            13 | 16 => *b == b':',
            19 => *b == b'.',
            23 => *b == b'Z',
            _ => b.is_ascii_digit(),
        })
}

/// One audit line checked against the payload it records.
fn assert_audit_line(line: &str, payload: &Value, subject: Value) {
    let record: Value =
        serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
    let keys: BTreeSet<&str> = record
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        BTreeSet::from([
            "time",
            "event",
            "conversation_id",
            "cursor_version",
            "subject"
        ]),
        "{line}"
    );
    let time = record["time"].as_str().expect("time is a string");
    assert!(is_utc_millis(time), "{time}");
    assert_eq!(record["event"], payload["hook_event_name"], "{line}");
    assert_eq!(
        record["conversation_id"], payload["conversation_id"],
        "{line}"
    );
    assert_eq!(
        record["cursor_version"], payload["cursor_version"],
        "{line}"
    );
    assert_eq!(record["subject"], subject, "{line}");
}

#[test]
fn audit_log_appends_one_line_per_handled_event() {
    let dir = TempDir::new("audit-log-events");
    let log = dir.path().join("audit.jsonl");
    let cases = [
        ("session-start.json", "/session_id"),
        ("session-end.json", "/reason"),
        ("post-tool-use.json", "/tool_name"),
        ("post-tool-use-failure.json", "/tool_name"),
        ("after-shell.json", "/command"),
        ("after-mcp-execution.json", "/tool_name"),
        ("after-file-edit.json", "/file_path"),
        ("after-tab-file-edit.json", "/file_path"),
        ("after-agent-response.json", ""),
        ("after-agent-thought.json", ""),
    ];
    for (count, (name, subject)) in cases.into_iter().enumerate() {
        let run = run_with(
            AUDIT_LOG,
            &[("CURSOR_HOOKS_AUDIT_LOG", &log)],
            &fixture(name),
        );
        run.assert_quiet_no_opinion(name);
        let lines = read_lines(&log);
        assert_eq!(lines.len(), count + 1, "{name}: one more line");
        let payload = fixture_json(name);
        let subject = match subject {
            "" => Value::Null,
            pointer => payload.pointer(pointer).expect("the subject field").clone(),
        };
        assert_audit_line(lines.last().unwrap(), &payload, subject);
    }
    let subjects: Vec<Value> = read_lines(&log)
        .iter()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["subject"].clone())
        .collect();
    assert_eq!(subjects[2], "Shell");
    assert_eq!(subjects[4], "cargo test --workspace");
    assert_eq!(subjects[6], "/home/dev/shop/src/cart.rs");
}

#[test]
fn audit_log_leaves_the_log_alone_under_replay() {
    let dir = TempDir::new("audit-log-replay");
    let log = dir.path().join("audit.jsonl");
    let replayed = run_with(
        AUDIT_LOG,
        &[
            ("CURSOR_HOOKS_AUDIT_LOG", log.as_os_str()),
            ("CURSOR_HOOKS_REPLAY", OsStr::new("1")),
        ],
        &fixture("after-shell.json"),
    );
    replayed.assert_quiet_no_opinion("replayed afterShellExecution");
    assert!(!log.exists(), "a replay writes no audit line");
    // The same payload from Cursor is logged.
    run_with(
        AUDIT_LOG,
        &[("CURSOR_HOOKS_AUDIT_LOG", &log)],
        &fixture("after-shell.json"),
    );
    assert_eq!(read_lines(&log).len(), 1);
}

#[test]
fn audit_log_defaults_to_the_project_dir() {
    let project = TempDir::new("audit-log-project");
    let run = run_with(
        AUDIT_LOG,
        &[("CURSOR_PROJECT_DIR", project.path())],
        &fixture("after-shell.json"),
    );
    run.assert_quiet_no_opinion("afterShellExecution");
    let lines = read_lines(&project.path().join(".cursor/hooks-audit.jsonl"));
    assert_eq!(lines.len(), 1);
    assert_audit_line(
        &lines[0],
        &fixture_json("after-shell.json"),
        json!("cargo test --workspace"),
    );
}

#[test]
fn audit_log_without_variables_uses_the_first_workspace_root() {
    let root = TempDir::new("audit-log-workspace-root");
    let payload = fixture_with(
        "after-file-edit.json",
        json!({"workspace_roots": [root.path(), "/elsewhere"]}),
    );
    run(AUDIT_LOG, &payload).assert_quiet_no_opinion("afterFileEdit");
    let lines = read_lines(&root.path().join(".cursor/hooks-audit.jsonl"));
    assert_eq!(lines.len(), 1);
}

#[test]
fn audit_log_never_blocks_when_the_log_cannot_be_written() {
    let dir = TempDir::new("audit-log-unwritable");
    // A directory where the log file should be: the append fails.
    std::fs::create_dir_all(dir.path().join("audit.jsonl")).unwrap();
    let run = run_with(
        AUDIT_LOG,
        &[("CURSOR_HOOKS_AUDIT_LOG", dir.path().join("audit.jsonl"))],
        &fixture("after-shell.json"),
    );
    assert_eq!((run.stdout.as_str(), run.code), ("{}\n", 0));
    assert_eq!(run.stderr_lines().len(), 1, "{:?}", run.stderr);
    assert!(run.stderr.contains("audit.jsonl"), "{}", run.stderr);
}

#[test]
fn audit_log_lines_stay_whole_under_concurrent_appends() {
    const PROCESSES: usize = 16;
    let dir = TempDir::new("audit-log-concurrent");
    let log = dir.path().join("audit.jsonl");
    let commands: Vec<String> = (0..PROCESSES)
        .map(|n| format!("cargo test -p shop --test cart_{n:02} -- --nocapture"))
        .collect();
    // Every process is started and fed before any is waited on, so the appends overlap.
    let running: Vec<Running> = commands
        .iter()
        .map(|command| {
            hook(AUDIT_LOG, &[("CURSOR_HOOKS_AUDIT_LOG", &log)]).spawn(fixture_with(
                "after-shell.json",
                json!({ "command": command }),
            ))
        })
        .collect();
    for hook in running {
        Run::from(hook.finish()).assert_quiet_no_opinion("concurrent afterShellExecution");
    }
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.ends_with('\n'), "the log ends mid-line");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), PROCESSES, "{text}");
    let subjects: BTreeSet<String> = lines
        .iter()
        .map(|line| {
            let record: Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("a torn line ({e}): {line}"));
            record["subject"]
                .as_str()
                .expect("subject is the command")
                .to_owned()
        })
        .collect();
    assert_eq!(subjects, commands.into_iter().collect::<BTreeSet<_>>());
}

// ---------------------------------------------------------------------------------------------
// policy
// ---------------------------------------------------------------------------------------------

#[test]
fn policy_answers_like_the_single_purpose_hooks() {
    for (name, single) in [
        ("before-shell-rm-rf.json", SHELL_GUARD),
        ("before-shell-force-push-cli.json", SHELL_GUARD),
        ("pre-tool-shell-rm-rf.json", SHELL_GUARD),
        ("before-read-env.json", SECRETS_GUARD),
        ("before-read-source.json", SECRETS_GUARD),
        ("before-tab-read-env.json", SECRETS_GUARD),
        ("before-submit-prompt-aws-key.json", PROMPT_GUARD),
        ("stop-completed-first.json", VERIFY_ON_STOP),
    ] {
        let payload = fixture(name);
        let expected = run(single, &payload);
        let actual = run(POLICY, &payload);
        assert_eq!(actual.stdout, expected.stdout, "{name}: stdout");
        assert_eq!(actual.code, expected.code, "{name}: exit code");
        assert_eq!(actual.stderr, expected.stderr, "{name}: stderr");
    }
}

#[test]
fn policy_has_no_opinion_on_an_event_it_does_not_handle() {
    let run = run(POLICY, &fixture("after-file-edit.json"));
    assert_eq!((run.stdout.as_str(), run.code), ("{}\n", 0));
    assert_eq!(
        run.stderr_lines(),
        ["cursor-hooks: this binary has no handler for `afterFileEdit`; answered no opinion"]
    );
}
