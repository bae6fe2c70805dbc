//! `cursor-hooks simulate` on real configurations: several sources, plugins and Claude
//! settings, with small hook scripts and the `policy` example, read and merged as Cursor does.

mod common;

use common::Scratch;
use serde_json::{json, Value};
use std::io::Read;
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A script that prints `answer` after reading the payload.
fn answering(s: &Scratch, relative: &str, answer: &str) -> std::path::PathBuf {
    s.script(relative, &format!("cat >/dev/null\necho '{answer}'"))
}

fn shell(s: &Scratch, command: &str, extra: &[&str]) -> Value {
    let set = format!("command={command}");
    let mut args = vec!["--event", "beforeShellExecution", "--set", &set];
    args.extend_from_slice(extra);
    s.simulate(&args, None)
}

/// `simulate --json --session FILE` in the scratch project: one result object per payload
/// (the closing summary line left out: see `session_summary`).
fn simulate_session(s: &Scratch, file: &std::path::Path) -> Vec<Value> {
    let mut lines = session_lines(s, file);
    let last = lines.pop().expect("a summary line");
    assert!(
        last.get("summary").is_some(),
        "the last line is the summary: {last}"
    );
    lines
}

/// Every line `simulate --json --session FILE` prints, the summary included.
fn session_lines(s: &Scratch, file: &std::path::Path) -> Vec<Value> {
    let project = s.project();
    let output = s.cli(
        &[
            "simulate",
            "--json",
            "--project",
            project.to_str().unwrap(),
            "--session",
            file.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

#[test]
fn deny_and_allow_from_two_sources_is_deny_and_every_hook_runs() {
    let s = Scratch::new("deny-allow");
    answering(
        &s,
        "project/.cursor/hooks/deny.sh",
        r#"{"permission":"deny","user_message":"no pushes"}"#,
    );
    let allow = answering(&s, "home/allow.sh", r#"{"permission":"allow"}"#);
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [{ "command": ".cursor/hooks/deny.sh" }] }),
    );
    s.hooks_json(
        "home/.cursor/hooks.json",
        json!({ "beforeShellExecution": [{ "command": allow.to_str().unwrap() }] }),
    );
    let result = shell(&s, "git push", &[]);
    assert_eq!(
        result["decision"],
        json!({ "permission": "deny", "user_message": "no pushes" })
    );
    assert_eq!(result["outcome"], "blocked");
    let hooks = result["hooks"].as_array().unwrap();
    assert_eq!(hooks.len(), 2);
    let sources: Vec<&str> = hooks
        .iter()
        .map(|h| h["source"].as_str().unwrap())
        .collect();
    assert_eq!(sources, ["project", "user"]);
    assert!(hooks
        .iter()
        .all(|h| h["exit_code"] == 0 && h["read_as"] == "exit-0-json"));
}

#[test]
fn two_denials_join_their_messages() {
    let s = Scratch::new("two-denials");
    answering(
        &s,
        "project/.cursor/hooks/a.sh",
        r#"{"permission":"deny","user_message":"first"}"#,
    );
    answering(
        &s,
        "project/.cursor/hooks/b.sh",
        r#"{"permission":"deny","user_message":"second"}"#,
    );
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [
        { "command": ".cursor/hooks/a.sh" }, { "command": ".cursor/hooks/b.sh" }
    ] }),
    );
    let result = shell(&s, "ls", &[]);
    assert_eq!(result["decision"]["user_message"], "first\n\n---\n\nsecond");
}

/// What the agent and the user get of a shell or MCP decision in Cursor's own code
/// (@cursor/sdk 1.0.32, host.json `shown`): the refusal text, `agent_message` going nowhere, the
/// approval prompt of `ask` on shell commands and `ask` not acted on for MCP tools; the IDE and
/// CLI flagged as not verified.
#[test]
fn simulate_shows_what_the_agent_and_the_user_get() {
    let s = Scratch::new("shown");
    answering(
        &s,
        "project/.cursor/hooks/deny.sh",
        r#"{"permission":"deny","user_message":"no force-push","agent_message":"push a branch"}"#,
    );
    answering(
        &s,
        "project/.cursor/hooks/ask.sh",
        r#"{"permission":"ask","user_message":"push to main?"}"#,
    );
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({
            "beforeShellExecution": [
                { "command": ".cursor/hooks/deny.sh", "matcher": "--force" },
                { "command": ".cursor/hooks/ask.sh", "matcher": "^git push origin" },
            ],
            "beforeMCPExecution": [{ "command": ".cursor/hooks/ask.sh" }],
        }),
    );
    let cli = ["--cursor-version", "2026.09.28-64d2043"];
    let denied = shell(&s, "git push --force", &cli);
    let shown: Vec<&str> = denied["shown"]
        .as_array()
        .expect("shown")
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert_eq!(
        shown,
        [
            "the agent is told: \"Command execution was blocked by a hook: no force-push\"",
            "`agent_message` reaches no one: Cursor's own code does not pass it on for beforeShellExecution (only a preToolUse the backend triggers forwards it); put what the agent must know in `user_message`",
        ]
    );
    let notes = denied["unverified"].as_array().unwrap();
    assert!(
        notes.iter().any(|n| n
            .as_str()
            .unwrap()
            .starts_with("What the IDE and the CLI show is not verified")),
        "{notes:?}"
    );
    let asked = shell(&s, "git push origin main", &cli);
    assert_eq!(asked["outcome"], "asks the user");
    assert_eq!(
        asked["shown"],
        json!(["the user is asked to approve: \"Hook requested approval: push to main?\", with no \"add to allowlist\""])
    );
    let mcp = s.simulate(
        &[
            "--event",
            "beforeMCPExecution",
            "--set",
            "tool_name=db_query",
            "--cursor-version",
            "2026.09.28-64d2043",
        ],
        None,
    );
    assert_eq!(mcp["outcome"], "allowed (`ask` is not enforced here)");
    assert_eq!(
        mcp["shown"],
        json!(["`ask` is not acted on here: Cursor's own code checks for `deny` only, so the tool runs"])
    );
}

