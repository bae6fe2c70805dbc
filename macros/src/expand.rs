//! Phase 3: write the code. On an error, write the error *and* stand-ins (the user's function,
//! a companion that `main!` can name) so the user sees that one error and nothing after it.

use crate::host::{Event, Host};
use crate::parse::{Args, HandlerFn, HandlerList};
use crate::validate::{self, Hook, Input};
use proc_macro2::{Ident, Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use syn::Path;

/// `#[cursor_hook]` (`host` Cursor) or `#[claude_hook]` (`host` Claude Code).
pub(crate) fn hook(args: TokenStream, item: TokenStream, host: Host) -> TokenStream {
    let attribute = host.attribute();
    let handler: HandlerFn = match syn::parse2(item.clone()) {
        Ok(handler) => handler,
        Err(error) => {
            let error = syn::Error::new(error.span(), format_args!("`#[{attribute}]` goes on a function: `fn handler(input: EventType) -> EventTypeResponse {{ ... }}`"));
            let error = error.to_compile_error();
            return quote!(#error #item);
        }
    };
    // The editor's code is not built: the stand-ins use Cursor's types, which always are.
    if let Some(feature) = host.disabled_feature() {
        let error = syn::Error::new(
            Span::call_site(),
            format_args!(
                "`#[{attribute}]` needs the `{feature}` feature of cursor-hooks, which this crate turns off: add it to the dependency, `cursor-hooks = {{ ..., features = [\"{feature}\"] }}`"
            ),
        );
        return fallback(
            &item,
            &handler,
            host,
            Some(Host::Cursor.stand_in_event()),
            error,
        );
    }
    // Another hook attribute below this one: it expands after this one and writes the
    // companion, so this one writes only the error.
    let hook_attribute = |attr: &&syn::Attribute| {
        attr.path().segments.last().and_then(|segment| {
            Host::ALL
                .into_iter()
                .find(|host| segment.ident == host.attribute())
        })
    };
    if let Some((inner, inner_host)) = handler
        .attrs
        .iter()
        .find_map(|attr| hook_attribute(&attr).map(|host| (attr, host)))
    {
        if inner_host == host {
            let error = syn::Error::new_spanned(
                inner,
                format_args!("`#[{attribute}]` is given twice on this function; keep one and put all its options in it"),
            )
            .to_compile_error();
            return quote!(#error #item);
        }
        // The other editor's attribute would check the same function against its own types
        // and report it again: this one reports it once and writes the stand-ins without it.
        let error = syn::Error::new_spanned(
            inner,
            format_args!(
                "a handler answers one editor, and this function has both `#[{attribute}]` and `#[{}]`: write one function for each (they can share their logic through a plain function)",
                inner_host.attribute()
            ),
        );
        let mut handler = handler;
        handler.attrs.retain(|attr| hook_attribute(&attr).is_none());
        let (attrs, vis, sig, body) = (&handler.attrs, &handler.vis, &handler.sig, &handler.body);
        let item = quote!(#(#attrs)* #vis #sig #body);
        let event = validate::event(&Args::parse(args, host).args, host);
        return fallback(&item, &handler, host, event, error);
    }
    if let Some(error) = associated_fn_error(&handler) {
        // The function compiles as an associated function: the error alone is the one thing
        // to say, and no companion (which an `impl` cannot hold).
        let error = error.to_compile_error();
        return quote!(#error #item);
    }
    let parsed = Args::parse(args, host);
    let args = parsed.args;
    if !parsed.complete {
        let error = parsed
            .errors
            .finish()
            .expect_err("an incomplete reading has an error");
        return fallback(&item, &handler, host, validate::event(&args, host), error);
    }
    // The options' own mistakes and the checks of what was read, in one compile.
    match validate::validate(&args, parsed.errors, &handler, host) {
        Ok(hook) => match validate::check_answer_chains(hook.event, &handler.body) {
            Ok(()) => hook_tokens(&item, &hook),
            // The body is the mistake: a stand-in body keeps rustc from adding "type
            // annotations needed" at the same place.
            Err(error) => fallback(
                &stub_body(&handler),
                &handler,
                host,
                Some(hook.event),
                error,
            ),
        },
        Err(error) => fallback(&item, &handler, host, validate::event(&args, host), error),
    }
}

/// The constant `main!` writes at the crate root for each name it lists, and the one a
/// handler's check reads: by name, since the handler cannot know its module's path, and the
/// entry may name its companion through any path or import.
fn listed_name(name: &Ident) -> Ident {
    use syn::ext::IdentExt;
    Ident::new(
        &format!("__CURSOR_HOOKS_LISTED_{}", name.unraw()),
        name.span(),
    )
}

/// In a binary (`CARGO_BIN_NAME`, which Cargo sets for binaries and examples only, never for a
/// library, a test or a doctest), a handler that nothing in its file names and no `main!` lists
/// is never run: the binary answers with whatever its own `fn main` does (`cargo new`'s prints
/// "Hello, world!"). A handler the file's own code calls (a program that tests it from its
/// `fn main`) is used, as rustc's dead-code lint would say, and not checked. This constant
/// fails at the handler's name unless `main!` listed the name (`listed_names`), or marked the
/// companion from inside a function (`listed_marks`), or failed (`main_failed`): the inner
/// block's glob import of the crate root shadows the outer block's defaults with what `main!`
/// wrote. Two handlers of one name in different modules count as listed when one is.
fn listed_check(handler: &HandlerFn, companion: &Ident, host: Host) -> Option<TokenStream> {
    std::env::var_os("CARGO_BIN_NAME")?;
    let name = &handler.sig.ident;
    let span = name.span();
    if crate::context::mentions(span).is_some_and(|count| count > 1) {
        return None;
    }
    let listed = listed_name(name);
    let message = format!(
        "this handler is not listed in `cursor_hooks::main!(..)`, so the binary never runs it: list it there, `cursor_hooks::main!({name})` (a handler in a module by its path, `module::{name}`); `main!` writes the binary's `fn main`, in place of your own. Or remove `#[{}]` if `{name}` is no hook of this binary",
        host.attribute()
    );
    Some(quote_spanned! {span=>
        const _: () = {
            // Used here, so an unlisted handler is this error and no dead-code warning.
            let _ = #name;
            // Resolved here, before the inner block's glob import could shadow the name.
            type __CursorHooksCompanion = #companion;
            #[allow(non_upper_case_globals, dead_code)]
            const #listed: bool = false;
            #[allow(unused_imports)]
            use ::cursor_hooks::__private::listed::*;
            {
                #[allow(unused_imports)]
                use crate::*;
                #[allow(unused_imports)]
                use ::cursor_hooks::__private::listed::NotListed as _;
                if !#listed
                    && !<__CursorHooksCompanion>::__CURSOR_HOOKS_LISTED
                    && !__CURSOR_HOOKS_MAIN_FAILED
                {
                    ::core::panic!(#message);
                }
            }
        };
    })
}

/// What a successful `main!` writes at the crate root: a constant per name it lists, once each.
fn listed_names(paths: &[&Path]) -> TokenStream {
    let mut names: Vec<Ident> = Vec::new();
    for path in paths {
        if let Some(last) = path.segments.last() {
            let listed = listed_name(&last.ident);
            if !names.contains(&listed) {
                names.push(listed);
            }
        }
    }
    quote! {
        #(
            #[doc(hidden)]
            #[allow(non_upper_case_globals, dead_code)]
            const #names: bool = true;
        )*
    }
}

/// The marks a `main!` written inside a function (an error already) leaves on the companions it
/// lists, since nothing it writes there reaches the crate root.
fn listed_marks(locals: &[Ident]) -> TokenStream {
    let marks = locals.iter().map(|local| {
        quote_spanned! {local.span()=>
            #[allow(dead_code, non_local_definitions)]
            impl #local {
                pub const __CURSOR_HOOKS_LISTED: bool = true;
            }
        }
    });
    quote!(#(#marks)*)
}

/// What a `main!` that failed writes at the crate root beside its error: the handlers' checks
/// read it and say nothing more (`listed_check`).
fn main_failed() -> TokenStream {
    quote! {
        #[allow(unused_imports)]
        use ::cursor_hooks::__private::main_failed::*;
    }
}

/// The handler with its body replaced by one that type-checks against any signature.
fn stub_body(handler: &HandlerFn) -> TokenStream {
    let attrs = &handler.attrs;
    let vis = &handler.vis;
    let sig = &handler.sig;
    quote! {
        #(#attrs)*
        #[allow(unused_variables, unreachable_code)]
        #vis #sig { ::core::unreachable!() }
    }
}

/// A handler written inside an `impl` or `trait` block, found by reading the source around it
/// (see `context`): an associated function cannot be a hook, and what the attribute writes next
/// to a free function is not allowed there.
fn associated_fn_error(handler: &HandlerFn) -> Option<syn::Error> {
    if handler.sig.receiver().is_some() {
        // `validate` says it at the `self`, which is the first thing to remove.
        return None;
    }
    let scopes = crate::context::scopes_around(handler.sig.fn_token.span)?;
    if scopes.last() != Some(&crate::context::Scope::Impl) {
        return None;
    }
    let name = &handler.sig.ident;
    Some(syn::Error::new(
        handler.sig.fn_token.span,
        format_args!(
            "a hook handler is a free function, not an associated function: move `{name}` out of the `impl` block to the top level of its module and list it in `main!` by name or path, such as `cursor_hooks::main!({name});`"
        ),
    ))
}

/// The companion's visibility: the function's, except that a private function's companion is
/// `pub(crate)`. `main!` then finds it from the crate root and reports a private function in
/// another module itself, naming the function (rustc would say "struct `guard` is private").
pub(crate) fn companion_vis(handler: &HandlerFn) -> TokenStream {
    if is_private(&handler.vis) || is_super(&handler.vis) {
        quote!(pub(crate))
    } else {
        let vis = &handler.vis;
        quote!(#vis)
    }
}

/// The companion's name: the handler's, unless the handler's block declares a module of that
/// name (which, like the companion, lives in the type namespace); `main!` makes the same choice
/// from its own file (`main_path`).
pub(crate) fn companion_name(name: &Ident) -> Ident {
    let shadowing = |keyword| crate::context::has_sibling(name.span(), keyword, &name.to_string());
    // A module of the name, declared or imported (`use std::env;` beside `fn env`), holds the
    // type namespace the companion would take.
    if shadowing("mod") || shadowing("use") {
        Ident::new(&format!("__cursor_hooks_{name}"), name.span())
    } else {
        name.clone()
    }
}

/// `pub(super)`: callable in the module above its own only; like a private handler's, its
/// companion is `pub(crate)`, and `main!` says when it is listed from anywhere else.
fn is_super(vis: &syn::Visibility) -> bool {
    matches!(vis, syn::Visibility::Restricted(restricted) if restricted.path.is_ident("super"))
}

/// No visibility, or `pub(self)`: callable only inside its own module.
fn is_private(vis: &syn::Visibility) -> bool {
    match vis {
        syn::Visibility::Inherited => true,
        syn::Visibility::Restricted(restricted) => restricted.path.is_ident("self"),
        syn::Visibility::Public(_) => false,
    }
}

fn hook_tokens(item: &TokenStream, hook: &Hook) -> TokenStream {
    let sig = &hook.handler.sig;
    let vis = companion_vis(hook.handler);
    let name = &sig.ident;
    // The companion `main!` names is a braced struct: it lives only in the type namespace, so it
    // can share the handler's name, and `use hooks::guard;` imports the function and it at once.
    let companion = &companion_name(name);
    // Where a private handler is defined; `main!` checks it is its own module, the crate root.
    let private_in = is_private(&hook.handler.vis).then(|| {
        quote! {
            impl #companion {
                pub const __CURSOR_HOOKS_PRIVATE_IN: ::core::option::Option<&'static str> =
                    ::core::option::Option::Some(::core::module_path!());
            }
        }
    });
    let super_of = is_super(&hook.handler.vis).then(|| {
        quote! {
            impl #companion {
                pub const __CURSOR_HOOKS_SUPER_OF: ::core::option::Option<&'static str> =
                    ::core::option::Option::Some(::core::module_path!());
            }
        }
    });
    let event_name = hook.event.name();
    let event_ty = hook.event.input_type();
    let event_trait = hook.event.host().event_trait();
    let entry = hook.event.host().entry();
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
            quote_spanned!(ty.span()=> #name(<#ty as ::cursor_hooks::InputOf<#event_ty>>::from_event(input)))
        }
        Input::ByRef(ty) => {
            quote_spanned!(ty.span()=> #name(<#ty as ::cursor_hooks::InputOf<#event_ty>>::view(&input)))
        }
    };
    // The answer is checked against the type as written, so the error underlines all of it
    // (`Option<BeforeShellExecutionResponse>`, not `Option`); a type that cannot be named in an
    // expression (`impl Trait`, `!`) is inferred, and no return type is `()`, reported at the name.
    let answer_to =
        quote!(::cursor_hooks::AnswerTo<#event_ty, <#event_ty as #event_trait>::Response>);
    let checked = |ty: Option<&syn::Type>| match ty {
        Some(ty) if !nameable_in_expression(ty) => (quote_spanned!(ty.span()=> _), ty.span()),
        Some(ty) => (quote!(#ty), ty.span()),
        None => (quote_spanned!(name.span()=> ()), name.span()),
    };
    // `-> !`: the call never returns, so there is nothing to check or convert.
    let never = matches!(
        validate::return_type(hook.handler),
        Some(syn::Type::Never(_))
    );
    let answer = match validate::result_types(hook.handler) {
        _ if never => quote!(returned),
        // `Result<T, E>` written out: `T` is checked at `T`, and since an `Err` is written on
        // stderr, `E` must be `Display`, checked at `E` by a coercion whose error names only `E`
        // and `Display`.
        Some((ok, error)) => {
            let (ok_ty, ok_span) = checked(Some(ok));
            let convert = quote_spanned!(ok_span=> <#ok_ty as #answer_to>::into_outcome(value));
            let as_display =
                quote_spanned!(error.span()=> let error: &dyn ::core::fmt::Display = &error;);
            quote! {
                match returned {
                    ::core::result::Result::Ok(value) => #convert,
                    ::core::result::Result::Err(error) => {
                        #as_display
                        ::cursor_hooks::__private::Outcome::Failed(::std::string::ToString::to_string(error))
                    }
                }
            }
        }
        None => {
            let (ty, span) = checked(validate::return_type(hook.handler));
            quote_spanned!(span=> <#ty as #answer_to>::into_outcome(returned))
        }
    };
    let allow_unreachable = never.then(|| quote!(#[allow(unreachable_code)]));
    let listed = listed_check(hook.handler, companion, hook.event.host());
    quote! {
        #item

        #listed

        #[doc(hidden)]
        #[allow(non_camel_case_types, dead_code)]
        #vis struct #companion {}

        #private_in
        #super_of

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
            const ENTRY: ::cursor_hooks::__private::Entry = #entry;
            #allow_unreachable
            fn call(input: #event_ty) -> ::cursor_hooks::__private::Outcome<<#event_ty as #event_trait>::Response> {
                let returned = #call;
                #answer
            }
        }
    }
}

/// Whether a return type can also be written in the function's body: `impl Trait` (anywhere in
/// it) and `!` cannot.
fn nameable_in_expression(ty: &syn::Type) -> bool {
    fn has_impl(tokens: TokenStream) -> bool {
        tokens.into_iter().any(|token| match token {
            proc_macro2::TokenTree::Ident(ident) => ident == "impl",
            proc_macro2::TokenTree::Group(group) => has_impl(group.stream()),
            _ => false,
        })
    }
    !matches!(ty, syn::Type::Never(_)) && !has_impl(quote!(#ty))
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
    host: Host,
    event: Option<Event>,
    error: syn::Error,
) -> TokenStream {
    let error = error.to_compile_error();
    let name = &handler.sig.ident;
    if name == "main" {
        // Emitting a `main` that takes an input would add "`main` has the wrong type".
        return quote!(#error fn main() {});
    }
    let vis = &handler.vis;
    let item = if handler.sig.receiver().is_some() {
        // A `self` parameter: inside an `impl` no companion can be emitted, and outside one
        // rustc would reject the `self` again. Where the source shows it is outside an `impl`,
        // a plain stand-in function and companion keep `main!` quiet; else the error is all.
        let outside_impl = crate::context::scopes_around(handler.sig.fn_token.span)
            .is_some_and(|scopes| scopes.last() != Some(&crate::context::Scope::Impl));
        if !outside_impl {
            return error;
        }
        quote!(#vis fn #name() {})
    } else if handler.sig.generics.params.is_empty() {
        item.clone()
    } else {
        // `main!` names the handler as a value, which a generic function cannot be without
        // its type arguments: a plain stand-in keeps that from adding "type annotations needed".
        quote!(#vis fn #name() {})
    };
    let companion_vis = companion_vis(handler);
    let companion = &companion_name(name);
    let inert = inert_hook(companion, event.unwrap_or_else(|| host.stand_in_event()));
    quote! {
        #error

        #[allow(dead_code)]
        #item

        #[doc(hidden)]
        #[allow(non_camel_case_types, dead_code)]
        #companion_vis struct #companion {}

        #inert
    }
}

/// A `Hook` impl for a stand-in that is never run: it compiles against any use `main!` makes
/// of it, and its empty event name keeps `main!`'s duplicate check quiet.
pub(crate) fn inert_hook(ty: &Ident, event: Event) -> TokenStream {
    let input = event.input_type();
    let event_trait = event.host().event_trait();
    let entry = event.host().entry();
    quote! {
        impl ::cursor_hooks::__private::Hook for #ty {
            type Event = #input;
            const EVENT_NAME: &'static str = "";
            const OPTIONS: ::cursor_hooks::__private::HookOptions = ::cursor_hooks::__private::HookOptions {
                handler: "",
                fail: ::cursor_hooks::__private::FailPolicy::Open,
                timeout: ::core::option::Option::None,
                matcher: ::core::option::Option::None,
                loop_limit: ::core::option::Option::None,
                keep_ask: false,
            };
            const ENTRY: ::cursor_hooks::__private::Entry = #entry;
            fn call(_: Self::Event) -> ::cursor_hooks::__private::Outcome<<Self::Event as #event_trait>::Response> {
                ::core::unreachable!("a stand-in for a handler that did not compile")
            }
        }
    }
}

pub(crate) fn main(input: TokenStream) -> TokenStream {
    // Inside a function, the `fn main` written below would be a nested item that nothing calls:
    // the binary would build and answer nothing. The user's own `fn main` is left to run.
    let call = Span::call_site();
    if crate::context::scopes_around(call)
        .is_some_and(|scopes| scopes.contains(&crate::context::Scope::Fn))
    {
        let error = syn::Error::new(
            call,
            "`main!` writes the binary's `fn main`, so it goes at the top level of `main.rs`, not inside a function: move `cursor_hooks::main!(...);` out of this function (and remove your own `fn main`)",
        )
        .to_compile_error();
        // No glob import here reaches the crate root: the handlers it lists are marked
        // listed instead, so that this error stays the only one.
        let marks = HandlerList::parse(input).ok().map(|list| {
            let paths: Vec<&Path> = list.paths.iter().collect();
            let imported: Vec<Option<Path>> = paths
                .iter()
                .map(|path| main_path(path).ok().flatten())
                .collect();
            let locals = locals(&paths);
            let imports = imports(&paths, &imported, &locals);
            let marks = listed_marks(&locals);
            quote!(const _: () = { #(#imports)* #marks };)
        });
        return quote!(#error #marks);
    }
    // A second `main!` would write a second `fn main`, and rustc would say only "`main` is
    // defined multiple times": this one writes the error alone, and the first one the binary.
    if let Some(&first) = crate::context::earlier_calls(call, "main")
        .as_ref()
        .and_then(|lines| lines.first())
    {
        let error = syn::Error::new(
            call,
            format_args!(
                "a binary has one `main!`, and this file already calls it on line {first}: list every handler in that one, `cursor_hooks::main!(first_handler, second_handler)`, and remove this one"
            ),
        )
        .to_compile_error();
        let failed = main_failed();
        return quote!(#error #failed);
    }
    match main_tokens(input) {
        Ok(tokens) => tokens,
        Err(error) => {
            let error = error.to_compile_error();
            let failed = main_failed();
            quote!(#error #failed fn main() {})
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
    let mut imported: Vec<Option<Path>> = Vec::new();
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
        imported.push(main_path(path)?);
    }
    // Each handler's companion is reached through a local name `__cursor_hooks_handler_N`: an
    // explicit `use` of the listed path binds it to the companion `#[cursor_hook]` emitted, and a
    // glob import supplies a stand-in only where that `use` found nothing in the type namespace
    // (a plain function). The stand-in fails one constant, whose message names the function; a
    // path that names nothing at all is still rustc's "unresolved import".
    let locals = locals(&companions);
    let imports = imports(&companions, &imported, &locals);
    let listed = listed_names(&companions);
    let types = companion_types(&companions);
    let resolved = types.iter().map(|(_, tokens)| tokens);
    let types: Vec<&Ident> = types.iter().map(|(ty, _)| ty).collect();
    let stand_ins = companions
        .iter()
        .zip(&locals)
        .map(|(path, local)| stand_in(local, path.span()));
    let checks = companions.iter().zip(&locals).zip(&types).map(|((path, local), ty)| {
        let shown = shown_path(path);
        let function = path.segments.last().map(|s| s.ident.to_string()).unwrap_or_default();
        let private = format!(
            "`{shown}` is a private function of another module, and `main!` calls it from the crate root: make it `pub fn {function}` (or `pub(crate) fn {function}`)"
        );
        let restricted = format!(
            "`{shown}` is `pub(super)`, visible only in the module above its own, and `main!` calls it from the crate root: make it `pub(crate) fn {function}`"
        );
        let not_a_handler = format!(
            "`{shown}` has no `#[cursor_hook]` or `#[claude_hook]` attribute, so `main!` cannot run it: add `#[cursor_hook(event = \"...\")]` (or `#[claude_hook(event = \"...\")]` for Claude Code) to `{shown}`, or remove it from `main!`"
        );
        quote_spanned! {path.span()=>
            const _: () = if <#ty>::__CURSOR_HOOKS_STAND_IN
                && !::cursor_hooks::__private::is_unlisted(&#local)
            {
                ::core::panic!(#not_a_handler);
            };
            const _: () = if let ::core::option::Option::Some(module) = <#ty>::__CURSOR_HOOKS_PRIVATE_IN {
                if !::cursor_hooks::__private::same_text(module, ::core::module_path!()) {
                    ::core::panic!(#private);
                }
            };
            const _: () = if let ::core::option::Option::Some(module) = <#ty>::__CURSOR_HOOKS_SUPER_OF {
                if !::cursor_hooks::__private::is_parent_module(::core::module_path!(), module) {
                    ::core::panic!(#restricted);
                }
            };
        }
    });
    // Two entries for one event: the message names both paths and the event, which only the
    // compiler knows (the companions' `EVENT_NAME`), so each pair carries one message per event
    // and the constant picks the one that applies.
    // Every host's events: two handlers clash only on the same host and event, so handlers of
    // one action for several hosts can be listed together, whatever their names.
    let events: Vec<Event> = Host::ALL.into_iter().flat_map(Host::events).collect();
    let event_names: Vec<&str> = events.iter().map(|e| e.name()).collect();
    let event_hosts: Vec<TokenStream> = events
        .iter()
        .map(|e| match e.host() {
            Host::Cursor => quote!(::cursor_hooks::Host::Cursor),
            Host::ClaudeCode => quote!(::cursor_hooks::Host::ClaudeCode),
            Host::Codex => quote!(::cursor_hooks::Host::Codex),
            Host::Copilot => quote!(::cursor_hooks::Host::Copilot),
        })
        .collect();
    let event_count = event_names.len();
    let distinct = types.iter().enumerate().flat_map(|(index, later)| {
        let later_path = companions[index];
        let span = later_path.span();
        let (events, event_names, event_hosts) = (&events, &event_names, &event_hosts);
        types[..index].iter().zip(&companions).map(move |(earlier, earlier_path)| {
            let (first, second) = (shown_path(earlier_path), shown_path(later_path));
            let messages = events.iter().map(move |event| {
                let whose = match event.host() {
                    Host::Cursor => "",
                    Host::ClaudeCode => "Claude Code's ",
                    Host::Codex => "Codex's ",
                    Host::Copilot => "Copilot's ",
                };
                format!("`{first}` and `{second}` both answer {whose}`{}`, and a binary has one handler per event: list only one of them (if both paths name the same function, list it once)", event.name())
            });
            quote_spanned! {span=>
                const _: () = {
                    let first = <#earlier as ::cursor_hooks::__private::Hook>::EVENT_NAME;
                    let second = <#later as ::cursor_hooks::__private::Hook>::EVENT_NAME;
                    if ::cursor_hooks::__private::same_event(first, second) {
                        let host = <#earlier as ::cursor_hooks::__private::Hook>::ENTRY.host();
                        let other = <#later as ::cursor_hooks::__private::Hook>::ENTRY.host();
                        if ::cursor_hooks::__private::same_host(host, other) {
                            let events: [&str; #event_count] = [#(#event_names),*];
                            let hosts: [::cursor_hooks::Host; #event_count] = [#(#event_hosts),*];
                            let messages: [&str; #event_count] = [#(#messages),*];
                            let mut i = 0;
                            while i < #event_count {
                                if ::cursor_hooks::__private::same_event(first, events[i])
                                    && ::cursor_hooks::__private::same_host(host, hosts[i])
                                {
                                    ::core::panic!("{}", messages[i]);
                                }
                                i += 1;
                            }
                        }
                    }
                };
            }
        })
    });
    let unified = types.iter().map(|ty| {
        quote!(::cursor_hooks::__private::is_unified(
            <#ty as ::cursor_hooks::__private::Hook>::EVENT_NAME,
            <#ty>::__CURSOR_HOOKS_STAND_IN,
        ))
    });
    let entries = companions.iter().zip(&types).map(
        |(path, ty)| quote_spanned!(path.span()=> <#ty as ::cursor_hooks::__private::Hook>::ENTRIES),
    );
    Ok(quote! {
        #listed
        fn main() {
            #(#imports)*
            #[allow(unused_imports)]
            use __cursor_hooks_stand_ins::*;
            #(#resolved)*
            #[doc(hidden)]
            #[allow(non_camel_case_types, dead_code)]
            mod __cursor_hooks_stand_ins {
                #(#stand_ins)*
            }
            /// What an entry's type says of itself: the stand-ins and a private function's
            /// companion shadow these defaults with inherent constants.
            trait __CursorHooksHandler {
                const __CURSOR_HOOKS_STAND_IN: bool = false;
                const __CURSOR_HOOKS_PRIVATE_IN: ::core::option::Option<&'static str> =
                    ::core::option::Option::None;
                const __CURSOR_HOOKS_SUPER_OF: ::core::option::Option<&'static str> =
                    ::core::option::Option::None;
            }
            impl<T: ?Sized> __CursorHooksHandler for T {}
            #(#checks)*
            #(#distinct)*
            // A unified handler (`#[hook]`) stands for one entry per host event it is wired as.
            const LISTS: &[&[::cursor_hooks::__private::Entry]] = &[#(#entries),*];
            // Which of them are unified handlers: a companion with no event of its own that is
            // not a stand-in for a failed one.
            const UNIFIED: &[bool] = &[#(#unified),*];
            const _: () = if let ::core::option::Option::Some((first, second)) =
                ::cursor_hooks::__private::unified_clash(LISTS, UNIFIED)
            {
                ::core::panic!("{}", ::cursor_hooks::__private::ConstText::clash(&first, &second).as_str());
            };
            const COUNT: usize = ::cursor_hooks::__private::entry_count(LISTS);
            const ALL: [::cursor_hooks::__private::Entry; COUNT] = ::cursor_hooks::__private::entries(LISTS);
            const HANDLERS: &[::cursor_hooks::__private::Entry] = &ALL;
            /// What tools read instead of running the binary (`cursor_hooks::record`).
            #[used]
            static __CURSOR_HOOKS_RECORD: [u8; ::cursor_hooks::__private::record_len(HANDLERS)] =
                ::cursor_hooks::__private::record_bytes(HANDLERS);
            /// The `--claude` subcommands, only in a binary with a Claude Code handler: a
            /// constant whose value alone is linked, so other binaries leave the editor out.
            const CLAUDE: ::core::option::Option<::cursor_hooks::__private::ClaudeSubcommands> =
                if ::cursor_hooks::__private::has_claude(HANDLERS) {
                    ::core::option::Option::Some(::cursor_hooks::__private::CLAUDE_SUBCOMMANDS)
                } else {
                    ::core::option::Option::None
                };
            // The hook crate's, read where `main!` is expanded: the usage and `--version`
            // name the hook, not the library.
            const IDENTITY: ::cursor_hooks::__private::Identity = ::cursor_hooks::__private::Identity {
                binary: match ::core::option_env!("CARGO_BIN_NAME") {
                    ::core::option::Option::Some(name) => name,
                    ::core::option::Option::None => "<hook>",
                },
                package: match ::core::option_env!("CARGO_PKG_NAME") {
                    ::core::option::Option::Some(name) => name,
                    ::core::option::Option::None => "<hook>",
                },
                version: match ::core::option_env!("CARGO_PKG_VERSION") {
                    ::core::option::Option::Some(version) => version,
                    ::core::option::Option::None => "(unknown version)",
                },
            };
            ::cursor_hooks::__private::main(HANDLERS, CLAUDE, IDENTITY)
        }
    })
}

/// The local name each entry's companion is reached by, `__cursor_hooks_handler_N`.
fn locals(paths: &[&Path]) -> Vec<Ident> {
    paths
        .iter()
        .enumerate()
        .map(|(index, path)| Ident::new(&format!("__cursor_hooks_handler_{index}"), path.span()))
        .collect()
}

/// The `use` that binds each entry's local name: to the companion `#[cursor_hook]` emitted, or
/// (through the stand-ins' glob import) a stand-in where it found nothing in the type namespace.
fn imports(paths: &[&Path], imported: &[Option<Path>], locals: &[Ident]) -> Vec<TokenStream> {
    imported
        .iter()
        .zip(paths)
        .zip(locals)
        .map(|((other, path), local)| {
            let path = other.as_ref().unwrap_or(path);
            // A bare name is this module's item or import: `self::` says so, so that a handler
            // named like a prelude item (`drop`) is not ambiguous with it. Only where the call
            // is known to sit in a module: in a function's body (a doctest's) the handlers are
            // the body's items, which no path reaches.
            let in_module = crate::context::scopes_around(path.span())
                .is_some_and(|scopes| !scopes.contains(&crate::context::Scope::Fn));
            let here = (in_module && path.leading_colon.is_none() && path.segments.len() == 1)
                .then(|| quote_spanned!(path.span()=> self::));
            quote_spanned!(path.span()=> #[allow(unused_imports)] use #here #path as #local;)
        })
        .collect()
}

/// The type each entry's companion is: the one its `use` bound (`locals`), unless the handler's
/// module holds the companion under its other name, `__cursor_hooks_<name>`, which it takes
/// beside a module or import of the handler's name (`companion_name`). A glob import of that
/// module, in a scope inside the one that names the fallback, finds it under any path (a
/// `use std::env;` beside `fn env` in a module listed as `hooks::env`, or in another file),
/// and an impl carries the answer out of the scope. Where the handlers may be a function
/// body's items (`main!` not known to sit in a module), no path reaches them: the `use` is all.
fn companion_types(paths: &[&Path]) -> Vec<(Ident, TokenStream)> {
    use syn::ext::IdentExt;
    paths
        .iter()
        .enumerate()
        .map(|(index, path)| {
            let span = path.span();
            let local = Ident::new(&format!("__cursor_hooks_handler_{index}"), span);
            let ty = Ident::new(&format!("__cursor_hooks_companion_{index}"), span);
            let entry = Ident::new(&format!("__CursorHooksEntry{index}"), span);
            let in_module = crate::context::scopes_around(span)
                .is_some_and(|scopes| !scopes.contains(&crate::context::Scope::Fn));
            let module = if path.segments.len() > 1 {
                let colon = &path.leading_colon;
                let parents = path.segments.iter().take(path.segments.len() - 1);
                Some(quote!(#colon #(#parents)::*))
            } else if in_module && path.leading_colon.is_none() {
                Some(quote!(self))
            } else {
                None
            };
            let of = match (module, path.segments.last()) {
                (Some(module), Some(last)) => {
                    let renamed =
                        Ident::new(&format!("__cursor_hooks_{}", last.ident.unraw()), span);
                    quote_spanned! {span=>
                        const _: () = {
                            #[allow(non_camel_case_types, dead_code)]
                            type #renamed = #local;
                            {
                                #[allow(unused_imports)]
                                use #module::*;
                                impl ::cursor_hooks::__private::Companion for #entry {
                                    type Of = #renamed;
                                }
                            }
                        };
                    }
                }
                _ => quote_spanned! {span=>
                    impl ::cursor_hooks::__private::Companion for #entry {
                        type Of = #local;
                    }
                },
            };
            let tokens = quote_spanned! {span=>
                struct #entry;
                #of
                #[allow(non_camel_case_types)]
                type #ty = <#entry as ::cursor_hooks::__private::Companion>::Of;
            };
            (ty, tokens)
        })
        .collect()
}

/// The path `main!` reaches a listed handler's companion by, when it is not the path as written:
/// the companion took another name beside a module of the handler's name (`companion_name`),
/// which `main!` can tell only for a handler declared in its own file, by a bare name. A bare
/// name that is a module there, and no function, is answered here.
fn main_path(path: &Path) -> syn::Result<Option<Path>> {
    let Some(name) = path.get_ident() else {
        return Ok(None);
    };
    let text = name.to_string();
    // Nothing in the file defines or imports the name: rustc would look for a crate of that
    // name and say "no external crate `guard`". Most often the handler is in the library.
    if crate::context::named_only_here(name.span()) == Some(true) {
        return Err(syn::Error::new_spanned(path, not_in_this_file(&text)));
    }
    let Some(items) = crate::context::siblings(name.span()) else {
        return Ok(None);
    };
    let declared = |keyword: &str| items.iter().any(|(k, n)| k == keyword && *n == text);
    match (declared("mod"), declared("fn")) {
        // As `companion_name` named it beside a module, declared or imported.
        (_, true) if declared("mod") || declared("use") => Ok(Some(Path::from(Ident::new(
            &format!("__cursor_hooks_{name}"),
            name.span(),
        )))),
        (true, false) => Err(syn::Error::new_spanned(
            path,
            format_args!(
                "`{text}` is a module, and `main!` lists handler functions: name each handler by its path, such as `cursor_hooks::main!({text}::guard)` (a handler in a module is `pub fn` or `pub(crate) fn`)"
            ),
        )),
        _ => Ok(None),
    }
}

/// The error for a `main!` entry that nothing in its file defines or imports: the library's
/// path when the package has a library (`src/lib.rs`), else how to name it.
fn not_in_this_file(name: &str) -> String {
    let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR").map(std::path::PathBuf::from);
    let has_library = manifest_dir.is_some_and(|dir| dir.join("src/lib.rs").is_file());
    let package = std::env::var("CARGO_PKG_NAME").unwrap_or_default();
    if has_library && !package.is_empty() {
        let library = package.replace('-', "_");
        format!(
            "`{name}` is neither defined nor imported in this file; a handler in your library is named by the library's path: `cursor_hooks::main!({library}::{name})` (or `use {library}::{name};` first)"
        )
    } else {
        format!(
            "`{name}` is neither defined nor imported in this file: define the handler here, or name it by its path (`cursor_hooks::main!(module::{name})`; `my_crate::{name}` for a handler in the library `my_crate`)"
        )
    }
}

/// A path as the user wrote it, without the spaces tokens print with.
fn shown_path(path: &Path) -> String {
    quote!(#path).to_string().replace(' ', "")
}

/// What a `main!` entry falls back to where its `use` found no companion: a type whose hook
/// compiles (so nothing else is reported), and a value, the runtime's `Unlisted`, where the
/// `use` found no value either. A plain function shadows that value, which tells the two cases
/// apart: a plain function is reported by the check in `main_tokens`, a path that names nothing
/// by rustc's unresolved import alone.
fn stand_in(local: &Ident, span: Span) -> TokenStream {
    let inert = inert_hook(local, Host::Cursor.stand_in_event());
    quote_spanned! {span=>
        pub struct #local {}
        impl #local {
            pub const __CURSOR_HOOKS_STAND_IN: bool = true;
        }
        #[allow(non_upper_case_globals)]
        pub const #local: ::cursor_hooks::__private::Unlisted = ::cursor_hooks::__private::Unlisted;
        #inert
    }
}
