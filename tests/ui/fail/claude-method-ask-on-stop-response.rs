use cursor_hooks::claude::prelude::*;

#[claude_hook(event = "Stop")]
fn verify(_input: Stop) -> StopResponse {
    StopResponse::ask("continue?")
}

cursor_hooks::main!(verify);
