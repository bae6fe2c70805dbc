//! Payloads of all 21 events parse into their types, including the shapes the sources disagree
//! on (wire-format reference §1.5, §2.2, contradictions 11, 12 and 24, examples E1–E20).

use cursor_hooks::cursor::event::*;
use cursor_hooks::cursor::{Attachment, CursorVersion, Event};
use cursor_hooks::ToolInput;
use serde_json::{json, Value};

const CLI: &str = "2026.09.28-64d2043";

fn parse<T: Event>(payload: &str) -> T {
    let typed: T = serde_json::from_str(payload)
        .unwrap_or_else(|e| panic!("`{}` payload does not parse: {e}\n{payload}", T::NAME));
    // The same payload read from a `serde_json::Value` gives the same result.
    let value: Value = serde_json::from_str(payload).unwrap();
    let from_value: T = serde_json::from_value(value).unwrap();
    assert_eq!(
        serde_json::to_value(&from_value).unwrap(),
        serde_json::to_value(&typed).unwrap()
    );
    typed
}

fn parse_err<T: Event>(payload: &str) -> String {
    match serde_json::from_str::<T>(payload) {
        Ok(_) => panic!("`{}` accepted a bad payload: {payload}", T::NAME),
        Err(e) => e.to_string(),
    }
}

fn is_cli_build(version: &CursorVersion) -> bool {
    matches!(version, CursorVersion::Cli { date: (2026, 9, 28), hash, raw } if hash == "64d2043" && raw == CLI)
}

/// The common fields of a recorded CLI payload (E1–E16).
fn assert_cli_common(common: &Common, event: &str, conversation: &str, transcript: Option<&str>) {
    assert_eq!(common.hook_event_name, event);
    assert_eq!(common.conversation_id.as_deref(), Some(conversation));
    assert_eq!(common.session_id.as_deref(), Some(conversation));
    assert!(
        is_cli_build(&common.cursor_version),
        "{:?}",
        common.cursor_version
    );
    assert_eq!(common.workspace_roots, Some(vec!["<RUN>".to_owned()]));
    assert_eq!(common.user_email, None, "user_email: null reads as None");
    assert_eq!(common.transcript_path.as_deref(), transcript);
}

// ---------------------------------------------------------------------------------------------
// The reference's examples.

#[test]
fn e1_session_start() {
    let e: SessionStart = parse(
        r#"{"conversation_id":"c1cba5e7-b85d-487e-8b02-95381492cadb","generation_id":"c1cba5e7-b85d-487e-8b02-95381492cadb","model":"default","is_background_agent":false,"session_id":"c1cba5e7-b85d-487e-8b02-95381492cadb","hook_event_name":"sessionStart","cursor_version":"2026.09.28-64d2043","workspace_roots":["<RUN>"],"user_email":null,"transcript_path":null}"#,
    );
    assert_cli_common(
        &e.common,
        "sessionStart",
        "c1cba5e7-b85d-487e-8b02-95381492cadb",
        None,
    );
    assert_eq!(
        e.common.generation_id.as_deref(),
        Some("c1cba5e7-b85d-487e-8b02-95381492cadb")
    );
    assert_eq!(e.common.model.as_deref(), Some("default"));
    assert_eq!(e.is_background_agent, Some(false));
    assert_eq!(e.composer_mode, None, "absent in every CLI recording");
    assert!(e.extra.is_empty());
    assert_eq!(e.common().cursor_version.as_str(), Some(CLI));
}

#[test]
fn e2_and_e16_pre_tool_use() {
    let e: PreToolUse = parse(
        r#"{"conversation_id":"08f8f6c0-cd1e-41e1-a580-72a21773e3ea","generation_id":"08f8f6c0-cd1e-41e1-a580-72a21773e3ea","model":"default","tool_name":"Shell","tool_input":{"command":"echo DENYME","cwd":"","timeout":30000},"tool_use_id":"027c8a3e-300b-4f1c-9326-12e1c9979f3f","cwd":"","session_id":"08f8f6c0-cd1e-41e1-a580-72a21773e3ea","hook_event_name":"preToolUse","cursor_version":"2026.09.28-64d2043","workspace_roots":["<RUN>"],"user_email":null,"transcript_path":null}"#,
    );
    assert_cli_common(
        &e.common,
        "preToolUse",
        "08f8f6c0-cd1e-41e1-a580-72a21773e3ea",
        None,
    );
    assert_eq!(e.tool_name, "Shell");
    assert_eq!(e.tool_input.command(), Some("echo DENYME"));
    assert_eq!(e.tool_input.str("cwd"), Some(""));
    assert_eq!(e.tool_input.get("timeout"), Some(&json!(30000)));
    assert!(!e.tool_input.was_sent_as_string());
    assert_eq!(
        e.tool_use_id.as_deref(),
        Some("027c8a3e-300b-4f1c-9326-12e1c9979f3f")
    );
    assert_eq!(e.cwd.as_deref(), Some(""), "cwd is \"\" in the CLI");
    assert_eq!(e.agent_message, None);

    // E16: an MCP tool; cwd absent.
    let e: PreToolUse = parse(
        r#"{"conversation_id":"382b748f-f21e-47ba-b009-425bd685d166","generation_id":"382b748f-f21e-47ba-b009-425bd685d166","model":"default","tool_name":"MCP:echo","tool_input":{"text":"HELLO"},"tool_use_id":"cd1ae0ba-b7f4-4023-8d19-e05b7b008415","session_id":"382b748f-f21e-47ba-b009-425bd685d166","hook_event_name":"preToolUse","cursor_version":"2026.09.28-64d2043","workspace_roots":["<RUN>"],"user_email":null,"transcript_path":"<TMP>/t.jsonl"}"#,
    );
    assert_eq!(e.tool_name, "MCP:echo");
    assert_eq!(e.tool_input.value(), &json!({"text": "HELLO"}));
    assert_eq!(e.cwd, None, "cwd absent");
    assert_eq!(e.common.transcript_path.as_deref(), Some("<TMP>/t.jsonl"));
}

#[test]
fn e17_pre_tool_use_from_the_docs() {
    // `cursor_version` is `<ide-version>` in the reference; a real IDE version stands in.
    let e: PreToolUse = parse(
        r#"{"hook_event_name":"preToolUse","conversation_id":"c","generation_id":"g","tool_name":"Shell","tool_input":{"command":"npm install","working_directory":"/project"},"tool_use_id":"abc123","cwd":"/project","model":"claude-opus-4-7-thinking-max","model_id":"claude-opus-4-7","model_params":[{"id":"thinking","value":"true"},{"id":"context","value":"1m"},{"id":"effort","value":"max"}],"agent_message":"Installing dependencies...","cursor_version":"3.21.16","workspace_roots":["/project"],"user_email":null,"transcript_path":null}"#,
    );
    assert_eq!(e.common.conversation_id.as_deref(), Some("c"));
    assert_eq!(e.common.generation_id.as_deref(), Some("g"));
    assert_eq!(
        e.common.model.as_deref(),
        Some("claude-opus-4-7-thinking-max")
    );
    assert_eq!(e.common.model_id.as_deref(), Some("claude-opus-4-7"));
    let params = e.common.model_params.as_ref().expect("model_params");
    let pairs: Vec<(&str, &Value)> = params.iter().map(|p| (p.id.as_str(), &p.value)).collect();
    assert_eq!(
        pairs,
        [
            ("thinking", &json!("true")),
            ("context", &json!("1m")),
            ("effort", &json!("max"))
        ]
    );
    assert_eq!(
        e.common.cursor_version.ide(),
        Some(&semver::Version::new(3, 21, 16))
    );
    assert_eq!(e.tool_input.command(), Some("npm install"));
    assert_eq!(e.tool_input.str("working_directory"), Some("/project"));
    assert_eq!(e.cwd.as_deref(), Some("/project"));
    assert_eq!(
        e.agent_message.as_deref(),
        Some("Installing dependencies...")
    );
    assert_eq!(e.common.session_id, None);
}

