//! `#[hook(on = "tool.before", tool = "shell", hosts = (Cursor, ClaudeCode))]`: one function
//! answering a host-neutral concept for every host it lists. It reads the concept's wiring from
//! `cursor_hooks_spec::concepts` (generated from `spec/concepts.json`) and writes, next to the
//! function, one companion per entry (a host's event, with the matcher that selects the tool
//! kind there) that reads the host's payload into the neutral input, calls the function and
//! writes its answer as the host's own; and a companion of the function's name that `main!`
//! lists, holding all of them. The answer's type gets the hosts as its type argument, so its
//! builders compile only where every listed host honours them (`cursor_hooks::neutral`).

use crate::expand::{companion_name, companion_vis, inert_hook};
use crate::host::Host;
use crate::parse::HandlerFn;
use cursor_hooks_spec::concepts::{self, Unified};
use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;
use syn::parse::Parser;
use syn::spanned::Spanned;
use syn::{Expr, LitInt, LitStr, ReturnType, Type};

/// What the attribute says.
struct Args {
    on: Option<LitStr>,
    tool: Option<LitStr>,
    hosts: Vec<Host>,
    hosts_span: Option<Span>,
    timeout: Option<LitInt>,
    fail_closed: bool,
}

const OPTIONS: &str = "`on`, `tool`, `hosts`, `timeout` and `fail`";

