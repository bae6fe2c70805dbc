//! How every host's tool arguments are read (`spec/tools.json`): each host types its own tools
//! with these pieces (Cursor's in [`cursor::tools`](crate::cursor::tools), Claude Code's in
//! `claude::tools`, Codex's in `codex::tools`, Copilot's in `copilot::tools`).
//!
//! ```
//! use cursor_hooks::cursor::prelude::*;
//! use cursor_hooks::cursor::tools::Tool;
//!
//! fn guard(input: PreToolUse) -> PreToolUseResponse {
//!     match input.tool() {
//!         Tool::Shell(shell) if shell.command.contains("rm -rf") => {
//!             PreToolUseResponse::deny("rm -rf is blocked")
//!         }
//!         _ => no_opinion(),
//!     }
//! }
//! ```
//!
//! A handler that reads an argument through these types (or through
//! [`ToolInput::str`], [`ToolInput::command`], [`ToolInput::file_path`]) reads what the host
//! will run, or is not answered by its own decision: a required argument missing or of another
//! type (a `command` that is a list) is a malformed payload the handler read, and the hook
//! answers by its failure policy with one stderr line, whatever the handler returned. An
//! optional argument of another type reads as absent, with one stderr line, as drift in a
//! payload field does.
//!
//! `tool()` reads the called tool's required arguments (a `Glob` call's `pattern`, say), so a
//! guard that decides on a few tools checks `tool_name` first and calls it only for those.

use crate::reads::{ignored, kind_of, misread};
use crate::types::ToolInput;
use serde_json::Value;

/// A value a tool argument may hold.
pub trait Argument: Sized {
    /// Its type as `spec/tools.json` names it.
    const SPEC: &'static str;
    /// What a stderr line says was expected.
    const EXPECTED: &'static str;
    /// The value, when `value` is of this type.
    fn from_json(value: &Value) -> Option<Self>;
}

impl Argument for String {
    const SPEC: &'static str = "string";
    const EXPECTED: &'static str = "a string";
    fn from_json(value: &Value) -> Option<String> {
        value.as_str().map(str::to_owned)
    }
}

impl Argument for f64 {
    const SPEC: &'static str = "number";
    const EXPECTED: &'static str = "a number";
    fn from_json(value: &Value) -> Option<f64> {
        value.as_f64()
    }
}

impl Argument for bool {
    const SPEC: &'static str = "bool";
    const EXPECTED: &'static str = "a bool";
    fn from_json(value: &Value) -> Option<bool> {
        value.as_bool()
    }
}

/// One edit of Claude Code's `MultiEdit` (`edits[]`).
#[derive(Debug, Clone, PartialEq, Default)]
#[non_exhaustive]
pub struct TextEdit {
    /// The text replaced.
    pub old_string: String,
    /// Its replacement.
    pub new_string: String,
    /// Every occurrence, not one.
    pub replace_all: Option<bool>,
}

impl Argument for Vec<TextEdit> {
    const SPEC: &'static str = "edits";
    const EXPECTED: &'static str = "a list of {old_string, new_string} objects";
    fn from_json(value: &Value) -> Option<Vec<TextEdit>> {
        value
            .as_array()?
            .iter()
            .map(|edit| {
                Some(TextEdit {
                    old_string: edit.get("old_string")?.as_str()?.to_owned(),
                    new_string: edit.get("new_string")?.as_str()?.to_owned(),
                    replace_all: match edit.get("replace_all") {
                        None | Some(Value::Null) => None,
                        Some(flag) => Some(flag.as_bool()?),
                    },
                })
            })
            .collect()
    }
}

/// A required argument: a missing or wrongly typed one is noted as a misread, and reads as the
/// type's default (the failure policy answers instead of the handler).
#[doc(hidden)]
pub fn required<T: Argument + Default>(input: &ToolInput, tool: &str, key: &str) -> T {
    match input.get(key) {
        Some(value) => T::from_json(value).unwrap_or_else(|| {
            misread(format!(
                "read `{key}` of `{tool}`, which is {}, not {}",
                kind_of(value),
                T::EXPECTED
            ));
            T::default()
        }),
        None => {
            misread(format!("read `{key}` of `{tool}`, which the payload lacks"));
            T::default()
        }
    }
}

/// An optional argument: one of another type reads as absent, with a note.
#[doc(hidden)]
pub fn optional<T: Argument>(input: &ToolInput, tool: &str, key: &str) -> Option<T> {
    let value = input.get(key).filter(|value| !value.is_null())?;
    let read = T::from_json(value);
    if read.is_none() {
        ignored(format!(
            "argument '{key}' of {tool} is {}, expected {}: ignored",
            kind_of(value),
            T::EXPECTED
        ));
    }
    read
}

/// Defines a tool's typed arguments: `Name = "Tool" { field: required|optional Type = "key" }`.
macro_rules! arguments {
    (
        $(#[$doc:meta])*
        $name:ident = $tool:literal {
            $( $(#[$field_doc:meta])* $field:ident: $kind:ident $ty:ty = $key:literal, )*
        }
    ) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Default)]
        #[non_exhaustive]
        pub struct $name {
            $( $(#[$field_doc])* pub $field: arguments!(@type $kind $ty), )*
        }

        impl $name {
            /// The tool's name, as the host sends it in `tool_name`.
            pub const TOOL: &'static str = $tool;

            /// Each argument: its key, its type as `spec/tools.json` names it, and whether it is
            /// required.
            #[doc(hidden)]
            pub const FIELDS: &'static [(&'static str, &'static str, bool)] = &[
                $( ($key, <$ty as $crate::tools::Argument>::SPEC, arguments!(@required $kind)), )*
            ];

            /// Reads the arguments. A required one missing or of another type makes the hook
            /// answer by its failure policy (see the module's docs).
            pub fn from_arguments(input: &$crate::ToolInput) -> $name {
                $name {
                    $( $field: arguments!(@read $kind $ty, input, $tool, $key), )*
                }
            }
        }
    };
    (@type required $ty:ty) => { $ty };
    (@type optional $ty:ty) => { Option<$ty> };
    (@required required) => { true };
    (@required optional) => { false };
    (@read required $ty:ty, $input:ident, $tool:expr, $key:expr) => {
        $crate::tools::required::<$ty>($input, $tool, $key)
    };
    (@read optional $ty:ty, $input:ident, $tool:expr, $key:expr) => {
        $crate::tools::optional::<$ty>($input, $tool, $key)
    };
}
// Every host's tools are declared with it (`cursor::tools`, `claude::tools`, ...).
pub(crate) use arguments;