/// Where @cursor/sdk wires a kind of hook differently from the IDE and CLI (it runs no prompt
/// hook and no plugin hook), the rule stays unverified and simulate says so when such a hook
/// takes part.
#[test]
fn simulate_flags_prompt_and_plugin_hooks_as_unverified() {
    let s = Scratch::new("unsettled");
    answering(&s, "plugin/hooks/run.sh", r#"{"permission":"allow"}"#);
    s.hooks_json(
        "plugin/hooks/hooks.json",
        json!({ "beforeShellExecution": [{ "command": "${CURSOR_PLUGIN_ROOT}/hooks/run.sh" }] }),
    );
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [{ "type": "prompt", "prompt": "Is $ARGUMENTS safe?" }] }),
    );
    let plugin = s.root.join("plugin");
    let result = shell(&s, "ls", &["--plugin-dir", plugin.to_str().unwrap()]);
    let notes: Vec<&str> = result["unverified"]
        .as_array()
        .expect("unverified")
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    for expected in [
        "prompt hooks: how Cursor reads their answer is not verified (",
        "plugin hooks: how Cursor runs them is not verified (",
    ] {
        assert!(
            notes
                .iter()
                .any(|n| n.starts_with(expected) && n.contains("@cursor/sdk 1.0.32")),
            "{expected} in {notes:#?}"
        );
    }
}

#[test]
fn ask_and_allow_depend_on_the_version() {
    let s = Scratch::new("ask");
    answering(
        &s,
        "project/.cursor/hooks/ask.sh",
        r#"{"permission":"ask","user_message":"force-push?"}"#,
    );
    answering(
        &s,
        "project/.cursor/hooks/allow.sh",
        r#"{"permission":"allow"}"#,
    );
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [
        { "command": ".cursor/hooks/ask.sh" }, { "command": ".cursor/hooks/allow.sh" }
    ] }),
    );
    let old = shell(&s, "git push --force", &["--cursor-version", "2.0.77"]);
    assert_eq!(
        old["decision"],
        json!({ "permission": "ask", "user_message": "force-push?" })
    );
    assert_eq!(old["outcome"], "asks the user");
    let old_notes = old["unverified"].as_array().unwrap();
    assert!(
        old_notes
            .iter()
            .all(|n| !n.as_str().unwrap().contains("`ask`")),
        "{old_notes:?}"
    );
    // The default timeout is Cursor's own (@cursor/sdk 1.0.32), no longer a guess.
    assert!(
        old_notes
            .iter()
            .all(|n| !n.as_str().unwrap().contains("default timeout")),
        "{old_notes:?}"
    );
    let new = shell(&s, "git push --force", &["--cursor-version", "2.5.0"]);
    assert_eq!(new["decision"]["permission"], "ask");
    assert_eq!(new["outcome"], "blocked (`ask` is treated as deny here)");
    let notes = new["unverified"].as_array().unwrap();
    assert!(
        notes.iter().any(|n| n.as_str().unwrap().contains("BRIDGE")),
        "{notes:?}"
    );
}

#[test]
fn a_hook_past_its_timeout_is_killed_and_fails_open_unless_fail_closed() {
    let s = Scratch::new("timeout");
    s.script(
        "project/.cursor/hooks/slow.sh",
        "cat >/dev/null\necho '{\"permission\":\"deny\"}'\nsleep 30",
    );
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [
        { "command": ".cursor/hooks/slow.sh", "timeout": 1 }
    ] }),
    );
    let open = shell(&s, "ls", &[]);
    assert_eq!(open["decision"], json!({}));
    assert_eq!(open["hooks"][0]["timed_out"], true);
    assert_eq!(open["hooks"][0]["read_as"], "timeout");
    assert_eq!(open["hooks"][0]["effect"], "noopinion");

    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [
        { "command": ".cursor/hooks/slow.sh", "timeout": 1, "failClosed": true }
    ] }),
    );
    let closed = shell(&s, "ls", &[]);
    assert_eq!(closed["decision"]["permission"], "deny");
    let message = closed["decision"]["user_message"].as_str().unwrap();
    // Cursor's wording (@cursor/sdk 1.0.32).
    assert_eq!(
        message,
        "Tool blocked because this hook is configured to fail closed (block when it fails). Hook \".cursor/hooks/slow.sh\" execution failed: Hook script timed out after 1000ms"
    );
}

