use cursor_hooks::prelude::*;

// `workspaceOpen` cannot block opening the workspace.
#[cursor_hook(event = "workspaceOpen")]
fn open(_input: WorkspaceOpen) -> WorkspaceOpenResponse {
    WorkspaceOpenResponse {
        permission: Some(Permission::Deny),
        ..Default::default()
    }
}

cursor_hooks::main!(open);
