use cursor_hooks::prelude::*;

// `pluginPaths` is a `workspaceOpen` answer only.
#[cursor_hook(event = "sessionStart")]
fn start(_input: SessionStart) -> SessionStartResponse {
    SessionStartResponse::default().plugin_paths(["./plugins"])
}

cursor_hooks::main!(start);
