use cursor_hooks::prelude::*;

// Longer than either editor's default, and still seconds: a quarter of an hour. Neither editor
// caps a timeout.
#[cursor_hook(event = "stop", timeout = 900)]
fn long_check(_input: Stop) -> StopResponse {
    no_opinion()
}

#[claude_hook(event = "Stop", timeout = 900)]
fn claude_long_check(_input: claude::Stop) -> claude::StopResponse {
    no_opinion()
}

main!(long_check, claude_long_check);
