//! Reading one configuration file as Cursor does, noting every problem with its JSON pointer.

use crate::findings::{segment, Finding, Severity};
use crate::host::{self, Format};
use cursor_hooks::cursor::spec::{self, EventInfo};
use cursor_hooks::cursor::Category;
use cursor_hooks::hooks_json::keys;
use cursor_hooks_spec::claude;
use cursor_hooks_spec::matcher::Verdict;
use serde_json::{Map, Value};
use std::path::PathBuf;

/// Which editor's hooks a subcommand reads (`--host`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Host {
    /// Cursor: `.cursor/hooks.json` and the files Cursor imports.
    Cursor,
    /// Claude Code: `.claude/settings*.json`, `~/.claude/settings.json` and plugins.
    ClaudeCode,
    /// OpenAI Codex CLI: `~/.codex/hooks.json` and `.codex/hooks.json`, and whether Codex
    /// trusts what they hold (doctor and simulate).
    Codex,
    /// GitHub Copilot CLI: `~/.copilot/hooks/*.json` and `.github/hooks/*.json`, and whether
    /// Copilot trusts the folder to run the project's hooks (doctor).
    Copilot,
    /// Every host.
    All,
}

/// One hook entry as a file wires it.
#[derive(Debug, Clone)]
pub struct Hook {
    /// The Cursor event it runs on (Claude names mapped).
    pub event: String,
    /// The JSON pointer of the entry in its file.
    pub pointer: String,
    /// `command` (default) or `prompt`.
    pub kind: String,
    pub command: Option<String>,
    /// Seconds, when the entry sets a usable one.
    pub timeout: Option<f64>,
    pub matcher: Option<String>,
    pub fail_closed: bool,
    /// `Some(None)` is `loop_limit: null` (no limit).
    pub loop_limit: Option<Option<u64>>,
}

/// One configuration file that exists.
#[derive(Debug)]
pub struct ConfigFile {
    /// The source's name in `spec/cursor/host.json` (`project`, `user`, `plugin`, ...).
    pub source: String,
    pub format: Format,
    pub path: PathBuf,
    /// The directory hooks of this file start in.
    pub cwd: PathBuf,
    /// For plugins: the folder `${CURSOR_PLUGIN_ROOT}` names.
    pub plugin_root: Option<PathBuf>,
    /// The problems found while reading it.
    pub findings: Vec<Finding>,
    /// Whether Cursor ignores the whole file: an error voids it (its `voids` finding says
    /// why), or the file cannot be read at all (a directory, a dangling link, bytes that are
    /// not UTF-8), in which case `hooks` is empty.
    pub voided: bool,
    pub hooks: Vec<Hook>,
    /// The file's JSON as it was read, for what a simulator needs beyond `hooks` (Claude Code's
    /// `disableAllHooks`, a handler's `args`) and `doctor`'s look at the file's shape; `Null`
    /// when it was not read or did not parse. The one tree of the file kept.
    pub document: Value,
}

/// The keys of a hook in Claude Code's settings that Cursor's import keeps (`matcher` sits on
/// the group): spec/claude-code/host.json `cursor.supported`.
const CLAUDE_HOOK_KEYS: &[&str] = &["type", "command", "timeout", "prompt"];

/// The regex steps the matcher checks of one file may take in all (each search has its own
/// bound too): some seconds in a debug build, far more than a file of ordinary matchers needs,
/// so a file within the size limit full of costly patterns cannot keep a run busy for hours.
pub(crate) const MATCHER_FILE_STEPS: u64 = 30_000_000;

/// The one finding for a file whose matchers spent [`MATCHER_FILE_STEPS`], at the check that
/// found it spent (call after each matcher check, inside the file's budget).
pub(crate) fn matcher_budget_spent(file: &mut ConfigFile, pointer: &str) {
    if !cursor_hooks_spec::js_regex::SharedBudget::newly_spent() {
        return;
    }
    let path = file.path.clone();
    file.findings.push(Finding::new(
        Severity::Warning,
        &path,
        pointer,
        format!(
            "stopped checking matchers here: this file's matchers used up the {} million regex steps allowed for one file (patterns with nested repetition such as `(a+)+` cost that much), so this matcher and the ones after it were not checked and are taken as able to match",
            MATCHER_FILE_STEPS / 1_000_000
        ),
    ));
}

/// Fills `file.hooks` and `file.findings` from the file's text.
pub fn parse(file: &mut ConfigFile, text: &str) {
    let _budget = cursor_hooks_spec::js_regex::SharedBudget::start(MATCHER_FILE_STEPS);
    let path = file.path.clone();
    // Cursor skips an empty file before parsing it (spec/cursor/host.json `file_rules.empty_file`).
    if text.is_empty() && file.source != "plugin" {
        file.findings.push(Finding::new(
            Severity::Note,
            &path,
            "",
            "the file is empty (0 bytes): Cursor reads it as no file, with no error",
        ));
        return;
    }
    let text = match text.strip_prefix('\u{feff}') {
        Some(rest) => {
            file.findings.push(Finding::voiding(
                &path,
                "",
                "starts with a UTF-8 byte-order mark (BOM), which JSON parsers (JavaScript's `JSON.parse` too) reject: Cursor loads none of its hooks; save it as UTF-8 without a BOM",
            ));
            rest
        }
        None => text,
    };
    let value = match file.format {
        Format::HooksJson => read_hooks_json_text(file, text),
        _ => match read_json(file, text) {
            Ok(value) => Some(value),
            Err(e) => {
                file.findings.push(Finding::voiding(
                    &path,
                    "",
                    format!("not valid JSON ({e}): Cursor loads none of its hooks"),
                ));
                None
            }
        },
    };
    let Some(value) = value else { return };
    read_value(file, &value);
    // Kept (moved, never copied) for `doctor`'s look at the file's shape as a whole.
    file.document = value;
}

/// Fills `file.hooks` and `file.findings` from the file's parsed value.
fn read_value(file: &mut ConfigFile, value: &Value) {
    let path = file.path.clone();
    if !value.is_object() {
        let expected = match file.format {
            Format::HooksJson => "an object (`{ \"version\": 1, \"hooks\": { ... } }`)",
            Format::Plugin => "a plugin manifest object",
            Format::ClaudeSettings => "a settings object (`{ \"hooks\": { ... } }`)",
        };
        file.findings.push(Finding::voiding(
            &path,
            "",
            format!(
                "the file is {}, expected {expected}: Cursor loads none of its hooks",
                kind(value)
            ),
        ));
        return;
    }
    match file.format {
        Format::HooksJson if file.source == "plugin" => plugin_hooks(file, value, ""),
        Format::HooksJson => hooks_json(file, value, ""),
        Format::Plugin => {
            if let Some(inner @ Value::Object(_)) =
                value.get(&host::host().plugins.manifest_hooks_key)
            {
                plugin_hooks(file, inner, "/hooks");
            }
        }
        Format::ClaudeSettings => claude_settings(file, value),
    }
}

