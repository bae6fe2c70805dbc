use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution")]
fn guard(input: BeforeShellExecution) {
    eprintln!("{}", input.command);
}

cursor_hooks::main!(guard);
