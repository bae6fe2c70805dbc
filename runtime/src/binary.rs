//! The hook process: the generated `fn main` calls [`main`], which reads the arguments and
//! stdin, answers through [`respond`], records a capture, writes stdout and stderr, and exits.

use crate::capture;
use crate::process::{self, ProtocolOut};
use crate::respond::{
    arm_read_deadline, binary_policy, failure, respond, respond_to_wired, Entry, Settings,
};
use crate::subcommands::{command_line, ClaudeSubcommands, Decision, Identity};
use std::io::{IsTerminal, Write};
use std::time::Duration;

/// The generated `fn main`: reads stdin, answers, writes stdout and stderr, exits.
/// `claude` is the `--claude` subcommands, given by `main!` only to a binary with a Claude Code
/// handler. `identity` is the hook crate's name and version, for the usage and `--version`.
pub fn main(entries: &[Entry], claude: Option<ClaudeSubcommands>, identity: Identity) -> ! {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let terminal = std::io::stdin().is_terminal();
    let wiring = match command_line(entries, claude, &identity, &args, terminal) {
        Decision::Exit(code) => std::process::exit(code),
        Decision::Hook(wiring) => wiring,
    };
    // A wired command answers for its one handler from the start: the stdin deadline and the
    // failure policy are that handler's, not the binary's.
    let wired = wiring.as_ref().map(|wiring| wiring.entries(entries));
    let answering = match &wired {
        Some(Ok(wired)) => wired.as_slice(),
        _ => entries,
    };
    let (settings, ignored) = Settings::read_env();
    if let Some(note) = ignored {
        // Written at once: a deadline's answer would not carry it.
        let line = format!("{}{note}\n", crate::render::NOTE_PREFIX);
        let _ = std::io::stderr().write_all(line.as_bytes());
    }
    // Before anything can print: from here on, stdout writes land on stderr.
    let out = ProtocolOut::take();
    // Deadlines count from the start, reading included: a writer that keeps stdin open before
    // the payload is complete, or trickles it, still gets the policy's answer in time.
    let read_deadline = arm_read_deadline(answering, &settings);
    let payload = read_payload(settings.max_payload_bytes);
    drop(read_deadline);
    let rendered = match &payload {
        Ok(payload) => match &wired {
            Some(wired) => respond_to_wired(entries, wired, &payload.bytes, &settings),
            None => respond(entries, &payload.bytes, &settings),
        },
        Err(error) => {
            let only = match answering {
                [only] => Some(only),
                _ => None,
            };
            let problem = format!("could not read stdin: {error}");
            failure(only, binary_policy(answering), &problem, None)
        }
    };
    let mut notes = String::new();
    if let Some(ignored) = payload.as_ref().ok().and_then(Payload::ignored_note) {
        notes.push_str(&format!("{}{ignored}\n", crate::render::NOTE_PREFIX));
    }
    notes.push_str(&rendered.stderr_text());
    if let Some(path) = std::env::var_os(capture::CAPTURE_VARIABLE).filter(|p| !p.is_empty()) {
        let payload = payload.as_ref().map_or(&[][..], |payload| &payload.bytes);
        if let Some(note) = capture::record(std::path::Path::new(&path), payload, &rendered) {
            notes.push_str(&format!("{}{note}\n", crate::render::NOTE_PREFIX));
        }
    }
    // A closed stderr must not turn into a panic: the answer on stdout is what matters.
    let _ = std::io::stderr().write_all(notes.as_bytes());
    out.write(rendered.stdout.as_bytes());
    std::process::exit(rendered.exit_code)
}

/// What was read from stdin.
struct Payload {
    /// The first JSON value (up to one byte past the cap when it is larger), or everything
    /// until the end of input when no value ends.
    bytes: Vec<u8>,
    /// How many bytes came after the value in the same reads, not counting whitespace.
    ignored: usize,
}

impl Payload {
    fn ignored_note(&self) -> Option<String> {
        (self.ignored > 0).then(|| {
            format!(
                "ignored {} bytes on stdin after the JSON object",
                self.ignored
            )
        })
    }
}

/// How long the writer may pause, after bytes that cannot end a payload, before what was read
/// is scanned anyway (a trickled payload, or data after the payload).
const PAUSE: Duration = Duration::from_millis(10);

/// How long a writer may take to close stdin after a large payload before it is scanned.
const CLOSING: Duration = Duration::from_millis(2);

/// Unscanned bytes past which the scan (a few instructions a byte, about a millisecond a
/// megabyte) is worth waiting `CLOSING` for the end of input instead.
const LARGE: usize = 64 << 10;

