mod outer {
    pub mod hooks {
        use cursor_hooks::claude::prelude::*;

        // `pub(super)` is visible in `outer` only, and `main!` calls it from the crate root.
        #[claude_hook(event = "PreToolUse")]
        pub(super) fn guard(_input: PreToolUse) -> PreToolUseResponse {
            no_opinion()
        }
    }
}

cursor_hooks::main!(outer::hooks::guard);
