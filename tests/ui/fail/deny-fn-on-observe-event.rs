use cursor_hooks::prelude::*;

#[cursor_hook(event = "afterFileEdit")]
fn audit(_input: AfterFileEdit) {
    deny("too late: the file is already written")
}

cursor_hooks::main!(audit);
