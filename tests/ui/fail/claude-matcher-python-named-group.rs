use cursor_hooks::claude::prelude::*;

// Python's named group: JavaScript writes `(?<name>...)`.
#[claude_hook(event = "PreToolUse", matcher = "(?P<tool>Bash)|Edit")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
