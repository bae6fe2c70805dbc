//! Cursor running Claude entries (its import of `.claude/settings*.json`): reading the payload
//! Cursor sends into a Claude input type, and the forms Cursor reads back. The facts come from
//! `spec/claude-code/host.json` (`cursor`); none is verified against a real Cursor.

use super::event::ValueKind;
use super::response::PreToolUseResponse;
use super::Event;
use crate::cursor::render::{render, RenderContext};
use crate::cursor::version::CursorVersion;
use crate::de::Key;
use crate::render::Rendered;
use serde_json::value::RawValue;

/// What a Cursor payload says beyond the Claude input: what rendering needs.
pub(crate) struct CursorPayload<E> {
    /// The Claude input.
    pub(crate) input: E,
    /// One note per field Cursor sent in a type Claude Code's has not, read as absent.
    pub(crate) ignored: Vec<String>,
    /// `cursor_version`.
    pub(crate) version: CursorVersion,
    /// Whether it has a `model` (the 1.7 format rule).
    pub(crate) has_model: bool,
    /// The Cursor event name it carried.
    pub(crate) event: String,
}

/// Why a payload Cursor sent cannot be read for a Claude entry.
pub(crate) enum Unread {
    /// Not the JSON of a payload object.
    Json(serde_json::Error),
    /// Its tool has no Claude Code name the handler would recognise: answered by the failure
    /// policy, never as a tool the guard does not know.
    Tool(String),
}

/// Reads a payload Cursor sent for a Claude entry of `E` whose matcher is `matcher`: the event
/// and tool names mapped back (the tool by the name in `matcher` that Cursor translated to it),
/// `cwd` from `cwd` or `workspace_roots[0]`, `session_id` from `session_id` or
/// `conversation_id`, `stop_hook_active` from `loop_count > 0`, and every other required field
/// Cursor lacks, or sends in another type where its own event has it optional, read as empty
/// or zero. Cursor's own keys stay in `extra`.
///
/// Read as the native path reads: the top level is rewritten key by key into the JSON text of
/// the Claude payload (each value kept as the text Cursor sent, never built into a tree), which
/// the event's own parser then reads. Memory stays a small multiple of the payload, unknown data
/// may nest as deep as it likes, and a lone surrogate reads as U+FFFD, as everywhere.
pub(crate) fn read<E: Event>(
    payload: &[u8],
    matcher: Option<&'static str>,
) -> Result<CursorPayload<E>, Unread> {
    read_text::<E>(payload, matcher).or_else(|error| match error {
        Unread::Json(error) => match crate::lossy::without_lone_surrogates(payload) {
            Some(repaired) => read_text::<E>(&repaired, matcher),
            None => Err(Unread::Json(error)),
        },
        tool => Err(tool),
    })
}

fn read_text<E: Event>(
    payload: &[u8],
    matcher: Option<&'static str>,
) -> Result<CursorPayload<E>, Unread> {
    use serde::de::DeserializeSeed;
    let mut deserializer = serde_json::Deserializer::from_slice(payload);
    let rewritten = Rewrite {
        required: E::REQUIRED,
        cursor_required: E::CURSOR_REQUIRED,
        matcher,
        name: E::NAME,
        capacity: payload.len() + 256,
    }
    .deserialize(&mut deserializer)
    .map_err(Unread::Json)?;
    deserializer.end().map_err(Unread::Json)?;
    if let Some(tool) = rewritten.unmapped_tool {
        return Err(Unread::Tool(unmapped(&tool, matcher)));
    }
    let input = serde_json::from_slice(rewritten.text.as_bytes()).map_err(Unread::Json)?;
    Ok(CursorPayload {
        input,
        ignored: rewritten.ignored,
        version: rewritten.version,
        has_model: rewritten.has_model,
        event: rewritten.event,
    })
}

