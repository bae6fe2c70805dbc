//! `cursor-hooks simulate --concept`: one neutral call through every host's hooks, each by its
//! own simulator, side by side.

mod common;

use common::Scratch;
use serde_json::{json, Value};

/// A project where Cursor's beforeShellExecution and Claude Code's Bash PreToolUse each deny a
/// call with `rm -rf`, and Copilot trusts the folder (so it runs Claude Code's settings too).
fn guarded() -> Scratch {
    let s = Scratch::new("side-by-side");
    s.script(
        "project/cursor-guard.sh",
        r#"grep -q 'rm -rf' && echo '{"permission":"deny","user_message":"no rm (cursor)"}' || echo '{}'"#,
    );
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({"beforeShellExecution": [{"command": "./cursor-guard.sh"}]}),
    );
    s.script(
        "project/claude-guard.sh",
        r#"grep -q 'rm -rf' && { echo 'no rm (claude)' >&2; exit 2; }; exit 0"#,
    );
    let claude = json!({"hooks": {"PreToolUse": [{"matcher": "Bash",
        "hooks": [{"type": "command", "command": "./claude-guard.sh"}]}]}});
    s.write("project/.claude/settings.json", &claude.to_string());
    let trusted = json!({ "trustedFolders": [s.project()] });
    s.write("home/.copilot/config.json", &trusted.to_string());
    s
}

/// `--concept tool.before --tool TOOL --subject SUBJECT`.
fn before<'a>(tool: &'a str, subject: &'a str) -> [&'a str; 6] {
    [
        "--concept",
        "tool.before",
        "--tool",
        tool,
        "--subject",
        subject,
    ]
}

/// Each host's entries, as `host event: outcome`.
fn outcomes(result: &Value) -> Vec<String> {
    let hosts = result["hosts"].as_array().expect("hosts");
    hosts
        .iter()
        .map(|entry| match entry["wired"] == true {
            true => format!(
                "{} {}: {}",
                entry["host"].as_str().unwrap(),
                entry["event"].as_str().unwrap(),
                entry["result"]["outcome"].as_str().unwrap()
            ),
            false => format!("{} not wired", entry["host"].as_str().unwrap()),
        })
        .collect()
}

#[test]
fn one_shell_call_goes_through_every_hosts_hooks_by_its_own_rules() {
    let s = guarded();
    let result = s.simulate(&before("shell", "rm -rf /"), None);
    assert_eq!(result["concept"], "tool.before");
    assert_eq!(
        outcomes(&result),
        [
            // Cursor runs Claude Code's settings too, for its own `Shell` tool.
            "cursor preToolUse: blocked",
            "cursor beforeShellExecution: blocked",
            "claude-code PreToolUse: blocked",
            "codex PreToolUse: goes on",
            "copilot preToolUse: denied: the tool call does not run",
        ]
    );
    let entry = |host: &str| {
        let hosts = result["hosts"].as_array().unwrap();
        hosts.iter().find(|e| e["host"] == host).unwrap()["result"].clone()
    };
    assert_eq!(
        entry("claude-code")["model_sees"],
        json!(["no rm (claude)"])
    );
    // Each host got its own payload of the call.
    assert_eq!(
        entry("claude-code")["payload"]["tool_input"]["command"],
        "rm -rf /"
    );

    // A harmless call goes through everywhere.
    let args = [
        "--concept",
        "tool.before",
        "--tool",
        "shell",
        "--subject",
        "ls",
    ];
    let result = s.simulate(&args, None);
    for line in outcomes(&result) {
        assert!(
            !line.contains("blocked") && !line.contains("denied"),
            "{line}"
        );
    }
}

#[test]
fn a_host_the_concept_cannot_reach_says_why_and_hosts_narrow_the_comparison() {
    let s = guarded();
    let args = [&before("read", ".env")[..], &["--hosts", "codex,copilot"]].concat();
    let result = s.simulate(&args, None);
    assert_eq!(
        outcomes(&result),
        ["codex not wired", "copilot preToolUse: goes on"]
    );
    let why = result["hosts"][0]["why"].as_str().unwrap();
    assert!(why.contains("Codex has no file-read tool"), "{why}");

    // The text names each host and event, and what is said.
    let args = [&["simulate"][..], &before("shell", "rm -rf /")].concat();
    let output = s.cli(&args, None);
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("Claude Code, PreToolUse for `Bash|PowerShell`: blocked"),
        "{text}"
    );
    assert!(text.contains("the model sees: no rm (claude)"), "{text}");
}

#[test]
fn a_concept_no_unified_handler_answers_and_a_host_flag_are_usage_errors() {
    let s = guarded();
    let output = s.cli(
        &["simulate", "--concept", "tool.web", "--subject", "x"],
        None,
    );
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("`tool.web` is not a concept a unified handler answers")
            && stderr.contains("prompt.submitted"),
        "{stderr}"
    );
    let output = s.cli(
        &[
            "simulate",
            "--concept",
            "prompt.submitted",
            "--host",
            "codex",
            "--subject",
            "x",
        ],
        None,
    );
    assert_eq!(output.status.code(), Some(2));
    let output = s.cli(&["simulate", "--concept", "prompt.submitted"], None);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr)
            .contains("--concept prompt.submitted needs --subject: the prompt"),
        "{output:?}"
    );
}

/// The agent about to stop carries no subject: each host's stop hooks run on its own payload.
#[test]
fn the_agent_stopping_needs_no_subject_and_each_host_reads_its_own_continuation() {
    let s = guarded();
    // Keeps the agent going once, in Claude Code's words and Cursor's.
    s.script(
        "project/stop.sh",
        r#"grep -q '"stop_hook_active":true' && exit 0; echo '{"decision":"block","reason":"KEEP-GOING","followup_message":"KEEP-GOING"}'"#,
    );
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({"stop": [{"command": "./stop.sh"}]}),
    );
    let claude =
        json!({"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "./stop.sh"}]}]}});
    s.write("project/.claude/settings.json", &claude.to_string());
    let result = s.simulate(
        &["--concept", "agent.stop", "--hosts", "cursor,claude-code"],
        None,
    );
    assert_eq!(
        outcomes(&result),
        [
            "cursor stop: applied",
            "claude-code Stop: the agent continues"
        ]
    );
    let entry = |host: &str| {
        let hosts = result["hosts"].as_array().unwrap();
        hosts.iter().find(|e| e["host"] == host).unwrap()["result"].clone()
    };
    assert_eq!(entry("claude-code")["model_sees"], json!(["KEEP-GOING"]));
    assert!(
        entry("cursor").to_string().contains("KEEP-GOING"),
        "{}",
        entry("cursor")
    );
}
