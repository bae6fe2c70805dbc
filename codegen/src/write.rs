//! Small helpers shared by the generators.

use crate::model::Event;

/// Fills a code template: each `{key}` of `values` is replaced by its text. Every other brace is
/// kept as written, so templates read as the Rust they produce.
///
/// Panics when a key does not occur in the template (a typo in a generator).
pub(crate) fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = template.to_owned();
    for (key, value) in values {
        let placeholder = ["{", key, "}"].concat();
        assert!(
            out.contains(&placeholder),
            "template has no {placeholder}: {template}"
        );
        out = out.replace(&placeholder, value);
    }
    out
}

/// Appends `text` as `///` doc lines.
pub(crate) fn doc(out: &mut String, text: &str) {
    for line in text.lines() {
        if line.is_empty() {
            out.push_str("///\n");
        } else {
            out.push_str("/// ");
            out.push_str(line);
            out.push('\n');
        }
    }
}

/// Appends one line.
pub(crate) fn line(out: &mut String, text: &str) {
    out.push_str(text);
    out.push('\n');
}

/// A Rust string literal.
pub(crate) fn lit(text: &str) -> String {
    format!("{text:?}")
}

/// A Rust raw string literal: `r#"text"#`.
pub(crate) fn raw_lit(text: &str) -> String {
    assert!(!text.contains("\"#"), "no raw string can hold {text}");
    format!("r#\"{text}\"#")
}

/// A Rust slice literal of strings: `["a", "b"]`.
pub(crate) fn str_list<S: AsRef<str>>(items: &[S]) -> String {
    let items: Vec<&str> = items.iter().map(AsRef::as_ref).collect();
    format!("{items:?}")
}

/// `Some("text")` or `None`.
pub(crate) fn option_lit(text: Option<&str>) -> String {
    match text {
        Some(text) => format!("Some({text:?})"),
        None => "None".to_owned(),
    }
}

/// A Rust identifier for a spec name (`continue` is a keyword; a camelCase key such as
/// Copilot's `toolArgs` is `tool_args`).
pub(crate) fn ident(name: &str) -> String {
    if name.chars().any(|c| c.is_ascii_uppercase()) {
        let mut snake = String::with_capacity(name.len() + 4);
        for c in name.chars() {
            if c.is_ascii_uppercase() {
                snake.push('_');
                snake.push(c.to_ascii_lowercase());
            } else {
                snake.push(c);
            }
        }
        return ident(&snake);
    }
    match name {
        "as" | "break" | "const" | "continue" | "else" | "enum" | "extern" | "false" | "fn"
        | "for" | "if" | "impl" | "in" | "let" | "loop" | "match" | "mod" | "move" | "mut"
        | "pub" | "ref" | "return" | "static" | "struct" | "trait" | "true" | "type" | "unsafe"
        | "use" | "where" | "while" | "async" | "await" | "dyn" | "abstract" | "become" | "box"
        | "do" | "final" | "macro" | "override" | "priv" | "typeof" | "unsized" | "virtual"
        | "yield" | "try" | "gen" => format!("r#{name}"),
        _ => name.to_owned(),
    }
}

/// `followup_message` → `FollowupMessage`.
pub(crate) fn upper_camel(name: &str) -> String {
    name.split('_')
        .map(|part| {
            let mut chars = part.chars();
            chars
                .next()
                .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// "`stop`, `subagentStop`".
pub(crate) fn event_names(events: &[&Event]) -> String {
    events
        .iter()
        .map(|e| format!("`{}`", e.name))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What an event may answer, for docs: "`permission` (allow, deny), `user_message`".
pub(crate) fn answers(event: &Event, separator: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let permission = event.permission();
    if !permission.is_empty() {
        parts.push(format!("`permission` ({})", permission.join(separator)));
    }
    parts.extend(
        event
            .response
            .fields
            .iter()
            .map(|f| format!("`{}`", f.wire)),
    );
    parts
}

/// A field's rustdoc: its doc, its other spellings, and its sources in words as a second
/// paragraph (`sources` is [`crate::model::Spec::readable`] of the field's `source`).
pub(crate) fn field_doc(doc: &str, aliases: &[String], sources: &str) -> String {
    let mut text = doc.to_owned();
    if !aliases.is_empty() {
        text.push_str(&format!(" Also read from `{}`.", aliases.join("`, `")));
    }
    text.push_str(&format!("\n\n{}", sources_line(sources)));
    text
}

/// "Source: …." or "Sources: …; …." for readable sources.
pub(crate) fn sources_line(sources: &str) -> String {
    let label = if sources.contains("; ") {
        "Sources"
    } else {
        "Source"
    };
    format!("{label}: {sources}.")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_replaces_keys_and_keeps_other_braces() {
        assert_eq!(
            fill("impl {ty} { fn f() -> {} {} }", &[("ty", "Stop")]),
            "impl Stop { fn f() -> {} {} }"
        );
    }

    #[test]
    #[should_panic(expected = "template has no {tyy}")]
    fn fill_rejects_a_key_the_template_lacks() {
        fill("impl {ty} {}", &[("tyy", "Stop")]);
    }

    #[test]
    fn keyword_fields_get_raw_identifiers() {
        assert_eq!(ident("continue"), "r#continue");
        assert_eq!(ident("toolArgs"), "tool_args");
        assert_eq!(ident("stop_hook_active"), "stop_hook_active");
        assert_eq!(ident("user_message"), "user_message");
        assert_eq!(upper_camel("followup_message"), "FollowupMessage");
    }
}