#[test]
fn exit_2_blocks_with_stderr_as_the_reason() {
    let s = Scratch::new("exit2");
    s.script(
        "project/.cursor/hooks/block.sh",
        "cat >/dev/null\necho 'not on main' >&2\nexit 2",
    );
    s.script(
        "project/.cursor/hooks/crash.sh",
        "cat >/dev/null\necho '{\"permission\":\"deny\"}'\nexit 3",
    );
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({
            "beforeShellExecution": [{ "command": ".cursor/hooks/block.sh" }],
            "preToolUse": [{ "command": ".cursor/hooks/crash.sh" }],
        }),
    );
    let result = shell(&s, "git commit", &[]);
    assert_eq!(
        result["decision"],
        json!({ "permission": "deny", "user_message": "Hook blocked with message: not on main" })
    );
    // Any other exit fails open: the deny it printed is not read.
    let crash = s.simulate(&["--event", "preToolUse"], None);
    assert_eq!(crash["decision"], json!({}));
    assert_eq!(crash["hooks"][0]["read_as"], "exit-other");
}

#[test]
fn invalid_json_blocks_a_permission_event_and_is_ignored_elsewhere() {
    let s = Scratch::new("invalid");
    s.script(
        "project/.cursor/hooks/garbage.sh",
        "cat >/dev/null\necho 'ok then'",
    );
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({
            "beforeShellExecution": [{ "command": ".cursor/hooks/garbage.sh" }],
            "afterShellExecution": [{ "command": ".cursor/hooks/garbage.sh" }],
        }),
    );
    let blocked = shell(&s, "ls", &[]);
    assert_eq!(
        blocked["decision"],
        json!({
            "permission": "deny",
            "user_message": "Hook \".cursor/hooks/garbage.sh\" returned invalid JSON. The command was blocked for safety."
        })
    );
    let observed = s.simulate(&["--event", "afterShellExecution"], None);
    assert_eq!(observed["decision"], json!({}));
    assert_eq!(observed["hooks"][0]["read_as"], "invalid-json");
    assert_eq!(observed["hooks"][0]["effect"], "ignore");
}

#[test]
fn matchers_select_hooks_by_the_event_subject() {
    let s = Scratch::new("matcher");
    answering(
        &s,
        "project/.cursor/hooks/shell.sh",
        r#"{"permission":"deny","user_message":"shell"}"#,
    );
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "preToolUse": [
        { "command": ".cursor/hooks/shell.sh", "matcher": "Sh.*|Nothing" }
    ] }),
    );
    let shell_tool = s.simulate(&["--event", "preToolUse", "--set", "tool_name=Shell"], None);
    assert_eq!(shell_tool["hooks"].as_array().unwrap().len(), 1);
    assert_eq!(shell_tool["hooks"][0]["status"], "ran");
    assert_eq!(shell_tool["decision"]["permission"], "deny");
    let read_tool = s.simulate(&["--event", "preToolUse", "--set", "tool_name=Read"], None);
    assert_eq!(read_tool["hooks"].as_array().unwrap().len(), 1);
    assert_eq!(read_tool["hooks"][0]["status"], "skipped");
    assert_eq!(read_tool["decision"], json!({}));
}

#[test]
fn hooks_run_at_once_in_the_project_with_cursors_environment() {
    let s = Scratch::new("together");
    // Each waits for the other's mark: run one after the other, the first would time out. The
    // marks are absolute: a plugin's hook runs in the plugin's folder, the project's in the
    // project.
    let marks = s.root.display().to_string();
    let wait = |me: &str, other: &str| {
        format!("cat >/dev/null\ntouch '{marks}/{me}'\nwhile [ ! -e '{marks}/{other}' ]; do sleep 0.05; done\necho '{{\"permission\":\"allow\"}}'")
    };
    s.script("project/.cursor/hooks/a.sh", &wait("a.mark", "b.mark"));
    s.script("plugin/hooks/b.sh", &wait("b.mark", "a.mark"));
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [
        { "command": ".cursor/hooks/a.sh", "timeout": 20 }
    ] }),
    );
    s.hooks_json(
        "plugin/hooks/hooks.json",
        json!({ "beforeShellExecution": [
        { "command": "${CURSOR_PLUGIN_ROOT}/hooks/b.sh", "timeout": 20 }
    ] }),
    );
    // A Claude Code settings hook that reports the environment it got.
    s.script(
        "project/.claude/env.sh",
        "cat >/dev/null\necho \"{\\\"permission\\\":\\\"allow\\\",\\\"agent_message\\\":\\\"$CURSOR_PROJECT_DIR|$CLAUDE_PROJECT_DIR|$CURSOR_VERSION|$(pwd)\\\"}\"",
    );
    s.write(
        "home/.claude/settings.json",
        &json!({ "hooks": { "PreToolUse": [{ "matcher": "Shell", "hooks": [
            { "type": "command", "command": ".claude/env.sh" }
        ] }] } })
        .to_string(),
    );
    let plugin = s.root.join("plugin");
    let plugin = plugin.to_str().unwrap();
    let result = shell(&s, "ls", &["--plugin-dir", plugin]);
    assert_eq!(result["decision"], json!({ "permission": "allow" }));
    let effects: Vec<&Value> = result["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| &h["read_as"])
        .collect();
    assert_eq!(effects, [&json!("exit-0-json"), &json!("exit-0-json")]);

    let tool = s.simulate(
        &[
            "--event",
            "preToolUse",
            "--set",
            "tool_name=Shell",
            "--plugin-dir",
            plugin,
        ],
        None,
    );
    let project = s.project().display().to_string();
    assert_eq!(
        tool["decision"]["agent_message"],
        format!("{project}|{project}|2026.09.28-64d2043|{project}")
    );
    assert_eq!(tool["hooks"][0]["source"], "claude-user");
}