/// Why a Cursor tool name has no Claude Code name for this handler.
fn unmapped(tool: &str, matcher: Option<&str>) -> String {
    let tool: String = tool.chars().take(80).collect();
    match matcher {
        Some(matcher) => format!(
            "Cursor's tool `{tool}` matches no name of this handler's matcher `{matcher}` and has no Claude Code name"
        ),
        None => format!("Cursor's tool `{tool}` has no Claude Code name"),
    }
}

/// Rewrites Cursor's payload object into the Claude payload of the event `name`.
struct Rewrite {
    required: &'static [(&'static str, ValueKind)],
    /// What Cursor's own event always sends (`Event::CURSOR_REQUIRED`).
    cursor_required: &'static [&'static str],
    /// The handler's matcher, whose names Cursor translated to its own tools.
    matcher: Option<&'static str>,
    name: &'static str,
    capacity: usize,
}

/// The Claude payload's text, and what rendering needs of Cursor's.
struct Rewritten {
    text: String,
    event: String,
    version: CursorVersion,
    has_model: bool,
    /// Notes on fields read as absent for their type.
    ignored: Vec<String>,
    /// A `tool_name` with no Claude Code name for this handler.
    unmapped_tool: Option<String>,
}

/// The keys whose value is written at the end, from what the whole payload says.
const REPLACED: [&str; 3] = ["hook_event_name", "cwd", "session_id"];

impl<'de> serde::de::DeserializeSeed<'de> for Rewrite {
    type Value = Rewritten;
    fn deserialize<D: serde::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Rewritten, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> serde::de::Visitor<'de> for Rewrite {
    type Value = Rewritten;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a payload object")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Rewritten, A::Error> {
        let mut text = String::with_capacity(self.capacity);
        text.push('{');
        let mut event = String::new();
        let mut version = CursorVersion::Missing;
        let mut has_model = false;
        let (mut cwd, mut session, mut conversation, mut root) = (None, None, None, None);
        let mut loop_count = None;
        let mut ignored = Vec::new();
        let mut unmapped_tool = None;
        // Keys held back (replaced, or null where a value is required), and required keys
        // written with a value.
        let mut held: Vec<String> = Vec::new();
        let mut written: Vec<&'static str> = Vec::new();
        while let Some(Key(key)) = map.next_key()? {
            let raw: Box<RawValue> = map.next_value()?;
            let value = raw.get();
            let required = self.required.iter().find(|(name, _)| *name == key);
            // A field Cursor's own event has optional, in a type Claude Code's has not, is read
            // as absent (and then as empty or zero), as an optional field is on the native path.
            let drifted = match required {
                Some((_, kind)) => !self.cursor_required.contains(&&*key) && !is_kind(value, *kind),
                None => key == "transcript_path" && !is_kind(value, ValueKind::String),
            };
            if drifted && value != "null" {
                ignored.push(format!(
                    "{}: `{key}` is not {}: ignored",
                    self.name,
                    kind_name(required.map_or(ValueKind::String, |(_, kind)| *kind))
                ));
            }
            // `null` where Cursor's own event requires a value is as bad a payload here as on
            // Cursor's own path; elsewhere it is a field Cursor left empty.
            let optional = match required {
                Some(_) => !self.cursor_required.contains(&&*key),
                None => key == "transcript_path",
            };
            let hold = REPLACED.contains(&&*key) || drifted || (value == "null" && optional);
            if hold {
                if held.iter().any(|seen| *seen == key) {
                    return Err(crate::de::repeated(&key));
                }
                held.push(key.clone().into_owned());
            }
            match &*key {
                "hook_event_name" => event = string(&raw).unwrap_or_default(),
                "cwd" => cwd = string(&raw),
                "session_id" => session = string(&raw),
                "conversation_id" => conversation = string(&raw),
                "workspace_roots" => root = first_string(&raw),
                "cursor_version" => {
                    version =
                        string(&raw).map_or(CursorVersion::Missing, |v| CursorVersion::parse(&v));
                }
                "model" => has_model = value != "null",
                "loop_count" => loop_count = serde_json::from_slice::<u64>(value.as_bytes()).ok(),
                _ => {}
            }
            if hold {
                continue;
            }
            match required {
                Some((name, _)) => written.push(name),
                None if key == "transcript_path" => written.push("transcript_path"),
                None => {}
            }
            let mapped = match (key == "tool_name").then(|| string(&raw)).flatten() {
                Some(tool) => match claude_tool(&tool, self.matcher) {
                    Some(claude) => Some(claude),
                    None => {
                        unmapped_tool = Some(tool);
                        None
                    }
                },
                None => None,
            };
            let value = match mapped {
                Some(claude) => quoted(&claude),
                None => raw.get().to_owned(),
            };
            push_member(&mut text, &key, &value);
        }
        let cwd = cwd
            .filter(|cwd| !cwd.is_empty())
            .or_else(|| root.map(|root| crate::cursor::native_path(&root).to_owned()));
        let session = session
            .filter(|id| !id.is_empty())
            .or(conversation.filter(|id| !id.is_empty()));
        push_member(&mut text, "hook_event_name", &quoted(self.name));
        push_member(&mut text, "cwd", &quoted(&cwd.unwrap_or_default()));
        push_member(
            &mut text,
            "session_id",
            &quoted(&session.unwrap_or_default()),
        );
        written.extend(["hook_event_name", "cwd", "session_id"]);
        if !written.contains(&"transcript_path") {
            push_member(&mut text, "transcript_path", "\"\"");
            written.push("transcript_path");
        }
        let stop_hook_active = "stop_hook_active";
        let absent = !held.iter().any(|key| key == stop_hook_active);
        if absent
            && !written.contains(&stop_hook_active)
            && self.required.iter().any(|(k, _)| *k == stop_hook_active)
        {
            let active = loop_count.is_some_and(|count| count > 0);
            push_member(
                &mut text,
                stop_hook_active,
                if active { "true" } else { "false" },
            );
            written.push(stop_hook_active);
        }
        for (key, kind) in self.required {
            if !written.contains(key) {
                push_member(&mut text, key, zero(*kind));
            }
        }
        text.push('}');
        Ok(Rewritten {
            text,
            event,
            version,
            has_model,
            ignored,
            unmapped_tool,
        })
    }
}

