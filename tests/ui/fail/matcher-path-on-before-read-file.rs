use cursor_hooks::prelude::*;

// beforeReadFile's matcher is tested against the tool type (always `Read`), not the path:
// this secrets guard would never run.
#[cursor_hook(event = "beforeReadFile", matcher = "\\.env$")]
fn secrets(_input: BeforeReadFile) -> BeforeReadFileResponse {
    no_opinion()
}

cursor_hooks::main!(secrets);
