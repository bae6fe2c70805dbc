use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution")]
fn guard(input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    if input.command.contains("rm -rf") {
        BeforeShellExecutionResponse::deny("rm -rf is blocked: delete specific paths instead")
    } else {
        no_opinion()
    }
}

#[cursor_hook(event = "beforeReadFile")]
fn secrets(input: &BeforeReadFile) -> BeforeReadFileResponse {
    if input.file_path.ends_with(".env") { BeforeReadFileResponse::deny("secrets stay local") } else { BeforeReadFileResponse::allow() }
}

fn main() {
    let shell: BeforeShellExecution = serde_json::from_str(
        r#"{"hook_event_name":"beforeShellExecution","command":"rm -rf /","cwd":"/","cursor_version":"2.4.0"}"#,
    )
    .unwrap();
    assert_eq!(guard(shell).permission, Some(PermissionOrAsk::Deny));
    let read: BeforeReadFile = serde_json::from_str(
        r#"{"hook_event_name":"beforeReadFile","file_path":"/repo/.env","content":"","cursor_version":"2.4.0"}"#,
    )
    .unwrap();
    assert_eq!(secrets(&read).permission, Some(Permission::Deny));
}
