//! A handler in a module may share its name with a module that module imports (`use std::env;`
//! beside `fn env`), and `main!` lists it by its path: what the attribute writes beside it
//! takes another name there, which `main!` finds through the handler's own module (before, it
//! found only the private import and said `hooks::env` had no attribute).
mod hooks {
    use cursor_hooks::prelude::*;
    use std::env;

    #[cursor_hook(event = "sessionStart")]
    pub fn env(input: SessionStart) -> SessionStartResponse {
        let _ = (env::var("HOME"), input);
        no_opinion()
    }
}

cursor_hooks::main!(hooks::env);
