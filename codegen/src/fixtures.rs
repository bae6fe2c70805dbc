//! `runtime/src/gen/cursor/fixtures.rs`: the test kit's payload builders (`BeforeShellExecution::fixture()`
//! and one typed setter per input field).

use crate::model::{InputField, InputType, Spec};
use crate::write::{doc, fill, ident, lit, raw_lit};

/// What every fixture starts from, unless the event never sends the field.
const COMMON: &[(&str, &str)] = &[
    (
        "conversation_id",
        "\"c0ffee00-0000-4000-8000-000000000001\"",
    ),
    ("generation_id", "\"c0ffee00-0000-4000-8000-000000000001\""),
    ("session_id", "\"c0ffee00-0000-4000-8000-000000000001\""),
    ("model", "\"default\""),
    ("cursor_version", "\"2026.09.28-64d2043\""),
    ("workspace_roots", "[\"/project\"]"),
    ("user_email", "null"),
    ("transcript_path", "null"),
];

pub(crate) fn file(spec: &Spec) -> String {
    let mut out = String::from("use crate::testing::Fixture;\nuse serde_json::Value;\n\n");
    for event in &spec.events {
        let (ty, name) = (&*event.ty, &*event.name);
        let mut fields = vec![format!("\"hook_event_name\": {}", lit(name))];
        for (key, value) in COMMON {
            let absent = spec
                .common_fields
                .iter()
                .any(|f| f.name == *key && f.absent_on.iter().any(|e| e == name));
            if !absent {
                fields.push(format!("{}: {value}", lit(key)));
            }
        }
        for field in event.input.iter().filter(|f| f.is_required()) {
            let example = field
                .example
                .as_ref()
                .map_or("\"\"".to_owned(), ToString::to_string);
            fields.push(format!("{}: {example}", lit(&field.name)));
        }
        out.push_str(&fill("impl crate::cursor::event::{ty} {\n", &[("ty", ty)]));
        doc(
            &mut out,
            &fill(
                "A realistic `{name}` payload to start a test from: the common fields as the CLI sends
them, and an example for each required field.

```
use cursor_hooks::prelude::*;

let input: {ty} = {ty}::fixture().build();
assert_eq!(input.common.hook_event_name, {quoted});
```",
                &[("name", name), ("ty", ty), ("quoted", &lit(name))],
            ),
        );
        out.push_str(&fill(
            "pub fn fixture() -> Fixture<Self> {\nFixture::from_text({text})\n}\n}\n\n",
            // Parsed when a test calls it: a `json!` literal costs every build its code.
            &[("text", &raw_lit(&format!("{{{}}}", fields.join(", "))))],
        ));
        setters(
            &mut out,
            &format!("crate::cursor::event::{ty}"),
            &event.input,
        );
    }
    out
}

/// `impl Fixture<event>`: one typed setter per input field.
pub(crate) fn setters(out: &mut String, event: &str, input: &[InputField]) {
    out.push_str(&fill("impl Fixture<{event}> {\n", &[("event", event)]));
    for field in input {
        let (param, value) = match field.ty {
            InputType::String => ("impl Into<String>", "Value::String(value.into())"),
            InputType::Bool => ("bool", "Value::Bool(value)"),
            InputType::Integer => ("i64", "Value::from(value)"),
            InputType::Number => ("f64", "Value::from(value)"),
            InputType::StringList => (
                "impl IntoIterator<Item = impl Into<String>>",
                "Value::from(value.into_iter().map(Into::into).collect::<Vec<String>>())",
            ),
            _ => ("Value", "value"),
        };
        out.push_str(&fill(
                "/// Sets `{name}`.\n#[must_use = \"a fixture is changed by value: use the returned fixture\"]\npub fn {id}(self, value: {param}) -> Self { self.set({key}, {value}) }\n\n",
                &[
                    ("name", &field.name),
                    ("id", &ident(&field.name)),
                    ("param", param),
                    ("key", &lit(&field.name)),
                    ("value", value),
                ],
            ));
    }
    out.push_str("}\n\n");
}
