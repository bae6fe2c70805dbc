//! `print-config`, `install`, `uninstall` and `doctor`, run on real hook binaries in
//! temporary project directories.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

const EVERY: &str = env!("CARGO_BIN_EXE_every-category");
const CLOSED: &str = env!("CARGO_BIN_EXE_hardened-closed");

/// The command `install` writes for `binary`: its absolute path as the hook itself sees it
/// (under Wine, `Z:\...` for the `/...` path cargo gives the test). The test paths hold nothing
/// a shell would read, so on every platform the command is the bare path.
fn command_of(binary: &str) -> String {
    let path = std::path::absolute(binary).expect("an absolute path");
    path.to_str().expect("a UTF-8 path").to_owned()
}

/// A temporary project directory, removed when dropped.
struct Project(PathBuf);

impl Project {
    fn new(name: &str) -> Project {
        let dir =
            std::env::temp_dir().join(format!("cursor-hooks-config-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join(".cursor")).unwrap();
        Project(dir)
    }
    fn hooks_json(&self) -> PathBuf {
        self.0.join(".cursor").join("hooks.json")
    }
    fn write(&self, text: &str) {
        std::fs::write(self.hooks_json(), text).unwrap();
    }
    fn read(&self) -> Value {
        serde_json::from_str(&std::fs::read_to_string(self.hooks_json()).unwrap()).unwrap()
    }
}

impl Drop for Project {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

struct Out {
    code: i32,
    stdout: String,
    stderr: String,
}

fn hook(binary: &str, args: &[&str], project: &Path) -> Out {
    let output = Command::new(binary)
        .args(args)
        .current_dir(project)
        // The home directory as Cursor finds it: `HOME` on Unix, `USERPROFILE` on Windows.
        .env("HOME", project.join("home"))
        .env("USERPROFILE", project.join("home"))
        .output()
        .expect("the hook binary runs");
    Out {
        code: output.status.code().unwrap(),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

fn install(binary: &str, project: &Project, extra: &[&str]) -> Out {
    let dir = project.0.to_str().unwrap();
    let mut args = vec!["install", "--project", dir];
    args.extend(extra);
    hook(binary, &args, &project.0)
}

const FOREIGN: &str = r#"{
  "version": 1,
  "hooks": {
    "beforeShellExecution": [{ "command": ".cursor/hooks/audit.sh", "timeout": 3 }],
    "afterFileEdit": [{ "command": "/usr/local/bin/formatter", "matcher": "Write" }]
  }
}"#;

#[test]
fn print_config_lists_every_handler_with_its_options() {
    let project = Project::new("print");
    let out = hook(EVERY, &["print-config"], &project.0);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let config: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(config["version"], 1);
    let hooks = config["hooks"].as_object().unwrap();
    let expected = [
        "preToolUse",
        "beforeReadFile",
        "beforeSubmitPrompt",
        "sessionStart",
        "stop",
        "preCompact",
        "workspaceOpen",
        "afterFileEdit",
    ];
    assert_eq!(hooks.len(), expected.len());
    for event in expected {
        assert!(
            cursor_hooks::spec::info(event).is_some(),
            "{event} is a spec event"
        );
        let entry = &hooks[event][0];
        assert_eq!(
            entry["command"],
            command_of(EVERY),
            "an absolute path to this binary"
        );
    }
    assert_eq!(hooks["preToolUse"][0]["matcher"], "Shell");
    assert_eq!(hooks["stop"][0]["loop_limit"], 3);

    let closed: Value =
        serde_json::from_str(&hook(CLOSED, &["print-config"], &project.0).stdout).unwrap();
    for (event, entries) in closed["hooks"].as_object().unwrap() {
        assert_eq!(entries[0]["failClosed"], true, "{event}");
        assert_eq!(entries[0]["timeout"], 1, "{event}");
    }
}

#[test]
fn install_into_an_empty_project_writes_version_and_entries() {
    let project = Project::new("empty");
    std::fs::remove_dir_all(project.0.join(".cursor")).unwrap();
    let out = install(EVERY, &project, &[]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let config = project.read();
    assert_eq!(config["version"], 1);
    assert_eq!(config["hooks"].as_object().unwrap().len(), 8);
    let leftovers: Vec<_> = std::fs::read_dir(project.0.join(".cursor"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(leftovers, ["hooks.json"], "no temporary file left behind");
}

#[test]
fn install_keeps_foreign_entries_and_never_duplicates_its_own() {
    let project = Project::new("foreign");
    project.write(FOREIGN);
    let foreign: Value = serde_json::from_str(FOREIGN).unwrap();
    for _ in 0..2 {
        assert_eq!(install(EVERY, &project, &[]).code, 0);
    }
    assert_eq!(install(CLOSED, &project, &[]).code, 0);
    let config = project.read();
    let hooks = config["hooks"].as_object().unwrap();
    assert_eq!(
        hooks["beforeShellExecution"][0],
        foreign["hooks"]["beforeShellExecution"][0]
    );
    assert_eq!(
        hooks["afterFileEdit"][0],
        foreign["hooks"]["afterFileEdit"][0]
    );
    let count = |command: &str| {
        hooks
            .values()
            .flat_map(|l| l.as_array().unwrap())
            .filter(|e| e["command"] == command)
            .count()
    };
    assert_eq!(
        count(&command_of(EVERY)),
        8,
        "installed twice, present once per event"
    );
    assert_eq!(count(&command_of(CLOSED)), 3);
    assert_eq!(
        hooks["afterFileEdit"].as_array().unwrap().len(),
        2,
        "foreign and ours side by side"
    );

    // Uninstalling both brings back exactly the foreign configuration.
    assert_eq!(
        hook(
            EVERY,
            &["uninstall", "--project", project.0.to_str().unwrap()],
            &project.0
        )
        .code,
        0
    );
    assert_eq!(
        hook(
            CLOSED,
            &["uninstall", "--project", project.0.to_str().unwrap()],
            &project.0
        )
        .code,
        0
    );
    assert_eq!(project.read(), foreign);
}

#[test]
fn dry_run_prints_and_writes_nothing() {
    let project = Project::new("dry");
    project.write(FOREIGN);
    let out = install(EVERY, &project, &["--dry-run"]);
    assert_eq!(out.code, 0);
    let printed: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(printed["hooks"]["stop"][0]["command"], command_of(EVERY));
    assert_eq!(
        std::fs::read_to_string(project.hooks_json()).unwrap(),
        FOREIGN
    );
}

#[test]
fn install_refuses_a_file_it_cannot_parse_and_leaves_it_alone() {
    let project = Project::new("broken");
    let broken = "{ \"version\": 1, \"hooks\": { ";
    project.write(broken);
    let out = install(EVERY, &project, &[]);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.contains("not valid JSON") && out.stderr.contains("left as it is"),
        "{}",
        out.stderr
    );
    assert_eq!(
        std::fs::read_to_string(project.hooks_json()).unwrap(),
        broken
    );
}

#[test]
fn install_user_writes_under_home() {
    let project = Project::new("user");
    let out = hook(EVERY, &["install", "--user"], &project.0);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let file = project.0.join("home").join(".cursor").join("hooks.json");
    let user: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    assert_eq!(user["hooks"]["stop"][0]["command"], command_of(EVERY));
}

// `NAME=value` before a command is POSIX shell syntax; PowerShell, which runs hooks on Windows,
// has none.
#[cfg(unix)]
#[test]
fn an_entry_that_runs_this_binary_through_a_wrapper_is_its_own() {
    let project = Project::new("wrapper");
    // The capture wiring the README recommends: an assignment before the quoted binary.
    let wrapped = format!("CURSOR_HOOKS_CAPTURE=$HOME/captures.jsonl '{CLOSED}'");
    project.write(
        &serde_json::json!({
            "version": 1,
            "hooks": {
                "beforeShellExecution": [
                    { "command": ".cursor/hooks/audit.sh" },
                    { "command": wrapped, "timeout": 30 }
                ],
                // A second copy of the binary's entry: it would run the hook twice.
                "beforeSubmitPrompt": [{ "command": CLOSED }, { "command": wrapped }]
            }
        })
        .to_string(),
    );
    let out = install(CLOSED, &project, &[]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let config = project.read();
    let shell = config["hooks"]["beforeShellExecution"].as_array().unwrap();
    assert_eq!(
        shell.len(),
        2,
        "no second, plain entry beside the wrapped one: {shell:?}"
    );
    assert_eq!(shell[0]["command"], ".cursor/hooks/audit.sh");
    assert_eq!(shell[1]["command"], wrapped.as_str(), "the wrapper is kept");
    assert_eq!(
        shell[1]["timeout"], 1,
        "the binary's own options are applied"
    );
    assert_eq!(shell[1]["failClosed"], true);
    let prompt = config["hooks"]["beforeSubmitPrompt"].as_array().unwrap();
    assert_eq!(prompt.len(), 1, "one copy left: {prompt:?}");

    let out = hook(
        CLOSED,
        &["uninstall", "--project", project.0.to_str().unwrap()],
        &project.0,
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let config = project.read();
    let shell = config["hooks"]["beforeShellExecution"].as_array().unwrap();
    assert_eq!(
        shell.len(),
        1,
        "the wrapped entry is removed too: {shell:?}"
    );
    assert_eq!(shell[0]["command"], ".cursor/hooks/audit.sh");
    assert!(config["hooks"].get("beforeSubmitPrompt").is_none());
}

#[cfg(unix)] // a symbolic link, rather than a copy that another test's fork could hold open
#[test]
fn a_relative_or_home_relative_command_to_this_binary_is_its_own() {
    let project = Project::new("relative");
    let home = project.0.join("home");
    std::fs::create_dir_all(home.join("bin")).unwrap();
    std::os::unix::fs::symlink(CLOSED, home.join("bin").join("hook")).unwrap();
    project.write(
        r#"{"version":1,"hooks":{"beforeShellExecution":[{"command":"~/bin/hook"},{"command":"$HOME/bin/hook --flag"},{"command":"./hook-elsewhere"}]}}"#,
    );
    let out = hook(
        CLOSED,
        &["uninstall", "--project", project.0.to_str().unwrap()],
        &project.0,
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("removed 2 hook(s)"), "{}", out.stdout);
    let config = project.read();
    assert_eq!(
        config["hooks"]["beforeShellExecution"],
        serde_json::json!([{ "command": "./hook-elsewhere" }])
    );
}

/// The form `install` writes on Windows for a path with spaces (PowerShell's call operator on a
/// quoted path) is recognised on every platform, so a `hooks.json` shared between machines
/// keeps one entry per hook.
#[test]
fn an_entry_in_powershell_call_form_is_its_own() {
    let project = Project::new("call");
    let call = format!("& '{}'", command_of(CLOSED).replace('\'', "''"));
    project.write(
        &serde_json::json!({
            "version": 1,
            "hooks": { "beforeShellExecution": [{ "command": ".cursor/hooks/audit.sh" }, { "command": call }] }
        })
        .to_string(),
    );
    let out = install(CLOSED, &project, &[]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let shell = project.read()["hooks"]["beforeShellExecution"].clone();
    assert_eq!(
        shell.as_array().unwrap().len(),
        2,
        "updated in place, not added beside it: {shell}"
    );
    assert_eq!(
        shell[1]["command"],
        call.as_str(),
        "the entry keeps its form"
    );
    assert_eq!(
        shell[1]["failClosed"], true,
        "the binary's options are applied"
    );

    let out = hook(
        CLOSED,
        &["uninstall", "--project", project.0.to_str().unwrap()],
        &project.0,
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(
        project.read()["hooks"]["beforeShellExecution"],
        serde_json::json!([{ "command": ".cursor/hooks/audit.sh" }])
    );
}
