//! Doctor findings and how they are printed.

use serde::Serialize;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// How serious a finding is: any `error` makes `doctor` exit 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    Note,
}

impl Severity {
    fn word(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }

    fn colour(self) -> &'static str {
        match self {
            Severity::Error => "\x1b[1;31m",
            Severity::Warning => "\x1b[1;33m",
            Severity::Note => "\x1b[1;36m",
        }
    }
}

/// The host a finding is about: the one whose reading of the file finds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum HostName {
    Cursor,
    ClaudeCode,
    Codex,
    Copilot,
}

impl HostName {
    /// The host's name in prose.
    pub fn title(self) -> &'static str {
        match self {
            HostName::Cursor => "Cursor",
            HostName::ClaudeCode => "Claude Code",
            HostName::Codex => "Codex",
            HostName::Copilot => "Copilot",
        }
    }

    /// The host's name as `--host` and `--json` spell it.
    pub fn key(self) -> &'static str {
        match self {
            HostName::Cursor => "cursor",
            HostName::ClaudeCode => "claude-code",
            HostName::Codex => "codex",
            HostName::Copilot => "copilot",
        }
    }
}

/// One problem in one place.
#[derive(Debug, Clone, Serialize)]
pub struct Finding {
    /// Whose reading of the file this is about.
    pub host: HostName,
    pub severity: Severity,
    pub file: PathBuf,
    /// A JSON pointer into the file (`""` for the whole file).
    pub path: String,
    pub message: String,
    /// Whether the problem makes Cursor ignore the whole file.
    #[serde(skip)]
    pub voids: bool,
}

impl Finding {
    pub fn new(severity: Severity, file: &Path, path: &str, message: impl Into<String>) -> Self {
        Finding {
            host: HostName::Cursor,
            severity,
            file: file.to_path_buf(),
            path: path.to_owned(),
            message: message.into(),
            voids: false,
        }
    }

    /// An error that makes Cursor load nothing from the file.
    pub fn voiding(file: &Path, path: &str, message: impl Into<String>) -> Self {
        Finding {
            voids: true,
            ..Finding::new(Severity::Error, file, path, message)
        }
    }
}

/// Whether stdout takes colour codes.
pub fn colour() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// `file#/pointer: severity: message`, the severity coloured on a terminal.
pub fn line(finding: &Finding, colour: bool) -> String {
    line_for(finding, colour, false)
}

/// [`line`], with `[claude-code]` (the host's key) before the message when `show_host` (a
/// run over both hosts, or Claude Code's alone).
pub fn line_for(finding: &Finding, colour: bool, show_host: bool) -> String {
    let word = finding.severity.word();
    let word = if colour {
        format!("{}{word}\x1b[0m", finding.severity.colour())
    } else {
        word.to_owned()
    };
    let host = if show_host {
        format!("[{}] ", finding.host.key())
    } else {
        String::new()
    };
    format!(
        "{}#{}: {word}: {host}{}",
        finding.file.display(),
        finding.path,
        finding.message
    )
}

/// Escapes one JSON pointer segment.
pub fn segment(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}
