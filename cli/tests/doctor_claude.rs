//! `cursor-hooks doctor --host claude-code` and `--host all` on real configurations in temporary
//! directories: Claude Code's settings read with Claude Code's rules, cursor-hooks binaries
//! compared with their Claude Code handlers (never run), and where Cursor and Claude Code meet.

mod common;

use common::{with, Scratch, CLI};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const ECHO: &str = "cat >/dev/null; echo '{}'";

/// `cursor-hooks doctor --project P ARGS` with the scratch's home, and the enterprise and managed
/// settings files inside the scratch (so the machine's own are never read): exit code and stdout.
fn doctor_raw(s: &Scratch, args: &[&str]) -> (i32, String) {
    doctor_raw_with_path(s, args, None)
}

/// [`doctor_raw`] with `PATH` set to `path` (where doctor looks for the installed `claude`).
fn doctor_raw_with_path(s: &Scratch, args: &[&str], path: Option<&str>) -> (i32, String) {
    let project = s.project();
    let mut command = Command::new(CLI);
    if let Some(path) = path {
        command.env("PATH", path);
    }
    command
        .args(["doctor", "--project", project.to_str().expect("UTF-8")])
        .args(args)
        .current_dir(s.project())
        .env("HOME", s.home())
        .env(
            "CURSOR_HOOKS_ENTERPRISE_FILE",
            s.root.join("enterprise/hooks.json"),
        )
        .env(
            "CURSOR_HOOKS_CLAUDE_MANAGED_FILE",
            s.root.join("managed/managed-settings.json"),
        )
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let output = common::wait_bounded(command.spawn().expect("cursor-hooks starts"));
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    (
        output.status.code().expect("an exit code"),
        String::from_utf8(output.stdout).expect("UTF-8"),
    )
}

/// `doctor --json ARGS`: the exit code and the whole report.
fn report(s: &Scratch, args: &[&str]) -> (i32, Value) {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let (code, stdout) = doctor_raw(s, &all);
    let report =
        serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("no JSON ({e}): {stdout}"));
    common::assert_speaks_the_users_terms(&report);
    (code, report)
}

/// `doctor --json --host HOST`: the exit code and the findings.
fn doctor(s: &Scratch, host: &str, extra: &[&str]) -> (i32, Vec<Value>) {
    let mut args = vec!["--host", host];
    args.extend_from_slice(extra);
    let (code, report) = report(s, &args);
    (
        code,
        report["findings"].as_array().expect("findings").clone(),
    )
}

/// Exactly one finding contains `text`; it has this severity, JSON pointer and host.
fn one(findings: &[Value], text: &str, severity: &str, path: &str, host: &str) -> String {
    let hits = with(findings, text);
    assert_eq!(hits.len(), 1, "one finding with `{text}` in {findings:#?}");
    assert_eq!(hits[0]["severity"], severity, "{:#?}", hits[0]);
    assert_eq!(hits[0]["path"], path, "{:#?}", hits[0]);
    assert_eq!(hits[0]["host"], host, "{:#?}", hits[0]);
    hits[0]["message"].as_str().expect("a message").to_owned()
}

fn settings(s: &Scratch, relative: &str, hooks: Value) -> PathBuf {
    s.write(
        relative,
        &serde_json::to_string_pretty(&json!({ "hooks": hooks })).expect("JSON"),
    )
}

fn command(path: &str) -> Value {
    json!({ "type": "command", "command": path })
}

