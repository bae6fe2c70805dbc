//! Changing a JSON configuration file (Cursor's `hooks.json`, Claude Code's `settings.json`)
//! as text, so that everything `install` and `uninstall` do not change stays byte for byte: the
//! user's `//` comments (Cursor strips them before parsing `hooks.json`), layout, key order and
//! other entries. What the file's keys mean is its format's owner's (`subcommands.rs` for
//! `hooks.json`, `subcommands/claude_settings.rs` for `settings.json`).
//!
//! [`Document::parse`] reads the text with its comments blanked out (same byte offsets) and
//! records where each value starts and ends. Changes are collected as deletions and insertions
//! at those offsets ([`Edits`]) and applied in one pass ([`Document::apply`]). Removing an item
//! takes its text, the comma that separated it and, when it had lines of its own, those lines;
//! it never takes a comment outside the item. Added items copy the list's layout: one per line
//! at the indentation of their neighbours, or inline in a one-line list.

use serde_json::{Map, Value};
use std::ops::Range;

/// A parsed JSON text.
pub(super) struct Document<'t> {
    text: &'t str,
    /// `text` with its comments replaced by spaces: JSON, at the same offsets.
    stripped: String,
    /// The top-level value.
    pub(super) root: Node,
    /// `\r\n` when the file uses it.
    newline: &'static str,
    /// One level of indentation, as the file indents.
    unit: String,
}

/// A value and where it is in the text.
pub(super) struct Node {
    span: Range<usize>,
    pub(super) kind: Kind,
}

/// What a [`Node`] holds.
pub(super) enum Kind {
    Object(Vec<Member>),
    Array(Vec<Node>),
    /// A string, number, boolean or null.
    Scalar,
}

/// One `"key": value` of an object.
pub(super) struct Member {
    pub(super) key: String,
    /// Where the key's opening quote is.
    start: usize,
    pub(super) value: Node,
}

/// A new item for a list: an array's value or an object's member.
pub(super) enum Item {
    Value(Value),
    Member(String, Value),
}

/// Changes to a [`Document`]'s text, by offset into it.
#[derive(Default)]
pub(super) struct Edits {
    deletions: Vec<Range<usize>>,
    /// Inserted in the order given where several share an offset.
    insertions: Vec<(usize, String)>,
}

impl Edits {
    fn delete(&mut self, range: Range<usize>) {
        if !range.is_empty() {
            self.deletions.push(range);
        }
    }

    fn insert(&mut self, at: usize, text: String) {
        self.insertions.push((at, text));
    }
}

/// The value of a `hooks.json` text with `//` comments, as Cursor reads it (Cursor strips
/// comments first).
pub(super) fn parse_value(text: &str) -> Result<Value, serde_json::Error> {
    read_value(strip_comments(text).as_bytes())
}

/// How deep [`read_value`] builds a tree, and [`Document::parse`] records where values are:
/// what `install` reads and changes lies a few levels down; anything deeper is kept as its JSON
/// text, read without recursion.
const TREE_DEPTH: usize = 64;

/// The value of a JSON text, nested as deep as it may be: Cursor and Claude Code read their
/// files with JavaScript's `JSON.parse`, which has no depth limit, where serde_json stops at
/// 128 levels. Values deeper than [`TREE_DEPTH`] are kept as strings of their JSON text (so two
/// readings of the same text are equal) and checked by serde_json's reader for raw values,
/// which does not recurse (so no depth overflows the stack).
pub(super) fn read_value(bytes: &[u8]) -> Result<Value, serde_json::Error> {
    use serde::de::DeserializeSeed;
    // `from_slice`, as everywhere in the runtime: one instance of serde_json's reader.
    let mut reader = serde_json::Deserializer::from_slice(bytes);
    let value = Shallow(0).deserialize(&mut reader)?;
    reader.end()?;
    Ok(value)
}

/// Builds a [`Value`] as serde_json does, down to [`TREE_DEPTH`]; the level is its field.
struct Shallow(usize);

impl<'de> serde::de::DeserializeSeed<'de> for Shallow {
    type Value = Value;

    fn deserialize<D: serde::Deserializer<'de>>(self, reader: D) -> Result<Value, D::Error> {
        if self.0 >= TREE_DEPTH {
            let raw: Box<serde_json::value::RawValue> = serde::Deserialize::deserialize(reader)?;
            return Ok(Value::String(raw.get().to_owned()));
        }
        reader.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for Shallow {
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
        Ok(n.into())
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
        while let Some(item) = seq.next_element_seed(Shallow(self.0 + 1))? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            // A key written twice keeps its last value, as every JSON reader does.
            object.insert(key, map.next_value_seed(Shallow(self.0 + 1))?);
        }
        Ok(Value::Object(object))
    }
}

