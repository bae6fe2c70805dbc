use cursor_hooks::prelude::*;

// Cursor's shell tool is `Shell`, not Claude Code's `Bash`.
#[cursor_hook(event = "preToolUse", matcher = "^Bash$")]
fn pre_tool(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(pre_tool);