#[test]
fn payload_from_a_file_or_stdin() {
    let s = Scratch::new("payload");
    answering(
        &s,
        "project/.cursor/hooks/deny.sh",
        r#"{"permission":"deny"}"#,
    );
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeReadFile": [{ "command": ".cursor/hooks/deny.sh" }] }),
    );
    let payload = json!({
        "hook_event_name": "beforeReadFile", "file_path": "/p/.env", "content": "", "attachments": [],
        "conversation_id": "c", "generation_id": "g", "model": "default",
        "cursor_version": "2026.09.28-64d2043", "workspace_roots": ["/p"], "user_email": null
    })
    .to_string();
    let file = s.write("payload.json", &payload);
    let from_file = s.simulate(&[file.to_str().unwrap()], None);
    let from_stdin = s.simulate(&["-"], Some(&payload));
    assert_eq!(from_file["decision"], json!({ "permission": "deny" }));
    assert_eq!(from_stdin["decision"], from_file["decision"]);
}

/// The recorded corpus through a configuration that wires `policy` as it declares itself:
/// every decision equals what `policy` answers when run directly, and unwired events get `{}`.
#[test]
fn a_recorded_session_through_policy_matches_policy_run_directly() {
    let s = Scratch::new("session");
    let policy = common::example_binary("policy");
    let config = std::process::Command::new(&policy)
        .arg("print-config")
        .output()
        .expect("policy runs");
    assert!(config.status.success());
    s.write(
        "project/.cursor/hooks.json",
        &String::from_utf8(config.stdout).unwrap(),
    );
    let corpus = common::workspace_root().join("tests/corpus/cursor-cli-2026.09.28/all.jsonl");
    let results = simulate_session(&s, &corpus);
    let payloads: Vec<&str> = std::fs::read_to_string(&corpus)
        .map(|t| t.leak().lines().filter(|l| !l.trim().is_empty()).collect())
        .unwrap();
    assert_eq!(results.len(), payloads.len());
    assert!(payloads.len() > 900);
    let mut compared = 0;
    for (result, payload) in results.iter().zip(&payloads) {
        let value: Value = serde_json::from_str(payload).unwrap();
        let ran = result["hooks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|h| h["status"] == "ran")
            .count();
        if ran == 0 {
            assert_eq!(result["decision"], json!({}), "line {}", result["line"]);
            continue;
        }
        assert_eq!(ran, 1);
        compared += 1;
        let direct = common::run_hook(&policy, payload);
        let expected: Value = if direct.trim().is_empty() {
            json!({})
        } else {
            serde_json::from_str(&direct).expect("policy answers JSON")
        };
        assert_eq!(
            result["decision"], expected,
            "line {} ({})",
            result["line"], value["hook_event_name"]
        );
    }
    assert!(compared > 50, "only {compared} payloads reached policy");
}

#[test]
fn answers_in_claude_codes_shape_are_read_as_cursor_reads_them() {
    let s = Scratch::new("claude-shape");
    answering(
        &s,
        "project/.claude/deny.sh",
        r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"not here"}}"#,
    );
    answering(
        &s,
        "project/.claude/more.sh",
        r#"{"decision":"block","reason":"run the tests"}"#,
    );
    s.write(
        "project/.claude/settings.json",
        &json!({ "hooks": {
            "PreToolUse": [{ "matcher": "", "hooks": [{ "type": "command", "command": ".claude/deny.sh" }] }],
            "Stop": [{ "matcher": "", "hooks": [{ "type": "command", "command": ".claude/more.sh" }] }],
        } })
        .to_string(),
    );
    // Claude Code's nested `hookSpecificOutput` is read only with a compatibility option
    // @cursor/sdk 1.0.32 leaves off: the answer has no opinion Cursor reads.
    let denied = s.simulate(&["--event", "preToolUse"], None);
    assert_eq!(denied["hooks"][0]["status"], "ran", "{denied}");
    assert_eq!(denied["decision"], json!({}));
    assert_eq!(denied["hooks"][0]["claude_format"], false);
    let stop = s.simulate(&["--event", "stop", "--set", "loop_count=0"], None);
    assert_eq!(
        stop["decision"],
        json!({ "followup_message": "run the tests" })
    );
}

#[test]
fn a_session_gives_later_hooks_the_env_its_session_start_hook_set() {
    let s = Scratch::new("session-env");
    answering(
        &s,
        "project/.cursor/hooks/start.sh",
        r#"{"env":{"TICKET":"ABC-1"}}"#,
    );
    s.script(
        "project/.cursor/hooks/shell.sh",
        "cat >/dev/null\necho \"{\\\"permission\\\":\\\"allow\\\",\\\"agent_message\\\":\\\"ticket=$TICKET\\\"}\"",
    );
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({
            "sessionStart": [{ "command": ".cursor/hooks/start.sh" }],
            "beforeShellExecution": [{ "command": ".cursor/hooks/shell.sh" }],
        }),
    );
    let payload = |event: &str, session: &str| {
        json!({ "hook_event_name": event, "session_id": session, "conversation_id": session,
                "command": "ls", "cursor_version": "2026.09.28-64d2043", "model": "default" })
        .to_string()
    };
    let session = s.write(
        "session.jsonl",
        &[
            payload("beforeShellExecution", "one"),
            payload("sessionStart", "one"),
            payload("beforeShellExecution", "one"),
            payload("beforeShellExecution", "two"),
        ]
        .join("\n"),
    );
    let messages: Vec<Value> = simulate_session(&s, &session)
        .iter()
        .map(|result| result["decision"]["agent_message"].clone())
        .collect();
    assert_eq!(
        messages,
        [
            json!("ticket="),
            Value::Null,
            json!("ticket=ABC-1"),
            json!("ticket=")
        ]
    );
}

