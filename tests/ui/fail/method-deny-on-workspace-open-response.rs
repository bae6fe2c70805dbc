use cursor_hooks::prelude::*;

// `workspaceOpen` cannot block opening the workspace.
#[cursor_hook(event = "workspaceOpen")]
fn open(_input: WorkspaceOpen) -> WorkspaceOpenResponse {
    WorkspaceOpenResponse::deny("not this workspace")
}

cursor_hooks::main!(open);
