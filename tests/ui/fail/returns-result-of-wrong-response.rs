use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution")]
fn guard(_input: BeforeShellExecution) -> Result<StopResponse, std::io::Error> {
    Ok(no_opinion())
}

cursor_hooks::main!(guard);
