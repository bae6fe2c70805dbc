//! `runtime/src/gen/claude/`: Claude Code's input types, response types, test fixtures and
//! answer conversions, from `spec/claude-code/events.json` ([`crate::claude_model`]). The input
//! types use the Cursor templates of `events.rs` (one parser design for both hosts); the
//! responses are Claude's own shape (top-level keys, `decision`, `hookSpecificOutput`).

use crate::claude_model::{
    ClaudeAnswerField as ResponseField, ClaudeEvent, ClaudeLoaded, ClaudeSpec, Family,
};
use crate::model::{InputField, InputType};
use crate::write::{doc, fill, ident, line, lit, raw_lit, sources_line, upper_camel};
use std::collections::BTreeMap;

/// Events whose answer Cursor reads in its own flat form when it runs a Claude entry
/// (host.json `cursor.outputs`), with the runtime function that writes that form. Every other
/// event is answered in Claude's form under both editors.
const CURSOR_FORMS: &[(&str, &str)] = &[("PreToolUse", "crate::claude::cursor::pre_tool_use")];

/// Events whose answer GitHub Copilot CLI reads in its own flat form when it runs a Claude
/// entry (host.json `copilot.outputs`), with the runtime function that writes that form.
const COPILOT_FORMS: &[(&str, &str)] = &[
    (
        "PermissionRequest",
        "crate::claude::copilot::permission_request",
    ),
    (
        "UserPromptSubmit",
        "crate::claude::copilot::user_prompt_submit",
    ),
];

/// The generated files: (path under the workspace root, text).
pub(crate) fn files(
    family: &Family,
    claude: &ClaudeLoaded,
    cursor: &crate::model::Spec,
) -> Result<Vec<(String, String)>, String> {
    let spec = &Spec::of(*family, claude, cursor)?;
    let enums = Enums::of(spec);
    let dir = family.gen_dir;
    Ok(vec![
        (format!("{dir}/events.rs"), events(spec)),
        (format!("{dir}/responses.rs"), responses(spec, &enums)),
        (format!("{dir}/fixtures.rs"), fixtures(spec)),
        (format!("{dir}/outcomes.rs"), outcomes(spec)),
    ])
}

/// The spec as the generators read it: input fields in the Cursor model (for the shared
/// templates) and each event's Cursor name.
struct Spec<'a> {
    /// The host being typed: its runtime module and product name.
    family: Family,
    raw: &'a ClaudeSpec,
    common_fields: Vec<InputField>,
    universal_response: &'a [ResponseField],
    events: Vec<Event<'a>>,
}

/// One event, with its input fields in the Cursor model.
struct Event<'a> {
    raw: &'a ClaudeEvent,
    input: Vec<InputField>,
    cursor_event: Option<&'a str>,
    /// The fields Cursor's payload for `cursor_event` always carries (the rest it may leave
    /// out or send in another type, so its road reads them as optional).
    cursor_required: Vec<&'a str>,
    name: &'a str,
    ty: &'a str,
    decision: Option<&'a crate::claude_model::ClaudeDecision>,
    hook_specific: &'a [ResponseField],
}

impl<'a> Spec<'a> {
    fn of(
        family: Family,
        claude: &'a ClaudeLoaded,
        cursor: &'a crate::model::Spec,
    ) -> Result<Spec<'a>, String> {
        let raw = &claude.spec;
        let mut events = Vec::new();
        for event in &raw.events {
            let input = event
                .input
                .iter()
                .map(crate::claude_model::ClaudeField::input_field)
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| format!("spec/claude-code/events.json: {}: {e}", event.name))?;
            let cursor_event = claude
                .host
                .cursor
                .event_map
                .get(&event.name)
                .map(String::as_str);
            let cursor_required = match cursor_event {
                Some(name) => {
                    let Some(cursor_event) = cursor.events.iter().find(|e| e.name == name) else {
                        return Err(format!(
                            "spec/claude-code/host.json: cursor.event_map maps {} to `{name}`, which spec/cursor/events.json lacks",
                            event.name
                        ));
                    };
                    cursor
                        .common_fields
                        .iter()
                        .chain(&cursor_event.input)
                        .filter(|field| !field.optional)
                        .map(|field| field.name.as_str())
                        .collect()
                }
                None => Vec::new(),
            };
            events.push(Event {
                raw: event,
                input,
                cursor_event,
                cursor_required,
                name: &event.name,
                ty: &event.ty,
                decision: event.response.decision.as_ref(),
                hook_specific: &event.response.hook_specific,
            });
        }
        Ok(Spec {
            family,
            raw,
            common_fields: raw
                .common_fields
                .iter()
                .map(crate::claude_model::ClaudeField::input_field)
                .collect::<Result<_, _>>()?,
            universal_response: &raw.universal_response,
            events,
        })
    }

    fn readable(&self, source: &str) -> String {
        self.raw.readable(source)
    }

    /// Whether its payloads name their event (`hook_event_name` is a common field): else only
    /// the wiring does (GitHub Copilot CLI's own events).
    fn named(&self) -> bool {
        self.common_fields
            .iter()
            .any(|field| field.name == "hook_event_name")
    }
}

