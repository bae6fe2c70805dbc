//! `cursor-hooks events`: the event table, from the runtime's spec tables.

use cursor_hooks::spec::{EventInfo, EVENTS};

/// The column headers; the last column is not padded.
const HEADERS: [&str; 6] = [
    "event",
    "category",
    "block",
    "answers",
    "does not fire in",
    "matcher subject",
];

/// Prints one line per event: name, category (as spelled in the spec), whether it can block,
/// what it may answer, the surfaces where it does not fire and what its matcher is tested
/// against. Every column is as wide as its widest cell, so the rows stay aligned.
pub fn print() {
    let rows: Vec<[String; 6]> = EVENTS.iter().map(row).collect();
    let header = HEADERS.map(str::to_owned);
    let mut widths = [0; 6];
    for cells in std::iter::once(&header).chain(&rows) {
        for (width, cell) in widths.iter_mut().zip(cells) {
            *width = (*width).max(cell.chars().count());
        }
    }
    for cells in std::iter::once(&header).chain(&rows) {
        let mut line = String::new();
        for (at, (cell, width)) in cells.iter().zip(widths).enumerate() {
            if at + 1 < cells.len() {
                line.push_str(&format!("{cell:<width$}  "));
            } else {
                line.push_str(cell);
            }
        }
        println!("{}", line.trim_end());
    }
}

fn row(event: &EventInfo) -> [String; 6] {
    let mut answers: Vec<String> = Vec::new();
    if !event.permission.is_empty() {
        answers.push(format!("permission ({})", event.permission.join("/")));
    }
    answers.extend(event.response_fields.iter().map(ToString::to_string));
    let answers = if answers.is_empty() {
        "nothing (observe only)".to_owned()
    } else {
        answers.join(", ")
    };
    let not_in = if event.not_in.is_empty() {
        "-".to_owned()
    } else {
        event.not_in.join(", ")
    };
    let subject = match (event.matcher_values.is_empty(), event.matcher_subject) {
        (false, _) => {
            let mut values = event.matcher_values.join(", ");
            if let Some(prefix) = event.matcher_open_prefix {
                values.push_str(&format!(", {prefix}<name>"));
            }
            values
        }
        (true, Some(subject)) => subject.trim_end_matches('.').to_owned(),
        (true, None) => "none: every hook runs".to_owned(),
    };
    [
        event.name.to_owned(),
        event.category.spec_name().to_owned(),
        if event.can_block { "yes" } else { "no" }.to_owned(),
        answers,
        not_in,
        subject,
    ]
}
