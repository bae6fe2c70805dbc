use cursor_hooks::copilot::prelude::*;

// Only userPromptSubmitted rewrites a prompt.
#[copilot_hook(event = "preToolUse")]
fn rewrite(_input: PreToolUse) -> PreToolUseResponse {
    PreToolUseResponse::allow().modified_prompt("be brief")
}

cursor_hooks::main!(rewrite);
