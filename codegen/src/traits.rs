//! `runtime/src/gen/cursor/checks.rs`: traits that exist only for compile errors. Every response type
//! gets every constructor (`Decisions`) and every setter (`FieldSetters`) through a blanket
//! impl whose bound only the responses that have the decision or field satisfy. A type's own
//! (inherent) constructor or setter always wins; on any other response the call fails with an
//! error that names the events accepting it, instead of rustc's "no function or associated item
//! named ...". The prelude imports `Decisions` and `FieldSetters` as `_`; nothing here is public
//! API.

use crate::model::{Category, Event, PermissionValue, ResponseType, Spec};
use crate::write::{doc, event_names, fill, ident, line, upper_camel};

/// "a, b and c".
fn and_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn names_where(spec: &Spec, keep: impl Fn(&Event) -> bool) -> Vec<&str> {
    spec.events
        .iter()
        .filter(|event| keep(event))
        .map(|event| &*event.name)
        .collect()
}

pub(crate) fn file(spec: &Spec) -> String {
    let allow = names_where(spec, |e| e.accepts(PermissionValue::Allow));
    let ask = names_where(spec, |e| e.accepts(PermissionValue::Ask));
    // Where `deny(message)` does not fit, what to write instead.
    let mut deny_notes: Vec<String> = spec
        .events
        .iter()
        .filter(|e| e.accepts(PermissionValue::Deny) && !e.has_field("user_message"))
        .map(|e| {
            format!(
                "`{}` denies without a message: `{}::deny()`",
                e.name,
                e.response_ty()
            )
        })
        .collect();
    deny_notes.extend(
        spec.events
            .iter()
            .filter(|e| e.category == Category::PromptGate)
            .map(|e| {
                format!(
                    "`{}` blocks with `{}::block(message)`",
                    e.name,
                    e.response_ty()
                )
            }),
    );
    let mut out = fill(
        "use crate::gen::cursor::responses::*;
use crate::keys::{self, Takes};
use crate::cursor::response::Response;
use serde_json::Value;

/// Responses that can deny with a message shown to the user.
#[diagnostic::on_unimplemented(
message = \"`{Self}` cannot deny with a message\",
label = \"`deny(message)` is for events whose answer has `permission` and `user_message`\",
note = \"{deny_notes}\"
)]
pub trait Deny: Response {
/// `{\"permission\":\"deny\",\"user_message\":…}`.
fn deny(user_message: String) -> Self;
}

/// Responses that can allow.
#[diagnostic::on_unimplemented(
message = \"`{Self}` has no `permission` to allow\",
label = \"`allow()` is for permission events: {allow}\"
)]
pub trait Allow: Response {
/// `{\"permission\":\"allow\"}`.
fn allow() -> Self;
}

/// Responses that can ask the user.
#[diagnostic::on_unimplemented(
message = \"`{Self}` cannot ask: its `permission` takes only allow or deny\",
label = \"`ask` is valid only on {ask}\",
note = \"use `deny(...)` to block, or `no_opinion()` to leave the decision to Cursor\"
)]
pub trait Ask: Response {
/// `{\"permission\":\"ask\",\"user_message\":…}` (downgraded to `deny` where Cursor does not honour it).
fn ask(user_message: String) -> Self;
}

/// The constructors of the decisions, on every response type; a response's own constructor is
/// always the one called.
pub trait Decisions: Sized {
/// `{\"permission\":\"allow\"}`.
fn allow() -> Self where Self: Allow { <Self as Allow>::allow() }
/// `{\"permission\":\"deny\",\"user_message\":…}`.
fn deny(user_message: impl Into<String>) -> Self where Self: Deny { <Self as Deny>::deny(user_message.into()) }
/// `{\"permission\":\"ask\",\"user_message\":…}`.
fn ask(user_message: impl Into<String>) -> Self where Self: Ask { <Self as Ask>::ask(user_message.into()) }
}

impl<T: Response> Decisions for T {}

",
        &[
            ("deny_notes", &deny_notes.join("; ")),
            ("allow", &allow.join(", ")),
            ("ask", &and_list(&ask)),
        ],
    );
    field_setters(&mut out, spec);
    out
}

/// The response fields that become keys (`crate::keys`), for `keys.rs`.
pub(crate) fn key_names(spec: &Spec) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for event in spec.events.iter().filter(|e| !e.is_observe()) {
        for field in &event.response.fields {
            if !names.contains(&field.name) {
                names.push(field.name.clone());
            }
        }
    }
    names
}

/// A setter's parameters, by response field type.
fn setter_params(ty: ResponseType) -> &'static str {
    match ty {
        ResponseType::String => "value: impl Into<String>",
        ResponseType::Bool => "value: bool",
        ResponseType::Json => "value: Value",
        ResponseType::StringMap => "key: impl Into<String>, value: impl Into<String>",
        ResponseType::StringList => "values: impl IntoIterator<Item = impl Into<String>>",
    }
}

