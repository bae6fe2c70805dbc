use cursor_hooks::claude::prelude::*;

// `ask` says whether Cursor's `ask` is downgraded; Claude Code honours `ask`.
#[claude_hook(event = "PreToolUse", ask = "keep")]
fn guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

cursor_hooks::main!(guard);
