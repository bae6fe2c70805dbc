//! What each response writes on stdout, on every version Cursor has shipped.
//!
//! Expected outputs come from the wire-format reference (`cursor-hooks-wire-format.md`, examples
//! E1–E20 and §2.2) and the rules of `spec/cursor/compat.json`, not from the renderer.

use cursor_hooks::cursor::response::Response;
use cursor_hooks::prelude::*;
use cursor_hooks::testing::{self, Rendered};
use serde_json::{json, Value};

mod common;
use common::{ask_mcp, ask_shell, mcp_keeping_ask, payload, shell_keeping_ask};

const CLI: &str = "2026.09.28-64d2043";

/// Renders for a current (non-1.7) payload; every render must exit 0 and write one line per
/// stderr entry.
fn render_at<R: Response>(answer: &R, event: &'static str, version: &str) -> Rendered {
    let version = CursorVersion::parse(version);
    render_with(answer, event, &version, false)
}

fn render_with<R: Response>(
    answer: &R,
    event: &'static str,
    version: &CursorVersion,
    legacy_format: bool,
) -> Rendered {
    let rendered = testing::render(answer, payload(event, version, legacy_format));
    assert_eq!(rendered.exit_code, 0, "{event}: {}", rendered.stdout);
    for line in &rendered.stderr {
        assert!(!line.contains('\n'), "a stderr entry is one line: {line:?}");
    }
    rendered
}

/// stdout of a current payload from the CLI, with no stderr.
fn out<R: Response>(answer: &R, event: &'static str) -> String {
    let rendered = render_at(answer, event, CLI);
    assert!(rendered.stderr.is_empty(), "{event}: {:?}", rendered.stderr);
    // Every answer is one line: the object, then a newline (checked here, compared without).
    rendered
        .stdout
        .strip_suffix('\n')
        .unwrap_or_else(|| panic!("{event}: no newline after {:?}", rendered.stdout))
        .to_owned()
}

fn parsed(stdout: &str) -> Value {
    serde_json::from_str(stdout).unwrap_or_else(|e| panic!("{stdout:?} is not JSON: {e}"))
}

#[test]
fn every_default_is_an_empty_object() {
    // Rule no-opinion-is-empty-object: `{}`, never an empty stdout.
    assert_eq!(out(&SessionStartResponse::default(), "sessionStart"), "{}");
    assert_eq!(out(&PreToolUseResponse::default(), "preToolUse"), "{}");
    assert_eq!(out(&PostToolUseResponse::default(), "postToolUse"), "{}");
    assert_eq!(
        out(&PostToolUseFailureResponse::default(), "postToolUseFailure"),
        "{}"
    );
    assert_eq!(
        out(&SubagentStartResponse::default(), "subagentStart"),
        "{}"
    );
    assert_eq!(out(&SubagentStopResponse::default(), "subagentStop"), "{}");
    assert_eq!(
        out(
            &BeforeShellExecutionResponse::default(),
            "beforeShellExecution"
        ),
        "{}"
    );
    assert_eq!(
        out(&BeforeMCPExecutionResponse::default(), "beforeMCPExecution"),
        "{}"
    );
    assert_eq!(
        out(&BeforeReadFileResponse::default(), "beforeReadFile"),
        "{}"
    );
    assert_eq!(
        out(&BeforeSubmitPromptResponse::default(), "beforeSubmitPrompt"),
        "{}"
    );
    assert_eq!(out(&PreCompactResponse::default(), "preCompact"), "{}");
    assert_eq!(out(&StopResponse::default(), "stop"), "{}");
    assert_eq!(
        out(&BeforeTabFileReadResponse::default(), "beforeTabFileRead"),
        "{}"
    );
    assert_eq!(
        out(&WorkspaceOpenResponse::default(), "workspaceOpen"),
        "{}"
    );
    for observe in [
        "sessionEnd",
        "afterShellExecution",
        "afterMCPExecution",
        "afterFileEdit",
        "afterAgentResponse",
        "afterAgentThought",
        "afterTabFileEdit",
    ] {
        assert_eq!(out(&(), observe), "{}", "{observe}");
    }
    // `no_opinion()` is the types' `Default`, `{}`, also for 1.7 payloads.
    let answer: BeforeShellExecutionResponse = no_opinion();
    assert_eq!(answer, BeforeShellExecutionResponse::default());
    let legacy = render_with(
        &answer,
        "beforeShellExecution",
        &CursorVersion::Missing,
        true,
    );
    assert_eq!(legacy.stdout, "{}\n");
    assert!(legacy.stderr.is_empty());
}