/// What `Common`'s doc says of its required fields.
fn required_doc(spec: &Spec<'_>) -> String {
    let names: Vec<String> = spec
        .common_fields
        .iter()
        .filter(|field| !field.optional && field.name != "hook_event_name")
        .map(|field| format!("`{}`", field.name))
        .collect();
    let listed = match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    };
    let read = format!("{listed} read as empty when absent");
    if spec.named() {
        format!("{read}{{why}}; `hook_event_name` is required.")
    } else {
        format!("{read}{{why}}; the payloads name no event: the wiring does.")
    }
}

impl Event<'_> {
    /// The top-level keys every event answers with that this event's closed answer schema
    /// declares and its host reads (Codex's Interrupt reads only `systemMessage`, its PreToolUse
    /// rejects `continue`).
    fn universal<'s>(&self, spec: &'s Spec<'_>) -> Vec<&'s ResponseField> {
        spec.universal_response
            .iter()
            .filter(|field| {
                !self.raw.universal_except.contains(&field.wire)
                    && !self.raw.not_offered.contains(&field.wire)
            })
            .collect()
    }

    fn is_observe(&self) -> bool {
        self.raw.is_observe()
    }
    fn response_ty(&self) -> String {
        self.raw.response_ty()
    }
    fn specific(&self, name: &str) -> Option<&ResponseField> {
        self.raw.specific(name)
    }
}

// ---------------------------------------------------------------- input types

fn events(spec: &Spec<'_>) -> String {
    let mut out = fill(
        "\
use {module}::event::{Category, Event, ValueKind};
use crate::de::{missing, Fields, Key};
use crate::extra::Extra;
#[allow(unused_imports)] // only when some field is a tool input
use crate::types::ToolInput;
use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
#[allow(unused_imports)] // only when some field is any JSON or an object
use serde_json::{Map, Value};
#[allow(unused_imports)] // only when some field is a string map
use std::collections::BTreeMap;
use std::fmt;

",
        &[("module", spec.family.module)],
    );
    doc(
        &mut out,
        &fill(
            "The fields every {product} event carries (see `{spec_dir}/events.json`,
`common_fields`).

{required}",
            &[
                ("product", spec.family.product),
                ("spec_dir", spec.family.spec_dir),
                ("required", &required_doc(spec)),
                (
                    "why",
                    if spec.family.imported {
                        " (a payload another host sends for one of its\nentries may lack them)"
                    } else {
                        "\n"
                    },
                ),
            ],
        ),
    );
    out.push_str("#[derive(Debug, Clone, PartialEq, Default)]\npub struct Common {\n");
    for field in &spec.common_fields {
        crate::events::struct_field(&mut out, &spec.readable(&field.source), field);
    }
    out.push_str("}\n\n");
    crate::events::common_impl(&mut out, &spec.common_fields);
    for event in &spec.events {
        input_type(&mut out, spec, event);
    }
    let types: Vec<&str> = spec.events.iter().map(|event| event.ty).collect();
    out.push_str(&fill(
        "/// Calls `$callback!(SessionStart, ...)` with the {product} input types' names, in the
/// spec's order, for the runtime's code and tests that must cover every event (the names
/// resolve where it expands). Not part of the API: other crates use
/// `cursor_hooks_spec::{host}::EVENTS`.
#[doc(hidden)]
#[macro_export]
macro_rules! __for_each_{host}_event {
($callback:ident) => {
$callback! { {types} }
};
}
",
        &[
            ("types", &types.join(", ")),
            ("product", spec.family.product),
            ("host", spec.family.name()),
        ],
    ));
    lookups(&mut out, spec);
    out
}

