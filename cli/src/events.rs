//! `cursor-hooks events`: the event table, from the runtime's spec tables.

use cursor_hooks::spec::EVENTS;

/// Prints one line per event: name, category, whether it can block, what it may answer and
/// what its matcher is tested against.
pub fn print() {
    println!(
        "{:<22} {:<12} {:<6} {:<62} matcher subject",
        "event", "category", "block", "answers"
    );
    for event in EVENTS {
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
        println!(
            "{:<22} {:<12} {:<6} {:<62} {subject}",
            event.name,
            format!("{:?}", event.category).to_lowercase(),
            if event.can_block { "yes" } else { "no" },
            answers
        );
    }
}
