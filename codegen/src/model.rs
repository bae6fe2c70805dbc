//! A typed model of `spec/cursor/events.json` and `spec/cursor/compat.json` (described in `spec/SCHEMA.md`).
//!
//! Every struct denies unknown keys and every key the schema requires must be present (a
//! nullable key is written `null`, not left out), so a typo in the spec fails here instead of
//! silently producing a default.

use serde::{Deserialize, Deserializer};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// `spec/cursor/events.json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spec {
    /// Source key → its readable name and what it is.
    pub sources: BTreeMap<String, Source>,
    /// The fields every event carries.
    pub common_fields: Vec<InputField>,
    /// Every event, in the spec's order.
    pub events: Vec<Event>,
}

/// One source the spec cites.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    /// A readable name, used in the generated docs ("the official Cursor hooks docs (Aug 2026)").
    pub name: String,
    /// What it is and where, one line.
    pub about: String,
}

/// One event.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Event {
    /// The wire name (`hook_event_name`, the hooks.json key).
    pub name: String,
    /// The Rust input type's name; the response type is `<type>Response`.
    #[serde(rename = "type")]
    pub ty: String,
    /// What kind of answer it accepts.
    pub category: Category,
    /// Whether a hook can block the action.
    pub can_block: bool,
    /// When Cursor runs it (one sentence).
    pub fires: String,
    /// Caveats a hook author must know (may be empty).
    pub notes: String,
    /// What hooks.json `matcher` is tested against, or `None` when the event has no subject.
    #[serde(deserialize_with = "nullable")]
    pub matcher_subject: Option<String>,
    /// The closed set of subject strings (every spelling seen); empty when open or no subject.
    pub matcher_values: Vec<String>,
    /// The prefix of subjects beyond the closed set (`MCP:`), if any.
    #[serde(deserialize_with = "nullable")]
    pub matcher_open_prefix: Option<String>,
    /// Where the subject comes from: `{"field": "<payload key>"}`, `{"fixed": "<string>"}` or
    /// `{"prefixed": {"field": "<payload key>", "prefix": "MCP:"}}`; `None` exactly when
    /// `matcher_subject` is.
    #[serde(deserialize_with = "nullable")]
    pub matcher_from: Option<MatcherFrom>,
    /// The first version with the event.
    pub since: String,
    /// Surfaces where it does not fire (`cloud`, `cli-print`, `cli`).
    pub not_in: Vec<String>,
    /// Where the event's description comes from.
    pub source: String,
    /// The event's own input fields (not the common ones).
    pub input: Vec<InputField>,
    /// What a hook may answer.
    pub response: Response,
}

/// Where an event's matcher subject comes from.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub enum MatcherFrom {
    /// A string field of the payload (`tool_name`, `command`).
    Field(String),
    /// Always the same string (`Read` on beforeReadFile).
    Fixed(String),
    /// A string field of the payload after a fixed prefix (`MCP:` + `tool_name` on the MCP
    /// events); no subject when the field is missing or empty.
    Prefixed {
        /// The payload key.
        field: String,
        /// What Cursor puts before it.
        prefix: String,
    },
}

/// An event category (see `crate::event::Category` in the runtime).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    /// allow / deny (/ ask).
    Permission,
    /// `continue: false` blocks the prompt.
    PromptGate,
    /// Adds context for the agent.
    Context,
    /// Keeps the agent loop going.
    Loop,
    /// Shows the user a message.
    Notice,
    /// Application-level answers (plugin paths).
    App,
    /// Output ignored.
    Observe,
}

impl Category {
    /// The name written in the spec.
    pub fn spec_name(self) -> &'static str {
        match self {
            Category::Permission => "permission",
            Category::PromptGate => "prompt_gate",
            Category::Context => "context",
            Category::Loop => "loop",
            Category::Notice => "notice",
            Category::App => "app",
            Category::Observe => "observe",
        }
    }

    /// The runtime's `Category` variant.
    pub fn variant(self) -> &'static str {
        match self {
            Category::Permission => "Permission",
            Category::PromptGate => "PromptGate",
            Category::Context => "Context",
            Category::Loop => "Loop",
            Category::Notice => "Notice",
            Category::App => "App",
            Category::Observe => "Observe",
        }
    }
}

