use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution")]
fn guard(_input: BeforeShellExecution) -> String {
    r#"{"permission":"deny"}"#.to_string()
}

cursor_hooks::main!(guard);
