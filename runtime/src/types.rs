//! A tool's arguments as every host's payload carries them (`tool_input`).

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
    /// [`Tool`](crate::cursor::tools::Tool) of the event.
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