/// The event names alone (`is_event`) and a typical payload by name (`fixture`).
fn lookups(out: &mut String, spec: &Spec<'_>) {
    let names: Vec<String> = spec
        .events
        .iter()
        .map(|e| format!("{:?}", e.name))
        .collect();
    let first = spec.events.first().map_or("", |e| e.name);
    out.push_str(&fill(
        "
/// Whether `name` is one of {product}'s events: the names alone, so that a binary's message
/// about a payload it has no handler for does not link the event table. Packed: no
/// relocation per name at every start.
pub(crate) fn is_event(name: &str) -> bool {
const NAMES: &[&str] = &[{names}];
const PACKED: [u8; crate::names::packed_len(NAMES)] = crate::names::pack(NAMES);
crate::names::contains(&PACKED, name)
}

/// A typical payload of the {product} event named `name` (PascalCase), as its `fixture()`
/// builder makes it (see [`testing`](crate::testing)), for tools that start from an event's
/// name.
///
/// ```
/// let payload = cursor_hooks::{host}::fixture(\"{first}\").expect(\"an event\");
/// {named}
/// assert!(cursor_hooks::{host}::fixture(\"{lower}\").is_none());
/// ```
#[cfg(feature = \"testing\")]
pub fn fixture(name: &str) -> Option<Value> {
match name {
",
        &[
            ("product", spec.family.product),
            ("names", &names.join(", ")),
            ("host", spec.family.name()),
            ("first", first),
            ("lower", &first.to_lowercase()),
            (
                "named",
                &if spec.named() {
                    format!("assert_eq!(payload[\"hook_event_name\"], \"{first}\");")
                } else {
                    "assert!(payload.get(\"hook_event_name\").is_none()); // the wiring names the event".to_owned()
                },
            ),
        ],
    ));
    for event in &spec.events {
        out.push_str(&format!(
            "{:?} => Some({}::fixture().to_value()),\n",
            event.name, event.ty
        ));
    }
    out.push_str("_ => None,\n}\n}\n");
    // Where the data says since when each event exists (Claude Code's), `install` holds the
    // installed binary to it.
    if spec.events.iter().any(|event| event.raw.since.is_some()) {
        out.push_str(&format!(
            "\n/// The first {} version with the event named `name`, when known (`install` checks the\n/// installed one against it).\npub(crate) fn since(name: &str) -> Option<&'static str> {{\nmatch name {{\n",
            spec.family.product
        ));
        for event in &spec.events {
            if let Some(since) = &event.raw.since {
                out.push_str(&format!("{:?} => Some({since:?}),\n", event.name));
            }
        }
        out.push_str("_ => None,\n}\n}\n");
    }
}

fn type_doc(spec: &Spec<'_>, event: &Event<'_>) -> String {
    let mut text = format!("`{}`: {}", event.name, event.raw.fires);
    if !event.raw.notes.is_empty() {
        text.push_str(&format!("\n\n{}", event.raw.notes));
    }
    text.push_str(&format!(
        "\n\n- **Category:** {} ({}).",
        event.raw.category,
        if event.raw.can_block {
            "can block"
        } else {
            "cannot block"
        }
    ));
    if event.is_observe() {
        text.push_str(&format!(
            "\n- **May answer:** nothing ({} reads no answer; the handler returns `()`).",
            spec.family.product
        ));
    } else {
        let response = event.response_ty();
        let module = spec.family.module;
        text.push_str(&format!(
            "\n- **May answer:** [`{response}`]({module}::response::{response})."
        ));
    }
    text.push_str(&format!(
        "\n- **Exit 2:** {}.",
        event.raw.exit_2.replace('_', " ")
    ));
    match &event.raw.matcher_subject {
        Some(subject) => text.push_str(&format!("\n- **`matcher` is tested against:** {subject}.")),
        None => text.push_str("\n- **`matcher`:** none."),
    }
    if let Some(cursor) = event.cursor_event {
        text.push_str(&format!("\n- **Cursor runs it as:** `{cursor}`."));
    }
    if !event.raw.documented {
        text.push_str(&format!(
            "\n- **Undocumented:** seen only in the {} binary.",
            spec.family.product
        ));
    }
    if let Some(since) = &event.raw.since {
        text.push_str(&format!("\n- **Since:** {since}."));
    }
    text.push_str(&format!(
        "\n\n{}",
        sources_line(&spec.readable(&event.raw.source))
    ));
    text
}

/// The kind of zero value a required field gets when Cursor's payload lacks it.
fn value_kind(ty: InputType) -> &'static str {
    match ty {
        InputType::String => "String",
        InputType::Bool => "Bool",
        InputType::Integer => "Integer",
        InputType::Number => "Number",
        InputType::StringList | InputType::ObjectList => "List",
        InputType::StringMap | InputType::Object | InputType::ToolInput => "Object",
        _ => "Json",
    }
}

fn input_type(out: &mut String, spec: &Spec<'_>, event: &Event<'_>) {
    let ty = event.ty;
    doc(out, &type_doc(spec, event));
    line(
        out,
        &fill(
            "#[derive(Debug, Clone, PartialEq)]\npub struct {ty} {",
            &[("ty", ty)],
        ),
    );
    out.push_str("/// The fields every event carries.\npub common: Common,\n");
    for field in &event.input {
        crate::events::struct_field(out, &spec.readable(&field.source), field);
    }
    out.push_str(&fill(
        "/// Fields this version of the crate does not know, and known optional fields of an
/// unexpected type, kept as {product} sent them.
pub extra: Extra,
}

",
        &[("product", spec.family.product)],
    ));
    let response = if event.is_observe() {
        "()".to_owned()
    } else {
        format!("{}::response::{}", spec.family.module, event.response_ty())
    };
    let required: Vec<String> = event
        .input
        .iter()
        .filter(|field| field.is_required())
        .map(|field| {
            format!(
                "({}, ValueKind::{})",
                lit(&field.name),
                value_kind(field.ty)
            )
        })
        .collect();
    let cursor = match event.cursor_event {
        Some(name) => format!("Some({})", lit(name)),
        None => "None".to_owned(),
    };
    line(
        out,
        &fill(
            "impl crate::sealed::Sealed for {ty} {}
impl Event for {ty} {
const NAME: &'static str = {name};
const CATEGORY: Category = Category::{category};
type Response = {response};
const CURSOR_EVENT: Option<&'static str> = {cursor};
const REQUIRED: &'static [(&'static str, ValueKind)] = &[{required}];
const CURSOR_REQUIRED: &'static [&'static str] = &[{cursor_required}];
fn common(&self) -> &Common { &self.common }
fn extra(&self) -> &Extra { &self.extra }
}
impl crate::hook::HookEvent for {ty} { type Response = {response}; const WIRE_NAME: &'static str = {name}; }
",
            &[
                ("ty", ty),
                ("name", &lit(event.name)),
                ("category", &event.raw.category_variant()),
                ("response", &response),
                ("cursor", &cursor),
                ("required", &required.join(", ")),
                (
                    "cursor_required",
                    &event
                        .cursor_required
                        .iter()
                        .map(|name| lit(name))
                        .collect::<Vec<_>>()
                        .join(", "),
                ),
            ],
        ),
    );
    crate::events::deserialize(
        out,
        ty,
        event.name,
        &event.input,
        spec.common_fields.len(),
        spec.named(),
    );
    crate::events::serialize(out, ty, &event.input);
}

