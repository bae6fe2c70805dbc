//! Capture mode, and knowing a replay: turning real Cursor sessions into a regression suite.
//!
//! With `CURSOR_HOOKS_CAPTURE=<file>` in a hook's environment, every run appends one JSON line
//! to that file ([`append_line`]): the payload exactly as received and the answer given. The
//! answer itself does not change, and a file that cannot be written costs one stderr line,
//! never the hook.
//! `cursor-hooks replay <file> -- <hook>` (or [`testing::replay`](crate::testing::replay))
//! runs each captured payload through the handlers again and reports every answer that changed.
//!
//! This module owns the format of a capture line ([`CaptureLine`], read by both replays through
//! [`read_file`]) and the names of the two environment variables ([`CAPTURE_VARIABLE`],
//! [`REPLAY_VARIABLE`]), which the `cursor-hooks` command uses from here.

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

/// One line of a capture file: a payload and, when the hook captured it, the answer given then.
/// The one owner of the format: the hook binary writes it, and both
/// [`testing::replay`](crate::testing::replay) and `cursor-hooks replay` read it with
/// [`read_file`] (or [`CaptureLine::parse`]), so they accept and refuse the same lines.
///
/// A capture line is a JSON object with the payload and the answer:
/// `{"exit_code":0,"payload":"{…}","stdout":"{}"}`. The payload is `payload`, its text, when
/// it is UTF-8 (every real payload), and `payload_bytes`, an array of bytes, otherwise; exactly
/// one of the two. `stdout` (a string) and `exit_code` (a whole number) come together, or are
/// both left out when no answer was recorded. Other keys are ignored.
///
/// A line that is a payload itself (a JSON object with `hook_event_name`, such as a line of the
/// recorded corpus) is read too, as a payload without an answer. Blank lines are skipped; any
/// other line is an error, never read as something else (a non-numeric `exit_code` included),
/// except that [`read_file`] skips, with a note, a record cut short by a full disk.
///
/// ```
/// use cursor_hooks::capture::{CapturedAnswer, CaptureLine};
///
/// let run = CaptureLine {
///     payload: br#"{"hook_event_name":"stop","status":"completed"}"#.to_vec(),
///     answer: Some(CapturedAnswer { stdout: "{}".into(), exit_code: 0 }),
/// };
/// let line = run.to_json();
/// assert_eq!(
///     line,
///     r#"{"exit_code":0,"payload":"{\"hook_event_name\":\"stop\",\"status\":\"completed\"}","stdout":"{}"}"#
/// );
/// assert_eq!(CaptureLine::parse(&line), Ok(run));
///
/// // A bare payload: nothing to compare its answer with.
/// let bare = CaptureLine::parse(r#"{"hook_event_name":"stop"}"#).unwrap();
/// assert_eq!(bare.answer, None);
///
/// // Wrong types are errors, not guesses.
/// let wrong = CaptureLine::parse(r#"{"payload":"{}","stdout":"{}","exit_code":"0"}"#);
/// assert_eq!(wrong.unwrap_err().to_string(), "`exit_code` is not a whole number");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaptureLine {
    /// The payload, byte for byte as the hook received it.
    pub payload: Vec<u8>,
    /// The answer given then; `None` for a payload recorded without one.
    pub answer: Option<CapturedAnswer>,
}

/// What a hook answered when its run was captured.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CapturedAnswer {
    /// Exactly what it wrote on stdout.
    pub stdout: String,
    /// Its exit code.
    pub exit_code: i32,
}

impl CapturedAnswer {
    /// Whether a hook that now writes `stdout` and exits with `exit_code` answers as it did
    /// then. Blanks at the end of stdout do not count: both editors trim stdout before reading
    /// it (captures made before answers ended with a newline have none).
    ///
    /// ```
    /// use cursor_hooks::capture::CapturedAnswer;
    ///
    /// let then = CapturedAnswer { stdout: "{}".into(), exit_code: 0 };
    /// assert!(then.is_same(&"{}\n", 0));
    /// assert!(!then.is_same(&"{\"permission\":\"deny\"}\n", 0));
    /// assert!(!then.is_same(&"{}\n", 2));
    /// ```
    pub fn is_same(&self, stdout: &str, exit_code: i32) -> bool {
        self.exit_code == exit_code && self.stdout.trim_end() == stdout.trim_end()
    }
}

