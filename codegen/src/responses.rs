//! `runtime/src/gen/cursor/responses.rs`: the response types, their constructors (one per decision:
//! `allow`, `deny`, `ask`, `block`) and setters (one per wire field), and their rendering.

use crate::model::{Category, Event, PermissionValue, ResponseField, ResponseType, Spec};
use crate::write::{answers, doc, field_doc, fill, ident, line, lit, option_lit, sources_line};

pub(crate) fn file(spec: &Spec) -> String {
    let mut out = String::from(
        "use crate::cursor::render::Writer;\nuse crate::cursor::response::checks::{Allow, Ask, Deny};\nuse crate::cursor::response::*;\nuse serde_json::Value;\nuse std::collections::BTreeMap;\n\n",
    );
    for event in spec.events.iter().filter(|e| !e.is_observe()) {
        response_type(&mut out, spec, event);
    }
    out
}

/// `PermissionOrAsk` where `ask` is accepted, else `Permission`.
fn permission_ty(event: &Event) -> &'static str {
    if event.accepts(PermissionValue::Ask) {
        "PermissionOrAsk"
    } else {
        "Permission"
    }
}

fn response_type(out: &mut String, spec: &Spec, event: &Event) {
    let ty = &*event.response_ty();
    let has_permission = !event.response.permission.is_empty();
    let asks = event.accepts(PermissionValue::Ask);
    let has_user_message = event.has_field("user_message");
    let mut text = fill(
        "The answer to a [`{input}`](crate::cursor::event::{input}) hook (`{name}`).\n\nAccepts {answers}. The default is no opinion (`{}`): Cursor and the other hooks decide.",
        &[
            ("input", &event.ty),
            ("name", &event.name),
            ("answers", &answers(event, ", ").join(", ")),
        ],
    );
    if let Some(example) = response_example(event) {
        text.push_str(&format!(
            "\n\n```\nuse cursor_hooks::prelude::*;\n\n{example}\n```"
        ));
    }
    doc(out, &text);
    line(
        out,
        &fill(
            "#[derive(Debug, Clone, PartialEq, Default)]\n#[non_exhaustive]\npub struct {ty} {",
            &[("ty", ty)],
        ),
    );
    if has_permission {
        line(
            out,
            &format!(
                "/// `permission`: {}. `None` leaves the decision to Cursor.\n///\n/// {}\npub permission: Option<{}>,",
                event.permission().join(", "),
                sources_line(&spec.readable(
                    event.response.permission_source.as_deref().unwrap_or_default()
                )),
                permission_ty(event),
            ),
        );
    }
    for field in &event.response.fields {
        let id = ident(&field.name);
        // A keyword field is written `r#continue` in Rust; say so, since `.continue(…)` fails.
        let rust_name = if id == field.name {
            String::new()
        } else {
            format!(" (the field `{id}` in Rust)")
        };
        doc(
            out,
            &format!(
                "`{}`{rust_name}: {}",
                field.wire,
                field_doc(&field.doc, &[], &spec.readable(&field.source))
            ),
        );
        line(
            out,
            &format!("pub {}: Option<{}>,", ident(&field.name), field.ty.rust()),
        );
    }
    out.push_str("}\n\n");

    // Constructors and setters.
    line(out, &fill("impl {ty} {", &[("ty", ty)]));
    if has_permission {
        let values = [("pty", permission_ty(event))];
        line(
            out,
            &fill(
                "/// `{\"permission\":\"allow\"}`: overrides Cursor's own approval prompt.
pub fn allow() -> Self { Self { permission: Some({pty}::Allow), ..Self::default() } }
",
                &values,
            ),
        );
        if has_user_message {
            line(
                out,
                &fill(
                    "/// `{\"permission\":\"deny\",\"user_message\":…}`.
pub fn deny(user_message: impl Into<String>) -> Self { Self { permission: Some({pty}::Deny), user_message: Some(user_message.into()), ..Self::default() } }
",
                    &values,
                ),
            );
        } else {
            line(
                out,
                &fill(
                    "/// `{\"permission\":\"deny\"}` (`{name}` takes no message).
pub fn deny() -> Self { Self { permission: Some({pty}::Deny), ..Self::default() } }
",
                    &[values[0], ("name", &event.name)],
                ),
            );
        }
        if asks {
            line(
                out,
                "/// `{\"permission\":\"ask\",\"user_message\":…}`, sent as `deny` where Cursor does not honour `ask` (`spec/cursor/compat.json`).
pub fn ask(user_message: impl Into<String>) -> Self { Self { permission: Some(PermissionOrAsk::Ask), user_message: Some(user_message.into()), ..Self::default() } }
",
            );
        }
    }
    if event.category == Category::PromptGate {
        out.push_str("/// Blocks the prompt: `{\"continue\":false,\"user_message\":…}`.\npub fn block(user_message: impl Into<String>) -> Self { Self { r#continue: Some(false), user_message: Some(user_message.into()), ..Self::default() } }\n\n");
    }
    for field in &event.response.fields {
        setter(out, field, event.category == Category::PromptGate);
    }
    out.push_str("}\n\n");

    // The traits whose bounds give a constructor called on the wrong response its error.
    line(
        out,
        &fill(
            "impl crate::sealed::Sealed for {ty} {}\nimpl crate::response::AnyResponse for {ty} {}",
            &[("ty", ty)],
        ),
    );
    let values = [("ty", ty)];
    if has_permission {
        line(
            out,
            &fill(
                "#[diagnostic::do_not_recommend] impl Allow for {ty} { fn allow() -> Self { Self::allow() } }",
                &values,
            ),
        );
        if has_user_message {
            line(out, &fill("#[diagnostic::do_not_recommend] impl Deny for {ty} { fn deny(user_message: String) -> Self { Self::deny(user_message) } }", &values));
        }
        if asks {
            line(out, &fill("#[diagnostic::do_not_recommend] impl Ask for {ty} { fn ask(user_message: String) -> Self { Self::ask(user_message) } }", &values));
        }
    }

    // Rendering. The event's block, for `fail = "closed"`, is built by the constructor a handler
    // would use, so a failure answer is rendered like any other.
    line(out, &fill("impl Response for {ty} {", &values));
    let block = if event.category == Category::PromptGate {
        Some("Self::block(reason)")
    } else if has_permission && has_user_message {
        Some("Self::deny(reason)")
    } else if has_permission {
        Some("{ let _ = reason; Self::deny() }")
    } else {
        None
    };
    if let Some(block) = block {
        line(
            out,
            &format!("fn failure_block(reason: String) -> Option<Self> {{\nSome({block})\n}}"),
        );
    }
    out.push_str("fn write(&self, out: &mut Writer<'_>) {\n");
    if has_permission {
        out.push_str("out.permission(self.permission.map(Into::into));\n");
    }
    for field in &event.response.fields {
        let id = ident(&field.name);
        let value = match field.ty {
            ResponseType::Json => format!("self.{id}.clone()"),
            ResponseType::Bool => format!("self.{id}.map(Value::Bool)"),
            ResponseType::String => format!("self.{id}.clone().map(Value::String)"),
            ResponseType::StringMap | ResponseType::StringList => format!(
                "self.{id}.as_ref().map(|v| serde_json::to_value(v).expect(\"strings always serialize\"))"
            ),
        };
        line(
            out,
            &format!(
                "out.field({}, {}, {value});",
                lit(&field.wire),
                option_lit(field.wire_1_7.as_deref())
            ),
        );
    }
    out.push_str("}\n}\n\n");
}

