use cursor_hooks::claude::prelude::*;

// A misspelled option and a misspelled event: each is one error, both in one compile.
#[claude_hook(event = "PreToolUze", timout = 5)]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
