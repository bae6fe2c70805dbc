//! The real Claude Code (as in `claude_live.rs`: offline, in a network namespace with only
//! loopback, against the Messages API mock) runs a hook that `install --portable --claude` wrote
//! in one place, from a copy of the project somewhere else: the command names the binary through
//! `"$CLAUDE_PROJECT_DIR"`, which Claude Code sets to the project it runs in. Linux only.
#![cfg(target_os = "linux")]

use cursor_hooks_tests::claude_code::mock::{MockApi, Reply};
use cursor_hooks_tests::claude_code::runner::{example_binaries, in_isolated_network, Session};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

const RECORDER: &str = env!("CARGO_BIN_EXE_claude-recorder");

/// What `shell-guard` tells the model when it denies `rm -rf`.
const SHELL_GUARD_REASON: &str = "rm -rf is blocked by the shell guard";

/// Copies the folder `from` to `to` (files, folders and their modes).
fn copy_tree(from: &Path, to: &Path) {
    let status = Command::new("cp")
        .arg("-a")
        .arg(from)
        .arg(to)
        .status()
        .expect("cp starts");
    assert!(status.success(), "copying {}", from.display());
}

#[test]
fn claude_code_runs_a_portable_hook_from_a_copied_project() {
    let examples = example_binaries(Path::new(env!("CARGO_TARGET_TMPDIR")));
    if !in_isolated_network("claude_code_runs_a_portable_hook_from_a_copied_project") {
        return;
    }
    // The recorder lives in a plugin, so the project's settings hold only what install wrote.
    let session = Session::with_plugin_recorder("portable", Path::new(RECORDER));
    let origin = session.root().join("origin");
    std::fs::create_dir_all(origin.join("tools")).expect("origin/tools");
    let binary = origin.join("tools/shell-guard");
    std::fs::copy(examples.join("shell-guard"), &binary).expect("copy shell-guard");
    let output = Command::new(&binary)
        .args(["install", "--portable", "--claude", "--project"])
        .arg(&origin)
        .output()
        .expect("shell-guard starts");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // The clone: the session's project gets origin's files, and origin goes away, so only a
    // command relative to the project can find the binary.
    std::fs::remove_dir_all(&session.project).expect("the empty project");
    copy_tree(&origin, &session.project);
    std::fs::remove_dir_all(&origin).expect("origin goes");
    let settings = std::fs::read_to_string(session.settings_path()).expect("settings.json");
    assert!(
        settings.contains("\\\"$CLAUDE_PROJECT_DIR\\\"/tools/shell-guard"),
        "{settings}"
    );
    std::fs::create_dir_all(session.project.join("target")).expect("target dir");
    std::fs::write(session.project.join("target/keep"), "keep").expect("target/keep");

    let api = MockApi::start(vec![Reply::bash("rm -rf target")]).expect("mock starts");
    let plugin = session.recorder_plugin();
    let run = session.run_with(
        &api.base_url(),
        "Clean the build output.",
        &["--plugin-dir", plugin.to_str().expect("UTF-8")],
    );
    assert!(
        run.success,
        "claude failed:\n{}\n{}",
        run.stdout, run.stderr
    );
    assert!(
        session.project.join("target/keep").exists(),
        "the copied project's shell-guard did not stop rm -rf target"
    );
    let results: Vec<Value> = api
        .message_bodies()
        .iter()
        .flat_map(|body| body["messages"].as_array().cloned().unwrap_or_default())
        .flat_map(|message| message["content"].as_array().cloned().unwrap_or_default())
        .filter(|block| block["type"] == "tool_result")
        .collect();
    assert!(
        results
            .iter()
            .any(|r| r["is_error"] == true && r.to_string().contains(SHELL_GUARD_REASON)),
        "{results:?}"
    );
    // The recorder saw the PreToolUse payload: the hooks ran in this session.
    assert!(!session.payloads_of("PreToolUse").is_empty());
}
