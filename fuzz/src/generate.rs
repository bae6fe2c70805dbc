//! Payloads written as the hosts write them, every choice drawn from the fuzzer's bytes.
//!
//! Each payload starts from a recorded one (`tests/fixtures`, `tests/fuzz-seeds`, and shapes
//! taken from the recordings in `tests/corpus`), then: the command or path the guard reads is
//! rewritten from pieces that include lone surrogates, control characters and the rules'
//! words; and a few of these changes apply: another tool, a field of the wrong type, a
//! `tool_input` that is not an object, look-alike keys (`hook_event_name` inside the tool's
//! arguments), huge or deeply nested unknown data, an optional field dropped. Keys are put in
//! any order and the whole is written by [`js::stringify`](crate::js::stringify): Node's
//! `JSON.stringify` output (compact or indented) or the same JSON with every escape spelled
//! out.

use crate::js::{self, Js, Kind, Style};
use crate::Target;
use arbitrary::{Result, Unstructured};

/// Cursor payloads, as recorded (fixtures) or shaped after the recordings of Cursor CLI
/// 2026.09.28 (`tests/corpus/cursor-cli-2026.09.28/payloads/file-tools__*.jsonl`).
const CURSOR_BASES: &[&str] = &[
    include_str!("../../tests/fixtures/before-shell-rm-rf.json"),
    include_str!("../../tests/fixtures/before-shell-ls.json"),
    include_str!("../../tests/fixtures/before-shell-force-push-no-version-1.7.json"),
    include_str!("../../tests/fixtures/before-read-env.json"),
    include_str!("../../tests/fixtures/before-read-source.json"),
    include_str!("../../tests/fixtures/pre-tool-shell-rm-rf.json"),
    include_str!("../../tests/fixtures/pre-tool-read.json"),
    include_str!("../../tests/fuzz-seeds/mcp-string-input.json"),
    r#"{"conversation_id":"c1cba5e7-b85d-487e-8b02-95381492cadb","generation_id":"c1cba5e7-b85d-487e-8b02-95381492cadb","model":"default","tool_name":"Write","tool_input":{"file_path":"/home/dev/shop/note.txt","content":"hi\n"},"tool_use_id":"call-2d783320-70b7-436e-8fbe-6a578a6dd1c4-0\nfc_97a616b3-2970-9bc8-b39a-84b255ff23fc_0","session_id":"c1cba5e7-b85d-487e-8b02-95381492cadb","hook_event_name":"preToolUse","cursor_version":"2026.09.28-64d2043","workspace_roots":["/home/dev/shop"],"user_email":null,"transcript_path":null}"#,
    r#"{"conversation_id":"c1cba5e7-b85d-487e-8b02-95381492cadb","generation_id":"c1cba5e7-b85d-487e-8b02-95381492cadb","model":"default","tool_name":"MCP:echo","tool_input":{"text":"hello"},"tool_use_id":"call-5c1f","session_id":"c1cba5e7-b85d-487e-8b02-95381492cadb","hook_event_name":"preToolUse","cursor_version":"2026.09.28-64d2043","workspace_roots":["/home/dev/shop"],"user_email":null,"transcript_path":null}"#,
];

