//! Implementation detail of the `cursor-hooks` crate: the `#[cursor_hook]` attribute and the
//! `main!` macro. Depend on `cursor-hooks`, which re-exports both.
//!
//! The work is split in three phases, one module each: [`parse`] reads the attribute and the
//! function into a model that keeps every span, [`validate`] checks it against the event table
//! generated from `spec/events.json`, and [`expand`] writes the code (or, on an error, the
//! error plus stand-ins so that no secondary error follows).

mod expand;
mod gen;
mod parse;
mod validate;

use proc_macro::TokenStream;

/// Turns a function into a Cursor hook handler.
///
/// ```text
/// #[cursor_hook(event = "beforeShellExecution", fail = "closed", timeout = 5)]
/// fn guard(input: BeforeShellExecution) -> BeforeShellExecutionResponse { ... }
///
/// cursor_hooks::main!(guard);
/// ```
///
/// See `cursor_hooks::cursor_hook` for the options, examples and compile-fail examples.
#[proc_macro_attribute]
pub fn cursor_hook(args: TokenStream, item: TokenStream) -> TokenStream {
    expand::cursor_hook(args.into(), item.into()).into()
}

/// Writes the binary's `fn main` from its handlers: `cursor_hooks::main!(guard, secrets);`.
#[proc_macro]
pub fn main(input: TokenStream) -> TokenStream {
    expand::main(input.into()).into()
}