/// A builder method for one response field (`has_block`: the response has a `block`
/// constructor, which the `continue` setter points to).
fn setter(out: &mut String, field: &ResponseField, has_block: bool) {
    let (summary, template) = match field.ty {
        ResponseType::String => (
            "Sets",
            "#[must_use = \"a response is built by value: use the returned response\"]\npub fn {id}(mut self, value: impl Into<String>) -> Self { self.{id} = Some(value.into()); self }\n",
        ),
        ResponseType::Bool => (
            "Sets",
            "#[must_use = \"a response is built by value: use the returned response\"]\npub fn {id}(mut self, value: bool) -> Self { self.{id} = Some(value); self }\n",
        ),
        ResponseType::Json => (
            "Sets",
            "#[must_use = \"a response is built by value: use the returned response\"]\npub fn {id}(mut self, value: Value) -> Self { self.{id} = Some(value); self }\n",
        ),
        ResponseType::StringMap => (
            "Adds one entry to",
            "#[must_use = \"a response is built by value: use the returned response\"]\npub fn {id}(mut self, key: impl Into<String>, value: impl Into<String>) -> Self { self.{id}.get_or_insert_with(BTreeMap::new).insert(key.into(), value.into()); self }\n",
        ),
        ResponseType::StringList => (
            "Sets",
            "#[must_use = \"a response is built by value: use the returned response\"]\npub fn {id}<I: IntoIterator<Item = S>, S: Into<String>>(mut self, values: I) -> Self { self.{id} = Some(values.into_iter().map(Into::into).collect()); self }\n",
        ),
    };
    let id = ident(&field.name);
    let mut text = format!("{summary} `{}`.", field.wire);
    if id != field.name {
        // Rustdoc shows a raw identifier without its `r#`; give the callable spelling.
        text.push_str(&format!(
            "\n\nCall it as `.{id}(…)`: `{}` is a Rust keyword.",
            field.name
        ));
        if field.name == "continue" && has_block {
            text.push_str(
                " To block the prompt with a message, [`block`](Self::block) sets both fields.",
            );
        }
    }
    doc(out, &text);
    line(out, &fill(template, &[("id", &id)]));
}

