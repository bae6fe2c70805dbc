//! `cursor-hooks doctor --host copilot` on configurations in temporary directories: the project
//! hook files the GitHub Copilot CLI skips because the folder is not one it trusts
//! (`spec/copilot/host.json`, `trust`), and where trusting it is written. The fix (a
//! `trusted_folders` entry in `~/.copilot/config.json`, the folder or one above it) was checked
//! against the pinned Copilot CLI 1.0.102, which then ran the project's hooks.

mod common;

use common::{with, Scratch, CLI};
use serde_json::{json, Value};
use std::process::{Command, Stdio};

fn doctor(s: &Scratch) -> (i32, Value) {
    let project = s.project();
    let mut command = Command::new(CLI);
    command
        .args(["doctor", "--host", "copilot", "--json", "--project"])
        .arg(&project)
        .current_dir(&project)
        .env("HOME", s.home())
        .env_remove("COPILOT_HOME")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let output = common::wait_bounded(command.spawn().expect("cursor-hooks starts"));
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    let report =
        serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("no JSON ({e}): {stdout}"));
    (output.status.code().expect("an exit code"), report)
}

fn findings(report: &Value) -> Vec<Value> {
    report["findings"].as_array().cloned().unwrap_or_default()
}

fn guard() -> String {
    json!({"version": 1, "hooks": {"preToolUse": [
        {"type": "command", "bash": "/usr/local/bin/guard --host copilot --event preToolUse", "matcher": "bash"}
    ]}})
    .to_string()
}

const SKIPS: &str = "Copilot skips this project hook file without a word";

#[test]
fn project_hooks_in_an_untrusted_folder_are_named_with_the_fix() {
    let s = Scratch::new("copilot-untrusted");
    s.write("project/.github/hooks/guard.json", &guard());
    let (code, report) = doctor(&s);
    assert_eq!(code, 0, "{report}");
    let all = findings(&report);
    let skipped = with(&all, SKIPS);
    assert_eq!(skipped.len(), 1, "{report}");
    assert_eq!(skipped[0]["severity"], "warning", "{report}");
    assert!(
        skipped[0]["message"]
            .as_str()
            .unwrap()
            .contains("trusted_folders"),
        "{report}"
    );
    assert_eq!(report["copilot_trust"]["trusted"], false, "{report}");
}

#[test]
fn claude_codes_project_settings_are_behind_the_same_gate() {
    let s = Scratch::new("copilot-claude-file");
    s.write(
        "project/.claude/settings.json",
        &json!({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [
            {"type": "command", "command": "/usr/local/bin/guard"}]}]}})
        .to_string(),
    );
    let (_, report) = doctor(&s);
    let all = findings(&report);
    let skipped = with(&all, SKIPS);
    assert_eq!(skipped.len(), 1, "{report}");
    assert!(
        skipped[0]["file"]
            .as_str()
            .unwrap()
            .ends_with("settings.json"),
        "{report}"
    );
    // The file may be Claude Code's alone: that Copilot skips it is a note, not a warning.
    assert_eq!(skipped[0]["severity"], "note", "{report}");
}

#[test]
fn a_trusted_folder_or_one_above_it_lets_the_hooks_run() {
    for trusted in ["project", ""] {
        let s = Scratch::new("copilot-trusted");
        s.write("project/.github/hooks/guard.json", &guard());
        let folder = s.project().parent().unwrap().join(trusted);
        s.write(
            "home/.copilot/config.json",
            &json!({"trusted_folders": [folder]}).to_string(),
        );
        let (_, report) = doctor(&s);
        assert!(with(&findings(&report), SKIPS).is_empty(), "{report}");
        assert_eq!(report["copilot_trust"]["trusted"], true, "{report}");
    }
}

#[test]
fn settings_json_trusts_nothing() {
    // The pinned Copilot ran no project hook with `trustedFolders` in ~/.copilot/settings.json.
    let s = Scratch::new("copilot-settings");
    s.write("project/.github/hooks/guard.json", &guard());
    s.write(
        "home/.copilot/settings.json",
        &json!({"trustedFolders": [s.project()]}).to_string(),
    );
    let (_, report) = doctor(&s);
    assert_eq!(with(&findings(&report), SKIPS).len(), 1, "{report}");
}

#[test]
fn an_event_copilot_does_not_have_is_a_warning_naming_its_events() {
    let s = Scratch::new("copilot-unknown-event");
    s.write(
        "project/.github/hooks/guard.json",
        &json!({"version": 1, "hooks": {"beforeShellExecution": [
            {"type": "command", "bash": "/usr/local/bin/guard"}]}})
        .to_string(),
    );
    let (_, report) = doctor(&s);
    let all = findings(&report);
    let unknown = with(&all, "Copilot has no event `beforeShellExecution`");
    assert_eq!(unknown.len(), 1, "{report}");
    assert!(
        unknown[0]["message"]
            .as_str()
            .unwrap()
            .contains("preToolUse"),
        "{report}"
    );
}

/// An event Copilot runs that the spec does not type (the bundle's `HookType`, checked by
/// `scripts/copilot-release-report`) is a note, not "Copilot has no event": its hooks run.
#[test]
fn an_event_copilot_runs_but_the_spec_does_not_type_is_a_note() {
    let s = Scratch::new("copilot-untyped-event");
    s.write(
        "project/.github/hooks/guard.json",
        &json!({"version": 1, "hooks": {"userPromptTransformed": [
            {"type": "command", "bash": "/usr/local/bin/guard"}]}})
        .to_string(),
    );
    let (_, report) = doctor(&s);
    let all = findings(&report);
    assert!(with(&all, "Copilot has no event").is_empty(), "{report}");
    let noted = with(&all, "Copilot runs `userPromptTransformed`");
    assert_eq!(noted.len(), 1, "{report}");
    assert_eq!(noted[0]["severity"], "note", "{report}");
}