/// Claude Code payloads, as recorded (fixture) or shaped after the recordings of Claude Code
/// 2.1.330 (`tests/corpus/claude-code-2.1.330/*.jsonl`) and its tools' arguments
/// (`spec/claude-code/events.json`).
const CLAUDE_BASES: &[&str] = &[
    include_str!("../../tests/fixtures/claude-pre-tool-use-rm-rf.json"),
    r#"{"session_id":"270e84b7-c3a4-46d7-b0e6-ce726c4aa8f6","transcript_path":"/home/user/.claude/projects/-home-user-project/270e84b7-c3a4-46d7-b0e6-ce726c4aa8f6.jsonl","cwd":"/home/user/project","prompt_id":"ad0d9119-09c0-44eb-956f-2c5d4778de9c","permission_mode":"default","effort":{"level":"medium"},"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"/home/user/project/.env"},"tool_use_id":"toolu_mock_0"}"#,
    r#"{"session_id":"270e84b7-c3a4-46d7-b0e6-ce726c4aa8f6","transcript_path":"/home/user/.claude/projects/-home-user-project/270e84b7-c3a4-46d7-b0e6-ce726c4aa8f6.jsonl","cwd":"/home/user/project","permission_mode":"acceptEdits","hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"/home/user/project/notes.md","content":"hi\n"},"tool_use_id":"toolu_mock_1"}"#,
    r#"{"session_id":"270e84b7-c3a4-46d7-b0e6-ce726c4aa8f6","transcript_path":"/home/user/.claude/projects/-home-user-project/270e84b7-c3a4-46d7-b0e6-ce726c4aa8f6.jsonl","cwd":"/home/user/project","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Edit","tool_input":{"file_path":"/home/user/project/src/main.rs","old_string":"a","new_string":"b","replace_all":false},"tool_use_id":"toolu_mock_2"}"#,
    r#"{"session_id":"270e84b7-c3a4-46d7-b0e6-ce726c4aa8f6","transcript_path":"/home/user/.claude/projects/-home-user-project/270e84b7-c3a4-46d7-b0e6-ce726c4aa8f6.jsonl","cwd":"/home/user/project","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"mcp__shell__run","tool_input":{"command":"ls","timeout":30},"tool_use_id":"toolu_mock_3"}"#,
];

/// What a command or path is built from: the rules' words, look-alikes, and every kind of
/// character a JSON string escapes or a host mangles. A `u16` stands for itself (a lone
/// surrogate when it is one).
enum Piece {
    Text(&'static str),
    Unit(u16),
}

const PIECES: &[Piece] = &[
    Piece::Text("rm -rf "),
    Piece::Text("rm -rf ~/proj #"),
    Piece::Text("rm"),
    Piece::Text(" -rf"),
    Piece::Text("rm -fr "),
    Piece::Text("RM -RF"),
    Piece::Text("rm\u{a0}-rf"),
    Piece::Text("ls -la"),
    Piece::Text("~/proj"),
    Piece::Text(" && "),
    Piece::Text("/home/dev/shop/"),
    Piece::Text(".env"),
    Piece::Text(".env.production"),
    Piece::Text(".envrc"),
    Piece::Text(".e"),
    Piece::Text("nv"),
    Piece::Text("src/lib.rs"),
    Piece::Text("C:\\Users\\dev\\"),
    Piece::Text("\""),
    Piece::Text("\\"),
    Piece::Text("/"),
    Piece::Text("\n"),
    Piece::Text("\t"),
    Piece::Text("\u{0}"),
    Piece::Text("\u{1f}"),
    Piece::Text("\u{7f}"),
    Piece::Text("é"),
    Piece::Text("\u{2028}"),
    Piece::Text("\u{feff}"),
    Piece::Text("😀"),
    Piece::Text("\\ud800"),
    Piece::Unit(0xD800),
    Piece::Unit(0xDBFF),
    Piece::Unit(0xDC00),
    Piece::Unit(0xDFFF),
    Piece::Unit(0xD83D),
];

/// Event names, both editors' spellings, for look-alike keys.
const EVENT_NAMES: &[&str] = &[
    "preToolUse",
    "PreToolUse",
    "beforeShellExecution",
    "beforeReadFile",
    "beforeMCPExecution",
    "stop",
    "Stop",
    "sessionStart",
    "UserPromptSubmit",
    "postToolUse",
    "",
];

/// Keys a host's payload could carry that this version does not know, or keys that look like
/// known ones.
const UNKNOWN_KEYS: &[&str] = &[
    "extra",
    "metadata",
    "__proto__",
    "constructor",
    "hook_event_name ",
    "Hook_Event_Name",
    "hookEventName",
    "toolInput",
    "tool_input_",
    "x",
];

/// Keys put inside a tool's arguments that mean something at the top level.
const LOOKALIKE_KEYS: &[&str] = &[
    "hook_event_name",
    "tool_name",
    "tool_input",
    "cursor_version",
    "command",
    "file_path",
];

const CURSOR_TOOLS: &[&str] = &[
    "Shell", "Read", "Write", "MCP:run", "Grep", "Delete", "Task", "shell", "Bash",
];

const CLAUDE_TOOLS: &[&str] = &[
    "Bash",
    "Read",
    "Write",
    "Edit",
    "mcp__shell__run",
    "mcp__x",
    "Glob",
    "Shell",
    "bash",
];

/// Fields 1.7-era and older Cursor payloads lack: dropping one is a payload a host sends.
const CURSOR_OPTIONAL: &[&str] = &[
    "cursor_version",
    "model",
    "session_id",
    "user_email",
    "transcript_path",
];

/// Cursor's `preToolUse` bases: what its import sends a Claude Code `PreToolUse` entry.
fn cursor_pre_tool_use_bases() -> Vec<&'static str> {
    CURSOR_BASES
        .iter()
        .copied()
        .filter(|base| {
            js::parse_bytes(base.as_bytes())
                .is_some_and(|top| top.get("hook_event_name") == Some(&Js::str("preToolUse")))
        })
        .collect()
}

