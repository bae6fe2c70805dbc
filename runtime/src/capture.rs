//! Capture mode, and knowing a replay: turning real Cursor sessions into a regression suite.
//!
//! With `CURSOR_HOOKS_CAPTURE=<file>` in a hook's environment, every run appends one JSON line
//! to that file: the payload exactly as received and the answer given. The answer itself does
//! not change, and a file that cannot be written costs one stderr line, never the hook.
//! `cursor-hooks replay <file> -- <hook>` (or [`testing::replay`](crate::testing::replay))
//! runs each captured payload through the handlers again and reports every answer that changed.

use crate::render::Rendered;
use serde::Serialize;
use std::cell::Cell;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// The environment variable that turns capture on.
pub const CAPTURE_VARIABLE: &str = "CURSOR_HOOKS_CAPTURE";

/// The environment variable `cursor-hooks replay` sets for the hooks it replays.
pub const REPLAY_VARIABLE: &str = "CURSOR_HOOKS_REPLAY";

thread_local! {
    /// Set while [`testing::replay`](crate::testing::replay) runs handlers in-process.
    pub(crate) static REPLAYING: Cell<bool> = const { Cell::new(false) };
}

/// Whether this run replays a captured payload (`cursor-hooks replay`, or
/// [`testing::replay`](crate::testing::replay)) rather than answering Cursor. A replay runs the
/// handlers for real, so a handler with side effects (a log, a notification) checks this
/// first.
///
/// ```
/// use cursor_hooks::prelude::*;
///
/// #[cursor_hook(event = "afterFileEdit")]
/// fn log_edit(input: &AfterFileEdit) {
///     if cursor_hooks::is_replay() {
///         return; // the real log keeps only what Cursor did
///     }
///     eprintln!("edited {}", input.file_path);
/// }
/// # fn main() {}
/// ```
pub fn is_replay() -> bool {
    REPLAYING.with(Cell::get) || replay_variable(std::env::var_os(REPLAY_VARIABLE).as_deref())
}

/// Whether `CURSOR_HOOKS_REPLAY` says this run is a replay: only `1`, what `cursor-hooks
/// replay` sets (a `0` or `false` used to count too, and silenced an audit log). Another value
/// is named once on stderr.
fn replay_variable(value: Option<&std::ffi::OsStr>) -> bool {
    static NAMED: AtomicBool = AtomicBool::new(false);
    let Some(value) = value.filter(|value| !value.is_empty()) else {
        return false;
    };
    if value == "1" {
        return true;
    }
    if !NAMED.swap(true, Ordering::Relaxed) {
        let line = format!(
            "{}{}\n",
            crate::render::NOTE_PREFIX,
            replay_note(&value.to_string_lossy())
        );
        let _ = std::io::stderr().write_all(line.as_bytes());
    }
    false
}

fn replay_note(value: &str) -> String {
    let shown: String = value.chars().take(40).collect();
    format!("{REPLAY_VARIABLE}={shown:?} is not `1`: this run is not a replay")
}

/// One captured run as a JSON line. The payload is kept as text when it is UTF-8 (every real
/// payload), as an array of bytes otherwise, so replay feeds back exactly what was received.
fn line(payload: &[u8], rendered: &Rendered) -> String {
    // The keys in alphabetical order, as a `serde_json` map writes them (the format replay
    // reads), from a plain struct: building a `Value` tree costs ~4 KiB in every hook binary.
    #[derive(Serialize)]
    struct Line<'a> {
        exit_code: i32,
        #[serde(skip_serializing_if = "Option::is_none")]
        payload: Option<&'a str>,
        #[serde(skip_serializing_if = "Option::is_none")]
        payload_bytes: Option<&'a [u8]>,
        stdout: &'a str,
    }
    let text = std::str::from_utf8(payload).ok();
    let record = Line {
        exit_code: rendered.exit_code,
        payload: text,
        payload_bytes: text.is_none().then_some(payload),
        stdout: &rendered.stdout,
    };
    let mut line = serde_json::to_string(&record).expect("plain fields always serialize");
    line.push('\n');
    line
}

