//! A typed model of `spec/claude-code/events.json` and the part of `spec/claude-code/host.json`
//! the runtime needs (Cursor's event and tool maps), described in `spec/claude-code/SCHEMA.md`.
//!
//! The schema itself (every key, closed sets, cited sources) is checked by
//! `codegen/tests/claude_spec.rs`; this model reads what the generators use. Input fields are
//! turned into the Cursor model's [`InputField`] so that both hosts' payload types come from one
//! set of templates (`events.rs`).

use crate::model::{citations_of, InputField, InputType, Source};
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// `spec/claude-code/events.json`, with `host.json`'s Cursor maps.
#[derive(Debug)]
pub struct ClaudeSpec {
    /// Source key → its readable name.
    pub sources: BTreeMap<String, Source>,
    /// The fields every event carries.
    pub common_fields: Vec<InputField>,
    /// The top-level answer keys every event accepts.
    pub universal_response: Vec<ResponseField>,
    /// Every event, in the spec's order.
    pub events: Vec<ClaudeEvent>,
    /// host.json `cursor.event_map`: Claude event → the Cursor event Cursor runs it as.
    pub cursor_event_map: BTreeMap<String, String>,
    /// host.json `cursor.tool_map`: Claude tool → Cursor tool, in file order.
    pub cursor_tool_map: Vec<(String, String)>,
}

#[derive(Deserialize)]
struct EventsFile {
    sources: BTreeMap<String, Source>,
    common_fields: Vec<RawInput>,
    universal_response: Vec<ResponseField>,
    events: Vec<RawEvent>,
}

#[derive(Deserialize)]
struct RawEvent {
    name: String,
    #[serde(rename = "type")]
    ty: String,
    category: String,
    can_block: bool,
    fires: String,
    notes: String,
    documented: bool,
    since: String,
    timeout_seconds: Option<f64>,
    exit_2: String,
    matcher_subject: Option<String>,
    source: String,
    input: Vec<RawInput>,
    response: RawResponse,
}

#[derive(Deserialize)]
struct RawInput {
    name: String,
    #[serde(rename = "type")]
    ty: String,
    optional: bool,
    #[serde(default)]
    example: Option<Value>,
    #[serde(default)]
    absent_on: Vec<String>,
    doc: String,
    source: String,
}

#[derive(Deserialize)]
struct RawResponse {
    decision: Option<Decision>,
    hook_specific: Vec<ResponseField>,
}

/// The top-level `decision` an event reads.
#[derive(Debug, Clone, Deserialize)]
pub struct Decision {
    /// The closed set of decisions (`block`).
    pub values: Vec<String>,
    /// Who reads the reason: `claude` or `user`.
    pub reason_to: String,
    /// Where it comes from.
    pub source: String,
}

/// One answer key.
#[derive(Debug, Clone, Deserialize)]
pub struct ResponseField {
    /// The Rust field name (`r#continue` for the keyword).
    pub name: String,
    /// The key written on stdout.
    pub wire: String,
    /// Its JSON shape: string, bool, string_list, json, enum, object, permission_updates.
    #[serde(rename = "type")]
    pub ty: String,
    /// `enum` only: the closed set.
    #[serde(default)]
    pub values: Vec<String>,
    /// `object` only: a typed sub-object.
    #[serde(default)]
    pub fields: Vec<ResponseField>,
    /// When later than the event.
    #[serde(default)]
    pub since: Option<String>,
    /// One sentence.
    pub doc: String,
    /// Where it comes from.
    pub source: String,
}

/// One Claude Code event.
#[derive(Debug)]
pub struct ClaudeEvent {
    /// The PascalCase name (`hook_event_name`, the settings key).
    pub name: String,
    /// The Rust input type; the response type is `<type>Response`.
    pub ty: String,
    /// The category, as written in the spec (`permission`, `block`, ...).
    pub category: String,
    /// Whether a hook can stop or change the action.
    pub can_block: bool,
    /// When it fires.
    pub fires: String,
    /// Caveats.
    pub notes: String,
    /// In the official docs (false: seen only in the binary).
    pub documented: bool,
    /// The first version with it.
    pub since: String,
    /// The event's own default timeout in seconds.
    pub timeout_seconds: Option<f64>,
    /// What exit 2 does.
    pub exit_2: String,
    /// What the matcher tests.
    pub matcher_subject: Option<String>,
    /// Where its description comes from.
    pub source: String,
    /// The event's own input fields.
    pub input: Vec<InputField>,
    /// The top-level `decision`, if it reads one.
    pub decision: Option<Decision>,
    /// The keys inside `hookSpecificOutput`.
    pub hook_specific: Vec<ResponseField>,
    /// The Cursor event Cursor runs it as (host.json `cursor.event_map`).
    pub cursor_event: Option<String>,
}