#[test]
fn ask_on_a_payload_without_cursor_version_reaches_the_user() {
    let s = Scratch::new("ask-legacy");
    answering(
        &s,
        "project/.cursor/hooks/ask.sh",
        r#"{"continue":true,"permission":"ask","userMessage":"sure?"}"#,
    );
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [{ "command": ".cursor/hooks/ask.sh" }] }),
    );
    let payload = json!({ "hook_event_name": "beforeShellExecution", "command": "git push -f",
                          "conversation_id": "c", "generation_id": "g", "workspace_roots": ["/p"] })
    .to_string();
    let result = s.simulate(&["-"], Some(&payload));
    // The 1.7 format passes through whole.
    assert_eq!(
        result["decision"],
        json!({ "continue": true, "permission": "ask", "userMessage": "sure?" })
    );
    assert_eq!(result["outcome"], "asks the user");
}

/// Longer than any of these tests needs; a run past it is a hang, and fails the test.
const LIMIT: Duration = Duration::from_secs(40);

/// Runs `program ARGS` in the scratch project with its own home and no enterprise file, like
/// `Scratch::cli`, but never waits past `LIMIT`: the pipes are read in threads (a process that
/// keeps them open cannot block the test) and a process still running at `LIMIT` is killed
/// and fails the test.
fn bounded(s: &Scratch, program: &str, args: &[&str]) -> Output {
    let mut child = Command::new(program)
        .args(args)
        .current_dir(s.project())
        .env("HOME", s.home())
        .env(
            "CURSOR_HOOKS_ENTERPRISE_FILE",
            s.root.join("enterprise/hooks.json"),
        )
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command starts");
    let stdout = read_in_thread(child.stdout.take().expect("piped"));
    let stderr = read_in_thread(child.stderr.take().expect("piped"));
    let status = wait_bounded(&mut child, &format!("{program} {}", args.join(" ")));
    Output {
        status,
        stdout: stdout.recv_timeout(LIMIT).expect("stdout closes"),
        stderr: stderr.recv_timeout(LIMIT).expect("stderr closes"),
    }
}

fn read_in_thread(mut pipe: impl Read + Send + 'static) -> mpsc::Receiver<Vec<u8>> {
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        let _ = send.send(bytes);
    });
    receive
}

fn wait_bounded(child: &mut Child, what: &str) -> ExitStatus {
    let deadline = Instant::now() + LIMIT;
    loop {
        if let Some(status) = child.try_wait().expect("try_wait") {
            return status;
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`{what}` still ran after {LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// `cursor-hooks simulate ARGS` on the scratch project, bounded.
fn simulate_bounded(s: &Scratch, args: &[&str]) -> Output {
    let project = s.project();
    let mut all = vec!["simulate", "--project", project.to_str().unwrap()];
    all.extend_from_slice(args);
    bounded(s, common::CLI, &all)
}

fn json_of(output: &Output) -> Value {
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("no JSON ({e}): {}", String::from_utf8_lossy(&output.stdout)))
}

fn text_of(output: &Output) -> String {
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).expect("UTF-8")
}

/// Runs `cursor-hooks ARGS` with a terminal as stdin, stdout and stderr (through `script`),
/// bounded: everything it wrote to the terminal.
fn on_a_terminal(s: &Scratch, args: &[&str]) -> String {
    let command: Vec<String> = std::iter::once(common::CLI)
        .chain(args.iter().copied())
        .map(|a| format!("'{}'", a.replace('\'', r"'\''")))
        .collect();
    let output = bounded(s, "script", &["-qec", &command.join(" "), "/dev/null"]);
    assert!(output.status.success(), "{output:?}");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Whether process `pid` still runs (a zombie does not).
#[cfg(target_os = "linux")]
fn alive(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rsplit(')')
            .next()
            .is_some_and(|rest| !rest.trim_start().starts_with('Z'))
    })
}

#[test]
fn a_background_process_holding_the_output_is_killed_at_the_timeout() {
    let s = Scratch::new("background");
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [
            { "command": "sleep 300 & echo $! > background.pid; echo '{\"permission\":\"deny\"}'", "timeout": 2 }
        ] }),
    );
    let result = json_of(&simulate_bounded(
        &s,
        &["--json", "--event", "beforeShellExecution"],
    ));
    let hook = &result["hooks"][0];
    assert_eq!(hook["status"], "ran");
    assert_eq!(hook["timed_out"], true, "{hook}");
    assert_eq!(hook["read_as"], "timeout");
    // The shell itself ended at once: the message says what held the hook past its timeout.
    assert_eq!(hook["exit_code"], 0, "{hook}");
    assert_eq!(hook["message"], "Hook script timed out after 2000ms");
    let note = hook["note"].as_str().unwrap();
    assert!(note.contains("kept its output open"), "{note}");
    assert_eq!(result["decision"], json!({}));
    #[cfg(target_os = "linux")]
    {
        let pid = std::fs::read_to_string(s.project().join("background.pid")).unwrap();
        let pid = pid.trim();
        let deadline = Instant::now() + LIMIT;
        while alive(pid) {
            assert!(
                Instant::now() < deadline,
                "the background sleep {pid} still runs"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// A process that left the hook's process group (`setsid`) cannot be killed with it; the
/// simulator stops waiting on the pipe it holds.
#[cfg(target_os = "linux")]
#[test]
fn a_process_that_left_the_group_does_not_hold_up_the_simulator() {
    let s = Scratch::new("escaped");
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "stop": [
            { "command": "setsid sleep 300 >&2 & echo $! > escaped.pid; cat >/dev/null; sleep 300", "timeout": 1 }
        ] }),
    );
    /// Ends the escaped `sleep` however the test ends.
    struct KillEscaped(std::path::PathBuf);
    impl Drop for KillEscaped {
        fn drop(&mut self) {
            if let Ok(pid) = std::fs::read_to_string(&self.0) {
                let _ = Command::new("kill").arg(pid.trim()).status();
            }
        }
    }
    let _escaped = KillEscaped(s.project().join("escaped.pid"));
    let result = json_of(&simulate_bounded(&s, &["--json", "--event", "stop"]));
    assert_eq!(result["hooks"][0]["timed_out"], true);
    assert_eq!(result["hooks"][0]["exit_code"], Value::Null);
}