#[test]
fn e3_e4_before_shell_execution() {
    let e: BeforeShellExecution = parse(
        r#"{"conversation_id":"89e05fd1-cb46-4d14-a98e-efe5c5a03c3f","generation_id":"89e05fd1-cb46-4d14-a98e-efe5c5a03c3f","model":"default","command":"echo EXIT2ME","cwd":"","sandbox":false,"session_id":"89e05fd1-cb46-4d14-a98e-efe5c5a03c3f","hook_event_name":"beforeShellExecution","cursor_version":"2026.09.28-64d2043","workspace_roots":["<RUN>"],"user_email":null,"transcript_path":"<TMP>/home/.cursor/projects/<RUN_DIRNAME>/agent-transcripts/89e05fd1-cb46-4d14-a98e-efe5c5a03c3f/89e05fd1-cb46-4d14-a98e-efe5c5a03c3f.jsonl"}"#,
    );
    assert_cli_common(
        &e.common,
        "beforeShellExecution",
        "89e05fd1-cb46-4d14-a98e-efe5c5a03c3f",
        Some("<TMP>/home/.cursor/projects/<RUN_DIRNAME>/agent-transcripts/89e05fd1-cb46-4d14-a98e-efe5c5a03c3f/89e05fd1-cb46-4d14-a98e-efe5c5a03c3f.jsonl"),
    );
    assert_eq!(e.command, "echo EXIT2ME");
    assert_eq!(e.cwd.as_deref(), Some(""));
    assert_eq!(e.sandbox, Some(false));
    assert!(e.extra.is_empty());
}

#[test]
fn e5_after_shell_execution() {
    let e: AfterShellExecution = parse(
        r#"{"conversation_id":"08f8f6c0-cd1e-41e1-a580-72a21773e3ea","generation_id":"08f8f6c0-cd1e-41e1-a580-72a21773e3ea","model":"default","command":"echo FINE","output":"FINE\n","duration":424.074,"sandbox":false,"session_id":"08f8f6c0-cd1e-41e1-a580-72a21773e3ea","hook_event_name":"afterShellExecution","cursor_version":"2026.09.28-64d2043","workspace_roots":["<RUN>"],"user_email":null,"transcript_path":"<…>.jsonl"}"#,
    );
    assert_cli_common(
        &e.common,
        "afterShellExecution",
        "08f8f6c0-cd1e-41e1-a580-72a21773e3ea",
        Some("<…>.jsonl"),
    );
    assert_eq!(e.command, "echo FINE");
    assert_eq!(e.output.as_deref(), Some("FINE\n"));
    assert_eq!(e.duration, Some(424.074));
    assert_eq!(e.sandbox, Some(false));
}

