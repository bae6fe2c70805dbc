use cursor_hooks::claude::prelude::*;

// An MCP tool is `mcp__<server>__<tool>`: a server's name alone is no tool's name.
#[claude_hook(event = "PreToolUse", matcher = "mcp__github")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
