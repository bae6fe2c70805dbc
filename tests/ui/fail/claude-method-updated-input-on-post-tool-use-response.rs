use cursor_hooks::claude::prelude::*;

// Only PreToolUse applies `updatedInput`: after the tool ran, it is too late.
#[claude_hook(event = "PostToolUse")]
fn after(_input: PostToolUse) -> PostToolUseResponse {
    PostToolUseResponse::default().updated_input(serde_json::json!({ "command": "ls" }))
}

cursor_hooks::main!(after);
