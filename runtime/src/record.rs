//! The handler record every hook binary carries: what its `main!` lists (each handler's event,
//! name, timeout, matcher, failure policy and loop limit, what `print-config` prints), stored as
//! bytes in the file. Tools such as `cursor-hooks doctor` learn a binary's handlers by reading
//! the file, never by running it: a configuration from a cloned repository is data to inspect,
//! not code to run.
//!
//! `main!` builds the record at compile time (a `#[used]` static filled by `const fn`s from the
//! handler list), so it costs its own bytes and not one instruction at start-up. Its layout:
//!
//! - [`BINARY_MARKER`] (`cursor-hooks-binary-marker:v1`) and a NUL byte;
//! - the length of the JSON that follows, 4 bytes little-endian;
//! - that JSON: one object per handler,
//!   `[{"event":"preToolUse","handler":"guard","timeout":5,"matcher":"Shell","failClosed":true}]`,
//!   with `timeout`, `matcher`, `failClosed` (only when `true`) and `loop_limit` (a count, or
//!   `null` for no limit) present only when the handler sets them, named as in `hooks.json`,
//!   and `"host":"claude-code"` on a Claude Code handler (absent means Cursor).
//!
//! ```
//! use cursor_hooks::record::{self, Handler};
//!
//! let json = br#"[{"event":"stop","handler":"verify","timeout":5,"loop_limit":1}]"#;
//! let mut file = b"\x7fELF...".to_vec();
//! file.extend_from_slice(cursor_hooks::hooks_json::BINARY_MARKER.as_bytes());
//! file.push(0);
//! file.extend_from_slice(&(json.len() as u32).to_le_bytes());
//! file.extend_from_slice(json);
//!
//! let handlers = record::read(&file).unwrap().unwrap();
//! assert_eq!(handlers, [Handler {
//!     event: "stop".into(),
//!     handler: "verify".into(),
//!     timeout: Some(5),
//!     matcher: None,
//!     fail_closed: false,
//!     loop_limit: Some(Some(1)),
//!     host: cursor_hooks::Host::Cursor,
//! }]);
//! assert_eq!(record::read(b"#!/bin/sh\necho '{}'\n"), Ok(None));
//! ```

use crate::hook::{FailPolicy, LoopLimit};
use crate::hooks_json::{keys, BINARY_MARKER};
use crate::respond::Entry;
use crate::Host;
use serde_json::{Map, Value};

/// One handler as a binary's record lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Handler {
    /// The event's wire name (`beforeShellExecution`).
    pub event: String,
    /// The handler function's name.
    pub handler: String,
    /// `timeout` in seconds, when the handler sets one.
    pub timeout: Option<u32>,
    /// `matcher`, when the handler sets one.
    pub matcher: Option<String>,
    /// `fail = "closed"`: the entry that runs it needs `"failClosed": true`.
    pub fail_closed: bool,
    /// `loop_limit`: `Some(None)` is `null` (no limit).
    pub loop_limit: Option<Option<u32>>,
    /// The editor the handler serves (`"host":"claude-code"`; absent is Cursor).
    pub host: Host,
}

impl Handler {
    /// The Cursor event this handler runs as in Cursor: its own for a Cursor handler, the one
    /// Cursor's import maps a Claude Code event to (`spec/claude-code/host.json`,
    /// `cursor.event_map`), if any.
    fn cursor_event(&self) -> Option<&str> {
        match self.host {
            Host::Cursor => Some(&self.event),
            // The map alone: the event table would be linked into every hook binary.
            Host::ClaudeCode => cursor_hooks_spec::claude::EVENT_MAP
                .iter()
                .find(|(claude, _)| *claude == self.event)
                .map(|(_, cursor)| *cursor),
            // No other host runs Codex's or Copilot's own files.
            Host::Codex | Host::Copilot => None,
        }
    }

