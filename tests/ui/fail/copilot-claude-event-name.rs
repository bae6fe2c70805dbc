use cursor_hooks::copilot::prelude::*;

// Claude Code's PascalCase name: Copilot's own event is `preToolUse`.
#[copilot_hook(event = "PreToolUse")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
