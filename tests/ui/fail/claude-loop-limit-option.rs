use cursor_hooks::claude::prelude::*;

// `loop_limit` is a Cursor hooks.json option.
#[claude_hook(event = "Stop", loop_limit = 3)]
fn verify(_input: Stop) -> StopResponse {
    no_opinion()
}

cursor_hooks::main!(verify);
