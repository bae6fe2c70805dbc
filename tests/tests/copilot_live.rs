//! The real GitHub Copilot CLI (version in `tests/copilot/VERSION`, installed by
//! `.ci/setup-copilot`) runs Claude Code handlers from the project's `.claude/settings.json`,
//! installed as users install them (`<binary> install --claude --project <project>`), against
//! the Messages API mock, inside a network namespace that has only loopback, offline
//! (`COPILOT_OFFLINE=true`). Copilot sends those handlers its own payload (no `tool_use_id`)
//! and reads exit 1 as a deny: each test asserts the real effect, a directory that survives or
//! is gone, and what the model was told. Linux only; the machine needs root or user
//! namespaces, `unshare` and `ip` (a test fails, never skips, without them).
#![cfg(target_os = "linux")]

mod common;

use common::claude_cli::{self, cli_binary};
use cursor_hooks_tests::claude_code::mock::{text_of, MockApi, Reply};
use cursor_hooks_tests::claude_code::runner::{copy_binary, examples_for, Session};
use cursor_hooks_tests::copilot::runner::{self, CopilotOutput};
use std::path::{Path, PathBuf};

const RECORDER: &str = env!("CARGO_BIN_EXE_claude-recorder");
const CLOSED_GUARD: &str = env!("CARGO_BIN_EXE_claude-closed-guard");
const OPEN_GUARD: &str = env!("CARGO_BIN_EXE_claude-open-guard");
const PERMISSION_GUARD: &str = env!("CARGO_BIN_EXE_claude-permission-guard");
const COPILOT_OR_CLAUDE_GUARD: &str = env!("CARGO_BIN_EXE_copilot-or-claude-guard");
const PROMPT_CONTEXT: &str = env!("CARGO_BIN_EXE_claude-prompt-context");
const UNIFIED_REWRITER: &str = env!("CARGO_BIN_EXE_unified-rewriter");
const UNIFIED_STOPPER: &str = env!("CARGO_BIN_EXE_unified-stopper");

/// What `shell-guard` tells the model when it denies `rm -rf`.
const SHELL_GUARD_REASON: &str = "rm -rf is blocked by the shell guard";

/// An example hook binary, built for this test run.
fn example(name: &str) -> PathBuf {
    let path = examples_for(Path::new(env!("CARGO_TARGET_TMPDIR")), runner::prepare).join(name);
    assert!(path.is_file(), "{} was not built", path.display());
    path
}

/// Builds the examples and the `cursor-hooks` tool (outside the namespace), then says whether
/// to run the test's body.
fn live(test_name: &str) -> bool {
    examples_for(Path::new(env!("CARGO_TARGET_TMPDIR")), runner::prepare);
    cli_binary();
    runner::in_isolated_network(test_name)
}

/// A project whose `target/keep` the mock's `rm -rf target` would delete, with the recorder
/// on every event in `.claude/settings.json`.
fn session_with_target(name: &str) -> Session {
    let session = Session::new(&format!("copilot-{name}"), Path::new(RECORDER));
    std::fs::create_dir_all(session.project.join("target")).expect("target dir");
    std::fs::write(session.project.join("target/keep"), "keep").expect("target/keep");
    session
}

/// Runs `rm -rf target` through Copilot's shell tool with `session`'s hooks; asserts that
/// `copilot` exited 0 (a denied tool call does not end the turn).
fn run_rm_target(session: &Session) -> (MockApi, CopilotOutput) {
    let api = MockApi::start(vec![Reply::copilot_bash("rm -rf target")]).expect("mock starts");
    let output = runner::run(session, &api.base_url(), "Clean the build output.");
    assert!(
        output.success,
        "copilot failed:\n{}\n{}",
        output.stdout, output.stderr
    );
    (api, output)
}

/// The one tool result the model was sent.
fn the_tool_result(api: &MockApi) -> String {
    let results = api.tool_results();
    assert_eq!(results.len(), 1, "{results:?}");
    text_of(&results[0])
}

/// Runs `rm -rf target` with `session`'s hooks and asserts that shell-guard stopped it: the
/// directory survives and the model is told shell-guard's reason.
fn assert_shell_guard_stops_rm_target(session: &Session) {
    let (api, output) = run_rm_target(session);
    assert!(
        session.project.join("target/keep").exists(),
        "shell-guard did not stop rm -rf target under Copilot:\n{}",
        output.log
    );
    let told = the_tool_result(&api);
    assert!(
        told.contains("Denied by preToolUse hook") && told.contains(SHELL_GUARD_REASON),
        "{told}"
    );
}