#[test]
fn session_start() {
    // E1.
    assert_eq!(
        out(
            &SessionStartResponse::default().additional_context("CTX-S1"),
            "sessionStart"
        ),
        r#"{"additional_context":"CTX-S1"}"#
    );
    // §2.2: `env?: Record<string,string>`.
    let answer = SessionStartResponse::default()
        .env("A", "1")
        .env("B", "two")
        .additional_context("ctx");
    assert_eq!(
        parsed(&out(&answer, "sessionStart")),
        json!({"env": {"A": "1", "B": "two"}, "additional_context": "ctx"})
    );
    assert_eq!(
        parsed(&out(
            &SessionStartResponse::default().env("A", "1"),
            "sessionStart"
        )),
        json!({"env": {"A": "1"}})
    );
    // Cursor's own code reads `continue: false` as ending the session, `user_message` its error
    // (spec/cursor/events.json sessionStart, source SDK).
    let ended = SessionStartResponse::default()
        .r#continue(false)
        .user_message("no session on this branch");
    assert_eq!(
        out(&ended, "sessionStart"),
        r#"{"continue":false,"user_message":"no session on this branch"}"#
    );
}

/// Cursor refuses an answer whose `updated_input` is not an object, which denies the tool call
/// (@cursor/sdk 1.0.32 answer check): the renderer leaves it out, says so on stderr, and keeps
/// the decision.
#[test]
fn updated_input_that_is_not_an_object_is_left_out() {
    let rendered = render_at(
        &PreToolUseResponse::allow().updated_input(json!("ls -la")),
        "preToolUse",
        CLI,
    );
    assert_eq!(rendered.stdout, concat!(r#"{"permission":"allow"}"#, "\n"));
    assert_eq!(
        rendered.stderr,
        ["`updated_input` left out: it is a string, and Cursor refuses an answer whose `updated_input` is not a JSON object (that would deny the tool call)"]
    );
    assert_eq!(
        out(
            &PreToolUseResponse::allow().updated_input(json!({"command": "ls"})),
            "preToolUse"
        ),
        r#"{"permission":"allow","updated_input":{"command":"ls"}}"#
    );
}

/// `additional_context` where Cursor's own code (@cursor/sdk 1.0.32) reads it: preToolUse, on
/// allow and deny alike, beforeSubmitPrompt and the subagent events.
#[test]
fn additional_context_where_cursors_own_code_reads_it() {
    assert_eq!(
        out(
            &PreToolUseResponse::deny("no").additional_context("use the staging copy"),
            "preToolUse"
        ),
        r#"{"permission":"deny","user_message":"no","additional_context":"use the staging copy"}"#
    );
    assert_eq!(
        out(
            &PreToolUseResponse::allow().additional_context("ran on main"),
            "preToolUse"
        ),
        r#"{"permission":"allow","additional_context":"ran on main"}"#
    );
    assert_eq!(
        out(
            &BeforeSubmitPromptResponse::default().additional_context("ticket ABC-1"),
            "beforeSubmitPrompt"
        ),
        r#"{"additional_context":"ticket ABC-1"}"#
    );
    assert_eq!(
        out(
            &BeforeSubmitPromptResponse::block("no secrets").additional_context("x"),
            "beforeSubmitPrompt"
        ),
        r#"{"continue":false,"user_message":"no secrets","additional_context":"x"}"#
    );
    // The backend-triggered subagent hooks pass it on (@cursor/sdk 1.0.32).
    assert_eq!(
        out(
            &SubagentStartResponse::deny("not now").additional_context("busy"),
            "subagentStart"
        ),
        r#"{"permission":"deny","user_message":"not now","additional_context":"busy"}"#
    );
    assert_eq!(
        out(
            &SubagentStopResponse::default().additional_context("done"),
            "subagentStop"
        ),
        r#"{"additional_context":"done"}"#
    );
}

#[test]
fn pre_tool_use() {
    // E2.
    let denied = PreToolUseResponse::deny("USER-DENY-MSG").agent_message("AGENT-DENY-MSG");
    assert_eq!(
        out(&denied, "preToolUse"),
        r#"{"permission":"deny","user_message":"USER-DENY-MSG","agent_message":"AGENT-DENY-MSG"}"#
    );
    // E16.
    assert_eq!(
        out(&PreToolUseResponse::allow(), "preToolUse"),
        r#"{"permission":"allow"}"#
    );
    // E17.
    let rewrite = PreToolUseResponse::allow().updated_input(json!({"command": "npm ci"}));
    assert_eq!(
        out(&rewrite, "preToolUse"),
        r#"{"permission":"allow","updated_input":{"command":"npm ci"}}"#
    );
    assert_eq!(
        out(&PreToolUseResponse::deny("no"), "preToolUse"),
        r#"{"permission":"deny","user_message":"no"}"#
    );
    assert_eq!(
        out(
            &PreToolUseResponse::default().user_message("u"),
            "preToolUse"
        ),
        r#"{"user_message":"u"}"#
    );
}

#[test]
fn post_tool_use_and_failure() {
    // E6 and E7.
    assert_eq!(
        out(
            &PostToolUseResponse::default().additional_context("CTX-P1"),
            "postToolUse"
        ),
        r#"{"additional_context":"CTX-P1"}"#
    );
    assert_eq!(
        out(
            &PostToolUseFailureResponse::default().additional_context("CTX-F1"),
            "postToolUseFailure"
        ),
        r#"{"additional_context":"CTX-F1"}"#
    );
    assert_eq!(
        out(
            &PostToolUseFailureResponse::default().additional_context("CTX-F2"),
            "postToolUseFailure"
        ),
        r#"{"additional_context":"CTX-F2"}"#
    );
    // §2.2: `updated_mcp_tool_output?: object`.
    let mcp = json!({"content": [{"type": "text", "text": "REDACTED"}], "isError": false});
    let answer = PostToolUseResponse::default()
        .additional_context("c")
        .updated_mcp_tool_output(mcp.clone());
    assert_eq!(
        parsed(&out(&answer, "postToolUse")),
        json!({"additional_context": "c", "updated_mcp_tool_output": mcp})
    );
}

#[test]
fn subagents() {
    // E18.
    assert_eq!(
        out(
            &SubagentStartResponse::deny("Subagents are disabled in this repo"),
            "subagentStart"
        ),
        r#"{"permission":"deny","user_message":"Subagents are disabled in this repo"}"#
    );
    assert_eq!(
        out(&SubagentStartResponse::allow(), "subagentStart"),
        r#"{"permission":"allow"}"#
    );
    assert_eq!(
        out(
            &SubagentStartResponse::allow().user_message("ok"),
            "subagentStart"
        ),
        r#"{"permission":"allow","user_message":"ok"}"#
    );
    assert_eq!(
        out(
            &SubagentStopResponse::default().followup_message("go on"),
            "subagentStop"
        ),
        r#"{"followup_message":"go on"}"#
    );
    assert_eq!(
        out(
            &SubagentStopResponse::default().followup_message("again"),
            "subagentStop"
        ),
        r#"{"followup_message":"again"}"#
    );
}

#[test]
fn shell_and_mcp() {
    // E4.
    let deny = BeforeShellExecutionResponse::deny("SHELL-USER-DENY-MSG");
    assert_eq!(
        out(&deny, "beforeShellExecution"),
        r#"{"permission":"deny","user_message":"SHELL-USER-DENY-MSG"}"#
    );
    assert_eq!(
        out(
            &BeforeShellExecutionResponse::allow(),
            "beforeShellExecution"
        ),
        r#"{"permission":"allow"}"#
    );
    assert_eq!(
        out(
            &BeforeShellExecutionResponse::allow().user_message("u"),
            "beforeShellExecution"
        ),
        r#"{"permission":"allow","user_message":"u"}"#
    );
    assert_eq!(
        out(
            &BeforeMCPExecutionResponse::deny("no"),
            "beforeMCPExecution"
        ),
        r#"{"permission":"deny","user_message":"no"}"#
    );
    assert_eq!(
        out(&BeforeMCPExecutionResponse::allow(), "beforeMCPExecution"),
        r#"{"permission":"allow"}"#
    );
    // E19 on an IDE build where ask is still honoured.
    let ask = BeforeMCPExecutionResponse::ask("Allow browser navigation?");
    let rendered = render_at(&ask, "beforeMCPExecution", "2.0.77");
    assert_eq!(
        rendered.stdout,
        concat!(
            r#"{"permission":"ask","user_message":"Allow browser navigation?"}"#,
            "\n"
        )
    );
    assert!(rendered.stderr.is_empty());
}

#[test]
fn read_prompt_compact_stop_tab_workspace() {
    // E8, without agent_message (not offered on beforeReadFile).
    assert_eq!(
        out(
            &BeforeReadFileResponse::deny("JSON-DENY-MSG"),
            "beforeReadFile"
        ),
        r#"{"permission":"deny","user_message":"JSON-DENY-MSG"}"#
    );
    assert_eq!(
        out(&BeforeReadFileResponse::allow(), "beforeReadFile"),
        r#"{"permission":"allow"}"#
    );
    // E10.
    assert_eq!(
        out(
            &BeforeSubmitPromptResponse::block("PROMPT-BLOCK-MSG"),
            "beforeSubmitPrompt"
        ),
        r#"{"continue":false,"user_message":"PROMPT-BLOCK-MSG"}"#
    );
    assert_eq!(
        out(
            &BeforeSubmitPromptResponse::default().r#continue(true),
            "beforeSubmitPrompt"
        ),
        r#"{"continue":true}"#
    );
    assert_eq!(
        out(
            &BeforeSubmitPromptResponse::default().user_message("m"),
            "beforeSubmitPrompt"
        ),
        r#"{"user_message":"m"}"#
    );
    // E13.
    assert_eq!(
        out(
            &PreCompactResponse::default().user_message("Context is being compacted"),
            "preCompact"
        ),
        r#"{"user_message":"Context is being compacted"}"#
    );
    // E12.
    assert_eq!(
        out(
            &StopResponse::default().followup_message("STOP-FOLLOWUP-REASON: reply only DONE2."),
            "stop"
        ),
        r#"{"followup_message":"STOP-FOLLOWUP-REASON: reply only DONE2."}"#
    );
    assert_eq!(
        out(&StopResponse::default().followup_message("y"), "stop"),
        r#"{"followup_message":"y"}"#
    );
    // §2.2: beforeTabFileRead answers `permission` only.
    assert_eq!(
        out(&BeforeTabFileReadResponse::allow(), "beforeTabFileRead"),
        r#"{"permission":"allow"}"#
    );
    assert_eq!(
        out(&BeforeTabFileReadResponse::deny(), "beforeTabFileRead"),
        r#"{"permission":"deny"}"#
    );
    // E15: the one camelCase key.
    assert_eq!(
        out(
            &WorkspaceOpenResponse::default().plugin_paths(["/abs/path/to/plugin-dir"]),
            "workspaceOpen"
        ),
        r#"{"pluginPaths":["/abs/path/to/plugin-dir"]}"#
    );
    assert_eq!(
        out(
            &WorkspaceOpenResponse::default().plugin_paths(vec!["/a".to_owned(), "/b".to_owned()]),
            "workspaceOpen"
        ),
        r#"{"pluginPaths":["/a","/b"]}"#
    );
}

#[test]
fn permission_is_written_first() {
    // The decision comes first on the wire whatever the fields around it.
    let pre = PreToolUseResponse::allow()
        .updated_input(json!({"x": 1}))
        .agent_message("a")
        .user_message("u");
    let stdout = out(&pre, "preToolUse");
    assert!(stdout.starts_with(r#"{"permission":"allow","#), "{stdout}");

    let shell = BeforeShellExecutionResponse::deny("u");
    let stdout = out(&shell, "beforeShellExecution");
    assert!(stdout.starts_with(r#"{"permission":"deny","#), "{stdout}");

    let read = BeforeReadFileResponse::deny("u");
    let stdout = out(&read, "beforeReadFile");
    assert!(stdout.starts_with(r#"{"permission":"deny","#), "{stdout}");

    let sub = SubagentStartResponse::allow().user_message("u");
    let stdout = out(&sub, "subagentStart");
    assert!(stdout.starts_with(r#"{"permission":"allow","#), "{stdout}");
}

#[test]
fn messages_are_escaped_json() {
    let message = "line one\nline \"two\"\t\\ ünïcode ✓ \u{0}";
    for stdout in [
        out(
            &BeforeShellExecutionResponse::deny(message),
            "beforeShellExecution",
        ),
        out(
            &BeforeSubmitPromptResponse::block(message),
            "beforeSubmitPrompt",
        ),
        out(&StopResponse::default().followup_message(message), "stop"),
    ] {
        assert!(!stdout.contains('\n'), "one line: {stdout:?}");
        let value = parsed(&stdout);
        let object = value.as_object().unwrap();
        assert!(
            object.values().any(|v| v == message),
            "{stdout:?} does not carry the message"
        );
    }
}

/// Renders the two downgradable asks (shell and MCP); with `keep_ask`, as the answers of
/// handlers with `ask = "keep"`.
fn both_asks(version: &CursorVersion, keep_ask: bool) -> [Rendered; 2] {
    if keep_ask {
        let version = version.as_str().expect("a version");
        return [
            testing::run::<shell_keeping_ask>(
                BeforeShellExecution::fixture().cursor_version(version),
            ),
            testing::run::<mcp_keeping_ask>(BeforeMCPExecution::fixture().cursor_version(version)),
        ];
    }
    [
        render_with(&ask_shell(), "beforeShellExecution", version, false),
        render_with(&ask_mcp(), "beforeMCPExecution", version, false),
    ]
}

#[test]
fn ask_is_kept_before_2_4_21_and_without_a_version() {
    let asked = json!({"permission": "ask", "user_message": "push --force?"});
    // A missing version with a `model` in the payload: not the 1.7 format (legacy_format false).
    for version in [
        CursorVersion::parse("2.4.20"),
        CursorVersion::parse("2.0.77"),
        CursorVersion::parse("1.7.2"),
        CursorVersion::Missing,
    ] {
        for rendered in both_asks(&version, false) {
            assert_eq!(parsed(&rendered.stdout), asked, "at {version}");
            assert!(
                rendered.stdout.starts_with(r#"{"permission":"ask""#),
                "{}",
                rendered.stdout
            );
            assert!(
                rendered.stderr.is_empty(),
                "at {version}: {:?}",
                rendered.stderr
            );
        }
    }
}

#[test]
fn ask_becomes_deny_from_2_4_21_on_cli_builds_and_unreadable_versions() {
    let denied = json!({"permission": "deny", "user_message": "push --force?"});
    for version in ["2.4.21", "3.21.16", CLI, "nightly"] {
        let version = CursorVersion::parse(version);
        for rendered in both_asks(&version, false) {
            assert_eq!(parsed(&rendered.stdout), denied, "at {version}");
            assert_eq!(
                rendered.stderr.len(),
                1,
                "at {version}: {:?}",
                rendered.stderr
            );
        }
    }
    // `CursorVersion::parse` read them as the rules expect.
    assert!(CursorVersion::parse(CLI).is_cli());
    assert_eq!(
        CursorVersion::parse("nightly"),
        CursorVersion::Unreadable("nightly".into())
    );
}

#[test]
fn keep_ask_keeps_ask_where_it_would_be_downgraded() {
    let asked = json!({"permission": "ask", "user_message": "push --force?"});
    for version in ["3.21.16", CLI] {
        let version = CursorVersion::parse(version);
        for rendered in both_asks(&version, true) {
            assert_eq!(parsed(&rendered.stdout), asked, "at {version}");
            assert!(
                rendered.stderr.is_empty(),
                "at {version}: {:?}",
                rendered.stderr
            );
        }
    }
}

#[test]
fn ask_on_pre_tool_use_is_always_deny() {
    let answer = PreToolUseResponse::ask("really?");
    let versions = [
        CursorVersion::parse("1.7.2"),
        CursorVersion::parse("2.0.77"),
        CursorVersion::parse("2.4.20"),
        CursorVersion::parse("3.21.16"),
        CursorVersion::parse(CLI),
        CursorVersion::parse("nightly"),
        CursorVersion::Missing,
    ];
    // `ask = "keep"` on preToolUse is a compile error (tests/ui); the renderer's guard against
    // it is a unit test in src/respond.rs.
    for version in &versions {
        let rendered = render_with(&answer, "preToolUse", version, false);
        assert_eq!(
            rendered.stdout,
            concat!(r#"{"permission":"deny","user_message":"really?"}"#, "\n"),
            "at {version}"
        );
        assert_eq!(
            rendered.stderr.len(),
            1,
            "at {version}: {:?}",
            rendered.stderr
        );
    }
}

#[test]
fn legacy_1_7_format() {
    let none = CursorVersion::Missing;
    // E20.
    let deny = BeforeShellExecutionResponse::deny(
        "Git command blocked. Please use the GitHub CLI (gh) tool instead.",
    );
    let rendered = render_with(&deny, "beforeShellExecution", &none, true);
    assert_eq!(
        rendered.stdout,
        concat!(
            r#"{"continue":true,"permission":"deny","userMessage":"Git command blocked. Please use the GitHub CLI (gh) tool instead."}"#,
            "\n"
        )
    );
    assert!(rendered.stderr.is_empty(), "{:?}", rendered.stderr);

    // 1.7 had no user_message on beforeSubmitPrompt: `{"continue": ...}` alone, one note.
    let block = BeforeSubmitPromptResponse::block("no secrets");
    let rendered = render_with(&block, "beforeSubmitPrompt", &none, true);
    assert_eq!(rendered.stdout, concat!(r#"{"continue":false}"#, "\n"));
    assert_eq!(rendered.stderr.len(), 1, "{:?}", rendered.stderr);

    // beforeReadFile deny in the 1.7 form.
    let read = BeforeReadFileResponse::deny("secret file");
    let rendered = render_with(&read, "beforeReadFile", &none, true);
    assert_eq!(
        parsed(&rendered.stdout),
        json!({"continue": true, "permission": "deny", "userMessage": "secret file"})
    );
    assert!(rendered.stderr.is_empty(), "{:?}", rendered.stderr);

    // An ask from a 1.7-era payload is kept (DEC 3), in the 1.7 form.
    let rendered = render_with(&ask_shell(), "beforeShellExecution", &none, true);
    assert_eq!(
        parsed(&rendered.stdout),
        json!({"continue": true, "permission": "ask", "userMessage": "push --force?"})
    );
    assert!(rendered.stderr.is_empty(), "{:?}", rendered.stderr);

    // MCP allow in the 1.7 form.
    let rendered = render_with(
        &BeforeMCPExecutionResponse::allow(),
        "beforeMCPExecution",
        &none,
        true,
    );
    assert_eq!(
        rendered.stdout,
        concat!(r#"{"continue":true,"permission":"allow"}"#, "\n")
    );

    // The same answers for a current payload carry no `continue` and only snake_case keys.
    let rendered = render_with(&deny, "beforeShellExecution", &none, false);
    let value = parsed(&rendered.stdout);
    assert_eq!(value.get("continue"), None);
    assert!(value.get("user_message").is_some() && value.get("userMessage").is_none());
}

#[test]
fn a_version_with_a_newline_still_gives_one_stderr_line() {
    // Found by the fuzzer: the downgrade note quotes the version Cursor sent.
    let version = CursorVersion::parse("2026.09.28-64d\n");
    let rendered = render_with(
        &BeforeShellExecutionResponse::ask("sure?"),
        "beforeShellExecution",
        &version,
        false,
    );
    assert_eq!(rendered.stderr.len(), 1);
    assert!(!rendered.stderr[0].contains('\n'), "{:?}", rendered.stderr);
    assert!(
        rendered.stderr[0].contains(r"64d\n"),
        "{:?}",
        rendered.stderr
    );
}
