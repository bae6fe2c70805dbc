use cursor_hooks::codex::prelude::*;

// Cursor's camelCase name; Codex's events are PascalCase.
#[codex_hook(event = "preToolUse")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
