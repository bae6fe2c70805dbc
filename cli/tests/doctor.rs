//! `cursor-hooks doctor` on real configurations in temporary directories: one test per kind of
//! finding, and a clean configuration with none.

mod common;

use common::{with, Scratch};
use serde_json::{json, Value};

const ECHO: &str = "cat >/dev/null; echo '{}'";

fn severity(finding: &Value) -> &str {
    finding["severity"].as_str().expect("a severity")
}

/// Exactly one finding contains `text`; it has this severity and JSON pointer.
fn one(findings: &[Value], text: &str, expected_severity: &str, path: &str) {
    let hits = with(findings, text);
    assert_eq!(hits.len(), 1, "one finding with `{text}` in {findings:#?}");
    assert_eq!(severity(hits[0]), expected_severity, "{:#?}", hits[0]);
    assert_eq!(hits[0]["path"], path, "{:#?}", hits[0]);
}

#[test]
fn a_clean_configuration_has_no_finding() {
    let s = Scratch::new("clean");
    let hook = s.script("project/.cursor/hooks/guard.sh", ECHO);
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [{ "command": ".cursor/hooks/guard.sh", "timeout": 5 }] }),
    );
    s.hooks_json(
        "home/.cursor/hooks.json",
        json!({ "afterFileEdit": [{ "command": hook.to_str().unwrap(), "matcher": "Write" }] }),
    );
    let (code, findings) = s.doctor(&[]);
    assert_eq!(findings, Vec::<Value>::new());
    assert_eq!(code, 0);
}

#[test]
fn version_missing_or_a_string() {
    let s = Scratch::new("version");
    s.script("project/.cursor/hooks/a.sh", ECHO);
    s.write(
        "project/.cursor/hooks.json",
        r#"{ "hooks": { "beforeShellExecution": [{ "command": ".cursor/hooks/a.sh" }] } }"#,
    );
    s.write(
        "home/.cursor/hooks.json",
        r#"{ "version": "1", "hooks": {} }"#,
    );
    let (code, findings) = s.doctor(&[]);
    assert_eq!(code, 1);
    one(&findings, "no `\"version\": 1`", "error", "");
    one(&findings, "`version` is \"1\"", "error", "/version");
}

#[test]
fn unknown_event_names_void_the_file_and_get_a_suggestion() {
    let s = Scratch::new("events");
    s.script("project/.cursor/hooks/a.sh", ECHO);
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({
            "beforeShellCommand": [{ "command": ".cursor/hooks/a.sh" }],
            "PreToolUse": [{ "command": ".cursor/hooks/a.sh" }],
        }),
    );
    s.write(
        "project/.claude/settings.json",
        &json!({ "hooks": {
            "preToolUse": [{ "hooks": [{ "type": "command", "command": "true" }] }],
            // A group with a `matcher` key: without one Cursor imports nothing of the file.
            "Notification": [{ "matcher": "", "hooks": [{ "type": "command", "command": "true" }] }],
        } })
        .to_string(),
    );
    let (code, findings) = s.doctor(&[]);
    assert_eq!(code, 1);
    let unknown = with(&findings, "`beforeShellCommand` is not a Cursor event");
    assert_eq!(unknown.len(), 1, "{findings:#?}");
    let message = unknown[0]["message"].as_str().unwrap();
    assert!(message.contains("ignore the whole file"), "{message}");
    assert!(
        message.contains("did you mean `beforeShellExecution`?"),
        "{message}"
    );
    one(
        &findings,
        "`PreToolUse` is Claude Code's name; in hooks.json Cursor's name is `preToolUse`",
        "error",
        "/hooks/PreToolUse",
    );
    one(
        &findings,
        "`preToolUse` is a Cursor name; Claude settings use Claude Code's `PreToolUse`",
        "warning",
        "/hooks/preToolUse",
    );
    one(
        &findings,
        "no event for Claude Code's `Notification`",
        "note",
        "/hooks/Notification",
    );
}