// ---------------------------------------------------------------- responses

/// The Rust enums of `enum` answer fields: one per distinct (field, values); the first keeps
/// the field's name (`PermissionDecision`), a later one with other values is prefixed with its
/// event's type (`PreModelSwitchPermissionDecision`).
struct Enums {
    /// (event type, field name) → enum name.
    names: BTreeMap<(String, String), String>,
    /// enum name → (values, doc), in the order first seen.
    defs: Vec<(String, Vec<String>, String)>,
}

impl Enums {
    fn of(spec: &Spec<'_>) -> Enums {
        let mut enums = Enums {
            names: BTreeMap::new(),
            defs: Vec::new(),
        };
        for event in &spec.events {
            let mut fields: Vec<&ResponseField> = event.hook_specific.iter().collect();
            for field in event.hook_specific {
                fields.extend(field.fields.iter());
            }
            for field in fields.into_iter().filter(|f| f.ty == "enum") {
                let plain = upper_camel(&field.name);
                let name = match enums.defs.iter().find(|(name, _, _)| *name == plain) {
                    Some((_, values, _)) if *values == field.values => plain,
                    Some(_) => format!("{}{plain}", event.ty),
                    None => {
                        enums
                            .defs
                            .push((plain.clone(), field.values.clone(), field.doc.clone()));
                        plain
                    }
                };
                if !enums.defs.iter().any(|(n, _, _)| *n == name) {
                    enums
                        .defs
                        .push((name.clone(), field.values.clone(), field.doc.clone()));
                }
                enums
                    .names
                    .insert((event.ty.to_owned(), field.name.clone()), name);
            }
        }
        enums
    }

    fn name(&self, event: &Event<'_>, field: &ResponseField) -> &str {
        &self.names[&(event.ty.to_owned(), field.name.clone())]
    }
}

/// The Rust type of an answer field (without `Option`).
fn response_rust(enums: &Enums, event: &Event<'_>, field: &ResponseField) -> String {
    match field.ty.as_str() {
        "string" => "String".to_owned(),
        "bool" => "bool".to_owned(),
        "string_list" => "Vec<String>".to_owned(),
        "json" => "Value".to_owned(),
        "enum" => enums.name(event, field).to_owned(),
        "object" if !field.fields.is_empty() => object_name(event, field),
        "object" => "Value".to_owned(),
        "permission_updates" => "Vec<Value>".to_owned(),
        other => panic!(
            "{}.{}: unknown answer type `{other}`",
            event.name, field.name
        ),
    }
}

/// A typed sub-object's struct: `PermissionRequestDecision`.
fn object_name(event: &Event<'_>, field: &ResponseField) -> String {
    format!("{}{}", event.ty, upper_camel(&field.name))
}

/// The expression writing `self.{id}` as an `Option<Value>`.
fn to_value(field: &ResponseField, this: &str) -> String {
    let id = ident(&field.name);
    match field.ty.as_str() {
        "bool" => format!("{this}.{id}.map(Value::Bool)"),
        "string" => format!("{this}.{id}.clone().map(Value::String)"),
        "enum" => format!("{this}.{id}.map(|v| Value::from(v.as_str()))"),
        "object" if !field.fields.is_empty() => {
            format!("{this}.{id}.as_ref().map(|v| v.to_value())")
        }
        "string_list" | "permission_updates" => format!("{this}.{id}.clone().map(Value::from)"),
        _ => format!("{this}.{id}.clone()"),
    }
}

/// A setter's parameter type and the expression storing it.
fn setter_param(enums: &Enums, event: &Event<'_>, field: &ResponseField) -> (String, &'static str) {
    match field.ty.as_str() {
        "string" => ("impl Into<String>".to_owned(), "value.into()"),
        "string_list" => (
            "impl IntoIterator<Item = impl Into<String>>".to_owned(),
            "value.into_iter().map(Into::into).collect()",
        ),
        // A typed object takes its constructors' builders (`PermissionRequestDecision::deny(..)`).
        "object" if !field.fields.is_empty() => (
            format!("impl Into<{}>", object_name(event, field)),
            "value.into()",
        ),
        _ => (response_rust(enums, event, field), "value"),
    }
}

