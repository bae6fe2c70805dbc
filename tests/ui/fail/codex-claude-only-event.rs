use cursor_hooks::codex::prelude::*;

// Claude Code has a Notification event; Codex does not.
#[codex_hook(event = "Notification")]
fn notified(_input: Stop) {}

cursor_hooks::main!(notified);
