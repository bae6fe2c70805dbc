use cursor_hooks::codex::prelude::*;

// Only PreToolUse rewrites a tool's input; after the tool ran it is too late.
#[codex_hook(event = "PostToolUse")]
fn after(_input: PostToolUse) -> PostToolUseResponse {
    PostToolUseResponse::default().updated_input(cursor_hooks::serde_json::json!({"command": "ls"}))
}

cursor_hooks::main!(after);