#[test]
fn e6_post_tool_use() {
    let e: PostToolUse = parse(
        r#"{"conversation_id":"08f8f6c0-cd1e-41e1-a580-72a21773e3ea","generation_id":"08f8f6c0-cd1e-41e1-a580-72a21773e3ea","model":"default","tool_name":"Shell","tool_input":{"command":"echo FINE","cwd":"","timeout":30000},"tool_output":"{\"output\":\"FINE\\n\",\"exitCode\":0}","duration":424.074,"tool_use_id":"79e9cb7c-b409-4963-a93f-c57b68514d41","cwd":"","session_id":"08f8f6c0-cd1e-41e1-a580-72a21773e3ea","hook_event_name":"postToolUse","cursor_version":"2026.09.28-64d2043","workspace_roots":["<RUN>"],"user_email":null,"transcript_path":"<…>.jsonl"}"#,
    );
    assert_eq!(e.tool_name, "Shell");
    let input = e.tool_input.as_ref().expect("tool_input");
    assert_eq!(input.command(), Some("echo FINE"));
    assert_eq!(
        e.tool_use_id.as_deref(),
        Some("79e9cb7c-b409-4963-a93f-c57b68514d41")
    );
    assert_eq!(e.duration, Some(424.074));
    // tool_output stays the JSON string Cursor sent.
    let tool_output = e.tool_output.as_deref().expect("tool_output");
    assert_eq!(tool_output, r#"{"output":"FINE\n","exitCode":0}"#);
    let output: Value = serde_json::from_str(tool_output).unwrap();
    assert_eq!(output["exitCode"], 0);
    assert_eq!(e.cwd.as_deref(), Some(""));
}

#[test]
fn e7_post_tool_use_failure_with_a_newline_in_the_id() {
    let e: PostToolUseFailure = parse(
        r#"{"conversation_id":"c1cba5e7-b85d-487e-8b02-95381492cadb","generation_id":"c1cba5e7-b85d-487e-8b02-95381492cadb","model":"default","tool_name":"Read","tool_input":{"file_path":"<RUN>/note.txt"},"error_message":"File not found: <RUN>/note.txt","failure_type":"error","duration":319.319,"tool_use_id":"call-2d783320-70b7-436e-8fbe-6a578a6dd1c4-0\nfc_97a616b3-2970-9bc8-b39a-84b255ff23fc_0","is_interrupt":false,"session_id":"c1cba5e7-b85d-487e-8b02-95381492cadb","hook_event_name":"postToolUseFailure","cursor_version":"2026.09.28-64d2043","workspace_roots":["<RUN>"],"user_email":null,"transcript_path":"<…>.jsonl"}"#,
    );
    assert_eq!(e.tool_name, "Read");
    let input = e.tool_input.as_ref().expect("tool_input");
    assert_eq!(input.file_path(), Some("<RUN>/note.txt"));
    assert_eq!(
        e.error_message.as_deref(),
        Some("File not found: <RUN>/note.txt")
    );
    assert_eq!(e.failure_type.as_deref(), Some("error"));
    assert_eq!(e.duration, Some(319.319));
    assert_eq!(
        e.tool_use_id.as_deref(),
        Some("call-2d783320-70b7-436e-8fbe-6a578a6dd1c4-0\nfc_97a616b3-2970-9bc8-b39a-84b255ff23fc_0")
    );
    assert!(e.tool_use_id.as_deref().unwrap().contains('\n'));
    assert_eq!(e.is_interrupt, Some(false));
    assert_eq!(e.cwd, None, "absent on file tools");
}

#[test]
fn e8_before_read_file() {
    let e: BeforeReadFile = parse(
        r#"{"conversation_id":"c1cba5e7-b85d-487e-8b02-95381492cadb","generation_id":"c1cba5e7-b85d-487e-8b02-95381492cadb","model":"default","content":"hi\n","file_path":"<RUN>/note.txt","attachments":[],"session_id":"c1cba5e7-b85d-487e-8b02-95381492cadb","hook_event_name":"beforeReadFile","cursor_version":"2026.09.28-64d2043","workspace_roots":["<RUN>"],"user_email":null,"transcript_path":"<…>.jsonl"}"#,
    );
    assert_cli_common(
        &e.common,
        "beforeReadFile",
        "c1cba5e7-b85d-487e-8b02-95381492cadb",
        Some("<…>.jsonl"),
    );
    assert_eq!(e.file_path, "<RUN>/note.txt");
    assert_eq!(e.content.as_deref(), Some("hi\n"));
    assert_eq!(e.attachments, Some(vec![]));
}

#[test]
fn e9_after_file_edit() {
    let e: AfterFileEdit = parse(
        r#"{"conversation_id":"c1cba5e7-b85d-487e-8b02-95381492cadb","generation_id":"c1cba5e7-b85d-487e-8b02-95381492cadb","model":"default","file_path":"<RUN>/note.txt","edits":[{"old_string":"","new_string":"hi\n"}],"session_id":"c1cba5e7-b85d-487e-8b02-95381492cadb","hook_event_name":"afterFileEdit","cursor_version":"2026.09.28-64d2043","workspace_roots":["<RUN>"],"user_email":null,"transcript_path":"<…>.jsonl"}"#,
    );
    assert_eq!(e.file_path, "<RUN>/note.txt");
    let edits = e.edits.as_ref().expect("edits");
    assert_eq!(edits.len(), 1);
    assert_eq!(edits[0].old_string, "", "a new file");
    assert_eq!(edits[0].new_string, "hi\n");
    assert!(edits[0].extra.is_empty());
}

#[test]
fn e10_before_submit_prompt() {
    let e: BeforeSubmitPrompt = parse(
        r#"{"conversation_id":"9dfb5296-a7a0-4da4-b128-a9277fcd9be4","generation_id":"5c823b1a-bb83-4b47-a2a7-88b4ccb457e2","model":"default","prompt":"Reply only DONE.","attachments":[],"session_id":"9dfb5296-a7a0-4da4-b128-a9277fcd9be4","hook_event_name":"beforeSubmitPrompt","cursor_version":"2026.09.28-64d2043","workspace_roots":["<RUN>"],"user_email":null,"transcript_path":null}"#,
    );
    assert_cli_common(
        &e.common,
        "beforeSubmitPrompt",
        "9dfb5296-a7a0-4da4-b128-a9277fcd9be4",
        None,
    );
    assert_eq!(
        e.common.generation_id.as_deref(),
        Some("5c823b1a-bb83-4b47-a2a7-88b4ccb457e2")
    );
    assert_eq!(e.prompt, "Reply only DONE.");
    assert_eq!(e.attachments, Some(vec![]));
}

#[test]
fn e11_after_agent_response() {
    let e: AfterAgentResponse = parse(
        r#"{"conversation_id":"9dfb5296-a7a0-4da4-b128-a9277fcd9be4","generation_id":"5c823b1a-bb83-4b47-a2a7-88b4ccb457e2","model":"default","text":"DONE","input_tokens":14104,"output_tokens":23,"cache_read_tokens":9472,"cache_write_tokens":0,"session_id":"9dfb5296-a7a0-4da4-b128-a9277fcd9be4","hook_event_name":"afterAgentResponse","cursor_version":"2026.09.28-64d2043","workspace_roots":["<RUN>"],"user_email":null,"transcript_path":"<…>.jsonl"}"#,
    );
    assert_eq!(e.text, "DONE");
    assert_eq!(e.input_tokens, Some(14104));
    assert_eq!(e.output_tokens, Some(23));
    assert_eq!(e.cache_read_tokens, Some(9472));
    assert_eq!(e.cache_write_tokens, Some(0));
}

#[test]
fn e12_stop() {
    let e: Stop = parse(
        r#"{"conversation_id":"9dfb5296-a7a0-4da4-b128-a9277fcd9be4","generation_id":"5c823b1a-bb83-4b47-a2a7-88b4ccb457e2","model":"default","status":"completed","loop_count":0,"input_tokens":14104,"output_tokens":23,"cache_read_tokens":9472,"cache_write_tokens":0,"session_id":"9dfb5296-a7a0-4da4-b128-a9277fcd9be4","hook_event_name":"stop","cursor_version":"2026.09.28-64d2043","workspace_roots":["<RUN>"],"user_email":null,"transcript_path":"<…>.jsonl"}"#,
    );
    assert_eq!(e.status, "completed");
    assert_eq!(e.loop_count, Some(0));
    assert_eq!(e.input_tokens, Some(14104));
    assert_eq!(e.output_tokens, Some(23));
    assert_eq!(e.cache_read_tokens, Some(9472));
    assert_eq!(e.cache_write_tokens, Some(0));
}

#[test]
fn e13_pre_compact() {
    let e: PreCompact = parse(
        r#"{"conversation_id":"fe7e4f3f-77a3-4458-8807-847733eecdac","generation_id":"607c63e9-5d8f-4d72-af4f-cb7dc9a87efa","model":"gemini-3.7-flash-low","trigger":"manual","context_usage_percent":5.51953125,"context_tokens":14130,"context_window_size":256000,"message_count":4,"messages_to_compact":2,"is_first_compaction":true,"session_id":"fe7e4f3f-77a3-4458-8807-847733eecdac","hook_event_name":"preCompact","cursor_version":"2026.09.28-64d2043","workspace_roots":["<RUN>"],"user_email":null,"transcript_path":"<…>.jsonl"}"#,
    );
    assert_eq!(e.common.model.as_deref(), Some("gemini-3.7-flash-low"));
    assert_eq!(e.trigger.as_deref(), Some("manual"));
    assert_eq!(e.context_usage_percent, Some(5.51953125));
    assert_eq!(e.context_tokens, Some(14130));
    assert_eq!(e.context_window_size, Some(256000));
    assert_eq!(e.message_count, Some(4));
    assert_eq!(e.messages_to_compact, Some(2));
    assert_eq!(e.is_first_compaction, Some(true));
}

#[test]
fn e14_session_end() {
    let e: SessionEnd = parse(
        r#"{"conversation_id":"08f8f6c0-cd1e-41e1-a580-72a21773e3ea","generation_id":"08f8f6c0-cd1e-41e1-a580-72a21773e3ea","model":"default","reason":"completed","duration_ms":21486,"is_background_agent":false,"final_status":"completed","session_id":"08f8f6c0-cd1e-41e1-a580-72a21773e3ea","hook_event_name":"sessionEnd","cursor_version":"2026.09.28-64d2043","workspace_roots":["<RUN>"],"user_email":null,"transcript_path":"<…>.jsonl"}"#,
    );
    assert_eq!(e.reason.as_deref(), Some("completed"));
    assert_eq!(e.duration_ms, Some(21486));
    assert_eq!(e.is_background_agent, Some(false));
    assert_eq!(e.final_status.as_deref(), Some("completed"));
    assert_eq!(e.error_message, None);
}

#[test]
fn e15_workspace_open_has_no_ids() {
    let e: WorkspaceOpen = parse(
        r#"{"hook_event_name":"workspaceOpen","cursor_version":"2026.09.28-64d2043","workspace_roots":["<RUN>"],"user_email":null}"#,
    );
    assert_eq!(e.common.hook_event_name, "workspaceOpen");
    assert!(is_cli_build(&e.common.cursor_version));
    assert_eq!(e.common.workspace_roots, Some(vec!["<RUN>".to_owned()]));
    assert_eq!(e.common.conversation_id, None);
    assert_eq!(e.common.generation_id, None);
    assert_eq!(e.common.session_id, None);
    assert_eq!(e.common.model, None);
    assert_eq!(e.common.transcript_path, None);
    assert!(e.extra.is_empty());
}

#[test]
fn e18_subagent_start() {
    let e: SubagentStart = parse(
        r#"{"hook_event_name":"subagentStart","conversation_id":"conv-456","generation_id":"g","subagent_id":"abc-123","subagent_type":"generalPurpose","task":"Explore the authentication flow","parent_conversation_id":"conv-456","tool_call_id":"tc-789","subagent_model":"claude-sonnet-4-20250514","is_parallel_worker":false,"git_branch":"feature/auth","cursor_version":"2.4.21","workspace_roots":["/project"],"user_email":null,"transcript_path":null}"#,
    );
    assert_eq!(e.subagent_id.as_deref(), Some("abc-123"));
    assert_eq!(e.subagent_type.as_deref(), Some("generalPurpose"));
    assert_eq!(e.task.as_deref(), Some("Explore the authentication flow"));
    assert_eq!(e.parent_conversation_id.as_deref(), Some("conv-456"));
    assert_eq!(e.tool_call_id.as_deref(), Some("tc-789"));
    assert_eq!(
        e.subagent_model.as_deref(),
        Some("claude-sonnet-4-20250514")
    );
    assert_eq!(e.is_parallel_worker, Some(false));
    assert_eq!(e.git_branch.as_deref(), Some("feature/auth"));
    assert_eq!(
        e.common.cursor_version.ide(),
        Some(&semver::Version::new(2, 4, 21))
    );
}

#[test]
fn e19_before_mcp_execution_with_tool_input_as_a_string() {
    let e: BeforeMCPExecution = parse(
        r#"{"hook_event_name":"beforeMCPExecution","conversation_id":"c1","generation_id":"g1","tool_name":"MCP:browser_navigate","tool_input":"{}","url":"https://mcp.example/mcp","cursor_version":"2.0.77","workspace_roots":["/project"],"user_email":null}"#,
    );
    assert_eq!(e.tool_name, "MCP:browser_navigate");
    let input = e.tool_input.as_ref().expect("tool_input");
    assert_eq!(input.value(), &json!({}));
    assert!(input.was_sent_as_string());
    assert_eq!(e.url.as_deref(), Some("https://mcp.example/mcp"));
    assert_eq!(e.command, None);
    assert!(e.common.cursor_version.is_ide_before(2, 4, 21));
    // Written back as a string, as Cursor sent it.
    assert_eq!(serde_json::to_value(&e).unwrap()["tool_input"], json!("{}"));
}

#[test]
fn e20_a_1_7_payload_has_no_version_and_no_model() {
    let e: BeforeShellExecution = parse(
        r#"{"hook_event_name":"beforeShellExecution","conversation_id":"668320d2-2fd8-4888-b33c-2a466fec86e7","generation_id":"490b90b7-a2ce-4c2c-bb76-cb77b125df2f","workspace_roots":["/Users/schacon/projects/cc-hooks-example"],"command":"git push","cwd":"/Users/schacon/projects/cc-hooks-example"}"#,
    );
    assert_eq!(e.common.cursor_version, CursorVersion::Missing);
    assert!(e.common.cursor_version.is_missing());
    assert_eq!(e.common.cursor_version.as_str(), None);
    assert_eq!(e.common.model, None);
    assert_eq!(e.common.user_email, None);
    assert_eq!(e.common.session_id, None);
    assert_eq!(e.common.transcript_path, None);
    assert_eq!(
        e.common.conversation_id.as_deref(),
        Some("668320d2-2fd8-4888-b33c-2a466fec86e7")
    );
    assert_eq!(
        e.common.generation_id.as_deref(),
        Some("490b90b7-a2ce-4c2c-bb76-cb77b125df2f")
    );
    assert_eq!(
        e.common.workspace_roots,
        Some(vec!["/Users/schacon/projects/cc-hooks-example".to_owned()])
    );
    assert_eq!(e.command, "git push");
    assert_eq!(
        e.cwd.as_deref(),
        Some("/Users/schacon/projects/cc-hooks-example")
    );
    assert_eq!(e.sandbox, None, "added by Aug 2026");
    // Written back without a cursor_version key.
    assert!(serde_json::to_value(&e)
        .unwrap()
        .get("cursor_version")
        .is_none());
}

// ---------------------------------------------------------------------------------------------
// Events with no example in the reference: payloads built from the spec's fields and §2.2.

#[test]
fn subagent_stop() {
    let e: SubagentStop = parse(
        r#"{"hook_event_name":"subagentStop","conversation_id":"sub-1","generation_id":"g","model":"default","subagent_type":"explore","status":"completed","task":"Find the auth code","description":"Explore auth","summary":"Found it in src/auth.rs","duration_ms":5321,"message_count":7,"tool_call_count":3,"loop_count":1,"modified_files":["/project/src/auth.rs"],"agent_transcript_path":null,"cursor_version":"3.21.16","workspace_roots":["/project"],"user_email":"dev@example.com","transcript_path":"/home/dev/.cursor/t.jsonl"}"#,
    );
    assert_eq!(e.subagent_type.as_deref(), Some("explore"));
    assert_eq!(e.status, "completed");
    assert_eq!(e.task.as_deref(), Some("Find the auth code"));
    assert_eq!(e.description.as_deref(), Some("Explore auth"));
    assert_eq!(e.summary.as_deref(), Some("Found it in src/auth.rs"));
    assert_eq!(e.duration_ms, Some(5321));
    assert_eq!(e.message_count, Some(7));
    assert_eq!(e.tool_call_count, Some(3));
    assert_eq!(e.loop_count, Some(1));
    assert_eq!(
        e.modified_files,
        Some(vec!["/project/src/auth.rs".to_owned()])
    );
    assert_eq!(e.agent_transcript_path, None);
    assert_eq!(e.common.user_email.as_deref(), Some("dev@example.com"));
}

#[test]
fn after_mcp_execution() {
    let e: AfterMCPExecution = parse(
        r#"{"hook_event_name":"afterMCPExecution","conversation_id":"c1","generation_id":"g1","model":"default","tool_name":"browser_navigate","tool_input":"{\"url\":\"https://example.com\"}","result_json":"{\"content\":[{\"type\":\"text\",\"text\":\"ok\"}],\"isError\":false}","duration":812.5,"cursor_version":"2.4.21","workspace_roots":["/project"],"user_email":null}"#,
    );
    assert_eq!(e.tool_name, "browser_navigate");
    let input = e.tool_input.as_ref().unwrap();
    assert!(input.was_sent_as_string());
    assert_eq!(input.str("url"), Some("https://example.com"));
    let result: Value = serde_json::from_str(e.result_json.as_deref().unwrap()).unwrap();
    assert_eq!(result["isError"], false);
    assert_eq!(e.duration, Some(812.5));
}

#[test]
fn after_agent_thought() {
    let e: AfterAgentThought = parse(
        r#"{"conversation_id":"9dfb5296-a7a0-4da4-b128-a9277fcd9be4","generation_id":"5c823b1a-bb83-4b47-a2a7-88b4ccb457e2","model":"default","model_id":"gpt-5","text":"**Planning the reply**\n\nThe user wants DONE.","duration_ms":1530,"session_id":"9dfb5296-a7a0-4da4-b128-a9277fcd9be4","hook_event_name":"afterAgentThought","cursor_version":"2026.09.28-64d2043","workspace_roots":["<RUN>"],"user_email":null,"transcript_path":null}"#,
    );
    assert_eq!(e.text, "**Planning the reply**\n\nThe user wants DONE.");
    assert_eq!(e.duration_ms, Some(1530));
    assert_eq!(e.common.model_id.as_deref(), Some("gpt-5"));
    assert!(is_cli_build(&e.common.cursor_version));
}

#[test]
fn tab_events() {
    let e: BeforeTabFileRead = parse(
        r#"{"hook_event_name":"beforeTabFileRead","conversation_id":"c","generation_id":"g","model":"default","file_path":"/project/.env","content":"SECRET=1\n","cursor_version":"3.21.16","workspace_roots":["/project"],"user_email":null}"#,
    );
    assert_eq!(e.file_path, "/project/.env");
    assert_eq!(e.content.as_deref(), Some("SECRET=1\n"));

    let e: AfterTabFileEdit = parse(
        r#"{"hook_event_name":"afterTabFileEdit","conversation_id":"c","generation_id":"g","model":"default","file_path":"/project/src/main.rs","edits":[{"old_string":"fn mian","new_string":"fn main","range":{"start_line_number":1,"start_column":1,"end_line_number":1,"end_column":8},"old_line":"fn mian() {","new_line":"fn main() {"}],"cursor_version":"3.21.16","workspace_roots":["/project"],"user_email":null}"#,
    );
    assert_eq!(e.file_path, "/project/src/main.rs");
    let edits = e.edits.as_ref().expect("edits");
    assert_eq!(edits.len(), 1);
    assert_eq!(edits[0].old_string, "fn mian");
    assert_eq!(edits[0].new_string, "fn main");
    assert_eq!(edits[0].old_line.as_deref(), Some("fn mian() {"));
    assert_eq!(edits[0].new_line.as_deref(), Some("fn main() {"));
    assert_eq!(
        edits[0].range,
        Some(json!({"start_line_number":1,"start_column":1,"end_line_number":1,"end_column":8}))
    );
}

// ---------------------------------------------------------------------------------------------
// Shapes the sources disagree on.

#[test]
fn mcp_tool_input_as_an_object_or_a_string() {
    let object: BeforeMCPExecution = parse(
        r#"{"hook_event_name":"beforeMCPExecution","tool_name":"create_issue","tool_input":{"title":"bug","labels":["a"]},"command":"npx -y @modelcontextprotocol/server-github","cursor_version":"2.4.20","model":"default"}"#,
    );
    let string: BeforeMCPExecution = parse(
        r#"{"hook_event_name":"beforeMCPExecution","tool_name":"create_issue","tool_input":"{\"title\":\"bug\",\"labels\":[\"a\"]}","command":"npx -y @modelcontextprotocol/server-github","cursor_version":"2.4.20","model":"default"}"#,
    );
    let (a, b) = (object.tool_input.unwrap(), string.tool_input.unwrap());
    assert_eq!(a.value(), b.value(), "both read into the same arguments");
    assert_eq!(a.str("title"), Some("bug"));
    assert_eq!(b.get("labels"), Some(&json!(["a"])));
    assert!(!a.was_sent_as_string());
    assert!(b.was_sent_as_string());
    assert_eq!(
        object.command.as_deref(),
        Some("npx -y @modelcontextprotocol/server-github")
    );
    // Each is written back in the form it came in.
    assert_eq!(
        serde_json::to_value(&a).unwrap(),
        json!({"title": "bug", "labels": ["a"]})
    );
    let written = serde_json::to_value(&b).unwrap();
    let text = written.as_str().expect("written back as a string");
    assert_eq!(
        serde_json::from_str::<Value>(text).unwrap(),
        json!({"title": "bug", "labels": ["a"]})
    );
    // A string that holds no JSON object is no tool's arguments: a malformed payload.
    for odd in [r#""not json""#, r#""[1]""#, r#""\"x\"""#] {
        let error = serde_json::from_str::<ToolInput>(odd)
            .unwrap_err()
            .to_string();
        assert!(error.contains("holds no JSON object"), "{odd}: {error}");
    }
    // tool_input is optional on beforeMCPExecution.
    let none: BeforeMCPExecution = parse(
        r#"{"hook_event_name":"beforeMCPExecution","tool_name":"t","url":"https://mcp.example"}"#,
    );
    assert_eq!(none.tool_input, None);
}

#[test]
fn file_path_alias() {
    let read: BeforeReadFile = parse(
        r#"{"hook_event_name":"beforeReadFile","filePath":"/p/a.rs","content":"x","cursor_version":"1.7.2"}"#,
    );
    assert_eq!(read.file_path, "/p/a.rs");
    assert!(read.extra.is_empty(), "filePath is not an unknown field");
    assert_eq!(serde_json::to_value(&read).unwrap()["file_path"], "/p/a.rs");

    let edit: AfterFileEdit = parse(
        r#"{"hook_event_name":"afterFileEdit","filePath":"/p/b.rs","edits":[{"old_string":"a","new_string":"b"}]}"#,
    );
    assert_eq!(edit.file_path, "/p/b.rs");
    assert!(edit.extra.is_empty());

    let tab: BeforeTabFileRead =
        parse(r#"{"hook_event_name":"beforeTabFileRead","filePath":"/p/c.rs"}"#);
    assert_eq!(tab.file_path, "/p/c.rs");
    let tab_edit: AfterTabFileEdit =
        parse(r#"{"hook_event_name":"afterTabFileEdit","filePath":"/p/d.rs"}"#);
    assert_eq!(tab_edit.file_path, "/p/d.rs");
    assert_eq!(tab_edit.edits, None);
}

#[test]
fn attachments_in_both_spellings() {
    let e: BeforeSubmitPrompt = parse(
        r#"{"hook_event_name":"beforeSubmitPrompt","conversation_id":"c","generation_id":"g","prompt":"fix it","attachments":[{"type":"file","filePath":"/p/src/a.rs"},{"type":"rule","file_path":"/p/.cursor/rules/style.mdc"}],"cursor_version":"2.0.77","workspace_roots":["/p"],"user_email":null}"#,
    );
    let attachments = e.attachments.expect("attachments");
    assert_eq!(attachments.len(), 2);
    assert_eq!(attachments[0].kind, "file");
    assert_eq!(attachments[0].file_path, "/p/src/a.rs");
    assert!(
        attachments[0].extra.is_empty(),
        "{:?}",
        attachments[0].extra
    );
    assert_eq!(attachments[1].kind, "rule");
    assert_eq!(attachments[1].file_path, "/p/.cursor/rules/style.mdc");

    let read: BeforeReadFile = parse(
        r#"{"hook_event_name":"beforeReadFile","file_path":"/p/a","content":"","attachments":[{"type":"file","filePath":"/p/b"}]}"#,
    );
    let attachment: &Attachment = &read.attachments.as_ref().unwrap()[0];
    assert_eq!(attachment.file_path, "/p/b");
}

#[test]
fn cwd_empty_absent_or_null() {
    let empty: BeforeShellExecution = parse(
        r#"{"hook_event_name":"beforeShellExecution","command":"ls","cwd":"","model":"default","cursor_version":"2026.09.28-64d2043"}"#,
    );
    assert_eq!(empty.cwd.as_deref(), Some(""));
    let absent: BeforeShellExecution = parse(
        r#"{"hook_event_name":"beforeShellExecution","command":"ls","model":"default","cursor_version":"2026.09.28-64d2043"}"#,
    );
    assert_eq!(absent.cwd, None);
    let null: BeforeShellExecution = parse(
        r#"{"hook_event_name":"beforeShellExecution","command":"ls","cwd":null,"model":"default","cursor_version":"2026.09.28-64d2043"}"#,
    );
    assert_eq!(null.cwd, None);
}

#[test]
fn user_email_null_or_set() {
    let null: SessionEnd = parse(r#"{"hook_event_name":"sessionEnd","user_email":null}"#);
    assert_eq!(null.common.user_email, None);
    let set: SessionEnd = parse(r#"{"hook_event_name":"sessionEnd","user_email":"a@b.c"}"#);
    assert_eq!(set.common.user_email.as_deref(), Some("a@b.c"));
}

#[test]
fn ids_with_newlines_and_escapes() {
    let e: PreToolUse = parse(
        r#"{"hook_event_name":"preToolUse","conversation_id":"a\nb","generation_id":"x\u0000y","tool_name":"Read","tool_input":{"file_path":"/p/\u00e9.txt"},"tool_use_id":"call-1\nfc_2","model":"default","cursor_version":"2026.09.28-64d2043"}"#,
    );
    assert_eq!(e.common.conversation_id.as_deref(), Some("a\nb"));
    assert_eq!(e.common.generation_id.as_deref(), Some("x\u{0}y"));
    assert_eq!(e.tool_use_id.as_deref(), Some("call-1\nfc_2"));
    assert_eq!(e.tool_input.file_path(), Some("/p/é.txt"));
    // Keys spelled with escapes are still the keys they spell.
    let escaped: BeforeShellExecution = parse(
        r#"{"hook_event_name":"beforeShellExecution","comm\u0061nd":"ls","model":"default"}"#,
    );
    assert_eq!(escaped.command, "ls");
    assert!(escaped.extra.is_empty());
}

#[test]
fn duration_fractional_or_integer() {
    let base = |duration: &str| {
        format!(
            r#"{{"hook_event_name":"postToolUseFailure","tool_name":"Shell","tool_input":{{"command":"false"}},"tool_use_id":"t","error_message":"exit 1","failure_type":"error","duration":{duration},"is_interrupt":false}}"#
        )
    };
    let fractional: PostToolUseFailure = parse(&base("319.319"));
    assert_eq!(fractional.duration, Some(319.319));
    let integer: PostToolUseFailure = parse(&base("319"));
    assert_eq!(integer.duration, Some(319.0));
    let zero: PostToolUseFailure = parse(&base("0"));
    assert_eq!(zero.duration, Some(0.0));
    let shell: AfterShellExecution = parse(
        r#"{"hook_event_name":"afterShellExecution","command":"true","output":"","duration":12}"#,
    );
    assert_eq!(shell.duration, Some(12.0));
    let compact: PreCompact =
        parse(r#"{"hook_event_name":"preCompact","context_usage_percent":50}"#);
    assert_eq!(compact.context_usage_percent, Some(50.0));
}

#[test]
fn versions_of_every_form() {
    let version = |v: &str| -> CursorVersion {
        let payload = format!(r#"{{"hook_event_name":"sessionEnd","cursor_version":{v}}}"#);
        parse::<SessionEnd>(&payload).common.cursor_version
    };
    match version(r#""2026.09.28-64d2043""#) {
        CursorVersion::Cli { date, hash, raw } => {
            assert_eq!(date, (2026, 9, 28));
            assert_eq!(hash, "64d2043");
            assert_eq!(raw, CLI);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        version(r#""2.0.77""#).ide(),
        Some(&semver::Version::new(2, 0, 77))
    );
    // Two-part form (DEC 4).
    let short = version(r#""1.7""#);
    assert_eq!(short.ide(), Some(&semver::Version::new(1, 7, 0)));
    assert_eq!(short.as_str(), Some("1.7"));
    assert_eq!(
        version(r#""nightly""#),
        CursorVersion::Unreadable("nightly".into())
    );
    assert_eq!(version("null"), CursorVersion::Missing);
    let absent: SessionEnd = parse(r#"{"hook_event_name":"sessionEnd"}"#);
    assert_eq!(absent.common.cursor_version, CursorVersion::Missing);
}

#[test]
fn unknown_fields_are_kept_in_extra() {
    let e: BeforeMCPExecution = parse(
        r#"{"hook_event_name":"beforeMCPExecution","tool_name":"t","mcp_server_label":"github","future":{"nested":[1,2.5,null]},"cursor_version":"3.21.16","model":"default"}"#,
    );
    assert_eq!(e.extra.len(), 2);
    assert_eq!(e.extra.get("mcp_server_label"), Some(json!("github")));
    assert_eq!(
        e.extra.get("future"),
        Some(json!({"nested": [1, 2.5, null]}))
    );
    // Kept as sent, parsed when asked for.
    assert_eq!(e.extra.raw("future"), Some(r#"{"nested":[1,2.5,null]}"#));
    let written = serde_json::to_value(&e).unwrap();
    assert_eq!(written["mcp_server_label"], json!("github"));
    assert_eq!(written["future"], json!({"nested": [1, 2.5, null]}));

    // Also on the event without own fields, and inside nested values.
    let open: WorkspaceOpen =
        parse(r#"{"hook_event_name":"workspaceOpen","window_id":7,"user_email":null}"#);
    assert_eq!(open.extra.get("window_id"), Some(json!(7)));
    let edit: AfterFileEdit = parse(
        r#"{"hook_event_name":"afterFileEdit","file_path":"/p","edits":[{"old_string":"a","new_string":"b","line":3}]}"#,
    );
    assert_eq!(edit.edits.unwrap()[0].extra.get("line"), Some(json!(3)));
    // A key of another event is unknown here, not silently read.
    let shell: BeforeShellExecution =
        parse(r#"{"hook_event_name":"beforeShellExecution","command":"ls","tool_name":"Shell"}"#);
    assert_eq!(shell.extra.get("tool_name"), Some(json!("Shell")));
}

#[test]
fn null_optional_fields_read_as_none() {
    let e: BeforeShellExecution = parse(
        r#"{"hook_event_name":"beforeShellExecution","command":"ls","cwd":null,"sandbox":null,"conversation_id":null,"generation_id":null,"session_id":null,"model":null,"model_id":null,"model_params":null,"cursor_version":null,"workspace_roots":null,"user_email":null,"transcript_path":null}"#,
    );
    assert_eq!(e.command, "ls");
    assert_eq!(e.cwd, None);
    assert_eq!(e.sandbox, None);
    assert_eq!(e.common.conversation_id, None);
    assert_eq!(e.common.generation_id, None);
    assert_eq!(e.common.session_id, None);
    assert_eq!(e.common.model, None);
    assert_eq!(e.common.model_id, None);
    assert_eq!(e.common.model_params, None);
    assert_eq!(e.common.cursor_version, CursorVersion::Missing);
    assert_eq!(e.common.workspace_roots, None);
    assert_eq!(e.common.user_email, None);
    assert_eq!(e.common.transcript_path, None);
    assert!(
        e.extra.is_empty(),
        "null known fields are not unknown: {:?}",
        e.extra
    );

    let stop: Stop = parse(r#"{"hook_event_name":"stop","status":"aborted","loop_count":null}"#);
    assert_eq!(stop.loop_count, None);
    let read: BeforeReadFile = parse(
        r#"{"hook_event_name":"beforeReadFile","file_path":"/p","content":"","attachments":null}"#,
    );
    assert_eq!(read.attachments, None);
    let sub: SubagentStop = parse(
        r#"{"hook_event_name":"subagentStop","status":"error","agent_transcript_path":null,"modified_files":null}"#,
    );
    assert_eq!(sub.agent_transcript_path, None);
    assert_eq!(sub.modified_files, None);
}

// ---------------------------------------------------------------------------------------------
// Bad input names the field.

#[test]
fn a_missing_required_field_is_an_error_naming_it() {
    // The example case: the command is the subject of beforeShellExecution.
    let error = parse_err::<BeforeShellExecution>(
        r#"{"hook_event_name":"beforeShellExecution","cwd":"","model":"default","cursor_version":"2026.09.28-64d2043"}"#,
    );
    assert!(error.contains("`command`"), "{error}");
    // A required field sent as null is missing too.
    let error = parse_err::<BeforeShellExecution>(
        r#"{"hook_event_name":"beforeShellExecution","command":null}"#,
    );
    assert!(error.contains("`command`"), "{error}");
    let error = parse_err::<Stop>(r#"{"hook_event_name":"stop","loop_count":0}"#);
    assert!(error.contains("`status`"), "{error}");
}

// ---------------------------------------------------------------------------------------------
// Every input field of every event, against what spec/cursor/events.json says about it.

/// One payload per event carrying every common field and every input field of the spec.
fn full_payloads() -> Vec<Value> {
    let common = json!({
        "conversation_id": "c", "generation_id": "g", "session_id": "c", "model": "default",
        "model_id": "m", "model_params": [{"id": "thinking", "value": "true"}],
        "cursor_version": "3.21.16", "workspace_roots": ["/p"], "user_email": "a@b.c",
        "transcript_path": "/t.jsonl"
    });
    let own = [
        (
            "sessionStart",
            json!({"is_background_agent": false, "composer_mode": "agent"}),
        ),
        (
            "sessionEnd",
            json!({"reason": "completed", "duration_ms": 5, "is_background_agent": false, "final_status": "completed", "error_message": "e"}),
        ),
        (
            "preToolUse",
            json!({"tool_name": "Shell", "tool_input": {"command": "ls"}, "tool_use_id": "t", "cwd": "", "agent_message": "a"}),
        ),
        (
            "postToolUse",
            json!({"tool_name": "Shell", "tool_input": {"command": "ls"}, "tool_use_id": "t", "cwd": "", "duration": 1.5, "tool_output": "{}"}),
        ),
        (
            "postToolUseFailure",
            json!({"tool_name": "Shell", "tool_input": {"command": "ls"}, "tool_use_id": "t", "cwd": "", "error_message": "e", "failure_type": "error", "duration": 2, "is_interrupt": false}),
        ),
        (
            "subagentStart",
            json!({"subagent_id": "s", "subagent_type": "explore", "task": "t", "parent_conversation_id": "c", "tool_call_id": "tc", "subagent_model": "m", "is_parallel_worker": false, "git_branch": "main"}),
        ),
        (
            "subagentStop",
            json!({"subagent_type": "explore", "status": "completed", "task": "t", "description": "d", "summary": "s", "duration_ms": 1, "message_count": 2, "tool_call_count": 3, "loop_count": 0, "modified_files": ["/p/a"], "agent_transcript_path": "/a.jsonl", "subagent_id": "tc", "parent_conversation_id": "c"}),
        ),
        (
            "beforeShellExecution",
            json!({"command": "ls", "cwd": "", "sandbox": false}),
        ),
        (
            "afterShellExecution",
            json!({"command": "ls", "output": "", "duration": 3.25, "sandbox": false}),
        ),
        (
            "beforeMCPExecution",
            json!({"tool_name": "t", "tool_input": "{}", "url": "https://m", "command": "npx m", "mcp_server_name": "m", "mcp_server_url": "https://m"}),
        ),
        (
            "afterMCPExecution",
            json!({"tool_name": "t", "tool_input": {"a": 1}, "result_json": "{}", "duration": 4, "mcp_server_name": "m", "mcp_server_url": "https://m"}),
        ),
        (
            "beforeReadFile",
            json!({"file_path": "/p/a", "content": "x", "attachments": [{"type": "file", "file_path": "/p/b"}]}),
        ),
        (
            "afterFileEdit",
            json!({"file_path": "/p/a", "edits": [{"old_string": "", "new_string": "x"}]}),
        ),
        (
            "beforeSubmitPrompt",
            json!({"prompt": "hi", "attachments": [], "composer_mode": "agent"}),
        ),
        (
            "afterAgentResponse",
            json!({"text": "", "input_tokens": 1, "output_tokens": 2, "cache_read_tokens": 3, "cache_write_tokens": 0}),
        ),
        ("afterAgentThought", json!({"text": "hm", "duration_ms": 9})),
        (
            "preCompact",
            json!({"trigger": "auto", "context_usage_percent": 80.5, "context_tokens": 1, "context_window_size": 2, "message_count": 3, "messages_to_compact": 2, "is_first_compaction": true}),
        ),
        (
            "stop",
            json!({"status": "completed", "loop_count": 0, "input_tokens": 1, "output_tokens": 2, "cache_read_tokens": 3, "cache_write_tokens": 4}),
        ),
        (
            "beforeTabFileRead",
            json!({"file_path": "/p/a", "content": "x"}),
        ),
        (
            "afterTabFileEdit",
            json!({"file_path": "/p/a", "edits": [{"old_string": "a", "new_string": "b", "range": {"start_line_number": 1}, "old_line": "a", "new_line": "b"}]}),
        ),
        ("workspaceOpen", json!({})),
    ];
    own.into_iter()
        .map(|(name, fields)| {
            let mut payload = common.as_object().unwrap().clone();
            if name == "workspaceOpen" {
                // §2.2: workspaceOpen carries no ids, model or transcript.
                for key in [
                    "conversation_id",
                    "generation_id",
                    "session_id",
                    "model",
                    "model_id",
                    "model_params",
                    "transcript_path",
                ] {
                    payload.remove(key);
                }
            }
            payload.insert("hook_event_name".into(), json!(name));
            payload.extend(fields.as_object().unwrap().clone());
            Value::Object(payload)
        })
        .collect()
}

/// Parses a payload as the type its hook_event_name names; the typed value written back.
fn parse_as(name: &str, payload: &Value) -> Result<Value, String> {
    fn go<T: Event>(payload: &Value) -> Result<Value, String> {
        let text = payload.to_string();
        let typed: T = serde_json::from_str(&text).map_err(|e| e.to_string())?;
        Ok(serde_json::to_value(&typed).expect("serializes"))
    }
    match name {
        "sessionStart" => go::<SessionStart>(payload),
        "sessionEnd" => go::<SessionEnd>(payload),
        "preToolUse" => go::<PreToolUse>(payload),
        "postToolUse" => go::<PostToolUse>(payload),
        "postToolUseFailure" => go::<PostToolUseFailure>(payload),
        "subagentStart" => go::<SubagentStart>(payload),
        "subagentStop" => go::<SubagentStop>(payload),
        "beforeShellExecution" => go::<BeforeShellExecution>(payload),
        "afterShellExecution" => go::<AfterShellExecution>(payload),
        "beforeMCPExecution" => go::<BeforeMCPExecution>(payload),
        "afterMCPExecution" => go::<AfterMCPExecution>(payload),
        "beforeReadFile" => go::<BeforeReadFile>(payload),
        "afterFileEdit" => go::<AfterFileEdit>(payload),
        "beforeSubmitPrompt" => go::<BeforeSubmitPrompt>(payload),
        "afterAgentResponse" => go::<AfterAgentResponse>(payload),
        "afterAgentThought" => go::<AfterAgentThought>(payload),
        "preCompact" => go::<PreCompact>(payload),
        "stop" => go::<Stop>(payload),
        "beforeTabFileRead" => go::<BeforeTabFileRead>(payload),
        "afterTabFileEdit" => go::<AfterTabFileEdit>(payload),
        "workspaceOpen" => go::<WorkspaceOpen>(payload),
        other => panic!("`{other}` is not one of the 21 events"),
    }
}

/// A value of the wrong JSON type for a spec type (`None` where every value is accepted).
fn wrong_value(spec_type: &str) -> Option<Value> {
    match spec_type {
        "string" => Some(json!(42)),
        "bool" => Some(json!("yes")),
        "integer" => Some(json!("7")),
        "number" => Some(json!("fast")),
        "cursor_version" => Some(json!(2)),
        "string_list" | "string_map" | "attachments" | "file_edits" | "tab_edits"
        | "model_params" => Some(json!("x")),
        "json" | "tool_input" => None,
        other => panic!("unknown spec type `{other}`"),
    }
}

#[test]
fn every_field_is_required_optional_and_typed_as_the_spec_says() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec/cursor/events.json");
    let spec: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let common = spec["common_fields"].as_array().unwrap();
    let payloads = full_payloads();
    let events = spec["events"].as_array().unwrap();
    assert_eq!(payloads.len(), events.len());
    let mut problems = Vec::new();
    for (event, full) in events.iter().zip(&payloads) {
        let name = event["name"].as_str().unwrap();
        assert_eq!(full["hook_event_name"], name);
        let written = parse_as(name, full).unwrap_or_else(|e| panic!("{name}: {e}"));
        let fields: Vec<&Value> = common
            .iter()
            .chain(event["input"].as_array().unwrap())
            .collect();
        for field in fields {
            let key = field["name"].as_str().unwrap();
            let absent_here = field["absent_on"]
                .as_array()
                .is_some_and(|on| on.iter().any(|e| e == name));
            if absent_here {
                assert!(full.get(key).is_none(), "{name}: {key}");
                continue;
            }
            assert!(
                full.get(key).is_some(),
                "{name}: the test payload lacks `{key}`"
            );
            if written.get(key).is_none() {
                problems.push(format!("{name}: `{key}` was not read"));
            }
            let optional = field["optional"].as_bool().unwrap();

            // A missing hook_event_name has its own test below.
            if key != "hook_event_name" {
                let mut without = full.clone();
                without.as_object_mut().unwrap().remove(key);
                let mut null = full.clone();
                null[key] = Value::Null;
                for (how, payload) in [("absent", without), ("null", null)] {
                    match parse_as(name, &payload) {
                        Ok(back) if optional => {
                            if back.get(key).is_some() {
                                problems.push(format!("{name}: {how} `{key}` is not None"));
                            }
                        }
                        Ok(_) => {
                            problems.push(format!("{name}: required `{key}` {how} was accepted"))
                        }
                        Err(e) if optional => problems
                            .push(format!("{name}: optional `{key}` {how} was rejected: {e}")),
                        Err(e) if !e.contains(&format!("`{key}`")) => problems.push(format!(
                            "{name}: {how} `{key}`: the error does not name it: {e}"
                        )),
                        Err(_) => {}
                    }
                }
            }
            // Other spellings Cursor has used read into the same field.
            for alias in field["aliases"].as_array().into_iter().flatten() {
                let alias = alias.as_str().unwrap();
                let mut renamed = full.clone();
                let value = renamed.as_object_mut().unwrap().remove(key).unwrap();
                renamed[alias] = value;
                match parse_as(name, &renamed) {
                    Ok(back) if back.get(key) == full.get(key) && back.get(alias).is_none() => {}
                    Ok(back) => problems.push(format!("{name}: alias `{alias}` read as {back}")),
                    Err(e) => problems.push(format!("{name}: alias `{alias}` rejected: {e}")),
                }
            }
            // A wrong type: an error naming a required field; an optional one is ignored
            // (read as absent, kept in `extra` as sent).
            if let Some(wrong) = wrong_value(field["type"].as_str().unwrap()) {
                let mut bad = full.clone();
                bad[key] = wrong.clone();
                match parse_typed(name, &bad.to_string()) {
                    Ok(typed) if optional => {
                        let ignored: Vec<&str> = typed
                            .extra
                            .ignored()
                            .iter()
                            .map(|f| f.name.as_str())
                            .collect();
                        if ignored != [key] || typed.extra.get(key) != Some(wrong.clone()) {
                            problems.push(format!(
                                "{name}: optional `{key}` = {wrong}: ignored {ignored:?}, extra {:?}",
                                typed.extra
                            ));
                        }
                    }
                    Ok(_) => problems.push(format!("{name}: `{key}`: {wrong} was accepted")),
                    Err(e) if optional => problems.push(format!(
                        "{name}: optional `{key}` = {wrong} was rejected: {e}"
                    )),
                    Err(e) if !e.contains(&format!("`{key}`")) => problems.push(format!(
                        "{name}: `{key}` = {wrong}: the error does not name it: {e}"
                    )),
                    Err(_) => {}
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_missing_hook_event_name_is_an_error_naming_it() {
    // spec/cursor/events.json: hook_event_name is the one common field with "optional": false.
    let error = parse_err::<BeforeShellExecution>(r#"{"command":"ls","model":"default"}"#);
    assert!(error.contains("`hook_event_name`"), "{error}");
}

#[test]
fn a_required_field_of_the_wrong_type_is_an_error_naming_it() {
    let cases: [(&str, String); 5] = [
        (
            "command",
            parse_err::<BeforeShellExecution>(
                r#"{"hook_event_name":"beforeShellExecution","command":42}"#,
            ),
        ),
        (
            "prompt",
            parse_err::<BeforeSubmitPrompt>(
                r#"{"hook_event_name":"beforeSubmitPrompt","prompt":["hi"]}"#,
            ),
        ),
        (
            "tool_input",
            parse_err::<PreToolUse>(
                r#"{"hook_event_name":"preToolUse","tool_name":"Shell","tool_input":1e999}"#,
            ),
        ),
        (
            "status",
            parse_err::<Stop>(r#"{"hook_event_name":"stop","status":{"done":true}}"#),
        ),
        (
            "hook_event_name",
            parse_err::<Stop>(r#"{"hook_event_name":7,"status":"completed"}"#),
        ),
    ];
    for (field, error) in cases {
        assert!(
            error.contains(&format!("`{field}`")),
            "the error does not name `{field}`: {error}"
        );
    }
    // `tool_input` that is not an object (nor Cursor's JSON-string form of one) is malformed;
    // an object's arguments are kept as text, so they may nest as deep as they like.
    let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
    for not_an_object in [deep.as_str(), "\"ls\"", "7", "true"] {
        let error = parse_err::<PreToolUse>(&format!(
            r#"{{"hook_event_name":"preToolUse","tool_name":"Shell","tool_input":{not_an_object}}}"#
        ));
        assert!(
            error.contains("`tool_input`") && error.contains("expected a tool's arguments"),
            "{not_an_object}: {error}"
        );
    }
    let nested: PreToolUse = serde_json::from_str(&format!(
        r#"{{"hook_event_name":"preToolUse","tool_name":"Shell","tool_input":{{"command":"ls","x":{deep}}}}}"#
    ))
    .unwrap();
    assert_eq!(nested.tool_input.command(), Some("ls"));
    // Not an object at all.
    let error = parse_err::<Stop>(r#"["stop"]"#);
    assert!(!error.is_empty());
}

#[test]
fn an_optional_field_of_the_wrong_type_is_ignored_and_kept_in_extra() {
    let cases: [(&str, &str, &str); 6] = [
        (
            r#"{"hook_event_name":"afterShellExecution","command":"ls","output":"","duration":"fast"}"#,
            "duration",
            "field 'duration' is a string, expected a number",
        ),
        (
            r#"{"hook_event_name":"postToolUseFailure","tool_name":"Shell","tool_input":{},"is_interrupt":"no"}"#,
            "is_interrupt",
            "field 'is_interrupt' is a string, expected a bool",
        ),
        (
            r#"{"hook_event_name":"afterFileEdit","file_path":"/p","edits":"a->b"}"#,
            "edits",
            "field 'edits' is a string, expected a list of edits",
        ),
        (
            r#"{"hook_event_name":"stop","status":"completed","conversation_id":5}"#,
            "conversation_id",
            "field 'conversation_id' is a number, expected a string",
        ),
        (
            r#"{"hook_event_name":"workspaceOpen","workspace_roots":["/p",7]}"#,
            "workspace_roots",
            "field 'workspace_roots' is a list, expected a list of strings",
        ),
        (
            r#"{"hook_event_name":"stop","status":"completed","loop_count":1e999}"#,
            "loop_count",
            "field 'loop_count' is a number out of range, expected an integer",
        ),
    ];
    for (payload, field, note) in cases {
        let value: Value = serde_json::from_str(payload).unwrap_or_else(|_| {
            // `1e999` is no `Value`: compare with the text itself.
            json!({ field: Value::Null })
        });
        let name = serde_json::from_str::<Value>(&payload.replace("1e999", "0")).unwrap()
            ["hook_event_name"]
            .as_str()
            .unwrap()
            .to_owned();
        let typed = parse_typed(&name, payload).unwrap_or_else(|e| panic!("{payload}: {e}"));
        let extra = typed.extra;
        assert_eq!(
            extra
                .ignored()
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            [note],
            "{payload}"
        );
        assert!(
            typed.written.contains(&format!("\"{field}\":")),
            "{payload}: written back as sent: {}",
            typed.written
        );
        if value.get(field).is_some_and(|v| !v.is_null()) {
            assert_eq!(extra.get(field).as_ref(), value.get(field), "{payload}");
        }
    }
    // A number no `Value` holds is no error where it is not read.
    let shell: BeforeShellExecution = serde_json::from_str(&format!(
        r#"{{"hook_event_name":"beforeShellExecution","command":"ls","big":1e999,"long":{}}}"#,
        "9".repeat(5000)
    ))
    .unwrap();
    assert_eq!(shell.extra.raw("big"), Some("1e999"));
    assert_eq!(shell.extra.get("big"), None, "no `Value` holds it");
    assert!(
        shell.extra.ignored().is_empty(),
        "unknown fields are not drift"
    );
}

/// A payload read as the type its `hook_event_name` names: its `extra` and the typed value
/// written back.
struct Typed {
    extra: cursor_hooks::Extra,
    written: String,
}

fn parse_typed(name: &str, payload: &str) -> Result<Typed, String> {
    fn go<T: Event>(payload: &str) -> Result<Typed, String> {
        let typed: T = serde_json::from_str(payload).map_err(|e| e.to_string())?;
        Ok(Typed {
            extra: typed.extra().clone(),
            written: serde_json::to_string(&typed).unwrap(),
        })
    }
    match name {
        "sessionStart" => go::<SessionStart>(payload),
        "sessionEnd" => go::<SessionEnd>(payload),
        "preToolUse" => go::<PreToolUse>(payload),
        "postToolUse" => go::<PostToolUse>(payload),
        "postToolUseFailure" => go::<PostToolUseFailure>(payload),
        "subagentStart" => go::<SubagentStart>(payload),
        "subagentStop" => go::<SubagentStop>(payload),
        "beforeShellExecution" => go::<BeforeShellExecution>(payload),
        "afterShellExecution" => go::<AfterShellExecution>(payload),
        "beforeMCPExecution" => go::<BeforeMCPExecution>(payload),
        "afterMCPExecution" => go::<AfterMCPExecution>(payload),
        "beforeReadFile" => go::<BeforeReadFile>(payload),
        "afterFileEdit" => go::<AfterFileEdit>(payload),
        "beforeSubmitPrompt" => go::<BeforeSubmitPrompt>(payload),
        "afterAgentResponse" => go::<AfterAgentResponse>(payload),
        "afterAgentThought" => go::<AfterAgentThought>(payload),
        "preCompact" => go::<PreCompact>(payload),
        "stop" => go::<Stop>(payload),
        "beforeTabFileRead" => go::<BeforeTabFileRead>(payload),
        "afterTabFileEdit" => go::<AfterTabFileEdit>(payload),
        "workspaceOpen" => go::<WorkspaceOpen>(payload),
        other => panic!("`{other}` is not one of the 21 events"),
    }
}

#[test]
fn tool_input_arguments_are_built_when_read() {
    let e: PreToolUse = serde_json::from_str(
        r#"{"hook_event_name":"preToolUse","tool_name":"Shell","tool_input":{"command":"rm -rf /","n":1e999,"log":[1, 2,3],"command_x":"\u00e9"}}"#,
    )
    .unwrap();
    assert_eq!(e.tool_input.command(), Some("rm -rf /"));
    assert_eq!(e.tool_input.str("command_x"), Some("é"));
    // A number no `Value` holds is no error until read, and reads as null.
    assert_eq!(e.tool_input.get("n"), Some(&Value::Null));
    assert_eq!(
        e.tool_input.value(),
        &json!({"command": "rm -rf /", "n": null, "log": [1, 2, 3], "command_x": "é"})
    );
    // Written back as sent.
    let written = serde_json::to_string(&e).unwrap();
    assert!(
        written.contains(
            r#""tool_input":{"command":"rm -rf /","n":1e999,"log":[1, 2,3],"command_x":"\u00e9"}"#
        ),
        "{written}"
    );
    // A repeated argument: the last one, as in a `Value` object.
    let twice: ToolInput = serde_json::from_str(r#"{"command":"a","command":"b"}"#).unwrap();
    assert_eq!(twice.command(), Some("b"));
    assert_eq!(twice.value(), &json!({"command": "b"}));
}

#[test]
fn a_key_twice_at_the_top_level_is_an_error_naming_it() {
    for (key, payload) in [
        (
            "command",
            r#"{"hook_event_name":"beforeShellExecution","command":"ls","command":"rm -rf /"}"#,
        ),
        (
            "sandbox",
            r#"{"hook_event_name":"beforeShellExecution","command":"ls","sandbox":null,"sandbox":true}"#,
        ),
        (
            "model",
            r#"{"hook_event_name":"beforeShellExecution","model":"a","command":"ls","model":"b"}"#,
        ),
        (
            "hook_event_name",
            r#"{"hook_event_name":"beforeShellExecution","command":"ls","hook_event_name":"beforeShellExecution"}"#,
        ),
        (
            "future",
            r#"{"future":1,"hook_event_name":"beforeShellExecution","command":"ls","future":1}"#,
        ),
    ] {
        let error = parse_err::<BeforeShellExecution>(payload);
        assert!(
            error.contains(&format!("key `{key}` appears twice")),
            "{error}"
        );
    }
    // Inside an optional field's value, a repeated key makes the field unreadable: ignored.
    let read: BeforeSubmitPrompt = serde_json::from_str(
        r#"{"hook_event_name":"beforeSubmitPrompt","prompt":"hi","attachments":[{"type":"file","x":1,"x":2}]}"#,
    )
    .unwrap();
    assert_eq!(read.attachments, None);
    assert_eq!(read.extra.ignored()[0].name, "attachments");
    // Both spellings of a field with an alias are two keys, not one key twice.
    let read: BeforeReadFile = serde_json::from_str(
        r#"{"hook_event_name":"beforeReadFile","file_path":"/a","filePath":"/b","content":""}"#,
    )
    .unwrap();
    assert_eq!(read.file_path, "/b");
}