/// `"key":value` after the members so far.
pub(super) fn push_member(text: &mut String, key: &str, value: &str) {
    if !text.ends_with('{') {
        text.push(',');
    }
    text.push_str(&quoted(key));
    text.push(':');
    text.push_str(value);
}

/// `text` as a JSON string.
pub(super) fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| "\"\"".to_owned())
}

/// The value when it is a string.
pub(super) fn string(raw: &RawValue) -> Option<String> {
    let value = raw.get();
    if !value.starts_with('"') {
        return None;
    }
    // `from_slice`, as everywhere in the runtime: one instance of serde_json's reader.
    serde_json::from_slice(value.as_bytes()).ok()
}

/// The first element of a list when it is a string; the rest is skipped, not built.
fn first_string(raw: &RawValue) -> Option<String> {
    struct First;
    impl<'de> serde::de::Visitor<'de> for First {
        type Value = Option<String>;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a list")
        }
        fn visit_seq<S: serde::de::SeqAccess<'de>>(
            self,
            mut seq: S,
        ) -> Result<Option<String>, S::Error> {
            let first = seq.next_element::<Box<RawValue>>()?;
            while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {}
            Ok(first.and_then(|first| string(&first)))
        }
    }
    let mut deserializer = serde_json::Deserializer::from_slice(raw.get().as_bytes());
    serde::Deserializer::deserialize_seq(&mut deserializer, First)
        .ok()
        .flatten()
}

/// Whether a JSON value's text is of `kind`.
fn is_kind(value: &str, kind: ValueKind) -> bool {
    let number = || value.starts_with(|c: char| c == '-' || c.is_ascii_digit());
    match kind {
        ValueKind::String => value.starts_with('"'),
        ValueKind::Bool => value == "true" || value == "false",
        ValueKind::Integer => number() && !value.contains(['.', 'e', 'E']),
        ValueKind::Number => number(),
        ValueKind::List => value.starts_with('['),
        ValueKind::Object => value.starts_with('{'),
        ValueKind::Json => true,
    }
}

