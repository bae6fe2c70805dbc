//! Value types that appear inside payloads: tool input, attachments, edits, model parameters.

use crate::extra::Extra;
use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;
use serde_json::Value;
use std::sync::OnceLock;

/// A tool's arguments (`tool_input`).
///
/// Cursor sends an object on `preToolUse`/`postToolUse`, and a JSON *string* on
/// `beforeMCPExecution`/`afterMCPExecution` (the docs) or an object (some builds). Both read
/// into the same value; a string is re-encoded as a string when the payload is written back.
///
/// An object is kept key by key as the JSON text Cursor sent, and each argument is built when
/// first asked for: reading `command()` of a tool call whose other arguments are megabytes costs
/// those megabytes once, not a `Value` tree of them. [`value`](ToolInput::value) builds the
/// whole tree (once).
///
/// ```
/// use cursor_hooks::ToolInput;
///
/// let object: ToolInput = serde_json::from_str(r#"{"command":"ls","cwd":""}"#).unwrap();
/// let string: ToolInput = serde_json::from_str(r#""{\"command\":\"ls\"}""#).unwrap();
/// assert_eq!(object.str("command"), Some("ls"));
/// assert_eq!(string.str("command"), Some("ls"));
/// ```
#[derive(Debug, Clone, Default)]
pub struct ToolInput {
    arguments: Arguments,
    sent_as_string: bool,
    /// The whole value, built on the first [`value`](ToolInput::value) of an object.
    tree: OnceLock<Value>,
}

/// What a `ToolInput` holds.
#[derive(Debug, Clone)]
enum Arguments {
    /// An object, key by key as sent; each value built on its first read.
    Object(Vec<(String, Box<RawValue>, OnceLock<Value>)>),
    /// Anything else, or a value built by hand.
    Value(Value),
}

impl Default for Arguments {
    fn default() -> Self {
        Arguments::Value(Value::Null)
    }
}

impl ToolInput {
    /// Wraps a value (an object, normally).
    pub fn new(value: Value) -> Self {
        ToolInput {
            arguments: Arguments::Value(value),
            sent_as_string: false,
            tree: OnceLock::new(),
        }
    }

    /// The arguments as JSON (a JSON string that did not parse stays a string). An argument
    /// that no `Value` can hold (a number such as `1e999`) reads as `null`.
    pub fn value(&self) -> &Value {
        match &self.arguments {
            Arguments::Value(value) => value,
            Arguments::Object(fields) => self.tree.get_or_init(|| {
                let mut object = serde_json::Map::new();
                for (key, raw, _) in fields {
                    object.insert(key.clone(), parse_argument(raw));
                }
                Value::Object(object)
            }),
        }
    }

    /// One argument (built now, when it was sent in an object).
    pub fn get(&self, key: &str) -> Option<&Value> {
        match &self.arguments {
            Arguments::Value(value) => value.get(key),
            // The last of a repeated key, as a `Value` object keeps it.
            Arguments::Object(fields) => fields
                .iter()
                .rev()
                .find(|(name, _, _)| name == key)
                .map(|(_, raw, value)| value.get_or_init(|| parse_argument(raw))),
        }
    }

    /// One argument that is a string. One of another type reads as `None` and makes the hook
    /// answer by its failure policy, whatever the handler returns: a guard must not decide on
    /// a command it could not read ([`tools`](crate::tools)).
    pub fn str(&self, key: &str) -> Option<&str> {
        let value = self.get(key)?;
        if value.is_null() {
            return None;
        }
        let text = value.as_str();
        if text.is_none() {
            crate::reads::misread(format!(
                "read the tool argument `{key}`, which is {}, not a string",
                crate::reads::kind_of(value)
            ));
        }
        text
    }

    /// The `command` of a Shell tool call (see [`str`](ToolInput::str)); prefer the typed
    /// [`Tool`](crate::tools::Tool) of the event.
    pub fn command(&self) -> Option<&str> {
        self.str("command")
    }

    /// The `file_path` (or `filePath`) of a file tool call (see [`str`](ToolInput::str)).
    pub fn file_path(&self) -> Option<&str> {
        self.str("file_path").or_else(|| self.str("filePath"))
    }

    /// Whether Cursor sent the arguments as a JSON-encoded string.
    pub fn was_sent_as_string(&self) -> bool {
        self.sent_as_string
    }
}

