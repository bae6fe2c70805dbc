//! Claude Code's hook events as data, generated from `spec/claude-code/`: the second host's
//! table, beside Cursor's at the crate root.
//!
//! ```
//! use cursor_hooks_spec::claude::{info, Category, Exit2, EVENTS};
//!
//! let pre = info("PreToolUse").unwrap();
//! assert_eq!(pre.category, Category::Permission);
//! assert_eq!(pre.exit_2, Exit2::Block);
//! assert_eq!(pre.cursor_event, Some("preToolUse"));
//! let events = || EVENTS.iter().map(|event| event.name);
//! assert_eq!(cursor_hooks_spec::closest("PreToolUs", events()), Some("PreToolUse"));
//! ```

pub use crate::gen::claude::{
    info, EventInfo, COMMAND_TIMEOUT_SECONDS, EVENTS, EVENT_MAP, MATCH_ALL,
    PERMISSION_UPDATE_BEHAVIORS, PERMISSION_UPDATE_DESTINATIONS, PERMISSION_UPDATE_MODES,
    PERMISSION_UPDATE_TYPES, TOOLS, TOOLS_VERSION, TOOL_MAP, TOOL_MAP_DROPPED, UNIVERSAL_RESPONSE,
    UNTYPED_EVENTS,
};

/// The Cursor tool that one name of a Claude Code matcher becomes when Cursor imports the entry
/// (`spec/claude-code/host.json`, `cursor.tool_map`): `Bash` is `Shell`, `Edit` is `Write`,
/// `mcp__server__tool` is `MCP:tool`, a dropped name (`Glob`) is `None`, and any other name stays
/// as written. The one owner of the rule: `doctor` writes the import with it, and a Claude Code
/// handler that Cursor runs reads its tool back with it.
///
/// ```
/// use cursor_hooks_spec::claude::cursor_import_tool;
///
/// assert_eq!(cursor_import_tool("Bash").as_deref(), Some("Shell"));
/// assert_eq!(cursor_import_tool("mcp__github__merge_pull_request").as_deref(), Some("MCP:merge_pull_request"));
/// assert_eq!(cursor_import_tool("WebFetch").as_deref(), Some("WebFetch"));
/// assert_eq!(cursor_import_tool("Glob"), None);
/// ```
pub fn cursor_import_tool(name: &str) -> Option<std::borrow::Cow<'_, str>> {
    use std::borrow::Cow;
    if TOOL_MAP_DROPPED.contains(&name) {
        return None;
    }
    if let Some(rest) = name.strip_prefix("mcp__") {
        // The server is dropped: `mcp__server__a__b` is `MCP:a__b`.
        if let Some((_, tool)) = rest.split_once("__") {
            return Some(Cow::Owned(format!("MCP:{tool}")));
        }
    }
    let mapped = TOOL_MAP.iter().find(|(claude, _)| *claude == name);
    Some(Cow::Borrowed(mapped.map_or(name, |(_, cursor)| cursor)))
}

/// What kind of answer a Claude Code event accepts (`spec/claude-code/SCHEMA.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Category {
    /// `hookSpecificOutput.permissionDecision` (allow, deny, ask, ...).
    Permission,
    /// `decision: "block"` stops or annotates the action.
    Block,
    /// `decision: "block"` keeps the agent working (Stop, SubagentStop).
    Loop,
    /// `continue: false` keeps a task or teammate going.
    Gate,
    /// `additionalContext` for Claude.
    Context,
    /// Only user-facing or watch keys.
    Notice,
    /// Event-specific answers (a path, display text, an elicitation answer, a retry).
    App,
    /// No answer is read.
    Observe,
}

impl Category {
    /// The name used in `spec/claude-code/events.json`.
    pub const fn spec_name(self) -> &'static str {
        match self {
            Category::Permission => "permission",
            Category::Block => "block",
            Category::Loop => "loop",
            Category::Gate => "gate",
            Category::Context => "context",
            Category::Notice => "notice",
            Category::App => "app",
            Category::Observe => "observe",
        }
    }
}

/// What a hook's exit code 2 does on an event (`exit_2` in `spec/claude-code/events.json`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Exit2 {
    /// The action is stopped; stderr is the reason.
    Block,
    /// The agent (or teammate, or subagent) keeps working; stderr is its instruction.
    Continue,
    /// stderr is shown to the user; nothing is stopped.
    StderrToUser,
    /// stderr is shown to Claude; nothing is stopped (the tool already ran).
    StderrToClaude,
    /// Nothing happens; stderr goes to the debug log.
    Ignored,
    /// Any non-zero exit fails the action (WorktreeCreate).
    Fails,
    /// The docs do not say.
    NotStated,
}

