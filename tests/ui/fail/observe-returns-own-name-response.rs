use cursor_hooks::prelude::*;

// `afterFileEdit` is observe-only: there is no response to send.
#[cursor_hook(event = "afterFileEdit")]
fn audit(_input: AfterFileEdit) -> AfterFileEditResponse {
    panic!("the macro rejects the return type before this body is type-checked")
}

cursor_hooks::main!(audit);