/// A kind as a stderr line names it.
fn kind_name(kind: ValueKind) -> &'static str {
    match kind {
        ValueKind::String => "a string",
        ValueKind::Bool => "a boolean",
        ValueKind::Integer => "a whole number",
        ValueKind::Number => "a number",
        ValueKind::List => "a list",
        ValueKind::Object => "an object",
        ValueKind::Json => "JSON",
    }
}

pub(super) fn zero(kind: ValueKind) -> &'static str {
    match kind {
        ValueKind::String => "\"\"",
        ValueKind::Bool => "false",
        ValueKind::Integer | ValueKind::Number => "0",
        ValueKind::List => "[]",
        ValueKind::Object => "{}",
        ValueKind::Json => "null",
    }
}

/// A Claude `PreToolUse` answer as Cursor's own `preToolUse` answer, rendered by Cursor's rules
/// (`ask` sent as `deny`, with a note): `permission` from `permissionDecision` (`defer` is no
/// opinion), the reason as `user_message` (and as `agent_message` on a deny, which Claude Code
/// shows to the model), `updated_input`. Cursor's schema has no other key, so
/// `additionalContext` and the top-level keys are left out, each with a note.
pub(crate) fn pre_tool_use(answer: &PreToolUseResponse, ctx: RenderContext<'_>) -> Rendered {
    use super::response::PermissionDecision;
    use crate::cursor::response::PreToolUseResponse as Cursor;
    let reason = answer.permission_decision_reason.clone();
    let mut cursor = match (answer.permission_decision, reason.clone()) {
        (Some(PermissionDecision::Deny), Some(reason)) => {
            Cursor::deny(reason.clone()).agent_message(reason)
        }
        (Some(PermissionDecision::Deny), None) => Cursor::deny(String::new()),
        (Some(PermissionDecision::Ask), reason) => Cursor::ask(reason.unwrap_or_default()),
        (Some(PermissionDecision::Allow), reason) => {
            let allow = Cursor::allow();
            match reason {
                Some(reason) => allow.user_message(reason),
                None => allow,
            }
        }
        (Some(PermissionDecision::Defer) | None, _) => Cursor::default(),
    };
    if let Some(input) = &answer.updated_input {
        cursor = cursor.updated_input(input.clone());
    }
    let mut rendered = render(&cursor, ctx);
    let dropped: Vec<&str> = [
        ("additionalContext", answer.additional_context.is_some()),
        ("continue", answer.r#continue.is_some()),
        ("stopReason", answer.stop_reason.is_some()),
        ("suppressOutput", answer.suppress_output.is_some()),
        ("systemMessage", answer.system_message.is_some()),
        ("terminalSequence", answer.terminal_sequence.is_some()),
    ]
    .into_iter()
    .filter_map(|(key, set)| set.then_some(key))
    .collect();
    for key in dropped {
        rendered.stderr.push(format!(
            "`{key}` left out: Cursor's preToolUse answer has no such key"
        ));
    }
    rendered
}

/// The Claude Code tool Cursor's `tool` stands for, for a handler whose matcher is `matcher`.
///
/// Cursor's import translates each `|`-separated name of the matcher to its own tool
/// (`spec/claude-code/host.json`, `cursor.tool_map`: `Edit` is `Write`, `mcp__server__tool` is
/// `MCP:tool`) and runs the handler when one matches, so the name that translates to `tool` is
/// the one the guard wrote. Without such a name: `tool_map` read backwards (a tool of the same
/// name wins), else the name itself when Claude Code has a tool of that name.
fn claude_tool(tool: &str, matcher: Option<&str>) -> Option<String> {
    // A name spelled as Cursor's tool first: `Edit|Write` reads Cursor's `Write` as `Write`.
    let by_matcher = matcher.and_then(|matcher| {
        let names = || matcher.split('|').map(str::trim);
        names()
            .find(|name| *name == tool)
            .map(str::to_owned)
            .or_else(|| names().find_map(|name| from_matcher_name(name, tool)))
    });
    let map = cursor_hooks_spec::claude::TOOL_MAP;
    by_matcher.or_else(|| {
        map.iter()
            .find(|(claude, cursor)| claude == cursor && *cursor == tool)
            .or_else(|| map.iter().find(|(_, cursor)| *cursor == tool))
            .map(|(claude, _)| (*claude).to_owned())
            .or_else(|| crate::names::contains(&TOOLS, tool).then(|| tool.to_owned()))
    })
}

/// Claude Code's tool names, packed: the table would cost a relocation per name at every start.
const TOOLS: [u8; crate::names::packed_len(cursor_hooks_spec::claude::TOOLS)] =
    crate::names::pack(cursor_hooks_spec::claude::TOOLS);

/// The Claude Code tool one name of a matcher stands for when Cursor translated it to `tool`.
fn from_matcher_name(name: &str, tool: &str) -> Option<String> {
    if let Some(rest) = name.strip_prefix("mcp__") {
        let (server, wanted) = rest.split_once("__")?;
        let called = tool.strip_prefix("MCP:")?;
        let literal = |text: &str| {
            !text.is_empty()
                && text
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
        };
        // A pattern for the tool part (`mcp__github__.*`): Cursor ran the handler because it
        // matched, and the server is the one the matcher names.
        return (literal(server) && (wanted == called || !literal(wanted)))
            .then(|| format!("mcp__{server}__{called}"));
    }
    let cursor = cursor_hooks_spec::claude::cursor_import_tool(name);
    (cursor.as_deref() == Some(tool)).then(|| name.to_owned())
}

#[cfg(test)]
mod tests {
    #[test]
    fn cursor_tools_read_back_as_claude_tools() {
        let tool = |tool, matcher| super::claude_tool(tool, matcher);
        assert_eq!(tool("Shell", None).as_deref(), Some("Bash"));
        // `Edit` and `Write` are both Cursor's `Write`: the tool of the same name wins, unless
        // the matcher names `Edit` alone.
        assert_eq!(tool("Write", None).as_deref(), Some("Write"));
        assert_eq!(tool("Write", Some("Edit")).as_deref(), Some("Edit"));
        assert_eq!(tool("Write", Some("Bash|Edit")).as_deref(), Some("Edit"));
        assert_eq!(tool("Write", Some("Edit|Write")).as_deref(), Some("Write"));
        assert_eq!(tool("Read", None).as_deref(), Some("Read"));
        assert_eq!(tool("WebFetch", None).as_deref(), Some("WebFetch"));
        assert_eq!(tool("MCP:echo", None), None);
        assert_eq!(
            tool(
                "MCP:merge_pull_request",
                Some("mcp__github__merge_pull_request")
            )
            .as_deref(),
            Some("mcp__github__merge_pull_request")
        );
        assert_eq!(
            tool("MCP:merge_pull_request", Some("Bash|mcp__github__.*")).as_deref(),
            Some("mcp__github__merge_pull_request")
        );
        assert_eq!(
            tool("MCP:echo", Some("mcp__github__merge_pull_request")),
            None
        );
        assert_eq!(tool("Delete", Some("Bash")), None);
    }

    #[test]
    fn kinds_are_read_from_the_values_text() {
        use super::{is_kind, ValueKind};
        assert!(is_kind("\"id\"", ValueKind::String));
        assert!(!is_kind("7", ValueKind::String));
        assert!(is_kind("-3", ValueKind::Integer));
        assert!(!is_kind("1.5", ValueKind::Integer));
        assert!(is_kind("1e3", ValueKind::Number));
        assert!(is_kind("{}", ValueKind::Object));
        assert!(!is_kind("[]", ValueKind::Object));
    }
}