/// A stand-in for a cursor-hooks binary: a shell script that records it was run, carrying a
/// handler record (`cursor_hooks::record`'s layout, written out here) with these handlers.
fn recorded_hook(s: &Scratch, relative: &str, handlers: Value) -> PathBuf {
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
fn a_clean_claude_configuration_has_no_finding() {
    let s = Scratch::new("claude-clean");
    s.script("project/.claude/hooks/guard.sh", ECHO);
    settings(
        &s,
        "project/.claude/settings.json",
        json!({
            "PreToolUse": [{ "matcher": "Bash|Edit", "hooks": [
                { "type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/guard.sh", "timeout": 5 }
            ] }],
            "Stop": [{ "hooks": [{ "type": "command", "command": ".claude/hooks/guard.sh" }] }],
        }),
    );
    let (code, findings) = doctor(&s, "claude-code", &[]);
    assert_eq!(findings, Vec::<Value>::new());
    assert_eq!(code, 0);
}

#[test]
fn events_shapes_types_and_timeouts_by_claude_codes_rules() {
    let s = Scratch::new("claude-rules");
    s.script("project/.claude/hooks/a.sh", ECHO);
    let a = ".claude/hooks/a.sh";
    settings(
        &s,
        "project/.claude/settings.json",
        json!({
            "PreToolUs": [{ "hooks": [command(a)] }],
            "beforeSubmitPrompt": [{ "hooks": [command(a)] }],
            "SessionStart": [{ "type": "command", "command": a }],
            "PostToolUse": [{ "matcher": "Write", "hooks": [
                { "command": a },
                { "type": "shell", "command": a },
                { "type": "http" },
                { "type": "command", "command": a, "timeout": 5000, "url": "http://localhost", "failClosed": true },
            ] }],
            "Notification": { "hooks": [] },
        }),
    );
    let (code, findings) = doctor(&s, "claude-code", &[]);
    assert_eq!(code, 1);
    let claude = "claude-code";
    one(
        &findings,
        "`PreToolUs` is not a Claude Code event",
        "error",
        "/hooks/PreToolUs",
        claude,
    );
    assert!(with(&findings, "did you mean `PreToolUse`?").len() == 1);
    one(
        &findings,
        "`beforeSubmitPrompt` is Cursor's name; Claude Code's is `UserPromptSubmit`",
        "error",
        "/hooks/beforeSubmitPrompt",
        claude,
    );
    one(
        &findings,
        "a flat hook, as Cursor's hooks.json writes it; Claude Code nests hooks in matcher groups",
        "error",
        "/hooks/SessionStart/0",
        claude,
    );
    one(
        &findings,
        "a hook without `type`: Claude Code requires it",
        "error",
        "/hooks/PostToolUse/0/hooks/0",
        claude,
    );
    one(
        &findings,
        "`type` is \"shell\", which Claude Code does not know (\"command\", \"http\", \"mcp_tool\", \"prompt\", \"agent\")",
        "error",
        "/hooks/PostToolUse/0/hooks/1/type",
        claude,
    );
    one(
        &findings,
        "a \"http\" hook without `url`, which it requires",
        "error",
        "/hooks/PostToolUse/0/hooks/2",
        claude,
    );
    let timeout = one(
        &findings,
        "`timeout` is 5000 seconds (83 minutes): Claude Code reads it in seconds, not milliseconds",
        "error",
        "/hooks/PostToolUse/0/hooks/3/timeout",
        claude,
    );
    assert!(timeout.contains("600 seconds"), "{timeout}");
    one(
        &findings,
        "`url` applies to http hooks, not \"command\"",
        "warning",
        "/hooks/PostToolUse/0/hooks/3/url",
        claude,
    );
    one(
        &findings,
        "unknown key `failClosed`, which Claude Code ignores (it is a Cursor hooks.json key)",
        "warning",
        "/hooks/PostToolUse/0/hooks/3/failClosed",
        claude,
    );
    one(
        &findings,
        "`Notification` is an object, not a list of matcher groups",
        "error",
        "/hooks/Notification",
        claude,
    );
    // Cursor's reading of the same file says none of Claude Code's.
    let (_, cursor) = doctor(&s, "cursor", &[]);
    assert!(cursor.iter().all(|f| f["host"] == "cursor"), "{cursor:#?}");
    assert!(
        with(&cursor, "Claude Code requires it").is_empty(),
        "{cursor:#?}"
    );
}

#[test]
fn matchers_by_claude_codes_rules() {
    let s = Scratch::new("claude-matchers");
    // One script per group: the same script in several groups is a finding of its own.
    let hooks = |n: usize| {
        let script = format!(".claude/hooks/{n}.sh");
        s.script(&format!("project/{script}"), ECHO);
        json!([command(&script)])
    };
    settings(
        &s,
        "project/.claude/settings.json",
        json!({
            "PreToolUse": [
                { "matcher": "bash", "hooks": hooks(1) },
                { "matcher": "Bash(", "hooks": hooks(2) },
                { "matcher": "mcp__memory", "hooks": hooks(3) },
                { "matcher": "mcp__memory__.*", "hooks": hooks(4) },
                { "matcher": 7, "hooks": hooks(5) },
            ],
            "UserPromptSubmit": [{ "matcher": "Bash", "hooks": hooks(6) }],
            "SessionStart": [{ "matcher": "begin", "hooks": hooks(7) }],
        }),
    );
    let (code, findings) = doctor(&s, "claude-code", &[]);
    assert_eq!(code, 1, "{findings:#?}");
    let claude = "claude-code";
    let bash = one(
        &findings,
        "`bash` matches none of what `PreToolUse` tests it against (Agent, AppifactRepl,",
        "warning",
        "/hooks/PreToolUse/0/matcher",
        claude,
    );
    assert!(
        bash.contains("did you mean `Bash`? (matchers are case-sensitive)"),
        "{bash}"
    );
    one(
        &findings,
        "`Bash(` is not a valid JavaScript regular expression",
        "error",
        "/hooks/PreToolUse/1/matcher",
        claude,
    );
    one(
        &findings,
        "`mcp__memory` names an MCP server, not a tool",
        "warning",
        "/hooks/PreToolUse/2/matcher",
        claude,
    );
    one(
        &findings,
        "`matcher` is 7, not a string",
        "error",
        "/hooks/PreToolUse/4/matcher",
        claude,
    );
    one(
        &findings,
        "`UserPromptSubmit` has no matcher subject: Claude Code ignores the matcher",
        "warning",
        "/hooks/UserPromptSubmit/0/matcher",
        claude,
    );
    one(
        &findings,
        "`begin` matches none of what `SessionStart` tests it against (startup, resume, clear, compact, fork)",
        "warning",
        "/hooks/SessionStart/0/matcher",
        claude,
    );
    assert!(
        with(&findings, "/hooks/PreToolUse/3").is_empty()
            && !findings.iter().any(|f| f["path"]
                .as_str()
                .unwrap()
                .starts_with("/hooks/PreToolUse/3")),
        "a server's tools are matched: {findings:#?}"
    );
}

#[test]
fn every_claude_code_source_is_read_in_order() {
    let s = Scratch::new("claude-sources");
    s.script("project/.claude/hooks/a.sh", ECHO);
    let a = json!({ "hooks": [command(".claude/hooks/a.sh")] });
    s.write(
        "managed/managed-settings.json",
        &json!({ "allowManagedHooksOnly": true, "hooks": { "Stop": [a] } }).to_string(),
    );
    settings(
        &s,
        "project/.claude/settings.local.json",
        json!({ "SubagentStop": [a] }),
    );
    settings(
        &s,
        "project/.claude/settings.json",
        json!({ "SessionEnd": [a] }),
    );
    // Only the managed file's own key counts.
    s.write(
        "home/.claude/settings.json",
        &json!({ "allowManagedHooksOnly": true, "hooks": { "PreCompact": [a] } }).to_string(),
    );
    // The file given as `claude --settings FILE`; its missing command is reported.
    settings(
        &s,
        "cli/settings.json",
        json!({ "Notification": [{ "hooks": [command("/no/such/notify.sh")] }] }),
    );
    s.script("plugin/hooks/run.sh", ECHO);
    s.write(
        "plugin/hooks/hooks.json",
        &json!({ "description": "a plugin", "hooks": { "PostToolUse": [{ "matcher": "Edit|Write", "hooks": [
            command("\"${CLAUDE_PLUGIN_ROOT}\"/hooks/run.sh"),
            command("${CLAUDE_PLUGIN_ROOT}/hooks/missing.sh"),
        ] }] } })
        .to_string(),
    );
    s.write(
        "manifest-plugin/.claude-plugin/plugin.json",
        &json!({ "name": "m", "hooks": { "Stop": [{ "hooks": [command("${CLAUDE_PLUGIN_ROOT}/gone.sh")] }] } })
            .to_string(),
    );
    let plugin = s.root.join("plugin");
    let manifest_plugin = s.root.join("manifest-plugin");
    let cli_settings = s.root.join("cli/settings.json");
    let (code, report) = report(
        &s,
        &[
            "--host",
            "claude-code",
            "--settings",
            cli_settings.to_str().unwrap(),
            "--plugin-dir",
            plugin.to_str().unwrap(),
            "--plugin-dir",
            manifest_plugin.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 1, "{report:#}");
    let files: Vec<(&str, &str)> = report["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            assert_eq!(f["host"], "claude-code", "{f:#}");
            (f["source"].as_str().unwrap(), f["path"].as_str().unwrap())
        })
        .collect();
    let at = |relative: &str| s.root.join(relative).display().to_string();
    assert_eq!(
        files,
        [
            ("managed", at("managed/managed-settings.json").as_str()),
            ("cli", at("cli/settings.json").as_str()),
            ("local", at("project/.claude/settings.local.json").as_str()),
            ("project", at("project/.claude/settings.json").as_str()),
            ("user", at("home/.claude/settings.json").as_str()),
            ("plugin", at("plugin/hooks/hooks.json").as_str()),
            (
                "plugin",
                at("manifest-plugin/.claude-plugin/plugin.json").as_str()
            ),
        ]
    );
    let findings = report["findings"].as_array().unwrap();
    one(
        findings,
        "missing.sh does not exist",
        "error",
        "/hooks/PostToolUse/0/hooks/1",
        "claude-code",
    );
    one(
        findings,
        "notify.sh does not exist",
        "error",
        "/hooks/Notification/0/hooks/0",
        "claude-code",
    );
    one(
        findings,
        "gone.sh does not exist",
        "error",
        "/hooks/Stop/0/hooks/0",
        "claude-code",
    );
    one(
        findings,
        "`allowManagedHooksOnly` is true: Claude Code runs the hooks of managed settings",
        "note",
        "/allowManagedHooksOnly",
        "claude-code",
    );
    assert!(with(findings, "run.sh").is_empty(), "{findings:#?}");
    assert_eq!(with(findings, "a.sh").len(), 0, "{findings:#?}");
}

#[cfg(unix)]
#[test]
fn commands_missing_not_executable_or_found_only_through_path() {
    let s = Scratch::new("claude-commands");
    s.write("project/.claude/hooks/plain.sh", ECHO);
    s.script("project/.claude/hooks/ok.sh", ECHO);
    settings(
        &s,
        "project/.claude/settings.json",
        json!({ "PreToolUse": [{ "matcher": "Bash", "hooks": [
            command(".claude/hooks/plain.sh"),
            command(".claude/hooks/gone.sh"),
            command("sh .claude/hooks/ok.sh"),
            command("no-such-program-anywhere-4711 --flag"),
            { "type": "command", "command": ".claude/hooks/ok.sh", "args": ["--check"] },
            { "type": "command", "command": ".claude/hooks/missing too.sh", "args": [] },
        ] }] }),
    );
    let (code, findings) = doctor(&s, "claude-code", &[]);
    assert_eq!(code, 1);
    let at = |n: usize| format!("/hooks/PreToolUse/0/hooks/{n}");
    one(
        &findings,
        "plain.sh is not executable",
        "error",
        &at(0),
        "claude-code",
    );
    one(
        &findings,
        "gone.sh does not exist",
        "error",
        &at(1),
        "claude-code",
    );
    let path = one(
        &findings,
        "`sh .claude/hooks/ok.sh` is found only through PATH",
        "warning",
        &at(2),
        "claude-code",
    );
    assert!(path.contains("$CLAUDE_PROJECT_DIR"), "{path}");
    one(
        &findings,
        "`no-such-program-anywhere-4711` cannot be found",
        "error",
        &at(3),
        "claude-code",
    );
    assert!(with(&findings, "ok.sh'").is_empty(), "{findings:#?}");
    one(
        &findings,
        "missing too.sh does not exist",
        "error",
        &at(5),
        "claude-code",
    );
    assert_eq!(findings.len(), 5, "{findings:#?}");
}

#[test]
fn a_hook_binary_is_compared_with_its_claude_handlers_without_being_run() {
    let s = Scratch::new("claude-binary");
    let hook = recorded_hook(
        &s,
        "bin/guard",
        json!([
            { "event": "PreToolUse", "handler": "guard", "matcher": "Bash", "timeout": 5, "failClosed": true, "host": "claude-code" },
            { "event": "PostToolUse", "handler": "audit", "failClosed": true, "host": "claude-code" },
            { "event": "Stop", "handler": "verify", "host": "claude-code" },
            { "event": "preToolUse", "handler": "cursor_guard", "matcher": "Shell" },
            { "event": "sessionStart", "handler": "hello" },
        ]),
    );
    let hook = hook.to_str().unwrap();
    settings(
        &s,
        "project/.claude/settings.json",
        json!({
            "PreToolUse": [{ "matcher": "Edit", "hooks": [{ "type": "command", "command": hook, "timeout": 10 }] }],
            "SessionStart": [{ "hooks": [command(hook)] }],
            "PostToolUse": [{ "hooks": [{ "type": "command", "command": hook, "onFailure": "block" }] }],
        }),
    );
    let (code, findings) = doctor(&s, "claude-code", &[]);
    assert_eq!(code, 0, "{findings:#?}");
    let claude = "claude-code";
    one(
        &findings,
        "`timeout` is 10 seconds here but the handler declares 5 seconds",
        "warning",
        "/hooks/PreToolUse/0/hooks/0",
        claude,
    );
    one(
        &findings,
        "`matcher` is `Edit` here but the handler declares `Bash`",
        "warning",
        "/hooks/PreToolUse/0/hooks/0",
        claude,
    );
    one(
        &findings,
        "`PreToolUse` handler fails closed, but when the binary cannot start or is killed at this entry's timeout Claude Code lets the action through; `\"onFailure\": \"block\"`",
        "note",
        "/hooks/PreToolUse/0/hooks/0",
        claude,
    );
    assert!(
        with(&findings, "`PostToolUse` handler fails closed").is_empty(),
        "onFailure block answers a fail-closed handler: {findings:#?}"
    );

    let twin = one(
        &findings,
        "has no Claude Code handler for `SessionStart`",
        "warning",
        "/hooks/SessionStart/0/hooks/0",
        claude,
    );
    assert!(
        twin.contains("its `sessionStart` handler is a Cursor one (`#[cursor_hook]`), which Claude Code never runs"),
        "{twin}"
    );
    one(
        &findings,
        "also handles Claude Code's `Stop` but no Claude Code settings file wires it",
        "warning",
        // On the binary's first entry (serde_json orders the events by name).
        "/hooks/PostToolUse/0/hooks/0",
        claude,
    );
    assert!(
        !s.root.join("bin/guard.ran").exists(),
        "doctor ran a wired file"
    );
    // Cursor's reading of the same settings: its `preToolUse` handler answers, and the Claude
    // Code handlers are not listed as unwired Cursor ones.
    let (_, cursor) = doctor(&s, "cursor", &[]);
    assert!(with(&cursor, "Stop").is_empty(), "{cursor:#?}");
    assert!(with(&cursor, "has no handler").is_empty(), "{cursor:#?}");
    assert!(
        !s.root.join("bin/guard.ran").exists(),
        "doctor ran a wired file"
    );
}

#[test]
fn the_same_binary_wired_twice_for_claude_code() {
    let s = Scratch::new("claude-twice");
    let guard = s.script("project/.claude/hooks/guard.sh", ECHO);
    let absolute = guard.to_str().unwrap();
    let relative = ".claude/hooks/guard.sh";
    settings(
        &s,
        "project/.claude/settings.json",
        json!({
            "PreToolUse": [
                { "matcher": "Bash", "hooks": [command(relative)] },
                { "matcher": "Edit|Write", "hooks": [command(relative)] },
                { "matcher": "Bash|Read", "hooks": [command(absolute)] },
            ],
            "Stop": [{ "hooks": [command(relative)] }],
        }),
    );
    settings(
        &s,
        "project/.claude/settings.local.json",
        json!({ "Stop": [{ "hooks": [command(relative)] }] }),
    );
    let (code, findings) = doctor(&s, "claude-code", &[]);
    assert_eq!(code, 0, "{findings:#?}");
    let claude = "claude-code";
    one(
        &findings,
        "is wired again for `PreToolUse`: the same hook is already wired at",
        "warning",
        "/hooks/PreToolUse/2/hooks/0",
        claude,
    );
    let note = one(
        &findings,
        "is wired again for `Stop`",
        "note",
        "/hooks/Stop/0/hooks/0",
        claude,
    );
    assert!(
        note.contains("identical handler once") && note.contains("(verified)"),
        "{note}"
    );
    assert_eq!(findings.len(), 2, "{findings:#?}");
}

#[test]
fn one_binary_in_both_hosts_files_runs_once_in_cursor_when_the_commands_are_identical() {
    let s = Scratch::new("claude-meet");
    let guard = s.script("project/.cursor/hooks/guard.sh", ECHO);
    let relative = ".cursor/hooks/guard.sh";
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({
            "preToolUse": [{ "command": relative, "matcher": "Shell" }],
            "postToolUse": [{ "command": relative }],
            "stop": [{ "command": guard.to_str().unwrap() }],
        }),
    );
    settings(
        &s,
        "project/.claude/settings.json",
        json!({
            "PreToolUse": [{ "matcher": "Bash", "hooks": [command(relative)] }],
            "PostToolUse": [{ "matcher": "Bash", "hooks": [command(relative)] }],
            "Stop": [{ "hooks": [command(relative)] }],
        }),
    );
    for host in ["cursor", "all"] {
        let (_, findings) = doctor(&s, host, &[]);
        // Identical command strings: Cursor drops the Claude Code copy (verified in its code).
        assert!(
            !findings
                .iter()
                .any(|f| f["path"] == "/hooks/PreToolUse/0/hooks/0"),
            "{findings:#?}"
        );
        // ... whatever the matchers: the drop loses this group's, which is a note.
        let lost = one(
            &findings,
            "with the same command string, so Cursor drops this Claude Code copy",
            "note",
            "/hooks/PostToolUse/0/hooks/0",
            "cursor",
        );
        for expected in [
            "runs the hook once",
            "`cursor.dedupe`",
            ", verified)",
            "(none: every subject) matches, not this group's (`Shell` as Cursor imports it)",
        ] {
            assert!(lost.contains(expected), "`{expected}` in {lost}");
        }
        let differ = one(
            &findings,
            "is wired for Cursor's `stop` at",
            "warning",
            "/hooks/Stop/0/hooks/0",
            "cursor",
        );
        assert!(
            differ.contains("the command strings differ, so it runs both copies: it runs twice"),
            "{differ}"
        );
    }
    // Claude Code reads only its own settings: nothing meets there.
    let (_, claude) = doctor(&s, "claude-code", &[]);
    assert!(with(&claude, "runs both copies").is_empty(), "{claude:#?}");
}

#[test]
fn a_file_in_the_other_hosts_format() {
    let s = Scratch::new("claude-formats");
    s.script("project/a.sh", ECHO);
    s.write(
        "project/.cursor/hooks.json",
        &json!({ "hooks": { "PreToolUse": [{ "matcher": "Bash", "hooks": [command("./a.sh")] }] } })
            .to_string(),
    );
    s.hooks_json(
        "project/.claude/settings.json",
        json!({ "preToolUse": [{ "command": "./a.sh" }] }),
    );
    let (code, findings) = doctor(&s, "all", &[]);
    assert_eq!(code, 1);
    let claude_here = with(&findings, "this is Claude Code's settings format");
    assert_eq!(claude_here.len(), 1, "{findings:#?}");
    assert!(claude_here[0]["file"]
        .as_str()
        .unwrap()
        .ends_with(".cursor/hooks.json"));
    assert_eq!(claude_here[0]["severity"], "error");
    let cursor_there = with(&findings, "this is Cursor's hooks.json format");
    let by_host: Vec<(&str, &str)> = cursor_there
        .iter()
        .map(|f| (f["host"].as_str().unwrap(), f["severity"].as_str().unwrap()))
        .collect();
    assert_eq!(by_host, [("cursor", "warning"), ("claude-code", "error")]);
    assert!(cursor_there.iter().all(|f| f["file"]
        .as_str()
        .unwrap()
        .ends_with(".claude/settings.json")));
}

#[test]
fn text_output_names_the_host() {
    let s = Scratch::new("claude-text");
    settings(
        &s,
        "project/.claude/settings.json",
        // With a `matcher` key, which Cursor needs to import the file at all.
        json!({ "Stop": [{ "matcher": "", "hooks": [{ "type": "command", "command": "./gone.sh" }] }] }),
    );
    let (code, text) = doctor_raw(&s, &["--host", "all"]);
    assert_eq!(code, 1, "{text}");
    let settings = s.root.join("project/.claude/settings.json");
    assert!(
        text.contains(&format!("read {} (claude-project)\n", settings.display())),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "read {} (Claude Code project)\n",
            settings.display()
        )),
        "{text}"
    );
    assert!(
        text.contains("#/hooks/Stop/0/hooks/0: error: [claude-code] "),
        "{text}"
    );
    assert!(
        text.contains("#/hooks/Stop/0/hooks/0: error: [cursor] "),
        "{text}"
    );
    // Without --host, the lines are as they always were.
    let (_, plain) = doctor_raw(&s, &[]);
    assert!(
        !plain.contains("[cursor]") && !plain.contains("Claude Code project"),
        "{plain}"
    );
}