    /// The handlers of `all` (the binary's) that one command answers when it runs this one:
    /// this handler alone, or with the handler of the other editor that Cursor runs as the same
    /// event, Cursor's first ([`Wiring`](crate::__private::Wiring)). Both editors' files then
    /// hold one command string, and Cursor, which drops an imported copy of a command it
    /// already runs, runs the binary once per event.
    ///
    /// ```
    /// use cursor_hooks::record::Handler;
    /// use cursor_hooks::Host;
    ///
    /// let handler = |event: &str, host| Handler {
    ///     event: event.into(),
    ///     handler: "h".into(),
    ///     timeout: None,
    ///     matcher: None,
    ///     fail_closed: false,
    ///     loop_limit: None,
    ///     host,
    /// };
    /// let all = [
    ///     handler("beforeShellExecution", Host::Cursor),
    ///     handler("preToolUse", Host::Cursor),
    ///     handler("PreToolUse", Host::ClaudeCode),
    /// ];
    /// let events = |h: &Handler| h.answered_with(&all).iter().map(|h| h.event.clone()).collect::<Vec<_>>();
    /// assert_eq!(events(&all[0]), ["beforeShellExecution"]);
    /// assert_eq!(events(&all[1]), ["preToolUse", "PreToolUse"]);
    /// assert_eq!(events(&all[2]), ["preToolUse", "PreToolUse"]);
    /// ```
    pub fn answered_with<'a>(&'a self, all: &'a [Handler]) -> Vec<&'a Handler> {
        let shares = |other: &&Handler| {
            other.host != self.host
                && other.cursor_event().is_some()
                && other.cursor_event() == self.cursor_event()
        };
        match all.iter().find(shares) {
            Some(other) if self.host == Host::Cursor => vec![self, other],
            Some(other) => vec![other, self],
            None => vec![self],
        }
    }

    /// `command` wired to this handler (and its counterpart in `all`, see
    /// [`answered_with`](Self::answered_with)): `<command> --host cursor|claude-code --event
    /// <event>`, so no payload can reach another handler of the binary.
    fn wired(&self, command: &str, all: &[Handler]) -> String {
        let handlers: Vec<(Host, &str)> = self
            .answered_with(all)
            .into_iter()
            .map(|handler| (handler.host, handler.event.as_str()))
            .collect();
        format!("{command}{}", crate::respond::Wiring::arguments(&handlers))
    }

    /// The entry of Cursor's `hooks.json` (or of a plugin's Cursor-format hooks file) that runs
    /// `command` for this handler: the wired command and the handler's `timeout`, `matcher`,
    /// `failClosed` and `loop_limit`, under Cursor's key names; `all` are the binary's handlers
    /// (see [`answered_with`](Self::answered_with)). What the binary's `install` and
    /// `print-config` write, and what `cursor-hooks package` writes into a plugin.
    ///
    /// ```
    /// use cursor_hooks::record::Handler;
    ///
    /// let guard = Handler {
    ///     event: "beforeShellExecution".into(),
    ///     handler: "guard".into(),
    ///     timeout: Some(5),
    ///     matcher: None,
    ///     fail_closed: true,
    ///     loop_limit: None,
    ///     host: cursor_hooks::Host::Cursor,
    /// };
    /// assert_eq!(
    ///     serde_json::Value::Object(guard.cursor_entry("/abs/guard", &[])),
    ///     serde_json::json!({
    ///         "command": "/abs/guard --host cursor --event beforeShellExecution",
    ///         "timeout": 5,
    ///         "failClosed": true,
    ///     })
    /// );
    /// ```
    pub fn cursor_entry(&self, command: &str, all: &[Handler]) -> Map<String, Value> {
        let mut object = Map::new();
        object.insert(keys::COMMAND.into(), self.wired(command, all).into());
        if let Some(timeout) = self.timeout {
            object.insert(keys::TIMEOUT.into(), timeout.into());
        }
        if let Some(matcher) = &self.matcher {
            object.insert(keys::MATCHER.into(), matcher.clone().into());
        }
        if self.fail_closed {
            object.insert(keys::FAIL_CLOSED.into(), true.into());
        }
        match self.loop_limit {
            Some(Some(n)) => {
                object.insert(keys::LOOP_LIMIT.into(), n.into());
            }
            Some(None) => {
                object.insert(keys::LOOP_LIMIT.into(), Value::Null);
            }
            None => {}
        }
        object
    }

