//! A handler may share its name with a module the file imports (`use std::env;` beside
//! `fn env`): what the attribute writes next to it must not take the module's name.
use cursor_hooks::prelude::*;
use std::env;

#[cursor_hook(event = "sessionStart")]
fn env(input: SessionStart) -> SessionStartResponse {
    let _ = (env::var("HOME"), input);
    no_opinion()
}

cursor_hooks::main!(env);
