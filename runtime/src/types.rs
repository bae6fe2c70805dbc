//! Value types that appear inside payloads: tool input, attachments, edits, model parameters.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

/// A tool's arguments (`tool_input`).
///
/// Cursor sends an object on `preToolUse`/`postToolUse`, and a JSON *string* on
/// `beforeMCPExecution`/`afterMCPExecution` (the docs) or an object (some builds). Both read
/// into the same value; a string is re-encoded as a string when the payload is written back.
///
/// ```
/// use cursor_hooks::ToolInput;
///
/// let object: ToolInput = serde_json::from_str(r#"{"command":"ls","cwd":""}"#).unwrap();
/// let string: ToolInput = serde_json::from_str(r#""{\"command\":\"ls\"}""#).unwrap();
/// assert_eq!(object.str("command"), Some("ls"));
/// assert_eq!(string.str("command"), Some("ls"));
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ToolInput {
    value: Value,
    sent_as_string: bool,
}

impl ToolInput {
    /// Wraps a value (an object, normally).
    pub fn new(value: Value) -> Self {
        ToolInput {
            value,
            sent_as_string: false,
        }
    }

    /// The arguments as JSON (a JSON string that did not parse stays a string).
    pub fn value(&self) -> &Value {
        &self.value
    }

    /// One argument.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.value.get(key)
    }

    /// One argument that is a string.
    pub fn str(&self, key: &str) -> Option<&str> {
        self.get(key).and_then(Value::as_str)
    }

    /// The `command` of a Shell tool call.
    pub fn command(&self) -> Option<&str> {
        self.str("command")
    }

    /// The `file_path` (or `filePath`) of a file tool call.
    pub fn file_path(&self) -> Option<&str> {
        self.str("file_path").or_else(|| self.str("filePath"))
    }

    /// Whether Cursor sent the arguments as a JSON-encoded string.
    pub fn was_sent_as_string(&self) -> bool {
        self.sent_as_string
    }
}

impl<'de> Deserialize<'de> for ToolInput {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(match Value::deserialize(deserializer)? {
            Value::String(text) => match serde_json::from_str::<Value>(&text) {
                Ok(value) => ToolInput {
                    value,
                    sent_as_string: true,
                },
                Err(_) => ToolInput::new(Value::String(text)),
            },
            value => ToolInput::new(value),
        })
    }
}

impl Serialize for ToolInput {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.sent_as_string {
            serializer.serialize_str(&self.value.to_string())
        } else {
            self.value.serialize(serializer)
        }
    }
}

/// A file or rule attached to a prompt or read (`attachments[]`).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Attachment {
    /// `"file"` or `"rule"`.
    #[serde(rename = "type", default)]
    pub kind: String,
    /// The attachment's path; older builds spelled the key `filePath`.
    #[serde(alias = "filePath", default)]
    pub file_path: String,
    /// Keys this crate does not know, kept as sent.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// One change reported by `afterFileEdit` (`edits[]`). A new file has an empty `old_string`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct FileEdit {
    /// The text before the edit.
    #[serde(default)]
    pub old_string: String,
    /// The text after the edit.
    #[serde(default)]
    pub new_string: String,
    /// Keys this crate does not know, kept as sent.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// One change reported by `afterTabFileEdit` (`edits[]`), with its position.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
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
    pub extra: Map<String, Value>,
}

/// One model parameter (`model_params[]`), such as `{"id":"thinking","value":"true"}`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ModelParam {
    /// The parameter's name.
    #[serde(default)]
    pub id: String,
    /// Its value, as sent (a string in every recorded payload).
    #[serde(default)]
    pub value: Value,
    /// Keys this crate does not know, kept as sent.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

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

/// `permission` on events that take only allow or deny
/// (`beforeReadFile`, `beforeTabFileRead`, `subagentStart`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Permission {
    /// Let the action run, skipping Cursor's own approval prompt.
    Allow,
    /// Block the action.
    Deny,
}

/// `permission` on events that also take `ask` (`preToolUse`, `beforeShellExecution`,
/// `beforeMCPExecution`). Whether `ask` reaches Cursor depends on its version: see
/// `spec/compat.json`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PermissionOrAsk {
    /// Let the action run, skipping Cursor's own approval prompt.
    Allow,
    /// Block the action.
    Deny,
    /// Ask the user. Rendered as `deny` where Cursor does not honour it.
    Ask,
}

impl From<Permission> for PermissionOrAsk {
    fn from(p: Permission) -> Self {
        match p {
            Permission::Allow => PermissionOrAsk::Allow,
            Permission::Deny => PermissionOrAsk::Deny,
        }
    }
}
