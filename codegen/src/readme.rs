//! The event table in `README.md` and `spec/README.md`, between markers.

use crate::model::Spec;
use crate::write::answers;

const TABLE_BEGIN: &str =
    "<!-- event table: generated from spec/events.json by cursor-hooks-codegen -->\n";
const TABLE_END: &str = "<!-- end of event table -->\n";

/// The markdown table of every event.
pub(crate) fn event_table(spec: &Spec) -> String {
    let mut out = String::from(
        "| Event | Category | Can block | May answer | Does not fire in |\n|---|---|---|---|---|\n",
    );
    for event in &spec.events {
        let answers = answers(event, " / ");
        let cells = [
            format!("`{}`", event.name),
            event.category.spec_name().to_owned(),
            if event.can_block { "yes" } else { "no" }.to_owned(),
            if answers.is_empty() {
                "nothing".to_owned()
            } else {
                answers.join(", ")
            },
            event.not_in.join(", "),
        ];
        out.push_str(&format!("| {} |\n", cells.join(" | ")));
    }
    out
}

/// Replaces the text between the table markers.
pub(crate) fn splice(markdown: &str, table: &str) -> Result<String, String> {
    let start = markdown.find(TABLE_BEGIN).ok_or("no event table marker")? + TABLE_BEGIN.len();
    let end = markdown[start..]
        .find(TABLE_END)
        .ok_or("no end of event table marker")?
        + start;
    Ok(format!("{}{table}{}", &markdown[..start], &markdown[end..]))
}