#[test]
fn matchers_not_strings_invalid_without_subject_or_dead() {
    let s = Scratch::new("matchers");
    s.script("project/.cursor/hooks/a.sh", ECHO);
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({
            "preToolUse": [
                { "command": ".cursor/hooks/a.sh", "matcher": 3 },
                { "command": ".cursor/hooks/a.sh", "matcher": "Shell(" },
                { "command": ".cursor/hooks/a.sh", "matcher": "^MCP:" },
                { "command": ".cursor/hooks/a.sh", "matcher": "Sh.*|Rea" },
            ],
            "beforeReadFile": [{ "command": ".cursor/hooks/a.sh", "matcher": "\\.env$" }],
            "afterFileEdit": [{ "command": ".cursor/hooks/a.sh", "matcher": "src/" }],
            "beforeMCPExecution": [
                { "command": ".cursor/hooks/a.sh", "matcher": "^github_" },
                { "command": ".cursor/hooks/a.sh", "matcher": "github_" },
            ],
            "preCompact": [{ "command": ".cursor/hooks/a.sh", "matcher": "auto" }],
            "beforeShellExecution": [{ "command": ".cursor/hooks/a.sh", "matcher": "(?<=git )push" }],
        }),
    );
    let (code, findings) = s.doctor(&[]);
    assert_eq!(code, 1);
    one(
        &findings,
        "`matcher` is 3, not a string",
        "error",
        "/hooks/preToolUse/0/matcher",
    );
    one(
        &findings,
        "`Shell(` is not a valid JavaScript regular expression",
        "error",
        "/hooks/preToolUse/1/matcher",
    );
    // Cursor's validator quotes V8's message (`e.message` of `new RegExp`), which the
    // matcher check gives word for word.
    one(
        &findings,
        r#"(its validator: "Hook script matcher "Shell(" is not a valid regex: Invalid regular expression: /Shell(/: Unterminated group")"#,
        "error",
        "/hooks/preToolUse/1/matcher",
    );
    // Cursor's own code (@cursor/sdk 1.0.32 matcherValueFor) tests a constant on the file
    // events: a path matcher never runs, and a guard that never runs is an error.
    one(
        &findings,
        "`\\.env$` matches none of what Cursor tests `beforeReadFile`'s matcher against (always Read), so the hook never runs; the matcher never sees the path: leave `matcher` out and check `file_path` inside the hook; this guard never blocks anything",
        "error",
        "/hooks/beforeReadFile/0/matcher",
    );
    one(
        &findings,
        "`src/` matches none of what Cursor tests `afterFileEdit`'s matcher against (always Write)",
        "warning",
        "/hooks/afterFileEdit/0/matcher",
    );
    // The MCP events test `MCP:<tool_name>`.
    one(
        &findings,
        "`^github_` matches none of what Cursor tests `beforeMCPExecution`'s matcher against (always MCP:<name>)",
        "error",
        "/hooks/beforeMCPExecution/0/matcher",
    );
    assert!(
        !findings
            .iter()
            .any(|f| f["path"] == "/hooks/beforeMCPExecution/1/matcher"),
        "{findings:#?}"
    );
    one(
        &findings,
        "`preCompact` has no matcher subject",
        "warning",
        "/hooks/preCompact/0/matcher",
    );
    // An open subject (`MCP:` names, command strings) and JavaScript-only syntax are fine.
    assert!(with(&findings, "^MCP:").is_empty(), "{findings:#?}");
    assert!(with(&findings, "Sh.*|Rea").is_empty(), "{findings:#?}");
    assert!(with(&findings, "push").is_empty(), "{findings:#?}");
}

/// A timeout past Node's longest timer (spec/cursor/host.json `process.timer_max_ms`) fires at
/// once in Cursor; an hour written in milliseconds is one.
#[test]
fn a_timeout_past_nodes_longest_timer_is_said_to_fire_at_once() {
    let s = Scratch::new("timer");
    s.script("project/.cursor/hooks/a.sh", ECHO);
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [
            { "command": ".cursor/hooks/a.sh", "timeout": 3_600_000 },
            { "command": ".cursor/hooks/a.sh", "timeout": 5000 },
        ] }),
    );
    let (_, findings) = s.doctor(&[]);
    let at = |n: usize| format!("/hooks/beforeShellExecution/{n}/timeout");
    one(&findings, "fires after 1 ms", "error", &at(0));
    let five = with(&findings, "`timeout` is 5000 seconds");
    assert_eq!(five.len(), 1, "{findings:#?}");
    assert!(
        five.iter()
            .all(|f| !f["message"].as_str().unwrap_or_default().contains("1 ms")),
        "{findings:#?}"
    );
}

