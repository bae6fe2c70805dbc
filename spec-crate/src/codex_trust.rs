//! OpenAI Codex CLI's hook trust: the `[hooks.state."<key>"]` name and the `trusted_hash` value
//! Codex compares before it runs a hook (`spec/codex/host.json`, `trust`).
//!
//! Codex runs a hook from `~/.codex/hooks.json` (or a trusted project's `.codex/hooks.json`, or a
//! plugin) only when the user's `~/.codex/config.toml` holds
//!
//! ```toml
//! [hooks.state."/home/u/.codex/hooks.json:pre_tool_use:0:0"]
//! trusted_hash = "sha256:…"
//! ```
//!
//! with the hash of the hook as it is configured now; an untrusted or changed hook is skipped
//! without a word. This module computes both strings as codex-rs does (`command_hook_hash` in
//! `codex-rs/hooks/src/engine/discovery.rs`, `version_for_toml` in
//! `codex-rs/config/src/fingerprint.rs`): the SHA-256 of the canonical JSON (keys sorted, no
//! whitespace) of the normalized hook, `{event_name, matcher, hooks: [{type: "command", command,
//! timeout, async, statusMessage}]}`, where an absent matcher or status message is left out, the
//! timeout defaults to 600 s (SessionEnd and Interrupt: 1 s, at most 3 s) and the matcher is
//! dropped on the events that have none. `tests/tests/codex_live.rs` holds it against the pinned
//! binary (a hook seeded with it runs, one with another hash does not).
//!
//! ```
//! use cursor_hooks_spec::codex_trust::{hook_key, trusted_hash, CommandHook};
//!
//! let hook = CommandHook::new("PreToolUse", "/usr/local/bin/guard").matcher("Bash");
//! assert_eq!(
//!     trusted_hash(&hook).unwrap(),
//!     "sha256:9cd17a3458130fa75b64510bb3f5ad40f55b8e7e2e82d23c34362ae78b4d68a4"
//! );
//! assert_eq!(
//!     hook_key("/home/u/.codex/hooks.json", "PreToolUse", 0, 0).unwrap(),
//!     "/home/u/.codex/hooks.json:pre_tool_use:0:0",
//! );
//! ```

/// One command hook as configured in a hooks file: the event it is listed under, its group's
/// matcher and the handler's keys.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandHook<'a> {
    /// The event's PascalCase name, the hooks file's key (`PreToolUse`).
    pub event: &'a str,
    /// The group's `matcher`, as written (`None` when the group has none).
    pub matcher: Option<&'a str>,
    /// The handler's `command` (on Windows Codex hashes `commandWindows`' value in its place).
    pub command: &'a str,
    /// The handler's `timeout` in seconds, `None` when absent.
    pub timeout: Option<u64>,
    /// The handler's `async`.
    pub r#async: bool,
    /// The handler's `statusMessage`.
    pub status_message: Option<&'a str>,
}

impl<'a> CommandHook<'a> {
    /// A handler with only a `command`, in a group without a matcher.
    ///
    /// ```
    /// use cursor_hooks_spec::codex_trust::CommandHook;
    ///
    /// let hook = CommandHook::new("Stop", "verify").timeout(30);
    /// assert_eq!((hook.event, hook.command, hook.timeout), ("Stop", "verify", Some(30)));
    /// ```
    pub const fn new(event: &'a str, command: &'a str) -> Self {
        CommandHook {
            event,
            matcher: None,
            command,
            timeout: None,
            r#async: false,
            status_message: None,
        }
    }

    /// With the group's matcher.
    ///
    /// ```
    /// use cursor_hooks_spec::codex_trust::CommandHook;
    ///
    /// assert_eq!(CommandHook::new("PreToolUse", "g").matcher("Bash").matcher, Some("Bash"));
    /// ```
    #[must_use]
    pub const fn matcher(mut self, matcher: &'a str) -> Self {
        self.matcher = Some(matcher);
        self
    }

    /// With a `timeout` in seconds.
    ///
    /// ```
    /// use cursor_hooks_spec::codex_trust::CommandHook;
    ///
    /// assert_eq!(CommandHook::new("PreToolUse", "g").timeout(5).timeout, Some(5));
    /// ```
    #[must_use]
    pub const fn timeout(mut self, seconds: u64) -> Self {
        self.timeout = Some(seconds);
        self
    }
}