/// Control: with only the recorder, the mock's `rm -rf target` really runs under Copilot, so
/// a surviving `target` in the other tests is the guards' doing; and Copilot ran the project's
/// `.claude/settings.json` (the recorder heard PreToolUse in Claude's shape).
#[test]
fn without_a_guard_copilots_rm_runs() {
    if !live("without_a_guard_copilots_rm_runs") {
        return;
    }
    let session = session_with_target("control");
    let (api, _) = run_rm_target(&session);
    assert!(
        !session.project.join("target").exists(),
        "the tool call did not run"
    );
    let told = the_tool_result(&api);
    assert!(!told.contains("Denied"), "{told}");
    let heard = session.payloads_of("PreToolUse");
    assert_eq!(heard.len(), 1, "{:?}", session.payloads());
    assert_eq!(heard[0]["tool_name"], "Bash", "{heard:?}");
    assert!(heard[0].get("tool_use_id").is_none(), "{heard:?}");
}

/// shell-guard installed for Claude Code stops `rm -rf` under Copilot too, and the model is
/// told its reason (a JSON deny: exit 2's stderr would not reach it). On the runtime before
/// Copilot's road it failed open: Copilot's payload has no `tool_use_id`.
#[test]
fn shell_guard_installed_for_claude_code_blocks_rm_rf_under_copilot() {
    if !live("shell_guard_installed_for_claude_code_blocks_rm_rf_under_copilot") {
        return;
    }
    let session = session_with_target("shell-guard");
    session.install(&example("shell-guard"));
    assert_shell_guard_stops_rm_target(&session);
}

/// shell-guard installed for Copilot itself (`install --copilot --project`, which writes
/// `.github/hooks/cursor-hooks.json` with `--host copilot --event preToolUse`) stops `rm -rf`:
/// its Copilot handler reads Copilot's own payload (no event name, `toolArgs`) by the wiring,
/// and the model is told its reason.
#[test]
fn shell_guard_installed_for_copilot_blocks_rm_rf() {
    if !live("shell_guard_installed_for_copilot_blocks_rm_rf") {
        return;
    }
    let session = session_with_target("copilot-shell-guard");
    session.install_for("--copilot", &example("shell-guard"));
    assert!(
        session
            .project
            .join(".github/hooks/cursor-hooks.json")
            .is_file(),
        "install --copilot wrote no project hooks file"
    );
    assert_shell_guard_stops_rm_target(&session);
}

/// The unified shell guard (one `#[hook]` function for every host), installed with
/// `install --copilot`, stops `rm -rf` under the real Copilot with its reason.
#[test]
fn the_unified_shell_guard_installed_for_copilot_blocks_rm_rf() {
    if !live("the_unified_shell_guard_installed_for_copilot_blocks_rm_rf") {
        return;
    }
    let session = session_with_target("copilot-unified-shell-guard");
    session.install_for("--copilot", &example("unified-shell-guard"));
    assert_shell_guard_stops_rm_target(&session);
}

/// `binary` packaged as a plugin (`cursor-hooks package --marketplace`, the folder that Cursor
/// and Claude Code load) and installed as Copilot installs a team's plugins (`copilot plugin
/// marketplace add` + `plugin install NAME@MARKETPLACE`) in `session`'s `HOME`.
fn install_packaged(session: &Session, binary: &Path) {
    let team = session.root().join("team");
    let name = binary.file_name().and_then(|n| n.to_str()).expect("a name");
    claude_cli::package(&team.join("plugins").join(name), &team, binary);
    runner::plugin(
        session,
        &["marketplace", "add", team.to_str().expect("UTF-8")],
    );
    runner::plugin(session, &["install", &format!("{name}@team")]);
    assert!(
        runner::plugin(session, &["list"]).contains(&format!("{name}@team")),
        "Copilot lists no {name} plugin"
    );
}

/// shell-guard packaged as a plugin and installed from its marketplace stops `rm -rf` under
/// Copilot, through the plugin's launcher, and the model is told its reason.
#[test]
fn shell_guard_packaged_as_a_plugin_blocks_rm_rf_under_copilot() {
    if !live("shell_guard_packaged_as_a_plugin_blocks_rm_rf_under_copilot") {
        return;
    }
    let session = session_with_target("copilot-plugin");
    install_packaged(&session, &example("shell-guard"));
    assert_shell_guard_stops_rm_target(&session);
}

