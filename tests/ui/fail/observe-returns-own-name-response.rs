use cursor_hooks::prelude::*;

// `afterFileEdit` is observe-only: there is no response to send.
#[cursor_hook(event = "afterFileEdit")]
fn audit(_input: AfterFileEdit) -> AfterFileEditResponse {
    todo!()
}

cursor_hooks::main!(audit);