impl<'t> Document<'t> {
    /// Parses `text`, `//` comments allowed, and returns its value too.
    pub(super) fn parse(text: &'t str) -> Result<(Document<'t>, Value), serde_json::Error> {
        let stripped = strip_comments(text);
        let value = read_value(stripped.as_bytes())?;
        let root = Parser {
            bytes: stripped.as_bytes(),
            at: 0,
        }
        .value(0)
        // The text is JSON: serde_json has just read it.
        .unwrap_or(Node {
            span: 0..0,
            kind: Kind::Scalar,
        });
        let document = Document {
            text,
            newline: if text.as_bytes().windows(2).any(|pair| pair == b"\r\n") {
                "\r\n"
            } else {
                "\n"
            },
            unit: indent_unit(text),
            stripped,
            root,
        };
        Ok((document, value))
    }

    /// The value of `node`.
    pub(super) fn value(&self, node: &Node) -> Value {
        read_value(self.stripped[node.span.clone()].as_bytes()).unwrap_or(Value::Null)
    }

    /// Replaces `node`'s text by `value`'s, written inline.
    pub(super) fn replace(&self, edits: &mut Edits, node: &Node, value: &Value) {
        edits.delete(node.span.clone());
        edits.insert(node.span.start, inline(value));
    }

    /// Edits the array or object `list`: removes the items at the indices `removed` (sorted)
    /// and appends `appended` after the last item kept.
    pub(super) fn edit_list(
        &self,
        edits: &mut Edits,
        list: &Node,
        removed: &[usize],
        appended: &[Item],
    ) {
        let spans: Vec<Range<usize>> = match &list.kind {
            Kind::Object(members) => members
                .iter()
                .map(|member| member.start..member.value.span.end)
                .collect(),
            Kind::Array(items) => items.iter().map(|item| item.span.clone()).collect(),
            Kind::Scalar => return,
        };
        // The comma after item `i`.
        let comma = |i: usize| {
            let gap = spans[i].end..spans[i + 1].start;
            self.stripped[gap.clone()]
                .find(',')
                .map(|at| gap.start + at)
        };
        let last_kept = (0..spans.len()).rev().find(|i| !removed.contains(i));
        if last_kept.is_none() && appended.is_empty() && self.only_items_inside(list, &spans) {
            // Emptied, with no comment inside: `[]`.
            edits.delete(list.span.start + 1..list.span.end - 1);
            return;
        }
        for &i in removed {
            let separator = match last_kept {
                // After the last item kept, each removed item takes the comma before it.
                Some(kept) if i > kept => comma(i - 1),
                _ if i + 1 < spans.len() => comma(i),
                _ => None,
            };
            self.delete_item(edits, spans[i].clone(), separator);
        }
        if appended.is_empty() {
            return;
        }
        match last_kept {
            Some(kept) => self.append_after(edits, list, &spans[kept], appended),
            None => self.append_into_empty(edits, list, appended),
        }
    }

    /// Gives the object `node` the keys of `wanted` among `managed`, key by key: a key with the
    /// right value, the object's other keys and the comments between them stay as they are; a
    /// managed key that `wanted` lacks is removed.
    pub(super) fn update_members(
        &self,
        edits: &mut Edits,
        node: &Node,
        wanted: &Value,
        managed: &[&str],
    ) {
        let Kind::Object(members) = &node.kind else {
            return;
        };
        // Keys no longer wanted, in the object's order.
        let removed: Vec<usize> = (0..members.len())
            .filter(|&i| {
                let key = members[i].key.as_str();
                managed.contains(&key) && wanted.get(key).is_none()
            })
            .collect();
        let mut added = Vec::new();
        for &key in managed {
            let Some(value) = wanted.get(key) else {
                continue;
            };
            let mut present = members.iter().filter(|member| member.key == key).peekable();
            if present.peek().is_none() {
                added.push(Item::Member(key.to_owned(), value.clone()));
            }
            for member in present {
                if self.value(&member.value) != *value {
                    self.replace(edits, &member.value, value);
                }
            }
        }
        self.edit_list(edits, node, &removed, &added);
    }

    /// Whether `list` holds nothing but its items, commas and whitespace.
    fn only_items_inside(&self, list: &Node, spans: &[Range<usize>]) -> bool {
        let mut at = list.span.start + 1;
        let mut gaps = Vec::new();
        for span in spans {
            gaps.push(at..span.start);
            at = span.end;
        }
        gaps.push(at..list.span.end - 1);
        gaps.into_iter().all(|gap| {
            self.text.as_bytes()[gap]
                .iter()
                .all(|b| b.is_ascii_whitespace() || *b == b',')
        })
    }

    /// Deletes one item and the comma that separated it; when the item had its line(s) to
    /// itself, those lines go too. Comments outside the item stay.
    fn delete_item(&self, edits: &mut Edits, item: Range<usize>, comma: Option<usize>) {
        let bytes = self.text.as_bytes();
        let blank = |range: Range<usize>| {
            bytes[range]
                .iter()
                .all(|b| matches!(b, b' ' | b'\t' | b'\r'))
        };
        if let Some(comma) = comma {
            edits.delete(comma..comma + 1);
        }
        let line_start = self.line_start(item.start);
        if let Some(newline) = bytes[item.end..].iter().position(|&b| b == b'\n') {
            let line_end = item.end + newline;
            // A comma after a removed item is always removed too (by it or by the next item).
            let rest_blank = bytes[item.end..line_end]
                .iter()
                .all(|b| matches!(b, b' ' | b'\t' | b'\r' | b','));
            if blank(line_start..item.start) && rest_blank {
                edits.delete(line_start..line_end + 1);
                return;
            }
        }
        edits.delete(item.clone());
        match comma {
            // `a, X` → `a`
            Some(comma) if comma < item.start && blank(comma + 1..item.start) => {
                edits.delete(comma..item.start);
            }
            // `X, a` → `a`
            Some(comma) if comma >= item.end && blank(item.end..comma) => {
                let spaces = bytes[comma + 1..]
                    .iter()
                    .take_while(|&&b| b == b' ' || b == b'\t')
                    .count();
                edits.delete(item.end..comma + 1 + spaces);
            }
            _ => {}
        }
    }

