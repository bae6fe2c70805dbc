//! The hook process: the generated `fn main` calls [`main`], which reads the arguments and
//! stdin, answers through [`respond`], records a capture, writes stdout and stderr, and exits.

use crate::capture;
use crate::cli::{command_line, Decision};
use crate::process::ProtocolOut;
use crate::respond::{binary_policy, failure, respond, Entry, Settings};
use std::io::{IsTerminal, Read, Write};

/// The generated `fn main`: reads stdin, answers, writes stdout and stderr, exits.
pub fn main(entries: &[Entry]) -> ! {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match command_line(entries, &args, std::io::stdin().is_terminal()) {
        Decision::Exit(code) => std::process::exit(code),
        Decision::Hook => {}
    }
    let settings = Settings::from_env();
    // Before anything can print: from here on, stdout writes land on stderr.
    let out = ProtocolOut::take();
    let payload = read_payload(settings.max_payload_bytes);
    let rendered = match &payload {
        Ok(payload) => respond(entries, payload, &settings),
        Err(error) => {
            let only = match entries {
                [only] => Some(only),
                _ => None,
            };
            let problem = format!("could not read stdin: {error}");
            failure(only, binary_policy(entries), &problem, None)
        }
    };
    let mut notes = rendered.stderr_text();
    if let Some(path) = std::env::var_os(capture::CAPTURE_VARIABLE).filter(|p| !p.is_empty()) {
        let payload = payload.as_deref().unwrap_or_default();
        if let Some(note) = capture::record(std::path::Path::new(&path), payload, &rendered) {
            notes.push_str(&format!("{}{note}\n", crate::render::NOTE_PREFIX));
        }
    }
    // A closed stderr must not turn into a panic: the answer on stdout is what matters.
    let _ = std::io::stderr().write_all(notes.as_bytes());
    out.write(rendered.stdout.as_bytes());
    std::process::exit(rendered.exit_code)
}

/// Reads stdin, up to one byte past the cap (enough to tell it is over); the rest of an
/// oversized payload is drained, not stored, so Cursor's write does not fail.
fn read_payload(max_payload_bytes: usize) -> std::io::Result<Vec<u8>> {
    let mut stdin = std::io::stdin().lock();
    let mut payload = Vec::with_capacity(64 << 10);
    (&mut stdin)
        .take(max_payload_bytes as u64 + 1)
        .read_to_end(&mut payload)?;
    if payload.len() > max_payload_bytes {
        std::io::copy(&mut stdin, &mut std::io::sink())?;
    }
    Ok(payload)
}