/// Why a capture line or file could not be read. Its text names the line (`file:3: …`) when
/// it comes from [`read_file`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaptureError(String);

impl std::fmt::Display for CaptureError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CaptureError {}

impl CaptureLine {
    /// Reads one line (without its line break); see [`CaptureLine`] for what is accepted.
    pub fn parse(line: &str) -> Result<CaptureLine, CaptureError> {
        match serde_json::from_str(line) {
            Ok(value) => CaptureLine::from_value(line, value),
            Err(error) => Err(CaptureError(format!("not JSON ({error})"))),
        }
    }

    /// [`CaptureLine::parse`] once `line` has been read as JSON: `value`.
    fn from_value(line: &str, value: serde_json::Value) -> Result<CaptureLine, CaptureError> {
        use serde_json::Value;
        let bad = |what: &str| Err(CaptureError(what.to_owned()));
        let Value::Object(object) = value else {
            return bad("not a JSON object");
        };
        // A capture line never has `hook_event_name` at its top; every payload does.
        if object.contains_key("hook_event_name") {
            return Ok(CaptureLine {
                payload: line.as_bytes().to_vec(),
                answer: None,
            });
        }
        let payload = match (object.get("payload"), object.get("payload_bytes")) {
            (Some(Value::String(text)), None) => text.clone().into_bytes(),
            (Some(_), None) => return bad("`payload` is not a string"),
            (None, Some(Value::Array(bytes))) => {
                let bytes: Option<Vec<u8>> = bytes
                    .iter()
                    .map(|byte| byte.as_u64().and_then(|byte| u8::try_from(byte).ok()))
                    .collect();
                match bytes {
                    Some(bytes) => bytes,
                    None => return bad("`payload_bytes` is not an array of bytes (0 to 255)"),
                }
            }
            (None, Some(_)) => return bad("`payload_bytes` is not an array of bytes (0 to 255)"),
            (Some(_), Some(_)) => return bad("both `payload` and `payload_bytes`: one only"),
            (None, None) => {
                return bad(
                    "neither a capture line (no `payload`) nor a payload (no `hook_event_name`)",
                )
            }
        };
        let answer = match (object.get("stdout"), object.get("exit_code")) {
            (None, None) => None,
            (Some(Value::String(stdout)), Some(code)) => {
                let Some(exit_code) = code.as_i64().and_then(|code| i32::try_from(code).ok())
                else {
                    return bad("`exit_code` is not a whole number");
                };
                Some(CapturedAnswer {
                    stdout: stdout.clone(),
                    exit_code,
                })
            }
            (Some(Value::String(_)), None) => return bad("`stdout` without `exit_code`"),
            (Some(_), _) => return bad("`stdout` is not a string"),
            (None, Some(_)) => return bad("`exit_code` without `stdout`"),
        };
        Ok(CaptureLine { payload, answer })
    }

    /// The line as the hook binary writes it, without the line break.
    pub fn to_json(&self) -> String {
        let answer = self.answer.as_ref();
        line_text(
            &self.payload,
            answer.map(|a| a.exit_code),
            answer.map(|a| a.stdout.as_str()),
        )
    }
}

