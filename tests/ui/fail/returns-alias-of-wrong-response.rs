use cursor_hooks::prelude::*;

// An alias hides the response's name from the attribute; the type check still names it.
type Answer = Option<StopResponse>;

#[cursor_hook(event = "beforeReadFile")]
fn secrets(_input: BeforeReadFile) -> Answer {
    None
}

cursor_hooks::main!(secrets);
