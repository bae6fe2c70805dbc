use cursor_hooks::prelude::*;

// A handler that never returns (it always panics, and the panic is answered by the failure
// policy) compiles on any event.
#[cursor_hook(event = "beforeShellExecution")]
fn unfinished(_input: &BeforeShellExecution) -> ! {
    panic!("this hook gives up on every payload: the failure policy answers")
}

cursor_hooks::main!(unfinished);