/// Reads a capture file: each line that is not blank, with its number (from 1). An error names
/// the file and the line.
///
/// A line that starts like a record (`{`) but is not whole JSON is a record cut short: a full
/// disk, or a hook killed in the middle of its write, leaves one, and the writer starts the next
/// record on a fresh line ([`append_line`]). It is skipped with a note on stderr naming the file
/// and line, and the other lines are read; a file with no other line is an error. Any other line
/// that is not what [`CaptureLine`] accepts is an error.
pub fn read_file(path: &Path) -> Result<Vec<(usize, CaptureLine)>, CaptureError> {
    let bytes = std::fs::read(path)
        .map_err(|error| CaptureError(format!("cannot read {}: {error}", path.display())))?;
    let mut lines = Vec::new();
    let mut cut_short = Vec::new();
    for (index, line) in bytes.split(|&byte| byte == b'\n').enumerate() {
        let at = |why: &str| CaptureError(format!("{}:{}: {why}", path.display(), index + 1));
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let parsed = std::str::from_utf8(line)
            .map_err(|error| format!("not UTF-8 ({error})"))
            .and_then(|text| {
                serde_json::from_str::<serde_json::Value>(text)
                    .map(|value| (text, value))
                    .map_err(|error| format!("not JSON ({error})"))
            });
        match parsed {
            Ok((text, value)) => {
                let line = CaptureLine::from_value(text, value).map_err(|error| at(&error.0))?;
                lines.push((index + 1, line));
            }
            Err(_) if line.trim_ascii().is_empty() => {}
            Err(why) if line.trim_ascii_start().starts_with(b"{") => cut_short.push(at(&why)),
            Err(why) => return Err(at(&why)),
        }
    }
    if lines.is_empty() && !cut_short.is_empty() {
        return Err(cut_short.swap_remove(0));
    }
    for CaptureError(note) in cut_short {
        let note = format!(
            "{}{note}: a record cut short (a full disk, a killed hook?), skipped\n",
            crate::render::NOTE_PREFIX
        );
        let _ = std::io::stderr().write_all(note.as_bytes());
    }
    Ok(lines)
}

/// The one writer of a capture line, from borrowed parts (the hook binary writes its run
/// without copying the payload); [`CaptureLine::to_json`] and [`record`] both use it. The
/// payload is text when it is UTF-8, bytes otherwise.
fn line_text(payload: &[u8], exit_code: Option<i32>, stdout: Option<&str>) -> String {
    // The keys in alphabetical order, from a plain struct: building a `Value` tree costs ~4 KiB
    // in every hook binary.
    #[derive(Serialize)]
    struct Line<'a> {
        #[serde(skip_serializing_if = "Option::is_none")]
        exit_code: Option<i32>,
        #[serde(skip_serializing_if = "Option::is_none")]
        payload: Option<&'a str>,
        #[serde(skip_serializing_if = "Option::is_none")]
        payload_bytes: Option<&'a [u8]>,
        #[serde(skip_serializing_if = "Option::is_none")]
        stdout: Option<&'a str>,
    }
    let text = std::str::from_utf8(payload).ok();
    let record = Line {
        exit_code,
        payload: text,
        payload_bytes: text.is_none().then_some(payload),
        stdout,
    };
    serde_json::to_string(&record).expect("plain fields always serialize")
}

/// Appends one run to the capture file with [`append_line`], readable by its owner only: the
/// file holds every payload, secrets included. Returns a note for stderr when it could not.
pub(crate) fn record(path: &Path, payload: &[u8], rendered: &Rendered) -> Option<String> {
    let line = line_text(payload, Some(rendered.exit_code), Some(&rendered.stdout));
    append_line(path, line, Readers::OwnerOnly)
        .err()
        .map(|error| format!("capture: {} {error}", path.display()))
}

/// Who may read a file [`append_line`] writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Readers {
    /// Its owner only, for a file that holds secrets (the capture file): a new file is created
    /// `0600` on Unix, and an existing one that its group or others can read is not written
    /// (the owner `chmod`s it; a mode someone chose is not changed).
    OwnerOnly,
    /// As the umask lets: a new file is created `0666` less the umask on Unix, and an existing
    /// one is written whatever its mode (the `audit-log` example's log).
    Umask,
}

/// Why [`append_line`] appended nothing, or not the whole line. Its text follows the path in a
/// note: `capture: /p/captures.jsonl is a symbolic link, not followed; nothing written`.
#[derive(Debug)]
#[non_exhaustive]
pub enum AppendError {
    /// A symbolic link (on Windows, any reparse point) is at the path; it is not followed.
    Link,
    /// Something other than a regular file is at the path: a folder, a FIFO, a device.
    NotAFile,
    /// The group or others can read the file (its permission bits, here); only with
    /// [`Readers::OwnerOnly`].
    ReadableByOthers(u32),
    /// Opening, reading or writing failed; after a failed write (a full disk) the line may be
    /// cut short, and the next record starts on a fresh line.
    Io(std::io::Error),
}

impl std::fmt::Display for AppendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AppendError::Link => f.write_str("is a symbolic link, not followed; nothing written"),
            AppendError::NotAFile => f.write_str("is not a regular file; nothing written"),
            AppendError::ReadableByOthers(mode) => write!(
                f,
                "can be read by others (mode {mode:03o}); `chmod 600` it; nothing written"
            ),
            AppendError::Io(error) => write!(f, "cannot be appended to: {error}"),
        }
    }
}

