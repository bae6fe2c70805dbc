//! GitHub Copilot CLI's own hook events as data, generated from `spec/copilot/`: the fourth
//! host's table, in the Claude-family format (the same [`EventInfo`] as [`crate::claude`]), with
//! Copilot's camelCase names.
//!
//! ```
//! use cursor_hooks_spec::copilot::{info, EVENTS};
//! use cursor_hooks_spec::claude::Category;
//!
//! let pre = info("preToolUse").unwrap();
//! assert_eq!(pre.category, Category::Permission);
//! assert_eq!(pre.matcher_subject, Some("toolName"));
//! assert!(EVENTS.iter().any(|event| event.name == "agentStop"));
//! assert!(info("PreToolUse").is_none()); // Claude Code's name: Copilot runs it as Claude's
//! // Copilot runs it, but nothing records what it honours yet:
//! assert!(info("userPromptTransformed").is_none());
//! assert!(cursor_hooks_spec::copilot::UNTYPED_EVENTS.contains(&"userPromptTransformed"));
//! ```

pub use crate::gen::copilot::{
    info, EventInfo, COMMAND_TIMEOUT_SECONDS, EVENTS, MATCH_ALL, PERMISSION_UPDATE_BEHAVIORS,
    PERMISSION_UPDATE_DESTINATIONS, PERMISSION_UPDATE_MODES, PERMISSION_UPDATE_TYPES, TOOLS,
    TOOLS_VERSION, UNIVERSAL_RESPONSE, UNTYPED_EVENTS,
};

/// What Copilot does with a hook's `matcher` (`spec/copilot/host.json`, `matcher`): only an
/// absent matcher matches everything ([`MATCH_ALL`] is empty: `""` and `"*"` select nothing);
/// otherwise it is a regex on the whole tool name (`bash`, `bash|view` and `ba.*` select the
/// shell tool, `ba` and `Bash` do not), as the generated Copilot differential found. Claude
/// Code's rule ([`crate::claude::matcher`]) is the one Copilot applies to Claude Code's files.
#[cfg(feature = "matcher")]
pub mod matcher {
    pub use crate::claude::matcher::{form, Form};
    pub use crate::matcher::Verdict;

    /// What `pattern` does as the `matcher` of a Copilot hook on `event`: Claude Code's rule,
    /// except that `""` and `"*"` select nothing on an event with a subject ([`Verdict::Never`]),
    /// where Claude Code reads them as every tool.
    ///
    /// ```
    /// use cursor_hooks_spec::copilot::{info, matcher::{check, Verdict}};
    ///
    /// let pre = info("preToolUse").unwrap();
    /// assert_eq!(check(pre, "*"), Verdict::Never);
    /// assert_eq!(check(pre, ""), Verdict::Never);
    /// assert_eq!(check(pre, "bash"), Verdict::Matches);
    /// ```
    pub fn check(event: &super::EventInfo, pattern: &str) -> Verdict {
        let all = matches!(form(pattern), Form::All);
        if all && event.matcher_subject.is_some() && !super::MATCH_ALL.contains(&pattern) {
            return Verdict::Never;
        }
        crate::claude::matcher::check(event, pattern)
    }
}
