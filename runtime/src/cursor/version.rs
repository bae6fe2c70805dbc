//! Reading `cursor_version`: IDE semver builds, CLI date builds, and payloads without one.

use std::fmt;

/// The Cursor build that sent a payload, read from its `cursor_version` field.
///
/// The IDE numbers its builds with semver (`1.7.2`, `2.0.77`, `3.21.16`); the CLI numbers them by
/// date (`2026.09.28-64d2043`). Payloads from the 1.7 era have no `cursor_version` at all.
///
/// ```
/// use cursor_hooks::cursor::CursorVersion;
///
/// assert!(CursorVersion::parse("2.0.77").is_ide_before(2, 4, 21));
/// assert!(!CursorVersion::parse("3.21.16").is_ide_before(2, 4, 21));
/// assert!(CursorVersion::parse("2026.09.28-64d2043").is_cli());
/// assert!(CursorVersion::parse("1.7").ide().is_some());
/// assert!(CursorVersion::default().is_missing());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum CursorVersion {
    /// An IDE build, compared by semver. `raw` is the string as sent (`1.7` stays `1.7`).
    Ide {
        /// The parsed version (`1.7` reads as `1.7.0`).
        version: semver::Version,
        /// The string as Cursor sent it.
        raw: String,
    },
    /// A CLI build numbered by date, such as `2026.09.28-64d2043`.
    Cli {
        /// Year, month and day of the build.
        date: (u16, u8, u8),
        /// The commit part after the dash (may be empty).
        hash: String,
        /// The string as Cursor sent it.
        raw: String,
    },
    /// The payload had no `cursor_version` (the 1.7-era format).
    #[default]
    Missing,
    /// A `cursor_version` that is neither form. Version rules treat it as the newest build.
    Unreadable(String),
}

impl CursorVersion {
    /// Reads a `cursor_version` string. Never fails: anything unrecognised is [`Unreadable`](Self::Unreadable).
    pub fn parse(raw: &str) -> Self {
        if let Some(cli) = parse_cli_build(raw) {
            return cli;
        }
        let padded;
        let text = match raw.bytes().filter(|b| *b == b'.').count() {
            1 if !raw.contains(['-', '+']) => {
                padded = format!("{raw}.0");
                &padded
            }
            _ => raw,
        };
        match semver::Version::parse(text) {
            Ok(version) => CursorVersion::Ide {
                version,
                raw: raw.to_owned(),
            },
            Err(_) => CursorVersion::Unreadable(raw.to_owned()),
        }
    }

    /// The string Cursor sent, or `None` when the payload had none.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            CursorVersion::Ide { raw, .. } | CursorVersion::Cli { raw, .. } => Some(raw),
            CursorVersion::Unreadable(raw) => Some(raw),
            CursorVersion::Missing => None,
        }
    }

    /// The semver of an IDE build.
    pub fn ide(&self) -> Option<&semver::Version> {
        match self {
            CursorVersion::Ide { version, .. } => Some(version),
            _ => None,
        }
    }

    /// Whether this is a CLI date build.
    pub fn is_cli(&self) -> bool {
        matches!(self, CursorVersion::Cli { .. })
    }

    /// Whether the payload had no `cursor_version`.
    pub fn is_missing(&self) -> bool {
        matches!(self, CursorVersion::Missing)
    }

    /// Whether this is an IDE build older than `major.minor.patch`.
    ///
    /// CLI date builds and unreadable strings count as newer than every IDE release (the safe
    /// side of every version rule is today's behaviour); a missing version is not an IDE build.
    pub fn is_ide_before(&self, major: u64, minor: u64, patch: u64) -> bool {
        self.ide()
            .is_some_and(|v| *v < semver::Version::new(major, minor, patch))
    }
}

impl fmt::Display for CursorVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str().unwrap_or("(none)"))
    }
}

/// `YYYY.MM.DD` optionally followed by `-hash`.
fn parse_cli_build(raw: &str) -> Option<CursorVersion> {
    let (date, hash) = raw.split_once('-').unwrap_or((raw, ""));
    let mut parts = date.split('.');
    let (year, month, day) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || year.len() != 4 || month.len() != 2 || day.len() != 2 {
        return None;
    }
    let date = (year.parse().ok()?, month.parse().ok()?, day.parse().ok()?);
    Some(CursorVersion::Cli {
        date,
        hash: hash.to_owned(),
        raw: raw.to_owned(),
    })
}

impl<'de> serde::Deserialize<'de> for CursorVersion {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw: Option<std::borrow::Cow<'de, str>> =
            serde::Deserialize::deserialize(deserializer)?;
        Ok(raw.map_or(CursorVersion::Missing, |raw| CursorVersion::parse(&raw)))
    }
}

impl serde::Serialize for CursorVersion {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.as_str().serialize(serializer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_form() {
        assert!(matches!(
            CursorVersion::parse("1.7.2"),
            CursorVersion::Ide { .. }
        ));
        assert_eq!(
            CursorVersion::parse("1.7").ide(),
            Some(&semver::Version::new(1, 7, 0))
        );
        assert_eq!(CursorVersion::parse("1.7").as_str(), Some("1.7"));
        match CursorVersion::parse("2026.09.28-64d2043") {
            CursorVersion::Cli { date, hash, .. } => {
                assert_eq!(date, (2026, 9, 28));
                assert_eq!(hash, "64d2043");
            }
            other => panic!("not a CLI build: {other:?}"),
        }
        // A date build that semver would also accept is still a CLI build.
        assert!(CursorVersion::parse("2026.10.12").is_cli());
        assert_eq!(
            CursorVersion::parse("nightly"),
            CursorVersion::Unreadable("nightly".into())
        );
        assert_eq!(
            CursorVersion::parse(""),
            CursorVersion::Unreadable(String::new())
        );
    }

    #[test]
    fn orders_ide_builds_and_treats_others_as_current() {
        assert!(CursorVersion::parse("2.4.20").is_ide_before(2, 4, 21));
        assert!(!CursorVersion::parse("2.4.21").is_ide_before(2, 4, 21));
        assert!(!CursorVersion::parse("2026.01.01-abc").is_ide_before(99, 0, 0));
        assert!(!CursorVersion::parse("garbage").is_ide_before(99, 0, 0));
        assert!(!CursorVersion::Missing.is_ide_before(99, 0, 0));
    }
}