#[test]
fn timeouts_types_and_missing_fields() {
    let s = Scratch::new("entries");
    s.script("project/.cursor/hooks/a.sh", ECHO);
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [
            { "command": ".cursor/hooks/a.sh", "timeout": "5" },
            { "command": ".cursor/hooks/a.sh", "timeout": 0 },
            { "command": ".cursor/hooks/a.sh", "timeout": 5000 },
            { "command": ".cursor/hooks/a.sh", "type": "script" },
            { "type": "prompt" },
            { "type": "command" },
            { "command": ".cursor/hooks/a.sh", "failclosed": true },
        ] }),
    );
    let (code, findings) = s.doctor(&[]);
    assert_eq!(code, 1);
    let at = |n: usize, rest: &str| format!("/hooks/beforeShellExecution/{n}{rest}");
    one(
        &findings,
        "`timeout` is \"5\", not a number",
        "error",
        &at(0, "/timeout"),
    );
    one(
        &findings,
        "`timeout` is 0; it must be more than 0",
        "error",
        &at(1, "/timeout"),
    );
    one(
        &findings,
        "in seconds, not milliseconds",
        "error",
        &at(2, "/timeout"),
    );
    one(&findings, "`type` is \"script\"", "error", &at(3, "/type"));
    one(
        &findings,
        "a prompt hook without a `prompt`",
        "error",
        &at(4, ""),
    );
    one(
        &findings,
        "a command hook without a `command`",
        "error",
        &at(5, ""),
    );
    one(
        &findings,
        "unknown key `failclosed`",
        "warning",
        &at(6, "/failclosed"),
    );
    // Each voiding entry quotes Cursor's validator (spec/cursor/host.json `validator_messages`, checked
    // against @cursor/sdk 1.0.32 by tests/cursor-sdk/version-report.mjs).
    for (n, cursor) in [
        (0, "beforeShellExecution[0]: Hook script timeout must be a number (seconds)"),
        (1, "beforeShellExecution[1]: Hook script timeout must be a positive number"),
        (3, "beforeShellExecution[3]: Invalid hook type: \"script\". Must be \"command\", \"prompt\", or omitted (defaults to \"command\")"),
        (4, "beforeShellExecution[4]: Prompt hook must have a 'prompt' property (string)"),
        (5, "beforeShellExecution[5]: Hook script command must be a string"),
    ] {
        let quoted = format!("(its validator: \"{cursor}\")");
        let hits = with(&findings, &quoted);
        assert_eq!(hits.len(), 1, "{quoted} in {findings:#?}");
        assert!(
            hits[0]["path"].as_str().unwrap().starts_with(&at(n, "")),
            "{:#?}",
            hits[0]
        );
    }
}

#[test]
fn slashes_in_strings_break_the_file_and_real_comments_are_noted() {
    let s = Scratch::new("comments");
    s.script("project/.cursor/hooks/a.sh", ECHO);
    s.write(
        "project/.cursor/hooks.json",
        "{\n  // the project's hooks\n  \"version\": 1,\n  \"hooks\": { \"beforeShellExecution\": [{ \"command\": \".cursor/hooks/a.sh\" }] }\n}\n",
    );
    s.write(
        "home/.cursor/hooks.json",
        "{ \"version\": 1,\n  \"hooks\": { \"afterShellExecution\": [{ \"command\": \"curl -s http://localhost:9/log\" }] } }\n",
    );
    let (code, findings) = s.doctor(&[]);
    assert_eq!(code, 1);
    one(
        &findings,
        "`//` comments on line(s) 2: Cursor strips them and accepts the file",
        "note",
        "",
    );
    one(&findings, "`//` inside a string on line(s) 2", "error", "");
}

