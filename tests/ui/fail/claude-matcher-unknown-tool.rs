use cursor_hooks::claude::prelude::*;

// A list of names is compared exactly: `Bsh` is no tool.
#[claude_hook(event = "PreToolUse", matcher = "Bsh")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