    /// Appends `items` after the item at `last` of a list that keeps at least one.
    fn append_after(&self, edits: &mut Edits, list: &Node, last: &Range<usize>, items: &[Item]) {
        if !self.text[list.span.clone()].contains('\n') {
            let text: String = items
                .iter()
                .map(|item| format!(", {}", render_inline(item)))
                .collect();
            edits.insert(last.end, text);
            return;
        }
        let indent = match self.indent_before(last.start) {
            Some(indent) => indent.to_owned(),
            None => format!("{}{}", self.line_indent(list.span.start), self.unit),
        };
        edits.insert(last.end, ",".to_owned());
        // After a comment that ends the last item's line, not before it.
        let line_end = self.line_end(last.end);
        let rest_blank = self.stripped[last.end..line_end]
            .bytes()
            .all(|b| matches!(b, b' ' | b'\t' | b','));
        let at = if rest_blank && line_end < list.span.end {
            line_end
        } else {
            last.end
        };
        // Entries written one per line (`{ "command": "a" },`) get company of the same form.
        let last_text = &self.text[last.clone()];
        let one_line = !last_text.contains('\n') && last_text.ends_with(['}', ']']);
        edits.insert(at, self.lines(items, &indent, one_line).join(","));
    }

    /// Appends `items` to a list with no item left.
    fn append_into_empty(&self, edits: &mut Edits, list: &Node, items: &[Item]) {
        let open = list.span.start + 1;
        let inside = open..list.span.end - 1;
        let multiline = self.text[self.root.span.clone()].contains('\n');
        if !multiline {
            let text: Vec<String> = items.iter().map(render_inline).collect();
            edits.insert(open, text.join(", "));
            return;
        }
        let outer = self.line_indent(list.span.start).to_owned();
        let body = self
            .lines(items, &format!("{outer}{}", self.unit), false)
            .join(",");
        if self.text[inside.clone()].trim().is_empty() {
            edits.delete(inside);
            edits.insert(open, format!("{body}{}{outer}", self.newline));
        } else {
            edits.insert(open, body);
        }
    }

    /// Each item on a line of its own (starting with the line break) at `indent`, written
    /// inline or over several lines.
    fn lines(&self, items: &[Item], indent: &str, one_line: bool) -> Vec<String> {
        items
            .iter()
            .map(|item| {
                let text = match item {
                    _ if one_line => render_inline(item),
                    Item::Value(value) => self.pretty(value),
                    Item::Member(key, value) => {
                        format!("{}: {}", inline_key(key), self.pretty(value))
                    }
                };
                let newline = format!("{}{indent}", self.newline);
                format!("{newline}{}", text.replace('\n', &newline))
            })
            .collect()
    }

    /// `value` over several lines, indented by the file's unit.
    fn pretty(&self, value: &Value) -> String {
        pretty(value, &self.unit)
    }

    fn line_start(&self, at: usize) -> usize {
        self.text[..at].rfind('\n').map_or(0, |newline| newline + 1)
    }

    /// Where the line holding `at` ends, before its `\r\n` or `\n`.
    fn line_end(&self, at: usize) -> usize {
        let end = self.text[at..]
            .find('\n')
            .map_or(self.text.len(), |n| at + n);
        if end > at && self.text.as_bytes()[end - 1] == b'\r' {
            end - 1
        } else {
            end
        }
    }

    /// The leading whitespace of the line holding `at`.
    fn line_indent(&self, at: usize) -> &str {
        let start = self.line_start(at);
        let line = &self.text[start..];
        &line[..line.len() - line.trim_start_matches([' ', '\t']).len()]
    }

    /// The whitespace before `at` when nothing else precedes it on its line.
    fn indent_before(&self, at: usize) -> Option<&str> {
        let before = &self.text[self.line_start(at)..at];
        before
            .bytes()
            .all(|b| b == b' ' || b == b'\t')
            .then_some(before)
    }

