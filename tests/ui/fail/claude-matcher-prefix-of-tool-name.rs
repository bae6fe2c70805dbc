use cursor_hooks::claude::prelude::*;

// Letters only: exact names, not searched as a regex, so `Bas` does not match `Bash`.
#[claude_hook(event = "PreToolUse", matcher = "Bas|Rea")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
