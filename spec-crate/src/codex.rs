//! OpenAI Codex CLI's hook events as data, generated from `spec/codex/`: the third host's table,
//! in the Claude-family format (the same [`EventInfo`] as [`crate::claude`]).
//!
//! ```
//! use cursor_hooks_spec::codex::{info, EVENTS};
//! use cursor_hooks_spec::claude::Category;
//!
//! let pre = info("PreToolUse").unwrap();
//! assert_eq!(pre.category, Category::Permission);
//! assert_eq!(pre.cursor_event, None); // no other host runs Codex's files
//! assert!(EVENTS.iter().any(|event| event.name == "Interrupt"));
//! assert!(info("Notification").is_none()); // Claude Code's, not Codex's
//! ```

pub use crate::gen::codex::{
    info, EventInfo, COMMAND_TIMEOUT_SECONDS, EVENTS, MATCH_ALL, PERMISSION_UPDATE_BEHAVIORS,
    PERMISSION_UPDATE_DESTINATIONS, PERMISSION_UPDATE_MODES, PERMISSION_UPDATE_TYPES, TOOLS,
    TOOLS_VERSION, UNIVERSAL_RESPONSE, UNTYPED_EVENTS,
};

/// What Codex does with a hook's `matcher` (`spec/codex/host.json`, `matcher`): `""`, `"*"` and
/// no matcher match everything; a value of only letters, digits, `_` and `|` is a list of exact
/// names split on `|`; anything else is a Rust `regex` pattern matched against the *whole*
/// subject (anchored: `Ba` does not select `Bash`, `.*sh` does). Case-sensitive. A pattern that
/// does not compile selects nothing (its group is skipped). On an event without a subject the
/// matcher is ignored.
#[cfg(feature = "matcher")]
pub mod matcher {
    use super::{EventInfo, MATCH_ALL};
    pub use crate::claude::matcher::Form;
    pub use crate::matcher::Verdict;

