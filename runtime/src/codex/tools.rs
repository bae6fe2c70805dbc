//! Codex's tools as hook payloads name them (`spec/codex/host.json`, `tools`): its shell tools
//! (exec_command, shell_command, shell) all as `Bash` with `{command}`, and MCP tools as
//! `mcp__<server>__<tool>`. Reading them follows the same rules as the other hosts'
//! ([`crate::tools`]): a required argument missing or of another type makes the hook answer by
//! its failure policy, so a guard never decides on a command it could not read.
//!
//! ```
//! use cursor_hooks::codex::prelude::*;
//! use cursor_hooks::codex::tools::Tool;
//!
//! let input = PreToolUse::fixture().tool_input(serde_json::json!({"command": "git status"})).build();
//! match input.tool() {
//!     Tool::Bash(bash) => assert_eq!(bash.command, "git status"),
//!     other => panic!("read as {other:?}"),
//! }
//! ```

use crate::tools::arguments;
use crate::ToolInput;

arguments! {
    /// Codex's shell tools, which its payloads all call `Bash`.
    Bash = "Bash" {
        /// The command line the shell runs (exec_command's `cmd`, renamed by Codex).
        command: required String = "command",
    }
}

/// A Codex tool call's arguments, typed by its `tool_name`.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Tool<'a> {
    /// `Bash`: the shell.
    Bash(Bash),
    /// `mcp__<server>__<tool>`: the tool's own arguments.
    Mcp {
        /// The server's name.
        server: &'a str,
        /// The tool's name.
        tool: &'a str,
        /// Its arguments.
        arguments: &'a ToolInput,
    },
    /// A tool no type is defined for (`apply_patch`, ...).
    Other {
        /// `tool_name`.
        name: &'a str,
        /// Its arguments.
        arguments: &'a ToolInput,
    },
}

impl<'a> Tool<'a> {
    /// The arguments of `name` typed, as
    /// [`PreToolUse::tool`](crate::codex::event::PreToolUse::tool) reads them.
    pub fn of(name: &'a str, arguments: &'a ToolInput) -> Tool<'a> {
        if name == Bash::TOOL {
            return Tool::Bash(Bash::from_arguments(arguments));
        }
        match name
            .strip_prefix("mcp__")
            .and_then(|rest| rest.split_once("__"))
        {
            Some((server, tool)) => Tool::Mcp {
                server,
                tool,
                arguments,
            },
            None => Tool::Other { name, arguments },
        }
    }
}

macro_rules! tool_of {
    ($($event:ident),*) => {
        $(
            impl crate::codex::event::$event {
                /// The tool's arguments, typed by `tool_name` (see
                /// [`codex::tools`](crate::codex::tools)).
                pub fn tool(&self) -> Tool<'_> {
                    Tool::of(&self.tool_name, &self.tool_input)
                }
            }
        )*
    };
}
tool_of!(PreToolUse, PermissionRequest, PostToolUse);
