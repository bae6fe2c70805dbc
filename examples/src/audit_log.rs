//! Appends one JSON line per event to an audit log, and never blocks anything: Cursor's events
//! that only report (session start and end, tool results, edits, responses, compaction) and
//! their Claude Code counterparts (`SessionStart`, `SessionEnd`, `InstructionsLoaded`,
//! `PostToolUse`, `PostToolUseFailure`, `PostToolBatch`, `Notification`, `SubagentStart`,
//! `SubagentStop`, `PreCompact`, `PostCompact`, `StopFailure`).
//!
//! The log is `$CURSOR_HOOKS_AUDIT_LOG`, by default `.cursor/hooks-audit.jsonl` under the
//! project for Cursor (`$CURSOR_PROJECT_DIR`, else the first workspace root) and
//! `.claude/hooks-audit.jsonl` for Claude Code (`$CLAUDE_PROJECT_DIR`, else the payload's
//! `cwd`). Lines are appended as capture lines are (`cursor_hooks::capture::append_line`): both
//! editors run hooks of one event concurrently, and each line is one `write` on a file opened
//! for appending, which the kernel appends whole, so lines never interleave; a line cut short
//! by a full disk costs that line only, the next starting on a fresh one; a symbolic link at the
//! log's path (a cloned repository can plant one) is not followed, and a FIFO or anything else
//! that is not a regular file is refused without waiting. Replays (`cursor-hooks replay`,
//! `testing::replay`) leave the log alone.

use cursor_hooks::capture::{append_line, Readers};
use cursor_hooks::cursor::Event;
use cursor_hooks::prelude::*;
use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

/// The environment variable naming the log file.
pub const LOG_VARIABLE: &str = "CURSOR_HOOKS_AUDIT_LOG";

/// Where the log goes for this payload.
pub fn log_path(common: &Common) -> Option<PathBuf> {
    if let Some(path) = std::env::var_os(LOG_VARIABLE).filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(path));
    }
    let project = common.project_dir()?;
    Some(project.join(".cursor").join("hooks-audit.jsonl"))
}

/// One audit line, without its line break: time, event, conversation, Cursor version and the
/// event's main subject.
pub fn line<E: Event>(input: &E, subject: Option<&str>) -> String {
    let common = input.common();
    let record = serde_json::json!({
        "time": utc_now(),
        "event": E::NAME,
        "conversation_id": common.conversation_id,
        "cursor_version": common.cursor_version.as_str(),
        "subject": subject,
    });
    record.to_string()
}

/// Appends the line for one event; a failure is reported on stderr and never blocks. A replay
/// of captured payloads (`cursor-hooks replay`) is not an event and writes nothing.
pub fn append<E: Event>(input: &E, subject: Option<&str>) {
    if cursor_hooks::is_replay() {
        return;
    }
    let Some(path) = log_path(input.common()) else {
        eprintln!("audit-log: no log file: set {LOG_VARIABLE} or CURSOR_PROJECT_DIR");
        return;
    };
    append_to(&path, line(input, subject));
}

/// Where the log goes for a Claude Code payload: `$CURSOR_HOOKS_AUDIT_LOG`, else
/// `.claude/hooks-audit.jsonl` in `$CLAUDE_PROJECT_DIR` (the project root Claude Code gives
/// its hooks), else in the payload's `cwd`.
pub fn claude_log_path(common: &claude::Common) -> Option<PathBuf> {
    if let Some(path) = std::env::var_os(LOG_VARIABLE).filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(path));
    }
    let project = std::env::var_os("CLAUDE_PROJECT_DIR")
        .filter(|dir| !dir.is_empty())
        .map(PathBuf::from)
        .or_else(|| Some(PathBuf::from(&common.cwd)).filter(|cwd| cwd.is_absolute()))?;
    Some(project.join(".claude").join("hooks-audit.jsonl"))
}

