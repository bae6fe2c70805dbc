//! `doctor` agrees with what hook binaries write: every example installed for both editors into
//! one project (and each one's `print-config` output) raises nothing above a note, whatever
//! `--host`; what Cursor's import really drops of a Claude Code hook is said once, as a note with
//! its source. And the `//` rule: `install` never writes a `hooks.json` Cursor would void.

mod common;

use common::{example_binary, workspace_root, Scratch};
use serde_json::{json, Value};
use std::path::Path;
use std::process::{Command, Output};

const HOSTS: [&str; 3] = ["cursor", "claude-code", "all"];

/// Every binary of `examples/src/bin`, by name.
fn example_names() -> Vec<String> {
    let dir = workspace_root().join("examples/src/bin");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("examples/src/bin")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "rs"))
        .map(|path| path.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert!(names.len() >= 7, "examples: {names:?}");
    names
}

/// Runs a hook binary's subcommand with the scratch's home, nothing on stdin.
fn run(s: &Scratch, binary: &Path, args: &[&str]) -> Output {
    Command::new(binary)
        .args(args)
        .current_dir(s.project())
        .env("HOME", s.home())
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the hook binary starts")
}

/// The findings above a note, one per line, for a failure message.
fn above_a_note(findings: &[Value]) -> Vec<String> {
    findings
        .iter()
        .filter(|f| f["severity"] != "note")
        .map(|f| {
            format!(
                "{} {}#{}: {}",
                f["severity"], f["file"], f["path"], f["message"]
            )
        })
        .collect()
}

#[test]
fn every_example_installed_for_both_editors_raises_nothing_above_a_note() {
    let s = Scratch::new("install-all");
    let project = s.project();
    let project = project.to_str().unwrap();
    let (mut not_self_installing, mut cursor_only) = (Vec::new(), Vec::new());
    for name in example_names() {
        let binary = example_binary(&name);
        let installed = run(&s, &binary, &["install", "--project", project]);
        if !String::from_utf8_lossy(&installed.stdout).starts_with("installed ") {
            not_self_installing.push(name);
            continue;
        }
        assert!(installed.status.success(), "{name} install: {installed:?}");
        let claude = run(&s, &binary, &["install", "--claude", "--project", project]);
        if !claude.status.success() {
            assert!(
                String::from_utf8_lossy(&claude.stderr).contains("no Claude Code handler"),
                "{name} install --claude: {claude:?}"
            );
            cursor_only.push(name);
        }
    }
    // The benchmark floor is hand-written (no `main!`, so no subcommands); session-context is
    // Cursor's only (README, "The examples").
    assert_eq!(not_self_installing, ["handwritten-shell-guard"]);
    assert_eq!(cursor_only, ["session-context"]);
    assert!(s.project().join(".cursor/hooks.json").is_file());
    assert!(s.project().join(".claude/settings.json").is_file());
    for host in HOSTS {
        let (code, findings) = s.doctor(&["--host", host]);
        let loud = above_a_note(&findings);
        assert!(
            loud.is_empty(),
            "doctor --host {host}:\n{}",
            loud.join("\n")
        );
        assert_eq!(code, 0, "doctor --host {host}");
    }
}

#[test]
fn each_examples_print_config_raises_nothing_above_a_note() {
    for name in example_names() {
        if name == "handwritten-shell-guard" {
            continue; // no subcommands (see the test above)
        }
        let s = Scratch::new("print-config");
        let binary = example_binary(&name);
        let cursor = run(&s, &binary, &["print-config"]);
        assert!(cursor.status.success(), "{name} print-config: {cursor:?}");
        s.write(
            "project/.cursor/hooks.json",
            &String::from_utf8(cursor.stdout).unwrap(),
        );
        let claude = run(&s, &binary, &["print-config", "--claude"]);
        if claude.status.success() {
            s.write(
                "project/.claude/settings.json",
                &String::from_utf8(claude.stdout).unwrap(),
            );
        }
        for host in HOSTS {
            let (_, findings) = s.doctor(&["--host", host]);
            let loud = above_a_note(&findings);
            assert!(
                loud.is_empty(),
                "{name}, doctor --host {host}:\n{}",
                loud.join("\n")
            );
        }
    }
}