fn field_decl(
    out: &mut String,
    spec: &Spec<'_>,
    enums: &Enums,
    event: &Event<'_>,
    field: &ResponseField,
    place: &str,
) {
    let mut text = format!("`{}`{place}: {}", field.wire, field.doc);
    if let Some(since) = &field.since {
        text.push_str(&format!(" Since {} {since}.", spec.family.product));
    }
    text.push_str(&format!(
        "\n\n{}",
        sources_line(&spec.readable(&field.source))
    ));
    doc(out, &text);
    line(
        out,
        &format!(
            "pub {}: Option<{}>,",
            ident(&field.name),
            response_rust(enums, event, field)
        ),
    );
}

fn setter(out: &mut String, enums: &Enums, event: &Event<'_>, field: &ResponseField) {
    let (param, store) = setter_param(enums, event, field);
    let id = ident(&field.name);
    out.push_str(&fill(
        "/// Sets `{wire}`.\n#[must_use = \"a response is built by value: use the returned response\"]\npub fn {id}(mut self, value: {param}) -> Self { self.{id} = Some({store}); self }\n\n",
        &[("wire", &field.wire), ("id", &id), ("param", &param), ("store", store)],
    ));
}

/// A constructor for one value of an `enum` field (`deny(reason)`), setting `reason_field`
/// too when the value takes a reason.
fn value_constructor(
    out: &mut String,
    enum_name: &str,
    field: &str,
    value: &str,
    reason_field: Option<&str>,
    ret: &str,
    wrap: &dyn Fn(&str) -> String,
) {
    let variant = upper_camel(value);
    let set = format!("{field}: Some({enum_name}::{variant})");
    match reason_field {
        Some(reason) => out.push_str(&format!(
            "/// `{value}`, with its reason.\npub fn {value}(reason: impl Into<String>) -> {ret} {{ {} }}\n\n",
            wrap(&format!("{set}, {reason}: Some(reason.into())"))
        )),
        None => out.push_str(&format!(
            "/// `{value}`.\npub fn {value}() -> {ret} {{ {} }}\n\n",
            wrap(&set)
        )),
    }
}

/// Whether a value of a decision takes a reason: denying and asking say why.
fn takes_reason(value: &str) -> bool {
    matches!(value, "deny" | "ask")
}

fn responses(spec: &Spec<'_>, enums: &Enums) -> String {
    let mut out = fill(
        "\
#![allow(clippy::redundant_closure_for_method_calls)] // one template for every typed object

use {module}::render::Writer;
use {module}::response::Response;
#[allow(unused_imports)] // only when some field is any JSON
use serde_json::{Map, Value};

",
        &[("module", spec.family.module)],
    );
    for (name, values, about) in &enums.defs {
        doc(
            &mut out,
            &format!("The values of `{}`: {about}", lower_first(name)),
        );
        out.push_str(&format!(
            "#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]\npub enum {name} {{\n"
        ));
        for value in values {
            out.push_str(&format!("/// `{value}`.\n{},\n", upper_camel(value)));
        }
        out.push_str(&format!("}}\n\nimpl {name} {{\n/// The wire value.\npub fn as_str(self) -> &'static str {{ match self {{\n"));
        for value in values {
            out.push_str(&format!(
                "{name}::{} => {},\n",
                upper_camel(value),
                lit(value)
            ));
        }
        out.push_str("}\n}\n}\n\n");
    }
    doc(&mut out, "The top-level `decision`: `block`.");
    out.push_str(
        "#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Decision {
/// `block`.
Block,
}

impl Decision {
/// The wire value.
pub fn as_str(self) -> &'static str { match self { Decision::Block => \"block\" } }
}

",
    );
    for event in spec.events.iter().filter(|e| !e.is_observe()) {
        for field in event.hook_specific.iter().filter(|f| !f.fields.is_empty()) {
            sub_object(&mut out, spec, enums, event, field);
        }
        response_type(&mut out, spec, enums, event);
    }
    out
}

fn lower_first(name: &str) -> String {
    let mut chars = name.chars();
    chars
        .next()
        .map(|c| c.to_ascii_lowercase().to_string() + chars.as_str())
        .unwrap_or_default()
}

