//! [`Extra`]: what a payload carries beyond the fields this version reads.

use serde::{Serialize, Serializer};
use serde_json::value::RawValue;
use serde_json::Value;
use std::fmt;

/// The fields of a payload (or of an object inside it) that this version of the crate does not
/// read, kept as the JSON text Cursor sent: unknown keys, and known optional fields whose value
/// had another type than expected ([`ignored`](Extra::ignored)).
///
/// Values are parsed when asked for, so an unknown field costs its bytes and nothing more,
/// whatever its shape, and a number no `Value` can hold (`1e999`) is no error until read.
///
/// ```
/// use cursor_hooks::prelude::*;
/// use serde_json::json;
///
/// let input = BeforeShellExecution::fixture()
///     .set("future_field", json!({"nested": [1, 2]}))
///     .set("sandbox", "yes") // a bool in the spec: ignored, kept here
///     .build();
/// assert_eq!(input.extra.get("future_field"), Some(json!({"nested": [1, 2]})));
/// assert_eq!(input.extra.raw("sandbox"), Some(r#""yes""#));
/// assert_eq!(input.sandbox, None);
/// assert_eq!(input.extra.ignored()[0].to_string(), "field 'sandbox' is a string, expected a bool");
/// assert_eq!(input.extra.keys().collect::<Vec<_>>(), ["future_field", "sandbox"]);
/// ```
#[derive(Debug, Clone, Default)]
pub struct Extra {
    /// Sorted by key once the object is read.
    fields: Vec<(String, Box<RawValue>)>,
    ignored: Vec<IgnoredField>,
}

/// A known optional field whose value had a type this version does not expect: read as absent,
/// kept in [`Extra`], and reported on stderr (`field 'sandbox' is a string, expected a bool:
/// ignored`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IgnoredField {
    /// The key, as sent.
    pub name: String,
    /// What was sent: `"a string"`, `"an object"`, `"a number out of range"`, ...
    pub found: &'static str,
    /// What this version reads there: `"a bool"`, `"a list of strings"`, ...
    pub expected: &'static str,
}

impl fmt::Display for IgnoredField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "field '{}' is {}, expected {}",
            self.name, self.found, self.expected
        )
    }
}

impl Extra {
    /// One field's value, parsed now (`None` when absent, or when a `Value` cannot hold it).
    pub fn get(&self, key: &str) -> Option<Value> {
        // `from_slice` rather than `from_str`: see `subcommands::edit::parse_value`.
        crate::lossy::from_slice_lossy(self.raw(key)?.as_bytes()).ok()
    }

    /// One field's value as the JSON text Cursor sent.
    pub fn raw(&self, key: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(name, _)| name == key)
            .map(|(_, raw)| raw.get())
    }

    /// Whether the field is here.
    pub fn contains_key(&self, key: &str) -> bool {
        self.raw(key).is_some()
    }

    /// The keys, in order.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.fields.iter().map(|(name, _)| name.as_str())
    }

    /// Each key with its JSON text, in key order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.fields
            .iter()
            .map(|(name, raw)| (name.as_str(), raw.get()))
    }

    /// How many fields.
    pub fn len(&self) -> usize {
        self.fields.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.fields.is_empty()
    }

    /// Adds or replaces a field (for inputs built by hand: it is written back with the input).
    pub fn insert(&mut self, key: impl Into<String>, value: &Value) {
        let key = key.into();
        let raw = serde_json::value::to_raw_value(value).expect("a `Value` always serializes");
        match self
            .fields
            .binary_search_by(|(name, _)| name.as_str().cmp(&key))
        {
            Ok(at) => self.fields[at].1 = raw,
            Err(at) => self.fields.insert(at, (key, raw)),
        }
    }

    /// The known fields that were read as absent because of their type (each also in here).
    pub fn ignored(&self) -> &[IgnoredField] {
        &self.ignored
    }

    /// Writes the fields into a payload object being serialized.
    pub(crate) fn write_fields<M: serde::ser::SerializeMap>(
        &self,
        map: &mut M,
    ) -> Result<(), M::Error> {
        for (name, raw) in &self.fields {
            map.serialize_entry(name, raw)?;
        }
        Ok(())
    }

    pub(crate) fn push(&mut self, key: String, raw: Box<RawValue>) {
        self.fields.push((key, raw));
    }

    pub(crate) fn ignore(&mut self, key: &str, expected: &'static str, raw: Box<RawValue>) {
        self.ignored.push(IgnoredField {
            name: key.to_owned(),
            found: json_kind(raw.get()),
            expected,
        });
        self.fields.push((key.to_owned(), raw));
    }

    /// Sorts the fields by key; returns a key that appears twice, if any.
    pub(crate) fn sort_and_find_repeat(&mut self) -> Option<&str> {
        heapsort_by_key(&mut self.fields);
        self.fields
            .windows(2)
            .find(|pair| pair[0].0 == pair[1].0)
            .map(|pair| pair[0].0.as_str())
    }
}

