//! Claude Code's tools: `Bash`, `Read`, `Write`, `Edit`, `MultiEdit`, `Glob`, `Grep`,
//! `WebFetch`, `NotebookEdit`, and `mcp__<server>__<tool>` as its own [`ToolInput`]
//! (`spec/tools.json`). Reading them follows the same rules as Cursor's ([`crate::tools`]).
//!
//! ```
//! use cursor_hooks::claude::prelude::*;
//! use cursor_hooks::claude::tools::Tool;
//!
//! let input = PreToolUse::fixture().tool_name("Read").tool_input(serde_json::json!({"file_path": "/p/.env"})).build();
//! match input.tool() {
//!     Tool::Read(read) => assert_eq!(read.file_path, "/p/.env"),
//!     other => panic!("read as {other:?}"),
//! }
//! ```

use crate::tools::{arguments, TextEdit};
use crate::ToolInput;

arguments! {
    /// Claude Code's `Bash` tool.
    Bash = "Bash" {
        /// The command line Bash runs.
        command: required String = "command",
        /// What it does, in words.
        description: optional String = "description",
        /// Milliseconds.
        timeout: optional f64 = "timeout",
        /// Runs without waiting.
        run_in_background: optional bool = "run_in_background",
    }
}

arguments! {
    /// Claude Code's `Read` tool.
    Read = "Read" {
        /// The file read (absolute).
        file_path: required String = "file_path",
        /// The first line read.
        offset: optional f64 = "offset",
        /// How many lines.
        limit: optional f64 = "limit",
    }
}

arguments! {
    /// Claude Code's `Write` tool.
    Write = "Write" {
        /// The file written (absolute).
        file_path: required String = "file_path",
        /// The new content.
        content: optional String = "content",
    }
}

arguments! {
    /// Claude Code's `Edit` tool.
    Edit = "Edit" {
        /// The file edited (absolute).
        file_path: required String = "file_path",
        /// The text replaced.
        old_string: optional String = "old_string",
        /// Its replacement.
        new_string: optional String = "new_string",
        /// Every occurrence, not one.
        replace_all: optional bool = "replace_all",
    }
}

arguments! {
    /// Claude Code's `MultiEdit` tool.
    MultiEdit = "MultiEdit" {
        /// The file edited (absolute).
        file_path: required String = "file_path",
        /// The edits, applied in order.
        edits: optional Vec<TextEdit> = "edits",
    }
}

arguments! {
    /// Claude Code's `Glob` tool.
    Glob = "Glob" {
        /// The glob.
        pattern: required String = "pattern",
        /// Where to look.
        path: optional String = "path",
    }
}

arguments! {
    /// Claude Code's `Grep` tool.
    Grep = "Grep" {
        /// The regex searched for.
        pattern: required String = "pattern",
        /// Where to search.
        path: optional String = "path",
        /// Which files.
        glob: optional String = "glob",
        /// `content`, `files_with_matches` or `count`.
        output_mode: optional String = "output_mode",
    }
}

arguments! {
    /// Claude Code's `WebFetch` tool.
    WebFetch = "WebFetch" {
        /// The URL fetched.
        url: required String = "url",
        /// What to do with the page.
        prompt: optional String = "prompt",
    }
}

arguments! {
    /// Claude Code's `NotebookEdit` tool.
    NotebookEdit = "NotebookEdit" {
        /// The notebook edited (absolute).
        notebook_path: required String = "notebook_path",
        /// The cell's new source.
        new_source: optional String = "new_source",
        /// The cell.
        cell_id: optional String = "cell_id",
        /// `code` or `markdown`.
        cell_type: optional String = "cell_type",
        /// `replace`, `insert` or `delete`.
        edit_mode: optional String = "edit_mode",
    }
}

/// A Claude Code tool call's arguments, typed by its `tool_name`.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Tool<'a> {
    /// `Bash`.
    Bash(Bash),
    /// `Read`.
    Read(Read),
    /// `Write`.
    Write(Write),
    /// `Edit`.
    Edit(Edit),
    /// `MultiEdit`.
    MultiEdit(MultiEdit),
    /// `Glob`.
    Glob(Glob),
    /// `Grep`.
    Grep(Grep),
    /// `WebFetch`.
    WebFetch(WebFetch),
    /// `NotebookEdit`.
    NotebookEdit(NotebookEdit),
    /// `mcp__<server>__<tool>`: the tool's own arguments.
    Mcp {
        /// The server's name (`plugin_<plugin>_<server>` for a plugin's).
        server: &'a str,
        /// The tool's name.
        tool: &'a str,
        /// Its arguments.
        arguments: &'a ToolInput,
    },
    /// A tool no type is defined for (`Task`, `WebSearch`, ...).
    Other {
        /// `tool_name`.
        name: &'a str,
        /// Its arguments.
        arguments: &'a ToolInput,
    },
}

impl<'a> Tool<'a> {
    /// The arguments of `name` typed, as
    /// [`PreToolUse::tool`](crate::claude::event::PreToolUse::tool) reads them.
    pub fn of(name: &'a str, arguments: &'a ToolInput) -> Tool<'a> {
        match name {
            Bash::TOOL => Tool::Bash(Bash::from_arguments(arguments)),
            Read::TOOL => Tool::Read(Read::from_arguments(arguments)),
            Write::TOOL => Tool::Write(Write::from_arguments(arguments)),
            Edit::TOOL => Tool::Edit(Edit::from_arguments(arguments)),
            MultiEdit::TOOL => Tool::MultiEdit(MultiEdit::from_arguments(arguments)),
            Glob::TOOL => Tool::Glob(Glob::from_arguments(arguments)),
            Grep::TOOL => Tool::Grep(Grep::from_arguments(arguments)),
            WebFetch::TOOL => Tool::WebFetch(WebFetch::from_arguments(arguments)),
            NotebookEdit::TOOL => Tool::NotebookEdit(NotebookEdit::from_arguments(arguments)),
            _ => match name
                .strip_prefix("mcp__")
                .and_then(|rest| rest.split_once("__"))
            {
                Some((server, tool)) => Tool::Mcp {
                    server,
                    tool,
                    arguments,
                },
                None => Tool::Other { name, arguments },
            },
        }
    }
}

macro_rules! tool_of {
    ($($event:ident),*) => {
        $(
            impl crate::claude::event::$event {
                /// The tool's arguments, typed by `tool_name` (see
                /// [`claude::tools`](crate::claude::tools)).
                pub fn tool(&self) -> Tool<'_> {
                    Tool::of(&self.tool_name, &self.tool_input)
                }
            }
        )*
    };
}
tool_of!(
    PreToolUse,
    PermissionRequest,
    PermissionDenied,
    PostToolUse,
    PostToolUseFailure
);