#[test]
fn an_entry_claude_codes_schema_rejects_under_pre_tool_use_turns_off_the_files_guards() {
    // Recorded with 2.1.330 (spec/claude-code/host.json `observed_rules`,
    // `schema-invalid-entry-voids-file`): the guard and the Stop hook of this file never run.
    let s = Scratch::new("claude-schema-voids");
    s.script("project/.claude/hooks/a.sh", ECHO);
    let a = ".claude/hooks/a.sh";
    settings(
        &s,
        "project/.claude/settings.json",
        json!({
            "PreToolUse": [{ "matcher": "Bash", "hooks": [
                { "type": "command", "command": "guard.sh" },
                { "type": "command", "command": a, "timeout": "30" },
            ] }],
            "Stop": [{ "hooks": [{ "type": "command", "command": "verify.sh" }] }],
        }),
    );
    let (code, report) = report(&s, &["--host", "claude-code"]);
    assert_eq!(code, 1);
    let findings = report["findings"].as_array().expect("findings");
    let message = one(
        findings,
        "Claude Code's settings schema rejects this `PreToolUse` hook",
        "error",
        "/hooks/PreToolUse/0/hooks/1",
        "claude-code",
    );
    assert!(
        message.contains("`timeout` is \"30\", not a number"),
        "{message}"
    );
    assert!(
        message.contains("`guard.sh` on PreToolUse, `verify.sh` on Stop"),
        "{message}"
    );
    assert_eq!(report["files"][0]["loaded"], false, "{report:#}");
}

