//! JSON Schemas (draft 2020-12) of what the editors read, under `schemas/`: the configuration
//! files (Cursor's `hooks.json`, a Cursor plugin's hooks file, Claude Code's `hooks` settings,
//! a Claude Code plugin's `hooks/hooks.json` and GitHub Copilot CLI's hooks files) and, per event, the input an editor sends (tolerant:
//! unknown keys allowed, as the runtime reads them) and the answer it reads (strict: only the
//! keys the event reads).
//!
//! Everything comes from `spec/` except the few facts that file does not record yet, each named
//! with its source where it is written below. The same texts are bundled into
//! `cli/data/schemas.json`, which `cursor-hooks schema --out DIR` writes out.

use crate::claude_model::{ClaudeSpec, Family, CLAUDE_CODE, COPILOT};
use crate::model::{Category, Compat, Event, InputField, InputType, ResponseType, Spec};
use serde_json::{json, Map, Value};
use std::path::Path;

const DRAFT: &str = "https://json-schema.org/draft/2020-12/schema";

/// The spec/cursor/compat.json rule of the 1.7-era answer format.
const LEGACY_RULE: &str = "legacy-1.7-format";

/// Where the schemas go, relative to the workspace root.
pub const DIR: &str = "schemas";

/// Strings in a native Cursor `hooks.json` must not hold these: Cursor deletes from `//` to the
/// end of the line, inside strings too, and then every `/* ... */` before it parses the file
/// (spec/cursor/host.json `file_rules.comments_rule`), which voids the file or rewrites a string.
const CURSOR_COMMENT_PATTERN: &str = "//|/\\*";

/// The keys of a Cursor `hooks.json` entry. spec/cursor/host.json does not list them yet; they are the
/// keys `runtime/src/hooks_json.rs` (`keys::ENTRY`) writes and reads, from the wire-format
/// reference (WF section 1.1) and Cursor's validator (SDK oracle fixture `bad-entries`: a matcher
/// that is not a valid regex, `timeout` 0, `loop_limit` 1.5, `failClosed: "yes"`, `type: "http"`,
/// an empty prompt and a non-string command each void the file). A test checks that the lists
/// agree.
pub const CURSOR_ENTRY_KEYS: [&str; 8] = [
    "command",
    "type",
    "timeout",
    "matcher",
    "failClosed",
    "loop_limit",
    "prompt",
    "model",
];

/// The generated schema files: path relative to the workspace root, and text.
pub fn files(
    root: &Path,
    spec: &Spec,
    compat: &Compat,
    claude: &ClaudeSpec,
    copilot: &ClaudeSpec,
) -> Result<Vec<(String, String)>, String> {
    let legacy = compat
        .rules
        .iter()
        .find(|rule| rule.id == LEGACY_RULE)
        .ok_or(format!(
            "spec/cursor/compat.json has no rule `{LEGACY_RULE}`"
        ))?;
    let host = read_json(root, "spec/cursor/host.json")?;
    let claude_host = read_json(root, "spec/claude-code/host.json")?;
    let claude_events = read_json(root, "spec/claude-code/events.json")?;
    let copilot_host = read_json(root, "spec/copilot/host.json")?;
    let mut files = vec![
        (
            "cursor/hooks.schema.json".to_owned(),
            cursor_hooks(spec, &host, true)?,
        ),
        (
            "cursor/plugin-hooks.schema.json".to_owned(),
            cursor_hooks(spec, &host, false)?,
        ),
        (
            "claude-code/settings-hooks.schema.json".to_owned(),
            claude_hooks(claude, &claude_host, &claude_events, false)?,
        ),
        (
            "claude-code/plugin-hooks.schema.json".to_owned(),
            claude_hooks(claude, &claude_host, &claude_events, true)?,
        ),
        (
            "copilot/hooks.schema.json".to_owned(),
            copilot_hooks(copilot, &copilot_host)?,
        ),
    ];
    for event in &spec.events {
        files.push((
            format!("cursor/events/{}.input.schema.json", event.name),
            cursor_input(spec, event)?,
        ));
        files.push((
            format!("cursor/events/{}.output.schema.json", event.name),
            cursor_output(event, &host),
        ));
        if legacy.applies_to.contains(&event.name) {
            files.push((
                format!("cursor/events/{}.output-1.7.schema.json", event.name),
                cursor_output_1_7(event, &legacy.effect),
            ));
        }
    }
    for (family, spec) in [(&CLAUDE_CODE, claude), (&COPILOT, copilot)] {
        for event in &spec.events {
            files.push((
                format!("{}/events/{}.input.schema.json", family.key, event.name),
                claude_input(family, spec, event)?,
            ));
            files.push((
                format!("{}/events/{}.output.schema.json", family.key, event.name),
                claude_output(family, spec, event, &claude_events)?,
            ));
        }
    }
    Ok(files
        .into_iter()
        .map(|(path, schema)| (format!("{DIR}/{path}"), to_text(&schema)))
        .collect())
}

