//! `runtime/src/gen/cursor/events.rs`: the input types, with their serde impls and `Event` impls.

use crate::model::{Event, InputField, InputType, Spec};
use crate::write::{answers, doc, field_doc, fill, ident, line, lit, sources_line};

pub(crate) fn file(spec: &Spec) -> String {
    let mut out = String::from(
        "\
use crate::de::{missing, Fields, Key};
use crate::cursor::event::{Category, Event};
use crate::extra::Extra;
use crate::cursor::types::*;
use crate::cursor::version::CursorVersion;
use crate::types::ToolInput;
use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
#[allow(unused_imports)] // only when some field is any JSON
use serde_json::Value;
#[allow(unused_imports)] // only when some field is a string map
use std::collections::BTreeMap;
use std::fmt;

",
    );
    common(&mut out, spec);
    for event in &spec.events {
        input_type(&mut out, spec, event);
    }
    out
}

/// The expression that reads `field`'s value (`map` and `key`: the expressions for the map
/// access and the key as sent): a required field's wrong type is an error; an optional field's
/// is read as absent and kept in `extra`.
pub(crate) fn read_value(field: &InputField, map: &str, key: &str) -> String {
    let expected = lit(field.ty.expected());
    if field.is_required() {
        format!("crate::de::value({map}, {})?", lit(&field.name))
    } else if field.ty == InputType::CursorVersion {
        format!(
            "fields.optional_string({map}, {key}, {expected})?.map_or(CursorVersion::Missing, |v| CursorVersion::parse(&v))"
        )
    } else if field.ty == InputType::String {
        format!("fields.optional_string({map}, {key}, {expected})?")
    } else {
        format!("fields.optional({map}, {key}, {expected})?")
    }
}

/// The Rust type of an input field: optional fields are `Option`, except `cursor_version`,
/// whose absence is `CursorVersion::Missing`.
pub(crate) fn field_rust_ty(field: &InputField) -> String {
    let ty = field.ty.rust();
    if field.optional && field.ty != InputType::CursorVersion {
        format!("Option<{ty}>")
    } else {
        ty.to_owned()
    }
}

/// One field of an input struct, with its rustdoc (`sources`: the field's sources in words).
pub(crate) fn struct_field(out: &mut String, sources: &str, field: &InputField) {
    doc(out, &field_doc(&field.doc, &field.aliases, sources));
    line(
        out,
        &format!("pub {}: {},", ident(&field.name), field_rust_ty(field)),
    );
}

fn common(out: &mut String, spec: &Spec) {
    let fields = &spec.common_fields;
    doc(
        out,
        "The fields every event carries (see `spec/cursor/events.json`, `common_fields`).

Every field but `hook_event_name` may be absent: 1.7-era payloads carry only the ids and
`workspace_roots`, and `workspaceOpen` carries no ids at all.",
    );
    out.push_str("#[derive(Debug, Clone, PartialEq, Default)]\npub struct Common {\n");
    for field in fields {
        struct_field(out, &spec.readable(&field.source), field);
    }
    out.push_str("}\n\n");
    common_impl(out, fields);
}

