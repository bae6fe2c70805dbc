use cursor_hooks::prelude::*;

#[cursor_hook(event = "stop")]
struct Guard;

fn main() {}
