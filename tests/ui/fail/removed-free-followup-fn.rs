use cursor_hooks::prelude::*;

// The free `followup(..)` is gone: `followup_message` is set like any other field.
#[cursor_hook(event = "stop")]
fn verify(_input: Stop) -> StopResponse {
    followup("run the tests")
}

cursor_hooks::main!(verify);