/// The schemas under `schemas/<host>/` that another tool owns (Codex's, written verbatim from
/// its binary by `scripts/codex-release-report`), in name order, for the bundle only.
pub fn verbatim(root: &Path, host: &str) -> Result<Vec<(String, String)>, String> {
    let folder = format!("{DIR}/{host}");
    let entries = std::fs::read_dir(root.join(&folder)).map_err(|e| format!("{folder}: {e}"))?;
    let mut names = Vec::new();
    for entry in entries {
        let name = entry.map_err(|e| format!("{folder}: {e}"))?.file_name();
        let name = name
            .into_string()
            .map_err(|name| format!("{folder}: a name that is not UTF-8: {name:?}"))?;
        if name.ends_with(".json") {
            names.push(name);
        }
    }
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let path = format!("{folder}/{name}");
            let text =
                std::fs::read_to_string(root.join(&path)).map_err(|e| format!("{path}: {e}"))?;
            Ok((path, text))
        })
        .collect()
}

/// Every schema file as one JSON object (path under `schemas/` → text), which the CLI embeds.
pub fn bundle(files: &[(String, String)]) -> String {
    let object: Map<String, Value> = files
        .iter()
        .map(|(path, text)| {
            let relative = path.strip_prefix(&format!("{DIR}/")).unwrap_or(path);
            (relative.to_owned(), Value::String(text.clone()))
        })
        .collect();
    to_text(&Value::Object(object))
}

fn read_json(root: &Path, path: &str) -> Result<Value, String> {
    let text = std::fs::read_to_string(root.join(path)).map_err(|e| format!("{path}: {e}"))?;
    serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))
}

fn str_at<'a>(value: &'a Value, pointer: &str, file: &str) -> Result<&'a str, String> {
    value
        .pointer(pointer)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("{file}: no string at {pointer}"))
}

// ---------------------------------------------------------------------------------------------
// Configuration files
// ---------------------------------------------------------------------------------------------

