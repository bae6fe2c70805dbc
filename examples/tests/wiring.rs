//! Each example's doc comment shows its wiring for both editors: a `.cursor/hooks.json` block
//! and a `.claude/settings.json` block (session-context: Cursor only). Those blocks are what the
//! binary itself prints (`print-config`, `print-config --claude`), so the docs cannot drift from
//! the handlers.

use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// The examples, each with whether it serves Claude Code.
const EXAMPLES: [(&str, &str, bool); 7] = [
    ("shell-guard", env!("CARGO_BIN_EXE_shell-guard"), true),
    ("secrets-guard", env!("CARGO_BIN_EXE_secrets-guard"), true),
    ("prompt-guard", env!("CARGO_BIN_EXE_prompt-guard"), true),
    ("verify-on-stop", env!("CARGO_BIN_EXE_verify-on-stop"), true),
    ("audit-log", env!("CARGO_BIN_EXE_audit-log"), true),
    ("policy", env!("CARGO_BIN_EXE_policy"), true),
    (
        "session-context",
        env!("CARGO_BIN_EXE_session-context"),
        false,
    ),
];

/// The ```json blocks of a binary's `//!` doc comment, parsed.
fn doc_blocks(name: &str) -> Vec<Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("src/bin/{name}.rs"));
    let source = std::fs::read_to_string(&path).expect("the example's source");
    let doc: Vec<&str> = source
        .lines()
        .filter_map(|line| line.strip_prefix("//!"))
        .map(|line| line.strip_prefix(' ').unwrap_or(line))
        .collect();
    let mut blocks = Vec::new();
    let mut block: Option<String> = None;
    for line in doc {
        match (&mut block, line.trim()) {
            (None, "```json") => block = Some(String::new()),
            (Some(text), "```") => {
                let value = serde_json::from_str(text)
                    .unwrap_or_else(|e| panic!("{name}: a json block is not JSON ({e}):\n{text}"));
                blocks.push(value);
                block = None;
            }
            (Some(text), _) => {
                text.push_str(line);
                text.push('\n');
            }
            (None, _) => {}
        }
    }
    blocks
}

/// `binary print-config [--claude]` as JSON, with every `command` written as the docs write it.
fn printed(name: &str, binary: &str, claude: bool) -> Value {
    let mut command = Command::new(binary);
    command.arg("print-config");
    if claude {
        command.arg("--claude");
    }
    let output = command.output().expect("the example runs");
    assert!(output.status.success(), "{name} print-config failed");
    let mut value: Value =
        serde_json::from_slice(&output.stdout).expect("print-config prints JSON");
    replace_commands(&mut value, &format!("/abs/path/to/{name}"));
    value
}

/// Each command as the docs write it, `with`. On Windows a Claude Code handler also carries
/// `"shell": "powershell"` (its command is written for PowerShell), which the docs, written for
/// Unix, leave out: it is checked and dropped.
fn replace_commands(value: &mut Value, with: &str) {
    match value {
        Value::Object(object) => {
            if cfg!(windows) && object.contains_key("command") && object.contains_key("type") {
                assert_eq!(object.remove("shell"), Some(Value::from("powershell")));
            }
            for (key, inner) in object.iter_mut() {
                if key == "command" {
                    *inner = Value::from(with);
                } else {
                    replace_commands(inner, with);
                }
            }
        }
        Value::Array(items) => items
            .iter_mut()
            .for_each(|item| replace_commands(item, with)),
        _ => {}
    }
}

#[test]
fn each_examples_doc_shows_the_wiring_its_binary_prints_for_both_editors() {
    for (name, binary, claude) in EXAMPLES {
        let blocks = doc_blocks(name);
        let want = if claude { 2 } else { 1 };
        assert_eq!(blocks.len(), want, "{name}: json blocks in the doc comment");
        assert_eq!(
            blocks[0],
            printed(name, binary, false),
            "{name}: the Cursor block"
        );
        if claude {
            assert_eq!(
                blocks[1],
                printed(name, binary, true),
                "{name}: the Claude Code block"
            );
        }
    }
}

#[test]
fn session_context_stays_cursor_only() {
    let output = Command::new(env!("CARGO_BIN_EXE_session-context"))
        .args(["print-config", "--claude"])
        .output()
        .expect("session-context runs");
    assert!(
        !output.status.success(),
        "session-context has a Claude Code handler"
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("no Claude Code handler"), "{stderr}");
}