/// What `install --claude` writes for a fail-closed handler, and other keys of Claude Code's own:
/// Cursor's import drops them, which is one note for the file, with its source.
#[test]
fn claude_code_keys_cursor_drops_are_one_note_naming_its_spec_rule() {
    let s = Scratch::new("claude-keys");
    let hook = s.script("project/guard.sh", "echo '{}'");
    let command = hook.to_str().unwrap();
    s.write(
        "project/.claude/settings.json",
        &serde_json::to_string_pretty(&json!({ "hooks": {
            "PreToolUse": [{ "matcher": "Bash", "hooks": [
                { "type": "command", "command": command, "timeout": 5, "onFailure": "block" },
            ] }],
            "Stop": [{ "hooks": [
                { "type": "command", "command": command, "onFailure": "block", "async": true },
            ] }],
        } }))
        .unwrap(),
    );
    for host in ["cursor", "all"] {
        let (_, findings) = s.doctor(&["--host", host]);
        let loud = above_a_note(&findings);
        assert!(
            loud.is_empty(),
            "doctor --host {host}:\n{}",
            loud.join("\n")
        );
        let notes = common::with(
            &findings,
            "Cursor's import of Claude Code's settings keeps only",
        );
        assert_eq!(notes.len(), 1, "{findings:#?}");
        let note = notes[0]["message"].as_str().unwrap();
        for expected in [
            "`onFailure` (2 hooks, the first at /hooks/PreToolUse/0/hooks/0)",
            "`async` (at /hooks/Stop/0/hooks/0)",
            "Cursor lets the action through",
            "`cursor.supported`",
        ] {
            assert!(note.contains(expected), "`{expected}` in {note}");
        }
        assert_eq!(notes[0]["path"], "/hooks");
        // `Bash` is Cursor's `Shell` once imported: the hook runs.
        assert!(
            common::with(&findings, "never runs").is_empty(),
            "{findings:#?}"
        );
    }
}

/// The `//` rule, on `install`'s side: a `hooks.json` with `//` inside a string is void in
/// Cursor, so `install` refuses to write one and says why in one line.
#[test]
fn install_never_writes_slashes_inside_a_string() {
    let s = Scratch::new("install-slashes");
    let project = s.project();
    let before = "{\n  \"version\": 1,\n  \"hooks\": {\n    \"stop\": [{ \"command\": \"curl -s http://127.0.0.1:9/done\" }]\n  }\n}\n";
    let file = s.write("project/.cursor/hooks.json", before);
    let binary = example_binary("shell-guard");
    let output = run(
        &s,
        &binary,
        &["install", "--project", project.to_str().unwrap()],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "install wrote it: {output:?}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    for expected in ["`//` inside a string on line(s) 4", "left as it is"] {
        assert!(stderr.contains(expected), "`{expected}` in {stderr}");
    }
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    // A `//` comment outside strings is Cursor's own syntax: install keeps it and writes.
    let commented = "// wired by hand\n{\n  \"version\": 1,\n  \"hooks\": {}\n}\n";
    s.write("project/.cursor/hooks.json", commented);
    let output = run(
        &s,
        &binary,
        &["install", "--project", project.to_str().unwrap()],
    );
    assert!(output.status.success(), "{output:?}");
    let after = std::fs::read_to_string(&file).unwrap();
    assert!(after.starts_with("// wired by hand\n"), "{after}");
}

/// The findings whose message contains `text`, exactly one of them, with this severity.
fn the_one<'a>(findings: &'a [Value], text: &str, severity: &str) -> &'a str {
    let found = common::with(findings, text);
    assert_eq!(found.len(), 1, "`{text}` in {findings:#?}");
    assert_eq!(found[0]["severity"], severity, "{:#?}", found[0]);
    found[0]["message"].as_str().unwrap()
}