/// A typed sub-object of an answer (PermissionRequest's `decision`).
fn sub_object(
    out: &mut String,
    spec: &Spec<'_>,
    enums: &Enums,
    event: &Event<'_>,
    field: &ResponseField,
) {
    let name = object_name(event, field);
    doc(
        out,
        &format!(
            "`{}` of the `{}` answer: {}",
            field.wire, event.name, field.doc
        ),
    );
    out.push_str(&format!(
        "#[derive(Debug, Clone, PartialEq, Default)]\n#[non_exhaustive]\npub struct {name} {{\n"
    ));
    for sub in &field.fields {
        field_decl(out, spec, enums, event, sub, "");
    }
    out.push_str(&format!("}}\n\nimpl {name} {{\n"));
    let message = field
        .fields
        .iter()
        .find(|f| f.name == "message")
        .map(|f| f.name.clone());
    // A key read only beside one behaviour has no setter here: that behaviour's constructor
    // returns a builder carrying it (`deny(message).interrupt(true)`), so a key of the other
    // behaviour does not compile.
    let mut builders = String::new();
    for sub in field.fields.iter().filter(|f| f.ty == "enum") {
        for value in &sub.values {
            let reason = message.as_deref().filter(|_| value == "deny");
            let extras: Vec<&ResponseField> = field
                .fields
                .iter()
                .filter(|f| f.with.contains(value) && Some(f.name.as_str()) != reason)
                .collect();
            if extras.is_empty() {
                value_constructor(
                    out,
                    enums.name(event, sub),
                    &ident(&sub.name),
                    value,
                    reason,
                    "Self",
                    &|set| format!("Self {{ {set}, ..Self::default() }}"),
                );
                continue;
            }
            let builder = format!("{}{}", event.ty, upper_camel(value));
            value_constructor(
                out,
                enums.name(event, sub),
                &ident(&sub.name),
                value,
                reason,
                &builder,
                &|set| format!("{builder}(Self {{ {set}, ..Self::default() }})"),
            );
            let keys: Vec<String> = extras.iter().map(|f| format!("`{}`", f.wire)).collect();
            doc(
                &mut builders,
                &format!(
                    "A `{}: {value}` [`{name}`] being built, from [`{name}::{value}`]: only the keys read with `{value}` ({}) can be set. Passed wherever a [`{name}`] is taken.",
                    sub.wire,
                    keys.join(", ")
                ),
            );
            builders.push_str(&format!(
                "#[derive(Debug, Clone, PartialEq)]\n#[must_use = \"a decision is built by value: pass it on\"]\npub struct {builder}({name});\n\nimpl {builder} {{\n"
            ));
            for extra in &extras {
                let (param, store) = setter_param(enums, event, extra);
                let id = ident(&extra.name);
                builders.push_str(&fill(
                    "/// Sets `{wire}`.\npub fn {id}(mut self, value: {param}) -> Self { self.0.{id} = Some({store}); self }\n\n",
                    &[("wire", &extra.wire), ("id", &id), ("param", &param), ("store", store)],
                ));
            }
            builders.push_str(&format!(
                "}}\n\nimpl From<{builder}> for {name} {{\nfn from(built: {builder}) -> Self {{ built.0 }}\n}}\n\n"
            ));
        }
    }
    for sub in field
        .fields
        .iter()
        .filter(|f| f.ty != "enum" && f.with.is_empty())
    {
        setter(out, enums, event, sub);
    }
    out.push_str("pub(crate) fn to_value(&self) -> Value {\nlet mut map = Map::new();\n");
    for sub in &field.fields {
        out.push_str(&format!(
            "if let Some(v) = {} {{ map.insert({}.to_owned(), v); }}\n",
            to_value(sub, "self"),
            lit(&sub.wire)
        ));
    }
    out.push_str("Value::Object(map)\n}\n}\n\n");
    out.push_str(&builders);
}

