//! A typed model of `spec/claude-code/events.json` and `spec/claude-code/host.json` (described in
//! `spec/claude-code/SCHEMA.md`), as far as the generators read them.
//!
//! Unlike [`crate::model`], unknown keys are not refused here: the whole format (every key, every
//! closed set) is checked by `codegen/tests/claude_spec.rs` against SCHEMA.md, and the generators
//! read only what they write.

use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// `spec/claude-code/events.json`.
#[derive(Debug, Deserialize)]
pub struct ClaudeSpec {
    /// Source key → its readable name and what it is.
    pub sources: BTreeMap<String, crate::model::Source>,
    /// The fields every event carries.
    pub common_fields: Vec<ClaudeField>,
    /// The top-level answer keys every event accepts.
    pub universal_response: Vec<ClaudeAnswerField>,
    /// Every event, in the spec's order.
    pub events: Vec<ClaudeEvent>,
    /// The kinds and destinations of a `PermissionRequest` answer's `updatedPermissions`.
    #[serde(default)]
    pub permission_update: Option<PermissionUpdate>,
}

/// `permission_update`: what an `updatedPermissions` entry may be.
#[derive(Debug, Deserialize)]
pub struct PermissionUpdate {
    /// The entry kinds (`type`): `addRules`, `setMode`, ...
    pub types: Vec<String>,
    /// Where an entry applies (`destination`).
    pub destinations: Vec<String>,
    /// A rules entry's `behavior`.
    #[serde(default)]
    pub behaviors: Vec<String>,
    /// A `setMode` entry's `mode`.
    #[serde(default)]
    pub modes: Vec<String>,
}

/// One event.
#[derive(Debug, Deserialize)]
pub struct ClaudeEvent {
    /// The settings key and `hook_event_name` (PascalCase).
    pub name: String,
    /// The Rust input type's name; the response type is `<type>Response`.
    #[serde(rename = "type")]
    pub ty: String,
    /// What kind of answer it accepts (`permission`, `block`, `loop`, ...).
    pub category: String,
    /// Whether a hook can stop or change the action.
    pub can_block: bool,
    /// When Claude Code runs it (one sentence).
    pub fires: String,
    /// Caveats a hook author must know (may be empty).
    pub notes: String,
    /// Whether the official docs describe it.
    pub documented: bool,
    /// Whether it fired in the recordings of the real binary.
    pub recorded: bool,
    /// The first version of the host with it, if known (Codex's data has none: its schemas are
    /// read from the pinned binary only).
    pub since: Option<String>,
    /// The event's own default timeout in seconds (SessionEnd's is 1.5), if it has one.
    pub timeout_seconds: Option<f64>,
    /// The longest timeout the host lets a handler of it have, in seconds, if it clamps one
    /// (Codex's SessionEnd and Interrupt: 3, `spec/codex/host.json` `timeouts`).
    #[serde(default)]
    pub timeout_max_seconds: Option<u32>,
    /// What exit-0 plain text on stdout becomes (`context`, `debug_log`, `worktree_path`).
    pub plain_stdout: String,
    /// What exit 2 does (`block`, `continue`, `stderr_to_user`, ...).
    pub exit_2: String,
    /// The input field the matcher tests (or a description of a derived subject), if any.
    pub matcher_subject: Option<String>,
    /// Known subject values; empty when open or without subject.
    pub matcher_values: Vec<String>,
    /// Whether subjects beyond `matcher_values` occur.
    pub matcher_open: bool,
    /// The prefix of open subjects (`mcp__`), if any.
    pub matcher_open_prefix: Option<String>,
    /// Answer keys the binary reads that the typed answer leaves out on purpose (the notes say
    /// why): `simulate` reads them, the types never offer them.
    #[serde(default)]
    pub not_offered: Vec<String>,
    /// `universal_response` wire keys the event's closed answer schema does not declare (Codex's
    /// Interrupt reads only `systemMessage`), or that the host ignores there (Claude Code's
    /// `continue` on SessionStart, `continue-ignored`): the typed answer must not offer them.
    #[serde(default)]
    pub universal_except: Vec<String>,
    /// Where the event's description comes from.
    pub source: String,
    /// The event's own input fields.
    pub input: Vec<ClaudeField>,
    /// What a hook may answer.
    pub response: ClaudeResponse,
}

