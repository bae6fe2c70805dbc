//! `cursor-hooks simulate --host claude-code` on temporary Claude Code configurations: user,
//! project and local settings and plugins, with small hook scripts, read and combined by the
//! rules of `spec/claude-code/`.

mod common;

use common::Scratch;
use serde_json::{json, Value};

/// Writes a settings file (`project/.claude/settings.json`, ...) with these hooks.
fn settings(s: &Scratch, relative: &str, hooks: Value) {
    s.write(relative, &json!({ "hooks": hooks }).to_string());
}

/// One matcher group running `command`.
fn group(matcher: Option<&str>, command: &str) -> Value {
    let mut group = json!({ "hooks": [{ "type": "command", "command": command }] });
    if let Some(matcher) = matcher {
        group["matcher"] = json!(matcher);
    }
    group
}

/// `cursor-hooks ARGS` in the project, with the scratch's home and managed settings file (never
/// the machine's).
fn cli(s: &Scratch, args: &[&str], stdin: Option<&str>) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut command = Command::new(common::CLI);
    command
        .args(args)
        .current_dir(s.project())
        .env("HOME", s.home())
        .env(
            "CURSOR_HOOKS_CLAUDE_MANAGED_FILE",
            s.root.join("managed/managed-settings.json"),
        )
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().expect("cursor-hooks starts");
    let input = child.stdin.take().expect("piped");
    if let Some(text) = stdin {
        let mut input = input;
        input.write_all(text.as_bytes()).expect("stdin written");
    }
    common::wait_bounded(child)
}

/// `simulate --host claude-code --json ARGS` in the project.
fn claude(s: &Scratch, args: &[&str]) -> Value {
    claude_output(s, args).0
}

/// The same, and what it wrote to stderr.
fn claude_output(s: &Scratch, args: &[&str]) -> (Value, String) {
    let mut all = vec!["--host", "claude-code"];
    all.extend_from_slice(args);
    s.simulate_output(&all, None)
}

/// A PreToolUse payload of Bash running `command`.
fn bash(s: &Scratch, command: &str) -> Value {
    let input = json!({ "command": command }).to_string();
    let input = format!("tool_input={input}");
    claude(
        s,
        &[
            "--event",
            "PreToolUse",
            "--set",
            "tool_name=Bash",
            "--set",
            &input,
        ],
    )
}

fn statuses(result: &Value) -> Vec<String> {
    let hooks = result["hooks"].as_array().expect("hooks");
    hooks
        .iter()
        .map(|h| {
            format!(
                "{} {}",
                h["status"].as_str().unwrap(),
                h["command"].as_str().unwrap_or("")
            )
        })
        .collect()
}

fn texts(result: &Value, key: &str) -> Vec<String> {
    let list = result[key]
        .as_array()
        .unwrap_or_else(|| panic!("{key} in {result}"));
    list.iter()
        .map(|t| t.as_str().unwrap().to_owned())
        .collect()
}

const DENY: &str = r#"echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm"}}'"#;
const ALLOW: &str = r#"echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"fine"}}'"#;
const ASK: &str = r#"echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"sure?"}}'"#;