/// `impl Common`: reading and writing the common fields, for either host's `Common`.
pub(crate) fn common_impl(out: &mut String, fields: &[InputField]) {
    out.push_str(
        "impl Common {
/// Reads one common field; `false` when `key` is not one. Common fields are numbered from 0
/// in `fields`' record of the keys seen.
pub(crate) fn read_field<'de, A: MapAccess<'de>>(&mut self, key: &str, map: &mut A, fields: &mut Fields) -> Result<bool, A::Error> {
match key {
",
    );
    for (bit, field) in fields.iter().enumerate() {
        let read = read_value(field, "map", "key");
        let values = [
            ("key", &*lit(&field.name)),
            ("id", &*ident(&field.name)),
            ("bit", &*bit.to_string()),
            ("read", &*read),
        ];
        line(
            out,
            &fill(
                "{key} => { fields.once({bit}, key)?; self.{id} = {read}; }",
                &values,
            ),
        );
    }
    out.push_str(
        "_ => return Ok(false),
}
Ok(true)
}

pub(crate) fn write_fields<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {
",
    );
    for field in fields {
        let values = [("key", &*lit(&field.name)), ("id", &*ident(&field.name))];
        let template = if field.ty == InputType::CursorVersion {
            "if let Some(v) = self.{id}.as_str() { map.serialize_entry({key}, v)?; }"
        } else if field.optional {
            "if let Some(v) = &self.{id} { map.serialize_entry({key}, v)?; }"
        } else {
            "map.serialize_entry({key}, &self.{id})?;"
        };
        line(out, &fill(template, &values));
    }
    out.push_str("Ok(())\n}\n}\n\n");
}

/// The input type's rustdoc: when it fires, its notes, and a summary list.
fn type_doc(spec: &Spec, event: &Event) -> String {
    let mut text = format!("`{}`: {}", event.name, event.fires);
    if !event.notes.is_empty() {
        text.push_str(&format!("\n\n{}", event.notes));
    }
    let may_answer = match answers(event, ", ") {
        parts if parts.is_empty() => {
            "nothing (Cursor ignores the output; the handler returns `()`)".to_owned()
        }
        parts => parts.join(", "),
    };
    text.push_str(&format!(
        "\n\n- **Category:** {} ({}).\n- **May answer:** {may_answer}.",
        event.category.spec_name(),
        if event.can_block {
            "can block"
        } else {
            "cannot block"
        },
    ));
    if !event.is_observe() {
        let response = event.response_ty();
        text.push_str(&format!(
            " A handler returns [`{response}`](crate::cursor::response::{response})."
        ));
    }
    match &event.matcher_subject {
        Some(subject) => text.push_str(&format!(
            "\n- **`matcher` is tested against:** {subject} Cursor searches the regex anywhere in it (unanchored); `\"*\"` matches everything.{}",
            if event.matcher_values.is_empty() {
                String::new()
            } else {
                " A `matcher` that can match none of these names is a compile error.".to_owned()
            }
        )),
        None => text.push_str(
            "\n- **`matcher`:** none; Cursor runs the hook for every payload, so `matcher` is a compile error here.",
        ),
    }
    if !event.not_in.is_empty() {
        text.push_str(&format!(
            "\n- **Does not fire in:** {}.",
            event.not_in.join(", ")
        ));
    }
    text.push_str(&format!("\n- **Since:** {}.", event.since));
    text.push_str(&format!(
        "\n\n{}",
        sources_line(&spec.readable(&event.source))
    ));
    text
}

fn input_type(out: &mut String, spec: &Spec, event: &Event) {
    let ty = &*event.ty;
    let name = &*lit(&event.name);
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
        struct_field(out, &spec.readable(&field.source), field);
    }
    out.push_str(
        "/// Fields this version of the crate does not know, and known optional fields of an
/// unexpected type, kept as Cursor sent them.
pub extra: Extra,
}

",
    );

    let response = if event.is_observe() {
        "()".to_owned()
    } else {
        format!("crate::cursor::response::{}", event.response_ty())
    };
    line(
        out,
        &fill(
            "impl crate::sealed::Sealed for {ty} {}
impl Event for {ty} {
const NAME: &'static str = {name};
const CATEGORY: Category = Category::{category};
type Response = {response};
fn common(&self) -> &Common { &self.common }
fn extra(&self) -> &Extra { &self.extra }
}
impl crate::hook::HookEvent for {ty} { type Response = {response}; const WIRE_NAME: &'static str = {name}; }
",
            &[
                ("ty", ty),
                ("name", name),
                ("category", event.category.variant()),
                ("response", &response),
            ],
        ),
    );

    deserialize(
        out,
        &event.ty,
        &event.name,
        &event.input,
        spec.common_fields.len(),
        true,
    );
    serialize(out, &event.ty, &event.input);
}

