use cursor_hooks::copilot::prelude::*;

// Copilot reads `decision: "block"` only on agentStop and userPromptSubmitted; preToolUse denies.
#[copilot_hook(event = "preToolUse", matcher = "bash")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    PreToolUseResponse::block("rm -rf is blocked")
}

cursor_hooks::main!(guard);
