//! A handler may share its name with a module of the same file: what the attribute writes next
//! to it must not take the module's name.
use cursor_hooks::claude::prelude::*;

mod audit {
    pub fn line(tool: &str) -> String {
        format!("ran {tool}")
    }
}

#[claude_hook(event = "PostToolUse")]
fn audit(input: PostToolUse) -> PostToolUseResponse {
    let _ = audit::line(&input.tool_name);
    no_opinion()
}

cursor_hooks::main!(audit);
