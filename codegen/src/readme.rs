//! The event tables in `spec/README.md` and the runtime's guide (`runtime/src/guide/*.md`),
//! between markers: Cursor's, and Claude Code's.

use crate::claude_model::{ClaudeEvent, ClaudeHost, ClaudeSpec};
use crate::model::Spec;
use crate::write::answers;

/// The markers around Cursor's table.
pub(crate) const CURSOR_MARKERS: (&str, &str) = (
    "<!-- event table: generated from spec/cursor/events.json by cursor-hooks-codegen -->\n",
    "<!-- end of event table -->\n",
);

/// The markers around Claude Code's table.
pub(crate) const CLAUDE_MARKERS: (&str, &str) = (
    "<!-- Claude Code event table: generated from spec/claude-code/events.json by cursor-hooks-codegen -->\n",
    "<!-- end of Claude Code event table -->\n",
);

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

/// The markdown table of every Claude Code event: what it may answer besides the keys every
/// event reads, what exit 2 does, the Cursor event Cursor runs it as, and what its matcher is
/// tested against (the columns of `cursor-hooks events --host claude-code`).
pub(crate) fn claude_event_table(spec: &ClaudeSpec, host: &ClaudeHost) -> String {
    let mut out = String::from(
        "| Event | Category | Can block | May answer | Exit 2 | In Cursor as | Matcher subject |\n|---|---|---|---|---|---|---|\n",
    );
    for event in &spec.events {
        let cells = [
            format!("`{}`", event.name),
            event.category.clone(),
            if event.can_block { "yes" } else { "no" }.to_owned(),
            claude_answers(event),
            event.exit_2.replace('_', " "),
            host.cursor
                .event_map
                .get(&event.name)
                .map_or_else(|| "-".to_owned(), |cursor| format!("`{cursor}`")),
            claude_subject(event, host),
        ];
        out.push_str(&format!("| {} |\n", cells.join(" | ")));
    }
    out
}

/// `` `decision` (block), `permissionDecision` (allow / deny), `additionalContext` ``.
fn claude_answers(event: &ClaudeEvent) -> String {
    let mut parts = Vec::new();
    if event.category == "gate" {
        parts.push("`continue` (false)".to_owned());
    }
    if let Some(decision) = &event.response.decision {
        parts.push(format!("`decision` ({})", decision.values.join(" / ")));
    }
    for field in &event.response.hook_specific {
        if field.values.is_empty() || field.wire != "permissionDecision" {
            parts.push(format!("`{}`", field.wire));
        } else {
            parts.push(format!("`{}` ({})", field.wire, field.values.join(" / ")));
        }
    }
    if parts.is_empty() {
        "nothing".to_owned()
    } else {
        parts.join(", ")
    }
}

/// The known subject values (`mcp__<name>` or `...` when open), the subject itself, or none.
/// A `tool_name` subject's values are host.json `tools`.
fn claude_subject(event: &ClaudeEvent, host: &ClaudeHost) -> String {
    let Some(subject) = &event.matcher_subject else {
        return "none: every hook runs".to_owned();
    };
    // A tool's name: the recorded binary's tools (host.json `tools`), as the table has them.
    let known = if subject == "tool_name" {
        &host.tools.names
    } else {
        &event.matcher_values
    };
    if known.is_empty() {
        return subject.trim_end_matches('.').to_owned();
    }
    let mut values = known.join(", ");
    match &event.matcher_open_prefix {
        Some(prefix) => values.push_str(&format!(", `{prefix}<name>`")),
        None if event.matcher_open => values.push_str(", ..."),
        None => {}
    }
    values
}

/// Replaces the text between a table's markers (`(begin, end)`, each a line).
pub(crate) fn splice(
    markdown: &str,
    (begin, end_marker): (&str, &str),
    table: &str,
) -> Result<String, String> {
    let start = markdown
        .find(begin)
        .ok_or_else(|| format!("no `{}` marker", begin.trim_end()))?
        + begin.len();
    let end = markdown[start..]
        .find(end_marker)
        .ok_or_else(|| format!("no `{}` marker", end_marker.trim_end()))?
        + start;
    Ok(format!("{}{table}{}", &markdown[..start], &markdown[end..]))
}