/// A plugin's hooks (a file, or a manifest's inline `hooks` at `base`) as Cursor's plugin
/// loader reads them: in the format its first entry shows (spec/cursor/host.json `plugins.format_rule`).
fn plugin_hooks(file: &mut ConfigFile, value: &Value, base: &str) {
    use crate::sources::plugin::{detect, Detected};
    match detect(value) {
        Detected::Cursor => hooks_json(file, value, base),
        Detected::Claude => {
            file.format = Format::ClaudeSettings;
            claude_settings(file, value);
        }
        Detected::Unknown => {
            let path = file.path.clone();
            file.findings.push(Finding::new(
                Severity::Warning,
                &path,
                base,
                "no event here has an entry, so Cursor's plugin loader cannot tell the format (a `hooks` object whose first entry holds `command` or a `hooks` list) and loads none of it",
            ));
        }
    }
}

/// Reads a `hooks.json` as Cursor does. An enterprise, project or user file goes through
/// Cursor's comment stripping (spec/cursor/host.json `file_rules`): everything from `//` to the end of a
/// line goes, inside strings too, then every `/* ... */`. Real comments are notes; a `//` inside a
/// string voids the file. A plugin's hook file is plain JSON.
fn read_hooks_json_text(file: &mut ConfigFile, text: &str) -> Option<Value> {
    let path = file.path.clone();
    if file.source == "plugin" {
        return match read_json(file, text) {
            Ok(value) => Some(value),
            Err(e) => {
                file.findings.push(Finding::voiding(
                    &path,
                    "",
                    format!("not valid JSON ({e}): a plugin's hook file is read as plain JSON, comments included, so Cursor loads none of its hooks"),
                ));
                None
            }
        };
    }
    let scan = scan_comments(text);
    if !scan.string_lines.is_empty() {
        file.findings.push(Finding::voiding(
            &path,
            "",
            format!(
                "`//` inside a string on line(s) {}: Cursor deletes everything from `//` to the end of the line before it parses this file, even inside strings, so the file no longer parses and Cursor loads none of its hooks (spec/cursor/host.json `file_rules`). Move such a command into a script, or write it without `//`",
                list(&scan.string_lines),
            ),
        ));
        return None;
    }
    let as_cursor_reads = cursor_strip(text);
    match read_json(file, &as_cursor_reads) {
        Ok(value) => {
            if !scan.comment_lines.is_empty() {
                file.findings.push(Finding::new(
                    Severity::Note,
                    &path,
                    "",
                    format!(
                        "{} on line(s) {}: Cursor strips them and accepts the file, and a hook binary's `install` and `uninstall` keep them, but tools that read plain JSON refuse it",
                        if scan.block_comments { "comments" } else { "`//` comments" },
                        list(&scan.comment_lines)
                    ),
                ));
            }
            if serde_json::from_str::<Value>(&scan.stripped).is_ok_and(|ours| ours != value) {
                file.findings.push(Finding::new(
                    Severity::Warning,
                    &path,
                    "",
                    "`/*` and `*/` inside strings: Cursor deletes everything from `/*` to the next `*/` before it parses this file, even inside strings, so the commands it runs differ from the ones written here",
                ));
            }
            Some(value)
        }
        Err(e) => {
            file.findings.push(Finding::voiding(
                &path,
                "",
                format!("not valid JSON once Cursor strips its comments ({e}): Cursor loads none of its hooks"),
            ));
            None
        }
    }
}

/// The text Cursor parses: `text.replace(/\/\/.*$/gm, "")` then
/// `.replace(/\/\*[\s\S]*?\*\//g, "")`, neither of which knows about strings.
fn cursor_strip(text: &str) -> String {
    let ends_line = |c: char| matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}');
    let mut lines = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("//") {
        lines.push_str(&rest[..at]);
        rest = &rest[at..];
        rest = &rest[rest.find(ends_line).unwrap_or(rest.len())..];
    }
    lines.push_str(rest);
    let mut out = String::with_capacity(lines.len());
    let mut rest = lines.as_str();
    while let Some(open) = rest.find("/*") {
        let Some(close) = rest[open + 2..].find("*/") else {
            break;
        };
        out.push_str(&rest[..open]);
        rest = &rest[open + 2 + close + 2..];
    }
    out.push_str(rest);
    out
}

/// What a JSON value is, for messages: "an array", "a string"...
pub(crate) fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Parses JSON as every JSON reader does (a key written twice keeps its last value), and warns
/// about each such key: the earlier value is dropped without a word, hooks and mistakes alike.
pub(crate) fn read_json(file: &mut ConfigFile, text: &str) -> Result<Value, serde_json::Error> {
    let mut duplicates = Vec::new();
    let text = infinite_numbers(text);
    let mut reader = serde_json::Deserializer::from_str(&text);
    let value = serde::de::DeserializeSeed::deserialize(
        Walk {
            pointer: String::new(),
            duplicates: &mut duplicates,
            depth: 0,
        },
        &mut reader,
    )?;
    reader.end()?;
    let path = file.path.clone();
    for (pointer, dropped) in duplicates {
        let key = pointer
            .rsplit('/')
            .next()
            .unwrap_or_default()
            .replace("~1", "/")
            .replace("~0", "~");
        let what = match dropped.as_array() {
            Some(items) if !items.is_empty() && items.iter().all(Value::is_object) => {
                let hooks: Vec<String> = items
                    .iter()
                    .map(|item| match item.get("command").and_then(Value::as_str) {
                        Some(command) => format!("`{command}`"),
                        None => item.to_string(),
                    })
                    .collect();
                format!(
                    "the first list is dropped with its {} ({}) and nothing checks {}; merge the two lists",
                    if hooks.len() == 1 { "hook" } else { "hooks" },
                    hooks.join(", "),
                    if hooks.len() == 1 { "it" } else { "them" },
                )
            }
            _ => format!("the first value, {}, is dropped", short(&dropped)),
        };
        file.findings.push(Finding::new(
            Severity::Warning,
            &path,
            &pointer,
            format!("`{key}` is written twice here: JSON readers (Cursor's too) keep only the last one, so {what}"),
        ));
    }
    Ok(value)
}

