use cursor_hooks::prelude::*;

// Claude Code spells its events in PascalCase; Cursor's are camelCase.
#[cursor_hook(event = "PreToolUse")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