#[test]
fn one_executable_wired_twice_through_different_command_lines() {
    let s = Scratch::new("twice");
    let hook = s.script("project/.cursor/hooks/a.sh", ECHO);
    s.script("project/target/debug/my-hooks", ECHO);
    s.script("project/target/release/my-hooks", ECHO);
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({
            "beforeShellExecution": [{ "command": ".cursor/hooks/a.sh" }],
            "stop": [
                { "command": "target/debug/my-hooks" },
                { "command": "target/release/my-hooks" },
            ],
        }),
    );
    // The capture wiring: an assignment, `$HOME`, quoting; the same file as the project's.
    s.hooks_json(
        "home/.cursor/hooks.json",
        json!({ "beforeShellExecution": [{
            "command": format!("CURSOR_HOOKS_CAPTURE=$HOME/.cursor/captures.jsonl '{}'", hook.display())
        }] }),
    );
    let (code, findings) = s.doctor(&[]);
    assert_eq!(code, 0, "{findings:#?}");
    let again = with(
        &findings,
        "is wired again for `beforeShellExecution`: the same hook",
    );
    assert_eq!(again.len(), 1, "{findings:#?}");
    assert!(again[0]["file"].as_str().unwrap().contains("home"));
    let builds = with(
        &findings,
        "is wired again for `stop`: a hook of the same name",
    );
    assert_eq!(builds.len(), 1, "{findings:#?}");
    assert!(builds[0]["message"]
        .as_str()
        .unwrap()
        .contains("a debug and a release build"));
    assert!(
        with(&findings, "does not exist").is_empty(),
        "{findings:#?}"
    );
}

#[test]
fn commands_missing_not_executable_on_path_or_nowhere() {
    let s = Scratch::new("commands");
    s.write("project/.cursor/hooks/plain.sh", "echo {}\n");
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [
            { "command": ".cursor/hooks/gone.sh" },
            { "command": ".cursor/hooks/plain.sh" },
            { "command": "sh -c true" },
            { "command": "no-such-hook-anywhere --flag" },
        ] }),
    );
    let (code, findings) = s.doctor(&[]);
    assert_eq!(code, 1);
    let at = |n: usize| format!("/hooks/beforeShellExecution/{n}");
    one(&findings, "gone.sh does not exist", "error", &at(0));
    one(&findings, "plain.sh is not executable", "error", &at(1));
    one(
        &findings,
        "`sh -c true` is found only through PATH",
        "warning",
        &at(2),
    );
    one(
        &findings,
        "`no-such-hook-anywhere` cannot be found",
        "error",
        &at(3),
    );
    assert!(with(
        &findings,
        "no-such-hook-anywhere` is found only through PATH"
    )
    .is_empty());
}

#[test]
fn events_that_do_not_fire_everywhere_are_noted() {
    let s = Scratch::new("surfaces");
    s.script("project/.cursor/hooks/a.sh", ECHO);
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "stop": [{ "command": ".cursor/hooks/a.sh" }] }),
    );
    let (code, findings) = s.doctor(&[]);
    assert_eq!(code, 0);
    one(
        &findings,
        "`stop` does not fire in the CLI's print mode",
        "note",
        "/hooks/stop",
    );
}

