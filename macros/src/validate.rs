//! Phase 2: check the parsed attribute and signature against the event table from the spec.
//! Every error points at the user's own tokens and names what is allowed.

use crate::gen::events::{EventSpec, EVENTS};
use crate::parse::{Args, HandlerFn, LoopLimitArg};
use proc_macro2::Span;
use quote::ToTokens;
use syn::{Error, Expr, ExprLit, FnArg, Lit, LitStr, ReturnType, Type};

/// The longest `timeout` accepted, in seconds: a larger value is almost always milliseconds.
const MAX_TIMEOUT_SECS: u32 = 600;

/// A handler that passed every check.
pub(crate) struct Hook<'a> {
    pub(crate) event: &'static EventSpec,
    pub(crate) fail_closed: bool,
    pub(crate) timeout: Option<u32>,
    pub(crate) matcher: Option<String>,
    /// `Some(None)` is `loop_limit = "none"`.
    pub(crate) loop_limit: Option<Option<u32>>,
    pub(crate) keep_ask: bool,
    pub(crate) handler: &'a HandlerFn,
    pub(crate) input: Input<'a>,
}

/// How the handler takes its input.
pub(crate) enum Input<'a> {
    ByValue(&'a Type),
    ByRef(&'a Type),
}

/// The event named in the attribute, when it is one (used for the stand-in on other errors).
pub(crate) fn event(args: &Args) -> Option<&'static EventSpec> {
    let name = args.event.as_ref()?.value();
    EVENTS.iter().find(|event| event.name == name)
}

pub(crate) fn validate<'a>(args: &Args, handler: &'a HandlerFn) -> syn::Result<Hook<'a>> {
    let event = check_event(args)?;
    let input = check_signature(event, handler)?;
    let fail_closed = match &args.fail {
        None => false,
        Some(fail) => match fail.value().as_str() {
            "open" => false,
            "closed" => true,
            other => {
                return Err(Error::new_spanned(
                    fail,
                    format_args!("unknown failure policy `{other:?}`; expected `\"open\"` (answer no opinion when the hook fails) or `\"closed\"` (block)"),
                ))
            }
        },
    };
    let timeout = match &args.timeout {
        None => None,
        Some(value) => {
            let seconds = match value {
                Expr::Lit(ExprLit {
                    lit: Lit::Int(lit), ..
                }) => lit.base10_parse::<u32>().ok().filter(|s| *s > 0),
                _ => None,
            };
            let seconds = seconds.ok_or_else(|| {
                Error::new_spanned(value, "`timeout` must be a whole number of seconds greater than 0, such as `timeout = 5`")
            })?;
            if seconds > MAX_TIMEOUT_SECS {
                return Err(Error::new_spanned(
                    value,
                    format_args!("`timeout` is in seconds, and {seconds} s is over {MAX_TIMEOUT_SECS} s; did you write milliseconds?"),
                ));
            }
            Some(seconds)
        }
    };
    let matcher = args
        .matcher
        .as_ref()
        .map(|lit| check_matcher(event, lit))
        .transpose()?;
    let loop_limit = match &args.loop_limit {
        None => None,
        Some(arg) => {
            let tokens = match arg {
                LoopLimitArg::Limit(lit) => lit.to_token_stream(),
                LoopLimitArg::Unlimited(lit) => lit.to_token_stream(),
                LoopLimitArg::Other(expr) => expr.to_token_stream(),
            };
            if event.category != "loop" {
                return Err(Error::new_spanned(
                    tokens,
                    format_args!(
                        "`loop_limit` applies only to {} hooks, not `{}`",
                        names_where(|e| e.category == "loop"),
                        event.name
                    ),
                ));
            }
            let limit = match arg {
                LoopLimitArg::Limit(lit) => lit.base10_parse::<u32>().ok().map(Some),
                LoopLimitArg::Unlimited(lit) if lit.value() == "none" => Some(None),
                _ => None,
            };
            Some(limit.ok_or_else(|| {
                Error::new_spanned(
                    tokens,
                    "`loop_limit` must be a whole number of follow-ups, or \"none\" for no limit",
                )
            })?)
        }
    };
    let keep_ask = match &args.ask {
        None => false,
        Some(ask) => {
            if !event.permission.contains(&"ask") {
                return Err(Error::new_spanned(
                    ask,
                    format_args!(
                        "`ask` is not a permission `{}` accepts, so there is nothing to keep; the events that take `ask` are {}",
                        event.name,
                        names_where(|e| e.permission.contains(&"ask"))
                    ),
                ));
            }
            match ask.value().as_str() {
                "keep" if event.ask_always_deny => {
                    return Err(Error::new_spanned(
                        ask,
                        format_args!(
                            "`ask = \"keep\"` cannot work on `{}`: Cursor accepts `ask` there but never enforces it, so it is always sent as `deny` (compat rule ask-pretooluse); `ask` can be kept only on {}",
                            event.name,
                            names_where(|e| e.permission.contains(&"ask") && !e.ask_always_deny)
                        ),
                    ))
                }
                "keep" => true,
                "downgrade" => false,
                other => {
                    return Err(Error::new_spanned(
                        ask,
                        format_args!("unknown `ask` setting `{other:?}`; expected `\"downgrade\"` (the default: `ask` becomes `deny` where Cursor does not honour it) or `\"keep\"`"),
                    ))
                }
            }
        }
    };
    Ok(Hook {
        event,
        fail_closed,
        timeout,
        matcher,
        loop_limit,
        keep_ask,
        handler,
        input,
    })
}

