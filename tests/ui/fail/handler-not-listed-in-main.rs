// A second handler written and left out of `main!`: the editor's calls never reach it.
use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution")]
fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    no_opinion()
}

#[claude_hook(event = "Stop")]
fn verify(_input: claude::Stop) -> claude::StopResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