#[test]
fn plugins_and_claude_settings_are_read_with_their_own_shapes() {
    let s = Scratch::new("plugins");
    s.script("plugin/hooks/run.sh", ECHO);
    s.hooks_json(
        "plugin/hooks/hooks.json",
        json!({ "beforeShellExecution": [
            { "command": "\"${CURSOR_PLUGIN_ROOT}\"/hooks/run.sh" },
            { "command": "\"${CURSOR_PLUGIN_ROOT}/hooks/missing.sh\"" },
        ] }),
    );
    s.script("project/.claude/hooks/check.sh", ECHO);
    s.write(
        "project/.claude/settings.local.json",
        &json!({ "hooks": { "PreToolUse": [
            { "matcher": "Shell", "hooks": [{ "type": "command", "command": ".claude/hooks/check.sh", "timeout": 0 }] },
            { "matcher": "Glob", "hooks": [{ "type": "command", "command": ".claude/hooks/check.sh" }] },
            { "matcher": "Bash", "hooks": [{ "type": "command", "command": ".claude/hooks/check.sh" }] }
        ] } })
        .to_string(),
    );
    let plugin = s.root.join("plugin");
    let (code, findings) = s.doctor(&["--plugin-dir", plugin.to_str().unwrap()]);
    assert_eq!(code, 1);
    one(
        &findings,
        "so its import skips this group",
        "note",
        "/hooks/PreToolUse/1/matcher",
    );
    // Cursor's import reads Claude Code's `Bash` as its `Shell`.
    assert!(
        !findings
            .iter()
            .any(|f| f["path"] == "/hooks/PreToolUse/2/matcher"),
        "{findings:#?}"
    );
    one(
        &findings,
        "missing.sh does not exist",
        "error",
        "/hooks/beforeShellExecution/1",
    );
    assert!(with(&findings, "run.sh").is_empty(), "{findings:#?}");
    one(
        &findings,
        "`timeout` is 0",
        "error",
        "/hooks/PreToolUse/0/hooks/0/timeout",
    );
}

/// A stand-in for a cursor-hooks binary: a shell script that records it was run, carrying a
/// handler record (`cursor_hooks::record`'s layout, written out here) with these handlers.
fn recorded_hook(s: &Scratch, relative: &str, handlers: Value) -> std::path::PathBuf {
    let json = handlers.to_string();
    let mut bytes = b"#!/bin/sh\ntouch \"$0.ran\"\necho '{}'\nexit 0\n# ".to_vec();
    bytes.extend_from_slice(b"cursor-hooks-binary-marker:v1\0");
    bytes.extend_from_slice(&u32::try_from(json.len()).unwrap().to_le_bytes());
    bytes.extend_from_slice(json.as_bytes());
    bytes.push(b'\n');
    let path = s.write(relative, "");
    std::fs::write(&path, bytes).unwrap();
    common::make_executable(&path);
    path
}

#[test]
fn a_hook_binary_is_compared_with_its_record_without_being_run() {
    let s = Scratch::new("binary");
    let hook = recorded_hook(
        &s,
        "bin/guard",
        json!([
            { "event": "beforeReadFile", "handler": "read", "failClosed": true, "timeout": 5 },
            { "event": "beforeShellExecution", "handler": "shell", "timeout": 5 },
            { "event": "preToolUse", "handler": "tool", "matcher": "Shell", "timeout": 5 },
            { "event": "stop", "handler": "verify" },
        ]),
    );
    let hook = hook.to_str().unwrap();
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({
            "beforeReadFile": [{ "command": hook, "timeout": 5 }],
            "beforeShellExecution": [{ "command": hook, "timeout": 10 }],
            "preToolUse": [{ "command": hook, "timeout": 5 }],
            "afterFileEdit": [{ "command": hook }],
        }),
    );
    let (code, findings) = s.doctor(&[]);
    assert_eq!(code, 1, "{findings:#?}");
    one(
        &findings,
        "handler fails closed but this entry has no `\"failClosed\": true`",
        "error",
        "/hooks/beforeReadFile/0",
    );
    one(
        &findings,
        "`timeout` is 10 seconds here but the handler declares 5",
        "warning",
        "/hooks/beforeShellExecution/0",
    );
    one(
        &findings,
        "`matcher` is unset here but the handler declares `Shell`",
        "warning",
        "/hooks/preToolUse/0",
    );
    one(
        &findings,
        "has no handler for `afterFileEdit`",
        "warning",
        "/hooks/afterFileEdit/0",
    );
    assert_eq!(
        with(&findings, "`stop` but no file wires it").len(),
        1,
        "{findings:#?}"
    );
    assert!(
        !s.root.join("bin/guard.ran").exists(),
        "doctor ran a wired file"
    );
}

