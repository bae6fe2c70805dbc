//! The harness of the hook fuzzer (issue 27): a binary's guards for both editors, a generator
//! that writes payloads as the hosts do (Node's `JSON.stringify`), and the oracle that says
//! what the answer must be.
//!
//! The libFuzzer targets in `fuzz/targets` (a crate of its own: it is built with coverage
//! flags) and the regression test `tests/tests/fuzz_regressions.rs` both call [`check`], so a
//! finding replays in `cargo test` exactly as the fuzzer saw it.

#![warn(missing_docs)]

pub mod generate;
pub mod guards;
pub mod js;
pub mod oracle;

pub use oracle::{check, fuzz_one, Finding};

/// Which editor's payloads a run sends (the binary has both editors' guards).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// Cursor's: `beforeShellExecution`, `preToolUse`, `beforeReadFile` and
    /// `beforeMCPExecution`.
    Cursor,
    /// Claude Code's: `PreToolUse` for `Bash`, `Read`, `Write`, `Edit` and `mcp__` tools.
    Claude,
    /// The road between them: Cursor's `preToolUse` payloads sent to the binary's Claude Code
    /// entry, wired as `install --claude` wires it, which Cursor runs through its import of
    /// `.claude/settings.json`. The answer must be one Cursor enforces.
    CursorImport,
}

impl Target {
    /// The name in a regression file (`"cursor"`, `"claude"`, `"cursor-import"`).
    pub fn name(self) -> &'static str {
        match self {
            Target::Cursor => "cursor",
            Target::Claude => "claude",
            Target::CursorImport => "cursor-import",
        }
    }

    /// The target a regression file names.
    pub fn from_name(name: &str) -> Option<Target> {
        match name {
            "cursor" => Some(Target::Cursor),
            "claude" => Some(Target::Claude),
            "cursor-import" => Some(Target::CursorImport),
            _ => None,
        }
    }
}

/// The guards' declared failure policy: the same guards are built twice, once each way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    /// `fail = "open"`: a failure is answered `{}` with one stderr line.
    Open,
    /// `fail = "closed"`: a failure is answered by a block with one stderr line.
    Closed,
}

impl Policy {
    /// The name in a regression file (`"open"`, `"closed"`).
    pub fn name(self) -> &'static str {
        match self {
            Policy::Open => "open",
            Policy::Closed => "closed",
        }
    }

    /// The policy a regression file names.
    pub fn from_name(name: &str) -> Option<Policy> {
        match name {
            "open" => Some(Policy::Open),
            "closed" => Some(Policy::Closed),
            _ => None,
        }
    }
}
