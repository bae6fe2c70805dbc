//! Capture mode and replay: turning real Cursor sessions into a regression suite.
//!
//! With `CURSOR_HOOKS_CAPTURE=<file>` in a hook's environment, every run appends one JSON line
//! to that file: the payload exactly as received and the answer given. The answer itself does
//! not change, and a file that cannot be written costs one stderr line, never the hook.
//! `<hook> replay <file>` (or [`replay`]) runs each captured payload through the handlers again
//! and reports every answer that changed.

use crate::render::Rendered;
use crate::run::{respond_with, Entry, Settings};
use serde_json::{json, Value};
use std::io::Write;
use std::path::Path;

/// The environment variable that turns capture on.
pub const CAPTURE_VARIABLE: &str = "CURSOR_HOOKS_CAPTURE";

/// One captured run as a JSON line. The payload is kept as text when it is UTF-8 (every real
/// payload), as an array of bytes otherwise, so replay feeds back exactly what was received.
fn line(payload: &[u8], rendered: &Rendered) -> String {
    let payload = match std::str::from_utf8(payload) {
        Ok(text) => json!({ "payload": text }),
        Err(_) => json!({ "payload_bytes": payload }),
    };
    let mut record = json!({ "stdout": rendered.stdout, "exit_code": rendered.exit_code });
    record
        .as_object_mut()
        .expect("an object")
        .extend(payload.as_object().expect("an object").clone());
    format!("{record}\n")
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

/// A captured payload whose answer is different now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// The line of the capture file (from 1).
    pub line: usize,
    /// The payload's `hook_event_name`, when it has one.
    pub event: Option<String>,
    /// stdout and exit code then.
    pub before: (String, i32),
    /// stdout and exit code now.
    pub after: (String, i32),
}

/// Runs every payload of a capture file through `handlers` and returns the answers that
/// changed (an empty list: nothing changed).
///
/// ```
/// use cursor_hooks::prelude::*;
/// use cursor_hooks::testing;
///
/// #[cursor_hook(event = "beforeShellExecution")]
/// fn guard(input: BeforeShellExecution) -> BeforeShellExecutionResponse {
///     if input.command.contains("rm") { deny("no rm") } else { no_opinion() }
/// }
///
/// let file = std::env::temp_dir().join(format!("capture-doc-{}.jsonl", std::process::id()));
/// let captured = r#"{"payload":"{\"hook_event_name\":\"beforeShellExecution\",\"command\":\"rm x\"}","stdout":"{}","exit_code":0}"#;
/// std::fs::write(&file, format!("{captured}\n")).unwrap();
/// let changes = testing::replay(&[testing::handler::<guard>()], &file).unwrap();
/// assert_eq!(changes.len(), 1, "the guard denies now where it had no opinion");
/// # std::fs::remove_file(&file).unwrap();
/// ```
pub fn replay(handlers: &[Entry], capture: &Path) -> Result<Vec<Change>, String> {
    let text = std::fs::read_to_string(capture)
        .map_err(|e| format!("cannot read {}: {e}", capture.display()))?;
    let settings = Settings::from_env();
    let mut changes = Vec::new();
    for (index, line) in text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
    {
        let bad = |what: &str| format!("{}:{}: {what}", capture.display(), index + 1);
        let record: Value =
            serde_json::from_str(line).map_err(|e| bad(&format!("not a capture line ({e})")))?;
        let payload: Vec<u8> = match (record.get("payload"), record.get("payload_bytes")) {
            (Some(Value::String(text)), _) => text.clone().into_bytes(),
            (_, Some(bytes)) => {
                serde_json::from_value(bytes.clone()).map_err(|e| bad(&e.to_string()))?
            }
            _ => return Err(bad("no `payload`")),
        };
        let before = (
            record["stdout"]
                .as_str()
                .ok_or_else(|| bad("no `stdout`"))?
                .to_owned(),
            record["exit_code"]
                .as_i64()
                .ok_or_else(|| bad("no `exit_code`"))? as i32,
        );
        let now = respond_with(handlers, &payload, &settings);
        if (now.stdout.as_str(), now.exit_code) != (before.0.as_str(), before.1) {
            let event = serde_json::from_slice::<Value>(&payload)
                .ok()
                .and_then(|v| v.get("hook_event_name")?.as_str().map(str::to_owned));
            changes.push(Change {
                line: index + 1,
                event,
                before,
                after: (now.stdout, now.exit_code),
            });
        }
    }
    Ok(changes)
}
