use cursor_hooks::prelude::*;

// A Claude Code habit: its top-level `systemMessage`; Cursor shows the user `user_message`.
#[cursor_hook(event = "preToolUse")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    PreToolUseResponse::deny("blocked").system_message("the guard blocked a tool")
}

cursor_hooks::main!(guard);
