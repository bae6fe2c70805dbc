use cursor_hooks::prelude::*;

#[cursor_hook(event = "preToolUse", ask = "keep")]
fn pre_tool(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(pre_tool);
