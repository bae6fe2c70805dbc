//! `runtime/src/gen/claude/checks.rs`: traits that exist only for compile errors, Claude Code's
//! counterpart of Cursor's `gen/cursor/checks.rs`. Each Claude response type has only the
//! constructors and setters of the keys its event reads (`claude.rs`); a constructor or setter some
//! other event has is found on every response through `Answers`, bound by a per-method trait that
//! only the types having it implement, so calling it on the wrong response is an error that names
//! the events reading that key, at the method's name.

use crate::claude_model::{ClaudeAnswerField, ClaudeEvent, ClaudeSpec, Family};
use crate::write::{doc, ident, line, upper_camel};

/// One constructor or setter, with the events whose response has it.
struct Method<'a> {
    /// The method's name (`deny`, `updated_input`).
    name: String,
    /// What it writes, for messages: "the permission decision `deny`", "`updatedInput`".
    wire: String,
    /// Whether it is a setter (takes `self`) rather than a constructor.
    setter: bool,
    /// The parameters after `self` (`value: impl Into<String>`).
    params: String,
    /// What kind of key, for the message.
    kind: Kind,
    /// The decision values a `WithPermission` key is read beside.
    with: Vec<String>,
    events: Vec<&'a ClaudeEvent>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A `permissionDecision` value (or PermissionRequest's `decision.behavior`).
    Permission,
    /// `decision: "block"`.
    Block,
    /// Another key's value constructor (Elicitation's `action`).
    Value,
    /// A setter.
    Field,
    /// A key read only beside its decision, which the decision's constructor takes: no
    /// response has a setter for it (`reason`).
    WithDecision,
    /// `permissionDecisionReason`, read only beside `permissionDecision`: no response has a
    /// setter for it, the decisions' constructors take it.
    WithPermission,
    /// A decision value the host reads and refuses (`not_offered`: Codex's `ask`): no response
    /// has it.
    Refused,
}

