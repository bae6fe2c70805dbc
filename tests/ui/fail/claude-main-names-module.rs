mod hooks {
    use cursor_hooks::claude::prelude::*;

    #[claude_hook(event = "PreToolUse")]
    pub fn guard(_input: PreToolUse) -> PreToolUseResponse {
        no_opinion()
    }
}

// `main!` lists handlers, not the module that holds them.
cursor_hooks::main!(hooks);