/// One input field.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputField {
    /// The wire key, also the Rust field name.
    pub name: String,
    /// Its JSON shape.
    #[serde(rename = "type")]
    pub ty: InputType,
    /// Whether the key may be absent or `null`.
    pub optional: bool,
    /// Common fields only: events that never send it.
    #[serde(default)]
    pub absent_on: Vec<String>,
    /// Other wire spellings Cursor has used.
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Required fields: the value the test kit's payload builders start from.
    #[serde(default)]
    pub example: Option<Value>,
    /// One sentence.
    pub doc: String,
    /// Where it comes from.
    pub source: String,
}

impl InputField {
    /// Required in the Rust type (`cursor_version` is never `Option`: absence is `Missing`).
    pub fn is_required(&self) -> bool {
        !self.optional && self.ty != InputType::CursorVersion
    }
}

/// The JSON shape of an input field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InputType {
    /// A string.
    String,
    /// A boolean.
    Bool,
    /// An i64.
    Integer,
    /// An f64 (any field seen fractional or integer).
    Number,
    /// An array of strings.
    StringList,
    /// An object of strings.
    StringMap,
    /// Any JSON value.
    Json,
    /// An object, or a JSON string.
    ToolInput,
    /// Array of {type, file_path|filePath}.
    Attachments,
    /// Array of {old_string, new_string}.
    FileEdits,
    /// Array of tab edits.
    TabEdits,
    /// Array of {id, value}.
    ModelParams,
    /// The common field `cursor_version`.
    CursorVersion,
    /// Any JSON object (Claude Code's `object` fields).
    Object,
    /// An array of JSON objects (Claude Code's `object_list` fields).
    ObjectList,
}

impl InputType {
    /// The Rust type (without `Option`).
    pub fn rust(self) -> &'static str {
        match self {
            InputType::String => "String",
            InputType::Bool => "bool",
            InputType::Integer => "i64",
            InputType::Number => "f64",
            InputType::StringList => "Vec<String>",
            InputType::StringMap => "BTreeMap<String, String>",
            InputType::Json => "Value",
            InputType::ToolInput => "ToolInput",
            InputType::Attachments => "Vec<Attachment>",
            InputType::FileEdits => "Vec<FileEdit>",
            InputType::TabEdits => "Vec<TabEdit>",
            InputType::ModelParams => "Vec<ModelParam>",
            InputType::CursorVersion => "CursorVersion",
            InputType::Object => "Map<String, Value>",
            InputType::ObjectList => "Vec<Map<String, Value>>",
        }
    }

    /// What a value of this type is, for the note on a value of another type.
    pub fn expected(self) -> &'static str {
        match self {
            InputType::String => "a string",
            InputType::Bool => "a bool",
            InputType::Integer => "an integer",
            InputType::Number => "a number",
            InputType::StringList => "a list of strings",
            InputType::StringMap => "an object of strings",
            InputType::Json => "JSON whose numbers fit an f64",
            InputType::ToolInput => "an object or a JSON string",
            InputType::Attachments => "a list of attachments",
            InputType::FileEdits => "a list of edits",
            InputType::TabEdits => "a list of tab edits",
            InputType::ModelParams => "a list of {id, value} objects",
            InputType::CursorVersion => "a version string",
            InputType::Object => "an object",
            InputType::ObjectList => "a list of objects",
        }
    }
}

/// What a hook may answer.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Response {
    /// The `permission` values (only on the permission category).
    #[serde(default)]
    pub permission: Vec<PermissionValue>,
    /// Where the permission values come from (only with `permission`).
    #[serde(default)]
    pub permission_source: Option<String>,
    /// Every other response key.
    pub fields: Vec<ResponseField>,
    /// Keys the docs give this event that Cursor's own code never reads: no setter, and the
    /// compile error says where the text goes instead.
    #[serde(default)]
    pub dropped: Vec<DroppedField>,
}

/// A documented answer key Cursor's own code drops on one event.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DroppedField {
    /// The key (a field some other event keeps).
    pub name: String,
    /// Where the text goes instead, for the compile error.
    pub instead: String,
    /// The code that reads the answer without it.
    pub source: String,
}

/// One `permission` value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PermissionValue {
    /// `allow`.
    Allow,
    /// `deny`.
    Deny,
    /// `ask`.
    Ask,
}

