//! Helpers for the generated payload parsers (`gen/*/events.rs`).
//!
//! A payload is read tolerantly, and in memory bounded by its size:
//! - an optional field of an unexpected type is read as absent and kept in `extra` (payload
//!   drift must not switch a guard off); a required one is an error, as before;
//! - unknown fields are kept as their JSON text ([`RawValue`]), never built into a `Value` tree
//!   (63 MiB of small numbers is a 1 GiB tree), and never fail on numbers a `Value` cannot hold;
//! - a key that appears twice at the top level is an error: Cursor writes payloads with
//!   `JSON.stringify`, which never repeats a key, so such a payload is malformed.

use crate::extra::Extra;
use serde::de::{self, Deserialize, DeserializeOwned, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;
use std::borrow::Cow;
use std::fmt;

use crate::lossy::{find_backslash, hex4};

/// A map key, borrowed from the input when it has no escapes (most keys), owned otherwise.
pub(crate) struct Key<'de>(pub(crate) Cow<'de, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a field name")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v.to_owned())))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v)))
            }
        }
        deserializer.deserialize_str(KeyVisitor)
    }
}

/// The error for a required field that is absent.
pub(crate) fn missing<E: de::Error>(event: &str, field: &'static str) -> E {
    E::custom(format_args!("`{event}` payload has no `{field}` field"))
}

/// The error for a key that appears twice.
pub(crate) fn repeated<E: de::Error>(key: &str) -> E {
    E::custom(format_args!("key `{key}` appears twice"))
}

/// Reads just `hook_event_name` (as JSON text: a huge value is not built into a tree),
/// skipping everything else, and notes whether the key appears twice at the top level, and
/// whether the payload has a top-level key only Cursor sends ([`CURSOR_ONLY_KEYS`]).
pub(crate) struct Envelope {
    pub(crate) hook_event_name: Option<Box<RawValue>>,
    pub(crate) repeated: bool,
    #[cfg_attr(not(feature = "claude-code"), allow(dead_code))] // only Claude entries ask
    pub(crate) cursor_keys: bool,
    /// [`COPILOT_EVENT_KEY`]'s value, where Copilot names the event in its own shape.
    #[cfg_attr(not(feature = "claude-code"), allow(dead_code))] // only Claude entries ask
    pub(crate) copilot_event: Option<Box<RawValue>>,
}

/// The key GitHub Copilot CLI names the event under in its camelCase payloads, which it sends
/// to a Claude entry of PermissionRequest (`spec/claude-code/host.json`, `copilot.payload_keys`).
pub(crate) const COPILOT_EVENT_KEY: &str = "hookName";

/// Top-level keys of Cursor's payloads (`spec/cursor/events.json`, `common_fields`) that no
/// Claude Code payload has (`spec/claude-code/events.json`): what tells Cursor's payload from
/// Claude Code's when its event name cannot be read. `model` is not one: Claude Code's
/// `SessionStart` has it too.
pub(crate) const CURSOR_ONLY_KEYS: [&str; 5] = [
    "cursor_version",
    "conversation_id",
    "generation_id",
    "workspace_roots",
    "user_email",
];

impl<'de> Deserialize<'de> for Envelope {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct EnvelopeVisitor;
        impl<'de> Visitor<'de> for EnvelopeVisitor {
            type Value = Envelope;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a payload object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Envelope, A::Error> {
                let mut envelope = Envelope {
                    hook_event_name: None,
                    repeated: false,
                    cursor_keys: false,
                    copilot_event: None,
                };
                while let Some(Key(key)) = map.next_key()? {
                    if key == "hook_event_name" {
                        envelope.repeated |= envelope.hook_event_name.is_some();
                        envelope.hook_event_name = Some(map.next_value()?);
                    } else if key == COPILOT_EVENT_KEY {
                        envelope.copilot_event = Some(map.next_value()?);
                    } else {
                        envelope.cursor_keys |= CURSOR_ONLY_KEYS.contains(&&*key);
                        map.next_value::<de::IgnoredAny>()?;
                    }
                }
                Ok(envelope)
            }
        }
        deserializer.deserialize_map(EnvelopeVisitor)
    }
}