fn check_event(args: &Args) -> syn::Result<&'static EventSpec> {
    let Some(lit) = &args.event else {
        return Err(Error::new(
            Span::call_site(),
            format_args!(
                "missing `event`: write `#[cursor_hook(event = \"...\")]` with one of: {}",
                event_list()
            ),
        ));
    };
    let name = lit.value();
    if let Some(event) = EVENTS.iter().find(|event| event.name == name) {
        return Ok(event);
    }
    let hint = match closest_event(&name) {
        Some(close) => format!("did you mean `{close}`? "),
        None => String::new(),
    };
    Err(Error::new_spanned(
        lit,
        format_args!(
            "unknown event `{name}`; {hint}Cursor's events are: {}",
            event_list()
        ),
    ))
}

/// "`a`, `b` and `c`": the events of the spec's table that `keep` selects.
fn names_where(keep: impl Fn(&EventSpec) -> bool) -> String {
    let names: Vec<String> = EVENTS
        .iter()
        .filter(|event| keep(event))
        .map(|event| format!("`{}`", event.name))
        .collect();
    and_list(&names)
}

/// "a, b and c".
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn event_list() -> String {
    EVENTS
        .iter()
        .map(|e| format!("`{}`", e.name))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The event whose name is nearest to `name` (case ignored), if it is near enough to be a typo.
fn closest_event(name: &str) -> Option<&'static str> {
    let lower = name.to_lowercase();
    EVENTS
        .iter()
        .map(|event| {
            (
                edit_distance(&lower, &event.name.to_lowercase()),
                event.name,
            )
        })
        .filter(|(distance, candidate)| *distance <= 2 + candidate.len() / 5)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, candidate)| candidate)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous + usize::from(ca != *cb);
            previous = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(previous + 1);
        }
    }
    row[b.len()]
}

/// Checks `matcher` as Cursor uses it: a JavaScript regex searched (unanchored) in the event's
/// subject. It must compile, the event must have a subject, and where the subject is a closed
/// set of names the regex must be able to match one of them (else the hook never runs).
fn check_matcher(event: &EventSpec, lit: &LitStr) -> syn::Result<String> {
    let pattern = lit.value();
    let error = |message: String| Err(Error::new_spanned(lit, message));
    if pattern.is_empty() {
        return error(
            "`matcher` is not a valid regex: it is empty; leave `matcher` out to match everything"
                .to_owned(),
        );
    }
    let Some(subject) = event.matcher_subject else {
        return error(format!(
            "`matcher` has no effect on `{}`: this event has no matcher subject, so Cursor runs the hook for every `{}` whatever the matcher says; remove `matcher` and decide inside the handler",
            event.name, event.name
        ));
    };
    // Cursor treats `*` as "everything"; as a regex it would not compile.
    if pattern == "*" {
        return Ok(pattern);
    }
    let regex = match regress::Regex::new(&pattern) {
        Ok(regex) => regex,
        Err(why) => {
            return error(format!(
                "`matcher` is not a valid regex (Cursor compiles it as a JavaScript RegExp, and an invalid one disables the whole hooks.json): {why}"
            ))
        }
    };
    if event.matcher_values.is_empty()
        || event
            .matcher_values
            .iter()
            .any(|value| regex.find(value).is_some())
    {
        return Ok(pattern);
    }
    let mut values: Vec<String> = event
        .matcher_values
        .iter()
        .map(|value| format!("`{value}`"))
        .collect();
    if let Some(prefix) = event.matcher_open_prefix {
        if pattern.contains(prefix.trim_end_matches(':')) {
            return Ok(pattern);
        }
        values.push(format!("`{prefix}<tool>` for an MCP tool"));
    }
    let tested = match values.as_slice() {
        [only] => format!("the event's subject, which is always {only}"),
        _ => format!(
            "{}, which is one of {}",
            subject_noun(subject),
            or_list(&values)
        ),
    };
    error(format!(
        "`matcher` {pattern:?} can never match on `{}`, so the hook would never run: Cursor searches it in {tested}. To act on some paths or commands only, leave `matcher` out (or match one of those) and filter inside the handler",
        event.name,
    ))
}