/// One argument's value from its text; `null` when no `Value` holds it.
fn parse_argument(raw: &RawValue) -> Value {
    // `from_slice` rather than `from_str`: see `subcommands::edit::parse_value`. A lone
    // surrogate reads as U+FFFD, as the host's own decoding makes it.
    crate::lossy::from_slice_lossy(raw.get().as_bytes()).unwrap_or(Value::Null)
}

impl PartialEq for ToolInput {
    fn eq(&self, other: &ToolInput) -> bool {
        self.sent_as_string == other.sent_as_string && self.value() == other.value()
    }
}

/// An object's keys with their values' JSON text.
struct ObjectText(Vec<(String, Box<RawValue>, OnceLock<Value>)>);

impl<'de> Deserialize<'de> for ObjectText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer
            .deserialize_map(ToolInputVisitor)
            .and_then(|input| match input.arguments {
                Arguments::Object(fields) => Ok(ObjectText(fields)),
                Arguments::Value(_) => Err(serde::de::Error::custom("not an object")),
            })
    }
}

struct ToolInputVisitor;

impl<'de> Visitor<'de> for ToolInputVisitor {
    type Value = ToolInput;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a tool's arguments: an object, or a JSON string")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ToolInput, A::Error> {
        let mut fields = Vec::new();
        while let Some(crate::de::Key(key)) = map.next_key()? {
            fields.push((key.into_owned(), map.next_value()?, OnceLock::new()));
        }
        Ok(ToolInput {
            arguments: Arguments::Object(fields),
            sent_as_string: false,
            tree: OnceLock::new(),
        })
    }

    /// Cursor's documented form on the MCP events: the object as a JSON string. A string
    /// holding anything else is no tool's arguments: a malformed payload.
    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<ToolInput, E> {
        // `from_slice` rather than `from_str`: see `subcommands::edit::parse_value`.
        let fields = match serde_json::from_slice::<ObjectText>(text.as_bytes()) {
            Ok(ObjectText(fields)) => fields,
            Err(_) => match crate::lossy::without_lone_surrogates(text.as_bytes())
                .map(|repaired| serde_json::from_slice::<ObjectText>(&repaired))
            {
                Some(Ok(ObjectText(fields))) => fields,
                _ => return Err(E::custom(
                    "a string that holds no JSON object, expected a tool's arguments: an object",
                )),
            },
        };
        Ok(ToolInput {
            arguments: Arguments::Object(fields),
            sent_as_string: true,
            tree: OnceLock::new(),
        })
    }
}

impl<'de> Deserialize<'de> for ToolInput {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ToolInputVisitor)
    }
}

/// The object's keys and their text, as a JSON object.
struct ObjectFields<'a>(&'a [(String, Box<RawValue>, OnceLock<Value>)]);

impl Serialize for ObjectFields<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(key, raw, _)| (key, raw)))
    }
}

impl Serialize for ToolInput {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match (&self.arguments, self.sent_as_string) {
            (Arguments::Object(fields), false) => ObjectFields(fields).serialize(serializer),
            (Arguments::Value(value), false) => value.serialize(serializer),
            (arguments, true) => {
                // The same text as `Display`, without linking its two serializer instances.
                let text = match arguments {
                    Arguments::Object(fields) => serde_json::to_string(&ObjectFields(fields)),
                    Arguments::Value(value) => serde_json::to_string(value),
                }
                .map_err(serde::ser::Error::custom)?;
                serializer.serialize_str(&text)
            }
        }
    }
}

/// A file or rule attached to a prompt or read (`attachments[]`).
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Attachment {
    /// `"file"` or `"rule"`.
    #[serde(rename = "type", default)]
    pub kind: String,
    /// The attachment's path; older builds spelled the key `filePath`.
    #[serde(alias = "filePath", default)]
    pub file_path: String,
    /// Keys this crate does not know, kept as sent.
    #[serde(flatten)]
    pub extra: Extra,
}

/// One change reported by `afterFileEdit` (`edits[]`). A new file has an empty `old_string`.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct FileEdit {
    /// The text before the edit.
    #[serde(default)]
    pub old_string: String,
    /// The text after the edit.
    #[serde(default)]
    pub new_string: String,
    /// Keys this crate does not know, kept as sent.
    #[serde(flatten)]
    pub extra: Extra,
}