/// One input field.
#[derive(Debug, Deserialize)]
pub struct ClaudeField {
    /// The JSON key.
    pub name: String,
    /// Its type name (SCHEMA.md "Input types").
    #[serde(rename = "type")]
    pub ty: String,
    /// Whether a payload may lack it.
    pub optional: bool,
    /// The closed set of values, for strings that have one.
    #[serde(default)]
    pub values: Vec<String>,
    /// The fields of an object (or of each object of a list).
    #[serde(default)]
    pub fields: Vec<ClaudeField>,
    /// A typical value, for fixtures.
    #[serde(default)]
    pub example: Option<Value>,
    /// What it means.
    pub doc: String,
    /// Where it comes from.
    pub source: String,
    /// Events that carry their own field of this name (common fields only).
    #[serde(default)]
    pub absent_on: Vec<String>,
}

/// What an event's answer may hold.
#[derive(Debug, Deserialize)]
pub struct ClaudeResponse {
    /// The top-level `decision` (with its `reason`), if the event reads one.
    pub decision: Option<ClaudeDecision>,
    /// The keys inside `hookSpecificOutput` (besides `hookEventName`).
    pub hook_specific: Vec<ClaudeAnswerField>,
}

/// The top-level `decision` of an event.
#[derive(Debug, Deserialize)]
pub struct ClaudeDecision {
    /// The decisions it accepts (`block`).
    pub values: Vec<String>,
    /// Who reads the reason (`claude` or `user`).
    pub reason_to: String,
    /// Where it comes from.
    pub source: String,
}

/// One answer key.
#[derive(Debug, Deserialize)]
pub struct ClaudeAnswerField {
    /// The Rust field name.
    pub name: String,
    /// The JSON key.
    pub wire: String,
    /// Its type name (SCHEMA.md "Response types").
    #[serde(rename = "type")]
    pub ty: String,
    /// The closed set of values of an `enum`.
    #[serde(default)]
    pub values: Vec<String>,
    /// Values of an `enum` the binary also accepts that the typed answer leaves out on purpose
    /// (the event's notes say why).
    #[serde(default)]
    pub not_offered: Vec<String>,
    /// The keys of a typed `object` (PermissionRequest's `decision`).
    #[serde(default)]
    pub fields: Vec<ClaudeAnswerField>,
    /// The first version that reads it, when later than the event.
    #[serde(default)]
    pub since: Option<String>,
    /// The decision values it is read beside; empty when it stands on its own.
    #[serde(default)]
    pub with: Vec<String>,
    /// What it does.
    pub doc: String,
    /// Where it comes from.
    pub source: String,
}

/// The parts of `spec/claude-code/host.json` the generators read.
#[derive(Debug, Deserialize)]
pub struct ClaudeHost {
    /// The handler types and their defaults.
    pub handler_types: Vec<ClaudeHandlerType>,
    /// How matchers are read.
    pub matcher: ClaudeMatcher,
    /// How Cursor runs this host's settings: empty for a host Cursor does not import (Codex).
    #[serde(default)]
    pub cursor: ClaudeInCursor,
    /// The built-in tools of the recorded binary.
    pub tools: ClaudeTools,
    /// Where a hook's failure can block.
    pub fail_closed: ClaudeFailClosed,
    /// Events the host runs that the spec does not type yet, each with why (Copilot's).
    #[serde(default)]
    pub untyped_events: Vec<UntypedEvent>,
}

/// One of `untyped_events` in host.json.
#[derive(Debug, Deserialize)]
pub struct UntypedEvent {
    /// Its name in the host's hooks files.
    pub name: String,
}

