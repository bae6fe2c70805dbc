//! Tells the agent, at the start of a session, which git branch the project is on. Cursor only:
//! the benchmark's binary without a Claude Code handler (see `src/bin/session-context.rs`).
//!
//! Reads `.git/HEAD` directly instead of starting `git`: a hook runs on every session start,
//! and a file read costs microseconds where a process costs milliseconds.

use cursor_hooks::prelude::*;
use std::path::Path;

/// The note used when the project is not a git repository.
pub const NO_REPOSITORY: &str = "This project is not a git repository.";

/// The context line for a project: its branch, a detached head, or [`NO_REPOSITORY`].
pub fn describe(project: &Path) -> String {
    match head(project) {
        Some(head) => match head.strip_prefix("ref: refs/heads/") {
            Some(branch) => format!("The project is on git branch `{branch}`."),
            None => format!(
                "The project's git HEAD is detached at {}.",
                &head[..head.len().min(12)]
            ),
        },
        None => NO_REPOSITORY.to_owned(),
    }
}

/// The first line of `HEAD`, following a `.git` file (worktrees, submodules) to its directory.
fn head(project: &Path) -> Option<String> {
    let dot_git = project.join(".git");
    let git_dir = if dot_git.is_file() {
        let pointer = std::fs::read_to_string(&dot_git).ok()?;
        let target = pointer.strip_prefix("gitdir:")?.trim();
        project.join(target)
    } else {
        dot_git
    };
    let head = std::fs::read_to_string(git_dir.join("HEAD")).ok()?;
    Some(head.lines().next()?.trim().to_owned()).filter(|h| !h.is_empty())
}

/// `sessionStart`.
#[cursor_hook(event = "sessionStart", timeout = 5)]
pub fn session_start(input: &SessionStart) -> SessionStartResponse {
    let context = input
        .common
        .project_dir()
        .map_or_else(|| NO_REPOSITORY.to_owned(), |dir| describe(&dir));
    SessionStartResponse::default().additional_context(context)
}