    /// The handler object of Claude Code's hooks (in `settings.json`, or a plugin's
    /// `hooks/hooks.json`, inside the matcher group of [`Handler::matcher`]) that runs `command`
    /// for this handler: `type`, the wired command, `timeout`, and `"onFailure": "block"` for a
    /// fail-closed handler on an event where a block has an effect
    /// (`spec/claude-code/host.json`): elsewhere it would promise a block Claude Code never
    /// makes; `all` are the binary's handlers (see [`answered_with`](Self::answered_with)). What
    /// `install --claude` writes, and `cursor-hooks package`.
    ///
    /// ```
    /// use cursor_hooks::record::Handler;
    ///
    /// let bash = Handler {
    ///     event: "PreToolUse".into(),
    ///     handler: "bash".into(),
    ///     timeout: Some(5),
    ///     matcher: Some("Bash".into()),
    ///     fail_closed: true,
    ///     loop_limit: None,
    ///     host: cursor_hooks::Host::ClaudeCode,
    /// };
    /// assert_eq!(
    ///     serde_json::Value::Object(bash.claude_handler("/abs/guard", &[])),
    ///     serde_json::json!({
    ///         "type": "command",
    ///         "command": "/abs/guard --host claude-code --event PreToolUse",
    ///         "timeout": 5,
    ///         "onFailure": "block",
    ///     })
    /// );
    /// ```
    pub fn claude_handler(&self, command: &str, all: &[Handler]) -> Map<String, Value> {
        let mut object = Map::new();
        object.insert(keys::TYPE.into(), "command".into());
        object.insert(keys::COMMAND.into(), self.wired(command, all).into());
        if let Some(timeout) = self.timeout {
            object.insert(keys::TIMEOUT.into(), timeout.into());
        }
        // Claude Code's `onFailure`; Codex has no such key (`spec/codex/host.json`,
        // `fail_closed`): its handler answers its own failures.
        if self.fail_closed
            && self.host == Host::ClaudeCode
            && crate::names::contains(&CLAUDE_BLOCKING, &self.event)
        {
            object.insert(CLAUDE_ON_FAILURE.into(), "block".into());
        }
        object
    }
}

impl Handler {
    /// The entry of GitHub Copilot CLI's hooks file (`.github/hooks/*.json`, the flat form of
    /// its docs) that runs `command` for this handler: `type`, the wired command under the
    /// platform's key (`bash`, or `powershell` on Windows: [`COPILOT_COMMAND_KEY`]),
    /// `timeoutSec` and `matcher`. No fail-closed key: Copilot has none, and the handler
    /// answers its own failures (`spec/copilot/host.json`, `fail_closed`). What `install
    /// --copilot` and `print-config --copilot` write.
    ///
    /// ```
    /// use cursor_hooks::record::Handler;
    ///
    /// let guard = Handler {
    ///     event: "preToolUse".into(),
    ///     handler: "guard".into(),
    ///     timeout: Some(5),
    ///     matcher: Some("bash".into()),
    ///     fail_closed: true,
    ///     loop_limit: None,
    ///     host: cursor_hooks::Host::Copilot,
    /// };
    /// # #[cfg(not(windows))]
    /// assert_eq!(
    ///     serde_json::Value::Object(guard.copilot_entry("/abs/guard", &[])),
    ///     serde_json::json!({
    ///         "type": "command",
    ///         "bash": "/abs/guard --host copilot --event preToolUse",
    ///         "timeoutSec": 5,
    ///         "matcher": "bash",
    ///     })
    /// );
    /// ```
    pub fn copilot_entry(&self, command: &str, all: &[Handler]) -> Map<String, Value> {
        let mut object = Map::new();
        object.insert(keys::TYPE.into(), "command".into());
        object.insert(COPILOT_COMMAND_KEY.into(), self.wired(command, all).into());
        if let Some(timeout) = self.timeout {
            object.insert(COPILOT_TIMEOUT.into(), timeout.into());
        }
        if let Some(matcher) = &self.matcher {
            object.insert(keys::MATCHER.into(), matcher.clone().into());
        }
        object
    }
}

/// The key of a Copilot hook entry that holds the command this platform runs.
pub const COPILOT_COMMAND_KEY: &str = if cfg!(windows) { "powershell" } else { "bash" };

/// The key of a Copilot hook entry's timeout, in seconds.
pub const COPILOT_TIMEOUT: &str = "timeoutSec";