impl Exit2 {
    /// The name used in `spec/claude-code/events.json`.
    pub const fn spec_name(self) -> &'static str {
        match self {
            Exit2::Block => "block",
            Exit2::Continue => "continue",
            Exit2::StderrToUser => "stderr_to_user",
            Exit2::StderrToClaude => "stderr_to_claude",
            Exit2::Ignored => "ignored",
            Exit2::Fails => "fails",
            Exit2::NotStated => "not_stated",
        }
    }
}

/// What plain text (not a JSON object) on stdout with exit 0 becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlainStdout {
    /// Added to Claude's context.
    Context,
    /// Written to the debug log only.
    DebugLog,
    /// The last line is the worktree's path (WorktreeCreate).
    WorktreePath,
}

impl PlainStdout {
    /// The name used in `spec/claude-code/events.json`.
    pub const fn spec_name(self) -> &'static str {
        match self {
            PlainStdout::Context => "context",
            PlainStdout::DebugLog => "debug_log",
            PlainStdout::WorktreePath => "worktree_path",
        }
    }
}

/// What Claude Code does with a hook's `matcher` (`spec/claude-code/host.json`, `matcher`): `""`,
/// `"*"` and no matcher match everything; a value of only letters, digits, `_`, `-`, space, `,`
/// and `|` is a list of exact names split on `|` or `,`; anything else is a JavaScript regular
/// expression searched, unanchored, in the subject. Case-sensitive. On an event without a subject
/// the matcher is ignored and the hook always runs.
#[cfg(feature = "matcher")]
pub mod matcher {
    use super::{EventInfo, MATCH_ALL};
    pub use crate::matcher::Verdict;

