//! Phase 3: write the code. On an error, write the error *and* stand-ins (the user's function,
//! a companion that `main!` can name) so the user sees that one error and nothing after it.

use crate::gen::events::EventSpec;
use crate::parse::{Args, HandlerFn, HandlerList};
use crate::validate::{self, Hook, Input};
use proc_macro2::{Ident, Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use syn::Path;

pub(crate) fn cursor_hook(args: TokenStream, item: TokenStream) -> TokenStream {
    let handler: HandlerFn = match syn::parse2(item.clone()) {
        Ok(handler) => handler,
        Err(error) => {
            let error = syn::Error::new(error.span(), "`#[cursor_hook]` goes on a function: `fn handler(input: EventType) -> EventTypeResponse { ... }`");
            let error = error.to_compile_error();
            return quote!(#error #item);
        }
    };
    let args = match Args::parse(args) {
        Ok(args) => args,
        Err(error) => return fallback(&item, &handler, None, error),
    };
    match validate::validate(&args, &handler) {
        Ok(hook) => hook_tokens(&item, &hook),
        Err(error) => fallback(&item, &handler, validate::event(&args), error),
    }
}

fn hook_tokens(item: &TokenStream, hook: &Hook) -> TokenStream {
    let sig = &hook.handler.sig;
    let vis = &hook.handler.vis;
    let name = &sig.ident;
    // The companion `main!` names is a braced struct: it lives only in the type namespace, so it
    // can share the handler's name, and `use hooks::guard;` imports the function and it at once.
    let companion = name;
    let event_name = hook.event.name;
    let input = Ident::new(hook.event.input, Span::call_site());
    let event_ty = quote!(::cursor_hooks::event::#input);
    let handler_name = name.to_string();
    let fail = if hook.fail_closed {
        quote!(Closed)
    } else {
        quote!(Open)
    };
    let timeout = option(hook.timeout.map(|t| quote!(#t)));
    let matcher = option(hook.matcher.as_ref().map(|m| quote!(#m)));
    let loop_limit = option(hook.loop_limit.map(|limit| match limit {
        Some(n) => quote!(::cursor_hooks::__private::LoopLimit::Limit(#n)),
        None => quote!(::cursor_hooks::__private::LoopLimit::Unlimited),
    }));
    let keep_ask = hook.keep_ask;
    // Each check carries the span of the tokens it is about, so a wrong input type is reported
    // at the parameter and a wrong answer at the return type, once each.
    let call = match hook.input {
        Input::ByValue(ty) => {
            quote_spanned!(ty.span()=> ::cursor_hooks::__private::call_by_value::<#event_ty, _, _>(#name, input))
        }
        Input::ByRef(ty) => {
            quote_spanned!(ty.span()=> ::cursor_hooks::__private::call_by_ref::<#event_ty, _, _>(#name, input))
        }
    };
    let answer_span =
        validate::return_type(hook.handler).map_or_else(|| name.span(), Spanned::span);
    let convert = quote_spanned!(answer_span=> ::cursor_hooks::__private::into_outcome::<#event_ty, _>(returned));
    quote! {
        #item

        #[doc(hidden)]
        #[allow(non_camel_case_types, dead_code)]
        #vis struct #companion {}

        impl ::cursor_hooks::__private::Hook for #companion {
            type Event = #event_ty;
            const EVENT_NAME: &'static str = #event_name;
            const OPTIONS: ::cursor_hooks::__private::HookOptions = ::cursor_hooks::__private::HookOptions {
                handler: #handler_name,
                fail: ::cursor_hooks::__private::FailPolicy::#fail,
                timeout: #timeout,
                matcher: #matcher,
                loop_limit: #loop_limit,
                keep_ask: #keep_ask,
            };
            fn call(input: #event_ty) -> ::cursor_hooks::__private::Outcome<<#event_ty as ::cursor_hooks::Event>::Response> {
                let returned = #call;
                #convert
            }
        }
    }
}

fn option(value: Option<TokenStream>) -> TokenStream {
    match value {
        Some(value) => quote!(::core::option::Option::Some(#value)),
        None => quote!(::core::option::Option::None),
    }
}

/// The error, the user's function as written, and a companion that compiles, so `main!`
/// and the rest of the crate raise nothing more.
fn fallback(
    item: &TokenStream,
    handler: &HandlerFn,
    event: Option<&EventSpec>,
    error: syn::Error,
) -> TokenStream {
    let error = error.to_compile_error();
    let name = &handler.sig.ident;
    if name == "main" {
        // Emitting a `main` that takes an input would add "`main` has the wrong type".
        return quote!(#error fn main() {});
    }
    if handler.sig.receiver().is_some() {
        // A method: inside an `impl` no companion can be emitted, and outside one rustc would
        // reject the `self` again. The error alone is the one thing to say.
        return error;
    }
    let vis = &handler.vis;
    let companion = name;
    let input = Ident::new(event.map_or("SessionEnd", |e| e.input), Span::call_site());
    // `main!` names the handler as a value, which a generic function cannot be without its type
    // arguments: a plain stand-in keeps that from adding "type annotations needed".
    let item = if handler.sig.generics.params.is_empty() {
        item.clone()
    } else {
        quote!(#vis fn #name() {})
    };
    let inert = inert_hook(companion, &input);
    quote! {
        #error

        #[allow(dead_code)]
        #item

        #[doc(hidden)]
        #[allow(non_camel_case_types, dead_code)]
        #vis struct #companion {}

        #inert
    }
}

/// A `Hook` impl for a stand-in that is never run: it compiles against any use `main!` makes
/// of it, and its empty event name keeps `main!`'s duplicate check quiet.
fn inert_hook(ty: &Ident, input: &Ident) -> TokenStream {
    quote! {
        impl ::cursor_hooks::__private::Hook for #ty {
            type Event = ::cursor_hooks::event::#input;
            const EVENT_NAME: &'static str = "";
            const OPTIONS: ::cursor_hooks::__private::HookOptions = ::cursor_hooks::__private::HookOptions {
                handler: "",
                fail: ::cursor_hooks::__private::FailPolicy::Open,
                timeout: ::core::option::Option::None,
                matcher: ::core::option::Option::None,
                loop_limit: ::core::option::Option::None,
                keep_ask: false,
            };
            fn call(_: Self::Event) -> ::cursor_hooks::__private::Outcome<<Self::Event as ::cursor_hooks::Event>::Response> {
                ::core::unreachable!("a stand-in for a handler that did not compile")
            }
        }
    }
}

pub(crate) fn main(input: TokenStream) -> TokenStream {
    match main_tokens(input) {
        Ok(tokens) => tokens,
        Err(error) => {
            let error = error.to_compile_error();
            quote!(#error fn main() {})
        }
    }
}

fn main_tokens(input: TokenStream) -> syn::Result<TokenStream> {
    let list = HandlerList::parse(input)?;
    if list.paths.is_empty() {
        return Err(syn::Error::new(
            list.span,
            "list the binary's handlers: `cursor_hooks::main!(guard);`",
        ));
    }
    let mut companions: Vec<&Path> = Vec::new();
    for (index, path) in list.paths.iter().enumerate() {
        let text = quote!(#path).to_string();
        if list
            .paths
            .iter()
            .take(index)
            .any(|earlier| quote!(#earlier).to_string() == text)
        {
            return Err(syn::Error::new_spanned(
                path,
                "this handler is listed twice; list each handler once",
            ));
        }
        companions.push(path);
    }
    // Each handler's companion is reached through a local name `__cursor_hooks_handler_N`: an
    // explicit `use` of the listed path binds it to the companion `#[cursor_hook]` emitted, and a
    // glob import supplies a stand-in only where that `use` found nothing in the type namespace
    // (a plain function). The stand-in fails one constant, whose message names the function; a
    // path that names nothing at all is still rustc's "unresolved import".
    let locals: Vec<Ident> = companions
        .iter()
        .enumerate()
        .map(|(index, path)| Ident::new(&format!("__cursor_hooks_handler_{index}"), path.span()))
        .collect();
    let imports = companions.iter().zip(&locals).map(
        |(path, local)| quote_spanned!(path.span()=> #[allow(unused_imports)] use #path as #local;),
    );
    let stand_ins = companions.iter().zip(&locals).map(|(path, local)| {
        let shown = quote!(#path).to_string().replace(' ', "");
        let message = format!(
            "`{shown}` has no `#[cursor_hook]` attribute, so `main!` cannot run it: add `#[cursor_hook(event = \"...\")]` to `{shown}`, or remove it from `main!`"
        );
        stand_in(local, path.span(), &message)
    });
    let checks = companions.iter().zip(&locals).map(|(path, local)| {
        // Naming the value too: where nothing of that name exists (a typo, or a handler whose
        // attribute failed and left nothing behind), that error is the only one and the
        // constant is not evaluated.
        quote_spanned!(path.span()=> const _: () = { let _ = #local; <#local>::__CURSOR_HOOKS_NOT_A_HANDLER };)
    });
    let distinct = locals.iter().enumerate().flat_map(|(index, later)| {
        let span = companions[index].span();
        locals[..index].iter().map(move |earlier| {
            quote_spanned! {span=>
                const _: () = ::cursor_hooks::__private::assert_distinct_events(
                    <#earlier as ::cursor_hooks::__private::Hook>::EVENT_NAME,
                    <#later as ::cursor_hooks::__private::Hook>::EVENT_NAME,
                );
            }
        })
    });
    let entries = companions.iter().zip(&locals).map(
        |(path, local)| quote_spanned!(path.span()=> ::cursor_hooks::__private::Entry::of::<#local>()),
    );
    Ok(quote! {
        fn main() {
            #(#imports)*
            #[allow(unused_imports)]
            use __cursor_hooks_stand_ins::*;
            #[doc(hidden)]
            #[allow(non_camel_case_types, dead_code)]
            mod __cursor_hooks_stand_ins {
                #(#stand_ins)*
            }
            /// Passes for a real companion (the stand-ins shadow it with a failing constant).
            trait __CursorHooksHandler {
                const __CURSOR_HOOKS_NOT_A_HANDLER: () = ();
            }
            impl<T: ?Sized> __CursorHooksHandler for T {}
            #(#checks)*
            #(#distinct)*
            const HANDLERS: &[::cursor_hooks::__private::Entry] = &[#(#entries),*];
            /// What tools read instead of running the binary (`cursor_hooks::record`).
            #[used]
            static __CURSOR_HOOKS_RECORD: [u8; ::cursor_hooks::__private::record_len(HANDLERS)] =
                ::cursor_hooks::__private::record_bytes(HANDLERS);
            ::cursor_hooks::__private::main(HANDLERS)
        }
    })
}

/// The type a `main!` entry falls back to when the listed path is a plain function: a hook that
/// compiles (so nothing else is reported) and whose inherent constant fails with `message`.
fn stand_in(local: &Ident, span: Span, message: &str) -> TokenStream {
    let inert = inert_hook(local, &Ident::new("SessionEnd", Span::call_site()));
    quote_spanned! {span=>
        pub struct #local {}
        impl #local {
            pub const __CURSOR_HOOKS_NOT_A_HANDLER: () = ::core::panic!(#message);
        }
        #inert
    }
}
