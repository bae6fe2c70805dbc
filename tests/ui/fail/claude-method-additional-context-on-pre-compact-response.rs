use cursor_hooks::claude::prelude::*;

#[claude_hook(event = "PreCompact")]
fn compact(_input: PreCompact) -> PreCompactResponse {
    PreCompactResponse::default().additional_context("keep the plan")
}

cursor_hooks::main!(compact);
