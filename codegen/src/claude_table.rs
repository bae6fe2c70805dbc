//! `spec-crate/src/gen/claude.rs` and `codex.rs`: a Claude-family host's event table
//! (`cursor_hooks_spec::claude`, `cursor_hooks_spec::codex`), which the macro, the runtime and
//! the `cursor-hooks` command share, as `table.rs` writes Cursor's. The hosts share one
//! `EventInfo`, defined in Claude Code's table.

use crate::claude_model::{ClaudeEvent, ClaudeHost, ClaudeSpec, Family, PermissionUpdate};
use crate::write::{doc, fill, lit, option_lit, str_list};

/// The table, from both files of the family's spec directory.
pub(crate) fn file(
    family: &Family,
    spec: &ClaudeSpec,
    host: &ClaudeHost,
) -> Result<String, String> {
    let spec_dir = family.spec_dir;
    let product = family.product;
    let name = family.name();
    let mut out = String::from("use super::super::claude::{Category, Exit2, PlainStdout};\n\n");
    if family.imported {
        doc(
            &mut out,
            "One event as a Claude-family host's `events.json` describes it.",
        );
        out.push_str(EVENT_INFO);
    } else {
        out.push_str("pub use super::claude::EventInfo;\n\n");
    }
    doc(
        &mut out,
        &format!("Every event, in the order of `{spec_dir}/events.json`."),
    );
    out.push_str("pub const EVENTS: &[EventInfo] = &[\n");
    for event in &spec.events {
        out.push_str(&row(event, host)?);
    }
    out.push_str("];\n\n");
    rest(&mut out, family, spec, host)?;
    // The first event by its name, and the same name in the other case (another host's).
    let first = spec.events.first().map_or("", |event| &event.name);
    let mut other_case = first.chars();
    let other_case: String = other_case
        .next()
        .map(|c| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        })
        .into_iter()
        .chain(other_case)
        .collect();
    doc(
        &mut out,
        &format!(
            "The event named `name`, if {product} has one.

```
assert!(cursor_hooks_spec::{name}::info(\"{first}\").is_some());
assert!(cursor_hooks_spec::{name}::info(\"{other_case}\").is_none());
```"
        ),
    );
    out.push_str("pub fn info(name: &str) -> Option<&'static EventInfo> {\nEVENTS.iter().find(|event| event.name == name)\n}\n");
    Ok(out)
}

/// The row type every Claude-family table shares.
const EVENT_INFO: &str = "#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EventInfo {
/// The settings key and `hook_event_name` (PascalCase).
pub name: &'static str,
/// The Rust input type's name.
pub type_name: &'static str,
/// What kind of answer it accepts.
pub category: Category,
/// Whether a hook can stop or change the action.
pub can_block: bool,
/// What exit 2 does.
pub exit_2: Exit2,
/// What exit-0 plain text on stdout becomes.
pub plain_stdout: PlainStdout,
/// The top-level `decision` values it reads (empty when it reads none).
pub decision: &'static [&'static str],
/// The `hookSpecificOutput.permissionDecision` values it reads (empty when it has none).
pub permission_decision: &'static [&'static str],
/// `permissionDecision` values it also reads that the typed answer leaves out on purpose.
pub permission_decision_not_offered: &'static [&'static str],
/// The keys it reads inside `hookSpecificOutput`, besides `hookEventName`.
pub hook_specific: &'static [&'static str],
/// Keys it also reads inside `hookSpecificOutput` that the typed answer leaves out on purpose.
pub hook_specific_not_offered: &'static [&'static str],
/// The event's own default timeout in milliseconds; `None` when the handler type's applies.
pub timeout_ms: Option<u32>,
/// The longest timeout the host lets a handler of it have, in seconds (a longer one is clamped).
pub timeout_max_seconds: Option<u32>,
/// What `matcher` is tested against, when the event has a subject.
pub matcher_subject: Option<&'static str>,
/// Known subject values; empty when the subject is open or the event has none.
pub matcher_values: &'static [&'static str],
/// Whether subjects beyond `matcher_values` occur (custom agents, MCP tools).
pub matcher_open: bool,
/// The prefix of subjects beyond `matcher_values` (`mcp__`), if there is one.
pub matcher_open_prefix: Option<&'static str>,
/// The Cursor event Cursor runs a hook of this event as, when it imports Claude Code's settings.
pub cursor_event: Option<&'static str>,
/// Whether Claude Code's `onFailure: \"block\"` has an effect here (`fail_closed` in
/// host.json): where it has none, `install --claude` writes no `onFailure`. (`fail =
/// \"closed\"` follows `can_block`: the hook's own failure answer blocks on every such event.)
pub fail_closed: bool,
/// Whether the official docs describe it (`false`: seen only in the binary).
pub documented: bool,
/// Whether it fired in the recordings of the real Claude Code.
pub recorded: bool,
}

";

