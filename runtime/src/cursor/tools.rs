//! Cursor's tools as its payloads name them (`spec/tools.json`): `Shell`, `Read` and `Write`
//! typed, and `MCP:<tool>` as its own [`ToolInput`]; read by the rules of [`crate::tools`]: a
//! required argument missing or of another type makes the hook answer by its failure policy.
//!
//! ```
//! use cursor_hooks::cursor::prelude::*;
//! use cursor_hooks::cursor::tools::Tool;
//!
//! let input = PreToolUse::fixture().tool_input(serde_json::json!({"command": "git status"})).build();
//! match input.tool() {
//!     Tool::Shell(shell) => assert_eq!(shell.command, "git status"),
//!     other => panic!("read as {other:?}"),
//! }
//! ```

use crate::tools::arguments;
use crate::types::ToolInput;
use serde_json::Value;

arguments! {
    /// Cursor's `Shell` tool.
    Shell = "Shell" {
        /// The command line the shell runs.
        command: required String = "command",
        /// Where it runs; often empty.
        cwd: optional String = "cwd",
        /// The docs' spelling of `cwd`, never recorded.
        working_directory: optional String = "working_directory",
        /// Milliseconds.
        timeout: optional f64 = "timeout",
    }
}

arguments! {
    /// Cursor's `Read` tool.
    Read = "Read" {
        /// The file read.
        file_path: required String = "file_path",
    }
}

arguments! {
    /// Cursor's `Write` tool.
    Write = "Write" {
        /// The file written.
        file_path: required String = "file_path",
        /// The new content.
        content: optional String = "content",
    }
}

/// A Cursor tool call's arguments, typed by its `tool_name`.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Tool<'a> {
    /// `Shell`.
    Shell(Shell),
    /// `Read`.
    Read(Read),
    /// `Write`.
    Write(Write),
    /// `MCP:<tool>`: the tool's own arguments.
    Mcp {
        /// The MCP tool's name, after `MCP:`.
        tool: &'a str,
        /// Its arguments.
        arguments: &'a ToolInput,
    },
    /// A tool no type is defined for (`Grep`, `Delete`, `Task`, ...).
    Other {
        /// `tool_name`.
        name: &'a str,
        /// Its arguments.
        arguments: &'a ToolInput,
    },
}

impl<'a> Tool<'a> {
    /// The arguments of `name` typed, as [`PreToolUse::tool`](crate::cursor::event::PreToolUse::tool)
    /// reads them.
    pub fn of(name: &'a str, arguments: &'a ToolInput) -> Tool<'a> {
        match name {
            Shell::TOOL => Tool::Shell(Shell::from_arguments(arguments)),
            Read::TOOL => Tool::Read(Read::from_arguments(arguments)),
            Write::TOOL => Tool::Write(Write::from_arguments(arguments)),
            _ => match name.strip_prefix("MCP:") {
                Some(tool) => Tool::Mcp { tool, arguments },
                None => Tool::Other { name, arguments },
            },
        }
    }
}

/// An absent `tool_input` (optional on `postToolUse`), read as no arguments.
fn no_arguments() -> &'static ToolInput {
    static EMPTY: std::sync::OnceLock<ToolInput> = std::sync::OnceLock::new();
    EMPTY.get_or_init(|| ToolInput::new(Value::Object(serde_json::Map::new())))
}

impl crate::cursor::event::PreToolUse {
    /// The tool's arguments, typed by `tool_name` (see [`tools`](crate::tools)).
    pub fn tool(&self) -> Tool<'_> {
        Tool::of(&self.tool_name, &self.tool_input)
    }
}

impl crate::cursor::event::PostToolUse {
    /// The tool's arguments, typed by `tool_name` (see [`tools`](crate::tools)).
    pub fn tool(&self) -> Tool<'_> {
        let arguments = self.tool_input.as_ref().unwrap_or_else(|| no_arguments());
        Tool::of(&self.tool_name, arguments)
    }
}

impl crate::cursor::event::PostToolUseFailure {
    /// The tool's arguments, typed by `tool_name` (see [`tools`](crate::tools)).
    pub fn tool(&self) -> Tool<'_> {
        let arguments = self.tool_input.as_ref().unwrap_or_else(|| no_arguments());
        Tool::of(&self.tool_name, arguments)
    }
}
