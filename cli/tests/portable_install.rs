//! `install --portable` writes commands that work from any clone: a project is installed,
//! moved elsewhere (its first folder gone), and Cursor's own executor (`tests/cursor-sdk`, run
//! offline) starts the moved binary from both files, and `cursor-hooks doctor` finds it and
//! reads its handler record there. The live Claude Code side is `tests/tests/portable_live.rs`.
#![cfg(unix)]

mod common;

use common::{cursor_oracle, example_binary, make_executable, with, Scratch};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Command;

/// What `shell-guard` tells the user when it denies `rm -rf`.
const SHELL_GUARD_REASON: &str = "rm -rf is blocked by the shell guard";

/// Runs `binary ARGS`; its stdout and stderr, after asserting it exited with `code`.
fn run(binary: &Path, args: &[&str], code: i32) -> String {
    let output = Command::new(binary)
        .args(args)
        .output()
        .expect("the hook binary starts");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(output.status.code(), Some(code), "{args:?}: {text}");
    text
}

/// A project at `<scratch>/origin` holding a copy of `shell-guard` in `tools/`, a
/// `.cursor/hooks.json` of the user's (a comment and an entry of their own), installed
/// `--portable` for both editors. Returns the project and the copy.
fn installed_origin(scratch: &Scratch) -> (PathBuf, PathBuf) {
    let origin = scratch.root.join("origin");
    std::fs::create_dir_all(origin.join("tools")).expect("tools dir");
    std::fs::create_dir_all(origin.join(".cursor")).expect(".cursor dir");
    let binary = origin.join("tools/shell-guard");
    std::fs::copy(example_binary("shell-guard"), &binary).expect("copy shell-guard");
    make_executable(&binary);
    std::fs::write(
        origin.join(".cursor/hooks.json"),
        "{\n  // the team's own stop hook\n  \"version\": 1,\n  \"hooks\": {\"stop\": [{\"command\": \"./scripts/stop.sh\"}]}\n}\n",
    )
    .expect("hooks.json");
    let project = origin.to_str().expect("UTF-8");
    run(&binary, &["install", "--portable", "--project", project], 0);
    run(
        &binary,
        &["install", "--portable", "--claude", "--project", project],
        0,
    );
    (origin, binary)
}

#[test]
fn portable_commands_name_the_binary_from_the_project_and_keep_the_user_s_entries() {
    let scratch = Scratch::new("portable-text");
    let (origin, binary) = installed_origin(&scratch);
    let hooks = std::fs::read_to_string(origin.join(".cursor/hooks.json")).expect("hooks.json");
    let settings =
        std::fs::read_to_string(origin.join(".claude/settings.json")).expect("settings.json");
    for text in [&hooks, &settings] {
        assert!(
            !text.contains(origin.to_str().expect("UTF-8")),
            "an absolute path was written:\n{text}"
        );
    }
    assert!(hooks.contains("// the team's own stop hook"), "{hooks}");
    assert!(hooks.contains("./scripts/stop.sh"), "{hooks}");
    assert!(
        hooks.contains("\"./tools/shell-guard --host cursor --event beforeShellExecution\""),
        "{hooks}"
    );
    assert!(
        settings.contains(
            r#""\"$CLAUDE_PROJECT_DIR\"/tools/shell-guard --host claude-code --event PreToolUse""#
        ),
        "{settings}"
    );
    // A second install finds its own entries through the relative forms: nothing is added.
    let project = origin.to_str().expect("UTF-8");
    run(&binary, &["install", "--portable", "--project", project], 0);
    run(
        &binary,
        &["install", "--portable", "--claude", "--project", project],
        0,
    );
    assert_eq!(
        std::fs::read_to_string(origin.join(".cursor/hooks.json")).expect("hooks.json"),
        hooks
    );
    assert_eq!(
        std::fs::read_to_string(origin.join(".claude/settings.json")).expect("settings.json"),
        settings
    );
}

#[test]
fn a_binary_outside_the_project_is_refused_in_one_line() {
    let scratch = Scratch::new("portable-outside");
    let project = scratch.project();
    let said = run(
        &example_binary("shell-guard"),
        &[
            "install",
            "--portable",
            "--project",
            project.to_str().expect("UTF-8"),
        ],
        1,
    );
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(said.contains("is not inside the project"), "{said}");
    assert!(said.contains("copy or build it into the project"), "{said}");
    assert!(!project.join(".cursor/hooks.json").exists());
}

