//! A handler may be named like an item of Rust's prelude (`drop`, `identity`-like names the
//! prelude brings): `main!` lists it by that name.
use cursor_hooks::prelude::*;

#[cursor_hook(event = "stop")]
fn drop(_input: Stop) -> StopResponse {
    no_opinion()
}

cursor_hooks::main!(drop);