/// One payload for `target`'s binary, as the bytes on the hook's stdin.
pub fn payload(u: &mut Unstructured<'_>, target: Target) -> Result<Vec<u8>> {
    let base = match target {
        Target::Cursor => *u.choose(CURSOR_BASES)?,
        Target::Claude => *u.choose(CLAUDE_BASES)?,
        // Cursor's import runs a Claude Code `PreToolUse` entry as `preToolUse` only.
        Target::CursorImport => *u.choose(&cursor_pre_tool_use_bases())?,
    };
    let mut top = js::parse_bytes(base.as_bytes()).expect("a base payload is JSON");
    // Cursor's MCP arguments as a JSON string: changed as an object, encoded again at the end.
    let mut string_form = false;
    if let Some(Js::String(text)) = top.get("tool_input") {
        if let Some(arguments @ Js::Object(_)) = js::parse(text) {
            top.set("tool_input", arguments);
            string_form = true;
        }
    }
    if u.ratio(3, 4)? {
        set_subject(u, &mut top)?;
    }
    for _ in 0..u.int_in_range(0..=5)? {
        mutate(u, &mut top, target)?;
    }
    let mcp = top.get("hook_event_name") == Some(&Js::str("beforeMCPExecution"));
    if (string_form || mcp) && u.ratio(3, 4)? {
        if let Some(arguments @ Js::Object(_)) = top.get("tool_input") {
            let text = String::from_utf8(js::stringify(arguments, Style::Compact))
                .expect("stringify writes UTF-8");
            top.set("tool_input", Js::str(&text));
        }
    }
    if u.ratio(1, 2)? {
        shuffle(u, &mut top, 3)?;
    }
    let style = *u.choose(&[
        Style::Compact,
        Style::Compact,
        Style::Indented,
        Style::EscapeAll,
    ])?;
    Ok(js::stringify(&top, style))
}

/// The key the guard reads, and whether it sits in `tool_input`.
fn guarded_key(top: &Js) -> (bool, &'static str) {
    let event = top.get("hook_event_name").and_then(Js::host_text);
    let tool = top.get("tool_name").and_then(Js::host_text);
    match (event.as_deref(), tool.as_deref()) {
        (Some("beforeShellExecution"), _) => (false, "command"),
        (Some("beforeReadFile"), _) => (false, "file_path"),
        (_, Some("Read" | "Write" | "Edit")) => (true, "file_path"),
        _ => (true, "command"),
    }
}

fn text(u: &mut Unstructured<'_>) -> Result<Vec<u16>> {
    let mut units = Vec::new();
    for _ in 0..u.int_in_range(1..=8)? {
        match u.choose(PIECES)? {
            Piece::Text(text) => units.extend(text.encode_utf16()),
            Piece::Unit(unit) => units.push(*unit),
        }
        if u.ratio(1, 16)? {
            units.push(u.arbitrary()?);
        }
    }
    Ok(units)
}

/// Rewrites the command or path the guard reads.
fn set_subject(u: &mut Unstructured<'_>, top: &mut Js) -> Result<()> {
    let value = Js::String(text(u)?);
    put_guarded(top, value);
    Ok(())
}