/// Cursor's own code reads all of a hook's output (spec/cursor/host.json `process.output_kept`):
/// simulate keeps 64 MiB of each stream, past Cursor's old 1 MiB, and says when it cut one.
#[test]
fn a_hooks_output_is_cut_at_64_mebibytes_and_the_cut_is_said() {
    let s = Scratch::new("big-output");
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "afterShellExecution": [
            { "command": "cat >/dev/null; head -c 70000000 /dev/zero | tr '\\0' x; head -c 2000000 /dev/zero | tr '\\0' y >&2" }
        ] }),
    );
    let result = json_of(&simulate_bounded(
        &s,
        &["--json", "--event", "afterShellExecution"],
    ));
    let hook = &result["hooks"][0];
    assert_eq!(hook["stdout"].as_str().unwrap().len(), 64 << 20);
    assert_eq!(hook["stdout_bytes"], 70_000_000);
    // Past the old 1 MiB, all of it.
    assert_eq!(hook["stderr"].as_str().unwrap().len(), 2_000_000);
    assert_eq!(hook["stderr_bytes"], 2_000_000);
    let text = text_of(&simulate_bounded(&s, &["--event", "afterShellExecution"]));
    assert!(
        text.contains("cut at 64 MiB of 70000000 bytes"),
        "{}",
        &text[text.len() - 2000..]
    );
}

#[test]
fn every_wired_hook_is_listed_run_skipped_or_not_loaded_and_why() {
    let s = Scratch::new("statuses");
    answering(&s, "project/read.sh", r#"{"permission":"allow"}"#);
    answering(&s, "project/shell.sh", r#"{"permission":"deny"}"#);
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "preToolUse": [
            { "command": "./shell.sh", "matcher": "Shell" },
            { "command": "./read.sh", "matcher": "Read" },
        ] }),
    );
    // One unknown event name voids the user's file; Cursor still runs the project's hooks.
    s.hooks_json(
        "home/.cursor/hooks.json",
        json!({
            "preToolUse": [{ "command": "touch user-hook-ran" }],
            "beforeShellCommand": [],
        }),
    );
    // A plugin whose hooks file is not JSON at all.
    s.write("plugin/hooks/hooks.json", "{ not json");
    let plugin = s.root.join("plugin");
    let args = [
        "--json",
        "--event",
        "preToolUse",
        "--set",
        "tool_name=Read",
        "--plugin-dir",
        plugin.to_str().unwrap(),
    ];
    let result = json_of(&simulate_bounded(&s, &args));
    assert_eq!(result["payload"]["tool_name"], "Read");
    assert_eq!(result["payload"]["hook_event_name"], "preToolUse");
    assert_eq!(result["decision"], json!({ "permission": "allow" }));
    let hooks = result["hooks"].as_array().unwrap();
    let statuses: Vec<(&str, &str)> = hooks
        .iter()
        .map(|h| (h["source"].as_str().unwrap(), h["status"].as_str().unwrap()))
        .collect();
    assert_eq!(
        statuses,
        [
            ("project", "skipped"),
            ("project", "ran"),
            ("user", "not_loaded"),
            ("plugin", "not_loaded"),
        ]
    );
    assert_eq!(hooks[0]["command"], "./shell.sh");
    assert_eq!(hooks[0]["matcher"], "Shell");
    assert_eq!(hooks[0]["subject"], "Read");
    assert_eq!(hooks[1]["command"], "./read.sh");
    assert_eq!(hooks[2]["command"], "touch user-hook-ran");
    assert!(
        hooks[2]["reason"]
            .as_str()
            .unwrap()
            .contains("beforeShellCommand"),
        "{}",
        hooks[2]
    );
    assert!(
        hooks[3]["reason"]
            .as_str()
            .unwrap()
            .contains("not valid JSON"),
        "{}",
        hooks[3]
    );
    assert!(!s.project().join("user-hook-ran").exists());

    let text = text_of(&simulate_bounded(&s, &args[1..]));
    assert!(
        text.contains("preToolUse: 1 hook(s) ran, 1 skipped, 2 not loaded"),
        "{text}"
    );
    assert!(
        text.contains("skipped: matcher `Shell` does not match `Read`"),
        "{text}"
    );
    assert!(text.contains("not loaded: "), "{text}");
    assert!(text.contains("beforeShellCommand"), "{text}");
}

