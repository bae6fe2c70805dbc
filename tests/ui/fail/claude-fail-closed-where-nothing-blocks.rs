use cursor_hooks::claude::prelude::*;

// `PostToolUseFailure` comes after the tool failed: no hook blocks anything there, so a
// fail-closed policy would promise a block Claude Code never makes.
#[claude_hook(event = "PostToolUseFailure", fail = "closed")]
fn failure_check(_input: &PostToolUseFailure) -> PostToolUseFailureResponse {
    no_opinion()
}

cursor_hooks::main!(failure_check);
