use cursor_hooks::codex::prelude::*;

// Codex rejects `suppressOutput` on PostToolUse.
#[codex_hook(event = "PostToolUse")]
fn post(_input: PostToolUse) -> PostToolUseResponse {
    PostToolUseResponse::default().suppress_output(true)
}

cursor_hooks::main!(post);
