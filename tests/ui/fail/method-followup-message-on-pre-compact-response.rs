use cursor_hooks::prelude::*;

// `preCompact` can only show the user a notice.
#[cursor_hook(event = "preCompact")]
fn compact(_input: PreCompact) -> PreCompactResponse {
    PreCompactResponse::default().followup_message("summarise the plan first")
}

cursor_hooks::main!(compact);
