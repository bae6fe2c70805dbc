use cursor_hooks::prelude::*;

// `preCompact` can only show the user a notice.
#[cursor_hook(event = "preCompact")]
fn compact(_input: PreCompact) -> PreCompactResponse {
    PreCompactResponse {
        followup_message: Some("summarise the plan first".into()),
        ..Default::default()
    }
}

cursor_hooks::main!(compact);