/// A doctest for the response type's docs: the common way to build its answer.
fn response_example(event: &Event) -> Option<String> {
    let ty = event.response_ty();
    let (expr, json) = match event.category {
        Category::Permission if event.has_field("agent_message") => (
            format!("{ty}::deny(\"not here\").agent_message(\"use the staging copy\")"),
            r#"{"permission":"deny","user_message":"not here","agent_message":"use the staging copy"}"#,
        ),
        Category::Permission if event.has_field("user_message") => (
            format!("{ty}::deny(\"not here\")"),
            r#"{"permission":"deny","user_message":"not here"}"#,
        ),
        Category::Permission => (format!("{ty}::deny()"), r#"{"permission":"deny"}"#),
        Category::PromptGate => (
            format!("{ty}::block(\"no secrets\")"),
            r#"{"continue":false,"user_message":"no secrets"}"#,
        ),
        Category::Loop => (
            format!("{ty}::default().followup_message(\"run the tests\")"),
            r#"{"followup_message":"run the tests"}"#,
        ),
        Category::Context => (
            format!("{ty}::default().additional_context(\"branch: main\")"),
            r#"{"additional_context":"branch: main"}"#,
        ),
        Category::Notice => (
            format!("{ty}::default().user_message(\"compacting\")"),
            r#"{"user_message":"compacting"}"#,
        ),
        Category::App => (
            format!("{ty}::default().plugin_paths([\"/opt/plugins/a\"])"),
            r#"{"pluginPaths":["/opt/plugins/a"]}"#,
        ),
        Category::Observe => return None,
    };
    Some(fill(
        "let answer = {expr};
let rendered = cursor_hooks::testing::render(&answer, {input}::fixture());
assert_eq!(rendered.stdout, concat!(r#\"{json}\"#, \"\\n\"));",
        &[("expr", &expr), ("input", &event.ty), ("json", json)],
    ))
}
