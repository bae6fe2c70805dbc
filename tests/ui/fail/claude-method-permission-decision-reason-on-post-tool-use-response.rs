use cursor_hooks::claude::prelude::*;

// The tool already ran: PostToolUse takes no permission decision.
#[claude_hook(event = "PostToolUse")]
fn after(_input: PostToolUse) -> PostToolUseResponse {
    PostToolUseResponse::allow()
}

cursor_hooks::main!(after);