/// In the packaged plugin's folder Copilot runs the Copilot handler, from the file the
/// plugin's own `plugin.json` names, and not the Claude Code handler of `hooks/hooks.json`
/// beside it (which Copilot runs when the folder has only Claude Code's manifest).
#[test]
fn a_packaged_plugin_runs_only_its_copilot_handlers_under_copilot() {
    if !live("a_packaged_plugin_runs_only_its_copilot_handlers_under_copilot") {
        return;
    }
    let session = session_with_target("copilot-plugin-road");
    install_packaged(
        &session,
        &copy_binary(session.root(), Path::new(COPILOT_OR_CLAUDE_GUARD)),
    );
    let (api, _) = run_rm_target(&session);
    assert!(session.project.join("target/keep").exists());
    let told = the_tool_result(&api);
    assert!(
        told.contains("refused by the Copilot handler") && !told.contains("Claude Code handler"),
        "{told}"
    );
}

/// A unified handler's rewrite (`ShellAnswer::rewrite`, Copilot's `modifiedArgs`) installed
/// for Copilot is what runs.
#[test]
fn a_unified_rewrite_installed_for_copilot_is_what_runs() {
    if !live("a_unified_rewrite_installed_for_copilot_is_what_runs") {
        return;
    }
    let session = Session::new("copilot-unified-rewrite", Path::new(RECORDER));
    session.install_for("--copilot", Path::new(UNIFIED_REWRITER));
    let api = MockApi::start(vec![Reply::copilot_bash("echo original > marker")]).expect("mock");
    let output = runner::run(&session, &api.base_url(), "Write the marker.");
    assert!(output.success, "{}\n{}", output.stdout, output.stderr);
    let marker = std::fs::read_to_string(session.project.join("marker"));
    assert_eq!(
        marker.ok().as_deref(),
        Some("rewritten\n"),
        "{}",
        output.log
    );
}

/// A unified handler's `keep_going` (Copilot's agentStop `decision: block`), installed for
/// Copilot, keeps the agent going once: its instruction is the next prompt.
#[test]
fn a_unified_keep_going_installed_for_copilot_continues_once() {
    if !live("a_unified_keep_going_installed_for_copilot_continues_once") {
        return;
    }
    let session = Session::new("copilot-unified-stop", Path::new(RECORDER));
    session.install_for("--copilot", Path::new(UNIFIED_STOPPER));
    let api = MockApi::start(vec![
        Reply::Text("First pass done.".to_owned()),
        Reply::Text("Checked again.".to_owned()),
    ])
    .expect("mock");
    let output = runner::run(&session, &api.base_url(), "Fix the bug.");
    assert!(output.success, "{}\n{}", output.stdout, output.stderr);
    let bodies = api.message_bodies();
    assert_eq!(bodies.len(), 2, "{}", output.log);
    assert!(
        !bodies[0].to_string().contains("KEEP-GOING"),
        "{}",
        output.log
    );
    assert!(
        bodies[1].to_string().contains("KEEP-GOING"),
        "{}",
        output.log
    );
}

/// A fail-closed handler that fails denies under Copilot, and the model is told the failure.
#[test]
fn a_failing_fail_closed_handler_denies_under_copilot() {
    if !live("a_failing_fail_closed_handler_denies_under_copilot") {
        return;
    }
    let session = session_with_target("closed");
    session.install(Path::new(CLOSED_GUARD));
    let (api, _) = run_rm_target(&session);
    assert!(session.project.join("target/keep").exists());
    let told = the_tool_result(&api);
    assert!(
        told.contains("Denied by preToolUse hook")
            && told.contains("the policy file is unreadable"),
        "{told}"
    );
}

/// A fail-open handler that fails lets the tool run under Copilot: its no opinion is exit 0
/// with `{}` (exit 1 would be Copilot's "hook errored" deny), and its one stderr line is in
/// Copilot's log.
#[test]
fn a_failing_fail_open_handler_lets_the_tool_run_under_copilot() {
    if !live("a_failing_fail_open_handler_lets_the_tool_run_under_copilot") {
        return;
    }
    let session = session_with_target("open");
    session.install(Path::new(OPEN_GUARD));
    let (api, output) = run_rm_target(&session);
    assert!(
        !session.project.join("target").exists(),
        "the fail-open guard stopped the tool:\n{}",
        output.log
    );
    let told = the_tool_result(&api);
    assert!(!told.contains("Denied"), "{told}");
    assert!(
        output.log.contains("the open guard broke") && output.log.contains("fail-open"),
        "the guard did not run, or did not answer by its policy:\n{}",
        output.log
    );
}