fn put_guarded(top: &mut Js, value: Js) {
    match guarded_key(top) {
        (false, key) => top.set(key, value),
        (true, key) => {
            if let Some(arguments @ Js::Object(_)) = top.get_mut("tool_input") {
                arguments.set(key, value);
            }
        }
    }
}

/// A value whose type is not `kind`.
fn wrong_value(u: &mut Unstructured<'_>, kind: Kind) -> Result<Js> {
    const KINDS: [Kind; 6] = [
        Kind::Null,
        Kind::Bool,
        Kind::Number,
        Kind::String,
        Kind::Array,
        Kind::Object,
    ];
    // One draw among the other kinds: a retry loop would never end once the bytes run out
    // (an exhausted `Unstructured` draws the same value forever).
    let others: Vec<Kind> = KINDS.into_iter().filter(|k| *k != kind).collect();
    Ok(match u.choose(&others)? {
        Kind::Null => Js::Null,
        Kind::Bool => Js::Bool(u.arbitrary()?),
        Kind::Number => Js::Number((*u.choose(&["0", "-1", "30000", "1e+21", "3.5"])?).to_owned()),
        Kind::String => Js::String(text(u)?),
        Kind::Array if u.arbitrary()? => Js::Array(Vec::new()),
        Kind::Array => Js::Array(vec![Js::String(text(u)?)]),
        Kind::Object => Js::Object(vec![(
            "command".encode_utf16().collect(),
            Js::String(text(u)?),
        )]),
    })
}

/// Unknown data: huge (up to ~200 KB) or deeply nested (up to 600 levels).
fn unknown_value(u: &mut Unstructured<'_>) -> Result<Js> {
    // Mostly small, now and then huge: each size class as likely as the next.
    let count = 1_usize << u.int_in_range(0..=15)?;
    Ok(match u.int_in_range(0..=4)? {
        0 => {
            let piece = text(u)?;
            Js::String(piece.repeat(count.min(100_000 / piece.len().max(1))))
        }
        1 => Js::Array(vec![Js::Number("1".to_owned()); count]),
        2 => Js::Object(
            (0..count.min(5_000))
                .map(|i| (format!("k{i}").encode_utf16().collect(), Js::Null))
                .collect(),
        ),
        _ => {
            let mut value = Js::Object(vec![(
                (*u.choose(LOOKALIKE_KEYS)?).encode_utf16().collect(),
                Js::str(u.choose(EVENT_NAMES)?),
            )]);
            for _ in 0..u.int_in_range(1..=600)? {
                value = if u.arbitrary()? {
                    Js::Array(vec![value])
                } else {
                    Js::Object(vec![("a".encode_utf16().collect(), value)])
                };
            }
            value
        }
    })
}