/// `tools` in host.json: the built-in tool names of the Claude Code binary at `version`, the
/// known values of every `tool_name` matcher subject.
#[derive(Debug, Deserialize)]
pub struct ClaudeTools {
    /// The Claude Code version they were read from: the pinned one, `tests/claude-code/VERSION`,
    /// which [`load`] fills in (host.json names no version, so the fact has one owner).
    #[serde(skip)]
    pub version: String,
    /// The names, sorted.
    pub names: Vec<String>,
}

/// `fail_closed` in host.json: the events where a failing hook's `onFailure: "block"` has an
/// effect.
#[derive(Debug, Deserialize)]
pub struct ClaudeFailClosed {
    /// Their names: the events whose `can_block` is true, but for `ignored_on`.
    pub events: Vec<String>,
    /// The events whose `can_block` is true where Claude Code ignores `onFailure`.
    pub ignored_on: Vec<String>,
}

/// One handler type (`command`, `http`, ...).
#[derive(Debug, Deserialize)]
pub struct ClaudeHandlerType {
    /// Its `type` value.
    #[serde(rename = "type")]
    pub ty: String,
    /// Its default timeout in seconds.
    pub timeout_seconds: u32,
}

/// `matcher` in host.json.
#[derive(Debug, Deserialize)]
pub struct ClaudeMatcher {
    /// The values that match everything.
    pub match_all: Vec<String>,
}

/// `cursor` in host.json.
#[derive(Debug, Default, Deserialize)]
pub struct ClaudeInCursor {
    /// Claude event → the Cursor event Cursor runs it as.
    pub event_map: BTreeMap<String, String>,
    /// Claude tool → Cursor tool.
    pub tool_map: BTreeMap<String, String>,
    /// The Claude tool names Cursor's import drops from a matcher.
    pub tool_map_dropped: Vec<String>,
}

/// Both files.
pub struct ClaudeLoaded {
    /// `events.json`.
    pub spec: ClaudeSpec,
    /// `host.json`.
    pub host: ClaudeHost,
}

/// A host whose hook contract is written in the Claude-family format (`spec/claude-code/SCHEMA.md`):
/// the same generators type each of them from its own spec directory.
#[derive(Debug, Clone, Copy)]
pub struct Family {
    /// Its key in `spec/hosts.json`.
    pub key: &'static str,
    /// Its product name, as the generated docs say it.
    pub product: &'static str,
    /// Its spec directory, relative to the workspace root.
    pub spec_dir: &'static str,
    /// The file pinning the version its data was read from.
    pub pinned: &'static str,
    /// The runtime module its generated code lives under (`crate::claude`).
    pub module: &'static str,
    /// Where its generated runtime files go.
    pub gen_dir: &'static str,
    /// Whether other hosts run its files (`imports` in spec/hosts.json: Cursor and Copilot run
    /// Claude Code's), so its answers also render in their forms.
    pub imported: bool,
    /// Whether its answers are flat (`answer_shape` in spec/hosts.json): every key top-level,
    /// no `hookSpecificOutput` (GitHub Copilot CLI's own events).
    pub flat: bool,
}

/// Claude Code.
pub const CLAUDE_CODE: Family = Family {
    key: "claude-code",
    product: "Claude Code",
    spec_dir: "spec/claude-code",
    pinned: "tests/claude-code/VERSION",
    module: "crate::claude",
    gen_dir: "runtime/src/gen/claude",
    imported: true,
    flat: false,
};

/// OpenAI Codex CLI.
pub const CODEX: Family = Family {
    key: "codex",
    product: "OpenAI Codex CLI",
    spec_dir: "spec/codex",
    pinned: "tests/codex/VERSION",
    module: "crate::codex",
    gen_dir: "runtime/src/gen/codex",
    imported: false,
    flat: false,
};

