use cursor_hooks::prelude::*;

// A file glob is no regex, and beforeReadFile's matcher is tested against the tool type
// (always `Read` in Cursor's own code), never the path.
#[cursor_hook(event = "beforeReadFile", matcher = "*.env")]
fn secrets(_input: BeforeReadFile) -> BeforeReadFileResponse {
    no_opinion()
}

cursor_hooks::main!(secrets);
