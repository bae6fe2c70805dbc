use cursor_hooks::claude::prelude::*;

// `Shell` is Cursor's tool type; Claude Code's shell tool is `Bash`.
#[claude_hook(event = "PreToolUse", matcher = "Shell")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