/// Reads stdin until the first JSON value ends or the input does, whichever comes first:
/// Cursor's writer may keep the pipe open after the payload. Up to one byte past the cap is
/// kept (enough to tell it is over); the rest of an oversized payload is read and dropped
/// until the value or the input ends, so Cursor's write does not fail.
///
/// Scanning for the end costs a few instructions a byte, so it runs only when the writer has
/// paused with the pipe open: when the bytes so far end as a payload does (`}` or `]`, then
/// blanks), at once, or after `CLOSING` when more than `LARGE` bytes wait for it; else after
/// `PAUSE`. A writer that closes stdin, or is still writing, does not wait for it.
fn read_payload(max_payload_bytes: usize) -> std::io::Result<Payload> {
    let keep = max_payload_bytes.saturating_add(1);
    let mut bytes = Vec::with_capacity(keep.min(64 << 10));
    let mut end = ValueEnd::default();
    // `bytes[..scanned]` went through `end`.
    let mut scanned = 0;
    while bytes.len() < keep {
        if bytes.len() == bytes.capacity() {
            bytes.reserve(bytes.len().min(keep - bytes.len()));
        }
        let room = keep - bytes.len();
        match process::read_stdin(&mut bytes, room) {
            Ok(0) => return Ok(Payload::at_end_of_input(bytes, end, scanned)),
            Ok(_) => {}
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        }
        let pause = match ends_like_a_value(&bytes) {
            // A writer that closes stdin right after the payload needs a moment to do so, and
            // scanning a large payload takes longer than that moment.
            true if bytes.len() - scanned > LARGE => CLOSING,
            true => Duration::ZERO,
            false => PAUSE,
        };
        // One byte cannot tell the encoding, nor be a whole object.
        if bytes.len() < 2 || !process::stdin_idle(pause) {
            continue;
        }
        if scanned == 0 {
            end.encoding = Encoding::of(&bytes);
        }
        if let Some(at) = end.feed(&bytes[scanned..]) {
            return Ok(Payload::ending_at(bytes, scanned + at));
        }
        scanned = bytes.len();
    }
    // Over the cap: the answer is the failure policy's, whatever follows.
    if scanned == 0 {
        end.encoding = Encoding::of(&bytes);
    }
    match end.feed(&bytes[scanned..]) {
        // The value fits; what followed it went over.
        Some(at) if scanned + at <= max_payload_bytes => {
            return Ok(Payload::ending_at(bytes, scanned + at))
        }
        Some(_) => {}
        None => drain_value(&mut end)?,
    }
    Ok(Payload { bytes, ignored: 0 })
}

/// Whether the bytes end as a JSON object or array does, blanks aside (NUL too: the high
/// bytes of UTF-16).
fn ends_like_a_value(bytes: &[u8]) -> bool {
    let last = bytes
        .iter()
        .rev()
        .find(|b| !b.is_ascii_whitespace() && **b != 0);
    matches!(last, Some(b'}' | b']'))
}

/// Reads and drops input until the value `end` follows ends, or the input does.
fn drain_value(end: &mut ValueEnd) -> std::io::Result<()> {
    let mut chunk = Vec::with_capacity(64 << 10);
    loop {
        chunk.clear();
        match process::read_stdin(&mut chunk, 64 << 10) {
            Ok(0) => return Ok(()),
            Ok(_) => {}
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        }
        if end.feed(&chunk).is_some() {
            return Ok(());
        }
    }
}

impl Payload {
    /// The whole input, unless something other than blanks follows its value. Input that ends
    /// as a value does (`}` or `]`) is taken whole without a scan; the parse rejects the rare
    /// one that holds more than one value.
    fn at_end_of_input(bytes: Vec<u8>, mut end: ValueEnd, scanned: usize) -> Payload {
        if ends_like_a_value(&bytes) || bytes.is_empty() {
            return Payload { bytes, ignored: 0 };
        }
        if scanned == 0 {
            end.encoding = Encoding::of(&bytes);
        }
        match end.feed(&bytes[scanned..]) {
            Some(at) => Payload::ending_at(bytes, scanned + at),
            None => Payload { bytes, ignored: 0 },
        }
    }

    /// The payload whose value ends at `at`: blanks after it stay, as received (a newline);
    /// anything else is dropped and counted.
    fn ending_at(mut bytes: Vec<u8>, at: usize) -> Payload {
        let rest = &bytes[at..];
        if rest.iter().all(u8::is_ascii_whitespace) {
            return Payload { bytes, ignored: 0 };
        }
        let ignored = rest
            .iter()
            .filter(|b| !b.is_ascii_whitespace() && **b != 0)
            .count();
        bytes.truncate(at);
        Payload { bytes, ignored }
    }
}

/// How the payload's characters are written: UTF-8 (with or without a byte-order mark), or
/// UTF-16 with its mark, as Windows wrappers may send it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
enum Encoding {
    #[default]
    Utf8,
    Utf16 {
        big_endian: bool,
    },
}

