use cursor_hooks::copilot::prelude::*;

// A Claude Code habit: `*` for every tool. Copilot runs a `*` matcher on no tool at all.
#[copilot_hook(event = "preToolUse", matcher = "*")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