#[test]
fn a_file_cursor_ignores_does_not_stop_the_others() {
    let s = Scratch::new("voided");
    answering(&s, "home/deny.sh", r#"{"permission":"deny"}"#);
    s.hooks_json(
        "home/.cursor/hooks.json",
        json!({ "beforeReadFile": [{ "command": s.home().join("deny.sh").to_str().unwrap() }] }),
    );
    s.write(
        "project/.cursor/hooks.json",
        r#"{ "version": 1, "hooks": { "beforeReadFiles": [] } }"#,
    );
    let output = simulate_bounded(&s, &["--json", "--event", "beforeReadFile"]);
    let result = json_of(&output);
    assert_eq!(result["decision"]["permission"], "deny");
    assert_eq!(result["hooks"][0]["status"], "not_loaded");
    assert_eq!(result["hooks"][1]["status"], "ran");
    assert!(String::from_utf8_lossy(&output.stderr).contains("beforeReadFiles"));
}

#[test]
fn a_key_the_event_does_not_have_or_an_unreadable_version_is_refused() {
    let s = Scratch::new("typos");
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [{ "command": "touch ran; echo '{}'" }] }),
    );
    let typo = simulate_bounded(
        &s,
        &["--event", "beforeShellExecution", "--set", "comand=ls"],
    );
    assert_eq!(typo.status.code(), Some(2));
    let error = String::from_utf8_lossy(&typo.stderr);
    assert!(error.contains("`comand`"), "{error}");
    assert!(error.contains("did you mean `command`?"), "{error}");

    let version = simulate_bounded(
        &s,
        &[
            "--event",
            "beforeShellExecution",
            "--cursor-version",
            "banana",
        ],
    );
    assert_eq!(version.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&version.stderr).contains("`banana`"),
        "{}",
        String::from_utf8_lossy(&version.stderr)
    );
    assert!(!s.project().join("ran").exists(), "a hook ran");

    // Other spellings Cursor has used, the common fields, and real versions pass.
    let read = simulate_bounded(
        &s,
        &[
            "--event",
            "beforeReadFile",
            "--set",
            "filePath=/p/a",
            "--set",
            "user_email=a@b.c",
            "--cursor-version",
            "2.0.77",
        ],
    );
    assert_eq!(read.status.code(), Some(0), "{read:?}");
}

#[test]
fn a_session_reports_what_each_line_tested_and_what_each_hook_cost() {
    let s = Scratch::new("costs");
    s.script(
        "project/fails-on-rm.sh",
        "case \"$(cat)\" in *rm*) exit 3;; *) echo '{}';; esac",
    );
    s.script(
        "project/slow-on-make.sh",
        "case \"$(cat)\" in *make*) sleep 30;; esac; echo '{}'",
    );
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [
            { "command": "./fails-on-rm.sh" },
            { "command": "./slow-on-make.sh", "timeout": 1 },
        ] }),
    );
    let payload = |command: &str| {
        json!({ "hook_event_name": "beforeShellExecution", "command": command, "cwd": "",
                "conversation_id": "c", "cursor_version": "2026.09.28-64d2043", "model": "default" })
        .to_string()
    };
    let session = s.write(
        "session.jsonl",
        &[payload("ls -la"), payload("rm -rf x"), payload("make all")].join("\n"),
    );
    let session = session.to_str().unwrap();
    let lines: Vec<Value> = text_of(&simulate_bounded(&s, &["--json", "--session", session]))
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[1]["payload"]["command"], "rm -rf x");
    let summary = &lines[3]["summary"];
    assert_eq!(summary["payloads"], 3);
    let hooks = summary["hooks"].as_array().unwrap();
    assert_eq!(hooks.len(), 2);
    assert_eq!(hooks[0]["command"], "./fails-on-rm.sh");
    assert_eq!(
        (
            &hooks[0]["runs"],
            &hooks[0]["failures"],
            &hooks[0]["timeouts"]
        ),
        (&json!(3), &json!(1), &json!(0))
    );
    assert_eq!(
        (
            &hooks[1]["runs"],
            &hooks[1]["failures"],
            &hooks[1]["timeouts"]
        ),
        (&json!(3), &json!(0), &json!(1))
    );
    assert!(hooks[1]["max_ms"].as_u64().unwrap() >= hooks[1]["mean_ms"].as_u64().unwrap());

    let text = text_of(&simulate_bounded(&s, &["--session", session]));
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains("`ls -la`"), "{text}");
    assert!(lines[1].contains("`rm -rf x`"), "{text}");
    assert!(lines[2].contains("`make all`"), "{text}");
    assert!(
        text.contains("./fails-on-rm.sh: 3 run(s)") && text.contains("1 failure(s)"),
        "{text}"
    );
    assert!(
        text.contains("./slow-on-make.sh: 3 run(s)") && text.contains("1 timeout(s)"),
        "{text}"
    );
}

