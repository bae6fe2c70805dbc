use cursor_hooks::prelude::*;

// `pluginPaths` is a `workspaceOpen` answer only.
#[cursor_hook(event = "sessionStart")]
fn start(_input: SessionStart) -> SessionStartResponse {
    SessionStartResponse {
        plugin_paths: Some(vec!["./plugins".into()]),
        ..Default::default()
    }
}

cursor_hooks::main!(start);
