use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeReadFile")]
fn secrets(_input: BeforeReadFile) -> BeforeReadFileResponse {
    BeforeReadFileResponse::deny("secrets stay local")
}

#[cursor_hook(event = "beforeSubmitPrompt")]
fn prompt(_input: BeforeSubmitPrompt) -> BeforeSubmitPromptResponse {
    BeforeSubmitPromptResponse::block("no secrets in prompts")
}

#[cursor_hook(event = "workspaceOpen")]
fn open(_input: WorkspaceOpen) -> WorkspaceOpenResponse {
    WorkspaceOpenResponse::default().plugin_paths(["./plugins"])
}

cursor_hooks::main!(secrets, prompt, open);
