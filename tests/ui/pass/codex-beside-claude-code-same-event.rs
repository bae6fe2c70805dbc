use cursor_hooks::prelude::*;

// Claude Code and Codex share event names: one binary holds a handler of each, and the wiring
// (`--host claude-code|codex --event PreToolUse`) picks one.
#[claude_hook(event = "PreToolUse", matcher = "Bash")]
fn claude_guard(_input: &claude::PreToolUse) -> claude::PreToolUseResponse {
    claude::PreToolUseResponse::ask("sure?")
}

#[codex_hook(event = "PreToolUse", matcher = "Bash")]
fn codex_guard(_input: &codex::PreToolUse) -> codex::PreToolUseResponse {
    codex::PreToolUseResponse::deny("Codex cannot ask")
}

main!(claude_guard, codex_guard);
