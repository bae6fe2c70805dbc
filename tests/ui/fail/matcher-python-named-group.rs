use cursor_hooks::prelude::*;

// Python's named group: JavaScript writes `(?<name>...)`.
#[cursor_hook(event = "preToolUse", matcher = "(?P<tool>Shell|Write)")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