#[test]
fn a_file_with_the_marker_text_alone_is_never_run() {
    let s = Scratch::new("marker-text");
    // What a cloned repository could hold: the marker in a comment, and a script that would
    // touch a file and then wait for a long time if anything ran it.
    let script = s.script(
        "project/.cursor/hooks/evil.sh",
        "# cursor-hooks-binary-marker:v1\ntouch \"$0.ran\"\nsleep 60\necho '{}'",
    );
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [{ "command": ".cursor/hooks/evil.sh" }] }),
    );
    let (code, findings) = s.doctor(&[]);
    assert!(
        !s.root.join("project/.cursor/hooks/evil.sh.ran").exists(),
        "doctor ran {}",
        script.display()
    );
    assert_eq!(code, 0, "{findings:#?}");
    one(
        &findings,
        "evil.sh: it carries the cursor-hooks marker but no handler record after it, so its handlers are not compared",
        "warning",
        "/hooks/beforeShellExecution/0",
    );
}

#[test]
fn a_real_hook_binary_carries_the_marker() {
    let s = Scratch::new("policy");
    let policy = common::example_binary("policy");
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [{ "command": policy.to_str().unwrap(), "timeout": 5 }] }),
    );
    let (code, findings) = s.doctor(&[]);
    assert_eq!(code, 0, "{findings:#?}");
    // policy also handles these, in one finding.
    let unwired = with(&findings, "but no file wires it for those events");
    assert_eq!(unwired.len(), 1, "{findings:#?}");
    assert!(unwired[0]["message"].as_str().unwrap().contains(
        "also handles `beforeReadFile`, `beforeSubmitPrompt`, `beforeTabFileRead`, `preToolUse`, `stop` but"
    ));
}

/// Bytes that are not text: a fixed pseudo-random sequence (no UTF-8 reader accepts it).
#[cfg(unix)]
fn random_bytes() -> Vec<u8> {
    let mut state: u32 = 0x2545_f491;
    (0..512)
        .map(|_| {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (state >> 16) as u8 | 0x80
        })
        .collect()
}

#[cfg(unix)]
#[test]
fn files_that_cannot_be_read_are_errors_not_silence() {
    use std::os::unix::fs::symlink;
    let s = Scratch::new("unreadable");
    // Every source at once: a directory, a link loop, a dangling link, one bad byte, noise.
    std::fs::create_dir_all(s.root.join("project/.cursor/hooks.json")).unwrap();
    symlink("hooks.json", s.root.join("home/.cursor/hooks.json")).unwrap();
    std::fs::create_dir_all(s.root.join("project/.claude")).unwrap();
    symlink(
        "gone.json",
        s.root.join("project/.claude/settings.local.json"),
    )
    .unwrap();
    let mut latin1 =
        br#"{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "caf"#.to_vec();
    latin1.extend_from_slice(b"\xe9.sh\" }] }] } }");
    let settings = s.write("project/.claude/settings.json", "");
    std::fs::write(&settings, latin1).unwrap();
    let plugin_hooks = s.write("plugin/hooks/hooks.json", "");
    std::fs::write(&plugin_hooks, random_bytes()).unwrap();
    let plugin = s.root.join("plugin");
    let plugin_arg = ["--plugin-dir", plugin.to_str().unwrap()];

    let (code, report) = s.doctor_report(&plugin_arg);
    assert_eq!(code, 1, "{report:#}");
    let findings = report["findings"].as_array().unwrap();
    let error_for = |file: &str, text: &str| {
        let hits: Vec<&Value> = findings
            .iter()
            .filter(|f| f["file"].as_str().unwrap().ends_with(file))
            .collect();
        assert_eq!(hits.len(), 1, "one finding for {file}: {findings:#?}");
        assert_eq!(severity(hits[0]), "error", "{:#?}", hits[0]);
        let message = hits[0]["message"].as_str().unwrap();
        assert!(message.contains(text), "{file}: {message}");
    };
    error_for("project/.cursor/hooks.json", "a directory, not a file");
    error_for("home/.cursor/hooks.json", "symbolic links");
    error_for(
        "project/.claude/settings.local.json",
        "a symbolic link to gone.json, which does not exist",
    );
    error_for(
        "project/.claude/settings.json",
        "not UTF-8 text (byte 0xe9 at line 1, column 71)",
    );
    error_for("plugin/hooks/hooks.json", "not UTF-8 text (byte 0x");
    let files = report["files"].as_array().unwrap();
    assert_eq!(files.len(), 5, "{files:#?}");
    assert!(files.iter().all(|f| f["loaded"] == false), "{files:#?}");

    let text = s.cli(
        &[
            "doctor",
            "--project",
            s.project().to_str().unwrap(),
            plugin_arg[0],
            plugin_arg[1],
        ],
        None,
    );
    let stdout = String::from_utf8_lossy(&text.stdout);
    assert!(!stdout.contains("no hooks configuration found"), "{stdout}");
    assert!(stdout.contains("5 error(s)"), "{stdout}");

    // simulate does not run the project as if those files were empty: it names them.
    let simulated = s.cli(
        &[
            "simulate",
            "--json",
            "--project",
            s.project().to_str().unwrap(),
            "--event",
            "stop",
        ],
        None,
    );
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&simulated.stdout),
        String::from_utf8_lossy(&simulated.stderr)
    );
    assert!(said.contains(".cursor/hooks.json"), "{said}");
}