#[test]
fn an_entry_claude_codes_schema_rejects_elsewhere_is_dropped_alone() {
    let s = Scratch::new("claude-schema-drops");
    settings(
        &s,
        "project/.claude/settings.json",
        json!({
            "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "guard.sh" }] }],
            "Stop": [{ "hooks": [{ "type": "command", "command": "verify.sh", "timeout": 0 }] }],
        }),
    );
    let (code, report) = report(&s, &["--host", "claude-code"]);
    assert_eq!(code, 1);
    let findings = report["findings"].as_array().expect("findings");
    let message = one(
        findings,
        "Claude Code's settings schema rejects this `Stop` hook",
        "error",
        "/hooks/Stop/0/hooks/0",
        "claude-code",
    );
    assert!(message.contains("does not load it"), "{message}");
    assert_eq!(report["files"][0]["loaded"], true, "{report:#}");
    assert_eq!(report["files"][0]["hooks"], 1, "{report:#}");
}

#[test]
fn an_if_rule_for_a_tool_the_matcher_never_selects_is_a_hook_that_never_runs() {
    let s = Scratch::new("claude-if-rule");
    settings(
        &s,
        "project/.claude/settings.json",
        json!({
            "PreToolUse": [{ "matcher": "Bash", "hooks": [
                { "type": "command", "command": "guard.sh", "if": "Read(*.env)" },
                { "type": "command", "command": "git-guard.sh", "if": "Bash(git *)" },
            ] }],
        }),
    );
    let (_, findings) = doctor(&s, "claude-code", &[]);
    one(
        &findings,
        "its `if` rule `Read(*.env)` names `Read`, which the group's matcher `Bash` never selects",
        "warning",
        "/hooks/PreToolUse/0/hooks/0/if",
        "claude-code",
    );
    assert!(with(&findings, "`Bash(git *)`").is_empty(), "{findings:#?}");
}

