//! A Claude Code guard on `PreToolUse` and on `PreSkillShellCommand` (Claude Code 2.1.332 and
//! later), for the tests of `install --claude` against the installed Claude Code's version.

use cursor_hooks::claude::prelude::*;

#[claude_hook(event = "PreToolUse", matcher = "Bash")]
fn bash_guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

#[claude_hook(event = "PreSkillShellCommand")]
fn skill_guard(_input: PreSkillShellCommand) -> PreSkillShellCommandResponse {
    no_opinion()
}

cursor_hooks::main!(bash_guard, skill_guard);