fn mutate(u: &mut Unstructured<'_>, top: &mut Js, target: Target) -> Result<()> {
    match u.int_in_range(0..=7)? {
        0 => set_subject(u, top)?,
        // Another tool (the guard reads another argument, or none).
        1 if top.get("tool_name").is_some() => {
            let tools = match target {
                Target::Cursor | Target::CursorImport => CURSOR_TOOLS,
                Target::Claude => CLAUDE_TOOLS,
            };
            top.set("tool_name", Js::str(u.choose(tools)?));
        }
        // The guarded field of the wrong type.
        2 => {
            let value = wrong_value(u, Kind::String)?;
            put_guarded(top, value);
        }
        // `tool_input` that is not an object.
        3 if top.get("tool_input").is_some() => {
            let value = wrong_value(u, Kind::Object)?;
            top.set("tool_input", value);
        }
        // A look-alike key in the arguments, or nested in an argument, or in unknown data.
        4 => {
            // Half the time the sharpest case: the other editor's name for this event.
            let (key, value) = if u.arbitrary()? {
                let other = match target {
                    Target::Cursor | Target::CursorImport => "PreToolUse",
                    Target::Claude => "preToolUse",
                };
                ("hook_event_name", Js::str(other))
            } else if u.arbitrary()? {
                (*u.choose(LOOKALIKE_KEYS)?, Js::str(u.choose(EVENT_NAMES)?))
            } else {
                (*u.choose(LOOKALIKE_KEYS)?, Js::String(text(u)?))
            };
            let nested = Js::Object(vec![(key.encode_utf16().collect(), value.clone())]);
            match (u.int_in_range(0..=2)?, top.get_mut("tool_input")) {
                (0, Some(arguments @ Js::Object(_))) if key != "command" && key != "file_path" => {
                    arguments.set(key, value);
                }
                (1, Some(arguments @ Js::Object(_))) => arguments.set("options", nested),
                _ => top.set(u.choose(UNKNOWN_KEYS)?, nested),
            }
        }
        // A known field of the wrong type, at the top level or among the arguments.
        5 => {
            let in_arguments =
                u.arbitrary()? && matches!(top.get("tool_input"), Some(Js::Object(_)));
            let object = if in_arguments {
                top.get_mut("tool_input").expect("checked")
            } else {
                &mut *top
            };
            if let Js::Object(entries) = object {
                if !entries.is_empty() {
                    let at = u.choose_index(entries.len())?;
                    let kind = entries[at].1.kind();
                    entries[at].1 = wrong_value(u, kind)?;
                }
            }
        }
        // Huge or deep unknown data.
        6 => {
            let key = *u.choose(UNKNOWN_KEYS)?;
            let value = unknown_value(u)?;
            match top.get_mut("tool_input") {
                Some(arguments @ Js::Object(_)) if u.arbitrary()? => arguments.set(key, value),
                _ => top.set(key, value),
            }
        }
        // An optional field dropped (Cursor payloads before 1.7 lack them).
        _ if target != Target::Claude => top.remove(u.choose(CURSOR_OPTIONAL)?),
        _ => {}
    }
    Ok(())
}

/// Puts the keys of each object, down to `depth` levels, in an order drawn from the bytes.
fn shuffle(u: &mut Unstructured<'_>, value: &mut Js, depth: usize) -> Result<()> {
    if depth == 0 {
        return Ok(());
    }
    if let Js::Object(entries) = value {
        for i in (1..entries.len()).rev() {
            let j = u.int_in_range(0..=i)?;
            entries.swap(i, j);
        }
        for (_, item) in entries.iter_mut() {
            shuffle(u, item, depth - 1)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{check, Policy};

    /// The oracle finds nothing wrong with the recorded payloads themselves: a finding is the
    /// binary's, not the oracle's.
    #[test]
    fn the_recorded_payloads_pass_the_oracle() {
        let import = cursor_pre_tool_use_bases();
        assert!(
            import.len() >= 3,
            "Cursor's preToolUse bases: {}",
            import.len()
        );
        for (target, bases) in [
            (Target::Cursor, CURSOR_BASES),
            (Target::Claude, CLAUDE_BASES),
            (Target::CursorImport, &import[..]),
        ] {
            for base in bases {
                for policy in [Policy::Open, Policy::Closed] {
                    if let Err(finding) = check(target, policy, base.as_bytes()) {
                        panic!("{finding}");
                    }
                }
            }
        }
    }

    /// A libFuzzer input that once hung the generator: its bytes run out while a `null` field
    /// is given a value of another type.
    #[test]
    fn a_payload_is_made_when_the_bytes_run_out() {
        let mut bytes = vec![0xe2, 0x05, 0x00, 0x00, 0x00, 0x41];
        bytes.extend([0x15; 28]);
        let mut u = Unstructured::new(&bytes);
        let _policy: bool = u.arbitrary().unwrap();
        let payload = payload(&mut u, Target::Cursor).unwrap();
        assert!(matches!(js::parse_bytes(&payload), Some(Js::Object(_))));
    }

    /// Whatever the fuzzer's bytes, the payload is one JSON object (as a host writes it).
    #[test]
    fn every_payload_is_a_json_object() {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        for _ in 0..200 {
            let bytes: Vec<u8> = (0..128)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    state as u8
                })
                .collect();
            for target in [Target::Cursor, Target::Claude, Target::CursorImport] {
                let payload = payload(&mut Unstructured::new(&bytes), target).unwrap();
                let parsed = js::parse_bytes(&payload);
                assert!(
                    matches!(parsed, Some(Js::Object(_))),
                    "{}",
                    String::from_utf8_lossy(&payload)
                );
            }
        }
    }
}