/// Reads one field's value, naming the field in the error.
pub(crate) fn value<'de, A, T>(map: &mut A, field: &str) -> Result<T, A::Error>
where
    A: MapAccess<'de>,
    T: Deserialize<'de>,
{
    map.next_value()
        .map_err(|error| de::Error::custom(format_args!("`{field}`: {error}")))
}

/// The state of one payload object's parse: which known keys were seen, and what goes to
/// `extra`.
pub(crate) struct Fields {
    /// One bit per known key spelling (the generator numbers them; at most 64 per event).
    seen: u64,
    extra: Extra,
}

impl Fields {
    pub(crate) fn new() -> Fields {
        Fields {
            seen: 0,
            extra: Extra::default(),
        }
    }

    /// Errors when the known key numbered `bit` was already read.
    #[inline]
    pub(crate) fn once<E: de::Error>(&mut self, bit: u32, key: &str) -> Result<(), E> {
        let mask = 1u64 << bit;
        if self.seen & mask != 0 {
            return Err(repeated(key));
        }
        self.seen |= mask;
        Ok(())
    }

    /// Reads an optional field. A value of another type (or a number its type cannot hold)
    /// reads as absent, and is kept in `extra` under `key` with a note of what was expected.
    #[inline(never)] // one copy per field type, not one per field
    pub(crate) fn optional<'de, A, T>(
        &mut self,
        map: &mut A,
        key: &str,
        expected: &'static str,
    ) -> Result<Option<T>, A::Error>
    where
        A: MapAccess<'de>,
        T: DeserializeOwned,
    {
        let raw: Box<RawValue> = value(map, key)?;
        Ok(self.parse_raw(raw, key, expected))
    }

    /// An optional field's value from its JSON text; `None` (and a note) when it does not read.
    fn parse_raw<T: DeserializeOwned>(
        &mut self,
        raw: Box<RawValue>,
        key: &str,
        expected: &'static str,
    ) -> Option<T> {
        match crate::lossy::from_slice_lossy::<Option<T>>(raw.get().as_bytes()) {
            Ok(value) => value,
            Err(_) => {
                self.extra.ignore(key, expected, raw);
                None
            }
        }
    }

    /// [`optional`](Fields::optional) for a string field, without parsing a plain string twice
    /// (most optional fields are strings, and most strings have no escapes).
    pub(crate) fn optional_string<'de, A: MapAccess<'de>>(
        &mut self,
        map: &mut A,
        key: &str,
        expected: &'static str,
    ) -> Result<Option<String>, A::Error> {
        let raw: Box<RawValue> = value(map, key)?;
        let text = raw.get();
        if text.starts_with('"') {
            return Ok(Some(unescape_in_place(raw)));
        }
        if text == "null" {
            return Ok(None);
        }
        Ok(self.parse_raw(raw, key, expected))
    }

    /// Keeps an unknown field's value as its JSON text.
    pub(crate) fn unknown<'de, A: MapAccess<'de>>(
        &mut self,
        key: Cow<'_, str>,
        map: &mut A,
    ) -> Result<(), A::Error> {
        let raw: Box<RawValue> = map.next_value()?;
        self.extra.push(key.into_owned(), raw);
        Ok(())
    }

    /// The `extra` of the object; an error when an unknown key appeared twice.
    pub(crate) fn finish<E: de::Error>(self) -> Result<Extra, E> {
        let mut extra = self.extra;
        match extra.sort_and_find_repeat() {
            Some(key) => Err(repeated(key)),
            None => Ok(extra),
        }
    }
}