/// `text` with each number too large for a double (`1e400`) written as the largest double:
/// JSON.parse reads it as Infinity (spec/cursor/host.json `file_rules.numbers`), serde_json
/// refuses it, and no rule here tells the two apart (neither is a whole number, both are
/// positive, both are past Node's longest timer).
fn infinite_numbers(text: &str) -> std::borrow::Cow<'_, str> {
    let bytes = text.as_bytes();
    let (mut out, mut copied, mut at, mut in_string) = (String::new(), 0, 0, false);
    while at < bytes.len() {
        let b = bytes[at];
        if in_string {
            match b {
                b'\\' => at += 1,
                b'"' => in_string = false,
                _ => {}
            }
            at += 1;
            continue;
        }
        if b == b'"' {
            in_string = true;
            at += 1;
            continue;
        }
        if b == b'-' || b.is_ascii_digit() {
            let end = bytes[at..]
                .iter()
                .position(|c| {
                    !(c.is_ascii_digit() || matches!(c, b'.' | b'e' | b'E' | b'+' | b'-'))
                })
                .map_or(bytes.len(), |n| at + n);
            let token = &text[at..end];
            if token.parse::<f64>().is_ok_and(f64::is_infinite) {
                out.push_str(&text[copied..at]);
                out.push_str(if token.starts_with('-') {
                    "-1.7976931348623157e308"
                } else {
                    "1.7976931348623157e308"
                });
                copied = end;
            }
            at = end;
            continue;
        }
        at += 1;
    }
    if copied == 0 {
        return std::borrow::Cow::Borrowed(text);
    }
    out.push_str(&text[copied..]);
    std::borrow::Cow::Owned(out)
}

/// A value in a message, cut to a line.
fn short(value: &Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(80) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text,
    }
}

/// How deep [`read_json`] builds a tree. Cursor and Claude Code read their files with
/// JavaScript's `JSON.parse`, which has no depth limit, where serde_json's tree stops at 128
/// levels: what is deeper than this is kept as a string of its JSON text, read by serde_json's
/// reader for raw values, which does not recurse (no depth overflows the stack). Every key this
/// tool reads is a few levels down.
const TREE_DEPTH: usize = 64;

/// Builds a [`Value`] as `serde_json` does, noting every key written twice in one object (its
/// JSON pointer and the value the later one replaces), down to [`TREE_DEPTH`].
struct Walk<'a> {
    pointer: String,
    duplicates: &'a mut Vec<(String, Value)>,
    depth: usize,
}

impl<'de> serde::de::DeserializeSeed<'de> for Walk<'_> {
    type Value = Value;

    fn deserialize<D: serde::Deserializer<'de>>(self, reader: D) -> Result<Value, D::Error> {
        if self.depth >= TREE_DEPTH {
            let raw: Box<serde_json::value::RawValue> = serde::Deserialize::deserialize(reader)?;
            return Ok(Value::String(raw.get().to_owned()));
        }
        reader.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for Walk<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Value, E> {
        Ok(n.into())
    }

    fn visit_u64<E>(self, n: u64) -> Result<Value, E> {
        Ok(n.into())
    }

    fn visit_f64<E>(self, n: f64) -> Result<Value, E> {
        // JavaScript has one number type: `2.0` and `1e1` are the whole numbers 2 and 10
        // (spec/cursor/host.json `file_rules.numbers`).
        const WHOLE: f64 = 9_007_199_254_740_992.0; // 2^53: every double below it is exact
        Ok(if n.fract() == 0.0 && (0.0..WHOLE).contains(&n) {
            (n as u64).into()
        } else if n.fract() == 0.0 && (-WHOLE..0.0).contains(&n) {
            (n as i64).into()
        } else {
            n.into()
        })
    }

    fn visit_str<E>(self, text: &str) -> Result<Value, E> {
        Ok(text.into())
    }

    fn visit_string<E>(self, text: String) -> Result<Value, E> {
        Ok(text.into())
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(Walk {
            pointer: format!("{}/{}", self.pointer, items.len()),
            duplicates: &mut *self.duplicates,
            depth: self.depth + 1,
        })? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let pointer = format!("{}/{}", self.pointer, segment(&key));
            let value = map.next_value_seed(Walk {
                pointer: pointer.clone(),
                duplicates: &mut *self.duplicates,
                depth: self.depth + 1,
            })?;
            if let Some(dropped) = object.insert(key, value) {
                self.duplicates.push((pointer, dropped));
            }
        }
        Ok(Value::Object(object))
    }
}

fn list(lines: &[usize]) -> String {
    lines
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

struct CommentScan {
    /// The text with real `//` comments removed (strings untouched).
    stripped: String,
    comment_lines: Vec<usize>,
    /// Whether a `/* */` comment is among them.
    block_comments: bool,
    string_lines: Vec<usize>,
}

fn scan_comments(text: &str) -> CommentScan {
    let mut scan = CommentScan {
        stripped: String::with_capacity(text.len()),
        comment_lines: Vec::new(),
        block_comments: false,
        string_lines: Vec::new(),
    };
    let mut line = 1;
    let mut in_string = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\n' => {
                line += 1;
                scan.stripped.push(c);
            }
            '\\' if in_string => {
                scan.stripped.push(c);
                scan.stripped.extend(chars.next());
            }
            '"' => {
                in_string = !in_string;
                scan.stripped.push(c);
            }
            '/' if !in_string && chars.peek() == Some(&'*') => {
                // A block comment, which Cursor strips too; its newlines are kept.
                scan.comment_lines.push(line);
                scan.block_comments = true;
                chars.next();
                let mut last = ' ';
                for c in chars.by_ref() {
                    if c == '\n' {
                        line += 1;
                        scan.stripped.push(c);
                    }
                    if last == '*' && c == '/' {
                        break;
                    }
                    last = c;
                }
            }
            '/' if chars.peek() == Some(&'/') => {
                if in_string {
                    if scan.string_lines.last() != Some(&line) {
                        scan.string_lines.push(line);
                    }
                    scan.stripped.push(c);
                } else {
                    scan.comment_lines.push(line);
                    while chars.peek().is_some_and(|&c| c != '\n') {
                        chars.next();
                    }
                }
            }
            c => scan.stripped.push(c),
        }
    }
    scan
}