impl Encoding {
    fn of(start: &[u8]) -> Encoding {
        match start {
            [0xFF, 0xFE, ..] => Encoding::Utf16 { big_endian: false },
            [0xFE, 0xFF, ..] => Encoding::Utf16 { big_endian: true },
            _ => Encoding::Utf8,
        }
    }
}

/// Finds where the first JSON value of a payload ends, as its bytes arrive, without parsing
/// it (the handler's parse does that, and rejects what is not JSON): brackets are counted
/// outside strings, and inside a string only its closing quote is looked for, with std's
/// `memchr`, so even a payload of many megabytes costs little. A value that is not an object
/// or an array never ends here: it is read until the end of input, as any payload was before.
#[derive(Debug, Default)]
struct ValueEnd {
    encoding: Encoding,
    /// Open `{` and `[` outside strings.
    depth: usize,
    in_string: bool,
    /// Inside a string, the previous character was a backslash that escapes this one.
    escaped: bool,
    /// UTF-16: the first byte of a character whose second byte has not arrived.
    half: Option<u8>,
}

impl ValueEnd {
    /// Scans the next bytes of the payload; returns where the value ends in `bytes` (just past
    /// its last byte) when it does.
    fn feed(&mut self, bytes: &[u8]) -> Option<usize> {
        match self.encoding {
            Encoding::Utf8 => self.feed_utf8(bytes),
            Encoding::Utf16 { big_endian } => self.feed_utf16(bytes, big_endian),
        }
    }

    fn feed_utf8(&mut self, bytes: &[u8]) -> Option<usize> {
        let mut at = 0;
        while at < bytes.len() {
            if !self.in_string || self.escaped {
                let ends = self.step(u16::from(bytes[at]));
                at += 1;
                if ends {
                    return Some(at);
                }
                continue;
            }
            // A string, at a character no backslash escapes: to its closing quote, the first
            // quote after an even run of backslashes (UTF-8 puts no ASCII byte inside a
            // multi-byte character).
            let rest = &bytes[at..];
            match closing_quote(rest) {
                Some(quote) => {
                    self.in_string = false;
                    at += quote + 1;
                }
                None => {
                    self.escaped = !unescaped(rest, rest.len());
                    return None;
                }
            }
        }
        None
    }

    fn feed_utf16(&mut self, bytes: &[u8], big_endian: bool) -> Option<usize> {
        let mut at = 0;
        while at < bytes.len() {
            let byte = bytes[at];
            at += 1;
            let Some(first) = self.half.take() else {
                self.half = Some(byte);
                continue;
            };
            let pair = [first, byte];
            let unit = if big_endian {
                u16::from_be_bytes(pair)
            } else {
                u16::from_le_bytes(pair)
            };
            // Surrogates and other non-ASCII units never equal a bracket, quote or backslash.
            if self.step(unit) {
                return Some(at);
            }
        }
        None
    }

    /// One character; true when it ends the value.
    fn step(&mut self, c: u16) -> bool {
        const QUOTE: u16 = b'"' as u16;
        const BACKSLASH: u16 = b'\\' as u16;
        const OPENERS: [u16; 2] = [b'{' as u16, b'[' as u16];
        const CLOSERS: [u16; 2] = [b'}' as u16, b']' as u16];
        if self.in_string {
            match c {
                _ if self.escaped => self.escaped = false,
                BACKSLASH => self.escaped = true,
                QUOTE => self.in_string = false,
                _ => {}
            }
            return false;
        }
        if c == QUOTE {
            self.in_string = true;
        } else if OPENERS.contains(&c) {
            self.depth += 1;
        } else if CLOSERS.contains(&c) {
            // A closer with nothing open ends the read too: the parse rejects it.
            self.depth = self.depth.saturating_sub(1);
            return self.depth == 0;
        }
        false
    }
}

/// The position of the first quote in `string` that no backslash escapes, `string` starting
/// at a character no backslash escapes. Eight bytes at a time: a large payload is mostly
/// strings, and source code puts an escaped quote every few words, so neither a byte loop nor
/// std's `memchr` (a call per quote) is cheap enough.
fn closing_quote(string: &[u8]) -> Option<usize> {
    let mut words = string.chunks_exact(8);
    let mut at = 0;
    for word in &mut words {
        let mut eight = [0u8; 8];
        eight.copy_from_slice(word);
        let mut quotes = quote_bits(u64::from_le_bytes(eight));
        while quotes != 0 {
            let quote = at + quotes.trailing_zeros() as usize / 8;
            if unescaped(string, quote) {
                return Some(quote);
            }
            quotes &= quotes - 1;
        }
        at += 8;
    }
    let rest = words.remainder().iter().enumerate();
    rest.map(|(i, b)| (at + i, *b))
        .find(|(i, b)| *b == b'"' && unescaped(string, *i))
        .map(|(i, _)| i)
}

