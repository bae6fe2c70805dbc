//! Implementation detail of the `cursor-hooks` crate: the `#[cursor_hook]`, `#[claude_hook]` and
//! `#[codex_hook]` attributes and the `main!` macro. Depend on `cursor-hooks`, which re-exports them and
//! documents them (`cursor_hooks::cursor_hook`, `cursor_hooks::claude_hook`,
//! `cursor_hooks::main`).
//!
//! The work is split in three phases, one module each: `parse` reads the attribute and the
//! function into a model that keeps every span, `validate` checks it against the host's event
//! table generated from `spec/cursor/events.json` or `spec/claude-code/events.json` (in
//! `cursor-hooks-spec`, shared with the runtime and the `cursor-hooks` command), and `expand`
//! writes the code (or, on an error, the error plus stand-ins so that no secondary error
//! follows). The two attributes share every phase: what differs by editor is asked of `host`.

mod context;
mod expand;
mod host;
mod parse;
mod unified;
mod validate;

use proc_macro::TokenStream;

// No doc comment on the macros: `cursor-hooks` re-exports them with their full docs, and
// rustdoc appends an inlined item's own docs to the re-export's, so any text here would repeat
// on the `cursor_hooks::cursor_hook`, `cursor_hooks::claude_hook` and `cursor_hooks::main` pages.
#[proc_macro_attribute]
pub fn cursor_hook(args: TokenStream, item: TokenStream) -> TokenStream {
    expand::hook(args.into(), item.into(), host::Host::Cursor).into()
}

#[proc_macro_attribute]
pub fn claude_hook(args: TokenStream, item: TokenStream) -> TokenStream {
    expand::hook(args.into(), item.into(), host::Host::ClaudeCode).into()
}

#[proc_macro_attribute]
pub fn codex_hook(args: TokenStream, item: TokenStream) -> TokenStream {
    expand::hook(args.into(), item.into(), host::Host::Codex).into()
}

#[proc_macro_attribute]
pub fn copilot_hook(args: TokenStream, item: TokenStream) -> TokenStream {
    expand::hook(args.into(), item.into(), host::Host::Copilot).into()
}

#[proc_macro_attribute]
pub fn hook(args: TokenStream, item: TokenStream) -> TokenStream {
    unified::hook(args.into(), item.into()).into()
}

#[proc_macro]
pub fn main(input: TokenStream) -> TokenStream {
    expand::main(input.into()).into()
}
