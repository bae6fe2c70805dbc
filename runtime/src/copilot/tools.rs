//! Copilot's tools as its payloads name them (`spec/copilot/host.json`, `tools`): lowercase
//! `bash` with `{command, description}`, `view` with `{path}`, and the rest by name. Reading them
//! follows the same rules as the other hosts' ([`crate::tools`]): a required argument missing or
//! of another type makes the hook answer by its failure policy, so a guard never decides on a
//! command it could not read.
//!
//! ```
//! use cursor_hooks::copilot::prelude::*;
//!
//! let input = PreToolUse::fixture()
//!     .tool_args(serde_json::json!({"command": "git status", "description": "status"}))
//!     .build();
//! match input.tool() {
//!     Tool::Bash(bash) => assert_eq!(bash.command, "git status"),
//!     other => panic!("read as {other:?}"),
//! }
//! ```

use crate::tools::arguments;
use crate::ToolInput;

arguments! {
    /// Copilot's shell tool.
    Bash = "bash" {
        /// The command line the shell runs.
        command: required String = "command",
    }
}

arguments! {
    /// Copilot's file viewer.
    View = "view" {
        /// The file or directory shown.
        path: required String = "path",
    }
}

/// A Copilot tool call's arguments, typed by its `toolName`.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Tool<'a> {
    /// `bash`: the shell.
    Bash(Bash),
    /// `view`: a file or directory shown to the model.
    View(View),
    /// A tool no type is defined for (`create`, `edit`, an MCP tool, ...).
    Other {
        /// `toolName`.
        name: &'a str,
        /// Its arguments.
        arguments: &'a ToolInput,
    },
}

impl<'a> Tool<'a> {
    /// The arguments of `name` typed, as
    /// [`PreToolUse::tool`](crate::copilot::event::PreToolUse::tool) reads them.
    pub fn of(name: &'a str, arguments: &'a ToolInput) -> Tool<'a> {
        match name {
            Bash::TOOL => Tool::Bash(Bash::from_arguments(arguments)),
            View::TOOL => Tool::View(View::from_arguments(arguments)),
            _ => Tool::Other { name, arguments },
        }
    }
}

macro_rules! tool_of {
    ($($event:ident . $arguments:ident),*) => {
        $(
            impl crate::copilot::event::$event {
                /// The tool's arguments, typed by `toolName` (see
                /// [`copilot::tools`](crate::copilot::tools)).
                pub fn tool(&self) -> Tool<'_> {
                    Tool::of(&self.tool_name, &self.$arguments)
                }
            }
        )*
    };
}
tool_of!(
    PreToolUse.tool_args,
    PostToolUse.tool_args,
    PostToolUseFailure.tool_args,
    PermissionRequest.tool_input
);
