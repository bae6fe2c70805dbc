//! `cursor-hooks doctor --host codex` on configurations in temporary directories: which of the
//! hooks Codex would skip because its trust gates (`spec/codex/host.json`, `trust`) do not let
//! them through, and the lines that trust exactly those. The same lines make the real Codex run
//! the hook: `tests/tests/codex_live.rs`.

mod common;

use common::{with, Scratch, CLI};
use cursor_hooks_spec::codex_trust::{trusted_hash, CommandHook};
use serde_json::{json, Value};
use std::process::{Command, Stdio};

/// `doctor --host codex --json` with the scratch's home: the exit code and the report.
fn doctor(s: &Scratch) -> (i32, Value) {
    let project = s.project();
    let mut command = Command::new(CLI);
    command
        .args(["doctor", "--host", "codex", "--json", "--project"])
        .arg(&project)
        .current_dir(&project)
        .env("HOME", s.home())
        .env_remove("CODEX_HOME")
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

/// A hooks file with one guard on PreToolUse, matched to `Bash`.
fn guard_hooks(command: &str) -> String {
    json!({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [
        {"type": "command", "command": command, "timeout": 30}
    ]}]}})
    .to_string()
}

#[test]
fn an_untrusted_hook_is_named_with_the_lines_that_trust_it() {
    let s = Scratch::new("codex-untrusted");
    let hooks = s.write(
        "home/.codex/hooks.json",
        &guard_hooks("/usr/local/bin/guard"),
    );
    let (code, report) = doctor(&s);
    assert_eq!(code, 0, "a skipped hook is a warning: {report}");
    let all = findings(&report);
    let skipped = with(&all, "Codex skips `/usr/local/bin/guard` on PreToolUse");
    assert_eq!(skipped.len(), 1, "{report}");
    assert!(skipped[0]["message"]
        .as_str()
        .unwrap()
        .contains("not trusted"));
    assert_eq!(skipped[0]["host"], "codex");
    assert_eq!(skipped[0]["path"], "/hooks/PreToolUse/0/hooks/0");
    let hash = trusted_hash(
        &CommandHook::new("PreToolUse", "/usr/local/bin/guard")
            .matcher("Bash")
            .timeout(30),
    )
    .expect("a Codex event");
    let expected = format!(
        "[hooks.state.\"{}:pre_tool_use:0:0\"]\ntrusted_hash = \"{hash}\"\n\n",
        hooks.display()
    );
    assert_eq!(report["codex_trust"]["add"], expected);
    assert_eq!(
        report["codex_trust"]["config"],
        json!(s.home().join(".codex/config.toml"))
    );

    // The printed lines, added to config.toml, are all Codex needs: nothing is skipped after.
    s.write(
        "home/.codex/config.toml",
        &format!("model = \"gpt-5.4\"\n\n{expected}"),
    );
    let (code, report) = doctor(&s);
    assert_eq!((code, findings(&report)), (0, vec![]), "{report}");
    assert_eq!(report["codex_trust"]["add"], "");

    // A changed command is a changed hook: Codex skips it until it is trusted again.
    s.write(
        "home/.codex/hooks.json",
        &guard_hooks("/usr/local/bin/guard --strict"),
    );
    let (_, report) = doctor(&s);
    let all = findings(&report);
    let changed = with(&all, "it changed since it was trusted");
    assert_eq!(changed.len(), 1, "{report}");
}

#[test]
fn a_project_file_needs_a_trusted_project_and_trusted_hooks() {
    let s = Scratch::new("codex-project");
    s.write("project/.codex/hooks.json", &guard_hooks("./guard"));
    let (_, report) = doctor(&s);
    let all = findings(&report);
    let untrusted_project = with(&all, "the project is not trusted");
    assert_eq!(untrusted_project.len(), 1, "{report}");
    let project = s.project();
    let add = report["codex_trust"]["add"].as_str().unwrap().to_owned();
    assert!(
        add.contains(&format!(
            "[projects.\"{}\"]\ntrust_level = \"trusted\"",
            project.display()
        )),
        "{add}"
    );
    s.write("home/.codex/config.toml", &add);
    let (code, report) = doctor(&s);
    assert_eq!((code, findings(&report)), (0, vec![]), "{report}");
}

#[test]
fn a_hook_turned_off_an_unknown_event_and_an_unreadable_config_are_said() {
    let s = Scratch::new("codex-gates");
    let hooks = s.write(
        "home/.codex/hooks.json",
        &json!({"hooks": {
            "Stop": [{"hooks": [{"type": "command", "command": "verify"}]}],
            "Notification": [{"hooks": [{"type": "command", "command": "notify"}]}]
        }})
        .to_string(),
    );
    s.write(
        "home/.codex/config.toml",
        &format!(
            "[hooks.state.\"{}:stop:0:0\"]\nenabled = false\n",
            hooks.display()
        ),
    );
    let (_, report) = doctor(&s);
    let all = findings(&report);
    assert_eq!(with(&all, "turned off").len(), 1, "{report}");
    assert_eq!(
        with(&all, "`Notification` is not one of Codex's events").len(),
        1,
        "{report}"
    );

    s.write("home/.codex/config.toml", "[hooks.state\n");
    let (code, report) = doctor(&s);
    assert_eq!(code, 1, "{report}");
    assert_eq!(
        with(&findings(&report), "it is not TOML").len(),
        1,
        "{report}"
    );
}