/// Cursor's `hooks.json`; `native` for the files Cursor reads through its comment stripper
/// (enterprise, project, user), otherwise a plugin's Cursor-format hooks file (plain JSON).
fn cursor_hooks(spec: &Spec, host: &Value, native: bool) -> Result<Value, String> {
    let version_rule = str_at(host, "/file_rules/version", "spec/cursor/host.json")?;
    if version_rule != "a number that is a positive whole number (2 loads)" {
        return Err(format!(
            "spec/cursor/host.json file_rules.version is `{version_rule}`; the schema writes a positive whole `version`"
        ));
    }
    let match_all: Vec<Value> = host["matcher"]["match_all"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let string = if native {
        json!({ "$ref": "#/$defs/safeString" })
    } else {
        json!({ "type": "string" })
    };
    let nonblank = if native {
        json!({ "allOf": [{ "$ref": "#/$defs/safeString" }, { "pattern": "\\S" }] })
    } else {
        json!({ "type": "string", "pattern": "\\S" })
    };
    let mut defs = Map::new();
    if native {
        defs.insert(
            "safeString".into(),
            json!({
                "type": "string",
                "not": { "pattern": CURSOR_COMMENT_PATTERN },
                "description": "Holds no `//` and no `/*`: before it parses this file Cursor deletes from `//` to the end of the line, inside strings too (a URL voids the whole file), then every `/* ... */`.",
            }),
        );
    }
    let entry_properties = |loop_event: bool| {
        let mut properties = Map::new();
        properties.insert(
            "command".into(),
            json!({ "allOf": [nonblank.clone()], "description": "The command line, run through a shell (PowerShell on Windows)." }),
        );
        properties.insert(
            "type".into(),
            json!({ "enum": ["command", "prompt"], "description": "`command` (the default) or `prompt`." }),
        );
        properties.insert(
            "timeout".into(),
            json!({ "type": "number", "exclusiveMinimum": 0, "description": format!("Seconds (not milliseconds) before the hook is killed; Cursor's default is {} s.", host["defaults"]["timeout_seconds"]) }),
        );
        properties.insert(
            "matcher".into(),
            json!({ "allOf": [string.clone()], "anyOf": [{ "enum": match_all }, { "format": "regex" }], "description": format!("A JavaScript regular expression searched (unanchored) in the event's subject; {} match everything. A matcher that is not a valid regular expression voids the whole file.", match_all.iter().map(ToString::to_string).collect::<Vec<_>>().join(" and ")) }),
        );
        properties.insert(
            "failClosed".into(),
            json!({ "type": "boolean", "description": "When true, a crash, a timeout, a non-zero exit, empty output or invalid JSON blocks the action." }),
        );
        if loop_event {
            properties.insert(
                "loop_limit".into(),
                json!({ "anyOf": [{ "type": "integer", "minimum": 0 }, { "type": "null" }], "description": format!("How many automatic follow-ups Cursor allows (default {}); null for no limit.", host["defaults"]["loop_limit"]) }),
            );
        }
        properties.insert(
            "prompt".into(),
            json!({ "allOf": [nonblank.clone()], "description": "A prompt hook's instruction (`$ARGUMENTS` is replaced by the input)." }),
        );
        properties.insert(
            "model".into(),
            json!({ "allOf": [string.clone()], "description": "The model a prompt hook asks." }),
        );
        properties
    };
    let entry = |loop_event: bool| {
        json!({
            "type": "object",
            "properties": Value::Object(entry_properties(loop_event)),
            "additionalProperties": false,
            "if": { "properties": { "type": { "const": "prompt" } }, "required": ["type"] },
            "then": { "required": ["prompt"] },
            "else": { "required": ["command"] },
        })
    };
    defs.insert("entry".into(), entry(false));
    defs.insert("loopEntry".into(), entry(true));
    let mut events = Map::new();
    for event in &spec.events {
        let item = if event.category == Category::Loop {
            "#/$defs/loopEntry"
        } else {
            "#/$defs/entry"
        };
        let mut description = event.fires.clone();
        if let Some(subject) = &event.matcher_subject {
            description.push_str(&format!(
                " `matcher` is tested against: {}.",
                subject.trim_end_matches('.')
            ));
        }
        let mut schema = json!({
            "type": "array",
            "items": { "$ref": item },
            "description": description,
        });
        if !event.matcher_values.is_empty() {
            schema["x-matcherValues"] = json!(event.matcher_values);
        }
        events.insert(event.name.clone(), schema);
    }
    let mut properties = Map::new();
    properties.insert(
        "version".into(),
        json!({ "type": "integer", "minimum": 1, "description": "Required: a positive whole number, 1 for today's format (Cursor's loader, @cursor/sdk 1.0.32, accepts 2 too; a string voids the file)." }),
    );
    properties.insert(
        "hooks".into(),
        json!({
            "type": "object",
            "properties": Value::Object(events),
            "additionalProperties": false,
            "description": "Event name (camelCase) → the entries to run. An unknown event name voids the whole file.",
        }),
    );
    let (title, description) = if native {
        properties.insert(
            "$schema".into(),
            json!({ "allOf": [string.clone()], "description": "Better left out: map the file to this schema in the editor's settings. A URL here voids the file (`//`)." }),
        );
        (
            "Cursor hooks.json",
            "Cursor's enterprise, project (`.cursor/hooks.json`) or user (`~/.cursor/hooks.json`) hooks file, with Cursor's own validator rules: `version` 1, known event names only, flat entries. No string may hold `//` or `/*`, because Cursor strips comments naively before parsing: do not put a `$schema` URL in this file.",
        )
    } else {
        properties.insert(
            "$schema".into(),
            json!({ "type": "string", "description": "Cursor's plugin loader reads plugin hooks files with plain JSON parsing, logs an unrecognized `$schema` and loads the file anyway." }),
        );
        (
            "Cursor plugin hooks file (Cursor format)",
            "A Cursor plugin's hooks file in Cursor's format (the manifest's `hooks` path, or `hooks/hooks.json`): the same rules as `hooks.json`, read with plain JSON parsing (no comments). Its first entry decides the format: an entry holding a `hooks` array is read as Claude Code's format instead.",
        )
    };
    let mut schema = Map::new();
    schema.insert("$schema".into(), json!(DRAFT));
    schema.insert("title".into(), json!(title));
    schema.insert("description".into(), json!(description));
    schema.insert("type".into(), json!("object"));
    schema.insert("required".into(), json!(["version", "hooks"]));
    schema.insert("properties".into(), Value::Object(properties));
    schema.insert("additionalProperties".into(), json!(false));
    schema.insert("$defs".into(), Value::Object(defs));
    Ok(Value::Object(schema))
}

/// `json` for one handler key type of spec/claude-code/host.json.
fn claude_key_type(ty: &str) -> Result<Value, String> {
    Ok(match ty {
        "string" => json!({ "type": "string" }),
        "number" => json!({ "type": "number", "exclusiveMinimum": 0 }),
        "bool" => json!({ "type": "boolean" }),
        "string_list" => json!({ "type": "array", "items": { "type": "string" } }),
        "string_map" => json!({ "type": "object", "additionalProperties": { "type": "string" } }),
        "integer" => json!({ "type": "integer", "exclusiveMinimum": 0 }),
        "json" => json!({}),
        other => {
            return Err(format!(
                "spec/claude-code/host.json: handler key type `{other}`"
            ))
        }
    })
}

/// Claude Code's `hooks` settings (`plugin: false`: a settings file, whose other keys are not
/// described here) or a plugin's `hooks/hooks.json` (`plugin: true`).
fn claude_hooks(
    claude: &ClaudeSpec,
    host: &Value,
    events_json: &Value,
    plugin: bool,
) -> Result<Value, String> {
    const FILE: &str = "spec/claude-code/host.json";
    let types = host["handler_types"]
        .as_array()
        .ok_or(format!("{FILE}: no handler_types"))?;
    let keys = host["handler_keys"]
        .as_array()
        .ok_or(format!("{FILE}: no handler_keys"))?;
    let mut defs = Map::new();
    let mut type_names = Vec::new();
    let mut dispatch = Vec::new();
    for handler in types {
        let name = str_at(handler, "/type", FILE)?;
        type_names.push(json!(name));
        let mut properties = Map::new();
        for key in keys {
            let applies = key["applies_to"]
                .as_array()
                .is_some_and(|list| list.iter().any(|t| t == name));
            if !applies {
                continue;
            }
            let key_name = str_at(key, "/name", FILE)?;
            let mut schema = if key_name == "type" {
                json!({ "const": name })
            } else {
                claude_key_type(str_at(key, "/type", FILE)?)?
            };
            let mut doc = str_at(key, "/doc", FILE)?.to_owned();
            if let Some(since) = key["since"].as_str() {
                doc.push_str(&format!(" Since Claude Code {since}."));
            }
            if let Some(values) = key["values"].as_array() {
                schema = json!({ "enum": values });
            }
            schema["description"] = json!(doc);
            properties.insert(key_name.to_owned(), schema);
        }
        let mut required = vec![json!("type")];
        required.extend(handler["required"].as_array().cloned().unwrap_or_default());
        let def = format!(
            "{}Handler",
            crate::write::upper_camel(name).replace('_', "")
        );
        let def = def[..1].to_lowercase() + &def[1..];
        defs.insert(
            def.clone(),
            json!({
                "type": "object",
                "properties": Value::Object(properties),
                "required": required,
                "additionalProperties": false,
                "description": format!("A `{name}` handler (default timeout {} s).", handler["timeout_seconds"]),
            }),
        );
        dispatch.push(json!({
            "if": { "properties": { "type": { "const": name } }, "required": ["type"] },
            "then": { "$ref": format!("#/$defs/{def}") },
        }));
    }
    defs.insert(
        "handler".into(),
        json!({
            "type": "object",
            "required": ["type"],
            "properties": { "type": { "enum": type_names } },
            "allOf": dispatch,
        }),
    );
    let group_keys = host["shape"]["group_keys"]
        .as_array()
        .ok_or(format!("{FILE}: no shape.group_keys"))?;
    let mut group_properties = Map::new();
    let mut group_required = Vec::new();
    for key in group_keys {
        let name = str_at(key, "/name", FILE)?;
        let mut schema = match name {
            "matcher" => json!({ "type": "string" }),
            "hooks" => json!({ "type": "array", "items": { "$ref": "#/$defs/handler" } }),
            other => return Err(format!("{FILE}: group key `{other}`")),
        };
        schema["description"] = json!(str_at(key, "/doc", FILE)?);
        group_properties.insert(name.to_owned(), schema);
        if key["required"] == json!(true) {
            group_required.push(json!(name));
        }
    }
    defs.insert(
        "group".into(),
        json!({
            "type": "object",
            "properties": Value::Object(group_properties),
            "required": group_required,
            "additionalProperties": false,
        }),
    );
    let raw_events = events_json["events"]
        .as_array()
        .ok_or("spec/claude-code/events.json: no events")?;
    let mut events = Map::new();
    for event in &claude.events {
        let handler_types: Vec<String> = raw_events
            .iter()
            .find(|raw| raw["name"] == event.name.as_str())
            .and_then(|raw| raw["handler_types"].as_array())
            .map(|list| {
                list.iter()
                    .filter_map(|t| t.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default();
        let mut description = event.fires.clone();
        if let Some(subject) = &event.matcher_subject {
            description.push_str(&format!(
                " `matcher` is tested against: {}.",
                subject.trim_end_matches('.')
            ));
        }
        if !handler_types.is_empty() {
            description.push_str(&format!(
                " Handler types that run here: {}.",
                handler_types.join(", ")
            ));
        }
        let mut schema = json!({
            "type": "array",
            "items": { "$ref": "#/$defs/group" },
            "description": description,
        });
        if !event.matcher_values.is_empty() {
            schema["x-matcherValues"] = json!(event.matcher_values);
        }
        events.insert(event.name.clone(), schema);
    }
    let hooks = json!({
        "type": "object",
        "properties": Value::Object(events),
        "additionalProperties": false,
        "description": "Event name (PascalCase, case-sensitive) → matcher groups.",
    });
    let description_key = str_at(host, "/shape/description_key", FILE)?;
    let mut schema = Map::new();
    schema.insert("$schema".into(), json!(DRAFT));
    schema.insert("type".into(), json!("object"));
    if plugin {
        schema.insert("title".into(), json!("Claude Code plugin hooks file"));
        schema.insert(
            "description".into(),
            json!("A Claude Code plugin's `hooks/hooks.json` (Cursor loads it too, translated). Keep `modules`: Claude Code reads it since 2.1.287 and a tool that rewrites this file must not drop it."),
        );
        schema.insert(
            "properties".into(),
            json!({
                description_key: { "type": "string", "description": "What the plugin's hooks do." },
                "hooks": hooks,
                // Not recorded in spec/claude-code/host.json yet; the Claude Code changelog
                // (2.1.287) adds it, its entries' shape is not documented.
                "modules": { "type": "array", "description": "Since Claude Code 2.1.287: modules of the plugin's hooks, kept as they are (their shape is not documented)." },
            }),
        );
        schema.insert("required".into(), json!(["hooks"]));
    } else {
        schema.insert("title".into(), json!("Claude Code settings: hooks"));
        schema.insert(
            "description".into(),
            json!("The `hooks` key of a Claude Code settings file (`.claude/settings.json`, `.claude/settings.local.json`, `~/.claude/settings.json`, managed settings); the file's other keys are not described here. Covers `onFailure` and `once`, which the SchemaStore schema lacks."),
        );
        schema.insert("properties".into(), json!({ "hooks": hooks }));
    }
    schema.insert("$defs".into(), Value::Object(defs));
    Ok(Value::Object(schema))
}

// ---------------------------------------------------------------------------------------------
// Per-event inputs and answers
// ---------------------------------------------------------------------------------------------

/// The schema of one input field's value (without null).
fn input_type(ty: InputType) -> Value {
    let object_list = |properties: Value| json!({ "type": "array", "items": { "type": "object", "properties": properties } });
    match ty {
        InputType::String | InputType::CursorVersion => json!({ "type": "string" }),
        InputType::Bool => json!({ "type": "boolean" }),
        InputType::Integer => json!({ "type": "integer" }),
        InputType::Number => json!({ "type": "number" }),
        InputType::StringList => json!({ "type": "array", "items": { "type": "string" } }),
        InputType::StringMap => {
            json!({ "type": "object", "additionalProperties": { "type": "string" } })
        }
        InputType::Json => json!({}),
        InputType::ToolInput => json!({ "type": ["object", "string"] }),
        InputType::Attachments => object_list(json!({
            "type": { "type": "string" },
            "file_path": { "type": "string" },
            "filePath": { "type": "string" },
        })),
        InputType::FileEdits => object_list(json!({
            "old_string": { "type": "string" },
            "new_string": { "type": "string" },
        })),
        InputType::TabEdits => object_list(json!({
            "old_string": { "type": "string" },
            "new_string": { "type": "string" },
        })),
        InputType::ModelParams => object_list(json!({ "id": { "type": "string" } })),
        InputType::Object => json!({ "type": "object" }),
        InputType::ObjectList => json!({ "type": "array", "items": { "type": "object" } }),
    }
}

/// The schema of one input field: its type, `null` too when optional, and its doc.
fn input_property(field: &InputField, event_name: &str) -> Value {
    let mut schema = if field.name == "hook_event_name" {
        json!({ "const": event_name })
    } else {
        input_type(field.ty)
    };
    if field.optional {
        schema = match schema.get("type").cloned() {
            Some(Value::String(ty)) => {
                schema["type"] = json!([ty, "null"]);
                schema
            }
            Some(Value::Array(mut types)) => {
                types.push(json!("null"));
                schema["type"] = Value::Array(types);
                schema
            }
            _ if schema == json!({}) => schema,
            _ => json!({ "anyOf": [schema, { "type": "null" }] }),
        };
    }
    schema["description"] = json!(field.doc);
    schema
}

/// An input object: the fields' properties, the required ones, unknown keys allowed.
fn input_object(
    title: String,
    description: String,
    event_name: &str,
    fields: &[&InputField],
) -> Value {
    let mut properties = Map::new();
    let mut required = Vec::new();
    let mut any_of = Vec::new();
    for field in fields {
        properties.insert(field.name.clone(), input_property(field, event_name));
        for alias in &field.aliases {
            properties.insert(alias.clone(), input_property(field, event_name));
        }
        if field.is_required() {
            if field.aliases.is_empty() {
                required.push(json!(field.name));
            } else {
                let names = std::iter::once(&field.name).chain(&field.aliases);
                any_of.push(json!({
                    "anyOf": names.map(|name| json!({ "required": [name] })).collect::<Vec<_>>()
                }));
            }
        }
    }
    let mut schema = Map::new();
    schema.insert("$schema".into(), json!(DRAFT));
    schema.insert("title".into(), json!(title));
    schema.insert("description".into(), json!(description));
    schema.insert("type".into(), json!("object"));
    schema.insert("properties".into(), Value::Object(properties));
    schema.insert("required".into(), Value::Array(required));
    if !any_of.is_empty() {
        schema.insert("allOf".into(), Value::Array(any_of));
    }
    // Tolerant: editors add keys over time and the runtime ignores the ones it does not know.
    schema.insert("additionalProperties".into(), json!(true));
    Value::Object(schema)
}

fn cursor_input(spec: &Spec, event: &Event) -> Result<Value, String> {
    let fields: Vec<&InputField> = spec
        .common_fields
        .iter()
        .filter(|field| !field.absent_on.contains(&event.name))
        .chain(&event.input)
        .collect();
    Ok(input_object(
        format!("Cursor {} input", event.name),
        format!(
            "What Cursor writes to a `{}` hook's stdin. {} Unknown keys are allowed: Cursor adds keys over time and the runtime ignores the ones it does not know.",
            event.name, event.fires
        ),
        &event.name,
        &fields,
    ))
}

fn cursor_response_type(ty: ResponseType) -> Value {
    match ty {
        ResponseType::String => json!({ "type": "string" }),
        ResponseType::Bool => json!({ "type": "boolean" }),
        ResponseType::StringMap => {
            json!({ "type": "object", "additionalProperties": { "type": "string" } })
        }
        ResponseType::Json => json!({}),
        ResponseType::StringList => json!({ "type": "array", "items": { "type": "string" } }),
    }
}

fn cursor_output(event: &Event, host: &Value) -> Value {
    let mut properties = Map::new();
    if !event.response.permission.is_empty() {
        let values: Vec<&str> = event
            .response
            .permission
            .iter()
            .map(|value| value.as_str())
            .collect();
        properties.insert(
            "permission".into(),
            json!({ "enum": values, "description": "Whether the action may run." }),
        );
    }
    for field in &event.response.fields {
        let mut schema = cursor_response_type(field.ty);
        schema["description"] = json!(field.doc);
        properties.insert(field.wire.clone(), schema);
    }
    // Claude Code's answer shapes Cursor also reads on these events (spec/cursor/host.json
    // `claude_outputs`).
    let outputs = &host["claude_outputs"];
    let named = |list: &Value| {
        list.as_array()
            .is_some_and(|events| events.iter().any(|e| e == event.name.as_str()))
    };
    if named(&outputs["permission_events"]) {
        if let (Some(object), Some(decision), Some(reason), Some(updated)) = (
            outputs["permission_object"].as_str(),
            outputs["permission_decision"].as_str(),
            outputs["permission_reason"].as_str(),
            outputs["permission_updated_input"].as_str(),
        ) {
            let values: Vec<&str> = event
                .response
                .permission
                .iter()
                .map(|value| value.as_str())
                .collect();
            properties.insert(
                object.into(),
                json!({
                    "type": "object",
                    "description": "Claude Code's answer shape, which Cursor also reads here.",
                    "properties": {
                        decision: { "enum": values },
                        reason: { "type": "string" },
                        updated: {},
                    },
                }),
            );
        }
    }
    if named(&outputs["followup_events"]) {
        if let (Some(decision), Some(reason)) = (
            outputs["followup_decision"].as_str(),
            outputs["followup_reason"].as_str(),
        ) {
            properties.insert(
                "decision".into(),
                json!({ "const": decision, "description": "Claude Code's answer shape, read by Cursor as a follow-up." }),
            );
            properties.insert(reason.into(), json!({ "type": "string" }));
        }
    }
    let mut schema = Map::new();
    schema.insert("$schema".into(), json!(DRAFT));
    schema.insert(
        "title".into(),
        json!(format!("Cursor {} answer", event.name)),
    );
    schema.insert(
        "description".into(),
        json!(format!(
            "What a `{}` hook may print on stdout (one JSON object; `{{}}` is no opinion): only the keys Cursor reads for this event (since 2.0; a few events have an `.output-1.7` schema for Cursor 1.7).",
            event.name
        )),
    );
    schema.insert("type".into(), json!("object"));
    schema.insert("properties".into(), Value::Object(properties));
    schema.insert("additionalProperties".into(), json!(false));
    Value::Object(schema)
}

/// The answer to a 1.7-era payload (no `cursor_version`, no `model`), as spec/cursor/compat.json
/// `legacy-1.7-format` writes it: `continue` beside `permission`, each message under its
/// `wire_1_7` key, no field without one.
fn cursor_output_1_7(event: &Event, effect: &str) -> Value {
    let mut properties = Map::new();
    if !event.response.permission.is_empty() {
        let values: Vec<&str> = event
            .response
            .permission
            .iter()
            .map(|value| value.as_str())
            .collect();
        properties.insert(
            "permission".into(),
            json!({ "enum": values, "description": "Whether the action may run." }),
        );
    }
    properties.insert(
        "continue".into(),
        json!({ "type": "boolean", "description": "Whether the agent goes on." }),
    );
    for field in &event.response.fields {
        if let Some(wire) = &field.wire_1_7 {
            let mut schema = cursor_response_type(field.ty);
            schema["description"] = json!(field.doc);
            properties.insert(wire.clone(), schema);
        }
    }
    json!({
        "$schema": DRAFT,
        "title": format!("Cursor 1.7 {} answer", event.name),
        "description": format!("What a `{}` hook may print on stdout to Cursor 1.7 (a payload without `cursor_version` and `model`). {effect}", event.name),
        "type": "object",
        "properties": properties,
        "additionalProperties": false,
    })
}

/// GitHub Copilot CLI's hooks file (`.github/hooks/*.json`, `~/.copilot/hooks/*.json`, a
/// plugin's): `version` 1 and, per event, a list of flat entries with the keys of
/// spec/copilot/host.json `handler_keys`. Entries are left open to other keys: what Copilot does
/// with an unknown key is not recorded.
fn copilot_hooks(copilot: &ClaudeSpec, host: &Value) -> Result<Value, String> {
    const FILE: &str = "spec/copilot/host.json";
    let keys = host["handler_keys"]
        .as_array()
        .ok_or(format!("{FILE}: no handler_keys"))?;
    let handler = host["handler_types"]
        .get(0)
        .ok_or(format!("{FILE}: no handler_types"))?;
    let mut properties = Map::new();
    for key in keys {
        let name = str_at(key, "/name", FILE)?;
        let mut schema = match key["values"].as_array() {
            Some(values) => json!({ "enum": values }),
            None => claude_key_type(str_at(key, "/type", FILE)?)?,
        };
        schema["description"] = json!(str_at(key, "/doc", FILE)?);
        properties.insert(name.to_owned(), schema);
    }
    let mut required = vec![json!("type")];
    required.extend(handler["required"].as_array().cloned().unwrap_or_default());
    let mut events = Map::new();
    for event in &copilot.events {
        events.insert(
            event.name.clone(),
            json!({
                "type": "array",
                "items": { "$ref": "#/$defs/entry" },
                "description": event.fires,
            }),
        );
    }
    Ok(json!({
        "$schema": DRAFT,
        "title": "GitHub Copilot CLI hooks file",
        "description": format!(
            "A GitHub Copilot CLI hooks file: `.github/hooks/*.json` (a trusted folder's), `~/.copilot/hooks/*.json`, or the file a plugin's `plugin.json` names. Unknown event names are not described here. Default timeout {} s.",
            handler["timeout_seconds"]
        ),
        "type": "object",
        "required": ["version", "hooks"],
        "properties": {
            "version": { "const": 1, "description": "The file format's version." },
            "hooks": {
                "type": "object",
                "properties": events,
                "description": "Each event's entries, run in file order.",
            },
        },
        "$defs": {
            "entry": {
                "type": "object",
                "properties": properties,
                "required": required,
                "description": "One command hook.",
            },
        },
    }))
}

fn claude_input(
    family: &Family,
    claude: &ClaudeSpec,
    event: &crate::claude_model::ClaudeEvent,
) -> Result<Value, String> {
    let mut fields = Vec::new();
    for field in claude
        .common_fields
        .iter()
        .filter(|field| !field.absent_on.contains(&event.name))
        .chain(&event.input)
    {
        fields.push(field.input_field()?);
    }
    let fields: Vec<&InputField> = fields.iter().collect();
    let product = family.product;
    Ok(input_object(
        format!("{product} {} input", event.name),
        format!(
            "What {product} writes to a `{}` hook's stdin. {} Unknown keys are allowed: {product} adds keys over time and the runtime ignores the ones it does not know.",
            event.name, event.fires
        ),
        &event.name,
        &fields,
    ))
}

fn claude_answer_type(
    field: &crate::claude_model::ClaudeAnswerField,
    permission_update: &Value,
) -> Result<Value, String> {
    let mut schema = match field.ty.as_str() {
        "string" => json!({ "type": "string" }),
        "bool" => json!({ "type": "boolean" }),
        "string_list" => json!({ "type": "array", "items": { "type": "string" } }),
        "enum" => json!({ "enum": field.values }),
        "json" => json!({}),
        "object" if field.fields.is_empty() => json!({ "type": "object" }),
        "object" => {
            let mut properties = Map::new();
            for inner in &field.fields {
                properties.insert(
                    inner.wire.clone(),
                    claude_answer_type(inner, permission_update)?,
                );
            }
            json!({ "type": "object", "properties": properties, "additionalProperties": false })
        }
        "permission_updates" => json!({
            "type": "array",
            "items": {
                "type": "object",
                "required": ["type"],
                "properties": {
                    "type": { "enum": permission_update["types"] },
                    "destination": { "enum": permission_update["destinations"] },
                },
            },
        }),
        other => {
            return Err(format!(
                "spec/claude-code/events.json: answer type `{other}`"
            ))
        }
    };
    let mut doc = field.doc.clone();
    if let Some(since) = &field.since {
        doc.push_str(&format!(" Since Claude Code {since}."));
    }
    schema["description"] = json!(doc);
    Ok(schema)
}

/// An event's answer: the universal keys, `decision` and `reason` where the event blocks, and
/// the event's own keys, under `hookSpecificOutput` or (a flat family's) at the top.
fn claude_output(
    family: &Family,
    claude: &ClaudeSpec,
    event: &crate::claude_model::ClaudeEvent,
    events_json: &Value,
) -> Result<Value, String> {
    let permission_update = &events_json["permission_update"];
    let mut properties = Map::new();
    for field in &claude.universal_response {
        properties.insert(
            field.wire.clone(),
            claude_answer_type(field, permission_update)?,
        );
    }
    if let Some(decision) = &event.response.decision {
        properties.insert(
            "decision".into(),
            json!({ "enum": decision.values, "description": "Blocks the event." }),
        );
        properties.insert(
            "reason".into(),
            json!({ "type": "string", "description": format!("Why; shown to {}.", match decision.reason_to.as_str() {
                "claude" if family.key != CLAUDE_CODE.key => "the model",
                other => other,
            }) }),
        );
    }
    if family.flat {
        for field in &event.response.hook_specific {
            properties.insert(
                field.wire.clone(),
                claude_answer_type(field, permission_update)?,
            );
        }
    } else if !event.response.hook_specific.is_empty() {
        let mut specific = Map::new();
        specific.insert(
            "hookEventName".into(),
            json!({ "const": event.name, "description": "Must name this event, or Claude Code applies none of the answer." }),
        );
        for field in &event.response.hook_specific {
            specific.insert(
                field.wire.clone(),
                claude_answer_type(field, permission_update)?,
            );
        }
        properties.insert(
            "hookSpecificOutput".into(),
            json!({
                "type": "object",
                "properties": specific,
                "required": ["hookEventName"],
                "additionalProperties": false,
            }),
        );
    }
    let mut schema = Map::new();
    schema.insert("$schema".into(), json!(DRAFT));
    schema.insert(
        "title".into(),
        json!(format!("{} {} answer", family.product, event.name)),
    );
    schema.insert(
        "description".into(),
        json!(format!(
            "What a `{}` hook may print on stdout (one JSON object; `{{}}` is no opinion): only the keys {} reads for this event.{}",
            event.name,
            family.product,
            if family.key == CLAUDE_CODE.key {
                " Claude Code applies none of an answer that breaks its output schema."
            } else {
                ""
            }
        )),
    );
    schema.insert("type".into(), json!("object"));
    schema.insert("properties".into(), Value::Object(properties));
    schema.insert("additionalProperties".into(), json!(false));
    Ok(Value::Object(schema))
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

/// Keys written first, in this order; the others follow sorted. Independent of serde_json's
/// `preserve_order` feature, which another crate of a build may turn on.
const KEY_ORDER: [&str; 12] = [
    "$schema",
    "title",
    "description",
    "type",
    "const",
    "enum",
    "required",
    "properties",
    "additionalProperties",
    "items",
    "if",
    "then",
];

/// Pretty JSON with two-space indents, keys in [`KEY_ORDER`], a final newline.
fn to_text(value: &Value) -> String {
    let mut out = String::new();
    write_value(&mut out, value, 0);
    out.push('\n');
    out
}

fn write_value(out: &mut String, value: &Value, depth: usize) {
    let indent = |depth: usize| "  ".repeat(depth);
    match value {
        Value::Object(map) if !map.is_empty() => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort_by_key(|key| {
                (
                    KEY_ORDER
                        .iter()
                        .position(|k| k == key)
                        .unwrap_or(KEY_ORDER.len()),
                    key.as_str(),
                )
            });
            out.push_str("{\n");
            for (index, key) in keys.iter().enumerate() {
                out.push_str(&indent(depth + 1));
                out.push_str(&Value::String((*key).clone()).to_string());
                out.push_str(": ");
                write_value(out, &map[key.as_str()], depth + 1);
                if index + 1 < keys.len() {
                    out.push(',');
                }
                out.push('\n');
            }
            out.push_str(&indent(depth));
            out.push('}');
        }
        Value::Array(items) if !items.is_empty() => {
            out.push_str("[\n");
            for (index, item) in items.iter().enumerate() {
                out.push_str(&indent(depth + 1));
                write_value(out, item, depth + 1);
                if index + 1 < items.len() {
                    out.push(',');
                }
                out.push('\n');
            }
            out.push_str(&indent(depth));
            out.push(']');
        }
        other => out.push_str(&other.to_string()),
    }
}