/// The generated file's text, for `family`'s responses.
pub(crate) fn file(family: &Family, spec: &ClaudeSpec) -> String {
    let product = family.product;
    let methods = methods(spec);
    let mut out = format!(
        "use crate::gen::{}::responses::*;\nuse crate::keys::{{self, Constructs, Takes}};\n#[allow(unused_imports)] // only when some setter takes any JSON\nuse serde_json::Value;\n\n",
        family.name()
    );
    // The checks of one host apply to its responses only: the hosts share the `Response`
    // trait, and rustc would otherwise suggest another host's checks.
    doc(
        &mut out,
        &format!("The {product} response types, which `Answers` is implemented for."),
    );
    out.push_str("pub trait Own: Sized {}\n");
    for event in spec.events.iter().filter(|e| !e.is_observe()) {
        out.push_str(&format!("impl Own for {} {{}}\n", event.response_ty()));
    }
    out.push('\n');
    doc(
        &mut out,
        &format!("The constructors and setters some {product} events' answers have, on every response type.
A response's own constructor or setter is always the one called; on a response without it
the call does not compile, and the error names the events that read that key. The prelude
imports it as `_`."),
    );
    out.push_str("pub trait Answers: Sized {\n");
    for method in &methods {
        let bound = format!("fields::{}", trait_of(&method.name));
        let id = ident(&method.name);
        let (value, conv) = value_of(&method.params);
        let (receiver, call) = if method.setter {
            (
                "self, ",
                format!("<Self as Takes<keys::{id}, {value}>>::put(self, {conv})"),
            )
        } else {
            (
                "",
                format!("<Self as Constructs<keys::{id}, {value}>>::construct({conv})"),
            )
        };
        line(
            &mut out,
            &format!(
                "/// {} ({}).\n{}fn {id}({receiver}{}) -> Self where Self: {bound} {{ {call} }}\n",
                method.wire,
                read_by(&method.events),
                must_use(method),
                method.params,
            ),
        );
    }
    out.push_str("}\n\nimpl<T: Own> Answers for T {}\n\n");
    out.push_str("/// One trait per constructor or setter, implemented by the responses that take its key: its\n/// error says which events read the key, and rustc lists the keys the response does take.\npub mod fields {\nuse super::*;\n\n");
    for method in &methods {
        let trait_name = trait_of(&method.name);
        let id = ident(&method.name);
        let (message, label, note) = messages(method, spec, product);
        let note = note
            .map(|note| format!(", note = {note:?}"))
            .unwrap_or_default();
        let (value, _) = value_of(&method.params);
        let carrier = if method.setter { "Takes" } else { "Constructs" };
        line(
            &mut out,
            &format!(
                "/// Responses with `{}`.\n#[diagnostic::on_unimplemented(message = {message:?}, label = {label:?}{note})]\npub trait {trait_name}: {carrier}<keys::{id}, {value}> {{}}\nimpl<T: {carrier}<keys::{id}, {value}>> {trait_name} for T {{}}",
                method.name,
            ),
        );
        out.push('\n');
    }
    out.push_str("}\n\n");
    takes_impls(&mut out, spec);
    free_functions(&mut out, product);
    for event in spec.events.iter().filter(|e| !e.is_observe()) {
        for field in event.response.hook_specific.iter() {
            if field.fields.iter().any(|f| !f.with.is_empty()) {
                decision_keys(&mut out, event, field, product);
            }
        }
    }
    out
}

/// The keys of a typed decision (PermissionRequest's `decision`) read only beside one of its
/// values, on the decision and on every builder its constructors return. `claude.rs` gives
/// such a key no setter of its own: the constructor of its value takes it (`deny(message)`) or
/// returns a builder that has it (`deny(..).interrupt(..)`). Called on any other form, it is an
/// error that names that constructor.
fn decision_keys(out: &mut String, event: &ClaudeEvent, field: &ClaudeAnswerField, product: &str) {
    let object = format!("{}{}", event.ty, upper_camel(&field.name));
    let Some(choice) = field.fields.iter().find(|f| f.ty == "enum") else {
        return;
    };
    let message = field.fields.iter().any(|f| f.name == "message");
    // The constructor parameter of each value, and the builder it returns (the same rule as
    // `claude.rs`).
    let takes_message = |value: &str| message && value == "deny";
    let extras = |value: &str| -> Vec<&ClaudeAnswerField> {
        field
            .fields
            .iter()
            .filter(|f| {
                f.with.iter().any(|w| w == value) && !(takes_message(value) && f.name == "message")
            })
            .collect()
    };
    let builder = |value: &str| format!("{}{}", event.ty, upper_camel(value));
    let mut forms = vec![object.clone()];
    forms.extend(
        choice
            .values
            .iter()
            .filter(|v| !extras(v).is_empty())
            .map(|v| builder(v)),
    );
    let keys_trait = format!("{object}Keys");
    let module = object.chars().fold(String::new(), |mut snake, c| {
        if c.is_ascii_uppercase() && !snake.is_empty() {
            snake.push('_');
        }
        snake.push(c.to_ascii_lowercase());
        snake
    }) + "_keys";
    let keyed: Vec<&ClaudeAnswerField> =
        field.fields.iter().filter(|f| !f.with.is_empty()).collect();
    doc(
        out,
        &format!(
            "The keys of `{}` read only beside one `{}`, on every form of it: each is set through the constructor of its value, and anywhere else the error names that constructor. The prelude imports it as `_`.",
            field.wire, choice.wire
        ),
    );
    out.push_str(&format!(
        "pub trait {keys_trait}: Sized {{
"
    ));
    for key in &keyed {
        let Some(params) = setter_params(event, key) else {
            continue;
        };
        let bound = format!(
            "{module}::{}{}",
            upper_camel(&field.name),
            upper_camel(&key.name)
        );
        let id = ident(&key.name);
        line(
            out,
            &format!(
                "/// `{}`.\n#[must_use = \"a decision is built by value: pass it on\"]\nfn {id}(self, {params}) -> Self where Self: {bound} {{ <Self as {bound}>::{id}(self, value) }}\n",
                key.wire
            ),
        );
    }
    out.push_str("}\n\n");
    for form in &forms {
        out.push_str(&format!(
            "#[diagnostic::do_not_recommend] impl {keys_trait} for {form} {{}}\n"
        ));
    }
    out.push_str(&format!(
        "\n/// One trait per key of `{}` read beside one `{}`, implemented by the builders that have it.\npub mod {module} {{\n#[allow(unused_imports)] // only when some builder has a key\nuse super::*;\n\n",
        field.wire, choice.wire
    ));
    for key in &keyed {
        let Some(params) = setter_params(event, key) else {
            continue;
        };
        let values: Vec<String> = key
            .with
            .iter()
            .map(|v| format!("`{}: {v}`", choice.wire))
            .collect();
        let with = values.join(" or ");
        let constructors: Vec<String> = key
            .with
            .iter()
            .map(|v| {
                let arg = if takes_message(v) { "message" } else { "" };
                if takes_message(v) && key.name == "message" {
                    format!("`{object}::{v}({arg})`")
                } else {
                    format!("`{object}::{v}({arg}).{}(..)`", ident(&key.name))
                }
            })
            .collect();
        let message_text = format!(
            "`{{Self}}` has no `{}`: {product} reads `{}` only beside {with}, so it goes with that decision: {}",
            key.name,
            key.wire,
            constructors.join(" or ")
        );
        let label = format!("`{}` is read only beside {with}", key.wire);
        // Named apart from the response traits of the same key (`fields::UpdatedInput`), so
        // that rustc's notes can name it briefly.
        let trait_name = format!("{}{}", upper_camel(&field.name), upper_camel(&key.name));
        let id = ident(&key.name);
        line(
            out,
            &format!(
                "/// Forms of `{}` with `{}`.\n#[diagnostic::on_unimplemented(message = {message_text:?}, label = {label:?})]\npub trait {trait_name} {{\n/// The builder's own `{}`.\n#[must_use = \"a decision is built by value: pass it on\"]\nfn {id}(self, {params}) -> Self;\n}}",
                field.wire, key.wire, key.name
            ),
        );
        for value in &key.with {
            if extras(value).iter().any(|f| f.name == key.name) {
                let form = builder(value);
                line(
                    out,
                    &format!("#[diagnostic::do_not_recommend] impl {trait_name} for {form} {{ fn {id}(self, {params}) -> Self {{ {form}::{id}(self, value) }} }}"),
                );
            }
        }
        out.push('\n');
    }
    out.push_str("}\n");
}

/// `deny(..)` and the other decisions as free functions, as Cursor's prelude once had them:
/// none compiles, each is bound by a trait no type implements, whose error names the response
/// type's constructor. In the prelude so that such a call gets that error rather than rustc's
/// "expected function, found built-in attribute `deny`"; a function of the user's own with the
/// same name shadows it.
fn free_functions(out: &mut String, product: &str) {
    out.push_str(&format!("/// Free decision functions, which {product}'s prelude does not have: each call is an error\n/// naming the response type's constructor.\npub mod free {{\n"));
    for (name, params) in [
        ("allow", ""),
        ("deny", "reason: impl Into<String>"),
        ("ask", "reason: impl Into<String>"),
        ("block", "reason: impl Into<String>"),
    ] {
        let trait_name = format!("Free{}", upper_camel(name));
        let shown = if params.is_empty() { "()" } else { "(..)" };
        line(
            out,
            &format!(
                "/// Implemented by no type: `{name}` does not compile.\n#[diagnostic::on_unimplemented(message = \"there is no free `{name}{shown}` function: a {product} answer is built from its response type, `{{Self}}::{name}{shown}`\", label = \"build the answer from its response type\")]\npub trait {trait_name}: Sized {{\n/// Never called.\nfn never() -> Self;\n}}\n\n/// Not an answer function: a call names the response type's constructor.\npub fn {name}<R: {trait_name}>({params}) -> R {{ {} R::never() }}\n",
                if params.is_empty() { "" } else { "let _ = reason;" }
            ),
        );
    }
    out.push_str("}\n");
}

/// The check trait of a method (`r#continue` → `Continue`).
fn trait_of(method: &str) -> String {
    upper_camel(method.trim_start_matches("r#"))
}

/// Each response's `keys::Takes` and `keys::Constructs`: one per setter and constructor it has,
/// the universal keys among them, so that rustc's list under an error is what the response
/// takes instead.
fn takes_impls(out: &mut String, spec: &ClaudeSpec) {
    for event in spec.events.iter().filter(|e| !e.is_observe()) {
        let ty = event.response_ty();
        // A key read only beside a decision, or refused, has no method of its own.
        let methods: Vec<Method<'_>> = event_methods(event, &spec.universal_response)
            .into_iter()
            .filter(|method| {
                !matches!(
                    method.kind,
                    Kind::WithDecision | Kind::WithPermission | Kind::Refused
                )
            })
            .collect();
        // Every response starts from `default()`; one without a setter says so (`keys.rs`).
        line(
            out,
            &format!("impl Constructs<keys::default, ()> for {ty} {{ fn construct((): ()) -> Self {{ {ty}::default() }} }}"),
        );
        if !methods.iter().any(|method| method.setter) {
            line(
                out,
                &format!("impl Takes<keys::nothing, ()> for {ty} {{ fn put(self, (): ()) -> Self {{ self }} }}"),
            );
        }
        for method in methods {
            let id = ident(&method.name);
            let (value, _) = value_of(&method.params);
            let arg = method.params.split(':').next().unwrap_or_default().trim();
            let (carrier, body) = if method.setter {
                (
                    "Takes",
                    format!("fn put(self, {arg}: {value}) -> Self {{ self.{id}({arg}) }}"),
                )
            } else if arg.is_empty() {
                (
                    "Constructs",
                    format!("fn construct((): ()) -> Self {{ {ty}::{id}() }}"),
                )
            } else {
                (
                    "Constructs",
                    format!("fn construct({arg}: {value}) -> Self {{ {ty}::{id}({arg}) }}"),
                )
            };
            line(
                out,
                &format!("impl {carrier}<keys::{id}, {value}> for {ty} {{ {body} }}"),
            );
        }
        out.push('\n');
    }
}

/// A method's parameter as `keys::Takes` or `keys::Constructs` carries it: the value's type, and
/// the parameter turned into it (`()` for a constructor without one).
fn value_of(params: &str) -> (&'static str, String) {
    let Some((arg, ty)) = params.split_once(':') else {
        return ("()", "()".to_owned());
    };
    let arg = arg.trim();
    match ty.trim() {
        "impl Into<String>" => ("String", format!("{arg}.into()")),
        "impl Into<PermissionRequestDecision>" => {
            ("PermissionRequestDecision", format!("{arg}.into()"))
        }
        "impl IntoIterator<Item = impl Into<String>>" => (
            "Vec<String>",
            format!("{arg}.into_iter().map(Into::into).collect()"),
        ),
        "Value" => ("Value", arg.to_owned()),
        "Vec<Value>" => ("Vec<Value>", arg.to_owned()),
        "bool" => ("bool", arg.to_owned()),
        other => panic!("no keys::Takes value for a parameter of type {other}"),
    }
}

fn must_use(method: &Method<'_>) -> &'static str {
    if method.setter {
        "#[must_use = \"a response is built by value: use the returned response\"]\n"
    } else {
        ""
    }
}

/// The error's message, label and note for a method called on a response without it. The
/// message names the type (`{Self}`), the label what the method writes and who reads it.
fn messages(
    method: &Method<'_>,
    spec: &ClaudeSpec,
    product: &str,
) -> (String, String, Option<String>) {
    let name = &method.name;
    let events = read_by(&method.events);
    match method.kind {
        Kind::Permission => (
            format!("`{{Self}}` has no `{name}` decision"),
            format!("{} is read only by {events}", method.wire),
            Some(block_note(spec)),
        ),
        Kind::Block => (
            "`{Self}` has no `block`: its event reads no `decision`".to_owned(),
            format!("`decision: \"block\"` is read only by {events}"),
            Some(format!(
                "the permission events ({}) deny with `deny(reason)`",
                read_by(&permission_events(spec))
            )),
        ),
        Kind::Value => (
            format!("`{{Self}}` has no `{name}`"),
            format!("{} is read only by {events}", method.wire),
            None,
        ),
        Kind::Field => (
            format!("`{{Self}}` has no `{name}` field"),
            format!("{} is read only by {events}", method.wire),
            None,
        ),
        Kind::WithDecision => (
            format!("there is no `{name}` setter: {product} reads {} only beside `decision: \"block\"`, so the reason is given to the decision, `{{Self}}::block(reason)`", method.wire),
            format!("{} on its own changes nothing", method.wire),
            Some("a permission event's `deny(reason)` and `ask(reason)` take theirs too".to_owned()),
        ),
        Kind::WithPermission if name != "permission_decision_reason" => (
            format!(
                "there is no `{name}` setter: {product} reads {} only beside `permissionDecision: {}`, whose constructor takes it: {}",
                method.wire,
                method.with.join("` or `"),
                method.with.iter().map(|v| format!("`{v}({name})`")).collect::<Vec<_>>().join(" or ")
            ),
            format!("{} on its own changes nothing", method.wire),
            Some(format!("the responses of {events} have these constructors")),
        ),
        Kind::WithPermission => (
            format!("there is no `{name}` setter: {product} reads {} only beside `permissionDecision`, so the decision's constructor takes it: `deny(reason)`, and where the event has them `ask(reason)` and `allow_with_reason(reason)`", method.wire),
            format!("{} on its own changes nothing", method.wire),
            Some(format!("the responses of {events} have these constructors")),
        ),
        Kind::Refused => (
            format!("`{{Self}}` has no `{name}` decision: {product} refuses {} on {events} (the hook counts as failed and the action goes on)", method.wire),
            format!("{product} does not take {} here", method.wire),
            Some("deny with `deny(reason)`, or answer `no_opinion()` to leave the decision to the user's settings".to_owned()),
        ),
    }
}

/// "events that block take `block(reason)`: ...", for a permission constructor on the wrong
/// response.
fn block_note(spec: &ClaudeSpec) -> String {
    let blocking: Vec<&ClaudeEvent> = spec
        .events
        .iter()
        .filter(|event| event.response.decision.is_some())
        .collect();
    format!(
        "to stop the action, an event that reads `decision` takes `block(reason)`: {}",
        read_by(&blocking)
    )
}

fn permission_events(spec: &ClaudeSpec) -> Vec<&ClaudeEvent> {
    spec.events
        .iter()
        .filter(|event| {
            event
                .response
                .hook_specific
                .iter()
                .any(|field| field.name == "permission_decision" || !field.fields.is_empty())
        })
        .collect()
}

/// "`PreToolUse`, `PermissionRequest` and `PreModelSwitch`".
fn read_by(events: &[&ClaudeEvent]) -> String {
    let names: Vec<String> = events.iter().map(|e| format!("`{}`", e.name)).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Every constructor and setter of the responses (the rules of `claude.rs`), that some
/// responses have and others do not, in the spec's order of first appearance. One with
/// different parameter types on different responses is left out: its error stays rustc's own.
/// The method names that become keys (`crate::keys`), for `keys.rs`.
pub(crate) fn key_names(spec: &ClaudeSpec) -> Vec<String> {
    let own = spec
        .events
        .iter()
        .filter(|e| !e.is_observe())
        .flat_map(|event| event_methods(event, &spec.universal_response));
    own.chain(methods(spec)).map(|method| method.name).collect()
}

fn methods(spec: &ClaudeSpec) -> Vec<Method<'_>> {
    let mut methods: Vec<Method<'_>> = Vec::new();
    let mut conflicting: Vec<String> = Vec::new();
    let answering: Vec<&ClaudeEvent> = spec.events.iter().filter(|e| !e.is_observe()).collect();
    for event in &answering {
        for method in event_methods(event, &spec.universal_response) {
            match methods.iter_mut().find(|m| m.name == method.name) {
                Some(known) if known.params == method.params && known.setter == method.setter => {
                    known.events.push(event)
                }
                Some(_) => conflicting.push(method.name),
                None => methods.push(Method {
                    events: vec![event],
                    ..method
                }),
            }
        }
    }
    methods.retain(|m| !conflicting.contains(&m.name) && m.events.len() < answering.len());
    // A decision the host reads and refuses, which no response has: its call names the event.
    for event in &answering {
        for field in &event.response.hook_specific {
            if field.name != "permission_decision" {
                continue;
            }
            for value in &field.not_offered {
                if methods.iter().any(|m| &m.name == value) || conflicting.contains(value) {
                    continue;
                }
                methods.push(Method {
                    name: value.clone(),
                    wire: format!("the permission decision `{value}`"),
                    setter: false,
                    params: if matches!(value.as_str(), "ask" | "deny") {
                        "reason: impl Into<String>".to_owned()
                    } else {
                        String::new()
                    },
                    kind: Kind::Refused,
                    with: Vec::new(),
                    events: vec![event],
                });
            }
        }
    }
    methods
}

/// One event's constructors and setters: the universal keys its answer takes (`methods` keeps
/// only those some event lacks, as Codex's Interrupt lacks `continue`), then its own.
fn event_methods(event: &ClaudeEvent, universal: &[ClaudeAnswerField]) -> Vec<Method<'static>> {
    let mut out = Vec::new();
    for field in universal {
        let taken = !event.universal_except.contains(&field.wire)
            && !event.not_offered.contains(&field.wire);
        if let (true, Some(params)) = (taken, setter_params(event, field)) {
            out.push(setter_method(&field.name, &field.wire, &params));
        }
    }
    let specific = &event.response.hook_specific;
    let reason_with = specific
        .iter()
        .find(|f| f.name == "permission_decision_reason")
        .map_or(&[][..], |f| f.with.as_slice());
    let reason = "reason: impl Into<String>";
    for field in specific.iter().filter(|f| f.ty == "enum") {
        let permission = field.name == "permission_decision";
        for value in &field.values {
            let reads_reason = permission && reason_with.contains(value);
            let takes_reason = reads_reason && matches!(value.as_str(), "deny" | "ask");
            // A key read only beside this value is the constructor's argument (`claude.rs`):
            // Codex's `allow(updated_input)`.
            let extras: Vec<&ClaudeAnswerField> = specific
                .iter()
                .filter(|f| f.ty != "enum" && f.with.contains(value))
                .filter(|f| f.name != "permission_decision_reason")
                .collect();
            if let [extra] = extras[..] {
                if let Some(params) = setter_params(event, extra) {
                    out.push(Method {
                        name: value.clone(),
                        wire: format!("the permission decision `{value}`"),
                        setter: false,
                        params,
                        kind: Kind::Permission,
                        with: Vec::new(),
                        events: Vec::new(),
                    });
                    continue;
                }
            }
            if reads_reason && !takes_reason {
                out.push(Method {
                    name: format!("{value}_with_reason"),
                    wire: format!("the permission decision `{value}` with a reason"),
                    setter: false,
                    params: reason.to_owned(),
                    kind: Kind::Permission,
                    with: Vec::new(),
                    events: Vec::new(),
                });
            }
            out.push(Method {
                name: value.clone(),
                wire: if permission {
                    format!("the permission decision `{value}`")
                } else {
                    format!("`{}: \"{value}\"`", field.wire)
                },
                setter: false,
                params: if takes_reason {
                    reason.to_owned()
                } else {
                    String::new()
                },
                kind: if permission {
                    Kind::Permission
                } else {
                    Kind::Value
                },
                with: Vec::new(),
                events: Vec::new(),
            });
        }
    }
    for field in specific.iter().filter(|f| !f.fields.is_empty()) {
        let message = field.fields.iter().any(|f| f.name == "message");
        for sub in field.fields.iter().filter(|f| f.ty == "enum") {
            for value in &sub.values {
                let takes_message = message && value == "deny";
                out.push(Method {
                    name: value.clone(),
                    wire: format!("the permission decision `{value}`"),
                    setter: false,
                    params: if takes_message {
                        reason.to_owned()
                    } else {
                        String::new()
                    },
                    kind: Kind::Permission,
                    with: Vec::new(),
                    events: Vec::new(),
                });
            }
        }
    }
    if event.response.decision.is_some() {
        out.push(Method {
            name: "block".to_owned(),
            wire: "`decision: \"block\"`".to_owned(),
            setter: false,
            params: reason.to_owned(),
            kind: Kind::Block,
            with: Vec::new(),
            events: Vec::new(),
        });
        // Claude Code reads `reason` only beside `decision: "block"`: there is no setter that
        // would write it alone, only this entry, for the error that names `block(reason)`.
        out.push(Method {
            kind: Kind::WithDecision,
            ..setter_method("reason", "reason", "value: impl Into<String>")
        });
    }
    for field in specific.iter().filter(|f| f.ty != "enum") {
        if let Some(params) = setter_params(event, field) {
            let kind = if field.with.is_empty() {
                Kind::Field
            } else {
                Kind::WithPermission
            };
            out.push(Method {
                kind,
                with: field.with.clone(),
                ..setter_method(&field.name, &field.wire, &params)
            });
        }
    }
    out
}

fn setter_method(name: &str, wire: &str, params: &str) -> Method<'static> {
    Method {
        name: name.to_owned(),
        wire: format!("`{wire}`"),
        setter: true,
        params: params.to_owned(),
        kind: Kind::Field,
        with: Vec::new(),
        events: Vec::new(),
    }
}

/// A setter's parameter, as `claude.rs` writes it.
fn setter_params(event: &ClaudeEvent, field: &ClaudeAnswerField) -> Option<String> {
    let ty = match field.ty.as_str() {
        "string" => "impl Into<String>".to_owned(),
        "string_list" => "impl IntoIterator<Item = impl Into<String>>".to_owned(),
        "bool" => "bool".to_owned(),
        "json" => "Value".to_owned(),
        "object" if field.fields.is_empty() => "Value".to_owned(),
        "object" => format!("impl Into<{}{}>", event.ty, upper_camel(&field.name)),
        "permission_updates" => "Vec<Value>".to_owned(),
        _ => return None,
    };
    Some(format!("value: {ty}"))
}