/// Sorts fields by key. A heapsort: a few hundred bytes of code, where the standard library's
/// sorts cost ~10 KiB in every hook binary; O(n log n) however many keys a payload has.
fn heapsort_by_key(fields: &mut [(String, Box<RawValue>)]) {
    fn sift_down(fields: &mut [(String, Box<RawValue>)], mut root: usize, end: usize) {
        loop {
            let mut child = 2 * root + 1;
            if child >= end {
                return;
            }
            if child + 1 < end && fields[child].0 < fields[child + 1].0 {
                child += 1;
            }
            if fields[root].0 >= fields[child].0 {
                return;
            }
            fields.swap(root, child);
            root = child;
        }
    }
    let len = fields.len();
    for root in (0..len / 2).rev() {
        sift_down(fields, root, len);
    }
    for end in (1..len).rev() {
        fields.swap(0, end);
        sift_down(fields, 0, end);
    }
}

impl PartialEq for Extra {
    fn eq(&self, other: &Extra) -> bool {
        self.ignored == other.ignored && self.iter().eq(other.iter())
    }
}

impl Serialize for Extra {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.fields.iter().map(|(name, raw)| (name, raw)))
    }
}

/// What kind of JSON `raw` is, for a note.
fn json_kind(raw: &str) -> &'static str {
    match raw.as_bytes().first() {
        Some(b'"') => "a string",
        Some(b'{') => "an object",
        Some(b'[') => "a list",
        Some(b't' | b'f') => "a bool",
        Some(b'n') => "null",
        _ if serde_json::from_slice::<f64>(raw.as_bytes()).is_err() => "a number out of range",
        _ => "a number",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn extra_of(keys: &[String]) -> Extra {
        let mut extra = Extra::default();
        for (at, key) in keys.iter().enumerate() {
            extra.push(key.clone(), RawValue::from_string(at.to_string()).unwrap());
        }
        extra
    }

    #[test]
    fn sorts_any_number_of_keys_and_finds_a_repeat() {
        for len in [0, 1, 2, 3, 7, 64, 1000] {
            // A scrambled order: each key once.
            let keys: Vec<String> = (0..len)
                .map(|i| format!("k{:04}", (i * 7919) % len))
                .collect();
            let mut extra = extra_of(&keys);
            assert_eq!(extra.sort_and_find_repeat(), None, "{len} keys");
            let mut sorted = keys.clone();
            sorted.sort();
            assert_eq!(extra.keys().collect::<Vec<_>>(), sorted, "{len} keys");
            // Each value stays with its key.
            for (at, key) in keys.iter().enumerate() {
                assert_eq!(extra.raw(key), Some(&*at.to_string()));
            }
            if len > 1 {
                let mut repeated = keys.clone();
                repeated.push(keys[len / 2].clone());
                let mut extra = extra_of(&repeated);
                assert_eq!(extra.sort_and_find_repeat(), Some(&*keys[len / 2]));
            }
        }
    }
}