/// One change reported by `afterTabFileEdit` (`edits[]`), with its position.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct TabEdit {
    /// The text before the edit.
    #[serde(default)]
    pub old_string: String,
    /// The text after the edit.
    #[serde(default)]
    pub new_string: String,
    /// Where the edit is, when Cursor says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<Value>,
    /// The line before the edit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub old_line: Option<String>,
    /// The line after the edit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new_line: Option<String>,
    /// Keys this crate does not know, kept as sent.
    #[serde(flatten)]
    pub extra: Extra,
}

/// One model parameter (`model_params[]`), such as `{"id":"thinking","value":"true"}`.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct ModelParam {
    /// The parameter's name.
    #[serde(default)]
    pub id: String,
    /// Its value, as sent (a string in every recorded payload).
    #[serde(default)]
    pub value: Value,
    /// Keys this crate does not know, kept as sent.
    #[serde(flatten)]
    pub extra: Extra,
}

/// `Deserialize` for a struct whose unknown keys go to `extra`, as the derive with
/// `#[serde(flatten)] extra` reads it (a map; a key twice is an error: where the derive keeps
/// an unknown key's last value, these reject it, as a repeated key is a malformed payload),
/// without the derive's buffering of every key through serde's generic
/// `Content` machinery (~10 KiB in every hook binary: every payload may carry `model_params`).
/// `field: Type = ["wire name" | "alias" ...]`; a missing field is `Default`.
macro_rules! deserialize_with_extra {
    ($ty:ident { $($field:ident: $field_ty:ty = [$wire:literal $(| $alias:literal)*]),* $(,)? }) => {
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct FieldsVisitor;
                impl<'de> serde::de::Visitor<'de> for FieldsVisitor {
                    type Value = $ty;
                    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        f.write_str(concat!("struct ", stringify!($ty)))
                    }
                    fn visit_map<A: serde::de::MapAccess<'de>>(
                        self,
                        mut map: A,
                    ) -> Result<$ty, A::Error> {
                        $(let mut $field: Option<$field_ty> = None;)*
                        let mut extra = Extra::default();
                        while let Some(crate::de::Key(key)) = map.next_key()? {
                            match &*key {
                                $($wire $(| $alias)* => {
                                    if $field.is_some() {
                                        return Err(serde::de::Error::duplicate_field($wire));
                                    }
                                    $field = Some(map.next_value()?);
                                })*
                                _ => extra.push(key.into_owned(), map.next_value()?),
                            }
                        }
                        if let Some(key) = extra.sort_and_find_repeat() {
                            return Err(crate::de::repeated(key));
                        }
                        Ok($ty {
                            $($field: $field.unwrap_or_default(),)*
                            extra,
                        })
                    }
                }
                deserializer.deserialize_map(FieldsVisitor)
            }
        }
    };
}

deserialize_with_extra!(Attachment {
    kind: String = ["type"],
    file_path: String = ["file_path" | "filePath"],
});
deserialize_with_extra!(FileEdit {
    old_string: String = ["old_string"],
    new_string: String = ["new_string"],
});
deserialize_with_extra!(TabEdit {
    old_string: String = ["old_string"],
    new_string: String = ["new_string"],
    range: Option<Value> = ["range"],
    old_line: Option<String> = ["old_line"],
    new_line: Option<String> = ["new_line"],
});
deserialize_with_extra!(ModelParam {
    id: String = ["id"],
    value: Value = ["value"],
});