/// Appends one run to the capture file. One `write` on a file opened for appending, so lines
/// of concurrent hooks never interleave. Returns a note for stderr when it could not.
///
/// The file holds every payload, secrets included, so: a new file is created owner-only
/// (`0600` on Unix); an existing one that others may read is not written (the note says to
/// `chmod 600` it; the hook does not change a mode someone chose); a symbolic link at the path
/// is not followed; anything but a regular file is refused (a FIFO no one reads would block
/// the open, and a path such as `/dev/fd/3` could name the answer's own pipe). On Windows a
/// new file takes the permissions its folder passes on (in the user's profile: the user,
/// administrators and the system), and a link (any reparse point) at the path is refused.
pub(crate) fn record(path: &Path, payload: &[u8], rendered: &Rendered) -> Option<String> {
    let refused = |why: &str| {
        Some(format!(
            "capture: {} {why}; nothing captured",
            path.display()
        ))
    };
    let file = match private_file::open(path) {
        Ok(file) => file,
        Err(private_file::Refusal::Link) => return refused("is a symbolic link, not followed"),
        Err(private_file::Refusal::NotAFile) => return refused("is not a regular file"),
        Err(private_file::Refusal::Io(error)) => {
            return Some(format!(
                "capture: cannot append to {}: {error}",
                path.display()
            ))
        }
    };
    let meta = match file.metadata() {
        Ok(meta) => meta,
        Err(error) => return Some(format!("capture: cannot read {}: {error}", path.display())),
    };
    if !meta.is_file() || private_file::is_link(&meta) {
        return refused("is not a regular file");
    }
    if let Some(mode) = private_file::readable_by_others(&meta) {
        return refused(&format!(
            "can be read by others (mode {mode:03o}) and holds every payload; `chmod 600` it"
        ));
    }
    (&file)
        .write_all(line(payload, rendered).as_bytes())
        .err()
        .map(|error| format!("capture: cannot append to {}: {error}", path.display()))
}

/// Opening the capture file without following a link at its path, and keeping it private.
#[cfg(unix)]
mod private_file {
    use std::fs::{File, Metadata, OpenOptions};
    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
    use std::path::Path;

    pub(super) enum Refusal {
        Link,
        NotAFile,
        Io(std::io::Error),
    }

    /// `O_NOFOLLOW` (a link at the path fails with `ELOOP`) and `O_NONBLOCK` (a FIFO without a
    /// reader fails with `ENXIO` instead of blocking), where their values are declared here.
    #[cfg(all(target_os = "linux", any(target_arch = "x86_64", target_arch = "x86")))]
    const FLAGS: i32 = 0o400_000 | 0o4_000;
    #[cfg(all(target_os = "linux", any(target_arch = "aarch64", target_arch = "arm")))]
    const FLAGS: i32 = 0o100_000 | 0o4_000;
    #[cfg(target_os = "macos")]
    const FLAGS: i32 = 0x0100 | 0x0004;
    /// Elsewhere the path is looked at first (`lstat`), which leaves a race.
    #[cfg(not(any(
        all(
            target_os = "linux",
            any(
                target_arch = "x86_64",
                target_arch = "x86",
                target_arch = "aarch64",
                target_arch = "arm"
            )
        ),
        target_os = "macos"
    )))]
    const FLAGS: i32 = 0;

    /// `ELOOP` (Linux 40, macOS 62) and `ENXIO` (6 on both).
    const LINK_ERRORS: [i32; 2] = [40, 62];
    const ENXIO: i32 = 6;

    pub(super) fn open(path: &Path) -> Result<File, Refusal> {
        if FLAGS == 0 {
            // Costs every hook binary a symbol to bind at start, so only where it is needed.
            if let Ok(meta) = std::fs::symlink_metadata(path) {
                if meta.file_type().is_symlink() {
                    return Err(Refusal::Link);
                }
                if !meta.is_file() {
                    return Err(Refusal::NotAFile);
                }
            }
        }
        OpenOptions::new()
            .create(true)
            .append(true)
            .mode(0o600)
            .custom_flags(FLAGS)
            .open(path)
            .map_err(|error| match error.raw_os_error() {
                Some(code) if FLAGS != 0 && LINK_ERRORS.contains(&code) => Refusal::Link,
                Some(ENXIO) if FLAGS != 0 => Refusal::NotAFile,
                _ => Refusal::Io(error),
            })
    }

    pub(super) fn is_link(meta: &Metadata) -> bool {
        meta.file_type().is_symlink()
    }

    /// The permission bits, when the group or others have any.
    pub(super) fn readable_by_others(meta: &Metadata) -> Option<u32> {
        let mode = meta.permissions().mode() & 0o7777;
        (mode & 0o077 != 0).then_some(mode)
    }
}