/// A plugin's hooks module (`modules` in its hooks/hooks.json, since Claude Code 2.1.287) runs
/// before the command hooks and may answer a tool call without them: doctor warns, naming the
/// file and the module, and a second module (Claude Code refuses both) is an error. The same
/// key in a settings file is not a plugin's and says nothing.
#[test]
fn a_plugin_hooks_module_may_pre_empt_a_command_guard() {
    let s = Scratch::new("claude-plugin-modules");
    s.script("plugin/hooks/guard.sh", ECHO);
    s.write(
        "plugin/hooks/hooks.json",
        &json!({ "modules": ["./register.ts"], "hooks": { "PreToolUse": [{ "matcher": "Bash", "hooks": [
            command("\"${CLAUDE_PLUGIN_ROOT}\"/hooks/guard.sh"),
        ] }] } })
        .to_string(),
    );
    s.write(
        "two/hooks/hooks.json",
        &json!({ "modules": ["./a.ts", "./b.ts"] }).to_string(),
    );
    s.write(
        "project/.claude/settings.json",
        &json!({ "modules": ["./register.ts"], "hooks": {} }).to_string(),
    );
    let (plugin, two) = (s.root.join("plugin"), s.root.join("two"));
    let (code, report) = report(
        &s,
        &[
            "--host",
            "claude-code",
            "--plugin-dir",
            plugin.to_str().unwrap(),
            "--plugin-dir",
            two.to_str().unwrap(),
        ],
    );
    let findings = report["findings"].as_array().unwrap();
    let warning = one(
        findings,
        "hooks module `./register.ts`",
        "warning",
        "/modules",
        "claude-code",
    );
    assert!(
        warning.contains("PreToolUse command hooks") && warning.contains("fails open"),
        "{warning}"
    );
    let hits = with(findings, "hooks module `./register.ts`");
    assert_eq!(
        hits[0]["file"],
        s.root.join("plugin/hooks/hooks.json").display().to_string(),
        "{:#?}",
        hits[0]
    );
    let refused = one(
        findings,
        "names 2 hooks modules",
        "error",
        "/modules",
        "claude-code",
    );
    assert!(refused.contains("`./a.ts`, `./b.ts`"), "{refused}");
    assert_eq!(findings.len(), 2, "{findings:#?}");
    assert_eq!(code, 1, "{report:#}");
}