/// One audit line of a Claude Code event, without its line break: time, host, event, session
/// and the main subject.
pub fn claude_line<E: claude::Event>(input: &E, subject: Option<&str>) -> String {
    let record = serde_json::json!({
        "time": utc_now(),
        "host": "claude-code",
        "event": E::NAME,
        "session_id": input.common().session_id,
        "subject": subject,
    });
    record.to_string()
}

/// [`append`] for a Claude Code event.
pub fn claude_append<E: claude::Event>(input: &E, subject: Option<&str>) {
    if cursor_hooks::is_replay() {
        return;
    }
    let Some(path) = claude_log_path(input.common()) else {
        eprintln!("audit-log: no log file: set {LOG_VARIABLE} or CLAUDE_PROJECT_DIR");
        return;
    };
    append_to(&path, claude_line(input, subject));
}

/// Appends `line` as a capture line is appended
/// ([`append_line`](cursor_hooks::capture::append_line): one `write`, a link at the path not
/// followed, anything but a regular file refused without waiting, and a record after a line
/// cut short started on a fresh line), creating the file's folder; a failure is one line on
/// stderr.
fn append_to(path: &std::path::Path, line: String) {
    if let Some(dir) = path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    if let Err(error) = append_line(path, line, Readers::Umask) {
        eprintln!("audit-log: {} {error}", path.display());
    }
}

/// The current time as `2026-11-22T04:38:36.123Z`.
pub fn utc_now() -> String {
    let since_epoch = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    let seconds = since_epoch.as_secs();
    let (days, in_day) = (seconds / 86_400, seconds % 86_400);
    let (year, month, day) = civil_from_days(days as i64);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        in_day / 3600,
        in_day % 3600 / 60,
        in_day % 60,
        since_epoch.subsec_millis()
    )
}

/// Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

/// `sessionStart`: logged; no context added.
#[cursor_hook(event = "sessionStart")]
pub fn session_start(input: &SessionStart) -> SessionStartResponse {
    append(input, input.common.session_id.as_deref());
    no_opinion()
}

/// `sessionEnd`.
#[cursor_hook(event = "sessionEnd")]
pub fn session_end(input: &SessionEnd) {
    append(input, input.reason.as_deref());
}

/// `postToolUse`: the tool's name.
#[cursor_hook(event = "postToolUse")]
pub fn post_tool(input: &PostToolUse) -> PostToolUseResponse {
    append(input, Some(&input.tool_name));
    no_opinion()
}

/// `postToolUseFailure`: the tool's name.
#[cursor_hook(event = "postToolUseFailure")]
pub fn post_tool_failure(input: &PostToolUseFailure) -> PostToolUseFailureResponse {
    append(input, Some(&input.tool_name));
    no_opinion()
}

/// `preCompact`: what triggered it (`auto` or `manual`).
#[cursor_hook(event = "preCompact")]
pub fn pre_compact(input: &PreCompact) -> PreCompactResponse {
    append(input, input.trigger.as_deref());
    no_opinion()
}

/// `afterShellExecution`: the command.
#[cursor_hook(event = "afterShellExecution")]
pub fn after_shell(input: &AfterShellExecution) {
    append(input, Some(&input.command));
}

/// `afterMCPExecution`: the tool's name.
#[cursor_hook(event = "afterMCPExecution")]
pub fn after_mcp(input: &AfterMCPExecution) {
    append(input, Some(&input.tool_name));
}

/// `afterFileEdit`: the file.
#[cursor_hook(event = "afterFileEdit")]
pub fn after_edit(input: &AfterFileEdit) {
    append(input, Some(&input.file_path));
}

/// `afterTabFileEdit`: the file.
#[cursor_hook(event = "afterTabFileEdit")]
pub fn after_tab_edit(input: &AfterTabFileEdit) {
    append(input, Some(&input.file_path));
}

/// `afterAgentResponse`.
#[cursor_hook(event = "afterAgentResponse")]
pub fn after_response(input: &AfterAgentResponse) {
    append(input, None);
}

