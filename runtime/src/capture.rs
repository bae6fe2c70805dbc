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
    REPLAYING.with(Cell::get) || std::env::var_os(REPLAY_VARIABLE).is_some_and(|v| !v.is_empty())
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
pub(crate) fn record(path: &Path, payload: &[u8], rendered: &Rendered) -> Option<String> {
    let line = line(payload, rendered);
    let written = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|mut file| file.write_all(line.as_bytes()));
    written
        .err()
        .map(|error| format!("capture: cannot append to {}: {error}", path.display()))
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
