use cursor_hooks::claude::prelude::*;

// Response types are `#[non_exhaustive]`: built with constructors and setters.
#[claude_hook(event = "PreToolUse")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    PreToolUseResponse { system_message: Some("checked".into()), ..Default::default() }
}

cursor_hooks::main!(guard);