fn hooks_json(file: &mut ConfigFile, value: &Value, base: &str) {
    let path = file.path.clone();
    match value.get("version") {
        None => file.findings.push(Finding::voiding(
            &path,
            base,
            format!(
                "no `\"version\": 1`: Cursor (CLI and 3.x) rejects a file without it (\"{}\")",
                validator_says("version_not_number", &[])
            ),
        )),
        Some(Value::Number(n)) if n.as_f64() == Some(1.0) => {}
        // Cursor's validator (@cursor/sdk 1.0.32) accepts any positive integer.
        Some(Value::Number(n)) if n.as_u64().is_some_and(|v| v >= 1) => {
            file.findings.push(Finding::new(
                Severity::Note,
                &path,
                &format!("{base}/version"),
                format!("`version` is {n}; Cursor loads it (any positive integer), but the documented version is 1"),
            ))
        }
        Some(Value::Number(n)) => file.findings.push(Finding::voiding(
            &path,
            &format!("{base}/version"),
            format!("`version` is {n}, not a positive integer: Cursor rejects the file (\"{}\")", validator_says("version_not_positive", &[])),
        )),
        Some(other) => file.findings.push(Finding::voiding(
            &path,
            &format!("{base}/version"),
            format!("`version` is {other}, not the number 1: Cursor rejects the file (\"{}\")", validator_says("version_not_number", &[])),
        )),
    }
    match value.get("hooks") {
        Some(Value::Object(events)) => hooks_events(file, events, &format!("{base}/hooks")),
        Some(_) => file.findings.push(Finding::voiding(
            &path,
            &format!("{base}/hooks"),
            format!(
                "`hooks` is not an object of event names: Cursor rejects the file (\"{}\")",
                validator_says("hooks_not_object", &[])
            ),
        )),
        None => file.findings.push(Finding::voiding(
            &path,
            base,
            format!(
                "no `hooks` object: Cursor rejects the file (\"{}\")",
                validator_says("hooks_not_object", &[])
            ),
        )),
    }
}

/// The Cursor event Cursor runs a hook of the Claude Code event `claude` as, when it imports one.
fn cursor_name_of(claude: &str) -> Option<&'static str> {
    claude::info(claude)?.cursor_event
}

fn hooks_events(file: &mut ConfigFile, events: &Map<String, Value>, base: &str) {
    let path = file.path.clone();
    for (event, list) in events {
        let pointer = format!("{base}/{}", segment(event));
        let Some(info) = spec::info(event) else {
            let hint = match cursor_name_of(event) {
                Some(cursor) => format!(
                    "`{event}` is Claude Code's name; in hooks.json Cursor's name is `{cursor}`"
                ),
                None => match closest(event, spec::EVENTS.iter().map(|e| e.name)) {
                    Some(name) => format!("did you mean `{name}`?"),
                    None => "see `cursor-hooks events`".to_owned(),
                },
            };
            file.findings.push(Finding::voiding(
                &path,
                &pointer,
                format!(
                    "`{event}` is not a Cursor event, and one unknown name makes Cursor ignore the whole file (\"{}\"); {hint}",
                    validator_says("unknown_event", &[("event", event), ("events", "...")])
                ),
            ));
            continue;
        };
        surface_note(file, info, &pointer);
        let Some(items) = list.as_array() else {
            file.findings.push(Finding::voiding(
                &path,
                &pointer,
                format!(
                    "`{event}` is not a list of hooks: Cursor rejects the file (\"{}\")",
                    validator_says("event_not_list", &[("event", event)])
                ),
            ));
            continue;
        };
        for (at, item) in items.iter().enumerate() {
            let pointer = format!("{pointer}/{at}");
            if item.get("hooks").is_some() && item.get("command").is_none() {
                file.findings.push(Finding::voiding(
                    &path,
                    &pointer,
                    format!(
                        "a Claude Code group (`{{matcher, hooks: [...]}}`); hooks.json lists are flat: one object per hook, with `command` (Cursor rejects the whole file: \"{}\")",
                        validator_says("command_not_string", &[])
                    ),
                ));
                continue;
            }
            if let Some(hook) = entry(file, info, &pointer, item, keys::ENTRY, None, false) {
                file.hooks.push(hook);
            }
        }
    }
}

fn surface_note(file: &mut ConfigFile, info: &EventInfo, pointer: &str) {
    if !info.not_in.is_empty() {
        let path = file.path.clone();
        file.findings.push(Finding::new(
            Severity::Note,
            &path,
            pointer,
            format!("`{}` does not fire in {}", info.name, surfaces(info.not_in)),
        ));
    }
}

