//! The plugin `cursor-hooks package` writes, loaded by the real Claude Code CLI (offline, in a
//! network namespace with only loopback, against the Messages API mock, as `claude_live.rs`):
//! once with `claude --plugin-dir`, once installed from the team marketplace folder `package
//! --marketplace` wrote (`claude plugin marketplace add` + `claude plugin install`, under the
//! session's temporary HOME). Both times `shell-guard`, started through the plugin's launcher,
//! keeps `rm -rf target` from running. Linux only, as `claude_live.rs`.
#![cfg(target_os = "linux")]

mod common;

use common::claude_cli::{self, cli_binary};
use cursor_hooks_tests::claude_code::mock::{MockApi, Reply};
use cursor_hooks_tests::claude_code::runner::{
    claude_binary, example_binaries, in_isolated_network, Session,
};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const RECORDER: &str = env!("CARGO_BIN_EXE_claude-recorder");

/// What `shell-guard` tells the model when it denies `rm -rf`.
const SHELL_GUARD_REASON: &str = "rm -rf is blocked by the shell guard";

/// Builds what the test needs outside the namespace, then says whether to run its body.
fn live(test_name: &str) -> bool {
    example_binaries(Path::new(env!("CARGO_TARGET_TMPDIR")));
    cli_binary();
    in_isolated_network(test_name)
}

/// A session whose project has a `target/keep` that `rm -rf target` would delete, and a team
/// folder holding the packaged `shell-guard` plugin and both marketplace files.
fn packaged(name: &str) -> (Session, PathBuf) {
    let session = Session::new(name, Path::new(RECORDER));
    std::fs::create_dir_all(session.project.join("target")).expect("target dir");
    std::fs::write(session.project.join("target/keep"), "keep").expect("target/keep");
    let team = session.root().join("team");
    let shell_guard = example_binaries(Path::new(env!("CARGO_TARGET_TMPDIR"))).join("shell-guard");
    claude_cli::package(&team.join("plugins/shell-guard"), &team, &shell_guard);
    (session, team)
}

/// Runs `rm -rf target` through the mock with `more` arguments for `claude`; asserts that the
/// directory survived and the model was told shell-guard's reason.
fn assert_rm_rf_blocked(session: &Session, more: &[&str]) {
    let api = MockApi::start(vec![Reply::bash("rm -rf target")]).expect("mock starts");
    let output = session.run_with(&api.base_url(), "Clean the build output.", more);
    assert!(
        output.success,
        "claude failed:\n{}\n{}",
        output.stdout, output.stderr
    );
    assert!(
        session.project.join("target/keep").exists(),
        "the packaged shell-guard did not stop rm -rf target"
    );
    let told: Vec<String> = api
        .message_bodies()
        .iter()
        .flat_map(|body| body["messages"].as_array().cloned().unwrap_or_default())
        .flat_map(|message| message["content"].as_array().cloned().unwrap_or_default())
        .filter(|block| block["type"] == "tool_result")
        .map(|block| match &block["content"] {
            Value::String(text) => text.clone(),
            other => other.to_string(),
        })
        .collect();
    assert!(
        told.iter().any(|text| text.contains(SHELL_GUARD_REASON)),
        "{told:?}"
    );
}

/// `claude` with the session's HOME and no network, for the `plugin` subcommands.
fn claude_plugin(session: &Session, args: &[&str]) {
    let output = Command::new(claude_binary())
        .args(args)
        .current_dir(&session.project)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", &session.home)
        .env("DISABLE_TELEMETRY", "1")
        .env("DISABLE_AUTOUPDATER", "1")
        .env("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1")
        .stdin(Stdio::null())
        .output()
        .expect("claude starts");
    assert!(
        output.status.success(),
        "claude {args:?} failed:\n{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn the_packaged_plugin_blocks_rm_rf_with_plugin_dir() {
    if !live("the_packaged_plugin_blocks_rm_rf_with_plugin_dir") {
        return;
    }
    let (session, team) = packaged("package-plugin-dir");
    let plugin = team.join("plugins/shell-guard");
    assert_rm_rf_blocked(&session, &["--plugin-dir", plugin.to_str().expect("UTF-8")]);
}

#[test]
fn the_plugin_installed_from_the_team_marketplace_blocks_rm_rf() {
    if !live("the_plugin_installed_from_the_team_marketplace_blocks_rm_rf") {
        return;
    }
    let (session, team) = packaged("package-marketplace");
    let marketplace: Value = serde_json::from_str(
        &std::fs::read_to_string(team.join(".claude-plugin/marketplace.json"))
            .expect("the marketplace file"),
    )
    .expect("JSON");
    let name = marketplace["name"].as_str().expect("a marketplace name");
    claude_plugin(
        &session,
        &[
            "plugin",
            "marketplace",
            "add",
            team.to_str().expect("UTF-8"),
        ],
    );
    claude_plugin(
        &session,
        &["plugin", "install", &format!("shell-guard@{name}")],
    );
    assert_rm_rf_blocked(&session, &[]);
    assert_simulate_sees_the_installed_guard(&session);
}

/// `cursor-hooks simulate --host claude-code` finds the plugin as the real `claude plugin`
/// commands installed and turned it on, and blocks `rm -rf target` with shell-guard as Claude
/// Code did (before: it read no installed plugin, ran no hook and let the command through).
fn assert_simulate_sees_the_installed_guard(session: &Session) {
    let output = Command::new(cli_binary())
        .args(["simulate", "--host", "claude-code", "--json", "--project"])
        .arg(&session.project)
        .args(["--event", "PreToolUse", "--set", "tool_name=Bash"])
        .args(["--set", r#"tool_input={"command":"rm -rf target"}"#])
        .env("HOME", &session.home)
        .env(
            "CURSOR_HOOKS_CLAUDE_MANAGED_FILE",
            session.root().join("no-managed-settings.json"),
        )
        .stdin(Stdio::null())
        .output()
        .expect("cursor-hooks starts");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "simulate failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let result: Value = serde_json::from_str(&stdout).expect("simulate's JSON");
    let ran: Vec<&Value> = result["hooks"]
        .as_array()
        .expect("hooks")
        .iter()
        .filter(|h| h["status"] == "ran" && h["source"] == "plugin")
        .collect();
    assert_eq!(ran.len(), 1, "{result:#}");
    assert_eq!(result["blocked"], true, "{result:#}");
    assert!(
        result.to_string().contains(SHELL_GUARD_REASON),
        "{result:#}"
    );
}