impl From<&Entry> for Handler {
    /// What the binary's record lists for one of its handlers.
    fn from(entry: &Entry) -> Handler {
        let options = entry.options();
        Handler {
            event: entry.event().to_owned(),
            handler: options.handler.to_owned(),
            timeout: options.timeout,
            matcher: options.matcher.map(str::to_owned),
            fail_closed: options.fail == FailPolicy::Closed,
            loop_limit: options.loop_limit.map(|limit| match limit {
                LoopLimit::Limit(n) => Some(n),
                LoopLimit::Unlimited => None,
            }),
            host: entry.host(),
        }
    }
}

/// The Claude Code events whose `fail_closed` is set, packed at compile time: looking the event
/// up in the table at run time would link the whole table (every event's fields and matcher
/// values, ~500 relocations) into each hook binary.
const CLAUDE_BLOCKING: [u8; crate::names::packed_len(&CLAUDE_BLOCKING_NAMES)] =
    crate::names::pack(&CLAUDE_BLOCKING_NAMES);

const CLAUDE_BLOCKING_COUNT: usize = {
    let events = cursor_hooks_spec::claude::EVENTS;
    let (mut count, mut i) = (0, 0);
    while i < events.len() {
        count += events[i].fail_closed as usize;
        i += 1;
    }
    count
};

const CLAUDE_BLOCKING_NAMES: [&str; CLAUDE_BLOCKING_COUNT] = {
    let events = cursor_hooks_spec::claude::EVENTS;
    let mut names = [""; CLAUDE_BLOCKING_COUNT];
    let (mut at, mut i) = (0, 0);
    while i < events.len() {
        if events[i].fail_closed {
            names[at] = events[i].name;
            at += 1;
        }
        i += 1;
    }
    names
};

/// Claude Code's key for what a handler's failure does (`"block"`: Claude Code 2.1.295 and
/// later).
pub(crate) const CLAUDE_ON_FAILURE: &str = "onFailure";

/// The handlers recorded in a file's bytes: `Ok(None)` when the file carries no
/// [`BINARY_MARKER`] (not a cursor-hooks binary), an error when it carries the marker but no
/// record this version can read (a stray copy of the marker's text, a damaged file, or a
/// binary built by another version).
pub fn read(file: &[u8]) -> Result<Option<Vec<Handler>>, String> {
    let marker = BINARY_MARKER.as_bytes();
    let mut first_problem = None;
    let mut from = 0;
    while let Some(at) = find(&file[from..], marker) {
        let start = from + at;
        match record_at(&file[start + marker.len()..]) {
            Ok(handlers) => return Ok(Some(handlers)),
            Err(problem) => {
                first_problem.get_or_insert(problem);
            }
        }
        from = start + marker.len();
    }
    match first_problem {
        None => Ok(None),
        Some(problem) => Err(problem),
    }
}