/// `afterAgentThought`.
#[cursor_hook(event = "afterAgentThought")]
pub fn after_thought(input: &AfterAgentThought) {
    append(input, None);
}

/// Claude Code's `SessionStart`: how it started (`startup`, `resume`, `clear`, `compact`).
#[claude_hook(event = "SessionStart")]
pub fn claude_session_start(input: &claude::SessionStart) -> claude::SessionStartResponse {
    claude_append(input, Some(&input.source));
    no_opinion()
}

/// Claude Code's `SessionEnd`: why it ended.
#[claude_hook(event = "SessionEnd")]
pub fn claude_session_end(input: &claude::SessionEnd) {
    claude_append(input, Some(&input.reason));
}

/// Claude Code's `InstructionsLoaded`: the file loaded (a `CLAUDE.md`, a rule).
#[claude_hook(event = "InstructionsLoaded")]
pub fn claude_instructions(input: &claude::InstructionsLoaded) {
    claude_append(input, Some(&input.file_path));
}

/// Claude Code's `PostToolUse`: the tool's name.
#[claude_hook(event = "PostToolUse")]
pub fn claude_post_tool(input: &claude::PostToolUse) -> claude::PostToolUseResponse {
    claude_append(input, Some(&input.tool_name));
    no_opinion()
}

/// Claude Code's `PostToolUseFailure`: the tool's name.
#[claude_hook(event = "PostToolUseFailure")]
pub fn claude_post_tool_failure(
    input: &claude::PostToolUseFailure,
) -> claude::PostToolUseFailureResponse {
    claude_append(input, Some(&input.tool_name));
    no_opinion()
}

/// Claude Code's `PostToolBatch`: the tools of the batch, comma-separated.
#[claude_hook(event = "PostToolBatch")]
pub fn claude_post_tool_batch(input: &claude::PostToolBatch) -> claude::PostToolBatchResponse {
    let tools: Vec<&str> = input
        .tool_calls
        .iter()
        .filter_map(|call| call.get("tool_name").and_then(|name| name.as_str()))
        .collect();
    claude_append(input, Some(&tools.join(",")));
    no_opinion()
}

/// Claude Code's `Notification`: its type (`permission_prompt`, `idle_prompt`, ...).
#[claude_hook(event = "Notification")]
pub fn claude_notification(input: &claude::Notification) {
    claude_append(input, Some(&input.notification_type));
}

/// Claude Code's `SubagentStart`: the subagent's type.
#[claude_hook(event = "SubagentStart")]
pub fn claude_subagent_start(input: &claude::SubagentStart) -> claude::SubagentStartResponse {
    claude_append(input, Some(&input.agent_type));
    no_opinion()
}

/// Claude Code's `SubagentStop`: the subagent's type; never keeps it going.
#[claude_hook(event = "SubagentStop")]
pub fn claude_subagent_stop(input: &claude::SubagentStop) -> claude::SubagentStopResponse {
    claude_append(input, Some(&input.agent_type));
    no_opinion()
}

/// Claude Code's `PreCompact`: what triggered it (`manual` or `auto`); never blocks it.
#[claude_hook(event = "PreCompact")]
pub fn claude_pre_compact(input: &claude::PreCompact) -> claude::PreCompactResponse {
    claude_append(input, Some(&input.trigger));
    no_opinion()
}

/// Claude Code's `PostCompact`: what triggered it.
#[claude_hook(event = "PostCompact")]
pub fn claude_post_compact(input: &claude::PostCompact) {
    claude_append(input, Some(&input.trigger));
}

/// Claude Code's `StopFailure`: the error that ended the turn.
#[claude_hook(event = "StopFailure")]
pub fn claude_stop_failure(input: &claude::StopFailure) {
    claude_append(input, Some(&input.error));
}

#[cfg(test)]
mod tests {
    use super::civil_from_days;

    #[test]
    fn dates_from_days() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_779), (2026, 11, 22));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }
}