/// The value of a JSON string's text, decoded in its own buffer (unescaping only shrinks it):
/// a large string costs its bytes once, not again in serde_json's scratch buffer and a copy.
/// `raw` is a valid JSON string. A `\u` escape of half a UTF-16 surrogate pair without its
/// other half (a JavaScript string may hold one, a Rust string cannot; serde_json refuses it)
/// decodes as U+FFFD, as `String::from_utf16_lossy` does.
fn unescape_in_place(raw: Box<RawValue>) -> String {
    let mut text = String::from(Box::<str>::from(raw));
    if find_backslash(&text.as_bytes()[1..text.len() - 1]).is_none() {
        // No escape (most strings): the text between the quotes, already UTF-8, is the value;
        // the loop below would copy it and check its UTF-8 again.
        text.pop();
        text.remove(0);
        return text;
    }
    let mut bytes = text.into_bytes();
    let end = bytes.len() - 1; // the closing quote
    let (mut read, mut write) = (1, 0);
    while read < end {
        // Plain text up to the next escape, moved as a block.
        let run = find_backslash(&bytes[read..end]).unwrap_or(end - read);
        bytes.copy_within(read..read + run, write);
        (read, write) = (read + run, write + run);
        if read == end {
            break;
        }
        let decoded = match bytes[read + 1] {
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                let unit = hex4(&bytes[read + 2..read + 6]);
                read += 4;
                let low = (bytes.get(read + 2..read + 4) == Some(b"\\u"))
                    .then(|| hex4(&bytes[read + 4..read + 8]))
                    .filter(|low| (0xDC00..=0xDFFF).contains(low));
                let code = match (unit, low) {
                    (0xD800..=0xDBFF, Some(low)) => {
                        read += 6;
                        0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    }
                    _ => unit, // half a pair is no `char`: U+FFFD below
                };
                char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER)
            }
            other => char::from(other), // `"`, `\\`, `/`
        };
        read += 2;
        write += decoded.encode_utf8(&mut [0; 4]).len();
        decoded.encode_utf8(&mut bytes[write - decoded.len_utf8()..write]);
    }
    bytes.truncate(write);
    String::from_utf8(bytes)
        .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned())
}

#[cfg(test)]
mod tests {
    /// The keys that tell Cursor's payload are Cursor's common fields and no Claude Code field.
    #[test]
    fn cursor_only_keys_are_cursors_and_not_claude_codes() {
        use serde_json::Value;
        let fields = |path: &str| -> (Vec<String>, Vec<String>) {
            let text = std::fs::read_to_string(format!("{}/../{path}", env!("CARGO_MANIFEST_DIR")))
                .expect("the spec is readable");
            let spec: Value = serde_json::from_str(&text).expect("JSON");
            let names = |list: &Value| -> Vec<String> {
                list.as_array()
                    .into_iter()
                    .flatten()
                    .map(|field| field["name"].as_str().expect("a name").to_owned())
                    .collect()
            };
            let common = names(&spec["common_fields"]);
            let mut all = common.clone();
            for event in spec["events"].as_array().expect("events") {
                all.extend(names(&event["input"]));
            }
            (common, all)
        };
        let (cursor, _) = fields("spec/cursor/events.json");
        let (_, claude) = fields("spec/claude-code/events.json");
        for key in super::CURSOR_ONLY_KEYS {
            assert!(
                cursor.iter().any(|name| name == key),
                "{key} is not Cursor's"
            );
            assert!(
                !claude.iter().any(|name| name == key),
                "Claude Code sends {key} too"
            );
        }
    }

    use super::*;

    #[test]
    fn strings_decode_in_place_as_serde_json_decodes_them() {
        let cases = [
            r#""""#,
            r#""plain""#,
            r#""a\"b\\c\/d\be\ff\ng\rh\ti""#,
            r#""\u001b[0m \u00e9\u4e2d \ud83d\ude00 end""#,
            r#""\\u0041""#,
            r#""é中😀 raw""#,
            r#""\n""#,
            r#""x\ud83d\ude00""#,
        ];
        for json in cases {
            let raw = RawValue::from_string(json.to_owned()).unwrap();
            let expected: String = serde_json::from_str(json).unwrap();
            assert_eq!(unescape_in_place(raw), expected, "{json}");
        }
        for len in 0..40 {
            for at in 0..len {
                let mut bytes = vec![b'a'; len];
                bytes[at] = b'\\';
                if at + 1 < len {
                    bytes[at + 1] = b'\\';
                }
                assert_eq!(find_backslash(&bytes), Some(at), "{len} {at}");
            }
            assert_eq!(find_backslash(&vec![0x5d; len]), None);
        }
        // Half a surrogate pair (serde_json refuses it) decodes as U+FFFD.
        for (lone, expected) in [
            (r#""\ud83d""#, "\u{fffd}"),
            (r#""\ude00x""#, "\u{fffd}x"),
            (r#""\ud83d\u0041""#, "\u{fffd}A"),
            (r#""\ud83d\\ude00""#, "\u{fffd}\\ude00"),
        ] {
            let raw = RawValue::from_string(lone.to_owned()).unwrap();
            assert_eq!(unescape_in_place(raw), expected, "{lone}");
        }
    }
}