    /// How Codex reads `pattern`.
    ///
    /// ```
    /// use cursor_hooks_spec::codex::matcher::{form, Form};
    ///
    /// assert_eq!(form("*"), Form::All);
    /// assert_eq!(form("Bash|apply_patch"), Form::Names(vec!["Bash", "apply_patch"]));
    /// // Claude Code reads a comma as a separator; Codex reads a regex.
    /// assert_eq!(form("Bash, apply_patch"), Form::Regex("Bash, apply_patch"));
    /// ```
    pub fn form(pattern: &str) -> Form<'_> {
        if MATCH_ALL.contains(&pattern) {
            return Form::All;
        }
        let exact = pattern
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '|'));
        if exact {
            Form::Names(pattern.split('|').filter(|name| !name.is_empty()).collect())
        } else {
            Form::Regex(pattern)
        }
    }

    /// What `pattern` does as the `matcher` of a Codex hook on `event`.
    ///
    /// The regex is judged with the JavaScript engine of [`crate::js_regex`] on the syntax both
    /// engines share, anchored as Codex anchors it. What Rust's `regex` refuses (look-around,
    /// backreferences) is [`Verdict::Invalid`]; a Rust construct the JavaScript engine lacks
    /// (`(?P<name>...)` is read as `(?<name>...)`, inline flags such as `(?i)`) is not judged
    /// and counts as able to match.
    ///
    /// ```
    /// use cursor_hooks_spec::codex::{info, matcher::{check, Verdict}};
    ///
    /// let pre = info("PreToolUse").unwrap();
    /// assert_eq!(check(pre, "Bash"), Verdict::Matches);
    /// assert_eq!(check(pre, "Ba"), Verdict::Never); // anchored
    /// assert_eq!(check(pre, ".*sh"), Verdict::Matches);
    /// assert_eq!(check(pre, "mcp__github__.*"), Verdict::Matches);
    /// assert_eq!(check(info("Stop").unwrap(), "Bash"), Verdict::NoSubject);
    /// assert!(matches!(check(pre, "(?=Bash)"), Verdict::Invalid { .. }));
    /// ```
    pub fn check(event: &EventInfo, pattern: &str) -> Verdict {
        let form = form(pattern);
        let regex = match form {
            Form::All => return Verdict::All,
            Form::Names(_) => None,
            Form::Regex(regex) => {
                if let Some(reason) = rust_refuses(regex) {
                    return Verdict::Invalid {
                        reason: reason.to_owned(),
                        inline_flags: None,
                    };
                }
                let shared = regex.replace("(?P<", "(?<");
                match crate::js_regex::Regex::new(&format!("^(?:{shared})$")) {
                    Ok(compiled) => Some(compiled),
                    // Rust syntax the JavaScript engine does not read: not judged here.
                    Err(_) if shared.contains("(?") => return Verdict::Matches,
                    Err(error) => {
                        return Verdict::Invalid {
                            reason: error.message().to_owned(),
                            inline_flags: None,
                        }
                    }
                }
            }
        };
        if event.matcher_subject.is_none() {
            return Verdict::NoSubject;
        }
        let matches = |value: &str| match &regex {
            Some(regex) => regex.may_match(value),
            None => form.names().contains(&value),
        };
        if event.matcher_values.is_empty() && event.matcher_open_prefix.is_none() {
            return Verdict::Matches;
        }
        let values = event.matcher_values;
        if values.iter().any(|v| matches(v)) {
            return Verdict::Matches;
        }
        let reaches_open = match event.matcher_open_prefix {
            Some(prefix) => match regex {
                Some(_) => pattern.contains(prefix) || pattern.starts_with(".*"),
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

    /// Why Rust's `regex` refuses `pattern`, for the constructs JavaScript has and it lacks.
    fn rust_refuses(pattern: &str) -> Option<&'static str> {
        if ["(?=", "(?!", "(?<=", "(?<!"]
            .iter()
            .any(|a| pattern.contains(a))
        {
            return Some("Codex matches with Rust's `regex`, which has no look-around");
        }
        let bytes = pattern.as_bytes();
        let backreference = bytes.windows(2).enumerate().any(|(i, w)| {
            w[0] == b'\\' && w[1].is_ascii_digit() && w[1] != b'0' && !escaped(bytes, i)
        });
        backreference.then_some("Codex matches with Rust's `regex`, which has no backreferences")
    }

    /// Whether the backslash at `at` is itself escaped.
    fn escaped(bytes: &[u8], at: usize) -> bool {
        bytes[..at]
            .iter()
            .rev()
            .take_while(|b| **b == b'\\')
            .count()
            % 2
            == 1
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use crate::codex::info;

        fn check_on(event: &str, pattern: &str) -> Verdict {
            check(info(event).expect("an event"), pattern)
        }

        #[test]
        fn names_and_regexes_are_anchored() {
            assert_eq!(check_on("PreToolUse", "Bash|apply_patch"), Verdict::Matches);
            assert_eq!(check_on("PreToolUse", "Bsh"), Verdict::Never);
            assert_eq!(check_on("PreToolUse", "Bas."), Verdict::Matches);
            assert_eq!(check_on("PreToolUse", "as."), Verdict::Never);
            assert_eq!(
                check_on("PreToolUse", "mcp__memory__save"),
                Verdict::Matches
            );
        }

        #[test]
        fn rust_only_syntax_is_not_judged_and_javascript_only_syntax_is_refused() {
            assert_eq!(check_on("PreToolUse", "(?i)bash"), Verdict::Matches);
            assert_eq!(check_on("PreToolUse", "(?P<t>Bash)"), Verdict::Matches);
            assert!(matches!(
                check_on("PreToolUse", r"(B)\1"),
                Verdict::Invalid { .. }
            ));
            assert_eq!(check_on("PreToolUse", r"Bash(\\1)?"), Verdict::Matches);
            assert!(matches!(
                check_on("PreToolUse", "(Bash"),
                Verdict::Invalid { .. }
            ));
        }

        #[test]
        fn session_start_sources_are_a_closed_set() {
            assert_eq!(check_on("SessionStart", "startup"), Verdict::Matches);
            assert_eq!(check_on("SessionStart", "begin"), Verdict::Never);
        }
    }
}