    /// How a Claude-family host reads a matcher value (Codex reads one the same three ways,
    /// by its own rules: [`crate::codex::matcher::form`]).
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub enum Form<'a> {
        /// Matches everything.
        All,
        /// A list of exact names.
        Names(Vec<&'a str>),
        /// A regular expression: Claude Code's a JavaScript one searched unanchored, Codex's a
        /// Rust one matched against the whole subject.
        Regex(&'a str),
    }

    /// How Claude Code reads `pattern`.
    ///
    /// ```
    /// use cursor_hooks_spec::claude::matcher::{form, Form};
    ///
    /// assert_eq!(form("*"), Form::All);
    /// assert_eq!(form("Edit|Write"), Form::Names(vec!["Edit", "Write"]));
    /// assert_eq!(form("Edit, Write"), Form::Names(vec!["Edit", "Write"]));
    /// assert_eq!(form("Edit.*"), Form::Regex("Edit.*"));
    /// ```
    pub fn form(pattern: &str) -> Form<'_> {
        if MATCH_ALL.contains(&pattern) {
            return Form::All;
        }
        let exact = pattern
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | ' ' | ',' | '|'));
        if exact {
            let names = pattern
                .split(['|', ','])
                .map(str::trim)
                .filter(|name| !name.is_empty())
                .collect();
            Form::Names(names)
        } else {
            Form::Regex(pattern)
        }
    }

    /// Whether `pattern`, as a Claude Code `matcher`, matches `subject` (an invalid regex matches
    /// nothing).
    ///
    /// ```
    /// use cursor_hooks_spec::claude::matcher::is_match;
    ///
    /// assert!(is_match("", "Bash"));
    /// assert!(is_match("Edit|Write", "Write"));
    /// assert!(!is_match("Edit", "NotebookEdit")); // exact names
    /// assert!(is_match("Edit.*", "NotebookEdit")); // a regex, unanchored
    /// assert!(is_match("mcp__memory__.*", "mcp__memory__save"));
    /// ```
    pub fn is_match(pattern: &str, subject: &str) -> bool {
        match form(pattern) {
            Form::All => true,
            Form::Names(names) => names.contains(&subject),
            Form::Regex(regex) => crate::matcher::is_match(regex, subject),
        }
    }

    /// What `pattern` does as the `matcher` of a hook on `event`.
    ///
    /// ```
    /// use cursor_hooks_spec::claude::{info, matcher::{check, Verdict}};
    ///
    /// let pre = info("PreToolUse").unwrap();
    /// assert_eq!(check(pre, "Bash"), Verdict::Matches);
    /// assert_eq!(check(pre, "Bsh"), Verdict::Never);
    /// assert_eq!(check(pre, "mcp__github__.*"), Verdict::Matches);
    /// assert_eq!(check(info("UserPromptSubmit").unwrap(), "Read|Edit"), Verdict::NoSubject);
    /// assert!(matches!(check(pre, "Bash("), Verdict::Invalid { .. }));
    /// ```
    pub fn check(event: &EventInfo, pattern: &str) -> Verdict {
        let form = form(pattern);
        // Compiled once, first: an invalid regex is reported whatever the event.
        let regex = match form {
            Form::All => return Verdict::All,
            Form::Names(_) => None,
            Form::Regex(regex) => match crate::matcher::compile(regex) {
                Ok(regex) => Some(regex),
                Err(invalid) => return invalid,
            },
        };
        if event.matcher_subject.is_none() {
            return Verdict::NoSubject;
        }
        let matches = |value: &str| match &regex {
            Some(regex) => regex.may_match(value),
            None => form.names().contains(&value),
        };
        if event.matcher_values.is_empty() || event.matcher_values.iter().any(|v| matches(v)) {
            return Verdict::Matches;
        }
        // Beyond the known values: open subjects (custom agents, MCP tools) may match a name or
        // a regex that mentions their prefix; an open set without a prefix may match anything.
        let reaches_open = match event.matcher_open_prefix {
            Some(prefix) => match regex {
                Some(_) => pattern.contains(prefix),
                None => form.names().iter().any(|name| name.starts_with(prefix)),
            },
            None => event.matcher_open,
        };
        if reaches_open {
            Verdict::Matches
        } else {
            Verdict::Never
        }
    }

    /// The first exact name of `pattern` that is an MCP server's prefix without a tool,
    /// `mcp__<server>`: Claude Code's MCP tools are `mcp__<server>__<tool>`, so the name equals
    /// no tool even where the rest of the matcher matches.
    ///
    /// ```
    /// use cursor_hooks_spec::claude::matcher::bare_mcp_server;
    ///
    /// assert_eq!(bare_mcp_server("mcp__github"), Some("mcp__github"));
    /// assert_eq!(bare_mcp_server("Bash|mcp__memory"), Some("mcp__memory"));
    /// assert_eq!(bare_mcp_server("mcp__github__create_issue"), None);
    /// assert_eq!(bare_mcp_server("mcp__github__.*"), None); // a regex
    /// ```
    pub fn bare_mcp_server(pattern: &str) -> Option<&str> {
        form(pattern).names().iter().copied().find(|name| {
            name.strip_prefix("mcp__")
                .is_some_and(|rest| !rest.contains("__"))
        })
    }

    impl<'a> Form<'a> {
        /// The exact names of a [`Form::Names`] (empty otherwise).
        pub fn names(&self) -> &[&'a str] {
            match self {
                Form::Names(names) => names,
                _ => &[],
            }
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use crate::claude::info;

        fn check_on(event: &str, pattern: &str) -> Verdict {
            check(info(event).expect("an event"), pattern)
        }

        #[test]
        fn exact_names_are_not_searched() {
            assert_eq!(check_on("PreToolUse", "Edit|Write"), Verdict::Matches);
            assert_eq!(check_on("PreToolUse", "Bsh"), Verdict::Never);
            assert_eq!(check_on("PreToolUse", "Bas"), Verdict::Never);
            assert!(!is_match("Bas", "Bash"));
            assert!(is_match("Ba.", "Bash"));
        }

        #[test]
        fn open_subjects_and_prefixes() {
            assert_eq!(
                check_on("PreToolUse", "mcp__memory__save"),
                Verdict::Matches
            );
            assert_eq!(check_on("PreToolUse", "mcp__.*"), Verdict::Matches);
            // Custom agents make SubagentStart's subject open without a prefix.
            assert_eq!(check_on("SubagentStart", "my-reviewer"), Verdict::Matches);
            assert_eq!(check_on("SessionStart", "startup"), Verdict::Matches);
            assert_eq!(check_on("SessionStart", "begin"), Verdict::Never);
        }

        #[test]
        fn no_subject_and_match_all() {
            assert_eq!(check_on("Stop", "Bash"), Verdict::NoSubject);
            assert_eq!(check_on("Stop", "*"), Verdict::All);
            assert_eq!(check_on("PreToolUse", ""), Verdict::All);
        }
    }
}