/// GitHub Copilot CLI's own events (camelCase, flat answers, payloads that name no event).
pub const COPILOT: Family = Family {
    key: "copilot",
    product: "GitHub Copilot CLI",
    spec_dir: "spec/copilot",
    pinned: "tests/copilot/VERSION",
    module: "crate::copilot",
    gen_dir: "runtime/src/gen/copilot",
    imported: false,
    flat: true,
};

impl Family {
    /// Its module's last segment (`claude`, `codex`): the names the generated code and the
    /// spec crate's table use for it.
    pub fn name(&self) -> &'static str {
        self.module.rsplit("::").next().unwrap_or(self.module)
    }
}

/// Reads `family`'s spec directory under `root`.
pub fn load(root: &Path, family: &Family) -> Result<ClaudeLoaded, String> {
    let read_text = |relative: &str| {
        std::fs::read_to_string(root.join(relative)).map_err(|e| format!("{relative}: {e}"))
    };
    let host_path = format!("{}/host.json", family.spec_dir);
    let events_path = format!("{}/events.json", family.spec_dir);
    let mut host: ClaudeHost =
        serde_json::from_str(&read_text(&host_path)?).map_err(|e| format!("{host_path}: {e}"))?;
    host.tools.version = read_text(family.pinned)?.trim().to_owned();
    let spec = serde_json::from_str(&read_text(&events_path)?)
        .map_err(|e| format!("{events_path}: {e}"))?;
    Ok(ClaudeLoaded { spec, host })
}

