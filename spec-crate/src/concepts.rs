//! The host-neutral concepts a unified handler (`#[hook]`) answers, generated from
//! `spec/concepts.json`: each with the entries it is wired as in every host.
//!
//! ```
//! use cursor_hooks_spec::concepts::unified;
//!
//! let shell = unified("tool.before", "shell").unwrap();
//! let cursor: Vec<_> = shell.wirings.iter().filter(|w| w.host == "cursor").collect();
//! assert_eq!(cursor.len(), 2); // beforeShellExecution, and preToolUse for `Shell`
//! assert!(cursor.iter().any(|w| w.event == "preToolUse" && w.matcher == Some("Shell")));
//! assert!(unified("tool.before", "web").is_none());
//! ```

/// One concept and tool kind a unified handler can answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unified {
    /// The neutral event (`tool.before`).
    pub concept: &'static str,
    /// The tool kind (`shell`), empty for a concept without one (`prompt.submitted`).
    pub tool: &'static str,
    /// What its neutral call carries as its one text (`the shell command`), empty for a call
    /// that carries none (`agent.stop`).
    pub subject: &'static str,
    /// The neutral input's type under `cursor_hooks::neutral` (`ShellCall`).
    pub call: &'static str,
    /// The neutral answer's type under `cursor_hooks::neutral` (`ShellAnswer`).
    pub answer: &'static str,
    /// The entries it is wired as, every host's, in the registry's order.
    pub wirings: &'static [Wiring],
}

/// One entry of a unified handler: a host's event and the matcher that selects the tool kind
/// there (none on an event that fires for that kind only).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wiring {
    /// The host's registry key (`claude-code`).
    pub host: &'static str,
    /// The host's own event name.
    pub event: &'static str,
    /// The matcher, on an event that fires for every tool.
    pub matcher: Option<&'static str>,
    /// The runtime's conversions for it, under `cursor_hooks::neutral::__convert`
    /// (`cursor::before_shell_execution`).
    pub convert: &'static str,
}

/// Every concept and tool kind a unified handler can answer.
pub const UNIFIED: &[Unified] = crate::gen::concepts::UNIFIED;

/// The concept `concept` for the tool kind `tool`, when a unified handler can answer it.
pub fn unified(concept: &str, tool: &str) -> Option<&'static Unified> {
    UNIFIED
        .iter()
        .find(|row| row.concept == concept && row.tool == tool)
}