/// A payload of `event` for Cursor's executor, in `project`.
fn payload(event: &str, project: &Path) -> Value {
    let mut payload = cursor_hooks::cursor::spec::fixture(event).expect("a fixture");
    payload["workspace_roots"] = json!([project]);
    match event {
        "beforeShellExecution" => {
            payload["command"] = json!("rm -rf build");
            payload["cwd"] = json!(project);
        }
        _ => {
            payload["tool_name"] = json!("Shell");
            payload["tool_input"] = json!({"command": "rm -rf build", "cwd": project});
        }
    }
    payload
}

#[test]
fn cursor_runs_the_moved_binary_and_doctor_reads_its_record() {
    common::cursor_sdk_ready();
    let scratch = Scratch::new("portable-moved");
    let (origin, _) = installed_origin(&scratch);
    let moved = scratch.root.join("elsewhere/clone");
    std::fs::create_dir_all(moved.parent().expect("a parent")).expect("elsewhere");
    std::fs::rename(&origin, &moved).expect("the project moves");
    assert!(!origin.exists());

    let case = |id: &str, event: &str| {
        json!({"id": id, "project": moved, "home": scratch.home(), "event": event,
               "payload": payload(event, &moved)})
    };
    let results = cursor_oracle(vec![
        case("shell", "beforeShellExecution"),
        case("tool", "preToolUse"),
    ]);
    // beforeShellExecution: the project file's relative command, started in the workspace.
    let shell = &results[0];
    assert_eq!(shell["errors"], json!([]), "{shell}");
    let hook = shell["hooks"]
        .as_array()
        .expect("hooks")
        .iter()
        .find(|h| h["command"] == "./tools/shell-guard --host cursor --event beforeShellExecution")
        .unwrap_or_else(|| panic!("the portable entry did not run: {shell}"));
    assert_eq!(hook["exit"], 0, "{hook}");
    assert_eq!(hook["cwd"], json!(moved), "{hook}");
    assert_eq!(shell["merged"]["permission"], "deny", "{shell}");
    assert!(
        shell["merged"]["user_message"]
            .as_str()
            .is_some_and(|m| m.contains(SHELL_GUARD_REASON)),
        "{shell}"
    );
    // preToolUse: Cursor also imports .claude/settings.json and sets CLAUDE_PROJECT_DIR for it,
    // so the Claude Code entry's `"$CLAUDE_PROJECT_DIR"/...` starts the moved binary too.
    let tool = &results[1];
    let sources: Vec<(&str, i64)> = tool["hooks"]
        .as_array()
        .expect("hooks")
        .iter()
        .map(|h| {
            (
                h["source"].as_str().unwrap_or("?"),
                h["exit"].as_i64().unwrap_or(-1),
            )
        })
        .collect();
    assert!(sources.len() >= 2, "{tool}");
    assert!(
        sources.iter().all(|(_, exit)| *exit == 0),
        "a copy did not start (127: not found): {tool}"
    );
    assert!(
        tool["hooks"]
            .as_array()
            .expect("hooks")
            .iter()
            .any(|h| h["command"]
                .as_str()
                .is_some_and(|c| c.starts_with("\"$CLAUDE_PROJECT_DIR\"/tools/shell-guard"))),
        "{tool}"
    );
    assert_eq!(tool["merged"]["permission"], "deny", "{tool}");

    // doctor finds the binary in the moved project and compares its record with the entries.
    let doctor = |project: &Path| {
        let output = scratch.cli(
            &[
                "doctor",
                "--json",
                "--project",
                project.to_str().expect("UTF-8"),
            ],
            None,
        );
        let report: Value = serde_json::from_slice(&output.stdout).expect("doctor's JSON");
        report["findings"].as_array().expect("findings").clone()
    };
    let findings = doctor(&moved);
    let binary = moved.join("tools/shell-guard").display().to_string();
    for missing in ["does not exist", "cannot be found"] {
        let about_guard: Vec<&Value> = with(&findings, missing)
            .into_iter()
            .filter(|f| f["message"].as_str().is_some_and(|m| m.contains(&binary)))
            .collect();
        assert!(about_guard.is_empty(), "{about_guard:?}");
    }
    // The record is read there: with one entry taken out, doctor names the handler left unwired.
    let hooks_json = moved.join(".cursor/hooks.json");
    let mut config: Value = serde_json::from_str(
        &std::fs::read_to_string(&hooks_json)
            .expect("hooks.json")
            .replace("// the team's own stop hook", ""),
    )
    .expect("hooks.json is JSON once the comment is gone");
    config["hooks"]
        .as_object_mut()
        .expect("hooks")
        .remove("beforeShellExecution");
    std::fs::write(&hooks_json, config.to_string()).expect("hooks.json");
    let findings = doctor(&moved);
    let unwired = with(&findings, "also handles `beforeShellExecution`");
    assert!(
        unwired
            .iter()
            .any(|f| f["message"].as_str().is_some_and(|m| m.contains(&binary))),
        "{findings:?}"
    );
}