#[test]
fn a_plugin_folder_that_does_not_exist_is_an_error() {
    let s = Scratch::new("no-plugin");
    let plugin = s.root.join("plugin-gone");
    let (code, report) = s.doctor_report(&["--plugin-dir", plugin.to_str().unwrap()]);
    assert_eq!(code, 1, "{report:#}");
    assert_eq!(
        report["files"],
        json!([{ "path": plugin, "source": "plugin", "loaded": false, "hooks": 0 }])
    );
    one(
        report["findings"].as_array().unwrap(),
        "this plugin folder does not exist or is not a folder",
        "error",
        "",
    );
}

#[test]
fn an_event_written_twice_names_the_list_that_is_dropped() {
    let s = Scratch::new("twice-key");
    s.script("project/.cursor/hooks/a.sh", ECHO);
    s.write(
        "project/.cursor/hooks.json",
        r#"{ "version": 1, "hooks": {
            "beforeShellExecution": [{ "command": ".cursor/hooks/gone.sh" }, { "command": ".cursor/hooks/also-gone.sh" }],
            "beforeShellExecution": [{ "command": ".cursor/hooks/a.sh" }]
        } }"#,
    );
    let (code, findings) = s.doctor(&[]);
    assert_eq!(code, 0, "{findings:#?}");
    one(
        &findings,
        "`beforeShellExecution` is written twice here: JSON readers (Cursor's too) keep only the last one, so the first list is dropped with its hooks (`.cursor/hooks/gone.sh`, `.cursor/hooks/also-gone.sh`)",
        "warning",
        "/hooks/beforeShellExecution",
    );
}

#[test]
fn shell_builtins_are_not_looked_up_in_path() {
    let s = Scratch::new("builtins");
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [
            { "command": "echo '{}'" },
            { "command": "true" },
            { "command": ": nothing to do" },
        ] }),
    );
    let (code, findings) = s.doctor(&[]);
    assert_eq!(code, 0, "{findings:#?}");
    assert!(with(&findings, "PATH").is_empty(), "{findings:#?}");
}

#[test]
fn a_top_level_array_and_a_byte_order_mark_are_named() {
    let s = Scratch::new("shapes");
    s.write("project/.cursor/hooks.json", "[]");
    s.write(
        "home/.cursor/hooks.json",
        "\u{feff}{ \"version\": 1, \"hooks\": {} }",
    );
    let (code, findings) = s.doctor(&[]);
    assert_eq!(code, 1, "{findings:#?}");
    one(
        &findings,
        "the file is an array, expected an object (`{ \"version\": 1, \"hooks\": { ... } }`)",
        "error",
        "",
    );
    one(
        &findings,
        "starts with a UTF-8 byte-order mark (BOM)",
        "error",
        "",
    );
    assert_eq!(findings.len(), 2, "{findings:#?}");
}

