//! Two `main!` calls under opposite `#[cfg]`s, each listing its own handler: the build keeps one,
//! and the handler the other lists is not reported as unlisted (its name is in the file).
use cursor_hooks::prelude::*;

#[cursor_hook(event = "stop")]
fn a(_input: Stop) -> StopResponse {
    no_opinion()
}

#[cursor_hook(event = "stop")]
fn b(_input: Stop) -> StopResponse {
    no_opinion()
}

#[cfg(debug_assertions)]
cursor_hooks::main!(a);
#[cfg(not(debug_assertions))]
cursor_hooks::main!(b);