    /// The text with `edits` made.
    pub(super) fn apply(&self, edits: Edits) -> String {
        let mut deletions = edits.deletions;
        sort_by(&mut deletions, |range| range.start);
        let mut merged: Vec<Range<usize>> = Vec::new();
        for range in deletions {
            match merged.last_mut() {
                Some(last) if range.start <= last.end => last.end = last.end.max(range.end),
                _ => merged.push(range),
            }
        }
        let mut insertions = edits.insertions;
        sort_by(&mut insertions, |(at, _)| *at);
        let mut out = String::with_capacity(self.text.len() + 256);
        let mut at = 0;
        let mut deletions = merged.into_iter().peekable();
        // Copies the text up to `to`, leaving out deletions that start before it.
        let mut copy_to = |out: &mut String, at: &mut usize, to: usize| {
            while let Some(range) = deletions.next_if(|range| range.start < to) {
                out.push_str(&self.text[*at..range.start]);
                *at = range.end;
            }
            if to > *at {
                out.push_str(&self.text[*at..to]);
                *at = to;
            }
        };
        for (position, text) in insertions {
            copy_to(&mut out, &mut at, position);
            out.push_str(&text);
        }
        copy_to(&mut out, &mut at, self.text.len());
        out
    }
}

/// `value` over several lines, indented by `unit` per level, as serde_json's pretty printer
/// writes it (written here rather than by serde_json's serializer, which a hook binary would
/// otherwise carry for this alone).
pub(super) fn pretty(value: &Value, unit: &str) -> String {
    let mut out = String::new();
    write_pretty(value, unit, "", &mut out);
    out
}

fn write_pretty(value: &Value, unit: &str, indent: &str, out: &mut String) {
    let inner = format!("{indent}{unit}");
    let (open, close, items): (char, char, Vec<(Option<&String>, &Value)>) = match value {
        Value::Object(members) if !members.is_empty() => (
            '{',
            '}',
            in_written_order(members)
                .into_iter()
                .map(|(key, value)| (Some(key), value))
                .collect(),
        ),
        Value::Array(items) if !items.is_empty() => {
            ('[', ']', items.iter().map(|item| (None, item)).collect())
        }
        other => return out.push_str(&inline(other)),
    };
    out.push(open);
    for (n, (key, item)) in items.into_iter().enumerate() {
        out.push_str(if n == 0 { "\n" } else { ",\n" });
        out.push_str(&inner);
        if let Some(key) = key {
            out.push_str(&json_string(key));
            out.push_str(": ");
        }
        write_pretty(item, unit, &inner, out);
    }
    out.push('\n');
    out.push_str(indent);
    out.push(close);
}

/// The first key that an object inside `node` (or `node` itself) has twice, with the JSON
/// pointer of that object: JSON readers keep one of the two values and drop the other without a
/// word, so an edit there would change which one counts.
pub(super) fn repeated_key(node: &Node, pointer: &str) -> Option<(String, String)> {
    match &node.kind {
        Kind::Object(members) => {
            if let Err(key) = key_twice(members) {
                return Some((pointer.to_owned(), key.to_owned()));
            }
            members.iter().find_map(|member| {
                let key = member.key.replace('~', "~0").replace('/', "~1");
                repeated_key(&member.value, &format!("{pointer}/{key}"))
            })
        }
        Kind::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(index, item)| repeated_key(item, &format!("{pointer}/{index}"))),
        Kind::Scalar => None,
    }
}

/// A key that an object has twice (JSON readers keep one of the two; which is theirs).
pub(super) fn key_twice(members: &[Member]) -> Result<(), &str> {
    for (index, member) in members.iter().enumerate() {
        if members[..index].iter().any(|m| m.key == member.key) {
            return Err(&member.key);
        }
    }
    Ok(())
}

/// Sorts `items` by `key`, keeping the order of equal ones: an insertion sort, since there are a
/// few dozen edits at most and the standard library's sorts would add some 10 KiB to every hook
/// binary.
fn sort_by<T>(items: &mut [T], key: impl Fn(&T) -> usize) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && key(&items[j - 1]) > key(&items[j]) {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// `text` with every `//` comment outside strings replaced by spaces, byte for byte.
fn strip_comments(text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    let mut in_string = false;
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b'\\' if in_string => at += 1,
            b'"' => in_string = !in_string,
            b'/' if !in_string && bytes.get(at + 1) == Some(&b'/') => {
                while at < bytes.len() && bytes[at] != b'\n' {
                    bytes[at] = b' ';
                    at += 1;
                }
                continue;
            }
            _ => {}
        }
        at += 1;
    }
    // Only whole comments, which start at an ASCII `/` and end before a `\n`, were blanked.
    String::from_utf8(bytes).unwrap_or_default()
}

/// `path` with each run of `/` written once (`/opt//bin/x` is `/opt/bin/x`, the same file): a
/// `//` in a `hooks.json` command would void the file (see [`slashes_in_strings`]). On Windows a
/// leading `//` (a UNC path) names another place, so it stays, and `install` refuses it.
pub(super) fn collapse_slashes(path: &std::path::Path) -> std::path::PathBuf {
    let text = path.to_string_lossy();
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_ref();
    if cfg!(windows) && text.starts_with("//") {
        out.push_str("//");
        rest = &text[2..];
    }
    for c in rest.chars() {
        if !(c == '/' && out.ends_with('/')) {
            out.push(c);
        }
    }
    std::path::PathBuf::from(out)
}

