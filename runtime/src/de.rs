//! Helpers for the generated payload parsers (`gen/events.rs`).

use serde::de::{self, Deserialize, Deserializer, Visitor};
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

/// Reads just `hook_event_name`, skipping everything else without building it.
#[derive(serde::Deserialize)]
pub(crate) struct Envelope {
    pub(crate) hook_event_name: Option<serde_json::Value>,
}

/// Reads one field's value, naming the field in the error.
pub(crate) fn value<'de, A, T>(map: &mut A, field: &str) -> Result<T, A::Error>
where
    A: serde::de::MapAccess<'de>,
    T: Deserialize<'de>,
{
    map.next_value()
        .map_err(|error| de::Error::custom(format_args!("`{field}`: {error}")))
}
