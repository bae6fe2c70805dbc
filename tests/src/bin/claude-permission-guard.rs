//! A Claude Code PermissionRequest guard for the Copilot live tests
//! (`tests/tests/copilot_live.rs`): it refuses the permission for any shell command that
//! deletes recursively. GitHub Copilot CLI sends this entry its own camelCase payload and reads
//! its own flat answer.

use cursor_hooks::claude::prelude::*;

#[claude_hook(event = "PermissionRequest", matcher = "Bash", timeout = 5)]
fn permission_guard(input: &PermissionRequest) -> PermissionRequestResponse {
    match input.tool() {
        Tool::Bash(bash) if bash.command.contains("rm -rf") => {
            PermissionRequestResponse::deny("recursive deletes need a person's approval")
        }
        _ => no_opinion(),
    }
}

cursor_hooks::main!(permission_guard);
