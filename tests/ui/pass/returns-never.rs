use cursor_hooks::prelude::*;

// A handler that never returns (it always panics, and the panic is answered by the failure
// policy) compiles on any event.
#[cursor_hook(event = "beforeShellExecution")]
fn unfinished(_input: &BeforeShellExecution) -> ! {
    todo!()
}

cursor_hooks::main!(unfinished);
