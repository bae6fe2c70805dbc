use cursor_hooks::claude::prelude::*;

// Claude Code's prelude has no free answer functions: a decision is the response's constructor.
#[claude_hook(event = "PreToolUse")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    deny("rm -rf is blocked")
}

cursor_hooks::main!(guard);