/// The snake_case label Codex uses for an event in trust keys and hashes (`PreToolUse` →
/// `pre_tool_use`), or `None` for a name Codex 0.171.0 does not know.
///
/// ```
/// use cursor_hooks_spec::codex_trust::event_label;
///
/// assert_eq!(event_label("UserPromptSubmit"), Some("user_prompt_submit"));
/// assert_eq!(event_label("Notification"), None);
/// ```
pub fn event_label(event: &str) -> Option<&'static str> {
    Some(match event {
        "PreToolUse" => "pre_tool_use",
        "PermissionRequest" => "permission_request",
        "PostToolUse" => "post_tool_use",
        "PreCompact" => "pre_compact",
        "PostCompact" => "post_compact",
        "SessionStart" => "session_start",
        "SessionEnd" => "session_end",
        "UserPromptSubmit" => "user_prompt_submit",
        "SubagentStart" => "subagent_start",
        "SubagentStop" => "subagent_stop",
        "Stop" => "stop",
        "Interrupt" => "interrupt",
        _ => return None,
    })
}

/// The `[hooks.state."<key>"]` name of the `handler`-th handler of the `group`-th matcher group
/// of `event` in the hooks file `source` (its absolute path as Codex displays it, e.g.
/// `/home/u/.codex/hooks.json`), both indexes from 0; `None` for an unknown event.
///
/// ```
/// use cursor_hooks_spec::codex_trust::hook_key;
///
/// assert_eq!(
///     hook_key("/home/u/.codex/hooks.json", "Stop", 1, 2).unwrap(),
///     "/home/u/.codex/hooks.json:stop:1:2"
/// );
/// ```
pub fn hook_key(source: &str, event: &str, group: usize, handler: usize) -> Option<String> {
    Some(format!(
        "{source}:{}:{group}:{handler}",
        event_label(event)?
    ))
}

/// The `trusted_hash` Codex expects for `hook` (`sha256:` and 64 lowercase hex digits), or
/// `None` for an unknown event.
///
/// ```
/// use cursor_hooks_spec::codex_trust::{trusted_hash, CommandHook};
///
/// // Stop has no matcher: Codex drops it before hashing.
/// let plain = trusted_hash(&CommandHook::new("Stop", "verify")).unwrap();
/// assert_eq!(plain, trusted_hash(&CommandHook::new("Stop", "verify").matcher("x")).unwrap());
/// assert!(plain.starts_with("sha256:") && plain.len() == 71);
/// // A changed command is another hash: Codex reports the hook as modified and skips it.
/// assert_ne!(plain, trusted_hash(&CommandHook::new("Stop", "verify --all")).unwrap());
/// ```
pub fn trusted_hash(hook: &CommandHook<'_>) -> Option<String> {
    Some(format!(
        "sha256:{}",
        hex(&sha256(canonical_identity(hook)?.as_bytes()))
    ))
}

