use cursor_hooks::claude::prelude::*;

// A matcher is one string; several tools are written `"Bash|Write"`.
#[claude_hook(event = "PreToolUse", matcher = ["Bash", "Write"])]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