/// An installed plugin's hooks are held against the same gate, keyed as Codex keys them
/// (`NAME@MARKETPLACE:<file in the plugin>`, `spec/codex/host.json` `plugins`): doctor reads
/// the file the plugin's manifest names in Codex's copy (the highest version), and not
/// `hooks/hooks.json` beside it, which Codex does not load then. Before: doctor read no plugin.
#[test]
fn an_enabled_plugins_untrusted_hooks_are_named_with_the_lines_that_trust_them() {
    let s = Scratch::new("codex-plugin");
    let copy = "home/.codex/plugins/cache/team/guard";
    let command = "\"${PLUGIN_ROOT}/bin/guard\" --host codex --event PreToolUse";
    for version in ["0.9.0", "0.10.0"] {
        s.write(
            &format!("{copy}/{version}/.codex-plugin/plugin.json"),
            r#"{"name": "guard", "hooks": "./hooks/hooks-codex.json"}"#,
        );
        s.write(
            &format!("{copy}/{version}/hooks/hooks-codex.json"),
            &guard_hooks(command),
        );
        s.write(
            &format!("{copy}/{version}/hooks/hooks.json"),
            &guard_hooks("claude-only"),
        );
    }
    // A plugin turned off is not read.
    s.write(
        "home/.codex/plugins/cache/team/off/1.0.0/hooks/hooks.json",
        &guard_hooks("off-plugin"),
    );
    let config =
        "[plugins.\"guard@team\"]\nenabled = true\n\n[plugins.\"off@team\"]\nenabled = false\n";
    s.write("home/.codex/config.toml", config);
    let (code, report) = doctor(&s);
    assert_eq!(code, 0, "{report}");
    let all = findings(&report);
    assert_eq!(all.len(), 1, "{report}");
    let skipped = with(&all, &format!("Codex skips `{command}` on PreToolUse"));
    assert_eq!(skipped.len(), 1, "{report}");
    assert_eq!(
        skipped[0]["file"],
        json!(s
            .home()
            .join(".codex/plugins/cache/team/guard/0.10.0/hooks/hooks-codex.json")),
        "{report}"
    );
    let hash = trusted_hash(
        &CommandHook::new("PreToolUse", command)
            .matcher("Bash")
            .timeout(30),
    )
    .expect("a Codex event");
    let expected = format!(
        "[hooks.state.\"guard@team:hooks/hooks-codex.json:pre_tool_use:0:0\"]\ntrusted_hash = \"{hash}\"\n\n"
    );
    assert_eq!(report["codex_trust"]["add"], expected);

    s.write("home/.codex/config.toml", &format!("{config}\n{expected}"));
    let (code, report) = doctor(&s);
    assert_eq!((code, findings(&report)), (0, vec![]), "{report}");
}

#[test]
fn a_session_end_timeout_codex_clamps_is_a_warning_and_three_seconds_is_not() {
    let s = Scratch::new("codex-clamped-timeout");
    let hooks = |timeout: u64| {
        json!({"hooks": {
            "SessionEnd": [{"hooks": [{"type": "command", "command": "/usr/local/bin/flush", "timeout": timeout}]}],
            "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "/usr/local/bin/guard", "timeout": 30}]}]
        }})
        .to_string()
    };
    s.write("home/.codex/hooks.json", &hooks(10));
    let (code, report) = doctor(&s);
    assert_eq!(code, 0, "a clamped timeout is a warning: {report}");
    let all = findings(&report);
    let clamped = with(
        &all,
        "Codex clamps a `SessionEnd` hook's timeout to at most 3 s",
    );
    assert_eq!(clamped.len(), 1, "{report}");
    assert_eq!(clamped[0]["severity"], "warning", "{report}");
    assert_eq!(
        clamped[0]["path"], "/hooks/SessionEnd/0/hooks/0/timeout",
        "{report}"
    );
    assert!(
        with(&all, "/usr/local/bin/guard` is stopped").is_empty(),
        "{report}"
    );

    s.write("home/.codex/hooks.json", &hooks(3));
    let (_, report) = doctor(&s);
    assert!(
        with(&findings(&report), "Codex clamps").is_empty(),
        "{report}"
    );
}

/// A unified handler compiled without Codex, wired into Codex's hooks file by hand
/// (`secrets-guard` reads files, a tool Codex lacks): doctor reads the binary's record (it never
/// runs it) and warns that it answers nothing there; the unified shell guard, compiled for
/// Codex, gets no such warning.
#[test]
fn a_unified_handler_wired_into_codex_it_was_not_compiled_for_is_a_warning() {
    let s = Scratch::new("codex-unified-not-compiled-for");
    let secrets = common::example_binary("secrets-guard");
    let shell = common::example_binary("unified-shell-guard");
    let wired =
        |binary: &std::path::Path| format!("{} --host codex --event PreToolUse", binary.display());
    s.write("home/.codex/hooks.json", &guard_hooks(&wired(&secrets)));
    let (_, report) = doctor(&s);
    let all = findings(&report);
    let unanswered = with(&all, "has no Codex handler for `PreToolUse`");
    assert_eq!(unanswered.len(), 1, "{report}");
    assert_eq!(unanswered[0]["severity"], "warning", "{report}");
    assert!(
        unanswered[0]["message"]
            .as_str()
            .unwrap()
            .contains("its Codex handlers: none"),
        "{report}"
    );
    s.write("home/.codex/hooks.json", &guard_hooks(&wired(&shell)));
    let (_, report) = doctor(&s);
    assert!(
        with(&findings(&report), "has no Codex handler").is_empty(),
        "{report}"
    );
}