/// The constants after the rows.
fn rest(
    out: &mut String,
    family: &Family,
    spec: &ClaudeSpec,
    host: &ClaudeHost,
) -> Result<(), String> {
    let spec_dir = family.spec_dir;
    let product = family.product;
    // One rule, kept in host.json with its source: `events` and `ignored_on` share out the
    // events whose `can_block` is true.
    let ignored = &host.fail_closed.ignored_on;
    let honoured: Vec<&str> = spec
        .events
        .iter()
        .filter(|event| event.can_block && !ignored.contains(&event.name))
        .map(|event| &*event.name)
        .collect();
    let listed: Vec<&str> = host.fail_closed.events.iter().map(String::as_str).collect();
    let stray = ignored
        .iter()
        .find(|name| !spec.events.iter().any(|e| e.can_block && &e.name == *name));
    if listed != honoured || stray.is_some() {
        return Err(format!(
            "{spec_dir}/host.json: `fail_closed.events` must be the events whose `can_block` is true but for `ignored_on` (itself events whose `can_block` is true), in events.json's order: {honoured:?}"
        ));
    }
    doc(
        out,
        &format!(
            "The built-in tools of {product} {}, as `tools` in host.json names them: the known\nvalues of a `tool_name` matcher subject.",
            host.tools.version
        ),
    );
    out.push_str(&format!(
        "pub const TOOLS: &[&str] = &{};\n\n",
        str_list(&host.tools.names)
    ));
    doc(
        out,
        &format!(
            "Events {product} runs that are not typed here (`untyped_events` in host.json, each with\nwhy): a hook on one runs, but no handler can be written for it."
        ),
    );
    let untyped: Vec<String> = host.untyped_events.iter().map(|e| e.name.clone()).collect();
    out.push_str(&format!(
        "pub const UNTYPED_EVENTS: &[&str] = &{};\n\n",
        str_list(&untyped)
    ));
    doc(
        out,
        &format!("The {product} version `TOOLS` was read from."),
    );
    out.push_str(&format!(
        "pub const TOOLS_VERSION: &str = {};\n\n",
        lit(&host.tools.version)
    ));
    let timeout = host
        .handler_types
        .iter()
        .find(|handler| handler.ty == "command")
        .ok_or_else(|| format!("{spec_dir}/host.json: no `command` handler type"))?
        .timeout_seconds;
    doc(
        out,
        "A `command` handler's timeout in seconds where neither the hook nor its event sets one.",
    );
    out.push_str(&format!(
        "pub const COMMAND_TIMEOUT_SECONDS: u32 = {timeout};\n\n"
    ));
    type Values = fn(&PermissionUpdate) -> &Vec<String>;
    let lists: [(&str, &str, Values); 4] = [
        ("TYPES", "The kinds (`type`) a `PermissionRequest` answer's `updatedPermissions` entry may be", |u| &u.types),
        ("DESTINATIONS", "The `destination`s an `updatedPermissions` entry may name", |u| &u.destinations),
        ("BEHAVIORS", "The `behavior`s of an `updatedPermissions` rules entry (`addRules`, `replaceRules`, `removeRules`)", |u| &u.behaviors),
        ("MODES", "The `mode`s of an `updatedPermissions` `setMode` entry", |u| &u.modes),
    ];
    for (name, what, values) in lists {
        let values: Vec<String> = spec
            .permission_update
            .iter()
            .flat_map(|update| values(update).iter().map(|v| lit(v)))
            .collect();
        doc(
            out,
            &format!("{what}; an entry with another breaks the output schema."),
        );
        out.push_str(&format!(
            "pub const PERMISSION_UPDATE_{name}: &[&str] = &[{}];\n\n",
            values.join(", ")
        ));
    }
    doc(
        out,
        "The `matcher` values that match every subject, as no matcher does.",
    );
    out.push_str(&format!(
        "pub const MATCH_ALL: &[&str] = &{};\n\n",
        str_list(&host.matcher.match_all)
    ));
    doc(
        out,
        "The top-level answer keys every event accepts (`continue`, `systemMessage`, ...).",
    );
    let universal: Vec<&str> = spec
        .universal_response
        .iter()
        .map(|field| &*field.wire)
        .collect();
    out.push_str(&format!(
        "pub const UNIVERSAL_RESPONSE: &[&str] = &{};\n\n",
        str_list(&universal)
    ));
    // Cursor's import of the family's files: only where another host runs them.
    if family.imported {
        doc(
        out,
        "Claude Code's tool names and the Cursor tool types Cursor runs them as, `(claude, cursor)`,
in name order. Two Claude tools may share a Cursor tool (`Edit` and `Write` are `Write`).",
    );
        pair_table(out, "TOOL_MAP", &host.cursor.tool_map);
        doc(
            out,
            "The Claude Code tool names Cursor's import drops from a matcher (with a warning).",
        );
        out.push_str(&format!(
            "pub const TOOL_MAP_DROPPED: &[&str] = &{};\n\n",
            str_list(&host.cursor.tool_map_dropped)
        ));
        doc(
        out,
        "Claude Code's events and the Cursor events Cursor's import runs them as, `(claude, cursor)`,
in name order: `EventInfo::cursor_event` alone, for code that must not link the event table.

```
assert!(cursor_hooks_spec::claude::EVENT_MAP.contains(&(\"PreToolUse\", \"preToolUse\")));
```",
    );
        pair_table(out, "EVENT_MAP", &host.cursor.event_map);
    }
    Ok(())
}