/// A Claude UserPromptSubmit handler's context reaches the model under Copilot, which drops
/// `hookSpecificOutput.additionalContext` there and reads the top-level key the runtime adds
/// when Copilot started it.
#[test]
fn a_prompt_context_reaches_the_model_under_copilot() {
    if !live("a_prompt_context_reaches_the_model_under_copilot") {
        return;
    }
    let session = session_with_target("prompt-context");
    session.install(Path::new(PROMPT_CONTEXT));
    let (api, output) = run_rm_target(&session);
    let sent: Vec<String> = api
        .message_bodies()
        .iter()
        .map(|body| body["messages"].to_string())
        .collect();
    assert!(
        sent.iter()
            .any(|text| text.contains("the project's tests live in tests/")),
        "the model was not told the context:\n{sent:?}\n{}",
        output.log
    );
}

/// A Claude PermissionRequest handler gets Copilot's camelCase payload (no `hook_event_name`)
/// and is answered in Copilot's flat form, which Copilot enforces even with
/// `--allow-all-tools`; Claude's `hookSpecificOutput.decision` it would ignore.
#[test]
fn a_permission_request_handler_refuses_under_copilot() {
    if !live("a_permission_request_handler_refuses_under_copilot") {
        return;
    }
    let session = session_with_target("permission");
    session.install(Path::new(PERMISSION_GUARD));
    let (api, output) = run_rm_target(&session);
    assert!(
        session.project.join("target/keep").exists(),
        "the permission guard did not stop rm -rf target:\n{}",
        output.log
    );
    let told = the_tool_result(&api);
    assert!(
        told.contains("Permission denied by a PermissionRequest hook")
            && told.contains("recursive deletes need a person's approval"),
        "{told}"
    );
}

/// `cursor-hooks verify --host copilot --json ARGS` in the session's project with its home and
/// the pinned Copilot on `PATH`: the exit code and the report.
fn copilot_verify(session: &Session, args: &[&str]) -> (i32, serde_json::Value) {
    let copilot = runner::copilot_binary();
    let bin = copilot.parent().expect("copilot's folder");
    let output = std::process::Command::new(cli_binary())
        .args(["verify", "--host", "copilot", "--json"])
        .args(args)
        .current_dir(&session.project)
        .env("HOME", &session.home)
        .env_remove("COPILOT_HOME")
        .env("PATH", format!("{}:/usr/bin:/bin", bin.display()))
        .stdin(std::process::Stdio::null())
        .output()
        .expect("cursor-hooks runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let report = serde_json::from_str(&stdout).unwrap_or_else(|e| {
        panic!(
            "verify printed no JSON ({e}): {stdout}\n{}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    (output.status.code().expect("an exit code"), report)
}

/// The report's entries for the configured hooks of `file`.
fn configured_in<'a>(report: &'a serde_json::Value, file: &Path) -> Vec<&'a serde_json::Value> {
    let all = report["configured"].as_array().expect("configured hooks");
    let file = serde_json::json!(file);
    all.iter().filter(|hook| hook["file"] == file).collect()
}

/// Makes the project a folder Copilot trusts, as answering its trust prompt does.
fn trust_folder(session: &Session) {
    let dir = session.home.join(".copilot");
    std::fs::create_dir_all(&dir).expect("~/.copilot");
    let config = serde_json::json!({ "trusted_folders": [session.project] });
    std::fs::write(dir.join("config.json"), config.to_string()).expect("config.json");
}