/// The `//` rule, on `doctor`'s side: any `//` inside a string of a native `hooks.json` voids
/// it (the `$schema` URL too), quoting the rule's source; `/* */` comments load; a plugin's hook
/// file is plain JSON (a comment voids it, a URL does not).
#[test]
fn slashes_in_a_native_hooks_json_void_it_quoting_the_rule() {
    let s = Scratch::new("slashes-rule");
    s.script("project/a.sh", "echo '{}'");
    s.write(
        "project/.cursor/hooks.json",
        "{\n  \"$schema\": \"https://example.com/hooks.schema.json\",\n  \"version\": 1,\n  \"hooks\": { \"stop\": [{ \"command\": \"./a.sh\" }] }\n}\n",
    );
    let (code, findings) = s.doctor(&[]);
    assert_eq!(code, 1);
    let message = the_one(&findings, "`//` inside a string on line(s) 2", "error");
    for expected in [
        "even inside strings",
        "Cursor loads none of its hooks",
        "spec/cursor/host.json `file_rules`",
    ] {
        assert!(message.contains(expected), "`{expected}` in {message}");
    }
    let (_, report) = s.doctor_report(&[]);
    assert_eq!(report["files"][0]["loaded"], false, "{report:#}");

    // `/* */` comments load in Cursor: a note, the file loaded, its hook checked.
    s.write(
        "project/.cursor/hooks.json",
        "{\n  /* the project's hooks */\n  \"version\": 1,\n  \"hooks\": { \"stop\": [{ \"command\": \"./a.sh\" }] } // end\n}\n",
    );
    let (code, report) = s.doctor_report(&[]);
    assert_eq!(code, 0, "{report:#}");
    assert_eq!(report["files"][0]["loaded"], true, "{report:#}");
    let findings = report["findings"].as_array().unwrap();
    the_one(
        findings,
        "comments on line(s) 2, 4: Cursor strips them",
        "note",
    );

    // A plugin's hook file is read with plain JSON.parse.
    let plugin = s.root.join("plugin");
    s.write(
        "plugin/hooks/hooks.json",
        "{ \"version\": 1, // a comment\n  \"hooks\": { \"stop\": [{ \"command\": \"curl -s http://127.0.0.1:9/x\" }] } }\n",
    );
    s.write(
        "project/.cursor/hooks.json",
        "{ \"version\": 1, \"hooks\": {} }",
    );
    let plugin_dir = plugin.to_str().unwrap();
    let (_, findings) = s.doctor(&["--plugin-dir", plugin_dir]);
    the_one(
        &findings,
        "a plugin's hook file is read as plain JSON",
        "error",
    );
    s.write(
        "plugin/hooks/hooks.json",
        "{ \"version\": 1,\n  \"hooks\": { \"stop\": [{ \"command\": \"true http://127.0.0.1:9/x\" }] } }\n",
    );
    let (code, findings) = s.doctor(&["--plugin-dir", plugin_dir]);
    assert!(common::with(&findings, "`//`").is_empty(), "{findings:#?}");
    assert_eq!(code, 0, "{findings:#?}");
}

/// Cursor's CLI is `agent` now, `cursor-agent` its older name: doctor names both.
#[test]
fn doctor_names_both_cli_commands() {
    let s = Scratch::new("cli-names");
    s.script("project/a.sh", "echo '{}'");
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "stop": [{ "command": "./a.sh" }], "beforeTabFileRead": [{ "command": "./a.sh" }] }),
    );
    let (_, findings) = s.doctor(&[]);
    let stop = the_one(&findings, "`stop` does not fire", "note");
    assert!(stop.contains("`agent -p` (or `cursor-agent -p`)"), "{stop}");
    let tab = the_one(&findings, "`beforeTabFileRead` does not fire", "note");
    assert!(tab.contains("`agent` (or `cursor-agent`)"), "{tab}");
    let help = s.cli(&["doctor", "--help"], None);
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(
        help.contains("agent --plugin-dir") && help.contains("cursor-agent --plugin-dir"),
        "{help}"
    );
}
