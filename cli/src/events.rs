//! `cursor-hooks events`: the event table, from the runtime's spec tables: Cursor's
//! (`cursor_hooks::cursor::spec`), Claude Code's (`cursor_hooks_spec::claude`), Codex's
//! (`spec/codex/events.json`, as `simulate --host codex` reads it), or all of them.

use crate::parse::Host;
use cursor_hooks::cursor::spec::{EventInfo, EVENTS};
use cursor_hooks_spec::claude;

/// The column headers; the last column is not padded.
const HEADERS: [&str; 6] = [
    "event",
    "category",
    "block",
    "answers",
    "does not fire in",
    "matcher subject",
];

/// Claude Code's column headers; the last column is not padded.
const CLAUDE_HEADERS: [&str; 7] = [
    "event",
    "category",
    "block",
    "answers",
    "exit 2",
    "in Cursor as",
    "matcher subject",
];

/// Prints the event table of `host`; for all, each host's in turn, under its name.
pub fn print(host: Host) -> Result<i32, String> {
    match host {
        Host::Cursor => print_cursor(),
        Host::ClaudeCode => print_claude(),
        Host::Codex => print_codex(),
        Host::Copilot => print_copilot(),
        Host::All => {
            println!("Cursor:");
            print_cursor();
            println!("\nClaude Code:");
            print_claude();
            println!("\nOpenAI Codex CLI:");
            print_codex();
            println!("\nGitHub Copilot CLI:");
            print_copilot();
        }
    }
    Ok(0)
}

/// One line per Cursor event: name, category (as spelled in the spec), whether it can block,
/// what it may answer, the surfaces where it does not fire and what its matcher is tested
/// against.
fn print_cursor() {
    let rows: Vec<[String; 6]> = EVENTS.iter().map(row).collect();
    print_table(HEADERS, &rows);
}

/// One line per Claude Code event: name, category (as spelled in spec/claude-code), whether it
/// can block, what it may answer, what exit 2 does, the Cursor event Cursor runs it as, and
/// what its matcher is tested against.
fn print_claude() {
    let rows: Vec<[String; 7]> = claude::EVENTS.iter().map(claude_row).collect();
    print_table(CLAUDE_HEADERS, &rows);
}

/// Codex's column headers; the last column is not padded.
const CODEX_HEADERS: [&str; 6] = [
    "event",
    "category",
    "block",
    "exit 2",
    "plain stdout",
    "matcher subject",
];

/// One line per Codex event (`spec/codex/events.json`): name, category, whether it can block,
/// what exit 2 does, what plain-text stdout becomes and what its matcher is tested against.
fn print_codex() {
    let text = |info: &serde_json::Value, key: &str| {
        info[key].as_str().map_or("-".to_owned(), str::to_owned)
    };
    let rows: Vec<[String; 6]> = crate::codex::simulate::events()
        .iter()
        .map(|info| {
            [
                text(info, "name"),
                text(info, "category"),
                if info["can_block"] == true {
                    "yes"
                } else {
                    "no"
                }
                .to_owned(),
                text(info, "exit_2"),
                text(info, "plain_stdout"),
                match info["matcher_subject"].as_str() {
                    Some(field) => field.to_owned(),
                    None => "(matcher dropped)".to_owned(),
                },
            ]
        })
        .collect();
    print_table(CODEX_HEADERS, &rows);
}

/// One line per Copilot event (`spec/copilot/events.json`): name, category, whether it can
/// block, what it may answer, and what its matcher is tested against.
fn print_copilot() {
    let rows: Vec<[String; 7]> = cursor_hooks_spec::copilot::EVENTS
        .iter()
        .map(claude_row)
        .collect();
    let rows: Vec<[String; 5]> = rows
        .into_iter()
        .map(|[name, category, block, answers, _, _, subject]| {
            [name, category, block, answers, subject]
        })
        .collect();
    print_table(
        ["event", "category", "block", "answers", "matcher subject"],
        &rows,
    );
}

/// Every column as wide as its widest cell, so the rows stay aligned.
fn print_table<const N: usize>(headers: [&str; N], rows: &[[String; N]]) {
    let header = headers.map(str::to_owned);
    let mut widths = [0; N];
    for cells in std::iter::once(&header).chain(rows) {
        for (width, cell) in widths.iter_mut().zip(cells) {
            *width = (*width).max(cell.chars().count());
        }
    }
    for cells in std::iter::once(&header).chain(rows) {
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
        (true, Some(subject)) => match event.matcher_open_prefix {
            Some(prefix) => format!("{prefix}<name>"),
            None => subject.trim_end_matches('.').to_owned(),
        },
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

fn claude_row(event: &claude::EventInfo) -> [String; 7] {
    [
        event.name.to_owned(),
        event.category.spec_name().to_owned(),
        if event.can_block { "yes" } else { "no" }.to_owned(),
        claude_answers(event),
        event.exit_2.spec_name().replace('_', " "),
        event.cursor_event.unwrap_or("-").to_owned(),
        claude_subject(event),
    ]
}

/// `decision (block), permissionDecision (allow/deny/ask/defer), additionalContext, ...`: what
/// a Claude Code event reads besides the keys every event reads.
fn claude_answers(event: &claude::EventInfo) -> String {
    let mut answers: Vec<String> = Vec::new();
    // A gate's answer is the `continue` every event reads: false keeps the task or teammate
    // going.
    if event.category == claude::Category::Gate {
        answers.push("continue (false)".to_owned());
    }
    if !event.decision.is_empty() {
        answers.push(format!("decision ({})", event.decision.join("/")));
    }
    if !event.permission_decision.is_empty() {
        answers.push(format!(
            "permissionDecision ({})",
            event.permission_decision.join("/")
        ));
    }
    answers.extend(
        event
            .hook_specific
            .iter()
            .filter(|key| **key != "permissionDecision")
            .map(ToString::to_string),
    );
    if answers.is_empty() {
        "nothing".to_owned()
    } else {
        answers.join(", ")
    }
}

fn claude_subject(event: &claude::EventInfo) -> String {
    match (event.matcher_values.is_empty(), event.matcher_subject) {
        (_, None) => "none: every hook runs".to_owned(),
        (true, Some(subject)) => subject.trim_end_matches('.').to_owned(),
        (false, Some(_)) => {
            let mut values = event.matcher_values.join(", ");
            match event.matcher_open_prefix {
                Some(prefix) => values.push_str(&format!(", {prefix}<name>")),
                None if event.matcher_open => values.push_str(", ..."),
                None => {}
            }
            values
        }
    }
}