/// A setter's value as `keys::Takes` carries it: the type, the setter's parameters turned into
/// it, and the value spread back into the response's own setter's arguments.
fn takes_value(ty: ResponseType) -> (&'static str, &'static str, &'static str) {
    match ty {
        ResponseType::String => ("String", "value.into()", "value"),
        ResponseType::Bool => ("bool", "value", "value"),
        ResponseType::Json => ("Value", "value", "value"),
        ResponseType::StringMap => (
            "(String, String)",
            "(key.into(), value.into())",
            "value.0, value.1",
        ),
        ResponseType::StringList => (
            "Vec<String>",
            "values.into_iter().map(Into::into).collect()",
            "value",
        ),
    }
}

/// `FieldSetters`: every response setter, on every response type, gated by a per-field trait
/// that only the types with that field implement. A type's own (inherent) setter wins; on
/// any other type the call is an error that names the events accepting the field.
fn field_setters(out: &mut String, spec: &Spec) {
    // Field name → (type, events accepting it), in the spec's order of first appearance.
    let mut fields: Vec<(&str, ResponseType, Vec<&Event>)> = Vec::new();
    for event in spec.events.iter().filter(|e| !e.is_observe()) {
        for field in &event.response.fields {
            match fields.iter_mut().find(|(n, _, _)| *n == field.name) {
                Some((_, _, events)) => events.push(event),
                None => fields.push((&field.name, field.ty, vec![event])),
            }
        }
    }
    doc(
        out,
        "Setters for the fields some events accept, on every response type. A response's own
setter is always the one called; on a response without that field the call does not compile,
and the error names the events that accept it. The prelude imports it as `_`.",
    );
    out.push_str("pub trait FieldSetters: Sized {\n");
    for (name, ty, events) in &fields {
        let params = setter_params(*ty);
        let (value, conv, _) = takes_value(*ty);
        line(
            out,
            &fill(
                "/// Sets `{name}` (accepted by {list}).
#[must_use = \"a response is built by value: use the returned response\"]
fn {id}(self, {params}) -> Self where Self: {bound} { <Self as Takes<keys::{key}, {value}>>::put(self, {conv}) }
",
                &[
                    ("name", name),
                    ("list", &event_names(events)),
                    ("id", &ident(name)),
                    ("params", params),
                    ("bound", &format!("fields::{}", upper_camel(name))),
                    ("key", &ident(name)),
                    ("value", value),
                    ("conv", conv),
                ],
            ),
        );
    }
    out.push_str("}\n\nimpl<T: Response> FieldSetters for T {}\n\n");
    out.push_str("/// One trait per response field, implemented by the responses that take its key: its error\n/// says which events read the field, and rustc lists the keys the response does take.\npub mod fields {\nuse super::*;\n\n");
    for (name, ty, events) in &fields {
        let trait_name = upper_camel(name);
        let (value, _, spread) = takes_value(*ty);
        // Where an event's docs give the key but Cursor's own code drops it: where the text
        // goes instead, one line per distinct advice.
        let mut dropped: Vec<(&str, Vec<&str>)> = Vec::new();
        for event in &spec.events {
            for d in event.response.dropped.iter().filter(|d| d.name == *name) {
                match dropped
                    .iter_mut()
                    .find(|(instead, _)| *instead == d.instead)
                {
                    Some((_, events)) => events.push(&event.name),
                    None => dropped.push((&d.instead, vec![&event.name])),
                }
            }
        }
        let dropped: Vec<String> = dropped
            .iter()
            .map(|(instead, events)| {
                let events: Vec<String> = events.iter().map(|e| format!("`{e}`")).collect();
                format!(
                    "Cursor's own code never reads `{name}` on {}: {instead}",
                    and_list(&events.iter().map(String::as_str).collect::<Vec<_>>())
                )
            })
            .collect();
        let note = if dropped.is_empty() {
            String::new()
        } else {
            format!(
                ", note = \"{}\"",
                dropped
                    .join("; ")
                    .replace('\\', "\\\\")
                    .replace('"', "\\\"")
            )
        };
        line(
            out,
            &fill(
                "/// Responses with a `{name}` field.
#[diagnostic::on_unimplemented(message = \"`{Self}` has no `{name}` field\", label = \"`{name}` is accepted only by {list}\"{note})]
pub trait {trait}: Takes<keys::{key}, {value}> {}
impl<T: Takes<keys::{key}, {value}>> {trait} for T {}",
                &[
                    ("name", name),
                    ("list", &event_names(events)),
                    ("trait", &trait_name),
                    ("key", &ident(name)),
                    ("value", value),
                    ("note", &note),
                ],
            ),
        );
        for event in events {
            line(
                out,
                &fill(
                    "impl Takes<keys::{key}, {value}> for {ty} { fn put(self, value: {value}) -> Self { self.{id}({spread}) } }",
                    &[
                        ("key", &ident(name)),
                        ("value", value),
                        ("ty", &event.response_ty()),
                        ("id", &ident(name)),
                        ("spread", spread),
                    ],
                ),
            );
        }
        out.push('\n');
    }
    out.push_str("}\n\n");
    // A response without a setter says so under a setter's error (`keys.rs`).
    for event in spec
        .events
        .iter()
        .filter(|e| !e.is_observe() && e.response.fields.is_empty())
    {
        line(
            out,
            &format!(
                "impl Takes<keys::nothing, ()> for {} {{ fn put(self, (): ()) -> Self {{ self }} }}",
                event.response_ty()
            ),
        );
    }
}
