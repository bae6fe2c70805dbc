use cursor_hooks::claude::prelude::*;

// A reason without `decision: "block"` keeps nothing going: the reason goes with the block.
#[claude_hook(event = "Stop")]
fn verify(_input: Stop) -> StopResponse {
    StopResponse::default().reason("run the tests first")
}

cursor_hooks::main!(verify);