/// The lines (from 1) of `text` where a `//` sits inside a JSON string. Before parsing a
/// `hooks.json`, Cursor deletes everything from `//` to the end of the line, inside strings too
/// (spec/cursor/host.json `file_rules`), so one such `//` voids the whole file.
pub(super) fn slashes_in_strings(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let (mut lines, mut line, mut in_string, mut at) = (Vec::new(), 1, false, 0);
    while at < bytes.len() {
        match bytes[at] {
            b'\n' => line += 1,
            b'\\' if in_string => at += 1,
            b'"' => in_string = !in_string,
            b'/' if bytes.get(at + 1) == Some(&b'/') => {
                if in_string && lines.last() != Some(&line) {
                    lines.push(line);
                }
                if !in_string {
                    // A comment: skip to the end of its line.
                    while at + 1 < bytes.len() && bytes[at + 1] != b'\n' {
                        at += 1;
                    }
                }
            }
            _ => {}
        }
        at += 1;
    }
    lines
}

/// The indentation of the first indented line; two spaces for a file with none.
fn indent_unit(text: &str) -> String {
    text.lines()
        .map(|line| &line[..line.len() - line.trim_start_matches([' ', '\t']).len()])
        .find(|indent| !indent.is_empty())
        .unwrap_or("  ")
        .to_owned()
}

fn render_inline(item: &Item) -> String {
    match item {
        Item::Value(value) => inline(value),
        Item::Member(key, value) => format!("{}: {}", inline_key(key), inline(value)),
    }
}

fn inline_key(key: &str) -> String {
    json_string(key)
}

/// `text` as a JSON string.
pub(super) fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c < ' ' => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// An object's members in the order they are written: `type` and `command` first, `hooks` last
/// (so a Claude Code matcher group reads `matcher`, then `hooks`), the others by name
/// (serde_json's maps are sorted by key).
fn in_written_order(members: &Map<String, Value>) -> Vec<(&String, &Value)> {
    let rank = |key: &str| match key {
        "type" => 0,
        "command" => 1,
        "hooks" => 3,
        _ => 2,
    };
    let mut ordered: Vec<(&String, &Value)> = members.iter().collect();
    sort_by(&mut ordered, |(key, _)| rank(key));
    ordered
}

/// `value` on one line, spaced as people write it: `{ "command": "/h", "timeout": 5 }`.
pub(super) fn inline(value: &Value) -> String {
    match value {
        Value::Object(members) if !members.is_empty() => {
            let members: Vec<String> = in_written_order(members)
                .into_iter()
                .map(|(key, value)| format!("{}: {}", inline_key(key), inline(value)))
                .collect();
            format!("{{ {} }}", members.join(", "))
        }
        Value::Array(items) if !items.is_empty() => {
            let items: Vec<String> = items.iter().map(inline).collect();
            format!("[{}]", items.join(", "))
        }
        Value::String(text) => json_string(text),
        Value::Number(number) => number.to_string(),
        Value::Bool(true) => "true".to_owned(),
        Value::Bool(false) => "false".to_owned(),
        // `null`, `{}` and `[]`.
        Value::Null => "null".to_owned(),
        Value::Object(_) => "{}".to_owned(),
        Value::Array(_) => "[]".to_owned(),
    }
}

/// Records where each value of a JSON text is; the text is known to be JSON.
struct Parser<'b> {
    bytes: &'b [u8],
    at: usize,
}

