//! `macros/src/gen/events.rs`: the event table the attribute checks against.

use crate::model::{Compat, Spec};
use crate::write::{doc, fill, lit, option_lit, str_list};

pub(crate) fn file(spec: &Spec, compat: &Compat) -> Result<String, String> {
    let always_deny = &compat.rule("ask-pretooluse")?.applies_to;
    let mut out = String::new();
    doc(
        &mut out,
        "One event: its wire name, input type, category, permission values and matcher subject.",
    );
    out.push_str(
        "pub(crate) struct EventSpec {
pub(crate) name: &'static str,
pub(crate) input: &'static str,
pub(crate) category: &'static str,
pub(crate) permission: &'static [&'static str],
/// Compat rule `ask-pretooluse`: `ask` is always sent as `deny`, so it cannot be kept.
pub(crate) ask_always_deny: bool,
/// What `matcher` is tested against; `None` when the event has no subject.
pub(crate) matcher_subject: Option<&'static str>,
/// The closed set of subjects (empty when open).
pub(crate) matcher_values: &'static [&'static str],
/// The prefix of the subjects beyond that set (`MCP:`).
pub(crate) matcher_open_prefix: Option<&'static str>,
}

",
    );
    doc(&mut out, "Every event, in the order of `spec/events.json`.");
    out.push_str("pub(crate) const EVENTS: &[EventSpec] = &[\n");
    for event in &spec.events {
        out.push_str(&fill(
            "EventSpec { name: {name}, input: {ty}, category: {category}, permission: &{permission}, ask_always_deny: {always_deny}, matcher_subject: {subject}, matcher_values: &{values}, matcher_open_prefix: {prefix} },\n",
            &[
                ("name", &lit(&event.name)),
                ("ty", &lit(&event.ty)),
                ("category", &lit(event.category.spec_name())),
                ("permission", &str_list(&event.permission())),
                ("always_deny", &always_deny.contains(&event.name).to_string()),
                ("subject", &option_lit(event.matcher_subject.as_deref())),
                ("values", &str_list(&event.matcher_values)),
                ("prefix", &option_lit(event.matcher_open_prefix.as_deref())),
            ],
        ));
    }
    out.push_str("];\n");
    Ok(out)
}
