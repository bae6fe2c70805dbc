//! Two `main!` calls under opposite `#[cfg]`s: the compiler keeps one, so neither is a second
//! `main!` (the one this build keeps is the later).
use cursor_hooks::prelude::*;

#[cursor_hook(event = "stop")]
fn verify(_input: Stop) -> StopResponse {
    no_opinion()
}

#[cfg(not(debug_assertions))]
cursor_hooks::main!(verify);
#[cfg(debug_assertions)]
cursor_hooks::main!(verify);