#[test]
fn text_output_indents_a_hooks_stderr_and_says_why_it_timed_out() {
    let s = Scratch::new("text");
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [
            { "command": "cat >/dev/null; printf 'first line\\nsecond line\\n' >&2; echo '{}'" },
            { "command": "cat >/dev/null; sleep 30", "timeout": 1 },
        ] }),
    );
    let text = text_of(&simulate_bounded(&s, &["--event", "beforeShellExecution"]));
    assert!(text.contains("  stderr: first line\n"), "{text}");
    assert!(text.contains("\n    second line\n"), "{text}");
    assert!(
        text.contains("  message: Hook script timed out after 1000ms\n"),
        "{text}"
    );
}

#[test]
fn a_session_on_a_terminal_shows_its_progress_on_stderr_only_then() {
    let s = Scratch::new("progress");
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [{ "command": "cat >/dev/null; echo '{}'" }] }),
    );
    let payload = json!({ "hook_event_name": "beforeShellExecution", "command": "ls" }).to_string();
    let session = s.write("session.jsonl", &[payload.as_str(), &payload].join("\n"));
    let session = session.to_str().unwrap();
    let project = s.project();
    let project = project.to_str().unwrap();
    let shown = on_a_terminal(
        &s,
        &["simulate", "--project", project, "--session", session],
    );
    assert!(shown.contains("2/2 payloads"), "{shown}");
    assert!(
        shown.contains("slowest: cat >/dev/null; echo '{}'"),
        "{shown}"
    );
    let json = on_a_terminal(
        &s,
        &[
            "simulate",
            "--project",
            project,
            "--json",
            "--session",
            session,
        ],
    );
    assert!(!json.contains("payloads,"), "{json}");
    let piped = simulate_bounded(&s, &["--session", session]);
    assert!(
        piped.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&piped.stderr)
    );
}

#[test]
fn simulate_says_it_runs_every_wired_command() {
    let s = Scratch::new("warning");
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "stop": [{ "command": "cat >/dev/null" }] }),
    );
    let help = bounded(&s, common::CLI, &["simulate", "--help"]);
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("runs every command"), "{help}");
    let project = s.project();
    let shown = on_a_terminal(
        &s,
        &[
            "simulate",
            "--project",
            project.to_str().unwrap(),
            "--event",
            "stop",
        ],
    );
    assert!(
        shown.contains("simulate runs every command wired for the event"),
        "{shown}"
    );
    let piped = simulate_bounded(&s, &["--event", "stop"]);
    assert!(
        piped.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&piped.stderr)
    );
}

#[test]
fn a_closed_stdout_ends_a_session_quietly() {
    let s = Scratch::new("closed");
    // The hook waits until the test has closed the pipe, so the next line meets a closed pipe.
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [
            { "command": "cat >/dev/null; while [ ! -e closed ]; do sleep 0.02; done; echo '{}'", "timeout": 30 }
        ] }),
    );
    let first = json!({ "hook_event_name": "sessionStart" }).to_string();
    let shell = json!({ "hook_event_name": "beforeShellExecution", "command": "ls" }).to_string();
    let session = s.write(
        "session.jsonl",
        &[first.as_str(), &shell, &shell].join("\n"),
    );
    let project = s.project();
    let mut child = Command::new(common::CLI)
        .args([
            "simulate",
            "--project",
            project.to_str().unwrap(),
            "--session",
        ])
        .arg(&session)
        .env("HOME", s.home())
        .env(
            "CURSOR_HOOKS_ENTERPRISE_FILE",
            s.root.join("enterprise/hooks.json"),
        )
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = read_in_thread(child.stderr.take().unwrap());
    let mut stdout = child.stdout.take().unwrap();
    let mut byte = [0];
    while stdout.read(&mut byte).unwrap() == 1 && byte[0] != b'\n' {}
    drop(stdout);
    std::fs::write(project.join("closed"), "").unwrap();
    let status = wait_bounded(&mut child, "simulate --session | head -1");
    let stderr = stderr.recv_timeout(LIMIT).unwrap();
    assert_eq!(
        status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&stderr)
    );
    assert!(stderr.is_empty(), "{}", String::from_utf8_lossy(&stderr));
}

/// A fail-closed hook whose program is missing never ran: simulate says so, as its own outcome
/// with one line on stderr, not as the block of its failure policy (before: `outcome: blocked`
/// for a guard that never started). A hook that starts and exits 127 itself still ran.
#[test]
fn a_hook_that_cannot_start_never_ran_and_is_not_its_failure_policy() {
    let s = Scratch::new("never-ran");
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [
            { "command": ".cursor/hooks/missing.sh", "failClosed": true }
        ] }),
    );
    let (result, stderr) = s.simulate_output(&["--event", "beforeShellExecution"], None);
    assert_eq!(result["hooks"][0]["status"], "never_ran", "{result:#}");
    assert!(
        result["hooks"][0]["reason"]
            .as_str()
            .is_some_and(|r| r.contains("missing.sh does not exist")),
        "{result:#}"
    );
    let outcome = result["outcome"].as_str().unwrap();
    assert!(outcome.starts_with("never ran: "), "{outcome}");
    assert_eq!(result["decision"], json!({}), "{result:#}");
    assert_eq!(
        stderr.lines().filter(|l| l.contains("never ran")).count(),
        1,
        "{stderr}"
    );

    s.script(
        "project/.cursor/hooks/missing.sh",
        "cat >/dev/null\nexit 127",
    );
    let ran = shell(&s, "ls", &[]);
    assert_eq!(ran["hooks"][0]["status"], "ran", "{ran:#}");
    assert_eq!(ran["decision"]["permission"], "deny", "{ran:#}");
}