/// `verify --host copilot` proves shell-guard, installed with `install --copilot` in a folder
/// Copilot trusts, fires in the real Copilot: its preToolUse hook is reported fired, its deny
/// is in the run's stdout, the dangerous-looking call did not run, the model was told
/// shell-guard's reason, and the project tree and the user's config are byte for byte what
/// they were.
#[test]
fn verify_shows_shell_guard_denying_under_copilot_and_nothing_changes() {
    if !live("verify_shows_shell_guard_denying_under_copilot_and_nothing_changes") {
        return;
    }
    let session = Session::new("copilot-verify-guard", Path::new(RECORDER));
    session.install_for("--copilot", &example("shell-guard"));
    let file = session.project.join(".github/hooks/cursor-hooks.json");
    trust_folder(&session);
    std::fs::write(session.project.join("keep.txt"), "keep").expect("a project file");
    let before = common::tree_bytes(&session.project);
    let home_before = common::tree_bytes(&session.home);
    let (code, report) = copilot_verify(&session, &["--command", "rm -rf ."]);
    assert_eq!(code, 0, "{report:#}");
    assert_eq!(
        common::tree_bytes(&session.project),
        before,
        "verify changed the project"
    );
    assert_eq!(
        common::tree_bytes(&session.home),
        home_before,
        "verify wrote the user's home"
    );
    assert_eq!(
        report["project_changed"],
        serde_json::json!([]),
        "{report:#}"
    );
    assert_eq!(report["host"], "copilot", "{report:#}");
    assert_eq!(
        report["isolation"],
        "a network namespace with only loopback"
    );
    let guard: Vec<_> = configured_in(&report, &file)
        .into_iter()
        .filter(|hook| hook["event"] == "preToolUse")
        .collect();
    assert_eq!(guard.len(), 1, "{report:#}");
    assert_eq!(guard[0]["status"], "fired", "{report:#}");
    let runs = report["runs"].as_array().expect("runs");
    let pre: Vec<_> = runs
        .iter()
        .filter(|run| run["event"] == "preToolUse")
        .collect();
    assert_eq!(pre.len(), 1, "{report:#}");
    assert!(
        pre[0]["stdout"]
            .as_str()
            .unwrap_or("")
            .contains(SHELL_GUARD_REASON)
            && pre[0]["outcome"]
                .as_str()
                .unwrap_or("")
                .contains("Denied by preToolUse hook"),
        "{report:#}"
    );
    assert_eq!(report["call"]["ran"], false, "{report:#}");
    let told = report["call"]["told"].as_str().unwrap_or("");
    assert!(
        told.contains("Denied by preToolUse hook") && told.contains(SHELL_GUARD_REASON),
        "{report:#}"
    );
}

/// In a folder Copilot does not trust, verify reports the project's hooks skipped by that gate:
/// none runs (the recorder of `.claude/settings.json` hears nothing), and the call runs.
#[test]
fn verify_shows_copilot_skipping_the_hooks_of_an_untrusted_folder() {
    if !live("verify_shows_copilot_skipping_the_hooks_of_an_untrusted_folder") {
        return;
    }
    let session = Session::new("copilot-verify-untrusted", Path::new(RECORDER));
    session.install_for("--copilot", &example("shell-guard"));
    let file = session.project.join(".github/hooks/cursor-hooks.json");
    let (code, report) = copilot_verify(&session, &["--command", "rm -rf ."]);
    assert_eq!(code, 0, "{report:#}");
    let guard = configured_in(&report, &file);
    assert!(!guard.is_empty(), "{report:#}");
    for hook in guard {
        assert_eq!(hook["status"], "skipped", "{report:#}");
        assert!(
            hook["why"]
                .as_str()
                .unwrap_or("")
                .contains("not a folder it trusts"),
            "{report:#}"
        );
    }
    assert_eq!(report["runs"], serde_json::json!([]), "{report:#}");
    assert!(
        session.payloads().is_empty(),
        "a hook ran: {:?}",
        session.payloads()
    );
    assert_eq!(report["call"]["ran"], true, "{report:#}");
}

/// The unified prompt guard (`prompt-guard`, one `#[hook(on = "prompt.submitted")]`), installed
/// for Copilot, stops a prompt holding an AWS key before any model call: `copilot -p` ends
/// with the guard's reason (`decision: block`), and no request to the model holds the key.
#[test]
fn the_unified_prompt_guard_installed_for_copilot_blocks_a_key_before_the_model() {
    if !live("the_unified_prompt_guard_installed_for_copilot_blocks_a_key_before_the_model") {
        return;
    }
    let session = session_with_target("unified-prompt-guard");
    session.install_for("--copilot", &example("prompt-guard"));
    let api = MockApi::start(vec![Reply::copilot_bash("echo hi")]).expect("mock starts");
    let output = runner::run(
        &session,
        &api.base_url(),
        "deploy with AKIAIOSFODNN7EXAMPLE please",
    );
    assert!(!output.success, "{}\n{}", output.stdout, output.stderr);
    assert!(
        output
            .stderr
            .contains("Your prompt contains an AWS access key id"),
        "{}\n{}",
        output.stderr,
        output.log
    );
    let sent = api.message_bodies();
    assert!(
        sent.iter()
            .all(|body| !body.to_string().contains("AKIAIOSFODNN7EXAMPLE")),
        "the key reached the model: {sent:?}"
    );
}
