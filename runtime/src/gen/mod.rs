//! Code generated from `spec/` by `cargo run -p cursor-hooks-codegen`; never edited by hand.

/// Claude Code's types, from `spec/claude-code/events.json`.
#[cfg(feature = "claude-code")]
pub(crate) mod claude {
    /// The traits a constructor or setter called on the wrong response is reported with.
    pub mod checks;
    pub(crate) mod events;
    /// The other editor's calls, each a compile error that says what to write instead.
    pub mod habits;
    pub(crate) mod outcomes;
    pub(crate) mod responses;
}
/// OpenAI Codex CLI's types, from `spec/codex/events.json`.
#[cfg(feature = "codex")]
pub(crate) mod codex {
    /// The traits a constructor or setter called on the wrong response is reported with.
    pub mod checks;
    pub(crate) mod events;
    pub(crate) mod outcomes;
    pub(crate) mod responses;
}
/// GitHub Copilot CLI's own types, from `spec/copilot/events.json`.
#[cfg(feature = "copilot")]
pub(crate) mod copilot {
    /// The traits a constructor or setter called on the wrong response is reported with.
    pub mod checks;
    pub(crate) mod events;
    pub(crate) mod outcomes;
    pub(crate) mod responses;
}
/// Cursor's types, from `spec/cursor/events.json` and `spec/cursor/compat.json`.
pub(crate) mod cursor {
    /// The traits a constructor or setter called on the wrong response is reported with.
    pub mod checks;
    pub(crate) mod compat;
    pub(crate) mod events;
    /// The other editor's calls, each a compile error that says what to write instead.
    pub mod habits;
    pub(crate) mod outcomes;
    pub(crate) mod permissions;
    pub(crate) mod responses;
    pub(crate) mod table;
}
/// The keys an answer of any host can carry.
pub(crate) mod keys;
/// The hosts as types and what each honours of a unified handler's answer, from
/// `spec/hosts.json` and `spec/concepts.json`.
pub(crate) mod neutral;
