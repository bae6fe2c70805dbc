//! `macros/src/gen/events.rs`: the event table the attribute checks against.

use crate::model::Spec;
use crate::write::{doc, fill, lit, str_list};

pub(crate) fn file(spec: &Spec) -> String {
    let mut out = String::new();
    doc(
        &mut out,
        "One event: its wire name, input type, category and permission values.",
    );
    out.push_str(
        "pub(crate) struct EventSpec {
pub(crate) name: &'static str,
pub(crate) input: &'static str,
pub(crate) category: &'static str,
pub(crate) permission: &'static [&'static str],
}

",
    );
    doc(&mut out, "Every event, in the order of `spec/events.json`.");
    out.push_str("pub(crate) const EVENTS: &[EventSpec] = &[\n");
    for event in &spec.events {
        out.push_str(&fill(
            "EventSpec { name: {name}, input: {ty}, category: {category}, permission: &{permission} },\n",
            &[
                ("name", &lit(&event.name)),
                ("ty", &lit(&event.ty)),
                ("category", &lit(event.category.spec_name())),
                ("permission", &str_list(&event.permission())),
            ],
        ));
    }
    out.push_str("];\n");
    out
}