pub(crate) fn hook(args: TokenStream, item: TokenStream) -> TokenStream {
    let handler: HandlerFn = match syn::parse2(item.clone()) {
        Ok(handler) => handler,
        Err(error) => {
            let error = error.to_compile_error();
            return quote!(#error #item);
        }
    };
    match expand(args, &handler) {
        Ok(tokens) => tokens,
        Err(error) => failed(&error, &handler),
    }
}

/// The error, the function with a body that compiles against any signature, and a companion
/// that `main!` can list without a second error.
fn failed(error: &syn::Error, handler: &HandlerFn) -> TokenStream {
    let error = error.to_compile_error();
    let attrs = &handler.attrs;
    let vis = &handler.vis;
    let mut sig = handler.sig.clone();
    // Written as the answer without its hosts, the return type would be a second error.
    if let ReturnType::Type(_, ty) = &mut sig.output {
        **ty = syn::parse_quote!(());
    }
    let companion = companion_name(&handler.sig.ident);
    let companion_vis = companion_vis(handler);
    let stand_in = Host::Cursor.stand_in_event();
    let inert = inert_hook(&companion, stand_in);
    quote! {
        #error
        #(#attrs)*
        #[allow(unused_variables, unreachable_code, dead_code)]
        #vis #sig { ::core::unreachable!() }
        #[doc(hidden)]
        #[allow(non_camel_case_types, dead_code)]
        #companion_vis struct #companion {}
        #inert
    }
}

fn parse_args(tokens: TokenStream) -> syn::Result<Args> {
    let mut args = Args {
        on: None,
        tool: None,
        hosts: Vec::new(),
        hosts_span: None,
        timeout: None,
        fail_closed: false,
    };
    let parser = syn::meta::parser(|meta| {
        let key = meta
            .path
            .get_ident()
            .map(Ident::to_string)
            .unwrap_or_default();
        match key.as_str() {
            "on" => args.on = Some(meta.value()?.parse()?),
            "tool" => args.tool = Some(meta.value()?.parse()?),
            "timeout" => args.timeout = Some(meta.value()?.parse()?),
            "fail" => {
                let value: LitStr = meta.value()?.parse()?;
                args.fail_closed = match value.value().as_str() {
                    "open" => false,
                    "closed" => true,
                    _ => {
                        return Err(syn::Error::new(
                            value.span(),
                            "`fail` is `\"open\"` (the host goes on when the hook fails) or `\"closed\"` (the call is denied)",
                        ))
                    }
                };
            }
            "hosts" => {
                let value: Expr = meta.value()?.parse()?;
                args.hosts_span = Some(value.span());
                args.hosts = hosts(&value)?;
            }
            "event" => {
                return Err(meta.error(format_args!(
                    "a unified handler names no event: `on` picks each host's own events; `#[hook]` takes {OPTIONS}"
                )))
            }
            "matcher" => {
                return Err(meta.error(format_args!(
                    "a unified handler names no matcher: `tool` picks each host's own tool names; `#[hook]` takes {OPTIONS}"
                )))
            }
            _ => return Err(meta.error(format_args!("`#[hook]` takes {OPTIONS}"))),
        }
        Ok(())
    });
    parser.parse2(tokens)?;
    Ok(args)
}

/// `(Cursor, ClaudeCode)`, `(Codex)` or `Copilot`: each a registered host, once.
fn hosts(value: &Expr) -> syn::Result<Vec<Host>> {
    let items: Vec<&Expr> = match value {
        Expr::Tuple(tuple) => tuple.elems.iter().collect(),
        Expr::Paren(paren) => vec![&*paren.expr],
        other => vec![other],
    };
    let names = || {
        Host::ALL
            .iter()
            .map(|host| format!("`{host:?}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut hosts = Vec::new();
    for item in items {
        let Expr::Path(path) = item else {
            return Err(syn::Error::new_spanned(
                item,
                format_args!("`hosts` lists hosts by name: {}", names()),
            ));
        };
        let name = path
            .path
            .get_ident()
            .map(Ident::to_string)
            .unwrap_or_default();
        let Some(host) = Host::ALL.into_iter().find(|h| format!("{h:?}") == name) else {
            return Err(syn::Error::new_spanned(
                item,
                format_args!("`{name}` is not a host: the hosts are {}", names()),
            ));
        };
        if hosts.contains(&host) {
            return Err(syn::Error::new_spanned(
                item,
                format_args!("`{name}` is listed twice; list each host once"),
            ));
        }
        if let Some(feature) = host.disabled_feature() {
            return Err(syn::Error::new_spanned(
                item,
                format_args!(
                    "`{name}` needs cursor-hooks' `{feature}` feature, which is off: turn it on in Cargo.toml, or leave `{name}` out"
                ),
            ));
        }
        hosts.push(host);
    }
    if hosts.is_empty() {
        return Err(syn::Error::new_spanned(
            value,
            format_args!("list the hosts to wire the handler into: `hosts = (Cursor, ClaudeCode)`; the hosts are {}", names()),
        ));
    }
    Ok(hosts)
}

/// The concepts a unified handler answers so far, as an error lists them.
fn known() -> String {
    concepts::UNIFIED
        .iter()
        .map(|row| match row.tool {
            "" => format!("`on = \"{}\"`", row.concept),
            tool => format!("`on = \"{}\", tool = \"{tool}\"`", row.concept),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn concept(args: &Args) -> syn::Result<&'static Unified> {
    let Some(on) = &args.on else {
        return Err(syn::Error::new(
            Span::call_site(),
            format_args!("say which concept the handler answers: {}", known()),
        ));
    };
    let rows: Vec<&Unified> = concepts::UNIFIED
        .iter()
        .filter(|row| row.concept == on.value())
        .collect();
    if rows.is_empty() {
        return Err(syn::Error::new(
            on.span(),
            format_args!(
                "`{}` is not a concept a unified handler answers yet; it answers {}",
                on.value(),
                known()
            ),
        ));
    }
    let by_kind = rows.iter().any(|row| !row.tool.is_empty());
    let tool = match (&args.tool, by_kind) {
        (Some(tool), true) => tool.value(),
        (None, false) => String::new(),
        (None, true) => {
            return Err(syn::Error::new(
                on.span(),
                format_args!("say which tool kind: {}", known()),
            ))
        }
        (Some(tool), false) => {
            return Err(syn::Error::new(
                tool.span(),
                format_args!("`{}` is not about a tool: leave `tool` out", on.value()),
            ))
        }
    };
    concepts::unified(&on.value(), &tool).ok_or_else(|| {
        syn::Error::new(
            args.tool.as_ref().map_or_else(|| on.span(), LitStr::span),
            format_args!(
                "a unified handler does not answer `{}` for the tool kind `{tool}` yet; it answers {}",
                on.value(),
                known()
            ),
        )
    })
}

/// Where the handler answers, as its errors say it: "on `tool.before` for a shell call".
fn at(unified: &Unified) -> String {
    match unified.tool {
        "" => format!("on `{}`", unified.concept),
        tool => format!("on `{}` for a {tool} call", unified.concept),
    }
}

/// The input parameter (`&ShellCall` or `ShellCall`, the concept's call) and whether it is a
/// reference.
fn input(handler: &HandlerFn, unified: &Unified) -> syn::Result<bool> {
    let (call, answer) = (unified.call, unified.answer);
    let sig = &handler.sig;
    let inputs: Vec<&syn::FnArg> = sig.inputs.iter().collect();
    let [syn::FnArg::Typed(arg)] = inputs[..] else {
        return Err(syn::Error::new(
            sig.ident.span(),
            format_args!(
                "a unified handler takes one argument, the call: `fn guard(call: &{call}) -> {answer}`"
            ),
        ));
    };
    let (by_ref, ty) = match &*arg.ty {
        Type::Reference(reference) => (true, &*reference.elem),
        ty => (false, ty),
    };
    let named = matches!(ty, Type::Path(path) if path.path.segments.last().is_some_and(|s| s.ident == call));
    if !named {
        return Err(syn::Error::new_spanned(
            &arg.ty,
            format_args!(
                "{}, a unified handler reads a `&{call}` (`cursor_hooks::neutral::{call}`)",
                at(unified)
            ),
        ));
    }
    Ok(by_ref)
}

/// The return type with the hosts as its type argument: `ShellAnswer` becomes
/// `ShellAnswer<(hosts::Cursor, hosts::ClaudeCode,)>`.
fn answer_type(handler: &HandlerFn, unified: &Unified, hosts: &[Host]) -> syn::Result<Type> {
    let answer = unified.answer;
    let ReturnType::Type(_, ty) = &handler.sig.output else {
        return Err(syn::Error::new(
            handler.sig.ident.span(),
            format_args!("a unified handler returns its answer: `-> {answer}`"),
        ));
    };
    let wrong = || {
        syn::Error::new_spanned(
            ty,
            format_args!("{}, a unified handler returns a `{answer}`", at(unified)),
        )
    };
    let Type::Path(path) = &**ty else {
        return Err(wrong());
    };
    let mut path = path.clone();
    let Some(last) = path.path.segments.last_mut().filter(|s| s.ident == answer) else {
        return Err(wrong());
    };
    if !last.arguments.is_none() {
        return Err(syn::Error::new_spanned(
            &last.arguments,
            format_args!("write `{answer}` alone: `#[hook]` gives it the hosts of `hosts = (...)`"),
        ));
    }
    // In the registry's order whatever the order written: `Lists` is implemented so.
    let listed = Host::ALL.into_iter().filter(|host| hosts.contains(host));
    let markers = listed.map(|host| {
        let marker = Ident::new(&format!("{host:?}"), Span::call_site());
        quote!(::cursor_hooks::neutral::hosts::#marker)
    });
    let span = last.ident.span();
    last.arguments = syn::PathArguments::AngleBracketed(syn::parse_quote_spanned! {span=>
        <(#(#markers,)*)>
    });
    Ok(Type::Path(path))
}

fn expand(args: TokenStream, handler: &HandlerFn) -> syn::Result<TokenStream> {
    let args = parse_args(args)?;
    let unified = concept(&args)?;
    if args.hosts.is_empty() {
        return Err(syn::Error::new(
            args.on.as_ref().map_or_else(Span::call_site, LitStr::span),
            "list the hosts to wire the handler into: `hosts = (Cursor, ClaudeCode)`",
        ));
    }
    let by_ref = input(handler, unified)?;
    let answer = answer_type(handler, unified, &args.hosts)?;
    let name = &handler.sig.ident;
    let attrs = &handler.attrs;
    let vis = &handler.vis;
    let mut sig = handler.sig.clone();
    let arrow = match &handler.sig.output {
        ReturnType::Type(arrow, _) => *arrow,
        ReturnType::Default => unreachable!("checked by answer_type"),
    };
    sig.output = ReturnType::Type(arrow, Box::new(answer));
    let body = &handler.body;
    let companion = companion_name(name);
    let companion_vis = companion_vis(handler);
    let fail = if args.fail_closed {
        quote!(Closed)
    } else {
        quote!(Open)
    };
    let timeout = match &args.timeout {
        Some(t) => quote!(::core::option::Option::Some(#t)),
        None => quote!(::core::option::Option::None),
    };
    let handler_name = name.to_string();
    let mut entries = Vec::new();
    let mut companions = Vec::new();
    for wiring in unified.wirings {
        let Some(host) = args
            .hosts
            .iter()
            .copied()
            .find(|host| host_key(*host) == wiring.host)
        else {
            continue;
        };
        let event = host.event(wiring.event).ok_or_else(|| {
            syn::Error::new(
                Span::call_site(),
                format_args!("{} has no event `{}`", host.product(), wiring.event),
            )
        })?;
        let convert_path: Vec<Ident> = wiring
            .convert
            .split("::")
            .map(|part| Ident::new(part, Span::call_site()))
            .collect();
        let wired = Ident::new(
            &format!(
                "__cursor_hooks_{name}_{}",
                wiring.convert.replace("::", "_")
            ),
            name.span(),
        );
        let event_ty = event.input_type();
        let event_trait = host.event_trait();
        let entry = host.entry();
        let event_name = event.name();
        let matcher = match wiring.matcher {
            Some(m) => quote!(::core::option::Option::Some(#m)),
            None => quote!(::core::option::Option::None),
        };
        let convert = quote!(::cursor_hooks::neutral::__convert #(::#convert_path)*);
        let argument = if by_ref {
            quote!(&#convert::call(&input))
        } else {
            quote!(#convert::call(&input))
        };
        companions.push(quote! {
            #[doc(hidden)]
            #[allow(non_camel_case_types, dead_code)]
            #companion_vis struct #wired {}

            impl ::cursor_hooks::__private::Hook for #wired {
                type Event = #event_ty;
                const EVENT_NAME: &'static str = #event_name;
                const OPTIONS: ::cursor_hooks::__private::HookOptions = ::cursor_hooks::__private::HookOptions {
                    handler: #handler_name,
                    fail: ::cursor_hooks::__private::FailPolicy::#fail,
                    timeout: #timeout,
                    matcher: #matcher,
                    loop_limit: ::core::option::Option::None,
                    keep_ask: false,
                };
                const ENTRY: ::cursor_hooks::__private::Entry = #entry;
                fn call(input: #event_ty) -> ::cursor_hooks::__private::Outcome<<#event_ty as #event_trait>::Response> {
                    let answer = #convert::answer(#name(#argument));
                    <<#event_ty as #event_trait>::Response as ::cursor_hooks::AnswerTo<#event_ty, <#event_ty as #event_trait>::Response>>::into_outcome(answer)
                }
            }
        });
        entries.push(wired);
    }
    // A listed host with no event for the concept would be wired nowhere, without a word.
    if let Some(host) = args.hosts.iter().find(|host| {
        !unified
            .wirings
            .iter()
            .any(|wiring| wiring.host == host_key(**host))
    }) {
        return Err(syn::Error::new(
            args.hosts_span.unwrap_or_else(Span::call_site),
            format_args!(
                "{} runs no event {}: leave it out of `hosts`",
                host.product(),
                at(unified)
            ),
        ));
    }
    let first = entries.first().ok_or_else(|| {
        syn::Error::new(
            args.hosts_span.unwrap_or_else(Span::call_site),
            "none of these hosts runs this concept",
        )
    })?;
    Ok(quote! {
        #(#attrs)*
        #vis #sig #body

        #(#companions)*

        #[doc(hidden)]
        #[allow(non_camel_case_types, dead_code)]
        #companion_vis struct #companion {}

        impl ::cursor_hooks::__private::Hook for #companion {
            type Event = <#first as ::cursor_hooks::__private::Hook>::Event;
            // Empty: `main!`'s pairwise check of one event per handler reads each entry instead.
            const EVENT_NAME: &'static str = "";
            const OPTIONS: ::cursor_hooks::__private::HookOptions = <#first as ::cursor_hooks::__private::Hook>::OPTIONS;
            const ENTRY: ::cursor_hooks::__private::Entry = <#first as ::cursor_hooks::__private::Hook>::ENTRY;
            const ENTRIES: &'static [::cursor_hooks::__private::Entry] = &[
                #(<#entries as ::cursor_hooks::__private::Hook>::ENTRY),*
            ];
            fn call(input: Self::Event) -> ::cursor_hooks::__private::Outcome<<Self::Event as ::cursor_hooks::__private::HookEvent>::Response> {
                <#first as ::cursor_hooks::__private::Hook>::call(input)
            }
        }
    })
}

/// The registry key of a host (`claude-code`).
fn host_key(host: Host) -> &'static str {
    match host {
        Host::Cursor => "cursor",
        Host::ClaudeCode => "claude-code",
        Host::Codex => "codex",
        Host::Copilot => "copilot",
    }
}
