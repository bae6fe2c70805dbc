//! `spec-crate/src/gen/table.rs`: the event table every crate shares (`cursor_hooks_spec`,
//! re-exported as `cursor_hooks::cursor::spec`), and `runtime/src/gen/cursor/table.rs`: the runtime's macro
//! over every input type.

use crate::model::{Compat, Spec};
use crate::write::{doc, fill, lit, option_lit, str_list};

/// The shared table. `match_all` is `spec/cursor/host.json`'s `matcher.match_all`.
pub(crate) fn file(spec: &Spec, compat: &Compat, match_all: &[String]) -> Result<String, String> {
    let always_deny = &compat.rule("ask-pretooluse")?.applies_to;
    let mut out = String::from("use crate::Category;\n\n");
    doc(
        &mut out,
        "One event as `spec/cursor/events.json` describes it.",
    );
    out.push_str(
        "#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EventInfo {
/// The wire name.
pub name: &'static str,
/// The Rust input type's name.
pub type_name: &'static str,
/// What kind of answer it accepts.
pub category: Category,
/// Whether a hook can block the action.
pub can_block: bool,
/// The `permission` values it accepts (empty when it has no `permission`).
pub permission: &'static [&'static str],
/// Whether Cursor accepts `ask` but never enforces it, so it is always sent as `deny`
/// (compat rule `ask-pretooluse`).
pub ask_always_deny: bool,
/// The other response keys it accepts, as written on stdout.
pub response_fields: &'static [&'static str],
/// What `matcher` is tested against, when the event has a subject.
pub matcher_subject: Option<&'static str>,
/// The closed set of subject strings `matcher` is tested against; empty when the subject is
/// open (a command string) or the event has no subject.
pub matcher_values: &'static [&'static str],
/// A prefix beyond which the subject is open (`MCP:` for tool types: `MCP:<tool>`), if any.
pub matcher_open_prefix: Option<&'static str>,
/// Surfaces where the event does not fire (`cloud`, `cli-print`, `cli`).
pub not_in: &'static [&'static str],
}

",
    );
    doc(
        &mut out,
        "Every event, in the order of `spec/cursor/events.json`.",
    );
    out.push_str("pub const EVENTS: &[EventInfo] = &[\n");
    for event in &spec.events {
        let wires: Vec<&str> = event.response.fields.iter().map(|f| &*f.wire).collect();
        out.push_str(&fill(
            "EventInfo { name: {name}, type_name: {ty}, category: Category::{category}, can_block: {can_block}, permission: &{permission}, ask_always_deny: {always_deny}, response_fields: &{fields}, matcher_subject: {subject}, matcher_values: &{values}, matcher_open_prefix: {prefix}, not_in: &{not_in} },\n",
            &[
                ("name", &lit(&event.name)),
                ("ty", &lit(&event.ty)),
                ("category", event.category.variant()),
                ("can_block", &event.can_block.to_string()),
                ("permission", &str_list(&event.permission())),
                ("always_deny", &always_deny.contains(&event.name).to_string()),
                ("fields", &str_list(&wires)),
                ("subject", &option_lit(event.matcher_subject.as_deref())),
                ("values", &str_list(&event.matcher_values)),
                ("prefix", &option_lit(event.matcher_open_prefix.as_deref())),
                ("not_in", &str_list(&event.not_in)),
            ],
        ));
    }
    out.push_str("];\n\n");
    doc(
        &mut out,
        "The `matcher` values that match every subject, as no matcher does (`spec/cursor/host.json`).",
    );
    out.push_str(&format!(
        "pub const MATCH_ALL: &[&str] = &{};\n\n",
        str_list(match_all)
    ));
    doc(
        &mut out,
        "The event named `name`, if Cursor has one.

```
assert!(cursor_hooks_spec::info(\"stop\").is_some());
assert!(cursor_hooks_spec::info(\"beforeShellCommand\").is_none());
```",
    );
    out.push_str("pub fn info(name: &str) -> Option<&'static EventInfo> {\nEVENTS.iter().find(|event| event.name == name)\n}\n");
    Ok(out)
}

/// The runtime's `__for_each_event!`, for its own tests.
pub(crate) fn for_each_event(spec: &Spec) -> String {
    let mut out = String::new();
    doc(
        &mut out,
        "Calls `$callback!(SessionStart, SessionEnd, ...)` with the input types' names, in the
spec's order, for the runtime's own tests that must cover every event (the names resolve
where it expands). Not part of the API: other crates use `cursor_hooks::cursor::spec::EVENTS`.",
    );
    let names: Vec<&str> = spec.events.iter().map(|e| &*e.ty).collect();
    out.push_str(&fill(
        "#[doc(hidden)]
#[macro_export]
macro_rules! __for_each_event {
($callback:ident) => {
$callback! { {names} }
};
}
",
        &[("names", &names.join(", "))],
    ));
    out
}
