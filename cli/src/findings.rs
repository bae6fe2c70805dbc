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

/// One problem in one place.
#[derive(Debug, Clone, Serialize)]
pub struct Finding {
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
    let word = finding.severity.word();
    let word = if colour {
        format!("{}{word}\x1b[0m", finding.severity.colour())
    } else {
        word.to_owned()
    };
    format!(
        "{}#{}: {word}: {}",
        finding.file.display(),
        finding.path,
        finding.message
    )
}

/// Escapes one JSON pointer segment.
pub fn segment(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}