#[test]
fn on_failure_where_claude_code_ignores_it_or_no_hook_can_block_is_noted() {
    // spec/claude-code/host.json `fail_closed`: Claude Code ignores `onFailure` on Stop (BIN and
    // REC 2.1.332), and no hook can block SessionStart.
    let s = Scratch::new("claude-on-failure-ignored");
    let hook = recorded_hook(
        &s,
        "bin/verify",
        json!([
            { "event": "Stop", "handler": "verify", "failClosed": true, "host": "claude-code" },
            { "event": "SessionStart", "handler": "hello", "host": "claude-code" },
        ]),
    );
    let blocking =
        json!({ "type": "command", "command": hook.to_str().unwrap(), "onFailure": "block" });
    settings(
        &s,
        "project/.claude/settings.json",
        json!({
            "Stop": [{ "hooks": [blocking.clone()] }],
            "SessionStart": [{ "hooks": [blocking] }],
        }),
    );
    let (_, findings) = doctor(&s, "claude-code", &[]);
    one(
        &findings,
        "`\"onFailure\": \"block\"` has no effect on `Stop`: Claude Code ignores `onFailure` there",
        "note",
        "/hooks/Stop/0/hooks/0",
        "claude-code",
    );
    one(
        &findings,
        "`\"onFailure\": \"block\"` has no effect on `SessionStart`: no hook can block there",
        "note",
        "/hooks/SessionStart/0/hooks/0",
        "claude-code",
    );
}