/// Turns the Windows form Cursor sometimes sends (`/c:/Users/me/x`) into a native path
/// (`c:/Users/me/x`); every other path is returned as it is.
///
/// ```
/// use cursor_hooks::native_path;
///
/// assert_eq!(native_path("/c:/Users/me/x.rs"), "c:/Users/me/x.rs");
/// assert_eq!(native_path("/home/me/x.rs"), "/home/me/x.rs");
/// ```
pub fn native_path(path: &str) -> &str {
    let bytes = path.as_bytes();
    if bytes.len() >= 3 && bytes[0] == b'/' && bytes[1].is_ascii_alphabetic() && bytes[2] == b':' {
        &path[1..]
    } else {
        path
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The derives these hand-written `Deserialize` impls replace, to compare them with.
    mod derived {
        use serde::Deserialize;
        use serde_json::{Map, Value};

        #[derive(Debug, Deserialize)]
        pub(super) struct Attachment {
            #[serde(rename = "type", default)]
            pub(super) kind: String,
            #[serde(alias = "filePath", default)]
            pub(super) file_path: String,
            #[serde(flatten)]
            pub(super) extra: Map<String, Value>,
        }

        #[derive(Debug, Deserialize)]
        pub(super) struct TabEdit {
            #[serde(default)]
            pub(super) old_string: String,
            #[serde(default)]
            pub(super) new_string: String,
            #[serde(default)]
            pub(super) range: Option<Value>,
            #[serde(default)]
            pub(super) old_line: Option<String>,
            #[serde(default)]
            pub(super) new_line: Option<String>,
            #[serde(flatten)]
            pub(super) extra: Map<String, Value>,
        }

        #[derive(Debug, Deserialize)]
        pub(super) struct ModelParam {
            #[serde(default)]
            pub(super) id: String,
            #[serde(default)]
            pub(super) value: Value,
            #[serde(flatten)]
            pub(super) extra: Map<String, Value>,
        }
    }

    /// `extra` holds what the derive's map holds.
    fn same_extra(ours: &Extra, derived: &serde_json::Map<String, Value>) -> bool {
        ours.len() == derived.len()
            && ours
                .keys()
                .all(|key| ours.get(key).as_ref() == derived.get(key))
    }

    /// Both readings of `json`: equal values, or both errors with the same message.
    fn same<Ours, Derived>(json: &str, equal: impl Fn(&Ours, &Derived) -> bool)
    where
        Ours: for<'de> Deserialize<'de> + std::fmt::Debug,
        Derived: for<'de> Deserialize<'de> + std::fmt::Debug,
    {
        let ours = serde_json::from_str::<Ours>(json);
        let derived = serde_json::from_str::<Derived>(json);
        match (&ours, &derived) {
            // The one difference: a key the derive keeps in `extra` is an error here when it
            // appears twice.
            (Err(a), Ok(_)) if a.to_string().contains("appears twice") => {
                let key = a
                    .to_string()
                    .split('`')
                    .nth(1)
                    .unwrap_or_default()
                    .to_owned();
                assert_eq!(
                    json.matches(&format!("\"{key}\":")).count(),
                    2,
                    "{json}: {a}"
                );
            }
            (Ok(a), Ok(b)) => assert!(equal(a, b), "{json}: {a:?} vs {b:?}"),
            (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "{json}"),
            _ => panic!("{json}: {ours:?} vs {derived:?}"),
        }
    }

    const CASES: &[&str] = &[
        r#"{}"#,
        r#"{"type":"file","file_path":"/a","x":1,"x":[2],"nested":{"k":null}}"#,
        r#"{"type":"rule","filePath":"/b"}"#,
        r#"{"file_path":"/a","filePath":"/b"}"#,
        r#"{"type":"file","type":"rule"}"#,
        r#"{"type":7}"#,
        r#"{"old_string":"a","new_string":"b","range":{"start":1},"old_line":null,"new_line":"n","z":true}"#,
        r#"{"old_string":"a","old_string":"b"}"#,
        r#"{"range":null}"#,
        r#"{"id":"thinking","value":"true","extra":1.5}"#,
        r#"{"id":"thinking","id":"x"}"#,
        r#"{"value":{"deep":[1,2]}}"#,
        r#"{"id":"a\u0062c","va\u006cue":1}"#,
        r#"[]"#,
        r#"["a","b"]"#,
        r#""text""#,
        r#"null"#,
        r#"{"id":"unterminated"#,
    ];

    #[test]
    fn hand_written_readers_match_the_derive_they_replace() {
        for json in CASES {
            same::<Attachment, derived::Attachment>(json, |a, b| {
                a.kind == b.kind && a.file_path == b.file_path && same_extra(&a.extra, &b.extra)
            });
            same::<TabEdit, derived::TabEdit>(json, |a, b| {
                a.old_string == b.old_string
                    && a.new_string == b.new_string
                    && a.range == b.range
                    && a.old_line == b.old_line
                    && a.new_line == b.new_line
                    && same_extra(&a.extra, &b.extra)
            });
            same::<ModelParam, derived::ModelParam>(json, |a, b| {
                a.id == b.id && a.value == b.value && same_extra(&a.extra, &b.extra)
            });
        }
    }
}
