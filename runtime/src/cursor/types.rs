//! Value types inside Cursor's payloads: attachments, edits, model parameters, and its paths.

use crate::extra::Extra;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

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
/// use cursor_hooks::cursor::native_path;
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