/// The surfaces in prose; the CLI under both its names (spec/cursor/host.json `cli`).
fn surfaces(not_in: &[&str]) -> String {
    let cli = &host::host().cli;
    not_in
        .iter()
        .map(|s| match *s {
            "cloud" => "cloud agents".to_owned(),
            "cli-print" => format!("the CLI's print mode ({})", cli.command("-p")),
            "cli" => format!("the Cursor CLI ({})", cli.command("")),
            other => other.to_owned(),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn claude_settings(file: &mut ConfigFile, value: &Value) {
    let path = file.path.clone();
    let Some(hooks) = value.get("hooks") else {
        return;
    };
    let Some(events) = hooks.as_object() else {
        file.findings.push(Finding::new(
            Severity::Error,
            &path,
            "/hooks",
            "`hooks` is not an object of event names",
        ));
        return;
    };
    // @cursor/sdk 1.0.32 imports a settings file only when a group of a Claude Code event has a
    // `matcher` key (`isClaudeSettingsWithHooks`); otherwise it reads none of its hooks.
    let imported = events.iter().any(|(name, groups)| {
        claude::info(name).is_some()
            && groups.as_array().is_some_and(|groups| {
                groups.iter().any(|g| {
                    g.get("matcher").is_some() && g.get("hooks").is_some_and(Value::is_array)
                })
            })
    });
    // A plugin's Claude Code-format file is translated whatever its groups hold (the plugin
    // loader decides the format from the first entry: spec/cursor/host.json `plugins.format_rule`).
    if !imported && file.source != "plugin" {
        if !events.is_empty() {
            // A note, not a warning: Claude Code runs these hooks, and a project wired for both
            // editors (`install` and `install --claude`) has Cursor's own entries for them.
            file.findings.push(Finding::new(
                Severity::Note,
                &path,
                "/hooks",
                "no matcher group here has a `matcher` key, so Cursor imports none of these hooks (Claude Code runs them); add `\"matcher\": \"\"` to a group for Cursor to import the file",
            ));
        }
        return;
    }
    // Claude Code's own keys that Cursor's import drops: one note for the file, not a warning
    // for each hook (a key and where it first is, and how often).
    let claude_keys: Vec<&str> = crate::claude::host::host()
        .handler_keys
        .iter()
        .map(|key| key.name.as_str())
        .chain(CLAUDE_HOOK_KEYS.iter().copied())
        .collect();
    let mut dropped: Vec<(String, String, usize)> = Vec::new();
    for (name, groups) in events {
        let pointer = format!("/hooks/{}", segment(name));
        let Some(event) = cursor_name_of(name) else {
            let message = if cursor_hooks_spec::claude::info(name).is_some() {
                (Severity::Note, format!("Cursor has no event for Claude Code's `{name}`; it runs only in Claude Code"))
            } else if let Some(claude) = claude::EVENTS
                .iter()
                .find(|claude| claude.cursor_event == Some(name.as_str()))
            {
                let claude = claude.name;
                (Severity::Warning, format!("`{name}` is a Cursor name; Claude settings use Claude Code's `{claude}`, so Cursor's import does not run it"))
            } else {
                let imported = claude::EVENTS
                    .iter()
                    .filter(|claude| claude.cursor_event.is_some())
                    .map(|claude| claude.name);
                let hint = closest(name, imported)
                    .map(|n| format!("; did you mean `{n}`?"))
                    .unwrap_or_default();
                (
                    Severity::Warning,
                    format!("`{name}` is not a Claude Code event Cursor imports{hint}"),
                )
            };
            file.findings
                .push(Finding::new(message.0, &path, &pointer, message.1));
            continue;
        };
        let info = spec::info(event).expect("host.json maps to Cursor events (tested)");
        surface_note(file, info, &pointer);
        let Some(groups) = groups.as_array() else {
            file.findings.push(Finding::new(
                Severity::Error,
                &path,
                &pointer,
                format!("`{name}` is not a list of matcher groups"),
            ));
            continue;
        };
        for (g, group) in groups.iter().enumerate() {
            let group_pointer = format!("{pointer}/{g}");
            let translated = match group.get("matcher") {
                Some(Value::String(m)) => match imported_matcher(name, m) {
                    Some(translated) => translated.map(Value::String),
                    // Every tool it names is one Cursor does not have: the group is skipped.
                    None => {
                        file.findings.push(Finding::new(
                            Severity::Note,
                            &path,
                            &format!("{group_pointer}/matcher"),
                            format!("Cursor has none of the tools `{m}` names, so its import skips this group (spec/claude-code/host.json `cursor.tool_map_notes`); Claude Code still runs it"),
                        ));
                        continue;
                    }
                },
                Some(other) => Some(other.clone()),
                None => None,
            };
            let matcher = translated.as_ref();
            if let Some(written) = group.get("matcher") {
                check_imported_matcher(
                    file,
                    name,
                    info,
                    &format!("{group_pointer}/matcher"),
                    written,
                );
            }
            let list = match group.get("hooks") {
                Some(Value::Array(list)) => list,
                // A string is iterable in JavaScript: Cursor's import walks its characters.
                Some(Value::String(_)) => {
                    file.findings.push(Finding::new(
                        Severity::Error,
                        &path,
                        &group_pointer,
                        "a matcher group whose `hooks` is a string, not a list",
                    ));
                    continue;
                }
                // Cursor's import iterates `hooks` with `for...of`, which throws on anything
                // else, and the throw voids the whole file (spec/cursor/host.json
                // `file_rules.claude_group_without_hooks`).
                other => {
                    file.findings.push(Finding::voiding(
                        &path,
                        &group_pointer,
                        format!(
                            "a matcher group whose `hooks` is {}, not a list: Cursor's import fails on it (`e.hooks is not iterable`) and loads none of this file's hooks",
                            other.map_or("missing", kind)
                        ),
                    ));
                    return;
                }
            };
            for (at, item) in list.iter().enumerate() {
                let hook_pointer = format!("{group_pointer}/hooks/{at}");
                let keys = item.as_object().into_iter().flat_map(Map::keys);
                for key in keys.filter(|k| {
                    claude_keys.contains(&k.as_str()) && !CLAUDE_HOOK_KEYS.contains(&k.as_str())
                }) {
                    match dropped.iter_mut().find(|(k, _, _)| k == key) {
                        Some((_, _, count)) => *count += 1,
                        None => dropped.push((key.clone(), hook_pointer.clone(), 1)),
                    }
                }
                if let Some(hook) =
                    entry(file, info, &hook_pointer, item, &claude_keys, matcher, true)
                {
                    file.hooks.push(hook);
                }
            }
        }
    }
    if !dropped.is_empty() {
        let keys: Vec<String> = dropped
            .iter()
            .map(|(key, first, count)| match count {
                1 => format!("`{key}` (at {first})"),
                n => format!("`{key}` ({n} hooks, the first at {first})"),
            })
            .collect();
        let on_failure = if dropped.iter().any(|(key, _, _)| key == "onFailure") {
            "; with `onFailure: \"block\"` Claude Code blocks when the hook cannot start or times out, while Cursor lets the action through"
        } else {
            ""
        };
        file.findings.push(Finding::new(
            Severity::Note,
            &path,
            "/hooks",
            format!(
                "Cursor's import of Claude Code's settings keeps only `type`, `command`, `prompt` and `timeout` of a hook and runs it with `failClosed: false`, so {} take effect in Claude Code only{on_failure} (spec/claude-code/host.json `cursor.supported`)",
                keys.join(", "),
            ),
        ));
    }
}

/// A Claude Code group's `matcher` as Cursor's import reads it (spec/claude-code/host.json
/// `cursor.tool_map_notes`): on PreToolUse and PostToolUse each `|`-separated name is mapped
/// (`Bash` is `Shell`, `mcp__server__tool` is `MCP:tool`) and the result checked as a Cursor
/// matcher; on any other event Cursor drops the matcher.
fn check_imported_matcher(
    file: &mut ConfigFile,
    claude_event: &str,
    info: &EventInfo,
    pointer: &str,
    matcher: &Value,
) {
    let Some(text) = matcher.as_str() else {
        check_matcher(file, info, pointer, matcher);
        return;
    };
    if claude::MATCH_ALL.contains(&text) {
        return;
    }
    if !matches!(claude_event, "PreToolUse" | "PostToolUse") {
        let path = file.path.clone();
        file.findings.push(Finding::new(
            Severity::Note,
            &path,
            pointer,
            format!(
                "Cursor's import drops the matcher of a Claude Code `{claude_event}` group, so in Cursor the hook runs on every `{}` (spec/claude-code/host.json `cursor.tool_map_notes`)",
                info.name,
            ),
        ));
        return;
    }
    for name in text.split('|').map(str::trim) {
        if let Some(problem) = unrecognised_in_cursor(name) {
            let path = file.path.clone();
            file.findings.push(Finding::new(
                Severity::Warning,
                &path,
                pointer,
                format!("in Cursor, which also runs this file, {problem}"),
            ));
        }
    }
    if let Some(Some(imported)) = imported_matcher(claude_event, text) {
        check_matcher(file, info, pointer, &Value::String(imported));
    }
}

/// What goes wrong in Cursor with one name of a Claude Code tool matcher, if anything: Cursor
/// translates it to a tool the guard will not recognise, or to none (spec/claude-code/host.json
/// `cursor.tool_map_notes`). The hook binary maps Cursor's tool back by the matcher's own names,
/// which needs an MCP name's server spelled out: Cursor's payload names none.
fn unrecognised_in_cursor(name: &str) -> Option<String> {
    let literal = |text: &str| {
        !text.is_empty()
            && text
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
    };
    if name == "Glob" {
        return Some(
            "`Glob` is dropped from the matcher (Cursor has no such tool), so the hook never runs for it there"
                .to_owned(),
        );
    }
    let rest = name.strip_prefix("mcp__")?;
    match rest.split_once("__") {
        None => Some(format!(
            "`{name}` is kept as written and no Cursor tool is called that (Cursor names MCP tools `MCP:<tool>` and reads only `mcp__<server>__<tool>` as one), so the hook never runs for MCP tools there; name the tools, as in `mcp__{rest}__<tool>`"
        )),
        Some((server, _)) if !literal(server) => Some(format!(
            "`{name}` matches MCP tools, but Cursor's payload does not say which server a tool is from, so a handler cannot be given the tool's Claude Code name and answers such calls by its failure policy; spell the server out"
        )),
        Some(_) => None,
    }
}

/// The matcher Cursor's import gives a Claude Code group's `matcher` (@cursor/sdk 1.0.32,
/// `claudeHooksToCursor`): on PreToolUse and PostToolUse each tool name mapped to Cursor's
/// (`Bash` is `Shell`, `Edit` is `Write`, `mcp__server__tool` is `MCP:tool`; `Glob` dropped),
/// `Some(None)` for no matcher (`*`, or any other event), `None` when no tool is left.
pub(crate) fn imported_matcher(event: &str, matcher: &str) -> Option<Option<String>> {
    if event != "PreToolUse" && event != "PostToolUse" || matcher.is_empty() || matcher == "*" {
        return Some(None);
    }
    let mut tools: Vec<String> = Vec::new();
    for tool in matcher.split('|').map(str::trim) {
        let Some(cursor) = cursor_hooks_spec::claude::cursor_import_tool(tool) else {
            continue;
        };
        if !tools.iter().any(|known| *known == cursor) {
            tools.push(cursor.into_owned());
        }
    }
    (!tools.is_empty()).then(|| Some(tools.join("|")))
}

/// Checks one hook entry and returns it when it can run.
fn entry(
    file: &mut ConfigFile,
    info: &EventInfo,
    pointer: &str,
    item: &Value,
    keys: &[&str],
    group_matcher: Option<&Value>,
    claude: bool,
) -> Option<Hook> {
    let mut findings = EntryFindings {
        file,
        pointer,
        claude,
    };
    let Some(object) = item.as_object() else {
        findings.void(
            "",
            "a hook must be an object",
            validator_says("entry_not_object", &[]),
        );
        return None;
    };
    warn_unknown_keys(&mut findings, object, keys);
    let kind = read_type(&mut findings, object)?;
    let command = read_command(&mut findings, object, &kind);
    if claude && kind == "command" && command.is_none() {
        // Cursor's import drops a Claude Code hook without a command.
        return None;
    }
    check_prompt(&mut findings, object, &kind);
    let timeout = read_timeout(&mut findings, object);
    let fail_closed = read_fail_closed(&mut findings, object, info);
    let loop_limit = read_loop_limit(&mut findings, object, info);
    let matcher = read_matcher(file, info, pointer, object, group_matcher);
    Some(Hook {
        event: info.name.to_owned(),
        pointer: pointer.to_owned(),
        kind,
        command,
        timeout,
        matcher,
        fail_closed,
        loop_limit: loop_limit.or(if claude {
            Some(host::host().defaults.claude_loop_limit)
        } else {
            None
        }),
    })
}

/// Where the findings of one entry go: its file, under the entry's JSON pointer.
struct EntryFindings<'a> {
    file: &'a mut ConfigFile,
    pointer: &'a str,
    /// A hook of Claude Code's settings: Cursor translates it first (keeping only `command`,
    /// `prompt` and `timeout`), so only a bad `timeout` voids the file.
    claude: bool,
}

impl EntryFindings<'_> {
    /// Notes a problem at `at`, a pointer below the entry's (`""` for the entry itself).
    fn push(&mut self, severity: Severity, at: &str, message: impl Into<String>) {
        let finding = Finding::new(
            severity,
            &self.file.path,
            &format!("{}{at}", self.pointer),
            message,
        );
        self.file.findings.push(finding);
    }

    /// Notes a problem at `at` that makes Cursor's validator reject the whole file (@cursor/sdk
    /// 1.0.32: one invalid entry voids every hook of its hooks.json).
    /// `cursor` is the error Cursor's validator gives (`validator_says`).
    fn void(&mut self, at: &str, message: impl Into<String>, cursor: String) {
        if self.claude && at != "/timeout" {
            return self.push(Severity::Error, at, message);
        }
        // Cursor names the entry `<event>[<index>]` in a hooks.json.
        let entry = match self
            .pointer
            .strip_prefix("/hooks/")
            .map(|p| p.rsplit_once('/'))
        {
            Some(Some((event, index))) if !event.contains('/') => format!("{event}[{index}]: "),
            _ => String::new(),
        };
        let message = format!(
            "{}: Cursor rejects the whole file, none of its hooks run (its validator: \"{entry}{cursor}\")",
            message.into()
        );
        let finding = Finding::voiding(&self.file.path, &format!("{}{at}", self.pointer), message);
        self.file.findings.push(finding);
    }
}

/// The error Cursor's validator gives for `kind` (spec/cursor/host.json `file_rules.validator_messages`),
/// its `{placeholders}` filled.
pub(crate) fn validator_says(kind: &str, fill: &[(&str, &str)]) -> String {
    let messages = &host::host().file_rules.validator_messages;
    let mut text = messages
        .get(kind)
        .unwrap_or_else(|| panic!("spec/cursor/host.json has no validator message `{kind}`"))
        .clone();
    for (name, value) in fill {
        text = text.replace(&format!("{{{name}}}"), value);
    }
    text
}

/// Every key Cursor does not read is a warning: Cursor ignores it.
fn warn_unknown_keys(findings: &mut EntryFindings, object: &Map<String, Value>, keys: &[&str]) {
    for key in object.keys().filter(|k| !keys.contains(&k.as_str())) {
        findings.push(
            Severity::Warning,
            &format!("/{}", segment(key)),
            format!("unknown key `{key}`, which Cursor ignores"),
        );
    }
}

/// `type`: `command` (the default) or `prompt`; anything else leaves no hook to run.
fn read_type(findings: &mut EntryFindings, object: &Map<String, Value>) -> Option<String> {
    match object.get(keys::TYPE) {
        None => Some("command".to_owned()),
        Some(Value::String(kind)) if kind == "command" || kind == "prompt" => Some(kind.clone()),
        Some(other) => {
            let written = other
                .as_str()
                .map_or_else(|| other.to_string(), str::to_owned);
            findings.void(
                "/type",
                format!("`type` is {other}; Cursor knows \"command\" and \"prompt\""),
                validator_says("type_unknown", &[("type", &written)]),
            );
            None
        }
    }
}

/// `command`: a command hook needs one that is not blank.
fn read_command(
    findings: &mut EntryFindings,
    object: &Map<String, Value>,
    kind: &str,
) -> Option<String> {
    let command = object
        .get(keys::COMMAND)
        .and_then(Value::as_str)
        .map(str::to_owned);
    if kind == "command" && command.is_none() {
        findings.void(
            "",
            "a command hook without a `command` string",
            validator_says("command_not_string", &[]),
        );
    } else if kind == "command" && command.as_deref().is_some_and(|c| c.trim().is_empty()) {
        findings.push(
            Severity::Error,
            "",
            "a command hook whose `command` is blank",
        );
    }
    command
}

/// `prompt`: a prompt hook needs one.
fn check_prompt(findings: &mut EntryFindings, object: &Map<String, Value>, kind: &str) {
    if kind == "prompt"
        && object
            .get(keys::PROMPT)
            .and_then(Value::as_str)
            .is_none_or(|p| p.trim().is_empty())
    {
        let kind = match object.get(keys::PROMPT) {
            Some(Value::String(_)) => "prompt_blank",
            _ => "prompt_not_string",
        };
        findings.void(
            "",
            "a prompt hook without a `prompt` string that is not blank",
            validator_says(kind, &[]),
        );
    }
}

/// `timeout`: seconds, more than 0; a value of 1000 or more is kept but is likely meant as
/// milliseconds.
fn read_timeout(findings: &mut EntryFindings, object: &Map<String, Value>) -> Option<f64> {
    match object.get(keys::TIMEOUT) {
        None => None,
        Some(Value::Number(n)) => {
            let seconds = n.as_f64().unwrap_or(0.0);
            if seconds <= 0.0 {
                findings.void(
                    "/timeout",
                    format!("`timeout` is {n}; it must be more than 0 seconds"),
                    validator_says("timeout_not_positive", &[]),
                );
                None
            } else if seconds >= 1000.0 {
                let process = &host::host().process;
                // Past Node's longest timer the hook is killed at once (host.json `process`).
                let past_timer = if seconds * 1000.0 > process.timer_max_ms {
                    format!(
                        ", and past Node's longest timer ({} ms) Cursor's timer fires after 1 ms: the hook is killed at once, as a timeout",
                        process.timer_max_ms
                    )
                } else {
                    String::new()
                };
                findings.push(
                    Severity::Error,
                    "/timeout",
                    format!(
                        "`timeout` is {n} seconds: it is in seconds, not milliseconds{past_timer}"
                    ),
                );
                Some(seconds)
            } else {
                Some(seconds)
            }
        }
        Some(other) => {
            findings.void(
                "/timeout",
                format!("`timeout` is {other}, not a number of seconds"),
                validator_says("timeout_not_number", &[]),
            );
            None
        }
    }
}

/// `failClosed`: a boolean (anything else is read as false), which only an event that can
/// block uses.
fn read_fail_closed(
    findings: &mut EntryFindings,
    object: &Map<String, Value>,
    info: &EventInfo,
) -> bool {
    let fail_closed = match object.get(keys::FAIL_CLOSED) {
        None => false,
        Some(Value::Bool(b)) => *b,
        Some(other) => {
            findings.void(
                "/failClosed",
                format!("`failClosed` is {other}, not true or false"),
                validator_says("fail_closed_not_boolean", &[]),
            );
            false
        }
    };
    // A failure counts as a block (host.json `block_answers`, @cursor/sdk 1.0.32
    // blockResponseFor): a deny on the permission events, `continue: false` on the prompt and
    // session gates, nothing elsewhere.
    let blocks = &host::host().block_answers;
    let named = |list: &[String]| list.iter().any(|e| e == info.name);
    if !fail_closed || named(&blocks.deny) || named(&blocks.stop_prompt) && info.can_block {
        return fail_closed;
    }
    if named(&blocks.stop_prompt) {
        findings.push(
            Severity::Note,
            "/failClosed",
            format!(
                "on `{}` a failing hook with `failClosed` answers `continue: false`, which ends the session in Cursor's agent (spec/cursor/host.json `block_answers`); the docs call the event fire-and-forget, so the IDE and CLI may ignore it",
                info.name
            ),
        );
    } else {
        let answer = if named(&blocks.empty) {
            "an empty answer (`{}`)"
        } else {
            "no answer at all"
        };
        findings.push(
            Severity::Warning,
            "/failClosed",
            format!(
                "`failClosed` has no effect on `{}`: when the hook fails, times out or answers badly, Cursor's block there is {answer}, so the {} goes on as if the hook had not run",
                info.name,
                if info.name == "stop" || info.name == "subagentStop" { "agent" } else { "action" },
            ),
        );
    }
    fail_closed
}

/// `loop_limit`: a count, or null for no limit (`Some(None)`), which only loop events use.
fn read_loop_limit(
    findings: &mut EntryFindings,
    object: &Map<String, Value>,
    info: &EventInfo,
) -> Option<Option<u64>> {
    let loop_limit = match object.get(keys::LOOP_LIMIT) {
        None => None,
        Some(Value::Null) => Some(None),
        Some(Value::Number(n)) if n.as_u64().is_some_and(|n| n >= 1) => Some(n.as_u64()),
        Some(other) => {
            let kind = match other {
                Value::Number(n) if n.is_f64() && n.as_f64().is_some_and(|f| f.fract() != 0.0) => {
                    "loop_limit_not_integer"
                }
                Value::Number(_) => "loop_limit_not_positive",
                _ => "loop_limit_not_number",
            };
            findings.void(
                "/loop_limit",
                format!("`loop_limit` is {other}, not a positive whole number or null"),
                validator_says(kind, &[]),
            );
            None
        }
    };
    if loop_limit.is_some() && info.category != Category::Loop {
        findings.push(
            Severity::Warning,
            "/loop_limit",
            format!(
                "`loop_limit` applies to stop and subagentStop only; `{}` ignores it",
                info.name
            ),
        );
    }
    loop_limit
}

/// `matcher`: the entry's own (checked here), or its Claude Code group's (checked with the
/// group).
fn read_matcher(
    file: &mut ConfigFile,
    info: &EventInfo,
    pointer: &str,
    object: &Map<String, Value>,
    group_matcher: Option<&Value>,
) -> Option<String> {
    let matcher = match group_matcher {
        Some(matcher) => matcher,
        None => {
            let matcher = object.get(keys::MATCHER)?;
            check_matcher(file, info, &format!("{pointer}/matcher"), matcher);
            matcher
        }
    };
    matcher.as_str().map(str::to_owned)
}

/// Checks a hook's `matcher` with the rule the `#[cursor_hook]` macro applies
/// (`cursor_hooks_spec::matcher`); here an invalid one voids the file and the others are warnings.
fn check_matcher(file: &mut ConfigFile, info: &EventInfo, pointer: &str, matcher: &Value) {
    let path = file.path.clone();
    let Some(text) = matcher.as_str() else {
        file.findings.push(Finding::voiding(
            &path,
            pointer,
            format!(
                "`matcher` is {matcher}, not a string: Cursor rejects the whole file (its validator: \"{}\")",
                validator_says("matcher_not_string", &[])
            ),
        ));
        return;
    };
    let verdict = cursor_hooks_spec::matcher::check(info, text);
    matcher_budget_spent(file, pointer);
    match verdict {
        Verdict::All | Verdict::Matches => {}
        Verdict::Invalid { reason, .. } => {
            // The reason is V8's message, which Cursor's validator quotes.
            let cursor = validator_says("matcher_invalid", &[("matcher", text), ("reason", &reason)]);
            file.findings.push(Finding::voiding(&path, pointer, format!("`{text}` is not a valid JavaScript regular expression: Cursor rejects the whole file (its validator: \"{cursor}\"){}", python_group_hint(text))));
        }
        Verdict::NoSubject => file.findings.push(Finding::new(
            Severity::Warning,
            &path,
            pointer,
            format!("`{}` has no matcher subject: the matcher is ignored and the hook runs on every `{}`", info.name, info.name),
        )),
        Verdict::Never => {
            let values = subject_values(info);
            let instead = match info.matcher_subject {
                Some(subject) if subject.contains("file path") => {
                    "the matcher never sees the path: leave `matcher` out and check `file_path` inside the hook"
                }
                _ => "leave `matcher` out (or match one of those) and filter paths or commands inside the hook",
            };
            let message = format!("`{text}` matches none of what Cursor tests `{}`'s matcher against ({values}), so the hook never runs; {instead}", info.name);
            // In a Claude Code file the matcher is the one Cursor's import made of it. A guard
            // that never runs lets through what it was written to stop: an error.
            let finding = if file.format == Format::ClaudeSettings {
                Finding::new(Severity::Note, &path, pointer, format!("{message} (as Cursor imports the Claude Code matcher, so in Cursor only)"))
            } else if info.can_block {
                Finding::new(Severity::Error, &path, pointer, format!("{message}; this guard never blocks anything"))
            } else {
                Finding::new(Severity::Warning, &path, pointer, message)
            };
            file.findings.push(finding);
        }
    }
}

/// `always Read` or `Shell, ..., MCP:<name>`: what a matcher on `info` is tested against.
fn subject_values(info: &EventInfo) -> String {
    let mut values: Vec<String> = info
        .matcher_values
        .iter()
        .map(|v| (*v).to_owned())
        .collect();
    if let Some(prefix) = info.matcher_open_prefix {
        values.push(format!("{prefix}<name>"));
    }
    match values.as_slice() {
        [only] => format!("always {only}"),
        _ => values.join(", "),
    }
}

pub use cursor_hooks::cursor::spec::closest;

impl Host {
    /// Whether the run covers Cursor.
    pub fn cursor(self) -> bool {
        matches!(self, Host::Cursor | Host::All)
    }

    /// Whether the run covers Claude Code.
    pub fn claude_code(self) -> bool {
        matches!(self, Host::ClaudeCode | Host::All)
    }

    /// Whether the run covers Codex.
    pub fn codex(self) -> bool {
        matches!(self, Host::Codex | Host::All)
    }

    /// Whether the run covers Copilot.
    pub fn copilot(self) -> bool {
        matches!(self, Host::Copilot | Host::All)
    }
}

/// What to write instead of Python's named group `(?P<name>...)`, which JavaScript refuses, as a
/// sentence ending a matcher's finding; empty when the matcher has none. The rule, not the
/// rewritten matcher: the text checked may be Cursor's translation of the one in the file.
pub(crate) fn python_group_hint(matcher: &str) -> String {
    cursor_hooks_spec::matcher::python_named_groups(matcher).map_or(String::new(), |_| {
        "; `(?P<name>...)` is Python's spelling of a named group: JavaScript writes `(?<name>...)`"
            .to_owned()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_in_strings_and_outside() {
        let scan = scan_comments("{ // a\n \"c\": \"curl http://x\" }");
        assert_eq!(scan.comment_lines, [1]);
        assert_eq!(scan.string_lines, [2]);
        assert!(serde_json::from_str::<Value>(&scan.stripped).is_ok());
    }

    #[test]
    fn cursor_strip_is_cursors_parse_jsonc() {
        // Expected values from node, running Cursor's two `replace` calls on the same text.
        let inside = "{\n \"c\": \"ls /tmp/*.log; echo */\" }\n";
        assert_eq!(cursor_strip(inside), "{\n \"c\": \"ls /tmp\" }\n");
        let url_in_comment = "{\n /* see http://x */\n \"v\": 1\n}";
        assert_eq!(
            cursor_strip(url_in_comment),
            "{\n /* see http:\n \"v\": 1\n}"
        );
        let both = "{ /* a */ \"v\": 1 // b\r\n}";
        assert_eq!(cursor_strip(both), "{  \"v\": 1 \r\n}");
    }

    #[test]
    fn subject_values_name_the_open_prefix() {
        let read = spec::info("beforeReadFile").expect("an event");
        assert_eq!(subject_values(read), "always Read");
        let tools = spec::info("preToolUse").expect("an event");
        assert!(subject_values(tools).ends_with(", MCP:<name>"));
    }
}