fn response_type(out: &mut String, spec: &Spec<'_>, enums: &Enums, event: &Event<'_>) {
    let ty = event.response_ty();
    let input = &event.ty;
    let module = spec.family.module;
    let mut text = format!(
        "The answer to [`{input}`]({module}::event::{input}). Empty (no opinion, `{{}}`) by default; built with its constructors and setters."
    );
    if let Some(decision) = &event.decision {
        text.push_str(&format!(
            "\n\nThe top-level `decision` ({}) with its `reason`, read by {}.",
            decision.values.join(", "),
            decision.reason_to
        ));
    }
    doc(out, &text);
    out.push_str(&format!(
        "#[derive(Debug, Clone, PartialEq, Default)]\n#[non_exhaustive]\npub struct {ty} {{\n"
    ));
    for field in event.universal(spec) {
        field_decl(out, spec, enums, event, field, " (top level)");
    }
    if let Some(decision) = &event.decision {
        let source = sources_line(&spec.readable(&decision.source));
        out.push_str(&format!(
            "/// `decision` (top level): `block` blocks the action.\n///\n/// {source}\npub decision: Option<Decision>,\n/// `reason` (top level): why, shown to {}.\n///\n/// {source}\npub reason: Option<String>,\n",
            decision.reason_to
        ));
    }
    for field in event.hook_specific {
        let place = if spec.family.flat {
            " (top level)"
        } else {
            " (in `hookSpecificOutput`)"
        };
        field_decl(out, spec, enums, event, field, place);
    }
    out.push_str(&format!("}}\n\nimpl {ty} {{\n"));
    // Constructors, named after the wire decision.
    // The reason has no setter of its own: the constructors of the values it is read with
    // take it (`deny(reason)`, `ask(reason)`, and `allow_with_reason(reason)` beside `allow()`).
    let reason_with = event
        .specific("permission_decision_reason")
        .map_or(&[][..], |f| f.with.as_slice());
    for field in event.hook_specific.iter().filter(|f| f.ty == "enum") {
        for value in &field.values {
            let reads_reason = field.name == "permission_decision" && reason_with.contains(value);
            let reason =
                (reads_reason && takes_reason(value)).then_some("permission_decision_reason");
            // A key read only beside this value (Codex's `updatedInput`, which its `allow`
            // needs) is the constructor's argument: the value alone does not compile.
            let extras: Vec<&ResponseField> = event
                .hook_specific
                .iter()
                .filter(|f| f.ty != "enum" && f.with.contains(value))
                .filter(|f| f.name != "permission_decision_reason")
                .collect();
            if let [extra] = extras[..] {
                let (param, store) = setter_param(enums, event, extra);
                out.push_str(&fill(
                    "/// `{value}`, with `{wire}`.\npub fn {value}({id}: {param}) -> Self { let value = {id}; Self { {field}: Some({enum}::{variant}), {id}: Some({store}), ..Self::default() } }\n\n",
                    &[
                        ("value", value),
                        ("wire", &extra.wire),
                        ("id", &ident(&extra.name)),
                        ("param", &param),
                        ("field", &ident(&field.name)),
                        ("enum", enums.name(event, field)),
                        ("variant", &upper_camel(value)),
                        ("store", store),
                    ],
                ));
                continue;
            }
            value_constructor(
                out,
                enums.name(event, field),
                &ident(&field.name),
                value,
                reason,
                "Self",
                &|set| format!("Self {{ {set}, ..Self::default() }}"),
            );
            if reads_reason && !takes_reason(value) {
                let variant = upper_camel(value);
                out.push_str(&format!(
                    "/// `{value}`, with a reason (`permissionDecisionReason`) for {} to show.\npub fn {value}_with_reason(reason: impl Into<String>) -> Self {{ Self {{ {}: Some({}::{variant}), permission_decision_reason: Some(reason.into()), ..Self::default() }} }}\n\n",
                    spec.family.product,
                    ident(&field.name),
                    enums.name(event, field)
                ));
            }
        }
    }
    for field in event.hook_specific.iter().filter(|f| !f.fields.is_empty()) {
        let object = object_name(event, field);
        let id = ident(&field.name);
        let message = field.fields.iter().any(|f| f.name == "message");
        for sub in field.fields.iter().filter(|f| f.ty == "enum") {
            for value in &sub.values {
                if message && value == "deny" {
                    out.push_str(&format!(
                        "/// `{}.{}: {value}`, with the message.\npub fn {value}(message: impl Into<String>) -> Self {{ Self {{ {id}: Some({object}::{value}(message).into()), ..Self::default() }} }}\n\n",
                        field.wire, sub.wire
                    ));
                } else {
                    out.push_str(&format!(
                        "/// `{}.{}: {value}`.\npub fn {value}() -> Self {{ Self {{ {id}: Some({object}::{value}().into()), ..Self::default() }} }}\n\n",
                        field.wire, sub.wire
                    ));
                }
            }
        }
    }
    if event.decision.is_some() {
        out.push_str(
            "/// `decision: \"block\"` with its reason.\npub fn block(reason: impl Into<String>) -> Self { Self { decision: Some(Decision::Block), reason: Some(reason.into()), ..Self::default() } }\n\n",
        );
    }
    // Setters, named after the wire keys.
    for field in event.universal(spec) {
        setter(out, enums, event, field);
    }
    // No `reason` setter: Claude Code reads `reason` only beside `decision: "block"`, so a
    // reason on its own would change nothing; `block(reason)` takes it.
    for field in event
        .hook_specific
        .iter()
        .filter(|f| f.ty != "enum" && f.with.is_empty())
    {
        setter(out, enums, event, field);
    }
    out.push_str("}\n\n");

    // The wire form.
    out.push_str(&format!(
        "impl crate::sealed::Sealed for {ty} {{}}\nimpl crate::response::AnyResponse for {ty} {{}}\nimpl Response for {ty} {{\nconst EVENT: &'static str = {};\nfn write(&self, out: &mut Writer) {{\n",
        lit(event.name)
    ));
    for field in event.universal(spec) {
        out.push_str(&format!(
            "out.top({}, {});\n",
            lit(&field.wire),
            to_value(field, "self")
        ));
    }
    if event.decision.is_some() {
        out.push_str("out.top(\"decision\", self.decision.map(|v| Value::from(v.as_str())));\nout.top(\"reason\", self.reason.clone().map(Value::String));\n");
    }
    for field in event.hook_specific {
        out.push_str(&format!(
            "out.specific({}, {});\n",
            lit(&field.wire),
            to_value(field, "self")
        ));
    }
    out.push_str("}\n");
    // A `deny` value, by any key (Copilot's flat permissionRequest answers `behavior`).
    let denies = event.hook_specific.iter().any(|f| {
        (f.ty == "enum" && f.values.iter().any(|v| v == "deny"))
            || f.fields
                .iter()
                .any(|s| s.ty == "enum" && s.values.iter().any(|v| v == "deny"))
    });
    let (block, blocked_as) = if denies {
        ("Some(Self::deny(reason))", "deny")
    } else if event.decision.is_some() {
        ("Some(Self::block(reason))", "decision: block")
    } else {
        ("None", "exit 2")
    };
    out.push_str(&format!(
        "const BLOCKED_AS: &'static str = {};\nfn failure_block(reason: String) -> Option<Self> {{ {} }}\n",
        lit(blocked_as),
        if block == "None" { "let _ = reason; None" } else { block }
    ));
    if let Some((_, function)) = CURSOR_FORMS
        .iter()
        .filter(|_| spec.family.imported)
        .find(|(name, _)| *name == event.name)
    {
        out.push_str(&format!(
            "fn cursor_form(&self, ctx: crate::cursor::render::RenderContext<'_>) -> Option<crate::render::Rendered> {{ Some({function}(self, ctx)) }}\n"
        ));
    }
    if let Some((_, function)) = COPILOT_FORMS
        .iter()
        .filter(|_| spec.family.imported)
        .find(|(name, _)| *name == event.name)
    {
        out.push_str(&format!(
            "fn copilot_form(&self) -> Option<crate::render::Rendered> {{ Some({function}(self)) }}\n"
        ));
    }
    out.push_str("}\n\n");
}