impl PermissionValue {
    /// The wire value.
    pub fn as_str(self) -> &'static str {
        match self {
            PermissionValue::Allow => "allow",
            PermissionValue::Deny => "deny",
            PermissionValue::Ask => "ask",
        }
    }
}

/// One response field.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResponseField {
    /// The Rust field name.
    pub name: String,
    /// The key written on stdout.
    pub wire: String,
    /// The key in the 1.7 format, or `None` when it had no such field.
    #[serde(deserialize_with = "nullable")]
    pub wire_1_7: Option<String>,
    /// Its JSON shape.
    #[serde(rename = "type")]
    pub ty: ResponseType,
    /// One sentence.
    pub doc: String,
    /// Where it comes from.
    pub source: String,
}

/// The JSON shape of a response field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ResponseType {
    /// A string.
    String,
    /// A boolean.
    Bool,
    /// An object of strings.
    StringMap,
    /// Any JSON value.
    Json,
    /// An array of strings.
    StringList,
}

impl ResponseType {
    /// The Rust type (without `Option`).
    pub fn rust(self) -> &'static str {
        match self {
            ResponseType::String => "String",
            ResponseType::Bool => "bool",
            ResponseType::StringMap => "BTreeMap<String, String>",
            ResponseType::Json => "Value",
            ResponseType::StringList => "Vec<String>",
        }
    }
}

/// `spec/cursor/compat.json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Compat {
    /// Every rendering rule.
    pub rules: Vec<Rule>,
}

/// One compatibility rule.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rule {
    /// Stable identifier (`ask-downgrade`).
    pub id: String,
    /// The events it governs.
    pub applies_to: Vec<String>,
    /// When it applies.
    pub when: String,
    /// What the renderer does.
    pub effect: String,
    /// The version where behaviour changes, or `None`.
    #[serde(deserialize_with = "nullable")]
    pub boundary: Option<String>,
    /// Where it comes from.
    pub source: String,
    /// The product decision behind it.
    pub decision: String,
}

impl Compat {
    /// The rule with this id.
    pub fn rule(&self, id: &str) -> Result<&Rule, String> {
        self.rules
            .iter()
            .find(|rule| rule.id == id)
            .ok_or_else(|| format!("spec/cursor/compat.json has no rule `{id}`"))
    }
}

/// A key that must be present but may be `null` (serde lets a missing `Option` through).
fn nullable<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<Option<T>, D::Error> {
    Option::deserialize(deserializer)
}

/// Both spec files, read and checked.
#[derive(Debug)]
pub struct Loaded {
    /// `spec/cursor/events.json`.
    pub spec: Spec,
    /// `spec/cursor/compat.json`.
    pub compat: Compat,
}

/// Reads and checks `spec/cursor/events.json` and `spec/cursor/compat.json` under `root`.
pub fn load(root: &Path) -> Result<Loaded, String> {
    let spec: Spec = read(&root.join("spec/cursor/events.json"))?;
    let compat: Compat = read(&root.join("spec/cursor/compat.json"))?;
    spec.check()
        .map_err(|e| format!("{}: {e}", root.join("spec/cursor/events.json").display()))?;
    for rule in &compat.rules {
        for event in &rule.applies_to {
            spec.event(event)
                .map_err(|e| format!("compat rule `{}`: {e}", rule.id))?;
        }
    }
    Ok(Loaded { spec, compat })
}

fn read<T: for<'de> Deserialize<'de>>(path: &Path) -> Result<T, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

impl Spec {
    /// Parses and checks the text of `spec/cursor/events.json`.
    pub fn from_json(text: &str) -> Result<Spec, String> {
        let spec: Spec = serde_json::from_str(text).map_err(|e| e.to_string())?;
        spec.check()?;
        Ok(spec)
    }

    /// A `source` string in words, for readers without the `sources` table:
    /// `"D-AUG26; DEC item 4"` → "the official Cursor hooks docs (Aug 2026); this project's
    /// product decisions, item 4". Keys are checked when the spec is loaded.
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

    /// The event named `name`.
    pub fn event(&self, name: &str) -> Result<&Event, String> {
        self.events
            .iter()
            .find(|event| event.name == name)
            .ok_or_else(|| format!("`{name}` is not an event in spec/cursor/events.json"))
    }