fn row(event: &ClaudeEvent, host: &ClaudeHost) -> Result<String, String> {
    let permission_field = event
        .response
        .hook_specific
        .iter()
        .find(|field| field.wire == "permissionDecision");
    let permission = permission_field
        .map(|field| field.values.clone())
        .unwrap_or_default();
    let permission_not_offered = permission_field
        .map(|field| field.not_offered.clone())
        .unwrap_or_default();
    let decision = event
        .response
        .decision
        .as_ref()
        .map(|decision| decision.values.clone())
        .unwrap_or_default();
    let hook_specific: Vec<&str> = event
        .response
        .hook_specific
        .iter()
        .map(|field| &*field.wire)
        .collect();
    // A tool event's subject is a tool's name: the recorded binary's tools, not a list kept
    // by hand per event.
    // A tool subject, by each host's key (Copilot's camelCase `toolName`).
    let values = if matches!(
        event.matcher_subject.as_deref(),
        Some("tool_name" | "toolName")
    ) {
        if !event.matcher_values.is_empty() {
            return Err(format!(
                "spec/claude-code/events.json: {}: a `tool_name` subject takes its values from host.json `tools`; leave `matcher_values` empty",
                event.name
            ));
        }
        &host.tools.names
    } else {
        &event.matcher_values
    };
    let timeout = match event.timeout_seconds {
        Some(seconds) => format!("Some({})", (seconds * 1000.0).round() as u32),
        None => "None".to_owned(),
    };
    Ok(fill(
        "EventInfo { name: {name}, type_name: {ty}, category: Category::{category}, can_block: {can_block}, exit_2: Exit2::{exit_2}, plain_stdout: PlainStdout::{plain}, decision: &{decision}, permission_decision: &{permission}, permission_decision_not_offered: &{permission_not_offered}, hook_specific: &{specific}, hook_specific_not_offered: &{specific_not_offered}, timeout_ms: {timeout}, timeout_max_seconds: {timeout_max}, matcher_subject: {subject}, matcher_values: &{values}, matcher_open: {open}, matcher_open_prefix: {prefix}, cursor_event: {cursor}, fail_closed: {fail_closed}, documented: {documented}, recorded: {recorded} },\n",
        &[
            ("name", &lit(&event.name)),
            ("ty", &lit(&event.ty)),
            ("category", &variant("category", &event.category)?),
            ("can_block", &event.can_block.to_string()),
            ("exit_2", &variant("exit_2", &event.exit_2)?),
            ("plain", &variant("plain_stdout", &event.plain_stdout)?),
            ("decision", &str_list(&decision)),
            ("permission", &str_list(&permission)),
            ("permission_not_offered", &str_list(&permission_not_offered)),
            ("specific", &str_list(&hook_specific)),
            ("specific_not_offered", &str_list(&event.not_offered)),
            ("timeout", &timeout),
            (
                "timeout_max",
                &event
                    .timeout_max_seconds
                    .map_or("None".to_owned(), |max| format!("Some({max})")),
            ),
            ("subject", &option_lit(event.matcher_subject.as_deref())),
            ("values", &str_list(values)),
            ("open", &event.matcher_open.to_string()),
            ("prefix", &option_lit(event.matcher_open_prefix.as_deref())),
            ("cursor", &option_lit(host.cursor.event_map.get(&event.name).map(String::as_str))),
            ("fail_closed", &host.fail_closed.events.contains(&event.name).to_string()),
            ("documented", &event.documented.to_string()),
            ("recorded", &event.recorded.to_string()),
        ],
    ))
}

/// The Rust variant of a closed-set spec value (`stderr_to_user` → `StderrToUser`); the closed
/// sets themselves are checked by `codegen/tests/claude_spec.rs`.
fn variant(key: &str, value: &str) -> Result<String, String> {
    if value.is_empty()
        || !value
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b == b'_' || b.is_ascii_digit())
    {
        return Err(format!(
            "spec/claude-code/events.json: `{key}` value {value:?} is not a snake_case name"
        ));
    }
    Ok(crate::write::upper_camel(value))
}

/// `pub const NAME: &[(&str, &str)]` holding `map`'s pairs, `(claude, cursor)`, in name order.
fn pair_table(out: &mut String, name: &str, map: &std::collections::BTreeMap<String, String>) {
    let pairs: Vec<String> = map
        .iter()
        .map(|(claude, cursor)| format!("({}, {})", lit(claude), lit(cursor)))
        .collect();
    out.push_str(&format!(
        "pub const {name}: &[(&str, &str)] = &[{}];\n\n",
        pairs.join(", ")
    ));
}