#[test]
fn an_invalid_pre_tool_use_entry_in_a_plugin_turns_off_the_plugins_guards() {
    // Probed on 2.1.332 (spec/claude-code/host.json `observed_rules`,
    // `schema-invalid-entry-voids-file`): as in a settings file, the plugin's deny never runs.
    let s = Scratch::new("claude-plugin-schema-voids");
    s.write(
        "plugin/hooks/hooks.json",
        &json!({ "hooks": { "PreToolUse": [{ "matcher": "Bash", "hooks": [
            { "type": "command", "command": "guard.sh" },
            { "type": "command", "command": "other.sh", "onFailure": "stop" },
        ] }] } })
        .to_string(),
    );
    let plugin = s.root.join("plugin");
    let (code, report) = report(
        &s,
        &[
            "--host",
            "claude-code",
            "--plugin-dir",
            plugin.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 1, "{report:#}");
    let findings = report["findings"].as_array().expect("findings");
    let message = one(
        findings,
        "Claude Code's settings schema rejects this `PreToolUse` hook",
        "error",
        "/hooks/PreToolUse/0/hooks/1",
        "claude-code",
    );
    assert!(
        message.contains("`onFailure` is \"stop\", not \"continue\" or \"block\""),
        "{message}"
    );
    assert!(message.contains("`guard.sh` on PreToolUse"), "{message}");
}

#[test]
fn two_permission_request_hooks_for_the_same_tools_race() {
    // spec/claude-code/host.json `observed_rules`, `permission-request-first-decision`: the first
    // allow or deny to answer decides, so a quick allow switches a slower deny off.
    let s = Scratch::new("claude-permission-race");
    s.script("project/.claude/hooks/allow.sh", ECHO);
    s.script("project/.claude/hooks/deny.sh", ECHO);
    s.script("project/.claude/hooks/read.sh", ECHO);
    let group = |matcher: &str, path: &str| json!({ "matcher": matcher, "hooks": [command(path)] });
    settings(
        &s,
        "project/.claude/settings.json",
        json!({ "PermissionRequest": [
            group("Bash", ".claude/hooks/allow.sh"),
            group("Read", ".claude/hooks/read.sh"),
        ] }),
    );
    settings(
        &s,
        "project/.claude/settings.local.json",
        json!({ "PermissionRequest": [group("Bash|Edit", ".claude/hooks/deny.sh")] }),
    );
    let (code, findings) = doctor(&s, "claude-code", &[]);
    assert_eq!(code, 0, "{findings:#?}");
    let message = one(
        &findings,
        "both answer `PermissionRequest` for the same tools",
        "warning",
        "/hooks/PermissionRequest/0/hooks/0",
        "claude-code",
    );
    assert!(
        message.starts_with("`.claude/hooks/allow.sh` and `.claude/hooks/deny.sh`"),
        "{message}"
    );
    assert!(
        message.contains("its allow switches the other's deny off"),
        "{message}"
    );
}

#[test]
fn a_matcher_name_cursors_import_turns_into_a_tool_the_guard_will_not_know_is_a_warning() {
    let s = Scratch::new("claude-import-matchers");
    let guard = s.script("project/.claude/hooks/guard.sh", ECHO);
    let guard = guard.to_str().unwrap();
    settings(
        &s,
        "project/.claude/settings.json",
        json!({
            "PreToolUse": [
                { "matcher": "Bash|Glob", "hooks": [command(guard)] },
                { "matcher": "mcp__github", "hooks": [command(guard)] },
                { "matcher": "mcp__.*__merge_pull_request", "hooks": [command(guard)] },
                { "matcher": "mcp__github__merge_pull_request|Edit", "hooks": [command(guard)] },
            ],
        }),
    );
    let (_, cursor) = doctor(&s, "cursor", &[]);
    let in_cursor = |text: &str| {
        let hits = with(&cursor, text);
        assert_eq!(hits.len(), 1, "one finding with `{text}` in {cursor:#?}");
        assert_eq!(hits[0]["severity"], "warning", "{:#?}", hits[0]);
        assert_eq!(hits[0]["host"], "cursor", "{:#?}", hits[0]);
        hits[0]["path"].as_str().unwrap().to_owned()
    };
    assert_eq!(
        in_cursor("`Glob` is dropped"),
        "/hooks/PreToolUse/0/matcher"
    );
    assert_eq!(
        in_cursor("`mcp__github` is kept as written"),
        "/hooks/PreToolUse/1/matcher"
    );
    assert_eq!(
        in_cursor("`mcp__.*__merge_pull_request` matches MCP tools"),
        "/hooks/PreToolUse/2/matcher"
    );
    // A spelled-out MCP tool and `Edit` are given back to the guard by their own names.
    assert!(
        with(&cursor, "in Cursor, which also runs this file")
            .iter()
            .all(|f| f["path"] != "/hooks/PreToolUse/3/matcher"),
        "{cursor:#?}"
    );
    // Claude Code itself reads these names as written: nothing to say there.
    let (_, claude) = doctor(&s, "claude-code", &[]);
    assert!(
        with(&claude, "in Cursor, which also runs this file").is_empty(),
        "{claude:#?}"
    );
}

/// doctor checks the plugins Claude Code has installed that the settings turn on
/// (`enabledPlugins`), and says, one finding each at the entry that turns it on, which it could
/// not read: not installed, its marketplace unknown, its folder gone from the cache, the
/// install records unreadable (before: none of them was seen).
#[test]
fn doctor_reads_the_installed_plugins_the_settings_turn_on() {
    let s = Scratch::new("doctor-installed");
    s.install_claude_plugin(
        "guard@team",
        json!({ "PreToolUse": [{ "matcher": "Bash", "hooks": [command("/nonexistent/guard")] }] }),
    );
    let gone = s.install_claude_plugin("gone@team", json!({}));
    std::fs::remove_dir_all(&gone).expect("removed");
    let turned_on = json!({"enabledPlugins": {"guard@team": true, "gone@team": true,
        "absent@team": true, "stray@nowhere": true, "off@team": false}});
    s.write("project/.claude/settings.json", &turned_on.to_string());
    let (code, report) = report(&s, &["--host", "claude-code"]);
    let findings = report["findings"].as_array().expect("findings").clone();
    assert_eq!(code, 1, "{findings:#?}");
    // The installed plugin's hooks are checked: its missing program is found.
    one(
        &findings,
        "/nonexistent/guard does not exist",
        "error",
        "/hooks/PreToolUse/0/hooks/0",
        "claude-code",
    );
    one(
        &findings,
        "`gone@team` is turned on here, but its installed folder",
        "error",
        "/enabledPlugins/gone@team",
        "claude-code",
    );
    one(
        &findings,
        "`absent@team` is turned on here, but it is not installed",
        "warning",
        "/enabledPlugins/absent@team",
        "claude-code",
    );
    one(
        &findings,
        "`stray@nowhere` is turned on here, but its marketplace `nowhere` is not known",
        "warning",
        "/enabledPlugins/stray@nowhere",
        "claude-code",
    );
    assert!(with(&findings, "off@team").is_empty(), "{findings:#?}");

    // Records that cannot be read: each enabled plugin is said, none passes in silence.
    std::fs::write(
        s.home().join(".claude/plugins/installed_plugins.json"),
        "{ not json",
    )
    .expect("written");
    let (_, findings) = doctor(&s, "claude-code", &[]);
    let unread = with(&findings, "installed_plugins.json cannot be read");
    assert_eq!(unread.len(), 3, "{findings:#?}");
}

#[test]
fn a_python_named_group_in_a_matcher_says_what_javascript_writes() {
    let s = Scratch::new("python-group");
    let guard = s.script("project/.cursor/hooks/guard.sh", ECHO);
    let guard = guard.to_str().unwrap();
    let hooks = s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "preToolUse": [{ "command": guard, "matcher": "(?P<t>Shell)" }] }),
    );
    let claude_file = settings(
        &s,
        "project/.claude/settings.json",
        json!({ "PreToolUse": [{ "matcher": "(?P<t>Bash)|Edit", "hooks": [command(guard)] }] }),
    );
    let hint =
        "`(?P<name>...)` is Python's spelling of a named group: JavaScript writes `(?<name>...)`";
    let in_file = |findings: &[Value], file: &Path| -> Vec<String> {
        with(findings, "is not a valid JavaScript regular expression")
            .into_iter()
            .filter(|f| f["file"] == file.to_str().unwrap())
            .map(|f| f["message"].as_str().unwrap().to_owned())
            .collect()
    };
    let (_, cursor) = doctor(&s, "cursor", &[]);
    for file in [&hooks, &claude_file] {
        let said = in_file(&cursor, file);
        assert_eq!(said.len(), 1, "{cursor:#?}");
        assert!(said[0].ends_with(hint), "{}", said[0]);
    }
    let (_, claude) = doctor(&s, "claude-code", &[]);
    let said = in_file(&claude, &claude_file);
    assert_eq!(said.len(), 1, "{claude:#?}");
    assert!(said[0].ends_with(hint), "{}", said[0]);
}

/// A project whose settings name `PreSkillShellCommand` (Claude Code 2.1.332 and later) and
/// `PreToolUse`, and `doctor --host claude-code` with `PATH` holding only `bin` (a folder of the
/// scratch) and the system's: its findings.
fn version_gate(s: &Scratch, bin: &Path) -> (Vec<Value>, Value) {
    s.script("project/.claude/hooks/guard.sh", ECHO);
    s.write(
        "project/.claude/settings.json",
        &json!({"hooks": {
            "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/guard.sh"}]}],
            "PreSkillShellCommand": [{"hooks": [{"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/guard.sh"}]}]
        }})
        .to_string(),
    );
    let path = format!("{}:/usr/bin:/bin", bin.display());
    let (_, stdout) = doctor_raw_with_path(s, &["--json", "--host", "claude-code"], Some(&path));
    let report: Value = serde_json::from_str(&stdout).expect("a JSON report");
    let findings = report["findings"].as_array().expect("findings").clone();
    (findings, report["claude_code_version"].clone())
}

