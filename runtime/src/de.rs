//! Helpers for the generated payload parsers (`gen/events.rs`).
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
/// skipping everything else, and notes whether the key appears twice at the top level.
pub(crate) struct Envelope {
    pub(crate) hook_event_name: Option<Box<RawValue>>,
    pub(crate) repeated: bool,
}

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
                };
                while let Some(Key(key)) = map.next_key()? {
                    if key == "hook_event_name" {
                        envelope.repeated |= envelope.hook_event_name.is_some();
                        envelope.hook_event_name = Some(map.next_value()?);
                    } else {
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
        // `from_slice`, as everywhere in the runtime: one instance of serde_json's reader.
        match serde_json::from_slice::<Option<T>>(raw.get().as_bytes()) {
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
        // The raw text is valid JSON: a string without a backslash is its own value, quoted.
        if text.len() >= 2 && text.starts_with('"') && !text.contains('\\') {
            let mut value = String::from(Box::<str>::from(raw));
            value.pop();
            value.remove(0);
            return Ok(Some(value));
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
