//! What Cursor does with a hook's `matcher` (`spec/cursor/host.json`, `matcher`): a JavaScript
//! regular expression searched, unanchored, in the event's subject; `""` and `"*"` match
//! everything; a matcher that does not compile rejects the whole hooks.json; on an event
//! without a subject the matcher is ignored and the hook always runs.

use crate::js_regex::Regex;
use crate::{EventInfo, MATCH_ALL};

/// What a `matcher` does on one event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// `""` or `"*"`: every subject matches, as with no matcher at all.
    All,
    /// A regex that can match the event's subject.
    Matches,
    /// Not a JavaScript regex: Cursor rejects the whole hooks.json.
    Invalid {
        /// Why the regex does not compile.
        reason: String,
        /// The first inline flag group (`(?i)`), which JavaScript does not have, if any.
        inline_flags: Option<String>,
    },
    /// The event has no subject: Cursor ignores the matcher and runs the hook every time.
    NoSubject,
    /// The regex can match none of the event's subjects (a closed set): the hook never runs.
    Never,
}

/// What `pattern` does as the `matcher` of a hook on `event`. A regex whose search exceeds
/// [`crate::js_regex`]'s budget counts as able to match.
///
/// ```
/// use cursor_hooks_spec::{info, matcher::{check, Verdict}};
///
/// let read = info("beforeReadFile").unwrap();
/// assert_eq!(check(read, ""), Verdict::All);
/// assert_eq!(check(read, "Read"), Verdict::Matches);
/// assert_eq!(check(read, r"\.env$"), Verdict::Never);
/// assert_eq!(check(info("sessionStart").unwrap(), "x"), Verdict::NoSubject);
/// assert!(matches!(check(read, "(?i)read"), Verdict::Invalid { .. }));
/// ```
pub fn check(event: &EventInfo, pattern: &str) -> Verdict {
    if MATCH_ALL.contains(&pattern) {
        return Verdict::All;
    }
    // Compiled first: an invalid matcher voids the file whatever the event.
    let regex = match compile(pattern) {
        Ok(regex) => regex,
        Err(invalid) => return invalid,
    };
    if event.matcher_subject.is_none() {
        return Verdict::NoSubject;
    }
    // Every subject starts with the prefix (`MCP:<tool>` on the MCP events): a matcher
    // anchored at the start must agree with it.
    if let (true, Some(prefix)) = (event.matcher_values.is_empty(), event.matcher_open_prefix) {
        return match anchored_literal(pattern) {
            Some(start) if !start.starts_with(prefix) && !prefix.starts_with(start) => {
                Verdict::Never
            }
            _ => Verdict::Matches,
        };
    }
    if event.matcher_values.is_empty()
        || event
            .matcher_values
            .iter()
            .any(|value| regex.may_match(value))
    {
        return Verdict::Matches;
    }
    // Beyond the closed set (`MCP:<tool>`): a matcher naming the prefix may match.
    match event.matcher_open_prefix {
        Some(prefix) if pattern.contains(prefix.trim_end_matches(':')) => Verdict::Matches,
        _ => Verdict::Never,
    }
}

/// The plain text a `^`-anchored pattern starts with (`^github` → `github`), up to its first
/// regex operator; `None` when the pattern is not anchored or starts with an operator.
fn anchored_literal(pattern: &str) -> Option<&str> {
    let rest = pattern.strip_prefix('^')?;
    let end = rest
        .find(|c: char| "\\.[](){}|*+?^$".contains(c))
        .unwrap_or(rest.len());
    // A quantifier applies to the character before it, which is then optional.
    let end = match rest[end..].chars().next() {
        Some('*' | '?' | '{') => rest[..end].char_indices().last().map_or(0, |(i, _)| i),
        _ => end,
    };
    (end > 0).then(|| &rest[..end])
}

/// Whether `pattern`, as a `matcher`, matches `subject` (an invalid one matches nothing; one
/// whose search exceeds [`crate::js_regex`]'s budget is taken to match).
///
/// ```
/// use cursor_hooks_spec::matcher::is_match;
///
/// assert!(is_match("", "Shell"));
/// assert!(is_match("Sh.*|Rea", "Read"));
/// assert!(!is_match("^Read$", "TabRead"));
/// ```
pub fn is_match(pattern: &str, subject: &str) -> bool {
    MATCH_ALL.contains(&pattern) || Regex::new(pattern).is_ok_and(|regex| regex.may_match(subject))
}

/// Whether Cursor accepts `pattern` as a matcher at all (one that does not voids the file).
///
/// ```
/// use cursor_hooks_spec::matcher::compiles;
///
/// assert!(compiles("*") && compiles("") && compiles("Shell]"));
/// assert!(!compiles("Shell(") && !compiles("(?i)shell"));
/// ```
pub fn compiles(pattern: &str) -> bool {
    MATCH_ALL.contains(&pattern) || Regex::new(pattern).is_ok()
}