/// The canonical JSON Codex hashes for `hook`: keys sorted at every level, no whitespace.
///
/// ```
/// use cursor_hooks_spec::codex_trust::{canonical_identity, CommandHook};
///
/// assert_eq!(
///     canonical_identity(&CommandHook::new("PreToolUse", "g").matcher("Bash")).unwrap(),
///     r#"{"event_name":"pre_tool_use","hooks":[{"async":false,"command":"g","timeout":600,"type":"command"}],"matcher":"Bash"}"#
/// );
/// ```
pub fn canonical_identity(hook: &CommandHook<'_>) -> Option<String> {
    let label = event_label(hook.event)?;
    // discovery.rs normalizes before hashing: SessionEnd and Interrupt default to 1 s and clamp
    // to 3 s (a hook must not hold up the exit), every other event defaults to 600 s, at least 1
    // (the event table's `timeout_ms` and `timeout_max_seconds`).
    let info = crate::codex::info(hook.event);
    let default = info
        .and_then(|info| info.timeout_ms)
        .map_or(u64::from(crate::codex::COMMAND_TIMEOUT_SECONDS), |ms| {
            u64::from(ms).div_ceil(1000)
        });
    let max = info
        .and_then(|info| info.timeout_max_seconds)
        .map_or(u64::MAX, u64::from);
    let timeout = hook.timeout.unwrap_or(default).clamp(1, max.max(1));
    // Events without a subject drop the matcher, so it never reaches the hash.
    let matcher = match label {
        "user_prompt_submit" | "stop" | "interrupt" => None,
        _ => hook.matcher,
    };
    // Sorted keys: the handler's `async` < `command` < `statusMessage` < `timeout` < `type`,
    // the identity's `event_name` < `hooks` < `matcher`. Absent optional keys are left out (the
    // identity passes through TOML, which has no null).
    let mut out = String::from("{\"event_name\":");
    json_string(&mut out, label);
    out.push_str(",\"hooks\":[{\"async\":");
    out.push_str(if hook.r#async { "true" } else { "false" });
    out.push_str(",\"command\":");
    json_string(&mut out, hook.command);
    if let Some(message) = hook.status_message {
        out.push_str(",\"statusMessage\":");
        json_string(&mut out, message);
    }
    out.push_str(&format!(",\"timeout\":{timeout},\"type\":\"command\"}}]"));
    if let Some(matcher) = matcher {
        out.push_str(",\"matcher\":");
        json_string(&mut out, matcher);
    }
    out.push('}');
    Some(out)
}

/// `value` as a JSON string the way serde_json writes it (what Codex hashes): `"` and `\`
/// escaped, the short escapes for backspace, form feed, newline, carriage return and tab,
/// `\u00XX` for other control characters, everything else (non-ASCII too) as is.
fn json_string(out: &mut String, value: &str) {
    out.push('"');
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// SHA-256 (FIPS 180-4). In-house, as the crate has no dependencies; the known-answer tests
/// below hold it.
fn sha256(data: &[u8]) -> [u8; 32] {
    const K: [u32; 64] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
        0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
        0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
        0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
        0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
        0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
        0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
        0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
        0xc67178f2,
    ];
    let mut state: [u32; 8] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
        0x5be0cd19,
    ];
    // The message, a 1 bit, zeros to 56 mod 64 bytes, then its length in bits (big-endian).
    let mut message = data.to_vec();
    message.push(0x80);
    while message.len() % 64 != 56 {
        message.push(0);
    }
    message.extend_from_slice(&((data.len() as u64).wrapping_mul(8)).to_be_bytes());
    for block in message.chunks_exact(64) {
        let mut w = [0u32; 64];
        for (i, word) in block.chunks_exact(4).enumerate() {
            w[i] = u32::from_be_bytes([word[0], word[1], word[2], word[3]]);
        }
        for i in 16..64 {
            let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
            let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16]
                .wrapping_add(s0)
                .wrapping_add(w[i - 7])
                .wrapping_add(s1);
        }
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = state;
        for i in 0..64 {
            let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
            let choice = (e & f) ^ (!e & g);
            let t1 = h
                .wrapping_add(s1)
                .wrapping_add(choice)
                .wrapping_add(K[i])
                .wrapping_add(w[i]);
            let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
            let majority = (a & b) ^ (a & c) ^ (b & c);
            let t2 = s0.wrapping_add(majority);
            h = g;
            g = f;
            f = e;
            e = d.wrapping_add(t1);
            d = c;
            c = b;
            b = a;
            a = t1.wrapping_add(t2);
        }
        for (slot, value) in state.iter_mut().zip([a, b, c, d, e, f, g, h]) {
            *slot = slot.wrapping_add(value);
        }
    }
    let mut digest = [0u8; 32];
    for (out, word) in digest.chunks_exact_mut(4).zip(state) {
        out.copy_from_slice(&word.to_be_bytes());
    }
    digest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_known_answers() {
        // FIPS 180-4 examples, and lengths around the 55/56/64-byte padding edges.
        assert_eq!(
            hex(&sha256(b"")),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(
            hex(&sha256(b"abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(
            hex(&sha256(
                b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
            )),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        );
        assert_eq!(
            hex(&sha256(&[b'a'; 64])),
            "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"
        );
        assert_eq!(
            hex(&sha256(&[b'a'; 1000])),
            "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"
        );
    }

    #[test]
    fn hashes_the_pinned_binary_accepted() {
        // Seeded into a Codex 0.171.0 config, this hash made the hook run (the live suite
        // shows the same through this function).
        let command = "touch /tmp/t1/home/ran-ups";
        assert_eq!(
            trusted_hash(&CommandHook::new("UserPromptSubmit", command)).unwrap(),
            "sha256:121945721da6c9d957d47613f4e2157175eac7ee7931772e68b5572ee1bb8eab"
        );
    }

    #[test]
    fn normalizes_timeouts_like_codex() {
        let identity = |hook: CommandHook<'_>| canonical_identity(&hook).unwrap();
        assert!(identity(CommandHook::new("SessionEnd", "x")).contains("\"timeout\":1,"));
        assert!(
            identity(CommandHook::new("SessionEnd", "x").timeout(30)).contains("\"timeout\":3,")
        );
        assert!(identity(CommandHook::new("Interrupt", "x").timeout(0)).contains("\"timeout\":1,"));
        assert!(identity(CommandHook::new("Stop", "x").timeout(0)).contains("\"timeout\":1,"));
        assert!(identity(CommandHook::new("Stop", "x")).contains("\"timeout\":600,"));
    }

    #[test]
    fn escapes_strings_like_serde_json() {
        let mut out = String::new();
        json_string(&mut out, "a\"b\\c\n\t\u{1}é/");
        assert_eq!(out, "\"a\\\"b\\\\c\\n\\t\\u0001é/\"");
    }

    #[test]
    fn keeps_status_message_and_async() {
        let mut hook = CommandHook::new("PreToolUse", "g")
            .matcher("Bash")
            .timeout(30);
        hook.r#async = true;
        hook.status_message = Some("checking");
        assert_eq!(
            canonical_identity(&hook).unwrap(),
            r#"{"event_name":"pre_tool_use","hooks":[{"async":true,"command":"g","statusMessage":"checking","timeout":30,"type":"command"}],"matcher":"Bash"}"#
        );
    }
}
