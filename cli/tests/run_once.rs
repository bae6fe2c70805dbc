//! A binary installed for both editors (`install` and `install --claude`) answers once per
//! event in Cursor, which runs `.cursor/hooks.json` and imports `.claude/settings.json` beside
//! it: both files hold one command for a Cursor handler and the Claude Code handler Cursor
//! runs as the same event, and Cursor's own executor (`tests/cursor-sdk`, run offline) drops
//! the imported copy. The Claude Code side is `tests/tests/claude_live.rs`,
//! `a_binary_installed_for_both_editors_answers_once_per_event`.
#![cfg(target_os = "linux")]

mod common;

use common::{cursor_oracle, example_binary, make_executable, Scratch};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A copy of the example `name` in the project's `tools/`, installed for both editors.
fn installed(scratch: &Scratch, name: &str) -> PathBuf {
    let project = scratch.project();
    std::fs::create_dir_all(project.join("tools")).expect("tools dir");
    let binary = project.join("tools").join(name);
    std::fs::copy(example_binary(name), &binary).expect("copy the example");
    make_executable(&binary);
    for extra in [&[][..], &["--claude"][..]] {
        let start = || {
            Command::new(&binary)
                .arg("install")
                .args(extra)
                .arg("--project")
                .arg(&project)
                .output()
        };
        // A copy just written may be held open a moment by another test thread's fork
        // (ETXTBSY): try again, briefly.
        let mut output = start();
        for _ in 0..50 {
            match &output {
                Err(error) if error.kind() == std::io::ErrorKind::ExecutableFileBusy => {
                    std::thread::sleep(std::time::Duration::from_millis(20));
                    output = start();
                }
                _ => break,
            }
        }
        let output = output.expect("the example starts");
        assert!(
            output.status.success(),
            "install {extra:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    binary
}

/// Cursor's payload of `event` in `project`, with `tool_input` for a tool event (its
/// `command` for a shell one).
fn payload(event: &str, project: &Path, tool_input: Value) -> Value {
    let mut payload = cursor_hooks::cursor::spec::fixture(event).expect("a fixture");
    payload["workspace_roots"] = json!([project]);
    if event == "beforeShellExecution" {
        payload["command"] = tool_input["command"].clone();
        payload["cwd"] = json!(project);
    }
    if payload.get("tool_name").is_some() {
        payload["tool_name"] = json!("Shell");
        payload["tool_input"] = tool_input;
    }
    payload
}

/// The hooks Cursor's executor ran for one payload whose command starts `binary`.
fn runs_of<'a>(result: &'a Value, binary: &Path) -> Vec<&'a Value> {
    let binary = binary.to_str().expect("UTF-8");
    result["hooks"]
        .as_array()
        .expect("hooks")
        .iter()
        .filter(|hook| hook["command"].as_str().is_some_and(|c| c.contains(binary)))
        .collect()
}

#[test]
fn shell_guard_installed_for_both_editors_runs_once_per_event_in_cursor() {
    let scratch = Scratch::new("run-once-guard");
    let binary = installed(&scratch, "shell-guard");
    let project = scratch.project();
    let settings = std::fs::read_to_string(project.join(".claude/settings.json")).unwrap();
    let hooks = std::fs::read_to_string(project.join(".cursor/hooks.json")).unwrap();
    // The one command both files hold for the pair that Cursor runs as `preToolUse`.
    let shared = "--host cursor --event preToolUse --host claude-code --event PreToolUse";
    assert!(
        hooks.contains(shared) && settings.contains(shared),
        "{hooks}\n{settings}"
    );
    let rm = json!({"command": "rm -rf build", "cwd": project});
    let case = |id: &str, event: &str| {
        json!({"id": id, "project": project, "home": scratch.home(), "event": event,
               "payload": payload(event, &project, rm.clone())})
    };
    let results = cursor_oracle(vec![
        case("tool", "preToolUse"),
        case("shell", "beforeShellExecution"),
    ]);
    for result in &results {
        assert_eq!(result["errors"], json!([]), "{result}");
        let runs = runs_of(result, &binary);
        assert_eq!(
            runs.len(),
            1,
            "the binary ran {} times: {result}",
            runs.len()
        );
        assert_eq!(runs[0]["exit"], 0, "{result}");
        assert_eq!(result["merged"]["permission"], "deny", "{result}");
    }
}

#[test]
fn audit_log_installed_for_both_editors_writes_one_line_per_event_in_cursor() {
    let scratch = Scratch::new("run-once-audit");
    let binary = installed(&scratch, "audit-log");
    // Its Claude Code groups have no `matcher`, and Cursor imports a settings file only when
    // some group has one: shell-guard's `Bash` group beside them makes Cursor import them all.
    installed(&scratch, "shell-guard");
    let project = scratch.project();
    let output = json!({"command": "ls", "cwd": project});
    let mut post = payload("postToolUse", &project, output);
    post["tool_output"] = json!("{\"output\":\"\",\"exitCode\":0}");
    let case = |id: &str, event: &str, payload: Value| {
        json!({"id": id, "project": project, "home": scratch.home(), "event": event,
               "payload": payload})
    };
    let results = cursor_oracle(vec![
        case("post", "postToolUse", post),
        case(
            "start",
            "sessionStart",
            payload("sessionStart", &project, Value::Null),
        ),
    ]);
    for result in &results {
        assert_eq!(runs_of(result, &binary).len(), 1, "{result}");
    }
    // Each event's side effect once: the Claude Code handler's copy would write to
    // `.claude/hooks-audit.jsonl`.
    let lines = |file: &str| {
        std::fs::read_to_string(project.join(file))
            .map(|text| text.lines().count())
            .unwrap_or(0)
    };
    assert_eq!(lines(".cursor/hooks-audit.jsonl"), 2, "one line per event");
    assert_eq!(lines(".claude/hooks-audit.jsonl"), 0, "no second copy");
}