#[cfg(windows)]
mod private_file {
    use std::fs::{File, Metadata, OpenOptions};
    use std::os::windows::fs::{MetadataExt, OpenOptionsExt};
    use std::path::Path;

    pub(super) enum Refusal {
        Link,
        NotAFile,
        Io(std::io::Error),
    }

    /// Opens a reparse point (a symbolic link, a junction) itself rather than its target.
    const FILE_FLAG_OPEN_REPARSE_POINT: u32 = 0x0020_0000;
    const FILE_ATTRIBUTE_REPARSE_POINT: u32 = 0x0400;

    pub(super) fn open(path: &Path) -> Result<File, Refusal> {
        if let Ok(meta) = std::fs::symlink_metadata(path) {
            if meta.file_type().is_symlink() || is_link(&meta) {
                return Err(Refusal::Link);
            }
            if !meta.is_file() {
                return Err(Refusal::NotAFile);
            }
        }
        OpenOptions::new()
            .create(true)
            .append(true)
            .custom_flags(FILE_FLAG_OPEN_REPARSE_POINT)
            .open(path)
            .map_err(Refusal::Io)
    }

    pub(super) fn is_link(meta: &Metadata) -> bool {
        meta.file_attributes() & FILE_ATTRIBUTE_REPARSE_POINT != 0
    }

    /// The folder's inherited permissions hold (see `record`).
    pub(super) fn readable_by_others(_: &Metadata) -> Option<u32> {
        None
    }
}

#[cfg(not(any(unix, windows)))]
mod private_file {
    use std::fs::{File, Metadata, OpenOptions};
    use std::path::Path;

    pub(super) enum Refusal {
        Link,
        NotAFile,
        Io(std::io::Error),
    }

    pub(super) fn open(path: &Path) -> Result<File, Refusal> {
        if let Ok(meta) = std::fs::symlink_metadata(path) {
            if meta.file_type().is_symlink() {
                return Err(Refusal::Link);
            }
            if !meta.is_file() {
                return Err(Refusal::NotAFile);
            }
        }
        OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(Refusal::Io)
    }

    pub(super) fn is_link(meta: &Metadata) -> bool {
        meta.file_type().is_symlink()
    }

    pub(super) fn readable_by_others(_: &Metadata) -> Option<u32> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The line as a `Value` tree writes it (how it was built before): the reference.
    fn line_from_a_value(payload: &[u8], rendered: &Rendered) -> String {
        let mut record = json!({ "stdout": rendered.stdout, "exit_code": rendered.exit_code });
        let object = record.as_object_mut().expect("an object");
        match std::str::from_utf8(payload) {
            Ok(text) => object.insert("payload".into(), json!(text)),
            Err(_) => object.insert("payload_bytes".into(), json!(payload)),
        };
        format!("{record}\n")
    }

    #[test]
    fn only_1_makes_a_replay() {
        use std::ffi::OsStr;
        assert!(replay_variable(Some(OsStr::new("1"))));
        for value in [
            None,
            Some(""),
            Some("0"),
            Some("false"),
            Some("no"),
            Some("true"),
        ] {
            assert!(!replay_variable(value.map(OsStr::new)), "{value:?}");
        }
        assert_eq!(
            replay_note("0"),
            r#"CURSOR_HOOKS_REPLAY="0" is not `1`: this run is not a replay"#
        );
    }

    #[test]
    fn a_line_is_what_a_value_tree_writes() {
        let answers = [
            Rendered::no_opinion(),
            Rendered {
                stdout: "{\"permission\":\"deny\",\"user_message\":\"no \\\"rm\\\"\\n\"}".into(),
                exit_code: 2,
                stderr: vec!["ignored".into()],
            },
        ];
        let payloads: [&[u8]; 4] = [
            br#"{"hook_event_name":"stop","text":"caf\u00e9 \"q\" \\ /"}"#,
            "{\"x\":\"é\u{1F600}\\t\"}".as_bytes(),
            b"\xff\xfe{\x00}\x00",
            b"",
        ];
        for rendered in &answers {
            for payload in payloads {
                assert_eq!(
                    line(payload, rendered),
                    line_from_a_value(payload, rendered)
                );
            }
        }
    }
}
