//! Claude Code handlers only, for the `install --claude` tests: a guard on `Bash` with a timeout
//! that fails closed, and two handlers of events without a matcher.

use cursor_hooks::claude::prelude::*;

#[claude_hook(event = "PreToolUse", matcher = "Bash", timeout = 5, fail = "closed")]
fn shell_guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

#[claude_hook(event = "UserPromptSubmit")]
fn prompt_guard(_input: UserPromptSubmit) -> UserPromptSubmitResponse {
    no_opinion()
}

#[claude_hook(event = "Stop")]
fn stop(_input: Stop) -> StopResponse {
    no_opinion()
}

cursor_hooks::main!(shell_guard, prompt_guard, stop);