/// In a folder Copilot trusts, Claude Code's project settings run under Copilot by Copilot's
/// rules: doctor says, per event, what differs (exit 1 denies, exit 2's stderr never reaches the
/// model, UserPromptSubmit's additionalContext is ignored), from spec/claude-code/host.json.
#[test]
fn claude_codes_settings_in_a_trusted_folder_get_copilots_rules_per_event() {
    let s = Scratch::new("copilot-claude-rules");
    let hook = json!([{"hooks": [{"type": "command", "command": "/usr/local/bin/guard"}]}]);
    s.write(
        "project/.claude/settings.json",
        &json!({"hooks": {"PreToolUse": hook, "UserPromptSubmit": hook}}).to_string(),
    );
    s.write(
        "home/.copilot/config.json",
        &json!({"trusted_folders": [s.project()]}).to_string(),
    );
    let (_, report) = doctor(&s);
    let all = findings(&report);
    let pre = with(&all, "Copilot runs these PreToolUse hooks by its own rules");
    assert_eq!(pre.len(), 1, "{report}");
    let text = pre[0]["message"].as_str().unwrap();
    assert!(
        text.contains("Exit 1") && text.contains("never reaches the model"),
        "{text}"
    );
    assert_eq!(pre[0]["severity"], "note", "{report}");
    let prompt = with(
        &all,
        "Copilot runs these UserPromptSubmit hooks by its own rules",
    );
    assert_eq!(prompt.len(), 1, "{report}");
    let text = prompt[0]["message"].as_str().unwrap();
    assert!(
        text.contains("additionalContext") && text.contains("ignored"),
        "{text}"
    );
    // Untrusted, Copilot runs none of it: the skip is said instead, and no rules.
    std::fs::remove_file(s.home().join(".copilot/config.json")).unwrap();
    let (_, report) = doctor(&s);
    let all = findings(&report);
    assert!(with(&all, "by its own rules").is_empty(), "{report}");
    assert_eq!(with(&all, SKIPS).len(), 1, "{report}");
}

/// A PreToolUse group with `matcher: ""` in Claude Code's settings makes Copilot run none of
/// that file's hooks (`spec/copilot/host.json` `observed_rules`,
/// `claude-empty-matcher-drops-the-file`): doctor warns at that matcher, not per event.
#[test]
fn an_empty_tool_matcher_in_claude_codes_settings_is_a_warning_that_copilot_drops_the_file() {
    let s = Scratch::new("copilot-claude-empty-matcher");
    let hook = json!({"type": "command", "command": "/usr/local/bin/guard"});
    let settings = |matcher: &str| {
        json!({"hooks": {
            "UserPromptSubmit": [{"hooks": [hook]}],
            "PreToolUse": [{"matcher": "Bash", "hooks": [hook]}, {"matcher": matcher, "hooks": [hook]}]
        }})
        .to_string()
    };
    s.write("project/.claude/settings.json", &settings(""));
    s.write(
        "home/.copilot/config.json",
        &json!({"trusted_folders": [s.project()]}).to_string(),
    );
    let (_, report) = doctor(&s);
    let all = findings(&report);
    let dropped = with(&all, "Copilot runs none of this file's hooks");
    assert_eq!(dropped.len(), 1, "{report}");
    assert_eq!(dropped[0]["severity"], "warning", "{report}");
    assert_eq!(
        dropped[0]["path"], "/hooks/PreToolUse/1/matcher",
        "{report}"
    );
    assert!(with(&all, "by its own rules").is_empty(), "{report}");
    // With `*` the file runs, and its events get Copilot's rules instead.
    s.write("project/.claude/settings.json", &settings("*"));
    let (_, report) = doctor(&s);
    let all = findings(&report);
    assert!(
        with(&all, "runs none of this file's hooks").is_empty(),
        "{report}"
    );
    assert_eq!(with(&all, "by its own rules").len(), 2, "{report}");
}

/// A unified handler wired into a Copilot event it was not compiled for (the unified shell
/// guard on `userPromptSubmitted`): doctor reads the binary's record and warns that it answers
/// nothing there; on `preToolUse`, where it has a Copilot entry, it does not.
#[test]
fn a_unified_handler_wired_where_it_has_no_copilot_entry_is_a_warning() {
    let s = Scratch::new("copilot-unified-not-compiled-for");
    let shell = common::example_binary("unified-shell-guard");
    let hooks = |event: &str| {
        json!({"version": 1, "hooks": {event: [
            {"type": "command", "bash": format!("{} --host copilot --event {event}", shell.display())}
        ]}})
        .to_string()
    };
    s.write(
        "project/.github/hooks/guard.json",
        &hooks("userPromptSubmitted"),
    );
    let (_, report) = doctor(&s);
    let all = findings(&report);
    let unanswered = with(&all, "has no Copilot handler for `userPromptSubmitted`");
    assert_eq!(unanswered.len(), 1, "{report}");
    assert!(
        unanswered[0]["message"]
            .as_str()
            .unwrap()
            .contains("`preToolUse`"),
        "{report}"
    );
    s.write("project/.github/hooks/guard.json", &hooks("preToolUse"));
    let (_, report) = doctor(&s);
    assert!(
        with(&findings(&report), "has no Copilot handler").is_empty(),
        "{report}"
    );
}
