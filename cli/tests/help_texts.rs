//! What `cursor-hooks --help` and each subcommand's `--help` claim, checked against what the
//! subcommand does.

mod common;

use common::Scratch;
use serde_json::Value;

/// The `--help` text of `cursor-hooks ARGS`.
fn help(s: &Scratch, args: &[&str]) -> String {
    let mut args = args.to_vec();
    args.push("--help");
    let out = s.cli(&args, None);
    assert_eq!(out.status.code(), Some(0), "{args:?}");
    String::from_utf8(out.stdout).expect("UTF-8 help")
}

/// The tool is for both editors, and says so.
#[test]
fn the_tool_names_both_editors() {
    let s = Scratch::new("help-about");
    let text = help(&s, &[]);
    assert!(
        text.contains("Cursor and Claude Code"),
        "the tool's description names both editors:\n{text}"
    );
}

/// `doctor --json` prints one object (counts, files, findings), and its help says so.
#[test]
fn doctor_json_is_an_object_as_its_help_says() {
    let s = Scratch::new("help-doctor");
    let text = help(&s, &["doctor"]);
    assert!(
        text.contains("Print the report as one JSON object") && !text.contains("JSON array"),
        "{text}"
    );
    // `--plugin-dir` is read for Claude Code too (cli/tests/doctor_claude.rs).
    assert!(text.contains("or `claude --plugin-dir`"), "{text}");
    let out = s.cli(&["doctor", "--json"], None);
    let report: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let report = report.as_object().expect("one JSON object");
    for key in ["findings", "files", "errors", "warnings", "notes"] {
        assert!(report.contains_key(key), "no `{key}` in {report:?}");
    }
}

/// `simulate` runs one editor's hooks: its help offers `cursor`, `claude-code`, `codex` and
/// `copilot`, not `all` (for `--host`, and again for `--concept`'s `--hosts`), and `--host all`
/// is refused as a value it does not have.
#[test]
fn simulate_offers_only_the_hosts_it_runs() {
    let s = Scratch::new("help-simulate");
    let text = help(&s, &["simulate"]);
    let values: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter_map(|line| line.strip_prefix("- "))
        .filter_map(|line| line.split(':').next())
        .collect();
    let hosts = ["cursor", "claude-code", "codex", "copilot"];
    assert_eq!(values, [hosts, hosts].concat(), "{text}");
    let out = s.cli(&["simulate", "--host", "all", "--event", "stop"], None);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("invalid value 'all' for '--host <HOST>'")
            && stderr.contains("[possible values: cursor, claude-code, codex, copilot]"),
        "{stderr}"
    );
}

/// `new` writes a crate for both editors and takes the repository or its runtime folder; its
/// help says both (cli/tests/new_and_events.rs checks what it writes).
#[test]
fn new_says_what_it_writes_and_what_path_takes() {
    let s = Scratch::new("help-new");
    let text = help(&s, &["new"]);
    assert!(
        text.contains("a Cursor and a Claude Code handler")
            && text.contains("the repository or its `runtime/` folder"),
        "{text}"
    );
}