    /// The rules of SCHEMA.md that the types alone do not enforce.
    fn check(&self) -> Result<(), String> {
        if self.events.is_empty() {
            return Err("spec/cursor/events.json lists no events".to_owned());
        }
        let mut citations: Vec<(String, &str)> = Vec::new();
        for field in &self.common_fields {
            citations.push((format!("common field {}", field.name), &field.source));
        }
        for event in &self.events {
            let at = |what: &str| format!("{}: {what}", event.name);
            citations.push((at("source"), &event.source));
            let has_permission = !event.response.permission.is_empty();
            if has_permission != (event.category == Category::Permission) {
                return Err(at(
                    "`permission` is given exactly on the permission category",
                ));
            }
            match &event.response.permission_source {
                Some(source) if has_permission => citations.push((at("permission_source"), source)),
                None if !has_permission => {}
                _ => return Err(at("`permission_source` goes with `permission`")),
            }
            if event.category == Category::Observe && !event.response.fields.is_empty() {
                return Err(at("an observe event answers nothing"));
            }
            if event.matcher_subject.is_none()
                && (!event.matcher_values.is_empty() || event.matcher_open_prefix.is_some())
            {
                return Err(at("matcher values without a matcher subject"));
            }
            if event.matcher_subject.is_some() != event.matcher_from.is_some() {
                return Err(at("`matcher_from` goes with `matcher_subject`"));
            }
            for field in &event.input {
                let at = |what: &str| format!("{}.{}: {what}", event.name, field.name);
                if field.is_required() && field.example.is_none() {
                    return Err(at("a required field needs an `example`"));
                }
                if !field.absent_on.is_empty() {
                    return Err(at("`absent_on` is for common fields"));
                }
                citations.push((at("source"), &field.source));
            }
            for field in &event.response.fields {
                citations.push((
                    format!("{}.{} (response): source", event.name, field.name),
                    &field.source,
                ));
            }
            for dropped in &event.response.dropped {
                let at = format!("{}.{} (dropped)", event.name, dropped.name);
                if event.has_field(&dropped.name) {
                    return Err(format!("{at}: a dropped key is not also a field"));
                }
                citations.push((format!("{at}: source"), &dropped.source));
            }
        }
        for (place, text) in citations {
            for citation in citations_of(text) {
                if !self.sources.contains_key(citation.key) {
                    return Err(format!(
                        "{place}: `{}` is not in the `sources` table",
                        citation.key
                    ));
                }
            }
        }
        Ok(())
    }
}

/// One citation in a `source` string: `DEC item 4` is key `DEC`, detail `item 4`.
#[derive(Debug, PartialEq, Eq)]
pub struct Citation<'a> {
    /// A key of the `sources` table.
    pub key: &'a str,
    /// Where in that source (may be empty).
    pub detail: &'a str,
}

/// The citations of a `source` string (`"D-AUG26; REC; DEC item 4"`).
pub fn citations_of(text: &str) -> impl Iterator<Item = Citation<'_>> {
    text.split(';')
        .map(str::trim)
        .map(|part| match part.split_once(' ') {
            Some((key, detail)) => Citation { key, detail },
            None => Citation {
                key: part,
                detail: "",
            },
        })
}

impl Event {
    /// Whether the handler answers `()` (Cursor ignores the output).
    pub fn is_observe(&self) -> bool {
        self.category == Category::Observe
    }

    /// The Rust response type: `<type>Response`, or `()` on observe events.
    pub fn response_ty(&self) -> String {
        if self.is_observe() {
            "()".to_owned()
        } else {
            format!("{}Response", self.ty)
        }
    }

    /// Whether the response has the field named `name`.
    pub fn has_field(&self, name: &str) -> bool {
        self.response.fields.iter().any(|field| field.name == name)
    }

    /// The `permission` values, as written on the wire.
    pub fn permission(&self) -> Vec<&'static str> {
        self.response
            .permission
            .iter()
            .map(|value| value.as_str())
            .collect()
    }

    /// Whether `permission` accepts `value`.
    pub fn accepts(&self, value: PermissionValue) -> bool {
        self.response.permission.contains(&value)
    }
}