/// A stand-in `claude` in the scratch's `bin` that prints `version` as Claude Code's
/// `--version` does, and leaves `ran` beside it when started.
fn claude_printing(s: &Scratch, version: &str) -> PathBuf {
    let ran = s.root.join("bin/ran");
    s.script(
        "bin/claude",
        &format!("touch '{}'; echo '{version} (Claude Code)'", ran.display()),
    );
    s.root.join("bin")
}

#[test]
fn an_installed_claude_code_older_than_an_event_of_the_settings_is_an_error_there() {
    let s = Scratch::new("claude-version-old");
    let bin = claude_printing(&s, "2.1.331");
    let (findings, version) = version_gate(&s, &bin);
    assert_eq!(version["installed"], "2.1.331", "{version}");
    let message = one(
        &findings,
        "predates `PreSkillShellCommand` (added in 2.1.332)",
        "error",
        "/hooks/PreSkillShellCommand/0/hooks/0",
        "claude-code",
    );
    assert!(message.contains("Claude Code 2.1.331"), "{message}");
    assert!(message.contains("Settings Error"), "{message}");
    assert!(
        with(&findings, "predates `PreToolUse`").is_empty(),
        "{findings:#?}"
    );
}

#[test]
fn an_installed_claude_code_new_enough_for_every_event_says_nothing() {
    let s = Scratch::new("claude-version-new");
    let bin = claude_printing(&s, "2.1.332");
    let (findings, version) = version_gate(&s, &bin);
    assert!(with(&findings, "predates").is_empty(), "{findings:#?}");
    assert_eq!(
        (&version["installed"], &version["needs"], &version["for"]),
        (
            &json!("2.1.332"),
            &json!("2.1.332"),
            &json!("PreSkillShellCommand")
        ),
        "{version}"
    );
    assert!(s.root.join("bin/ran").exists(), "doctor read the version");
}

#[test]
fn without_claude_on_path_doctor_says_which_version_the_settings_need() {
    let s = Scratch::new("claude-version-none");
    let bin = s.root.join("bin");
    std::fs::create_dir_all(&bin).expect("bin");
    let (findings, version) = version_gate(&s, &bin);
    assert!(with(&findings, "predates").is_empty(), "{findings:#?}");
    assert_eq!(
        version,
        json!({"installed": null, "why": "`claude` is not on PATH", "needs": "2.1.332", "for": "PreSkillShellCommand"})
    );
    let (_, text) = doctor_raw_with_path(
        &s,
        &["--host", "claude-code"],
        Some(&format!("{}:/usr/bin:/bin", bin.display())),
    );
    assert!(
        text.contains("`claude` is not on PATH, so the installed Claude Code is not checked; these settings need Claude Code 2.1.332 or later (for `PreSkillShellCommand`)"),
        "{text}"
    );
}

#[test]
fn a_claude_inside_the_project_is_never_run_for_its_version() {
    let s = Scratch::new("claude-version-planted");
    let ran = s.root.join("ran");
    s.script(
        "project/tools/claude",
        &format!("touch '{}'; echo '9.9.9 (Claude Code)'", ran.display()),
    );
    let (_, version) = version_gate(&s, &s.project().join("tools"));
    assert!(
        !ran.exists(),
        "doctor ran a program of the project it inspects"
    );
    assert_eq!(version["why"], "`claude` is not on PATH", "{version}");
}

/// A plugin installed for the project whose hooks no settings file turns on is a gate doctor
/// names (a warning with the command that turns it on; a note where a file turns it off on
/// purpose), and a turned-on one is not (before: nothing was said of either).
#[test]
fn an_installed_plugin_no_settings_file_turns_on_is_named() {
    let s = Scratch::new("doctor-not-enabled");
    let hooks = json!({ "PreToolUse": [{ "matcher": "Bash", "hooks": [command("/bin/true")] }] });
    s.install_claude_plugin("guard@team", hooks.clone());
    s.install_claude_plugin("muted@team", hooks.clone());
    s.install_claude_plugin("live@team", hooks);
    s.write(
        "project/.claude/settings.json",
        &json!({"enabledPlugins": {"muted@team": false, "live@team": true}}).to_string(),
    );
    let (_, findings) = doctor(&s, "claude-code", &[]);
    let warning = one(
        &findings,
        "`guard@team` is installed but no settings file turns it on",
        "warning",
        "/plugins/guard@team",
        "claude-code",
    );
    assert!(
        warning.contains("claude plugin enable guard@team"),
        "{warning}"
    );
    one(
        &findings,
        "`muted@team` is installed, and turned off in",
        "note",
        "/plugins/muted@team",
        "claude-code",
    );
    assert!(
        with(&findings, "`live@team` is installed").is_empty(),
        "{findings:#?}"
    );
}

/// `disableAllHooks: true` is a gate doctor names, at the key; `false` says nothing.
#[test]
fn disable_all_hooks_is_named_where_it_is_true() {
    let s = Scratch::new("doctor-disable-all");
    s.script("project/.claude/hooks/guard.sh", ECHO);
    let hooks = json!({"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/guard.sh"}]}]});
    s.write(
        "project/.claude/settings.json",
        &json!({"hooks": hooks}).to_string(),
    );
    s.write(
        "project/.claude/settings.local.json",
        r#"{"disableAllHooks": true}"#,
    );
    let (_, findings) = doctor(&s, "claude-code", &[]);
    let message = one(
        &findings,
        "`disableAllHooks` is true: Claude Code runs no hook",
        "warning",
        "/disableAllHooks",
        "claude-code",
    );
    assert!(!message.is_empty());
    s.write(
        "project/.claude/settings.local.json",
        r#"{"disableAllHooks": false}"#,
    );
    let (_, findings) = doctor(&s, "claude-code", &[]);
    assert!(
        with(&findings, "disableAllHooks").is_empty(),
        "{findings:#?}"
    );
}