impl Parser<'_> {
    fn skip_space(&mut self) {
        while self.bytes.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    fn next_is(&mut self, byte: u8) -> bool {
        self.skip_space();
        let found = self.bytes.get(self.at) == Some(&byte);
        if found {
            self.at += 1;
        }
        found
    }

    /// The value that starts here, at `depth` levels; deeper than [`TREE_DEPTH`], one
    /// [`Kind::Scalar`] spanning it whole.
    fn value(&mut self, depth: usize) -> Option<Node> {
        self.skip_space();
        let start = self.at;
        let kind = match self.bytes.get(self.at)? {
            b'{' | b'[' if depth >= TREE_DEPTH => {
                self.skip_nested()?;
                Kind::Scalar
            }
            b'{' => {
                self.at += 1;
                let mut members = Vec::new();
                if !self.next_is(b'}') {
                    loop {
                        self.skip_space();
                        let key_start = self.at;
                        self.string()?;
                        let Ok(Value::String(key)) =
                            serde_json::from_slice(&self.bytes[key_start..self.at])
                        else {
                            return None;
                        };
                        if !self.next_is(b':') {
                            return None;
                        }
                        let value = self.value(depth + 1)?;
                        members.push(Member {
                            key,
                            start: key_start,
                            value,
                        });
                        if self.next_is(b'}') {
                            break;
                        }
                        if !self.next_is(b',') {
                            return None;
                        }
                    }
                }
                Kind::Object(members)
            }
            b'[' => {
                self.at += 1;
                let mut items = Vec::new();
                if !self.next_is(b']') {
                    loop {
                        items.push(self.value(depth + 1)?);
                        if self.next_is(b']') {
                            break;
                        }
                        if !self.next_is(b',') {
                            return None;
                        }
                    }
                }
                Kind::Array(items)
            }
            b'"' => {
                self.string()?;
                Kind::Scalar
            }
            _ => {
                while self
                    .bytes
                    .get(self.at)
                    .is_some_and(|b| !b",]} \t\r\n".contains(b))
                {
                    self.at += 1;
                }
                Kind::Scalar
            }
        };
        Some(Node {
            span: start..self.at,
            kind,
        })
    }

    /// Moves past the array or object that starts here, however deep, without recursion (the
    /// text is JSON: only strings need care, for the brackets they may hold).
    fn skip_nested(&mut self) -> Option<()> {
        let mut open = 0usize;
        loop {
            match self.bytes.get(self.at)? {
                b'"' => {
                    self.string()?;
                    continue;
                }
                b'[' | b'{' => open += 1,
                b']' | b'}' => {
                    open -= 1;
                    if open == 0 {
                        self.at += 1;
                        return Some(());
                    }
                }
                _ => {}
            }
            self.at += 1;
        }
    }

    /// Moves past the string that starts here.
    fn string(&mut self) -> Option<()> {
        if self.bytes.get(self.at) != Some(&b'"') {
            return None;
        }
        self.at += 1;
        loop {
            match self.bytes.get(self.at)? {
                b'\\' => self.at += 2,
                b'"' => {
                    self.at += 1;
                    return Some(());
                }
                _ => self.at += 1,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Applies one list edit to the list at `pointer` in `text`.
    fn edit(text: &str, pointer: &[&str], removed: &[usize], appended: &[Item]) -> String {
        let (document, _) = Document::parse(text).unwrap();
        let mut node = &document.root;
        for key in pointer {
            let Kind::Object(members) = &node.kind else {
                panic!("not an object")
            };
            node = &members.iter().find(|m| m.key == *key).unwrap().value;
        }
        let mut edits = Edits::default();
        document.edit_list(&mut edits, node, removed, appended);
        let result = document.apply(edits);
        parse_value(&result).unwrap_or_else(|e| panic!("{e}:\n{result}"));
        result
    }

    fn entry(command: &str) -> Item {
        Item::Value(json!({ "command": command }))
    }

    #[test]
    fn values_are_written_as_serde_json_writes_them() {
        let value = json!({
            "command": "& 'C:\\Program Files\\h.exe' \"x\"\n\t\u{1}é",
            "list": [1, 2.5, -3, true, null, {}, []],
            "nested": { "loop_limit": null, "failClosed": false }
        });
        let (document, _) = Document::parse("{\n  \"a\": 1\n}").unwrap();
        assert_eq!(
            document.pretty(&value),
            serde_json::to_string_pretty(&value).unwrap()
        );
        let compact = serde_json::to_string(&value).unwrap();
        assert_eq!(
            serde_json::from_str::<Value>(&inline(&value)).unwrap(),
            value
        );
        assert_eq!(
            inline(&value)
                .replace(", ", ",")
                .replace(": ", ":")
                .replace("{ ", "{")
                .replace(" }", "}"),
            compact
        );
    }

    #[test]
    fn repeated_slashes_in_a_path_are_collapsed() {
        let path = std::path::Path::new("/opt//bin///x");
        assert_eq!(collapse_slashes(path), std::path::Path::new("/opt/bin/x"));
        let plain = std::path::Path::new("/opt/bin/x");
        assert_eq!(collapse_slashes(plain), plain);
    }

    #[test]
    fn slashes_inside_strings_are_found_by_line() {
        let text = "{ // a comment with \"quotes\" and http://x\n  \"a\": \"curl http://x\",\n  \"b\": \"/opt//bin\" // ok\n}";
        assert_eq!(slashes_in_strings(text), [2, 3]);
        assert!(slashes_in_strings("{ \"a\": \"x\\\"//\" }").len() == 1);
        assert!(slashes_in_strings("{ \"a\": \"/x/\" } // c").is_empty());
    }

    #[test]
    fn comments_are_blanked_outside_strings_only() {
        let text = "{ // a\n \"c\": \"http://x\" } // é";
        let stripped = strip_comments(text);
        assert_eq!(stripped.len(), text.len());
        assert_eq!(stripped, "{     \n \"c\": \"http://x\" }      ");
        assert_eq!(parse_value(text).unwrap(), json!({ "c": "http://x" }));
    }

    #[test]
    fn removing_items_one_per_line() {
        let text = "{\n  \"l\": [\n    1,\n    2, // two\n    3\n  ]\n}\n";
        assert_eq!(
            edit(text, &["l"], &[0], &[]),
            "{\n  \"l\": [\n    2, // two\n    3\n  ]\n}\n"
        );
        assert_eq!(
            edit(text, &["l"], &[1], &[]),
            "{\n  \"l\": [\n    1,\n    // two\n    3\n  ]\n}\n"
        );
        assert_eq!(
            edit(text, &["l"], &[2], &[]),
            "{\n  \"l\": [\n    1,\n    2 // two\n  ]\n}\n"
        );
        assert_eq!(
            edit(text, &["l"], &[1, 2], &[]),
            "{\n  \"l\": [\n    1\n     // two\n  ]\n}\n"
        );
        assert_eq!(
            edit(text, &["l"], &[0, 1, 2], &[]),
            "{\n  \"l\": [\n    // two\n  ]\n}\n"
        );
        assert_eq!(
            edit(
                "{\n  \"l\": [\n    1,\n    2\n  ]\n}\n",
                &["l"],
                &[0, 1],
                &[]
            ),
            "{\n  \"l\": []\n}\n"
        );
    }

    #[test]
    fn removing_items_on_one_line() {
        let text = r#"{"l": [1, 2, 3]}"#;
        assert_eq!(edit(text, &["l"], &[0], &[]), r#"{"l": [2, 3]}"#);
        assert_eq!(edit(text, &["l"], &[1], &[]), r#"{"l": [1, 3]}"#);
        assert_eq!(edit(text, &["l"], &[2], &[]), r#"{"l": [1, 2]}"#);
        assert_eq!(edit(text, &["l"], &[0, 2], &[]), r#"{"l": [2]}"#);
        assert_eq!(edit(text, &["l"], &[0, 1, 2], &[]), r#"{"l": []}"#);
    }

    #[test]
    fn removing_members_of_several_lines() {
        let text = "{\n  \"a\": [\n    1\n  ],\n  \"b\": {\n    \"c\": 2\n  }\n}";
        assert_eq!(
            edit(text, &[], &[0], &[]),
            "{\n  \"b\": {\n    \"c\": 2\n  }\n}"
        );
        assert_eq!(edit(text, &[], &[1], &[]), "{\n  \"a\": [\n    1\n  ]\n}");
    }

    #[test]
    fn appending_copies_the_layout() {
        let text = "{\n\t\"l\": [\n\t\t{ \"command\": \"a\" } // note\n\t]\n}\n";
        assert_eq!(
            edit(text, &["l"], &[], &[entry("b")]),
            "{\n\t\"l\": [\n\t\t{ \"command\": \"a\" }, // note\n\t\t{ \"command\": \"b\" }\n\t]\n}\n"
        );
        let text = "{\n\t\"l\": [\n\t\t{\n\t\t\t\"command\": \"a\"\n\t\t}\n\t]\n}\n";
        assert_eq!(
            edit(text, &["l"], &[], &[entry("b")]),
            "{\n\t\"l\": [\n\t\t{\n\t\t\t\"command\": \"a\"\n\t\t},\n\t\t{\n\t\t\t\"command\": \"b\"\n\t\t}\n\t]\n}\n"
        );
        assert_eq!(
            edit(
                "[\n  [1],\n  { \"command\": \"a\" }\n]",
                &[],
                &[],
                &[entry("b")]
            ),
            "[\n  [1],\n  { \"command\": \"a\" },\n  { \"command\": \"b\" }\n]"
        );
        assert_eq!(
            edit(r#"{"l": [{"command": "a"}]}"#, &["l"], &[], &[entry("b")]),
            r#"{"l": [{"command": "a"}, { "command": "b" }]}"#
        );
        assert_eq!(
            edit("{\r\n  \"l\": []\r\n}", &["l"], &[], &[entry("b")]),
            "{\r\n  \"l\": [\r\n    {\r\n      \"command\": \"b\"\r\n    }\r\n  ]\r\n}"
        );
        assert_eq!(
            edit(
                r#"{"a": 1}"#,
                &[],
                &[],
                &[Item::Member("v".into(), json!(1))]
            ),
            r#"{"a": 1, "v": 1}"#
        );
    }

    #[test]
    fn removing_the_last_items_and_appending_in_one_edit() {
        let text = "{\n  \"a\": 1,\n  \"x\": 2,\n  \"y\": 3\n}\n";
        assert_eq!(
            edit(text, &[], &[1, 2], &[Item::Member("z".into(), json!(4))]),
            "{\n  \"a\": 1,\n  \"z\": 4\n}\n"
        );
        let text = "{\n  \"x\": 2\n}\n";
        assert_eq!(
            edit(text, &[], &[0], &[Item::Member("z".into(), json!(4))]),
            "{\n  \"z\": 4\n}\n"
        );
    }

    #[test]
    fn appended_then_removed_gives_the_text_back() {
        for text in [
            "{\n  \"l\": [\n    1 // one\n  ]\n}\n",
            "{\"l\": [1]}",
            "{\n  \"l\": [\n    1\n  ]\n}\n",
        ] {
            let added = edit(text, &["l"], &[], &[entry("b")]);
            assert_eq!(edit(&added, &["l"], &[1], &[]), text, "{added}");
        }
    }

    /// A small deterministic generator (xorshift), for the layout fuzz below.
    struct Random(u64);

    impl Random {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// Every array and object of `node`, with its JSON pointer.
    fn lists<'n>(node: &'n Node, pointer: String, out: &mut Vec<(String, &'n Node)>) {
        match &node.kind {
            Kind::Object(members) => {
                out.push((pointer.clone(), node));
                for member in members {
                    lists(&member.value, format!("{pointer}/{}", member.key), out);
                }
            }
            Kind::Array(items) => {
                out.push((pointer.clone(), node));
                for (i, item) in items.iter().enumerate() {
                    lists(item, format!("{pointer}/{i}"), out);
                }
            }
            Kind::Scalar => {}
        }
    }

    /// Random hooks files in several layouts, with comments at line ends and on lines of
    /// their own; random items removed from and added to a random list: the result is what the
    /// same change makes of the value, and every comment outside the removed items is kept.
    #[test]
    fn random_edits_of_random_layouts_mean_what_they_say() {
        let mut random = Random(0x9e37_79b9_7f4a_7c15);
        for round in 0..3000 {
            let mut hooks = serde_json::Map::new();
            for event in 0..random.below(4) {
                let entries: Vec<Value> = (0..random.below(4))
                    .map(|n| match random.below(3) {
                        0 => json!({ "command": format!("/h/{n}") }),
                        1 => json!({ "command": format!("/h/{n}"), "timeout": n }),
                        _ => json!([]),
                    })
                    .collect();
                hooks.insert(format!("e{event}"), Value::Array(entries));
            }
            let value = json!({ "version": 1, "hooks": hooks.clone() });
            let mut text = match random.below(5) {
                0 => value.to_string(),
                // One event a line, as `print-config` writes it.
                4 => {
                    let events: Vec<String> = hooks
                        .iter()
                        .map(|(event, list)| {
                            format!("    {}: {}", json_string(event), inline(list))
                        })
                        .collect();
                    format!(
                        "{{\n  \"version\": 1,\n  \"hooks\": {{\n{}\n  }}\n}}\n",
                        events.join(",\n")
                    )
                }
                1 => serde_json::to_string_pretty(&value).unwrap(),
                2 => serde_json::to_string_pretty(&value)
                    .unwrap()
                    .replace("  ", "\t"),
                _ => serde_json::to_string_pretty(&value)
                    .unwrap()
                    .replace('\n', "\r\n"),
            };
            let mut comments = 0;
            if text.contains('\n') {
                let lines: Vec<String> = text
                    .split('\n')
                    .map(|line| {
                        let (line, cr) = match line.strip_suffix('\r') {
                            Some(line) => (line, "\r"),
                            None => (line, ""),
                        };
                        let mut out = String::new();
                        if random.below(4) == 0 {
                            comments += 1;
                            out.push_str(&format!("// own line c{comments}\n"));
                        }
                        out.push_str(line);
                        if random.below(3) == 0 {
                            comments += 1;
                            out.push_str(&format!(" // end c{comments}"));
                        }
                        out.push_str(cr);
                        out
                    })
                    .collect();
                text = lines.join("\n");
            }
            let (document, before) = Document::parse(&text).unwrap();
            let mut found = Vec::new();
            lists(&document.root, String::new(), &mut found);
            let (pointer, list) = &found[random.below(found.len())];
            let length = match &list.kind {
                Kind::Object(members) => members.len(),
                Kind::Array(items) => items.len(),
                Kind::Scalar => unreachable!(),
            };
            let removed: Vec<usize> = (0..length).filter(|_| random.below(3) == 0).collect();
            let appended: Vec<Item> = (0..random.below(3))
                .map(|n| match &list.kind {
                    Kind::Object(_) => {
                        Item::Member(format!("new{n}"), json!({ "command": "/new" }))
                    }
                    _ => Item::Value(json!({ "command": format!("/new/{n}") })),
                })
                .collect();
            let mut expected = before.clone();
            match expected.pointer_mut(pointer).unwrap() {
                Value::Object(members) => {
                    let keys: Vec<String> = match &list.kind {
                        Kind::Object(members) => members.iter().map(|m| m.key.clone()).collect(),
                        _ => unreachable!(),
                    };
                    for &i in &removed {
                        members.remove(&keys[i]);
                    }
                    for item in &appended {
                        if let Item::Member(key, value) = item {
                            members.insert(key.clone(), value.clone());
                        }
                    }
                }
                Value::Array(items) => {
                    for &i in removed.iter().rev() {
                        items.remove(i);
                    }
                    for item in &appended {
                        if let Item::Value(value) = item {
                            items.push(value.clone());
                        }
                    }
                }
                _ => unreachable!(),
            }
            let mut edits = Edits::default();
            document.edit_list(&mut edits, list, &removed, &appended);
            let result = document.apply(edits);
            let context = format!(
                "round {round}, {pointer} -{removed:?} +{}:\n{text}\n=>\n{result}",
                appended.len()
            );
            let after = parse_value(&result).unwrap_or_else(|e| panic!("{e}: {context}"));
            assert_eq!(after, expected, "{context}");
            // Comments inside a removed item go with it; all others stay.
            let spans: Vec<Range<usize>> = match &list.kind {
                Kind::Object(members) => {
                    members.iter().map(|m| m.start..m.value.span.end).collect()
                }
                Kind::Array(items) => items.iter().map(|item| item.span.clone()).collect(),
                Kind::Scalar => unreachable!(),
            };
            for n in 1..=comments {
                for form in [format!("// own line c{n}\n"), format!(" // end c{n}")] {
                    let Some(at) = text.find(&form) else { continue };
                    let inside_removed = removed.iter().any(|&i| spans[i].contains(&at));
                    let kept = result.contains(form.trim());
                    assert!(inside_removed || kept, "c{n} lost: {context}");
                }
            }
        }
    }
}