impl ClaudeEvent {
    /// Whether the handler answers `()`: Claude Code reads nothing from it.
    pub fn is_observe(&self) -> bool {
        self.category == "observe"
    }

    /// The Rust response type: `<type>Response`, or `()` on observe events.
    pub fn response_ty(&self) -> String {
        if self.is_observe() {
            "()".to_owned()
        } else {
            format!("{}Response", self.ty)
        }
    }

    /// The runtime's `Category` variant.
    pub fn category_variant(&self) -> String {
        crate::write::upper_camel(&self.category)
    }

    /// The `hookSpecificOutput` field named `name`.
    pub fn specific(&self, name: &str) -> Option<&ResponseField> {
        self.hook_specific.iter().find(|field| field.name == name)
    }
}

/// The Cursor model's input type for a Claude input field: `tool_input` is a [`ToolInput`]
/// like Cursor's (an object, read key by key), other objects are JSON maps.
fn input_type(name: &str, ty: &str) -> Result<InputType, String> {
    Ok(match ty {
        "string" => InputType::String,
        "bool" => InputType::Bool,
        "integer" => InputType::Integer,
        "number" => InputType::Number,
        "string_list" => InputType::StringList,
        "string_map" => InputType::StringMap,
        "json" => InputType::Json,
        "object" if name == "tool_input" => InputType::ToolInput,
        "object" => InputType::Object,
        "object_list" => InputType::ObjectList,
        other => return Err(format!("input field `{name}`: unknown type `{other}`")),
    })
}

fn input_field(raw: RawInput) -> Result<InputField, String> {
    Ok(InputField {
        ty: input_type(&raw.name, &raw.ty)?,
        name: raw.name,
        optional: raw.optional,
        absent_on: raw.absent_on,
        aliases: Vec::new(),
        example: raw.example,
        doc: raw.doc,
        source: raw.source,
    })
}

#[derive(Deserialize)]
struct HostFile {
    cursor: CursorPart,
}

#[derive(Deserialize)]
struct CursorPart {
    event_map: BTreeMap<String, String>,
    tool_map: serde_json::Map<String, Value>,
}

/// Reads `spec/claude-code/events.json` and `host.json` under `root`.
pub fn load(root: &Path) -> Result<ClaudeSpec, String> {
    let read = |name: &str| {
        let path = root.join("spec/claude-code").join(name);
        std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))
    };
    let file: EventsFile = serde_json::from_str(&read("events.json")?)
        .map_err(|e| format!("spec/claude-code/events.json: {e}"))?;
    let host: HostFile = serde_json::from_str(&read("host.json")?)
        .map_err(|e| format!("spec/claude-code/host.json: {e}"))?;
    let mut events = Vec::new();
    for raw in file.events {
        let input = raw
            .input
            .into_iter()
            .map(input_field)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("{}: {e}", raw.name))?;
        events.push(ClaudeEvent {
            cursor_event: host.cursor.event_map.get(&raw.name).cloned(),
            name: raw.name,
            ty: raw.ty,
            category: raw.category,
            can_block: raw.can_block,
            fires: raw.fires,
            notes: raw.notes,
            documented: raw.documented,
            since: raw.since,
            timeout_seconds: raw.timeout_seconds,
            exit_2: raw.exit_2,
            matcher_subject: raw.matcher_subject,
            source: raw.source,
            input,
            decision: raw.response.decision,
            hook_specific: raw.response.hook_specific,
        });
    }
    let cursor_tool_map = host
        .cursor
        .tool_map
        .into_iter()
        .map(|(claude, cursor)| match cursor {
            Value::String(cursor) => Ok((claude, cursor)),
            other => Err(format!(
                "host.json cursor.tool_map.{claude}: {other} is not a string"
            )),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(ClaudeSpec {
        sources: file.sources,
        common_fields: file
            .common_fields
            .into_iter()
            .map(input_field)
            .collect::<Result<_, _>>()?,
        universal_response: file.universal_response,
        events,
        cursor_event_map: host.cursor.event_map,
        cursor_tool_map,
    })
}

impl ClaudeSpec {
    /// A `source` string in words (see [`crate::model::Spec::readable`]).
    pub fn readable(&self, source: &str) -> String {
        citations_of(source)
            .map(|citation| {
                let name = self
                    .sources
                    .get(citation.key)
                    .map_or(citation.key, |source| &source.name);
                if citation.detail.is_empty() {
                    name.to_owned()
                } else {
                    format!("{name}, {}", citation.detail)
                }
            })
            .collect::<Vec<_>>()
            .join("; ")
    }
}