/// `0x80` in each byte of `word` that is a quote, `0` elsewhere (exactly: no carry crosses
/// bytes).
fn quote_bits(word: u64) -> u64 {
    const LOWS: u64 = u64::from_ne_bytes([0x7F; 8]);
    const QUOTES: u64 = u64::from_ne_bytes([b'"'; 8]);
    let zero_where_quote = word ^ QUOTES;
    !(((zero_where_quote & LOWS) + LOWS) | zero_where_quote | LOWS)
}

/// Whether the character at `at` in `string` follows an even run of backslashes.
fn unescaped(string: &[u8], at: usize) -> bool {
    let run = string[..at]
        .iter()
        .rev()
        .take_while(|b| **b == b'\\')
        .count();
    run % 2 == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where the value ends when `payload` arrives in chunks of `size` bytes.
    fn end_in_chunks(payload: &[u8], size: usize) -> Option<usize> {
        let mut end = ValueEnd {
            encoding: Encoding::of(payload),
            ..ValueEnd::default()
        };
        let mut offset = 0;
        for chunk in payload.chunks(size) {
            if let Some(at) = end.feed(chunk) {
                return Some(offset + at);
            }
            offset += chunk.len();
        }
        None
    }

    fn utf16(text: &str, big_endian: bool) -> Vec<u8> {
        std::iter::once(0xFEFF)
            .chain(text.encode_utf16())
            .flat_map(|unit: u16| {
                if big_endian {
                    unit.to_be_bytes()
                } else {
                    unit.to_le_bytes()
                }
            })
            .collect()
    }

    #[test]
    fn finds_the_end_of_the_first_value_in_any_chunking() {
        let cases: [(&str, Option<&str>); 13] = [
            (r#"{"a":1}"#, Some(r#"{"a":1}"#)),
            (r#"  {"a":1}  x"#, Some(r#"  {"a":1}"#)),
            (r#"{"a":"}"} {}"#, Some(r#"{"a":"}"}"#)),
            (r#"{"a":"\"}"}{"#, Some(r#"{"a":"\"}"}"#)),
            (r#"{"a":"\\"}x"#, Some(r#"{"a":"\\"}"#)),
            (r#"{"a":"\\\"}\\"}x"#, Some(r#"{"a":"\\\"}\\"}"#)),
            (
                r#"{"a":[1,{"b":[]}],"c":"[{"}]"#,
                Some(r#"{"a":[1,{"b":[]}],"c":"[{"}"#),
            ),
            (r#"[1,2]3"#, Some("[1,2]")),
            ("\u{feff}{\"é\":\"ü}\"}x", Some("\u{feff}{\"é\":\"ü}\"}")),
            (r#"{"a":"#, None),
            (r#"{"a":"}"#, None),
            (r#""just a string" {}"#, Some(r#""just a string" {}"#)),
            ("rm -rf /", None),
        ];
        for (payload, expected) in cases {
            for size in [1, 2, 3, 7, 64] {
                assert_eq!(
                    end_in_chunks(payload.as_bytes(), size),
                    expected.map(str::len),
                    "{payload:?} in chunks of {size}"
                );
            }
        }
    }

    #[test]
    fn finds_the_end_in_utf16() {
        for big_endian in [false, true] {
            let object = "{\"a\":\"\\\"}\u{7b22}\u{1F600}\"}";
            let payload = utf16(&format!("{object}\n{{"), big_endian);
            for size in [1, 2, 3, 5, 64] {
                assert_eq!(
                    end_in_chunks(&payload, size),
                    Some(utf16(object, big_endian).len()),
                    "big endian: {big_endian}, chunks of {size}"
                );
            }
        }
    }

    #[test]
    fn finds_the_closing_quote() {
        assert_eq!(closing_quote(b""), None);
        assert_eq!(closing_quote(b"abc"), None);
        assert_eq!(closing_quote(b"\""), Some(0));
        assert_eq!(closing_quote(br#"ab\"c""#), Some(5));
        assert_eq!(closing_quote(br#"ab\\"c""#), Some(4));
        assert_eq!(closing_quote(br#"\\\"\""#), None);
        assert_eq!(closing_quote(br#"\\\\"x"#), Some(4));
        for at in 0..40 {
            for escaped in [false, true] {
                let mut bytes = vec![b'x'; 44];
                bytes[at + 2] = b'"';
                if escaped {
                    bytes[at + 1] = b'\\';
                }
                bytes[43] = b'"';
                let expected = if escaped { 43 } else { at + 2 };
                assert_eq!(closing_quote(&bytes), Some(expected), "at {at}, {escaped}");
            }
        }
        // High bytes and neighbours of the quote's value are not quotes.
        assert_eq!(
            closing_quote(&[0x21, 0x23, 0xA2, 0x22 ^ 0x80, 0x02, 0x22]),
            Some(5)
        );
    }
}