/// Where `needle` first occurs; a scan for its first byte, as hook binaries are megabytes long.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    let mut from = 0;
    while let Some(skip) = haystack[from..].iter().position(|&b| b == needle[0]) {
        let at = from + skip;
        if haystack[at..].starts_with(needle) {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// The record after one copy of the marker.
fn record_at(rest: &[u8]) -> Result<Vec<Handler>, String> {
    let no_record =
        || "it carries the cursor-hooks marker but no handler record after it".to_owned();
    let [0, a, b, c, d, json @ ..] = rest else {
        return Err(no_record());
    };
    let len = u32::from_le_bytes([*a, *b, *c, *d]) as usize;
    let json = json.get(..len).ok_or_else(no_record)?;
    let value: Value = serde_json::from_slice(json)
        .map_err(|e| format!("its handler record is not valid JSON ({e})"))?;
    let list = value.as_array().ok_or("its handler record is not a list")?;
    list.iter().map(handler).collect()
}

fn handler(value: &Value) -> Result<Handler, String> {
    let text = |key: &str| value.get(key).and_then(Value::as_str).map(str::to_owned);
    let count = |v: &Value| v.as_u64().and_then(|n| u32::try_from(n).ok());
    let event = text("event").ok_or("a handler in its record has no `event`")?;
    Ok(Handler {
        handler: text("handler").unwrap_or_default(),
        timeout: value.get("timeout").and_then(count),
        matcher: text("matcher"),
        fail_closed: value.get("failClosed") == Some(&Value::Bool(true)),
        loop_limit: value.get("loop_limit").map(count),
        // The registry's key (`Host::key`); absent is Cursor.
        host: value
            .get("host")
            .and_then(Value::as_str)
            .and_then(Host::from_key)
            .unwrap_or(Host::Cursor),
        event,
    })
}

/// The record's size for these handlers (the static's array length). For `main!`'s expansion
/// (through `__private`), not a public API.
#[doc(hidden)]
pub const fn len(entries: &[Entry]) -> usize {
    let mut nowhere = [0u8; 0];
    let mut out = Out::new(&mut nowhere);
    write(entries, &mut out);
    out.at
}

/// The record for these handlers; `N` is [`len`] of them. For `main!`'s expansion (through
/// `__private`), not a public API.
#[doc(hidden)]
pub const fn bytes<const N: usize>(entries: &[Entry]) -> [u8; N] {
    let mut bytes = [0u8; N];
    let mut out = Out::new(&mut bytes);
    write(entries, &mut out);
    assert!(
        out.at == N,
        "the record's length is `record::len` of the same handlers"
    );
    bytes
}

const fn write(entries: &[Entry], out: &mut Out<'_>) {
    let mut nowhere = [0u8; 0];
    let mut counter = Out::new(&mut nowhere);
    write_json(entries, &mut counter);
    out.str(BINARY_MARKER);
    out.byte(0);
    out.raw(&(counter.at as u32).to_le_bytes());
    write_json(entries, out);
}

const fn write_json(entries: &[Entry], out: &mut Out<'_>) {
    out.byte(b'[');
    let mut i = 0;
    while i < entries.len() {
        let entry = &entries[i];
        let options = &entry.options;
        if i > 0 {
            out.byte(b',');
        }
        out.str("{\"event\":");
        out.json_str(entry.info.name);
        out.str(",\"handler\":");
        out.json_str(options.handler);
        if let Some(timeout) = options.timeout {
            out.str(",\"timeout\":");
            out.number(timeout);
        }
        if let Some(matcher) = options.matcher {
            out.str(",\"matcher\":");
            out.json_str(matcher);
        }
        if let FailPolicy::Closed = options.fail {
            out.str(",\"failClosed\":true");
        }
        match options.loop_limit {
            Some(LoopLimit::Limit(n)) => {
                out.str(",\"loop_limit\":");
                out.number(n);
            }
            Some(LoopLimit::Unlimited) => out.str(",\"loop_limit\":null"),
            None => {}
        }
        if !matches!(entry.info.host, Host::Cursor) {
            out.str(",\"host\":");
            out.json_str(entry.info.host.key());
        }
        out.byte(b'}');
        i += 1;
    }
    out.byte(b']');
}

/// Writes into `bytes` as far as they go and counts every byte, so one function both measures
/// the record (into no bytes) and fills it.
struct Out<'a> {
    bytes: &'a mut [u8],
    at: usize,
}

impl<'a> Out<'a> {
    const fn new(bytes: &'a mut [u8]) -> Self {
        Out { bytes, at: 0 }
    }

    const fn byte(&mut self, byte: u8) {
        if self.at < self.bytes.len() {
            self.bytes[self.at] = byte;
        }
        self.at += 1;
    }

    const fn raw(&mut self, bytes: &[u8]) {
        let mut i = 0;
        while i < bytes.len() {
            self.byte(bytes[i]);
            i += 1;
        }
    }

    const fn str(&mut self, text: &str) {
        self.raw(text.as_bytes());
    }

    /// A JSON string: quotes, backslashes and control characters escaped (a matcher is a
    /// regular expression, full of backslashes).
    const fn json_str(&mut self, text: &str) {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        let bytes = text.as_bytes();
        self.byte(b'"');
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            if b == b'"' || b == b'\\' {
                self.byte(b'\\');
                self.byte(b);
            } else if b < 0x20 {
                self.str("\\u00");
                self.byte(HEX[(b >> 4) as usize]);
                self.byte(HEX[(b & 0xf) as usize]);
            } else {
                self.byte(b);
            }
            i += 1;
        }
        self.byte(b'"');
    }

    const fn number(&mut self, n: u32) {
        let mut digits = [0u8; 10];
        let mut count = 0;
        let mut rest = n;
        loop {
            digits[count] = b'0' + (rest % 10) as u8;
            count += 1;
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
        while count > 0 {
            count -= 1;
            self.byte(digits[count]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hook::{HookOptions, Outcome};
    use crate::respond::Hook;

    struct Guard;
    impl Hook for Guard {
        type Event = crate::cursor::event::PreToolUse;
        const EVENT_NAME: &'static str = "preToolUse";
        const OPTIONS: HookOptions = HookOptions {
            handler: "guard",
            fail: FailPolicy::Closed,
            timeout: Some(15),
            matcher: Some("^Shell$|\"q\"\\.\t"),
            loop_limit: None,
            keep_ask: false,
        };
        const ENTRY: Entry = Entry::cursor::<Self>();
        fn call(_: Self::Event) -> Outcome<<Self::Event as crate::cursor::Event>::Response> {
            unreachable!()
        }
    }

    struct Verify;
    impl Hook for Verify {
        type Event = crate::cursor::event::Stop;
        const EVENT_NAME: &'static str = "stop";
        const OPTIONS: HookOptions = HookOptions {
            handler: "verify",
            fail: FailPolicy::Open,
            timeout: None,
            matcher: None,
            loop_limit: Some(LoopLimit::Unlimited),
            keep_ask: false,
        };
        const ENTRY: Entry = Entry::cursor::<Self>();
        fn call(_: Self::Event) -> Outcome<<Self::Event as crate::cursor::Event>::Response> {
            unreachable!()
        }
    }

    const ENTRIES: &[Entry] = &[Entry::cursor::<Guard>(), Entry::cursor::<Verify>()];
    static RECORD: [u8; len(ENTRIES)] = bytes(ENTRIES);

    #[test]
    fn what_is_written_at_compile_time_reads_back() {
        let mut file = b"\x7fELF\0cursor-hooks-binary-marker:v1 in a string".to_vec();
        file.extend_from_slice(&RECORD);
        file.extend_from_slice(b"\0more");
        let handlers = read(&file).expect("a record").expect("the marker");
        assert_eq!(
            handlers,
            [
                Handler {
                    event: "preToolUse".into(),
                    handler: "guard".into(),
                    timeout: Some(15),
                    matcher: Some("^Shell$|\"q\"\\.\t".into()),
                    fail_closed: true,
                    loop_limit: None,
                    host: Host::Cursor,
                },
                Handler {
                    event: "stop".into(),
                    handler: "verify".into(),
                    timeout: None,
                    matcher: None,
                    fail_closed: false,
                    loop_limit: Some(None),
                    host: Host::Cursor,
                },
            ]
        );
    }

    #[test]
    #[cfg(feature = "claude-code")]
    fn on_failure_is_written_only_where_claude_code_honours_it() {
        let handler = |event: &str| Handler {
            event: event.into(),
            handler: "h".into(),
            timeout: None,
            matcher: None,
            fail_closed: true,
            loop_limit: None,
            host: crate::Host::ClaudeCode,
        };
        let on_failure = |event: &str| {
            handler(event)
                .claude_handler("/h", &[])
                .get(CLAUDE_ON_FAILURE)
                .cloned()
        };
        assert_eq!(on_failure("PreToolUse"), Some("block".into()));
        // spec/claude-code/host.json `fail_closed`: ignored on Stop, no block on SessionStart.
        assert_eq!(on_failure("Stop"), None);
        assert_eq!(on_failure("SessionStart"), None);
    }

    #[test]
    fn numbers_are_written_in_decimal() {
        for n in [0, 7, 10, 4_294_967_295] {
            let mut buffer = [0u8; 10];
            let mut out = Out::new(&mut buffer);
            out.number(n);
            let at = out.at;
            assert_eq!(
                std::str::from_utf8(&buffer[..at]),
                Ok(n.to_string().as_str())
            );
        }
    }

    #[test]
    fn a_marker_without_a_record_is_an_error_and_no_marker_is_none() {
        assert_eq!(read(b"plain bytes"), Ok(None));
        let stray = read(b"# cursor-hooks-binary-marker:v1\necho hi");
        assert!(stray.is_err_and(|e| e.contains("no handler record")));
        let mut broken = b"cursor-hooks-binary-marker:v1\0".to_vec();
        broken.extend_from_slice(&3u32.to_le_bytes());
        broken.extend_from_slice(b"[{x");
        assert!(read(&broken).is_err_and(|e| e.contains("not valid JSON")));
    }
}