impl std::error::Error for AppendError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            AppendError::Io(error) => Some(error),
            _ => None,
        }
    }
}

/// Appends `line` (one record, without a line break; one is added) to the file at `path`,
/// creating it, so that a failure never glues two records together:
///
/// - The line is written with one `write` on a file opened for appending: the kernel appends
///   each such write whole, so the lines of concurrent hooks never interleave. A short write
///   is an error; the rest is not written.
/// - A write that fails part way (a full disk), or a hook killed in the middle of one, leaves a
///   line cut short, without its line break. The next record looks at the file's last byte and
///   starts with a line break when it is not one, so the damage stays on that one line, which
///   [`read_file`] skips with a note. Cutting the file back after a failed write would not do:
///   a killed hook cannot, and another hook's line may already follow.
/// - A symbolic link at the path is not followed (`O_NOFOLLOW`; a cloned repository can put a
///   link where a log goes), and anything but a regular file is refused, without waiting (a
///   FIFO no one reads would block the open; `O_NONBLOCK`); a path such as `/dev/fd/3` could
///   name a hook's own answer pipe. On Windows a link (any reparse point) is refused. Where
///   the open cannot refuse a link itself (other Unix systems), the path is looked at first.
/// - `readers` says who may read a new file, and whether an existing one others can read is
///   written. On Windows a new file takes the permissions its folder passes on (in the user's
///   profile: the user, administrators and the system).
pub fn append_line(path: &Path, mut line: String, readers: Readers) -> Result<(), AppendError> {
    let file = private_file::open(path, readers)?;
    let meta = file.metadata().map_err(AppendError::Io)?;
    if !meta.is_file() || private_file::is_link(&meta) {
        return Err(AppendError::NotAFile);
    }
    if readers == Readers::OwnerOnly {
        if let Some(mode) = private_file::readable_by_others(&meta) {
            return Err(AppendError::ReadableByOthers(mode));
        }
    }
    // Unknown counts as cut short: a blank line costs nothing, a glued one a record.
    if meta.len() > 0 && private_file::last_byte(&file, meta.len()).ok() != Some(b'\n') {
        line.insert(0, '\n');
    }
    line.push('\n');
    // One `write`, never a second for the rest: after a short one, the rest would land after
    // whatever another hook appended meanwhile, a fragment no reader could place.
    match (&file).write(line.as_bytes()) {
        Ok(written) if written == line.len() => Ok(()),
        Ok(written) => Err(AppendError::Io(std::io::Error::other(format!(
            "{written} of {} bytes written (a full disk?)",
            line.len()
        )))),
        Err(error) => Err(AppendError::Io(error)),
    }
}

/// Looks at the path before opening it (`lstat`): a link or anything but a regular file is
/// refused. Where the open itself cannot refuse a link, this leaves a race.
fn look_first(path: &Path, is_link: fn(&std::fs::Metadata) -> bool) -> Result<(), AppendError> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() || is_link(&meta) => Err(AppendError::Link),
        Ok(meta) if !meta.is_file() => Err(AppendError::NotAFile),
        _ => Ok(()),
    }
}

/// Opening a file to append to without following a link at its path, and keeping it private
/// when asked; reading its last byte.
#[cfg(unix)]
mod private_file {
    use std::fs::{File, Metadata, OpenOptions};
    use std::os::unix::fs::{FileExt, OpenOptionsExt, PermissionsExt};
    use std::path::Path;

    use super::{AppendError, Readers};

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

