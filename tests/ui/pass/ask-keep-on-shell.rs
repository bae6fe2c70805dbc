use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution", ask = "keep", matcher = "^git (push|reset)")]
fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    BeforeShellExecutionResponse::ask("push to the remote?")
}

#[cursor_hook(event = "preToolUse", ask = "downgrade", matcher = "[(]?Shell")]
fn tools(_input: PreToolUse) -> PreToolUseResponse {
    PreToolUseResponse::default()
}

cursor_hooks::main!(guard, tools);