#[test]
fn json_lists_the_files_read_and_the_counts() {
    let s = Scratch::new("report");
    s.script("project/.cursor/hooks/a.sh", ECHO);
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [
            { "command": ".cursor/hooks/a.sh" },
            { "command": ".cursor/hooks/gone.sh" },
        ] }),
    );
    s.write("home/.cursor/hooks.json", r#"{ "hooks": {} }"#);
    let (code, report) = s.doctor_report(&[]);
    assert_eq!(code, 1);
    let project = s.root.join("project/.cursor/hooks.json");
    let home = s.root.join("home/.cursor/hooks.json");
    assert_eq!(
        report["files"],
        json!([
            { "path": project, "source": "project", "loaded": true, "hooks": 2 },
            { "path": home, "source": "user", "loaded": false, "hooks": 0 },
        ])
    );
    assert_eq!(
        (&report["errors"], &report["warnings"], &report["notes"]),
        (&json!(2), &json!(0), &json!(0)),
        "{report:#}"
    );
}

/// Runs `cursor-hooks ARGS` with stdout a pipe whose reading end is already closed.
fn with_closed_stdout(s: &Scratch, args: &[&str]) -> std::process::Output {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    std::process::Command::new(common::CLI)
        .args(args)
        .current_dir(s.project())
        .env("HOME", s.home())
        .env(
            "CURSOR_HOOKS_ENTERPRISE_FILE",
            s.root.join("enterprise/hooks.json"),
        )
        .stdin(std::process::Stdio::null())
        .stdout(writer)
        .stderr(std::process::Stdio::piped())
        .output()
        .expect("cursor-hooks runs")
}

#[test]
fn a_closed_stdout_ends_every_subcommand_quietly() {
    let s = Scratch::new("pipe");
    let hook = s.script("project/.cursor/hooks/a.sh", ECHO);
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "stop": [{ "command": ".cursor/hooks/a.sh" }] }),
    );
    let captures = s.write(
        "captures.jsonl",
        &format!(
            "{}\n",
            json!({ "payload": json!({ "hook_event_name": "stop", "status": "completed", "loop_count": 0 }).to_string(),
                    "stdout": "{\"followup_message\":\"x\"}\n", "exit_code": 0 })
        ),
    );
    let runtime = common::workspace_root().join("runtime");
    let project = s.project();
    let project = project.to_str().unwrap();
    let runs: [&[&str]; 8] = [
        &["doctor", "--project", project],
        &["doctor", "--json", "--project", project],
        &["simulate", "--project", project, "--event", "stop"],
        &[
            "simulate",
            "--json",
            "--project",
            project,
            "--event",
            "stop",
        ],
        &[
            "replay",
            captures.to_str().unwrap(),
            "--",
            hook.to_str().unwrap(),
        ],
        &["new", "piped-hooks", "--path", runtime.to_str().unwrap()],
        &["events"],
        &["--help"],
    ];
    for args in runs {
        let output = with_closed_stdout(&s, args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{args:?}: {stderr}");
        assert_eq!(stderr, "", "{args:?}");
    }
}

/// Claude Code's install records that cannot be read are said for Cursor too: it imports none
/// of Claude Code's installed plugins then (before: nothing was said, as nothing was read).
#[test]
fn cursor_says_when_claude_code_s_install_records_cannot_be_read() {
    let s = Scratch::new("cursor-records");
    let records = s.write("home/.claude/plugins/installed_plugins.json", "{ not json");
    let (code, findings) = s.doctor(&[]);
    let unread = with(
        &findings,
        "Cursor imports none of the plugins Claude Code installed",
    );
    assert_eq!(unread.len(), 1, "{findings:#?}");
    assert_eq!(
        unread[0]["file"],
        records.to_str().unwrap(),
        "{findings:#?}"
    );
    assert_eq!(unread[0]["severity"], "warning", "{findings:#?}");
    assert_eq!(code, 0, "{findings:#?}");
}