/// `pattern` as a JavaScript regex, or the [`Verdict::Invalid`] saying why it is not one (also
/// for Claude Code's matcher, which reads some values as regexes). The reason is V8's message,
/// `Invalid regular expression: /(?i)git/: Invalid group`.
pub(crate) fn compile(pattern: &str) -> Result<Regex, Verdict> {
    Regex::new(pattern).map_err(|why| Verdict::Invalid {
        reason: why.to_string(),
        inline_flags: inline_flags(pattern).map(str::to_owned),
    })
}

/// `pattern` with Python's (and PCRE's) spelling of a named group, `(?P<name>...)`, written as
/// JavaScript writes it, `(?<name>...)`, when it has one: JavaScript refuses the `P`.
///
/// ```
/// use cursor_hooks_spec::matcher::python_named_groups;
///
/// assert_eq!(python_named_groups(r"(?P<cmd>git) push").as_deref(), Some(r"(?<cmd>git) push"));
/// assert_eq!(python_named_groups(r"(?<cmd>git)"), None);
/// ```
pub fn python_named_groups(pattern: &str) -> Option<String> {
    pattern
        .contains("(?P<")
        .then(|| pattern.replace("(?P<", "(?<"))
}

/// The first `(?flags)` or `(?flags:` group in `pattern` (Rust, PCRE and Python syntax).
fn inline_flags(pattern: &str) -> Option<&str> {
    let start = pattern.find("(?")?;
    let rest = &pattern[start + 2..];
    let flags = rest
        .find(|c: char| !(c.is_ascii_alphabetic() || c == '-'))
        .unwrap_or(rest.len());
    let after = rest[flags..].chars().next();
    (flags > 0 && matches!(after, Some(')' | ':'))).then(|| &pattern[start..start + 2 + flags + 1])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::info;

    fn check_on(event: &str, pattern: &str) -> Verdict {
        check(info(event).expect("an event"), pattern)
    }

    #[test]
    fn match_all_patterns_match_everything_even_without_a_subject() {
        for pattern in ["", "*"] {
            assert_eq!(check_on("stop", pattern), Verdict::All);
            assert_eq!(check_on("sessionStart", pattern), Verdict::All);
            assert!(is_match(pattern, "anything"));
        }
    }

    #[test]
    fn subjects_closed_open_and_prefixed() {
        assert_eq!(check_on("preToolUse", "Shell|Read"), Verdict::Matches);
        assert_eq!(check_on("preToolUse", "^MCP:echo$"), Verdict::Matches);
        assert_eq!(check_on("preToolUse", "Bash"), Verdict::Never);
        assert_eq!(
            check_on("beforeShellExecution", "git push"),
            Verdict::Matches
        );
        assert_eq!(check_on("stop", "Stopped"), Verdict::Never);
        // The MCP events test `MCP:<tool>` (@cursor/sdk 1.0.32 matcherValueFor).
        assert_eq!(check_on("beforeMCPExecution", "echo"), Verdict::Matches);
        assert_eq!(check_on("afterMCPExecution", "^MCP:git"), Verdict::Matches);
        assert_eq!(check_on("beforeMCPExecution", "^MC"), Verdict::Matches);
        assert_eq!(check_on("beforeMCPExecution", "^github_"), Verdict::Never);
        assert_eq!(check_on("beforeMCPExecution", "^gx?"), Verdict::Never);
        assert_eq!(
            check_on("beforeMCPExecution", "^(github|MCP)"),
            Verdict::Matches
        );
        // Always `Read` / `Write` on the file events, never a path.
        assert_eq!(check_on("beforeReadFile", "TabRead"), Verdict::Never);
        assert_eq!(check_on("afterFileEdit", "src/"), Verdict::Never);
        assert_eq!(check_on("beforeTabFileRead", "TabRead"), Verdict::Matches);
    }

    #[test]
    fn an_invalid_regex_is_invalid_on_every_event() {
        for event in ["stop", "sessionStart", "beforeShellExecution"] {
            assert!(matches!(
                check_on(event, "(unclosed"),
                Verdict::Invalid {
                    inline_flags: None,
                    ..
                }
            ));
        }
        assert_eq!(
            check_on("stop", "(?i)stop"),
            Verdict::Invalid {
                reason: "Invalid regular expression: /(?i)stop/: Invalid group".to_owned(),
                inline_flags: Some("(?i)".to_owned())
            }
        );
    }

    #[test]
    fn inline_flags_are_named() {
        assert_eq!(inline_flags("(?i)git"), Some("(?i)"));
        assert_eq!(inline_flags("a(?im:b)"), Some("(?im:"));
        assert_eq!(inline_flags("(?:x)"), None);
        assert_eq!(inline_flags("(?<name>x)"), None);
    }
}