impl ClaudeSpec {
    /// A `source` string in words (see [`crate::model::Spec::readable`]).
    pub fn readable(&self, source: &str) -> String {
        crate::model::citations_of(source)
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

    /// The runtime's `Category` variant (`Permission`).
    pub fn category_variant(&self) -> String {
        crate::write::upper_camel(&self.category)
    }

    /// The `hookSpecificOutput` key named `name` (its Rust name).
    pub fn specific(&self, name: &str) -> Option<&ClaudeAnswerField> {
        self.response
            .hook_specific
            .iter()
            .find(|field| field.name == name)
    }
}

impl ClaudeField {
    /// The field in the Cursor model, so that both hosts' input types come from one set of
    /// templates (`events.rs`): `tool_input` is a `ToolInput` like Cursor's (an object, read key
    /// by key), other objects are JSON maps; `values` stay a hint, never a closed enum.
    pub fn input_field(&self) -> Result<crate::model::InputField, String> {
        use crate::model::InputType;
        let ty = match self.ty.as_str() {
            "string" => InputType::String,
            "bool" => InputType::Bool,
            "integer" => InputType::Integer,
            "number" => InputType::Number,
            "string_list" => InputType::StringList,
            "string_map" => InputType::StringMap,
            "json" => InputType::Json,
            // A tool's arguments, by each host's key (Copilot's camelCase `toolArgs`, and
            // `toolInput` on its permissionRequest).
            "object" if matches!(self.name.as_str(), "tool_input" | "toolArgs" | "toolInput") => {
                InputType::ToolInput
            }
            "object" => InputType::Object,
            "object_list" => InputType::ObjectList,
            other => {
                return Err(format!(
                    "input field `{}`: unknown type `{other}`",
                    self.name
                ))
            }
        };
        Ok(crate::model::InputField {
            name: self.name.clone(),
            ty,
            optional: self.optional,
            absent_on: self.absent_on.clone(),
            aliases: Vec::new(),
            example: self.example.clone(),
            doc: self.doc.clone(),
            source: self.source.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{load, CLAUDE_CODE, CODEX, COPILOT};
    use serde_json::Value;

    /// Both Claude-family hosts' data read into the one model the generators take.
    #[test]
    fn every_family_host_loads() {
        let root = crate::workspace_root();
        for family in [CLAUDE_CODE, CODEX, COPILOT] {
            let loaded = load(&root, &family).unwrap_or_else(|e| panic!("{}: {e}", family.key));
            assert!(!loaded.spec.events.is_empty(), "{}", family.key);
            assert!(!loaded.host.tools.version.is_empty(), "{}", family.key);
        }
        let codex = load(&root, &CODEX).expect("codex");
        assert!(
            codex.host.cursor.event_map.is_empty(),
            "Cursor imports no Codex file"
        );
    }

    /// A `$ref`, or the non-null branch of an `anyOf`/`oneOf`, followed to the object it names.
    fn resolve<'a>(schema: &'a Value, root: &'a Value) -> &'a Value {
        if let Some(pointer) = schema.get("$ref").and_then(Value::as_str) {
            let target = root
                .pointer(pointer.trim_start_matches('#'))
                .expect("dangling $ref");
            return resolve(target, root);
        }
        for key in ["anyOf", "oneOf", "allOf"] {
            let branch = schema
                .get(key)
                .and_then(Value::as_array)
                .and_then(|branches| {
                    branches
                        .iter()
                        .map(|branch| resolve(branch, root))
                        .find(|branch| branch.get("type").and_then(Value::as_str) != Some("null"))
                });
            if let Some(branch) = branch {
                return branch;
            }
        }
        schema
    }

    fn property<'a>(object: &'a Value, key: &str) -> Option<&'a Value> {
        object.get("properties").and_then(|p| p.get(key))
    }

    /// Every key and enum value spec/codex offers in an answer is one Codex's closed output
    /// schema (schemas/codex, embedded in the pinned binary) declares: what the types offer,
    /// Codex accepts.
    #[test]
    fn every_codex_answer_key_is_declared_by_its_output_schema() {
        let root = crate::workspace_root();
        let codex = load(&root, &CODEX).expect("codex");
        let mut problems = Vec::new();
        for event in &codex.spec.events {
            let mut kebab = String::new();
            for (i, c) in event.name.chars().enumerate() {
                if c.is_ascii_uppercase() && i > 0 {
                    kebab.push('-');
                }
                kebab.push(c.to_ascii_lowercase());
            }
            let path = root.join(format!("schemas/codex/{kebab}.command.output.schema.json"));
            let schema: Value = match std::fs::read_to_string(&path) {
                Ok(text) => serde_json::from_str(&text).expect("schema JSON"),
                // No answer schema (SessionEnd): Codex reads no answer, so none may be offered.
                Err(_) => Value::Object(serde_json::Map::new()),
            };
            let refused = |key: &str| {
                event.not_offered.iter().any(|k| k == key)
                    || event.universal_except.iter().any(|k| k == key)
            };
            let mut top: Vec<&str> = codex
                .spec
                .universal_response
                .iter()
                .map(|field| field.wire.as_str())
                .filter(|key| !refused(key))
                .collect();
            if event.response.decision.is_some() {
                top.extend(["decision", "reason"]);
            }
            if !event.response.hook_specific.is_empty() {
                top.push("hookSpecificOutput");
            }
            for key in top {
                if property(&schema, key).is_none() {
                    problems.push(format!("{}: `{key}`", event.name));
                }
            }
            let Some(specific) = property(&schema, "hookSpecificOutput") else {
                continue;
            };
            let specific = resolve(specific, &schema);
            for field in &event.response.hook_specific {
                if refused(&field.wire) {
                    continue;
                }
                let Some(declared) = property(specific, &field.wire) else {
                    problems.push(format!(
                        "{}: `hookSpecificOutput.{}`",
                        event.name, field.wire
                    ));
                    continue;
                };
                let allowed = resolve(declared, &schema)
                    .get("enum")
                    .and_then(Value::as_array);
                for value in field
                    .values
                    .iter()
                    .filter(|v| !field.not_offered.contains(v))
                {
                    if allowed.is_some_and(|allowed| !allowed.iter().any(|a| a == value.as_str())) {
                        problems.push(format!("{}: `{}: {value}`", event.name, field.wire));
                    }
                }
            }
        }
        assert!(
            problems.is_empty(),
            "offered but not in Codex's schema: {problems:?}"
        );
    }
}