// ---------------------------------------------------------------- fixtures, outcomes

/// What every fixture starts from: the common fields' examples.
fn fixtures(spec: &Spec<'_>) -> String {
    let mut out = String::from("use crate::testing::Fixture;\nuse serde_json::Value;\n\n");
    for event in &spec.events {
        let (ty, name) = (event.ty, event.name);
        let mut fields = Vec::new();
        for field in &spec.common_fields {
            let value = if field.name == "hook_event_name" {
                Some(lit(name))
            } else if field.absent_on.iter().any(|e| e == name) {
                None
            } else {
                field.example.as_ref().map(ToString::to_string)
            };
            if let Some(value) = value {
                fields.push(format!("{}: {value}", lit(&field.name)));
            }
        }
        for field in event.input.iter().filter(|f| f.is_required()) {
            let example = field
                .example
                .as_ref()
                .map_or_else(|| zero(field), ToString::to_string);
            fields.push(format!("{}: {example}", lit(&field.name)));
        }
        out.push_str(&fill(
            "impl {module}::event::{ty} {\n",
            &[("module", spec.family.module), ("ty", ty)],
        ));
        doc(
            &mut out,
            &fill(
                "A realistic `{name}` payload as {product} sends it, to start a test from: the
common fields and an example for each required field.

```
use {public}::prelude::*;

let input: {ty} = {ty}::fixture().build();
{check}
```",
                &[
                    ("name", name),
                    ("product", spec.family.product),
                    (
                        "public",
                        &spec.family.module.replace("crate::", "cursor_hooks::"),
                    ),
                    ("ty", ty),
                    (
                        "check",
                        &if spec.named() {
                            format!("assert_eq!(input.common.hook_event_name, {});", lit(name))
                        } else {
                            format!("assert_eq!(<{ty} as Event>::NAME, {});", lit(name))
                        },
                    ),
                ],
            ),
        );
        out.push_str(&fill(
            "pub fn fixture() -> Fixture<Self> {\nFixture::from_text({text})\n}\n}\n\n",
            // Parsed when a test calls it: a `json!` literal costs every build its code.
            &[("text", &raw_lit(&format!("{{{}}}", fields.join(", "))))],
        ));
        crate::fixtures::setters(
            &mut out,
            &format!("{}::event::{ty}", spec.family.module),
            &event.input,
        );
    }
    out
}

/// A required field's value when the spec gives no example.
fn zero(field: &InputField) -> String {
    match value_kind(field.ty) {
        "String" => "\"\"",
        "Bool" => "false",
        "Integer" | "Number" => "0",
        "List" => "[]",
        "Object" => "{}",
        _ => "null",
    }
    .to_owned()
}

fn outcomes(spec: &Spec<'_>) -> String {
    let mut out = String::from(
        "#![allow(clippy::unit_arg)]\n\nuse crate::__private::{IntoOutcome, Outcome};\n\n",
    );
    for event in &spec.events {
        let response = if event.is_observe() {
            "()".to_owned()
        } else {
            format!("{}::response::{}", spec.family.module, event.response_ty())
        };
        crate::outcomes::impls(
            &mut out,
            &format!("{}::event::{}", spec.family.module, event.ty),
            &response,
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::claude_model::{load, CODEX};

    /// The Claude-family generators type Codex from spec/codex alone: its files land under its
    /// own directory and name its own module, never Claude Code's.
    #[test]
    fn the_generators_write_codex_from_its_own_spec() {
        let root = crate::workspace_root();
        let cursor = crate::model::load(&root).expect("spec/cursor").spec;
        let codex = load(&root, &CODEX).expect("spec/codex");
        let files = super::files(&CODEX, &codex, &cursor).expect("codex files");
        assert_eq!(files.len(), 4);
        for (path, text) in &files {
            assert!(path.starts_with("runtime/src/gen/codex/"), "{path}");
            assert!(
                !text.contains("crate::claude"),
                "{path} names Claude Code's module"
            );
            assert!(!text.contains("Claude Code"), "{path} names Claude Code");
            assert!(text.contains("crate::codex::"), "{path}");
        }
        let responses = &files
            .iter()
            .find(|(p, _)| p.ends_with("responses.rs"))
            .expect("responses")
            .1;
        // Codex rejects `ask` (spec/codex PreToolUse `not_offered`) and Interrupt reads only
        // `systemMessage` (`universal_except`): neither is offered.
        assert!(!responses.contains("pub fn ask("), "PreToolUse offers ask");
        let interrupt = responses
            .split("pub struct InterruptResponse")
            .nth(1)
            .and_then(|rest| rest.split("pub struct").next())
            .expect("InterruptResponse");
        assert!(
            !interrupt.contains("r#continue"),
            "Interrupt offers continue"
        );
    }
}
