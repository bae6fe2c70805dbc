use cursor_hooks::claude::prelude::*;

#[claude_hook(event = "PreToolUse")]
struct Guard;

fn main() {}
