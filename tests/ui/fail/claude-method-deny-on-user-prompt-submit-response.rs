use cursor_hooks::claude::prelude::*;

// A prompt is blocked, not denied: only permission events take `permissionDecision`.
#[claude_hook(event = "UserPromptSubmit")]
fn prompt(_input: UserPromptSubmit) -> UserPromptSubmitResponse {
    UserPromptSubmitResponse::deny("no secrets in prompts")
}

cursor_hooks::main!(prompt);
