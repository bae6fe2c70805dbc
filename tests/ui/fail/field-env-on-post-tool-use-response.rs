use cursor_hooks::prelude::*;

// `env` is a `sessionStart` answer only.
#[cursor_hook(event = "postToolUse")]
fn after_tool(_input: PostToolUse) -> PostToolUseResponse {
    PostToolUseResponse {
        env: Some([("STAGE".to_string(), "test".to_string())].into()),
        ..Default::default()
    }
}

cursor_hooks::main!(after_tool);
