use cursor_hooks::prelude::*;

// `no_opinion()` is generic over the response type, so a setter cannot follow it.
#[cursor_hook(event = "stop")]
fn verify(_input: Stop) -> StopResponse {
    no_opinion().followup_message("run the tests")
}

cursor_hooks::main!(verify);
