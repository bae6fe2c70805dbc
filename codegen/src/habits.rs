//! `spec/habits.json` → one file per host (`runtime/src/gen/cursor/habits.rs`,
//! `runtime/src/gen/claude/habits.rs`): the calls a user of another editor writes on this host's
//! answers out of habit, as methods no answer has. Each is bound by a trait no type implements,
//! whose error says what the host takes instead. One generator for every host: a host's rows
//! are data.

use crate::write::{doc, fill, ident, line, upper_camel};
use serde::Deserialize;
use std::path::Path;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Habits {
    #[allow(dead_code)] // the file's own description
    about: String,
    habits: Vec<Habit>,
}

/// One row of `spec/habits.json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Habit {
    /// The host whose answers get the method (a key of `spec/hosts.json`).
    pub host: String,
    /// The method's name.
    pub call: String,
    /// Its signature: `constructor(text)`, `setter(text)` or `setter(key, value)`.
    pub shape: String,
    /// The host whose habit it is.
    pub from: String,
    /// The error's first line; `{Self}` is the response type.
    pub message: String,
    /// The error's label: what the host takes instead.
    pub label: String,
    /// A further note, when one helps.
    #[serde(default)]
    pub note: Option<String>,
    /// Where the facts the text states come from.
    pub source: String,
}

/// Every row of `spec/habits.json`.
pub fn load(root: &Path) -> Result<Vec<Habit>, String> {
    let habits: Habits = read(&root.join("spec/habits.json"))?;
    Ok(habits.habits)
}

/// Each host's product name by its key, from the registry (`spec/hosts.json`).
fn products(root: &Path) -> Result<Vec<(String, String)>, String> {
    let hosts: serde_json::Value = read(&root.join("spec/hosts.json"))?;
    let rows = hosts["hosts"].as_array().into_iter().flatten();
    Ok(rows
        .filter_map(|row| {
            Some((
                row["key"].as_str()?.to_owned(),
                row["product"].as_str()?.to_owned(),
            ))
        })
        .collect())
}

fn read<T: for<'de> Deserialize<'de>>(path: &Path) -> Result<T, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The signature and the call's arguments of a `shape`.
fn signature(habit: &Habit) -> Result<(&'static str, &'static str), String> {
    match habit.shape.as_str() {
        "constructor(text)" => Ok(("text: impl Into<String>", "text")),
        "setter(text)" => Ok(("self, text: impl Into<String>", "self, text")),
        "setter(key, value)" => Ok((
            "self, key: impl Into<String>, value: impl Into<String>",
            "self, key, value",
        )),
        other => Err(format!(
            "spec/habits.json: `{}` on {} has the unknown shape `{other}`",
            habit.call, habit.host
        )),
    }
}

/// A setter's `#[must_use]`: a response is built by value.
fn must_use(habit: &Habit) -> &'static str {
    if habit.shape.starts_with("setter") {
        "#[must_use = \"a response is built by value: use the returned response\"]\n"
    } else {
        ""
    }
}

/// The generated file for `host`, whose `Response` trait is at the path `response`.
pub(crate) fn file(
    root: &Path,
    habits: &[Habit],
    host: &str,
    response: &str,
) -> Result<String, String> {
    let products = products(root)?;
    let product = |key: &str| {
        products
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, product)| product.clone())
            .ok_or_else(|| format!("spec/habits.json: `{key}` is not a host of spec/hosts.json"))
    };
    let product_name = product(host)?;
    let rows: Vec<&Habit> = habits.iter().filter(|h| h.host == host).collect();
    let mut out = String::new();
    line(&mut out, &format!("use {response};\n"));
    doc(
        &mut out,
        &format!(
            "Calls another editor's users write on {product_name}'s answers out of habit, on every response type.
None compiles: each is bound by a trait no type implements, whose error names the habit and
what {product_name} takes instead. The prelude imports it as `_`."
        ),
    );
    out.push_str("pub trait OtherEditorHabits: Sized {\n");
    for habit in &rows {
        let (params, args) = signature(habit)?;
        let bound = upper_camel(&habit.call);
        let must_use = must_use(habit);
        line(
            &mut out,
            &fill(
                "/// `{call}` is {from}'s: the error says what to write instead.
{must_use}fn {id}({params}) -> Self where Self: {bound} { <Self as {bound}>::{id}({args}) }
",
                &[
                    ("call", &habit.call),
                    ("from", &product(&habit.from)?),
                    ("must_use", must_use),
                    ("id", &ident(&habit.call)),
                    ("params", params),
                    ("bound", &bound),
                    ("args", args),
                ],
            ),
        );
    }
    out.push_str("}\n\nimpl<T: Response> OtherEditorHabits for T {}\n\n");
    // One trait per habit, implemented by no type: the error is its `on_unimplemented`.
    for habit in &rows {
        let (params, _) = signature(habit)?;
        let note = habit
            .note
            .as_ref()
            .map(|note| format!(", note = {note:?}"))
            .unwrap_or_default();
        line(
            &mut out,
            &fill(
                "/// `{call}`: {source}.
#[diagnostic::on_unimplemented(message = {message}, label = {label}{note})]
pub trait {trait}: crate::sealed::Sealed {
/// Never called: no type implements the trait.
{must_use}fn {id}({params}) -> Self;
}
",
                &[
                    ("call", &habit.call),
                    ("source", &habit.source),
                    ("message", &format!("{:?}", habit.message)),
                    ("label", &format!("{:?}", habit.label)),
                    ("note", &note),
                    ("trait", &upper_camel(&habit.call)),
                    ("must_use", must_use(habit)),
                    ("id", &ident(&habit.call)),
                    ("params", params),
                ],
            ),
        );
    }
    Ok(out)
}
