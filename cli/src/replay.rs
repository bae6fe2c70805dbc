//! `cursor-hooks replay`: each captured payload through the hook binary again, as a process.

use crate::child;
use crate::safe_read;
use cursor_hooks::capture::{self, CAPTURE_VARIABLE, REPLAY_VARIABLE};
use serde_json::Value;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// One line of a capture file: the payload bytes and, when captured, the answer then.
pub struct Captured {
    pub line: usize,
    pub payload: Vec<u8>,
    /// stdout and exit code at capture time.
    pub answer: Option<(String, i32)>,
}

/// Reads a capture file, or a file of bare payloads (one JSON object with `hook_event_name` per
/// line), by the runtime's rules ([`capture::read_file`]), which `testing::replay` shares: a
/// record cut short (a full disk) is skipped with a note on stderr, the other lines are read.
pub fn read(path: &Path) -> Result<Vec<Captured>, String> {
    // A FIFO, a device or a file over the limit is refused here, before the runtime's reader
    // opens the file by its name (which leaves the name's owner a moment to swap it).
    crate::safe_read::open_regular(path, safe_read::CAPTURE_LIMIT).map_err(|why| {
        format!(
            "cannot read {}: {}",
            path.display(),
            why.describe(safe_read::CAPTURE_LIMIT)
        )
    })?;
    let lines = capture::read_file(path).map_err(|error| error.to_string())?;
    Ok(lines
        .into_iter()
        .map(|(line, captured)| Captured {
            line,
            payload: captured.payload,
            answer: captured
                .answer
                .map(|answer| (answer.stdout, answer.exit_code)),
        })
        .collect())
}

/// Runs the replay: exit 0 when no captured answer changed, 1 when one did, 2 on an error
/// (the file cannot be read or parsed, the hook cannot start), reported here on stderr.
pub fn run(captures: &Path, hook: &[String], timeout: Duration) -> Result<i32, String> {
    match replay(captures, hook, timeout) {
        Ok(changed) => Ok(i32::from(changed)),
        Err(error) => {
            eprintln!("cursor-hooks: {error}");
            Ok(2)
        }
    }
}

/// Runs the hook on every payload. A captured answer is compared and printed when it changed;
/// a bare payload has nothing to compare, so its answer is printed. True when one changed.
fn replay(captures: &Path, hook: &[String], timeout: Duration) -> Result<bool, String> {
    let (program, args) = hook
        .split_first()
        .ok_or("no hook binary given after `--`")?;
    let captured = read(captures)?;
    let mut changed = 0;
    let mut compared = 0;
    for capture in &captured {
        let after = answer(program, args, &capture.payload, timeout)
            .map_err(|e| format!("line {}: {e}", capture.line))?;
        let event = serde_json::from_slice::<Value>(&capture.payload)
            .ok()
            .and_then(|v| v.get("hook_event_name")?.as_str().map(str::to_owned))
            .map(|e| format!(" ({e})"))
            .unwrap_or_default();
        let Some((before_out, before_code)) = &capture.answer else {
            let stderr = match after.stderr.lines().find(|l| !l.trim().is_empty()) {
                Some(line) => format!("; stderr: {line}"),
                None => String::new(),
            };
            println!(
                "line {}{event}: answered {} (exit {}){stderr}",
                capture.line,
                shown(&after.stdout),
                after.code
            );
            continue;
        };
        compared += 1;
        // Blanks at the end do not count: both editors trim stdout before reading it.
        if (after.stdout.trim_end(), after.code) != (before_out.trim_end(), *before_code) {
            changed += 1;
            println!(
                "line {}{event}: answered {} (exit {before_code}), now {} (exit {})",
                capture.line,
                shown(before_out),
                shown(&after.stdout),
                after.code
            );
        }
    }
    if compared > 0 {
        println!("{changed} of {compared} captured answers changed");
    }
    let bare = captured.len() - compared;
    if bare > 0 {
        println!("{bare} payload(s) without a captured answer: their answers are listed above");
    }
    if captured.is_empty() {
        println!("note: {} holds no payloads", captures.display());
    }
    Ok(changed > 0)
}

/// What the hook wrote and its exit code (-1 when a signal ended it).
struct Answer {
    stdout: String,
    stderr: String,
    code: i32,
}

/// Runs the hook once on `payload`, as Cursor would: the payload on stdin, then EOF. A hook
/// still running (or holding its output open) at `timeout` is killed, with its children, and is
/// an error: a replay never hangs.
fn answer(
    program: &str,
    args: &[String],
    payload: &[u8],
    timeout: Duration,
) -> Result<Answer, String> {
    let mut process = Command::new(program);
    process
        .args(args)
        .env(REPLAY_VARIABLE, "1")
        .env_remove(CAPTURE_VARIABLE);
    let output = child::run(process, payload, timeout)
        .map_err(|e| format!("cannot start {program}: {e}"))?;
    if output.timed_out {
        return Err(format!(
            "{program} did not end within {} s (--timeout)",
            timeout.as_secs_f64()
        ));
    }
    Ok(Answer {
        stdout: output.stdout.text,
        stderr: output.stderr.text,
        code: output.code.unwrap_or(-1),
    })
}

fn shown(stdout: &str) -> String {
    let trimmed = stdout.trim_end();
    if trimmed.is_empty() {
        "nothing".to_owned()
    } else {
        trimmed.to_owned()
    }
}