/// The input type's `Deserialize`: known keys read once each (common ones through
/// `Common::read_field`, numbered from 0, the event's own after them), the rest kept in `extra`.
pub(crate) fn deserialize(
    out: &mut String,
    ty: &str,
    name: &str,
    input: &[InputField],
    common_count: usize,
    named: bool,
) {
    line(
        out,
        &fill(
            "impl<'de> serde::Deserialize<'de> for {ty} {
fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
struct PayloadVisitor;
impl<'de> Visitor<'de> for PayloadVisitor {
type Value = {ty};
fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str(\"a `{name}` payload object\") }
fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<{ty}, A::Error> {
let mut common = Common::default();
let mut fields = Fields::new();",
            &[("ty", ty), ("name", name)],
        ),
    );
    for field in input {
        line(
            out,
            &format!(
                "let mut {}: Option<{}> = None;",
                ident(&field.name),
                field.ty.rust()
            ),
        );
    }
    out.push_str("while let Some(Key(key)) = map.next_key()? {\nmatch &*key {\n");
    // Each spelling of a key has its own bit, after the common fields' (an alias is another
    // key: a payload may carry both, as before).
    let mut bit = common_count;
    for field in input {
        let mut read = read_value(field, "&mut map", "&key");
        if field.is_required() && field.ty == InputType::Json {
            // Any value, `null` included, is this field's value: it is present.
            read = format!("Some({read})");
        }
        let id = ident(&field.name);
        for spelling in std::iter::once(&field.name).chain(&field.aliases) {
            line(
                out,
                &format!(
                    "{} => {{ fields.once({bit}, &key)?; {id} = {read}; }}",
                    lit(spelling),
                ),
            );
            bit += 1;
        }
    }
    assert!(
        bit <= 64,
        "`{name}` has more than 64 known keys: widen `Fields::seen`"
    );
    out.push_str(
        "_ => {
if !common.read_field(&key, &mut map, &mut fields)? {
fields.unknown(key, &mut map)?;
}
}
}
}
let extra = fields.finish()?;
",
    );
    let name = &*lit(name);
    if named {
        line(
            out,
            &fill(
                "if common.hook_event_name.is_empty() { return Err(missing({name}, \"hook_event_name\")); }",
                &[("name", name)],
            ),
        );
    }
    line(out, &fill("Ok({ty} {\ncommon,", &[("ty", ty)]));
    for field in input {
        let id = ident(&field.name);
        if field.is_required() {
            line(
                out,
                &fill(
                    "{id}: {id}.ok_or_else(|| missing({name}, {key}))?,",
                    &[("id", &id), ("name", name), ("key", &lit(&field.name))],
                ),
            );
        } else {
            line(out, &format!("{id},"));
        }
    }
    out.push_str(
        "extra,
})
}
}
deserializer.deserialize_map(PayloadVisitor)
}
}

",
    );
}

/// The input type's `Serialize`: the payload as sent, unknown fields included.
pub(crate) fn serialize(out: &mut String, ty: &str, input: &[InputField]) {
    line(
        out,
        &fill(
            "impl serde::Serialize for {ty} {
fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
let mut map = serializer.serialize_map(None)?;
self.common.write_fields(&mut map)?;",
            &[("ty", ty)],
        ),
    );
    for field in input {
        let values = [("key", &*lit(&field.name)), ("id", &*ident(&field.name))];
        let template = if field.is_required() {
            "map.serialize_entry({key}, &self.{id})?;"
        } else {
            "if let Some(v) = &self.{id} { map.serialize_entry({key}, v)?; }"
        };
        line(out, &fill(template, &values));
    }
    out.push_str(
        "self.extra.write_fields(&mut map)?;
map.end()
}
}

",
    );
}
