//! Claude Code's `NotebookEdit` tool, by name and by the docs' own `Notebook.*` regex.
use cursor_hooks::claude::prelude::*;

#[claude_hook(event = "PreToolUse", matcher = "NotebookEdit")]
fn notebook(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

#[claude_hook(event = "PostToolUse", matcher = "Notebook.*")]
fn notebook_edited(_input: PostToolUse) -> PostToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(notebook, notebook_edited);
