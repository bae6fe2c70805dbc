//! A Claude Code hook that only records and answers as told, for the live tests
//! (`tests/tests/claude_live.rs`) and the recordings in `tests/corpus/claude-code-*/`.
//!
//! `claude-recorder LOG [--stdout TEXT] [--stderr TEXT] [--exit CODE] [--sleep SECONDS]`
//! appends the payload it reads on stdin to LOG as one line, sleeps SECONDS (0 unless given),
//! then writes TEXT to stdout and stderr and exits with CODE (0 unless given). The sleep stands
//! for a hook that outlives Claude Code's `timeout`.

use std::io::{Read, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(log) = args.next() else {
        eprintln!(
            "usage: claude-recorder LOG [--stdout TEXT] [--stderr TEXT] [--exit CODE] [--sleep SECONDS]"
        );
        return ExitCode::from(64);
    };
    let (mut stdout, mut stderr, mut code) = (String::new(), String::new(), 0u8);
    let mut sleep = 0u64;
    while let Some(flag) = args.next() {
        let value = args.next().unwrap_or_default();
        match flag.as_str() {
            "--stdout" => stdout = value,
            "--stderr" => stderr = value,
            "--exit" => code = value.parse().unwrap_or(1),
            "--sleep" => sleep = value.parse().unwrap_or(0),
            other => {
                eprintln!("claude-recorder: unknown argument {other}");
                return ExitCode::from(64);
            }
        }
    }
    let mut payload = String::new();
    if let Err(error) = std::io::stdin().read_to_string(&mut payload) {
        eprintln!("claude-recorder: cannot read stdin: {error}");
        return ExitCode::from(1);
    }
    // One payload a line; several hooks of one event run in parallel, so one write each.
    let mut line = payload.trim().replace('\n', " ");
    line.push('\n');
    let appended = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&log)
        .and_then(|mut file| file.write_all(line.as_bytes()));
    if let Err(error) = appended {
        eprintln!("claude-recorder: cannot append to {log}: {error}");
        return ExitCode::from(1);
    }
    std::thread::sleep(std::time::Duration::from_secs(sleep));
    print!("{stdout}");
    eprint!("{stderr}");
    ExitCode::from(code)
}
