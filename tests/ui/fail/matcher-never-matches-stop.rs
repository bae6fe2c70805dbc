use cursor_hooks::prelude::*;

#[cursor_hook(event = "stop", matcher = "completed")]
fn stop(_input: Stop) -> StopResponse {
    no_opinion()
}

cursor_hooks::main!(stop);
