use cursor_hooks::prelude::*;

// A read's own answer: Cursor's beforeReadFile answer, sent at that event only.
#[hook(on = "tool.before", tool = "read", hosts = (Cursor))]
fn read(call: &ReadCall) -> ReadAnswer {
    if call.path().ends_with(".env") {
        ReadAnswer::deny(".env holds secrets")
            .instead(cursor::BeforeReadFileResponse::deny(".env holds secrets (Tab too)"))
    } else {
        no_opinion()
    }
}

cursor_hooks::main!(read);
