//! The binary under test, one for both editors' payloads: a shell guard (denies a command containing [`SHELL_RULE`]) and a
//! file guard (denies a path containing [`FILE_RULE`]) on each event of both editors that
//! decides what runs, built twice: once `fail = "open"` ([`open`]), once `fail = "closed"`
//! ([`closed`]). They read tool arguments through today's public API, as a user's guard does.

/// A command containing this is denied.
pub const SHELL_RULE: &str = "rm -rf";
/// A file path containing this is denied.
pub const FILE_RULE: &str = ".env";
/// The reason every guard's deny carries: it tells a guard's deny from the failure policy's.
pub const GUARD_REASON: &str = "denied by the fuzz guard";

/// Whether the shell guard denies `command`.
pub fn shell_denies(command: &str) -> bool {
    command.contains(SHELL_RULE)
}

/// Whether the file guard denies `path`.
pub fn file_denies(path: &str) -> bool {
    path.contains(FILE_RULE)
}

macro_rules! guards {
    ($policy:literal) => {
        use super::{file_denies, shell_denies, GUARD_REASON};
        use cursor_hooks::claude::prelude as claude;
        use cursor_hooks::claude_hook;
        use cursor_hooks::prelude::*;
        use cursor_hooks::testing::Entry;

        /// Cursor's `beforeShellExecution`: the command.
        #[cursor_hook(event = "beforeShellExecution", fail = $policy)]
        fn shell(input: &BeforeShellExecution) -> BeforeShellExecutionResponse {
            if shell_denies(&input.command) {
                BeforeShellExecutionResponse::deny(GUARD_REASON)
            } else {
                no_opinion()
            }
        }

        /// Cursor's `preToolUse`: `Shell`'s command, `Read`'s and `Write`'s path, an MCP
        /// tool's `command` argument.
        #[cursor_hook(event = "preToolUse", fail = $policy)]
        fn pre_tool(input: &PreToolUse) -> PreToolUseResponse {
            // The typed arguments: a wrongly typed or missing `command` or `file_path` is
            // answered by the failure policy.
            // `tool()` reads the called tool's required arguments, so a guard asks for it only
            // on the tools it guards (a Grep call with a broken argument is not its business).
            if !matches!(input.tool_name.as_str(), "Shell" | "Read" | "Write")
                && !input.tool_name.starts_with("MCP:")
            {
                return no_opinion();
            }
            let denied = match input.tool() {
                cursor_hooks::cursor::tools::Tool::Shell(shell) => shell_denies(&shell.command),
                cursor_hooks::cursor::tools::Tool::Read(read) => file_denies(&read.file_path),
                cursor_hooks::cursor::tools::Tool::Write(write) => file_denies(&write.file_path),
                cursor_hooks::cursor::tools::Tool::Mcp { arguments, .. } => {
                    arguments.str("command").is_some_and(shell_denies)
                }
                _ => false,
            };
            if denied {
                PreToolUseResponse::deny(GUARD_REASON)
            } else {
                no_opinion()
            }
        }

        /// Cursor's `beforeReadFile`: the path.
        #[cursor_hook(event = "beforeReadFile", fail = $policy)]
        fn read(input: &BeforeReadFile) -> BeforeReadFileResponse {
            if file_denies(&input.file_path) {
                BeforeReadFileResponse::deny(GUARD_REASON)
            } else {
                no_opinion()
            }
        }

        /// Cursor's `beforeMCPExecution`: the tool's `command` argument.
        #[cursor_hook(event = "beforeMCPExecution", fail = $policy)]
        fn mcp(input: &BeforeMCPExecution) -> BeforeMCPExecutionResponse {
            let command = input.tool_input.as_ref().and_then(|t| t.str("command"));
            if command.is_some_and(shell_denies) {
                BeforeMCPExecutionResponse::deny(GUARD_REASON)
            } else {
                no_opinion()
            }
        }

        /// Claude Code's `PreToolUse`: `Bash`'s command, `Read`'s, `Write`'s and `Edit`'s
        /// path, an `mcp__` tool's `command` argument.
        #[claude_hook(event = "PreToolUse", fail = $policy)]
        fn claude_pre_tool(input: &claude::PreToolUse) -> claude::PreToolUseResponse {
            use cursor_hooks::claude::tools::Tool;
            // As above: only the tools it guards.
            if !matches!(input.tool_name.as_str(), "Bash" | "Read" | "Write" | "Edit")
                && !input.tool_name.starts_with("mcp__")
            {
                return no_opinion();
            }
            let denied = match input.tool() {
                Tool::Bash(bash) => shell_denies(&bash.command),
                Tool::Read(read) => file_denies(&read.file_path),
                Tool::Write(write) => file_denies(&write.file_path),
                Tool::Edit(edit) => file_denies(&edit.file_path),
                Tool::Mcp { arguments, .. } => arguments.str("command").is_some_and(shell_denies),
                _ => false,
            };
            if denied {
                claude::PreToolUseResponse::deny(GUARD_REASON)
            } else {
                no_opinion()
            }
        }

        /// The binary: `main!(shell, pre_tool, read, mcp, claude_pre_tool)`, both editors'
        /// guards in one, as a project wired for both builds it.
        pub const BINARY: &[Entry] = &[
            Entry::cursor::<shell>(),
            Entry::cursor::<pre_tool>(),
            Entry::cursor::<read>(),
            Entry::cursor::<mcp>(),
            Entry::claude::<claude_pre_tool>(),
        ];
    };
}

/// The guards with `fail = "open"`.
pub mod open {
    guards!("open");
}

/// The guards with `fail = "closed"`.
pub mod closed {
    guards!("closed");
}

/// The handlers of the binary whose guards have `policy`.
pub fn entries(policy: crate::Policy) -> &'static [cursor_hooks::testing::Entry] {
    match policy {
        crate::Policy::Open => open::BINARY,
        crate::Policy::Closed => closed::BINARY,
    }
}