#[test]
fn user_project_and_local_settings_merge_and_deny_beats_ask_and_allow() {
    let s = Scratch::new("claude-merge");
    settings(
        &s,
        "home/.claude/settings.json",
        json!({ "PreToolUse": [group(Some("Bash"), ALLOW)] }),
    );
    settings(
        &s,
        "project/.claude/settings.json",
        json!({ "PreToolUse": [group(Some("Bash"), DENY)] }),
    );
    settings(
        &s,
        "project/.claude/settings.local.json",
        json!({ "PreToolUse": [group(Some("Bash"), ASK)] }),
    );
    let result = bash(&s, "rm -rf target");
    assert_eq!(result["host"], "claude-code");
    assert_eq!(result["outcome"], "blocked");
    assert_eq!(result["blocked"], true);
    let sources: Vec<&str> = result["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["source"].as_str().unwrap())
        .collect();
    assert_eq!(sources, ["local", "project", "user"]);
    assert!(
        statuses(&result).iter().all(|s| s.starts_with("ran ")),
        "{result}"
    );
    assert_eq!(
        result["decision"]["hookSpecificOutput"],
        json!({ "hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "no rm" })
    );
    // The deny reason goes to Claude; the others' reasons to nobody (they lost).
    assert_eq!(texts(&result, "model_sees"), ["no rm"]);

    // Without the deny: ask beats allow; in print mode the call is refused and the ask's
    // reason is the tool result Claude gets (host.json `observed_rules`, `ask-in-print-mode`).
    settings(&s, "project/.claude/settings.json", json!({}));
    let result = bash(&s, "rm -rf target");
    assert!(
        result["outcome"]
            .as_str()
            .unwrap()
            .starts_with("asks the user"),
        "{result}"
    );
    assert_eq!(result["blocked"], false);
    assert_eq!(texts(&result, "user_sees"), Vec::<String>::new());
    assert_eq!(texts(&result, "model_sees"), ["sure?"]);
}

#[test]
fn matchers_are_exact_names_or_unanchored_regexes_and_ignored_without_a_subject() {
    let s = Scratch::new("claude-matchers");
    let marks = ["exact", "prefix", "regex", "list", "star", "empty", "none"];
    let matchers = [
        Some("Bash"),
        Some("Bas"),
        Some("^Ba"),
        Some("Edit|Write"),
        Some("*"),
        Some(""),
        None,
    ];
    let groups: Vec<Value> = marks
        .iter()
        .zip(matchers)
        .map(|(mark, matcher)| group(matcher, &format!("echo {mark}")))
        .collect();
    settings(
        &s,
        "project/.claude/settings.json",
        json!({ "PreToolUse": groups.clone(), "Stop": [group(Some("Bash"), "echo stop")] }),
    );
    let result = bash(&s, "ls");
    assert_eq!(
        statuses(&result),
        [
            "ran echo exact",
            "skipped echo prefix",
            "ran echo regex",
            "skipped echo list",
            "ran echo star",
            "ran echo empty",
            "ran echo none",
        ]
    );
    let skipped = &result["hooks"][1];
    assert_eq!(skipped["reason"], "matcher `Bas` does not match `Bash`");
    // Stop has no subject: its matcher is ignored.
    let stop = claude(&s, &["--event", "Stop"]);
    assert_eq!(statuses(&stop), ["ran echo stop"]);
}

#[test]
fn exit_2_does_what_each_event_says() {
    let s = Scratch::new("claude-exit2");
    let exit2 = "echo \"stderr of $(cat | sed -n 's/.*hook_event_name\":\"\\([A-Za-z]*\\).*/\\1/p')\" >&2; exit 2";
    let events = [
        "PreToolUse",
        "UserPromptSubmit",
        "PostToolUse",
        "SessionStart",
        "Stop",
        "Notification",
    ];
    let hooks: serde_json::Map<String, Value> = events
        .iter()
        .map(|e| ((*e).to_owned(), json!([group(None, exit2)])))
        .collect();
    settings(&s, "project/.claude/settings.json", Value::Object(hooks));
    let run = |event: &str| claude(&s, &["--event", event]);

    let pre = run("PreToolUse");
    assert_eq!(
        (pre["outcome"].as_str(), pre["blocked"].as_bool()),
        (Some("blocked"), Some(true))
    );
    assert_eq!(texts(&pre, "model_sees"), ["stderr of PreToolUse"]);
    assert_eq!(pre["hooks"][0]["read_as"], "exit-2");

    let prompt = run("UserPromptSubmit");
    assert_eq!(prompt["outcome"], "the prompt is blocked");
    assert_eq!(texts(&prompt, "user_sees"), ["stderr of UserPromptSubmit"]);
    assert_eq!(texts(&prompt, "model_sees"), Vec::<String>::new());

    let post = run("PostToolUse");
    assert_eq!(post["blocked"], false);
    assert_eq!(texts(&post, "model_sees"), ["stderr of PostToolUse"]);

    let start = run("SessionStart");
    assert_eq!(start["blocked"], false);
    assert_eq!(texts(&start, "user_sees"), ["stderr of SessionStart"]);

    let stop = run("Stop");
    assert_eq!(stop["outcome"], "the agent continues");
    assert_eq!(texts(&stop, "model_sees"), ["stderr of Stop"]);

    let notification = run("Notification");
    assert_eq!(notification["blocked"], false);
    assert_eq!(texts(&notification, "user_sees"), Vec::<String>::new());
    assert_eq!(texts(&notification, "model_sees"), Vec::<String>::new());
}

#[test]
fn plain_text_invalid_json_and_other_exits_by_claudes_rules() {
    let s = Scratch::new("claude-text");
    settings(
        &s,
        "project/.claude/settings.json",
        json!({
            "SessionStart": [group(None, "echo remember the codename")],
            "PreToolUse": [
                group(Some("Read"), "echo just text"),
                group(Some("Edit"), "echo '{not json'"),
                group(Some("Write"), "echo oops >&2; exit 1"),
                group(Some("Glob"), &format!("{DENY}; exit 1")),
            ],
        }),
    );
    let start = claude(&s, &["--event", "SessionStart"]);
    assert_eq!(texts(&start, "model_sees"), ["remember the codename"]);
    assert_eq!(
        start["decision"]["hookSpecificOutput"]["additionalContext"],
        "remember the codename"
    );

    let tool = |name: &str| {
        claude(
            &s,
            &[
                "--event",
                "PreToolUse",
                "--set",
                &format!("tool_name={name}"),
            ],
        )
    };
    let text = tool("Read");
    assert_eq!(text["hooks"][0]["read_as"], "exit-0-text");
    assert!(
        text["outcome"].as_str().unwrap().starts_with("proceeds"),
        "{text}"
    );
    assert_eq!(texts(&text, "model_sees"), Vec::<String>::new());

    let invalid = tool("Edit");
    assert_eq!(invalid["hooks"][1]["read_as"], "invalid-json");
    assert_eq!(invalid["blocked"], false);

    let failing = tool("Write");
    assert_eq!(failing["hooks"][2]["read_as"], "exit-other");
    assert_eq!(failing["blocked"], false);
    assert_eq!(
        texts(&failing, "user_sees"),
        ["PreToolUse hook error: oops"]
    );

    // A schema-valid JSON answer of a failing hook still counts.
    let honoured = tool("Glob");
    assert_eq!(honoured["blocked"], true, "{honoured}");
}

#[test]
fn a_hook_past_its_timeout_is_killed_and_the_action_proceeds_unless_on_failure_blocks() {
    let s = Scratch::new("claude-timeout");
    let slow = format!("sleep 30; {DENY}");
    let hook = |on_failure: Option<&str>| {
        let mut hook = json!({ "type": "command", "command": slow, "timeout": 1 });
        if let Some(value) = on_failure {
            hook["onFailure"] = json!(value);
        }
        hook
    };
    settings(
        &s,
        "project/.claude/settings.json",
        json!({ "PreToolUse": [
        { "matcher": "Bash", "hooks": [hook(None)] },
        { "matcher": "Read", "hooks": [hook(Some("block"))] },
    ] }),
    );
    let result = bash(&s, "ls");
    let run = &result["hooks"][0];
    assert_eq!(
        (run["timed_out"].as_bool(), run["read_as"].as_str()),
        (Some(true), Some("timeout"))
    );
    assert_eq!(result["blocked"], false);
    assert!(
        result["outcome"].as_str().unwrap().starts_with("proceeds"),
        "{result}"
    );

    let read = claude(&s, &["--event", "PreToolUse", "--set", "tool_name=Read"]);
    assert_eq!(read["blocked"], true, "{read}");

    // Claude Code ignores `onFailure` on Stop (host.json `fail_closed`): the agent stops.
    settings(
        &s,
        "project/.claude/settings.json",
        json!({ "Stop": [{ "hooks": [hook(Some("block"))] }] }),
    );
    let stop = claude(&s, &["--event", "Stop"]);
    assert_eq!(stop["blocked"], false, "{stop}");
    let words = stop["hooks"][0]["effect"].as_str().unwrap_or_default();
    assert!(words.contains("`onFailure` is ignored on Stop"), "{stop}");
}

#[test]
fn hooks_run_at_once_in_the_project_with_claude_codes_variables() {
    let s = Scratch::new("claude-env");
    // Each waits for the other's mark: one after the other, the first would time out.
    let wait = |me: &str, other: &str| {
        format!("cat >/dev/null; touch {me}; while [ ! -e {other} ]; do sleep 0.05; done")
    };
    let report = r#"printf '{"hookSpecificOutput":{"hookEventName":"%s","additionalContext":"%s|%s|%s|%s|%s|%s"}}' "$EVENT" "$CLAUDE_PROJECT_DIR" "$CLAUDECODE" "$CLAUDE_CODE_SESSION_ID" "$(pwd)" "${CLAUDE_ENV_FILE:+env-file}" "${CURSOR_PROJECT_DIR:-no-cursor}""#;
    let hook = |event: &str| {
        json!([
            { "hooks": [{ "type": "command", "command": format!("{}; EVENT={event}; {report}", wait("a.mark", "b.mark")), "timeout": 20 }] },
            { "hooks": [{ "type": "command", "command": wait("b.mark", "a.mark"), "timeout": 20 }] },
        ])
    };
    settings(
        &s,
        "project/.claude/settings.json",
        json!({ "PreToolUse": hook("PreToolUse"), "SessionStart": hook("SessionStart") }),
    );
    let project = s.project().display().to_string();
    let session = "0f5c2a34-9d1e-4b7a-8c3e-2a1b0c9d8e7f";
    let tool = bash(&s, "ls");
    assert_eq!(
        texts(&tool, "model_sees"),
        [format!("{project}|1|{session}|{project}||no-cursor")]
    );
    assert_eq!(tool["payload"]["cwd"], project);
    for mark in ["a.mark", "b.mark"] {
        std::fs::remove_file(s.project().join(mark)).expect("the mark");
    }
    // CLAUDE_ENV_FILE is given on SessionStart only.
    let start = claude(&s, &["--event", "SessionStart"]);
    assert_eq!(
        texts(&start, "model_sees"),
        [format!(
            "{project}|1|{session}|{project}|env-file|no-cursor"
        )]
    );
}

#[test]
fn rewrites_contexts_and_continue_false_combine() {
    let s = Scratch::new("claude-combine");
    let rewrite = r#"echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"ls -la"}}}'"#;
    let context = r#"echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"the build is slow"}}'"#;
    let halt = r#"echo '{"continue":false,"stopReason":"enough for today"}'"#;
    settings(
        &s,
        "project/.claude/settings.json",
        json!({ "PreToolUse": [group(None, rewrite), group(None, context)], "PostToolUse": [group(None, halt)] }),
    );
    let result = bash(&s, "ls");
    assert_eq!(result["outcome"], "allowed: no permission prompt");
    let specific = &result["decision"]["hookSpecificOutput"];
    assert_eq!(specific["updatedInput"], json!({ "command": "ls -la" }));
    assert_eq!(specific["additionalContext"], "the build is slow");
    assert_eq!(texts(&result, "model_sees"), ["the build is slow"]);

    let post = claude(&s, &["--event", "PostToolUse"]);
    assert_eq!(
        (post["stopped"].as_bool(), post["blocked"].as_bool()),
        (Some(true), Some(false))
    );
    assert_eq!(
        post["decision"],
        json!({ "continue": false, "stopReason": "enough for today" })
    );
    assert_eq!(texts(&post, "user_sees"), ["enough for today"]);
}

/// spec/claude-code/host.json `observed_rules`, `pre-tool-stop-waits-for-the-call`: with no
/// hook allowing or denying the call, the permission system decides next, and the stop waits
/// for the call to run; beside an allow or a deny it ends the run whatever the permissions.
#[test]
fn a_pre_tool_stop_with_no_decision_waits_for_the_call() {
    let s = Scratch::new("claude-stop-waits");
    let halt = r#"echo '{"continue":false}'"#;
    let halt_deny = r#"echo '{"continue":false,"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}'"#;
    settings(
        &s,
        "project/.claude/settings.json",
        json!({ "PreToolUse": [group(Some("Bash"), halt)] }),
    );
    let waits = bash(&s, "ls");
    assert_eq!(
        (
            waits["stopped"].as_bool(),
            waits["stops_once_the_call_runs"].as_bool()
        ),
        (Some(true), Some(true))
    );
    let outcome = waits["outcome"].as_str().unwrap();
    assert!(
        outcome.contains("once the call runs") && outcome.contains("permission system refuses"),
        "{outcome}"
    );

    settings(
        &s,
        "project/.claude/settings.json",
        json!({ "PreToolUse": [group(Some("Bash"), halt_deny)] }),
    );
    let ends = bash(&s, "ls");
    assert_eq!(
        (
            ends["stopped"].as_bool(),
            ends["stops_once_the_call_runs"].as_bool()
        ),
        (Some(true), Some(false))
    );
}

#[test]
fn a_session_ends_a_turn_at_the_stop_block_cap() {
    let s = Scratch::new("claude-cap");
    let block = r#"echo '{"decision":"block","reason":"keep going"}'"#;
    settings(
        &s,
        "project/.claude/settings.json",
        json!({ "Stop": [group(None, block)] }),
    );
    let stop = |active: bool| {
        json!({ "session_id": "s1", "transcript_path": "/t", "cwd": "/p", "hook_event_name": "Stop", "stop_hook_active": active }).to_string()
    };
    let mut lines = vec![stop(false)];
    lines.extend((0..9).map(|_| stop(true)));
    let file = s.write("session.jsonl", &format!("{}\n", lines.join("\n")));
    let project = s.project();
    let run = |cap: Option<&str>| -> Vec<String> {
        let mut command = std::process::Command::new(common::CLI);
        command
            .args([
                "simulate",
                "--host",
                "claude-code",
                "--json",
                "--project",
                project.to_str().unwrap(),
                "--session",
                file.to_str().unwrap(),
            ])
            .env("HOME", s.home())
            .env(
                "CURSOR_HOOKS_CLAUDE_MANAGED_FILE",
                s.root.join("managed.json"),
            );
        match cap {
            Some(cap) => command.env("CLAUDE_CODE_STOP_HOOK_BLOCK_CAP", cap),
            None => command.env_remove("CLAUDE_CODE_STOP_HOOK_BLOCK_CAP"),
        };
        let output = command.output().expect("simulate runs");
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let text = String::from_utf8(output.stdout).unwrap();
        let results: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        results
            .iter()
            .filter(|r| r.get("summary").is_none())
            .map(|r| r["outcome"].as_str().unwrap().to_owned())
            .collect()
    };
    let outcomes = run(None);
    let continued = outcomes
        .iter()
        .filter(|o| *o == "the agent continues")
        .count();
    // The spec's default cap is 8 consecutive blocks.
    assert_eq!(continued, 8, "{outcomes:?}");
    assert!(
        outcomes[8].starts_with("the agent stops: 9 consecutive blocks"),
        "{outcomes:?}"
    );
    let outcomes = run(Some("2"));
    assert_eq!(
        outcomes
            .iter()
            .filter(|o| *o == "the agent continues")
            .count(),
        2,
        "{outcomes:?}"
    );
    let outcomes = run(Some("0"));
    assert_eq!(
        outcomes
            .iter()
            .filter(|o| *o == "the agent continues")
            .count(),
        10,
        "{outcomes:?}"
    );
}

#[test]
fn plugins_unreadable_files_other_handler_types_and_duplicates_are_listed() {
    let s = Scratch::new("claude-listed");
    s.script("plugin/hooks/guard.sh", &format!("cat >/dev/null\n{DENY}"));
    s.write(
        "plugin/hooks/hooks.json",
        &json!({ "description": "a guard", "hooks": { "PreToolUse": [group(Some("Bash"), "${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh")] } }).to_string(),
    );
    s.write("project/.claude/settings.local.json", "{ not json");
    settings(
        &s,
        "project/.claude/settings.json",
        json!({ "PreToolUse": [
        group(None, "echo same"),
        { "hooks": [{ "type": "http", "url": "http://127.0.0.1:9/hook" }] },
        { "hooks": [{ "type": "command", "command": "echo later", "async": true }] },
    ] }),
    );
    settings(
        &s,
        "home/.claude/settings.json",
        json!({ "PreToolUse": [group(None, "echo same")] }),
    );
    let plugin = s.root.join("plugin");
    let result = claude(
        &s,
        &[
            "--event",
            "PreToolUse",
            "--plugin-dir",
            plugin.to_str().unwrap(),
        ],
    );
    assert_eq!(
        statuses(&result),
        [
            "not_loaded ",
            "ran echo same",
            "not_simulated ",
            "not_simulated echo later",
            "skipped echo same",
            "ran ${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh",
        ],
        "{result}"
    );
    assert_eq!(result["outcome"], "blocked");
    let hooks = result["hooks"].as_array().unwrap();
    assert!(
        hooks[0]["reason"]
            .as_str()
            .unwrap()
            .starts_with("not valid JSON"),
        "{result}"
    );
    assert!(
        hooks[4]["reason"]
            .as_str()
            .unwrap()
            .contains("runs an identical handler once"),
        "{result}"
    );

    // `disableAllHooks` of the highest-precedence file that sets it turns every hook off.
    s.write(
        "project/.claude/settings.local.json",
        r#"{ "disableAllHooks": true }"#,
    );
    let off = claude(
        &s,
        &[
            "--event",
            "PreToolUse",
            "--plugin-dir",
            plugin.to_str().unwrap(),
        ],
    );
    assert!(
        statuses(&off).iter().all(|s| s.starts_with("not_loaded")),
        "{off}"
    );
    assert!(
        off["outcome"].as_str().unwrap().starts_with("proceeds"),
        "{off}"
    );
}

#[test]
fn payloads_are_claudes_and_mistakes_in_the_arguments_are_refused() {
    let s = Scratch::new("claude-args");
    settings(
        &s,
        "project/.claude/settings.json",
        json!({ "UserPromptSubmit": [group(None, "echo \"payload: $(cat)\"")] }),
    );
    // The hook gets the payload on stdin; its plain text is context on UserPromptSubmit.
    let result = claude(
        &s,
        &["--event", "UserPromptSubmit", "--set", "prompt=hello there"],
    );
    let seen = texts(&result, "model_sees");
    let sent = seen[0].strip_prefix("payload: ").expect("the hook's text");
    let sent: Value = serde_json::from_str(sent).expect("the payload");
    assert_eq!(sent["prompt"], "hello there");
    assert_eq!(sent["hook_event_name"], "UserPromptSubmit");
    assert_eq!(sent, result["payload"]);

    let refused = |args: &[&str]| {
        let output = cli(&s, args, None);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        String::from_utf8_lossy(&output.stderr).into_owned()
    };
    let wrong_key = refused(&[
        "simulate",
        "--host",
        "claude-code",
        "--event",
        "PreToolUse",
        "--set",
        "tool_nme=Bash",
    ]);
    assert!(
        wrong_key.contains("a `PreToolUse` payload has no `tool_nme`; did you mean `tool_name`?"),
        "{wrong_key}"
    );
    let cursor_name = refused(&["simulate", "--host", "claude-code", "--event", "preToolUse"]);
    assert!(
        cursor_name.contains("`preToolUse` is not a Claude Code event; did you mean `PreToolUse`?"),
        "{cursor_name}"
    );
    let both = refused(&["simulate", "--host", "all", "--event", "PreToolUse"]);
    // Not a value of `--host` here (cli/tests/help_texts.rs): a payload is one editor's.
    assert!(
        both.contains("invalid value 'all' for '--host <HOST>'"),
        "{both}"
    );

    // From stdin, as Claude Code sent it.
    let payload = json!({ "session_id": "s", "transcript_path": "/t", "cwd": "/p", "hook_event_name": "UserPromptSubmit", "prompt": "from stdin" });
    let project = s.project();
    let output = cli(
        &s,
        &[
            "simulate",
            "--host",
            "claude-code",
            "--json",
            "--project",
            project.to_str().unwrap(),
            "-",
        ],
        Some(&payload.to_string()),
    );
    let result: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(result["payload"]["prompt"], "from stdin");
}

#[test]
fn without_host_simulate_runs_cursors_hooks() {
    let s = Scratch::new("claude-default");
    settings(
        &s,
        "project/.claude/settings.json",
        json!({ "PreToolUse": [group(Some("Bash"), DENY)] }),
    );
    // Cursor's event, read by Cursor's rules: its import maps PreToolUse onto preToolUse and
    // `Bash` onto `Shell`, and leaves Claude Code's `hookSpecificOutput` unread (@cursor/sdk
    // 1.0.32 reads it only with a compatibility option it leaves off).
    let cursor = s.simulate(&["--event", "preToolUse", "--set", "tool_name=Shell"], None);
    assert!(cursor.get("host").is_none(), "{cursor}");
    assert_eq!(cursor["hooks"][0]["status"], "ran", "{cursor}");
    assert_eq!(cursor["decision"], json!({}), "{cursor}");
    // The same settings in Claude Code, with its payload and its text output.
    let output = cli(
        &s,
        &["simulate", "--host", "claude-code", "--event", "PreToolUse"],
        None,
    );
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.starts_with("PreToolUse (Claude Code): 1 hook(s) ran\n"),
        "{text}"
    );
    assert!(
        text.contains("\noutcome: blocked\nClaude sees: no rm\n"),
        "{text}"
    );
}

#[test]
fn a_context_past_the_cap_reaches_claude_as_a_preview() {
    let s = Scratch::new("claude-cap-chars");
    let long = "printf 'head '; head -c 12000 /dev/zero | tr '\\0' x; echo ' tail'";
    settings(
        &s,
        "project/.claude/settings.json",
        json!({ "SessionStart": [group(None, long)] }),
    );
    let result = claude(&s, &["--event", "SessionStart"]);
    let seen = texts(&result, "model_sees");
    assert_eq!(seen.len(), 1, "{result}");
    assert!(
        seen[0].contains("Preview (first 2000 characters):\nhead xxx"),
        "{}",
        &seen[0][..200]
    );
    assert!(!seen[0].contains("tail"), "the tail is cut");
    assert_eq!(seen[0].matches('x').count(), 2000 - "head ".len());
    // The answer itself is whole.
    let context = result["decision"]["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap();
    assert!(
        context.ends_with(" tail"),
        "{}",
        &context[context.len() - 20..]
    );
}

#[test]
fn a_project_in_the_home_folder_has_its_settings_read_once() {
    let s = Scratch::new("claude-home-project");
    settings(
        &s,
        "project/.claude/settings.json",
        json!({ "Stop": [group(None, "echo once")] }),
    );
    let project = s.project();
    let output = std::process::Command::new(common::CLI)
        .args([
            "simulate",
            "--host",
            "claude-code",
            "--json",
            "--event",
            "Stop",
        ])
        .current_dir(&project)
        .env("HOME", &project)
        .env(
            "CURSOR_HOOKS_CLAUDE_MANAGED_FILE",
            s.root.join("managed.json"),
        )
        .output()
        .expect("simulate runs");
    let result: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(statuses(&result), ["ran echo once"], "{result}");
    assert_eq!(result["hooks"][0]["source"], "project");
}

#[test]
fn managed_settings_hooks_run_first() {
    let s = Scratch::new("claude-managed");
    settings(
        &s,
        "managed/managed-settings.json",
        json!({ "PreToolUse": [group(None, DENY)] }),
    );
    settings(
        &s,
        "project/.claude/settings.json",
        json!({ "PreToolUse": [group(None, ALLOW)] }),
    );
    let result = bash(&s, "rm -rf /");
    let sources: Vec<&str> = result["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["source"].as_str().unwrap())
        .collect();
    assert_eq!(sources, ["managed", "project"]);
    assert_eq!(result["outcome"], "blocked");

    // `allowManagedHooksOnly` there: the project's hooks do not run.
    s.write(
        "managed/managed-settings.json",
        &json!({ "allowManagedHooksOnly": true, "hooks": { "PreToolUse": [group(None, ASK)] } })
            .to_string(),
    );
    let result = bash(&s, "rm -rf /");
    assert_eq!(
        statuses(&result)[1],
        format!("not_loaded {ALLOW}"),
        "{result}"
    );
    assert!(
        result["outcome"]
            .as_str()
            .unwrap()
            .starts_with("asks the user"),
        "{result}"
    );
}

#[test]
fn rules_the_real_binary_showed_are_applied() {
    // spec/claude-code/host.json `observed_rules`, recorded with 2.1.330 and 2.1.332.
    let s = Scratch::new("claude-observed");
    settings(
        &s,
        "project/.claude/settings.json",
        json!({
            "PreToolUse": [
                group(Some("Task"), "echo task"),
                group(Some("Ta.*"), "echo regex"),
                { "matcher": "Bash", "hooks": [{ "type": "command", "command": "echo git-only", "if": "Bash(git *)" }] },
            ],
            "UserPromptSubmit": [group(None, r#"echo '{"decision":"block","reason":"no","hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"lost"}}'"#)],
            "SessionStart": [group(None, r#"echo '{"continue":false,"stopReason":"halt"}'"#)],
        }),
    );
    // `former-tool-names`: the name `Task` fires on Agent, and so does a regex matching it.
    let agent = claude(
        &s,
        &[
            "--event",
            "PreToolUse",
            "--set",
            "tool_name=Agent",
            "--set",
            r#"tool_input={"prompt":"x"}"#,
        ],
    );
    let ran = statuses(&agent);
    assert!(ran.contains(&"ran echo task".to_owned()), "{ran:?}");
    assert!(ran.contains(&"ran echo regex".to_owned()), "{ran:?}");
    // `if-rule`: `Bash(git *)` runs on git only.
    assert!(statuses(&bash(&s, "ls")).contains(&"skipped echo git-only".to_owned()));
    assert!(statuses(&bash(&s, "git status")).contains(&"ran echo git-only".to_owned()));
    // `prompt-blocked-tells-nobody`.
    let prompt = claude(&s, &["--event", "UserPromptSubmit"]);
    assert_eq!(prompt["blocked"], true);
    assert_eq!(texts(&prompt, "model_sees"), Vec::<String>::new());
    // `continue-ignored`: SessionStart's `continue: false` stops nothing.
    let start = claude(&s, &["--event", "SessionStart"]);
    assert_eq!(start["stopped"], false, "{start}");
    assert_eq!(texts(&start, "user_sees"), Vec::<String>::new());
}

/// Rules a random batch of the generated differential found on 2.1.332 (spec/claude-code/host.json
/// `observed_rules`): `legacy-block-wins`, `deny-takes-top-reason`, `updated-input-must-be-object`
/// and the UserPromptSubmit part of `stop-continue-false-wins`.
#[test]
fn a_legacy_block_beats_the_permission_decision_beside_it() {
    let s = Scratch::new("claude-legacy-block");
    let answer = |json: Value| format!("echo '{json}'");
    settings(
        &s,
        "project/.claude/settings.json",
        json!({ "PreToolUse": [group(Some("Bash"), &answer(json!({
            "decision": "block", "reason": "legacy says no",
            "hookSpecificOutput": { "hookEventName": "PreToolUse", "permissionDecision": "allow", "permissionDecisionReason": "allowed" }
        })))] }),
    );
    let result = bash(&s, "ls");
    assert_eq!(result["blocked"], true, "{result}");
    assert_eq!(texts(&result, "model_sees"), ["legacy says no"]);

    // A deny without its own reason gives Claude the top-level `reason`.
    settings(
        &s,
        "project/.claude/settings.json",
        json!({ "PreToolUse": [group(Some("Bash"), &answer(json!({
            "decision": "approve", "reason": "top reason",
            "hookSpecificOutput": { "hookEventName": "PreToolUse", "permissionDecision": "deny" }
        })))] }),
    );
    let result = bash(&s, "ls");
    assert_eq!(result["blocked"], true, "{result}");
    assert_eq!(texts(&result, "model_sees"), ["top reason"]);

    // `updated-input-must-be-object`: a command as a plain string drops the whole answer.
    settings(
        &s,
        "project/.claude/settings.json",
        json!({ "PreToolUse": [group(Some("Bash"), &answer(json!({
            "hookSpecificOutput": { "hookEventName": "PreToolUse", "permissionDecision": "deny", "updatedInput": "echo x" }
        })))] }),
    );
    let result = bash(&s, "ls");
    assert_eq!(result["blocked"], false, "{result}");
    assert_eq!(
        result["hooks"][0]["read_as"], "schema-invalid-json",
        "{result}"
    );

    // A prompt stopped and blocked at once shows the user its stopReason, not the block's.
    settings(
        &s,
        "project/.claude/settings.json",
        json!({ "UserPromptSubmit": [group(None, &answer(json!({
            "continue": false, "stopReason": "halt", "decision": "block", "reason": "blocked"
        })))] }),
    );
    let prompt = claude(&s, &["--event", "UserPromptSubmit"]);
    assert_eq!(prompt["stopped"], true, "{prompt}");
    assert_eq!(texts(&prompt, "user_sees"), ["halt"]);
}

#[test]
fn a_settings_file_given_as_claude_settings_counts_as_the_cli_source() {
    let s = Scratch::new("claude-cli-settings");
    settings(
        &s,
        "project/.claude/settings.json",
        json!({ "PreToolUse": [group(Some("Bash"), ALLOW)] }),
    );
    settings(
        &s,
        "extra/settings.json",
        json!({ "PreToolUse": [group(Some("Bash"), DENY)] }),
    );
    let extra = s.root.join("extra/settings.json");
    let extra = extra.to_str().unwrap();
    // Without `--settings` the file is not Claude Code's: the allow stands.
    let result = bash(&s, "rm -rf target");
    assert_eq!(
        result["outcome"], "allowed: no permission prompt",
        "{result}"
    );
    let input = json!({ "command": "rm -rf target" }).to_string();
    let input = format!("tool_input={input}");
    let result = claude(
        &s,
        &[
            "--settings",
            extra,
            "--event",
            "PreToolUse",
            "--set",
            "tool_name=Bash",
            "--set",
            &input,
        ],
    );
    assert_eq!(result["outcome"], "blocked", "{result}");
    let sources: Vec<&str> = result["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["source"].as_str().unwrap())
        .collect();
    assert_eq!(sources, ["cli", "project"]);
    assert_eq!(texts(&result, "model_sees"), ["no rm"]);

    // `--settings` is Claude Code's, and names a file that exists.
    let refused = |args: &[&str]| {
        let output = cli(&s, args, None);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        String::from_utf8_lossy(&output.stderr).into_owned()
    };
    let cursor = refused(&["simulate", "--settings", extra, "--event", "stop"]);
    assert!(
        cursor.contains("--settings is Claude Code's: add --host claude-code"),
        "{cursor}"
    );
    let missing = refused(&[
        "simulate",
        "--host",
        "claude-code",
        "--settings",
        "no-such-settings.json",
        "--event",
        "Stop",
    ]);
    assert!(
        missing.contains("--settings no-such-settings.json: no such file"),
        "{missing}"
    );
}

/// A hook with `"onFailure": "block"` whose program is missing never ran, and simulate says so;
/// its failure still blocks, as the real Claude Code blocks it (host.json `observed_rules`
/// `unstartable-blocks-on-failure`, kept differential cases 268113908 to 268113910). A handler
/// with `args` whose program is missing cannot be spawned at all: the same. A hook that starts
/// and exits 127 itself ran.
#[test]
fn a_hook_that_cannot_start_never_ran_and_its_failure_policy_blocks() {
    let s = Scratch::new("claude-never-ran");
    let guarded =
        |handler: Value| json!({ "PreToolUse": [{ "matcher": "Bash", "hooks": [handler] }] });
    let shell_line = json!({ "type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/missing.sh", "onFailure": "block" });
    let spawned = json!({ "type": "command", "command": "/nonexistent/guard", "args": [], "onFailure": "block" });
    for handler in [shell_line, spawned] {
        settings(
            &s,
            "project/.claude/settings.json",
            guarded(handler.clone()),
        );
        let (result, stderr) =
            claude_output(&s, &["--event", "PreToolUse", "--set", "tool_name=Bash"]);
        assert_eq!(
            result["hooks"][0]["status"], "never_ran",
            "{handler}: {result:#}"
        );
        assert_eq!(result["blocked"], true, "{handler}: {result:#}");
        let effect = result["hooks"][0]["effect"].as_str().unwrap_or_default();
        assert!(effect.contains("onFailure"), "{handler}: {result:#}");
        let _ = stderr;
    }
    s.script(
        "project/.claude/hooks/missing.sh",
        "cat >/dev/null\nexit 127",
    );
    settings(
        &s,
        "project/.claude/settings.json",
        guarded(
            json!({ "type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/missing.sh", "onFailure": "block" }),
        ),
    );
    let ran = bash(&s, "ls");
    assert_eq!(ran["hooks"][0]["status"], "ran", "{ran:#}");
    assert_eq!(ran["blocked"], true, "{ran:#}");
}

/// The plugins Claude Code has installed and the settings turn on (`enabledPlugins`, the route
/// a team uses) run as Claude Code runs them: from the plugin cache when the marketplace is a
/// repository, in place when it is a folder (`extraKnownMarketplaces` of the user's settings),
/// not when a higher-precedence file turns them off; one that is not installed, or whose
/// marketplace only a cloned project declares, is said on stderr (before: none of them was
/// seen, and `0 hook(s) ran`).
#[test]
fn installed_plugins_the_settings_turn_on_run() {
    let s = Scratch::new("claude-installed");
    let deny = |name: &str| {
        let answer = json!({"hookSpecificOutput": {"hookEventName": "PreToolUse",
            "permissionDecision": "deny", "permissionDecisionReason": name}});
        json!({ "PreToolUse": [group(Some("Bash"), &format!("echo '{answer}'"))] })
    };
    let cached = s.install_claude_plugin("guard@team", deny("cached"));
    s.install_claude_plugin("quiet@team", deny("turned off"));
    let market = s.root.join("market");
    s.write(
        "market/.claude-plugin/marketplace.json",
        &json!({"name": "local", "owner": {"name": "t"},
            "plugins": [{"name": "here", "source": "./here"}]})
        .to_string(),
    );
    s.write(
        "market/here/hooks/hooks.json",
        &json!({ "hooks": deny("in place") }).to_string(),
    );
    // A folder marketplace counts when the user's settings declare it, not a cloned project's.
    let folder = |path: &std::path::Path| json!({"source": {"source": "directory", "path": path}});
    s.write(
        "home/.claude/settings.json",
        &json!({"extraKnownMarketplaces": {"local": folder(&market)}}).to_string(),
    );
    s.write(
        "project/.claude/settings.json",
        &json!({
            "enabledPlugins": {"guard@team": true, "quiet@team": true, "here@local": true,
                "absent@team": true, "here@cloned": true},
            "extraKnownMarketplaces": {"cloned": folder(&market)}
        })
        .to_string(),
    );
    s.write(
        "project/.claude/settings.local.json",
        &json!({"enabledPlugins": {"quiet@team": false}}).to_string(),
    );
    let (result, stderr) = claude_output(&s, &["--event", "PreToolUse", "--set", "tool_name=Bash"]);
    let files: Vec<&str> = result["hooks"]
        .as_array()
        .expect("hooks")
        .iter()
        .filter(|h| h["status"] == "ran")
        .map(|h| h["file"].as_str().unwrap())
        .collect();
    let cached_file = cached.join("hooks/hooks.json");
    let in_place = market.join("here/hooks/hooks.json");
    assert_eq!(
        files,
        [cached_file.to_str().unwrap(), in_place.to_str().unwrap()],
        "{result:#}"
    );
    assert_eq!(result["blocked"], true, "{result:#}");
    let unread: Vec<&str> = stderr.lines().filter(|l| l.contains("turned on")).collect();
    assert_eq!(unread.len(), 2, "{stderr}");
    assert!(
        unread[0].contains("`absent@team` is turned on here, but it is not installed"),
        "{stderr}"
    );
    assert!(
        unread[1]
            .contains("`here@cloned` is turned on here, but its marketplace `cloned` is not known"),
        "{stderr}"
    );
}
