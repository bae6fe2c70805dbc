//! Cursor's hook events as data, generated from the project's `spec/`, and the checks on names
//! and matchers that every cursor-hooks crate shares.
//!
//! This crate is what the `#[cursor_hook]` macro (`cursor-hooks-macros`), the runtime
//! (`cursor-hooks`, which re-exports the table as `cursor_hooks::cursor::spec`) and the `cursor-hooks`
//! command have in common, so that they answer the same on the same input: which events exist
//! ([`EVENTS`], [`info`]), what a misspelt name was meant to be ([`closest`]) and what Cursor
//! does with a `matcher` ([`matcher::check`], behind the `matcher` feature, which brings a
//! small JavaScript regex engine, [`js_regex`]; hook binaries do not get it). Use it through
//! those crates.
//!
//! [`claude`] holds the same for Claude Code, the second host, from `spec/claude-code/`, and
//! [`codex`] for OpenAI Codex CLI, from `spec/codex/`, and [`copilot`] for GitHub Copilot CLI's own
//! events, from `spec/copilot/`. `codex_trust` (behind the `codex-trust` feature) computes OpenAI Codex CLI's hook trust keys
//! and hashes, for `doctor` and the Codex live tests.

mod gen;

pub mod claude;
pub mod codex;
#[cfg(feature = "codex-trust")]
pub mod codex_trust;
pub mod concepts;
pub mod copilot;
#[cfg(feature = "matcher")]
pub mod js_regex;
#[cfg(feature = "matcher")]
pub mod matcher;

pub use gen::table::{info, EventInfo, EVENTS, MATCH_ALL};

/// What kind of answer an event accepts (see `spec/README.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Category {
    /// `permission` allow / deny (/ ask) with messages; can block.
    Permission,
    /// `continue` on `beforeSubmitPrompt`; can block.
    PromptGate,
    /// Context injected into the agent (`additional_context`, ...).
    Context,
    /// `followup_message` that keeps the agent loop going.
    Loop,
    /// A `user_message` shown to the user.
    Notice,
    /// `pluginPaths` for the workspace.
    App,
    /// Nothing: Cursor ignores the output.
    Observe,
}

impl Category {
    /// The name used in `spec/cursor/events.json`.
    pub const fn spec_name(self) -> &'static str {
        match self {
            Category::Permission => "permission",
            Category::PromptGate => "prompt_gate",
            Category::Context => "context",
            Category::Loop => "loop",
            Category::Notice => "notice",
            Category::App => "app",
            Category::Observe => "observe",
        }
    }
}

/// The candidate nearest to `name` (by edit distance, ignoring ASCII case), when it is close
/// enough to be a typo of it: for "did you mean" hints. Close enough is at most half the
/// candidate's length, and at least 2.
///
/// ```
/// use cursor_hooks_spec::{closest, EVENTS};
///
/// let events = || EVENTS.iter().map(|event| event.name);
/// assert_eq!(closest("beforeShellCommand", events()), Some("beforeShellExecution"));
/// assert_eq!(closest("pretooluse", events()), Some("preToolUse"));
/// assert_eq!(closest("zzzzzzzz", events()), None);
/// ```
pub fn closest<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    // ASCII case only: names are ASCII, and `to_lowercase` would link Unicode's case tables
    // (~17 KiB) into every hook binary (the runtime suggests its own subcommands with this).
    let lower = name.to_ascii_lowercase();
    candidates
        .map(|candidate| (distance(&lower, &candidate.to_ascii_lowercase()), candidate))
        .filter(|(distance, candidate)| *distance <= (candidate.len() / 2).max(2))
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, candidate)| candidate)
}

/// Levenshtein distance over bytes, one row at a time (the candidates are ASCII names; a
/// non-ASCII character in a typo counts as a few edits, which only makes a hint less likely).
/// Written so that this crate needs none of `Vec`'s growth code (its own copy would add ~240
/// bytes to every hook binary), and kept out of line: one copy, not one per caller.
#[inline(never)]
fn distance(a: &str, b: &str) -> usize {
    let b = b.as_bytes();
    let mut row = vec![0; b.len() + 1];
    for (j, cell) in row.iter_mut().enumerate() {
        *cell = j;
    }
    for (i, ca) in a.bytes().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("stop", "stop"), 0);
    }

    #[test]
    fn closest_names_ignore_case_and_refuse_far_ones() {
        let events = || EVENTS.iter().map(|event| event.name);
        assert_eq!(closest("Stop", events()), Some("stop"));
        assert_eq!(
            closest("beforeShelExecution", events()),
            Some("beforeShellExecution")
        );
        assert_eq!(
            closest("postToolUseFailur", events()),
            Some("postToolUseFailure")
        );
        assert_eq!(closest("install", events()), None);
    }
}