/// "The tool type: Read, TabRead." → "the tool type".
fn subject_noun(subject: &str) -> String {
    let noun = match subject.split_once(':') {
        Some((noun, _)) => noun,
        None => "the event's subject",
    };
    let mut chars = noun.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// "a, b or c".
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

fn check_signature<'a>(event: &EventSpec, handler: &'a HandlerFn) -> syn::Result<Input<'a>> {
    let sig = &handler.sig;
    let expected = format!(
        "`{}` handler takes one parameter, `input: {}`",
        event.name, event.input
    );
    if sig.ident == "main" {
        return Err(Error::new_spanned(
            &sig.ident,
            "a hook handler cannot be named `main`: `cursor_hooks::main!` writes the binary's `main`; rename the handler",
        ));
    }
    if let Some(token) = &sig.asyncness {
        return Err(Error::new_spanned(
            token,
            "`async fn` is not supported: a hook answers one payload per process, so write a plain `fn`",
        ));
    }
    if let syn::Safety::Unsafe(token) = &sig.safety {
        return Err(Error::new_spanned(
            token,
            "a hook handler cannot be `unsafe fn`; use an `unsafe` block inside it",
        ));
    }
    if let Some(abi) = &sig.abi {
        return Err(Error::new_spanned(
            abi,
            "a hook handler is a plain Rust `fn`; remove the `extern` ABI",
        ));
    }
    if !sig.generics.params.is_empty() || sig.generics.where_clause.is_some() {
        let message =
            "a hook handler cannot be generic: its `event` decides the input and response types";
        return Err(match &sig.generics.where_clause {
            Some(clause) if sig.generics.params.is_empty() => Error::new_spanned(clause, message),
            _ => Error::new_spanned(&sig.generics, message),
        });
    }
    if let Some(variadic) = &sig.variadic {
        return Err(Error::new_spanned(variadic, format_args!("a {expected}")));
    }
    let mut params = sig.inputs.iter();
    let param = match params.next() {
        None => {
            return Err(Error::new(
                sig.paren_token.span.join(),
                format_args!("a {expected}"),
            ))
        }
        Some(FnArg::Receiver(receiver)) => {
            return Err(Error::new_spanned(
                receiver,
                format_args!(
                    "a hook handler is a free function, not a method: remove `self`; a {expected}"
                ),
            ))
        }
        Some(FnArg::Typed(param)) => param,
    };
    if let Some(extra) = params.next() {
        return Err(Error::new_spanned(
            extra,
            format_args!("a {expected}; remove this one"),
        ));
    }
    Ok(match &*param.ty {
        Type::Reference(reference) if reference.mutability.is_some() => {
            return Err(Error::new_spanned(
                reference,
                format_args!(
                    "take the input by value or by shared reference (`&{}`), not `&mut`",
                    event.input
                ),
            ))
        }
        Type::Reference(reference) => Input::ByRef(&reference.elem),
        ty => Input::ByValue(ty),
    })
}

/// The return type's tokens, for spans (`None` for a function that returns `()` implicitly).
pub(crate) fn return_type(handler: &HandlerFn) -> Option<&Type> {
    match &handler.sig.output {
        ReturnType::Default => None,
        ReturnType::Type(_, ty) => Some(ty),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(name: &str) -> &'static EventSpec {
        EVENTS.iter().find(|e| e.name == name).expect("an event")
    }

    fn check(name: &str, pattern: &str) -> Result<String, String> {
        let lit = LitStr::new(pattern, Span::call_site());
        check_matcher(event(name), &lit).map_err(|e| e.to_string())
    }

    #[test]
    fn matchers_that_can_meet_the_subject_pass() {
        for (name, pattern) in [
            ("preToolUse", "Shell"),
            ("preToolUse", "Sh.*|Rea"),
            ("preToolUse", "MCP:github_.*"),
            ("preToolUse", "*"),
            ("subagentStart", "general-purpose"),
            ("subagentStop", "^generalPurpose$"),
            ("beforeReadFile", "TabRead"),
            ("stop", "Stop"),
            // Open subject: any valid regex.
            ("beforeShellExecution", "\\.env$"),
            ("afterShellExecution", "^git (push|reset)"),
        ] {
            assert_eq!(
                check(name, pattern),
                Ok(pattern.to_owned()),
                "{name}: {pattern}"
            );
        }
    }

    #[test]
    fn javascript_leniencies_cursor_accepts_compile() {
        // Outside unicode mode a JavaScript RegExp accepts these; Cursor compiles them.
        for pattern in ["Shell]", "Read{", "Shell\\-x|Read"] {
            assert!(check("beforeShellExecution", pattern).is_ok(), "{pattern}");
        }
    }

    #[test]
    fn matchers_that_never_meet_the_subject_fail() {
        for (name, pattern) in [
            ("beforeReadFile", "\\.env$"),
            ("preToolUse", "^Bash$"),
            ("afterFileEdit", "^Read$"),
            ("beforeSubmitPrompt", "secret"),
        ] {
            let error = check(name, pattern).unwrap_err();
            assert!(error.contains("can never match"), "{name}: {error}");
        }
    }

    #[test]
    fn a_matcher_on_an_event_without_subject_fails() {
        let error = check("preCompact", "manual").unwrap_err();
        assert!(error.contains("has no matcher subject"), "{error}");
    }

    #[test]
    fn an_invalid_regex_fails() {
        let error = check("beforeShellExecution", "(git").unwrap_err();
        assert!(error.contains("not a valid regex"), "{error}");
    }
}
