use cursor_hooks::claude::prelude::*;

// Cursor spells its events in camelCase; Claude Code's are PascalCase.
#[claude_hook(event = "preToolUse")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