    /// Open for reading too, for `last_byte`; writes still all go to the end.
    pub(super) fn open(path: &Path, readers: Readers) -> Result<File, AppendError> {
        if FLAGS == 0 {
            // Costs every hook binary a symbol to bind at start, so only where it is needed.
            super::look_first(path, is_link)?;
        }
        OpenOptions::new()
            .read(true)
            .create(true)
            .append(true)
            .mode(match readers {
                Readers::OwnerOnly => 0o600,
                Readers::Umask => 0o666,
            })
            .custom_flags(FLAGS)
            .open(path)
            .map_err(|error| match error.raw_os_error() {
                Some(code) if FLAGS != 0 && LINK_ERRORS.contains(&code) => AppendError::Link,
                Some(ENXIO) if FLAGS != 0 => AppendError::NotAFile,
                _ => AppendError::Io(error),
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

    /// The byte before `len` (`pread`: the file's offset is left alone).
    pub(super) fn last_byte(file: &File, len: u64) -> std::io::Result<u8> {
        let mut byte = [0u8];
        file.read_exact_at(&mut byte, len - 1)?;
        Ok(byte[0])
    }
}

#[cfg(windows)]
mod private_file {
    use std::fs::{File, Metadata, OpenOptions};
    use std::os::windows::fs::{FileExt, MetadataExt, OpenOptionsExt};
    use std::path::Path;

    use super::{AppendError, Readers};

    /// Opens a reparse point (a symbolic link, a junction) itself rather than its target.
    const FILE_FLAG_OPEN_REPARSE_POINT: u32 = 0x0020_0000;
    const FILE_ATTRIBUTE_REPARSE_POINT: u32 = 0x0400;

    pub(super) fn open(path: &Path, _: Readers) -> Result<File, AppendError> {
        super::look_first(path, is_link)?;
        OpenOptions::new()
            .read(true)
            .create(true)
            .append(true)
            .custom_flags(FILE_FLAG_OPEN_REPARSE_POINT)
            .open(path)
            .map_err(AppendError::Io)
    }

    pub(super) fn is_link(meta: &Metadata) -> bool {
        meta.file_attributes() & FILE_ATTRIBUTE_REPARSE_POINT != 0
    }

    /// The folder's inherited permissions hold (see `append_line`).
    pub(super) fn readable_by_others(_: &Metadata) -> Option<u32> {
        None
    }

    /// The byte before `len`; an append still writes at the end, wherever this leaves the
    /// file's position.
    pub(super) fn last_byte(file: &File, len: u64) -> std::io::Result<u8> {
        let mut byte = [0u8];
        match file.seek_read(&mut byte, len - 1)? {
            1 => Ok(byte[0]),
            _ => Err(std::io::ErrorKind::UnexpectedEof.into()),
        }
    }
}

#[cfg(not(any(unix, windows)))]
mod private_file {
    use std::fs::{File, Metadata, OpenOptions};
    use std::path::Path;

    use super::{AppendError, Readers};

    pub(super) fn open(path: &Path, _: Readers) -> Result<File, AppendError> {
        super::look_first(path, is_link)?;
        OpenOptions::new()
            .read(true)
            .create(true)
            .append(true)
            .open(path)
            .map_err(AppendError::Io)
    }

    pub(super) fn is_link(meta: &Metadata) -> bool {
        meta.file_type().is_symlink()
    }

    pub(super) fn readable_by_others(_: &Metadata) -> Option<u32> {
        None
    }

    pub(super) fn last_byte(mut file: &File, len: u64) -> std::io::Result<u8> {
        use std::io::{Read, Seek, SeekFrom};
        let mut byte = [0u8];
        file.seek(SeekFrom::Start(len - 1))?;
        file.read_exact(&mut byte)?;
        Ok(byte[0])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn what_is_written_reads_back() {
        let payloads: [&[u8]; 3] = [br#"{"hook_event_name":"stop"}"#, b"\xff\xfe{\x00}", b""];
        let answers = [
            None,
            Some(CapturedAnswer {
                stdout: "{\"permission\":\"deny\"}\n".into(),
                exit_code: -1,
            }),
        ];
        for payload in payloads {
            for answer in &answers {
                let run = CaptureLine {
                    payload: payload.to_vec(),
                    answer: answer.clone(),
                };
                assert_eq!(CaptureLine::parse(&run.to_json()).as_ref(), Ok(&run));
            }
            let rendered = Rendered::no_opinion();
            let written = line_text(payload, Some(rendered.exit_code), Some(&rendered.stdout));
            let read = CaptureLine::parse(&written).unwrap();
            assert_eq!(read.payload, payload);
            assert_eq!(
                read.answer,
                Some(CapturedAnswer {
                    stdout: rendered.stdout.clone(),
                    exit_code: 0
                })
            );
        }
    }
}
