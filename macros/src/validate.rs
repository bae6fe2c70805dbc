//! Phase 2: check the parsed attribute and signature against the host's event table from the
//! spec. Every error points at the user's own tokens and names what is allowed.

use crate::host::{Event, Host};
use crate::parse::{Args, Errors, HandlerFn, LoopLimitArg};
use cursor_hooks_spec::matcher::Verdict;
use cursor_hooks_spec::{Category, EventInfo, EVENTS};
use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};
use quote::ToTokens;
use syn::{Error, Expr, ExprLit, FnArg, Lit, LitStr, ReturnType, Type};

/// The hosts' own longest default timeout, in seconds (Claude Code's command hooks, 600 s).
/// Neither host caps a timeout, so a longer one is taken as written (`timeout = 900`, a quarter
/// of an hour), unless it is a whole number of thousands: then it is almost always milliseconds.
const LONGEST_DEFAULT_SECS: u32 = 600;

/// A handler that passed every check.
pub(crate) struct Hook<'a> {
    pub(crate) event: Event,
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
pub(crate) fn event(args: &Args, host: Host) -> Option<Event> {
    host.event(&args.event.as_ref()?.value())
}

/// Checks every option and the signature. Each mistake is one error, and all of them come in one
/// compile: an option is checked whatever another one says, and only the checks that need the
/// event wait for it.
pub(crate) fn validate<'a>(
    args: &Args,
    mut options: Errors,
    handler: &'a HandlerFn,
    host: Host,
) -> syn::Result<Hook<'a>> {
    let at = |key: &str| args.position(key);
    let event = if args.refused("event") {
        None
    } else {
        options.check(at("event"), check_event(args, host))
    };
    let fail_closed = options
        .check(at("fail"), check_fail(args, event))
        .unwrap_or(false);
    let timeout = args.timeout.as_ref().and_then(|value| {
        options.check(
            at("timeout"),
            check_timeout(value).and_then(|seconds| check_timeout_cap(value, seconds, event)),
        )
    });
    let matcher = match (&args.matcher, event) {
        (Some(lit), Some(event)) => options.check(at("matcher"), check_matcher(event, lit)),
        _ => None,
    };
    // `loop_limit` and `ask` are Cursor's: `parse` refuses them on a Claude Code handler.
    let cursor_event = match event {
        Some(Event::Cursor(info)) => Some(info),
        _ => None,
    };
    let loop_limit = match (&args.loop_limit, cursor_event) {
        (Some(arg), Some(event)) => options.check(at("loop_limit"), check_loop_limit(arg, event)),
        _ => None,
    };
    let keep_ask = match (&args.ask, cursor_event) {
        (Some(ask), Some(event)) => options
            .check(at("ask"), check_ask(ask, event))
            .unwrap_or(false),
        _ => false,
    };
    // After the options' errors, the signature's.
    let input = event.and_then(|event| options.check(usize::MAX, check_signature(event, handler)));
    if let Some(event) = event {
        options.check(usize::MAX, check_return_type(event, handler));
    }
    options.finish()?;
    let (Some(event), Some(input)) = (event, input) else {
        // Only a refused `event` leaves both unread, and its error is among the options'.
        unreachable!("every check passed, so the event and the input were read")
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

/// `fail = "open"` or `"closed"`.
fn check_fail(args: &Args, event: Option<Event>) -> syn::Result<bool> {
    let Some(fail) = &args.fail else {
        return Ok(false);
    };
    let closed = match fail.value().as_str() {
        "open" => false,
        "closed" => true,
        other => {
            return Err(Error::new_spanned(
                fail,
                format_args!("unknown failure policy `{other:?}`; expected `\"open\"` (answer no opinion when the hook fails) or `\"closed\"` (block)"),
            ))
        }
    };
    if let (true, Some(Event::Claude(info))) = (closed, event) {
        check_claude_fail_closed(info, fail)?;
    }
    Ok(closed)
}

/// `loop_limit = 5` or `"none"` (`Some(None)`), on a loop event.
fn check_loop_limit(arg: &LoopLimitArg, event: &EventInfo) -> syn::Result<Option<u32>> {
    let tokens = match arg {
        LoopLimitArg::Limit(lit) => lit.to_token_stream(),
        LoopLimitArg::Unlimited(lit) => lit.to_token_stream(),
        LoopLimitArg::Other(expr) => expr.to_token_stream(),
    };
    if event.category != Category::Loop {
        return Err(Error::new_spanned(
            tokens,
            format_args!(
                "`loop_limit` applies only to {} hooks, not `{}`",
                names_where(|e| e.category == Category::Loop),
                event.name
            ),
        ));
    }
    let limit = match arg {
        LoopLimitArg::Limit(lit) => lit.base10_parse::<u32>().ok().map(Some),
        LoopLimitArg::Unlimited(lit) if lit.value() == "none" => Some(None),
        _ => None,
    };
    limit.ok_or_else(|| {
        Error::new_spanned(
            tokens,
            "`loop_limit` must be a whole number of follow-ups, or \"none\" for no limit",
        )
    })
}

/// `ask = "keep"` or `"downgrade"`, on an event that takes `ask`.
fn check_ask(ask: &LitStr, event: &EventInfo) -> syn::Result<bool> {
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
        "keep" if event.ask_always_deny => Err(Error::new_spanned(
            ask,
            format_args!(
                "`ask = \"keep\"` cannot work on `{}`: Cursor accepts `ask` there but never enforces it, so it is always sent as `deny` (compat rule ask-pretooluse); `ask` can be kept only on {}",
                event.name,
                names_where(|e| e.permission.contains(&"ask") && !e.ask_always_deny)
            ),
        )),
        "keep" => Ok(true),
        "downgrade" => Ok(false),
        other => Err(Error::new_spanned(
            ask,
            format_args!("unknown `ask` setting `{other:?}`; expected `\"downgrade\"` (the default: `ask` becomes `deny` where Cursor does not honour it) or `\"keep\"`"),
        )),
    }
}

/// `fail = "closed"` on a Claude Code event where no hook can block (`can_block`; the rule of
/// `fail_closed` in spec/claude-code/host.json): the failure would be let through whatever the
/// policy says, so the option would only mislead.
fn check_claude_fail_closed(
    info: &cursor_hooks_spec::claude::EventInfo,
    fail: &LitStr,
) -> syn::Result<()> {
    if info.can_block {
        return Ok(());
    }
    let honoured: Vec<String> = cursor_hooks_spec::claude::EVENTS
        .iter()
        .filter(|event| event.can_block)
        .map(|event| format!("`{}`", event.name))
        .collect();
    Err(Error::new_spanned(
        fail,
        format_args!(
            "`fail = \"closed\"` has no effect on `{}`: no hook can block there, so Claude Code goes on whatever a failing hook answers; remove `fail` (failing open is all this event allows). A failure blocks only on {}",
            info.name,
            and_list(&honoured)
        ),
    ))
}

/// `timeout = 5`: a plain whole number of seconds. A suffix is not a unit (`500ms` would be read
/// as 500 seconds), so any suffixed or fractional number is an error that suggests the seconds.
fn check_timeout(value: &Expr) -> syn::Result<u32> {
    let error = |message: String| Err(Error::new_spanned(value, message));
    let not_seconds = || {
        error(
            "`timeout` must be a whole number of seconds greater than 0, such as `timeout = 5`"
                .to_owned(),
        )
    };
    let (number, suffix, fraction) = match value {
        Expr::Lit(ExprLit {
            lit: Lit::Int(lit), ..
        }) => (lit.base10_parse::<f64>(), lit.suffix(), false),
        Expr::Lit(ExprLit {
            lit: Lit::Float(lit),
            ..
        }) => (lit.base10_parse::<f64>(), lit.suffix(), true),
        _ => return not_seconds(),
    };
    let Ok(number) = number else {
        return not_seconds();
    };
    if !suffix.is_empty() || fraction {
        let in_seconds = match suffix {
            "ms" => number / 1000.0,
            "min" | "m" => number * 60.0,
            _ => number,
        };
        // Rounded up: a deadline cut short would kill a hook that was about to answer.
        let suggested = (in_seconds.ceil() as u64).max(1);
        let what = if suffix.is_empty() {
            "a fraction".to_owned()
        } else {
            format!("a suffix, `{suffix}`")
        };
        return error(format!(
            "`timeout` is a whole number of seconds with no unit or suffix, and this one has {what}: write `timeout = {suggested}`"
        ));
    }
    if number < 1.0 {
        return not_seconds();
    }
    if number > f64::from(u32::MAX) {
        return not_seconds();
    }
    // A whole number from 1 to u32::MAX: exact in an f64.
    let seconds = number as u32;
    if seconds > LONGEST_DEFAULT_SECS && seconds.is_multiple_of(1000) {
        return error(format!(
            "`timeout` is in seconds, and {seconds} s is {} minutes; did you write milliseconds? {seconds} ms is `timeout = {}`",
            seconds / 60,
            seconds / 1000
        ));
    }
    Ok(seconds)
}

/// A timeout the host would clamp (Codex's SessionEnd and Interrupt: at most 3 s) is an error:
/// the handler would be killed sooner than its attribute says.
fn check_timeout_cap(value: &Expr, seconds: u32, event: Option<Event>) -> syn::Result<u32> {
    let Some(Event::Codex(info)) = event else {
        return Ok(seconds);
    };
    match info.timeout_max_seconds {
        Some(max) if seconds > max => Err(Error::new_spanned(
            value,
            format!(
                "Codex clamps a `{}` hook's timeout to at most {max} s, so `timeout = {seconds}` would stop it after {max} s: write `timeout = {max}` or less (or leave it out: {} s)",
                info.name,
                info.timeout_ms.map_or(1, |ms| ms.div_ceil(1000)),
            ),
        )),
        _ => Ok(seconds),
    }
}

fn check_event(args: &Args, host: Host) -> syn::Result<Event> {
    let Some(lit) = &args.event else {
        return Err(Error::new(
            Span::call_site(),
            format_args!(
                "missing `event`: write `#[{}(event = \"...\")]` with one of: {}",
                host.attribute(),
                event_list(host)
            ),
        ));
    };
    let name = lit.value();
    if let Some(event) = host.event(&name) {
        return Ok(event);
    }
    let (product, other) = (host.product(), host.other());
    // The other editor's event: its counterpart here, else the attribute that takes it.
    if let Some(foreign) = other.event(&name) {
        let message = match foreign.counterparts().as_slice() {
            [] => format!(
                "`{name}` is {}'s event, and {product} has no counterpart of it; a {} handler is written `#[{}(event = \"{name}\")]`. {product}'s events are: {}",
                other.product(),
                other.product(),
                other.attribute(),
                event_list(host)
            ),
            counterparts => format!(
                "`{name}` is {}'s event; {product}'s is {}",
                other.product(),
                or_list(&counterparts.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>())
            ),
        };
        return Err(Error::new_spanned(lit, message));
    }
    let hint = match host.closest_event(&name) {
        Some(close) => format!("did you mean `{close}`? "),
        None => String::new(),
    };
    Err(Error::new_spanned(
        lit,
        format_args!(
            "unknown event `{name}`; {hint}{product}'s events are: {}",
            event_list(host)
        ),
    ))
}

/// "`a`, `b` and `c`": the events of Cursor's table that `keep` selects.
fn names_where(keep: impl Fn(&EventInfo) -> bool) -> String {
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

fn event_list(host: Host) -> String {
    host.events()
        .iter()
        .map(|e| format!("`{}`", e.name()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Checks `matcher` as the host uses it (`cursor_hooks_spec::matcher` for Cursor,
/// `cursor_hooks_spec::claude::matcher` for Claude Code, which the `cursor-hooks` command applies
/// to the settings files too). It must compile, the event must have a subject, and where the
/// subject is a closed set of names the matcher must be able to match one of them (else the
/// hook never runs).
fn check_matcher(event: Event, lit: &LitStr) -> syn::Result<String> {
    let pattern = lit.value();
    let error = |message: String| Err(Error::new_spanned(lit, message));
    let host = event.host();
    let product = host.product();
    // How the host compiles a regex matcher, and what an invalid one costs.
    let (compiles, invalid_costs) = match host {
        Host::Cursor => (
            "Cursor compiles `matcher` as a JavaScript RegExp",
            "an invalid regex disables the whole hooks.json",
        ),
        Host::ClaudeCode => (
            "Claude Code compiles a `matcher` that is more than a list of names as a JavaScript RegExp",
            "a hook whose matcher does not compile never runs",
        ),
        Host::Codex => (
            "Codex compiles a `matcher` that is more than a list of names with Rust's `regex`, matched against the whole name",
            "a hook whose matcher does not compile never runs",
        ),
        Host::Copilot => (
            "Copilot reads a `matcher` as a regex matched against the whole tool name",
            "a hook whose matcher does not compile never runs",
        ),
    };
    match event.check_matcher(&pattern) {
        Verdict::All => Ok(pattern),
        Verdict::Matches => match host {
            Host::ClaudeCode => match cursor_hooks_spec::claude::matcher::bare_mcp_server(&pattern) {
                Some(server) => error(format!(
                    "`{server}` names an MCP server, not a tool: Claude Code's MCP tools are `mcp__<server>__<tool>`, and it compares an exact name with the whole tool name, so `{server}` matches none; write `{server}__.*` for every tool of the server, or `{server}__<tool>` for one"
                )),
                None => Ok(pattern),
            },
            Host::Cursor | Host::Codex | Host::Copilot => Ok(pattern),
        },
        Verdict::Invalid {
            inline_flags: Some(flags),
            ..
        } => error(format!(
            "`matcher` uses an inline flag group, `{flags}`, and {compiles}, which has no inline flags ({invalid_costs}); {product}'s matching is case-sensitive: spell the cases out (`[Gg]it`), or leave `matcher` out and test inside the handler"
        )),
        Verdict::Invalid { .. } if cursor_hooks_spec::matcher::python_named_groups(&pattern).is_some() => {
            let fixed = cursor_hooks_spec::matcher::python_named_groups(&pattern).unwrap_or_default();
            error(format!(
                "`matcher` names a group the way Python does, `(?P<name>...)`, and {compiles}, which writes it `(?<name>...)` ({invalid_costs}): write `matcher = {fixed:?}`"
            ))
        }
        Verdict::Invalid { reason, .. } => error(match host {
            // `*.env`: a file glob, which is no regex, on an event whose subject is no path.
            Host::Cursor if pattern.starts_with('*') => format!(
                "`matcher` {pattern:?} looks like a file glob, but Cursor compiles `matcher` as a JavaScript RegExp (and an invalid one disables the whole hooks.json: {reason}){}",
                match event.matcher_subject() {
                    Some(subject) if subject.contains("file path") => format!(
                        "; on `{}` it is tested against the tool type, which is always {}, never the path: leave `matcher` out and check `input.file_path` inside the handler",
                        event.name(),
                        or_list(&event.matcher_values().iter().map(|v| format!("`{v}`")).collect::<Vec<_>>()),
                    ),
                    _ => "; write a regex (`\\.env$`), or leave `matcher` out and test inside the handler".to_owned(),
                }
            ),
            Host::Cursor => format!("`matcher` is not a valid regex (Cursor compiles it as a JavaScript RegExp, and an invalid one disables the whole hooks.json): {reason}"),
            Host::ClaudeCode | Host::Codex | Host::Copilot => format!("`matcher` is not a valid regex ({compiles}, and {invalid_costs}): {reason}"),
        }),
        Verdict::NoSubject => error(format!(
            "`matcher` has no effect on `{}`: this event has no matcher subject, so {product} runs the hook for every `{}` whatever the matcher says; remove `matcher` and decide inside the handler",
            event.name(), event.name()
        )),
        Verdict::Never if host == Host::Copilot && matches!(pattern.as_str(), "" | "*") => error(format!(
            "`matcher = {pattern:?}` selects no tool under Copilot: only a hook without `matcher` runs for every tool (Copilot CLI {} ran an empty or `*` matcher on nothing, where Claude Code reads it as every tool); leave `matcher` out",
            cursor_hooks_spec::copilot::TOOLS_VERSION
        )),
        Verdict::Never => {
            let mut values: Vec<String> = event
                .matcher_values()
                .iter()
                .map(|value| format!("`{value}`"))
                .collect();
            if let Some(prefix) = event.matcher_open_prefix() {
                values.push(match prefix {
                    "mcp__" => "`mcp__<server>__<tool>` for an MCP tool".to_owned(),
                    _ => format!("`{prefix}<tool>` for an MCP tool"),
                });
            }
            let subject = subject_noun(host, event.matcher_subject().unwrap_or_default());
            let tested = match values.as_slice() {
                // Only an open prefix: every subject is `MCP:<tool_name>`.
                _ if event.matcher_values().is_empty() => match event.matcher_open_prefix() {
                    Some(prefix) => format!("the MCP tool's name, which always starts with `{prefix}` (`{prefix}<tool_name>`)"),
                    None => subject,
                },
                [only] if subject == "the tool type" => format!("the tool type, which is always {only}"),
                [only] => format!("the event's subject, which is always {only}"),
                // The tools are those of the recorded binary (spec/claude-code/host.json).
                // Too many to list (`cursor-hooks events --host claude-code` does); a near
                // miss is named by the hint.
                _ if host == Host::ClaudeCode && event.matcher_subject() == Some("tool_name") => {
                    format!(
                        "{subject}, which is the name of one of the {} built-in tools of Claude Code {} (`Bash`, `Edit`, `Read`, `Write`, ...; `cursor-hooks events --host claude-code` lists them) or `mcp__<server>__<tool>` for an MCP tool",
                        event.matcher_values().len(),
                        cursor_hooks_spec::claude::TOOLS_VERSION,
                    )
                }
                _ => format!("{subject}, which is one of {}", or_list(&values)),
            };
            let (how, hint) = match (host, cursor_hooks_spec::claude::matcher::form(&pattern)) {
                (Host::Cursor, _) => (format!("Cursor searches it in {tested}"), String::new()),
                (Host::ClaudeCode, cursor_hooks_spec::claude::matcher::Form::Names(names)) => {
                    let names: Vec<String> = names.iter().map(|name| format!("`{name}`")).collect();
                    let how = format!(
                        "Claude Code reads a matcher of only letters, digits, `_`, `-`, spaces, `,` and `|` as exact names (here {}) and compares them with {tested}",
                        and_list(&names)
                    );
                    (how, names_hint(event, &pattern))
                }
                (Host::ClaudeCode, _) => (
                    format!("Claude Code searches it as a regex in {tested}"),
                    String::new(),
                ),
                (Host::Copilot, _) => (
                    format!("Copilot compares it with {tested}"),
                    String::new(),
                ),
                (Host::Codex, _) => match cursor_hooks_spec::codex::matcher::form(&pattern) {
                    cursor_hooks_spec::codex::matcher::Form::Names(names) => {
                        let names: Vec<String> =
                            names.iter().map(|name| format!("`{name}`")).collect();
                        (
                            format!(
                                "Codex reads a matcher of only letters, digits, `_` and `|` as exact names (here {}) and compares them with {tested}",
                                and_list(&names)
                            ),
                            String::new(),
                        )
                    }
                    _ => (
                        format!("Codex matches it as a regex against the whole of {tested} (anchored: `Ba` does not select `Bash`)"),
                        String::new(),
                    ),
                },
            };
            let advice = match (host, event.matcher_subject()) {
                (Host::ClaudeCode | Host::Codex | Host::Copilot, Some(subject))
                    if !matches!(subject, "tool_name" | "toolName") =>
                {
                    "Match one of those, or leave `matcher` out and decide inside the handler"
                }
                (Host::Cursor, Some(subject)) if subject.contains("file path") => {
                    "The matcher never sees the path: to guard some files only, leave `matcher` out and check `input.file_path` inside the handler"
                }
                (Host::Cursor, _) if event.matcher_values().is_empty() => {
                    "Match `MCP:<tool_name>` (or the tool name alone, unanchored), or leave `matcher` out and decide inside the handler"
                }
                (Host::Cursor, _) if event.matcher_values().len() == 1 => {
                    "Leave `matcher` out and decide inside the handler from the input"
                }
                _ => "To act on some paths or commands only, leave `matcher` out (or match one of those) and filter inside the handler",
            };
            error(format!(
                "`matcher` {pattern:?} can never match on `{}`, so the hook would never run: {how}.{hint} {advice}",
                event.name(),
            ))
        }
    }
}

/// " Did you mean `Bash`?": the known values nearest to the names of a matcher, when they are
/// near enough to be typos.
fn names_hint(event: Event, pattern: &str) -> String {
    let form = cursor_hooks_spec::claude::matcher::form(pattern);
    let values = event.matcher_values();
    // Cursor's tool type (`Shell`) is answered with the Claude Code tools Cursor runs as it
    // (spec/claude-code/host.json `tool_map`), not with the nearest spelling (`PowerShell`).
    if event.matcher_subject() == Some("tool_name") {
        for name in form.names() {
            let claude_tools: Vec<String> = cursor_hooks_spec::claude::TOOL_MAP
                .iter()
                .filter(|(claude, cursor)| {
                    cursor == name && claude != name && values.contains(claude)
                })
                .map(|(claude, _)| format!("`{claude}`"))
                .collect();
            if !claude_tools.is_empty() && !values.contains(name) {
                return format!(
                    " `{name}` is Cursor's tool type; Claude Code's is {}.",
                    or_list(&claude_tools)
                );
            }
        }
    }
    let close: Vec<String> = form
        .names()
        .iter()
        .filter_map(|name| cursor_hooks_spec::closest(name, values.iter().copied()))
        .map(|value| format!("`{value}`"))
        .collect();
    if close.is_empty() {
        String::new()
    } else {
        format!(" Did you mean {}?", or_list(&close))
    }
}

/// How messages name the matcher's subject. Cursor's spec describes it ("The tool type: Read,
/// TabRead." → "the tool type"); Claude Code's names the input field (`tool_name` → "the
/// input's `tool_name`") or describes a derived value ("basename of file_path").
fn subject_noun(host: Host, subject: &str) -> String {
    if host != Host::Cursor {
        // A key (`tool_name`, Copilot's `toolName`), or a description of a derived value.
        return if subject
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            format!("the input's `{subject}`")
        } else {
            format!("the {subject}")
        };
    }
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

fn check_signature<'a>(event: Event, handler: &'a HandlerFn) -> syn::Result<Input<'a>> {
    let sig = &handler.sig;
    let expected = format!(
        "`{}` handler takes one parameter, `input: {}`",
        event.name(),
        event.type_name()
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
                    event.type_name()
                ),
            ))
        }
        Type::Reference(reference) => Input::ByRef(check_input_type(event, &reference.elem)?),
        ty => Input::ByValue(check_input_type(event, ty)?),
    })
}

/// The input's type must name the event's own type (`BeforeShellExecution`, or a path ending
/// in it): anything else, `serde_json::Value` included, is answered here with the types allowed.
/// A path into the other host's module (`cursor_hooks::cursor::event::PreToolUse` on a Claude Code
/// handler) is answered here too; a bare name imported from the other host's prelude is left
/// to the `InputOf` check, which sees what it resolves to.
fn check_input_type(event: Event, ty: &Type) -> syn::Result<&Type> {
    let written = ty.to_token_stream().to_string().replace(' ', "");
    let host = event.host();
    let type_name = event.type_name();
    if let Some(other) = names_host(ty).filter(|other| *other != host) {
        return Err(Error::new_spanned(
            ty,
            format_args!(
                "`{written}` is {}'s input type, and this is a {} handler: a {} `{}` handler takes `{}::event::{type_name}` (in `{}::prelude`)",
                other.product(),
                host.product(),
                host.product(),
                event.name(),
                host.module_text(),
                host.module_text(),
            ),
        ));
    }
    if last_segment(ty).is_some_and(|name| name == type_name) {
        return Ok(ty);
    }
    Err(Error::new_spanned(
        ty,
        format_args!(
            "a `{}` handler takes the event's input type, `{type_name}`, by value (`input: {type_name}`) or by reference (`input: &{type_name}`); `{written}` is not accepted",
            event.name(),
        ),
    ))
}

/// The host whose event module a path type names: `cursor_hooks::claude::event::X` is Claude
/// Code's, `cursor_hooks::cursor::event::X` Cursor's; `None` for a path that names neither.
fn names_host(ty: &Type) -> Option<Host> {
    let Type::Path(path) = ty else {
        return None;
    };
    let segments: Vec<String> = path
        .path
        .segments
        .iter()
        .map(|segment| segment.ident.to_string())
        .collect();
    let module = &segments[..segments.len().checked_sub(1)?];
    match module {
        [.., a, b] if a == "claude" && b == "event" => Some(Host::ClaudeCode),
        [.., a, b] if a == "codex" && b == "event" => Some(Host::Codex),
        [.., a, b] if a == "copilot" && b == "event" => Some(Host::Copilot),
        [.., a, b] if a == "cursor" && b == "event" => Some(Host::Cursor),
        _ => None,
    }
}

/// The last identifier of a path type (`Value` in `serde_json::Value`).
fn last_segment(ty: &Type) -> Option<String> {
    match ty {
        Type::Path(path) if path.qself.is_none() => {
            path.path.segments.last().map(|s| s.ident.to_string())
        }
        Type::Paren(inner) => last_segment(&inner.elem),
        Type::Group(inner) => last_segment(&inner.elem),
        _ => None,
    }
}

/// A handler of an event that takes an answer must declare one: with no return type it is told
/// which to add. On an observe-only event, a response type (`AfterFileEditResponse`, another
/// event's, or an `Option` or `Result` of one) is answered here: Cursor ignores the output, so
/// there is none. Other wrong answers are reported by the `AnswerTo` trait, which sees through
/// aliases.
fn check_return_type(event: Event, handler: &HandlerFn) -> syn::Result<()> {
    let observe = event.observe_only();
    let Some(ty) = return_type(handler) else {
        if observe {
            return Ok(());
        }
        let sig = &handler.sig;
        let mut signature = sig.ident.to_token_stream();
        sig.paren_token
            .surround(&mut signature, |tokens| sig.inputs.to_tokens(tokens));
        let response = format!("{}Response", event.type_name());
        return Err(Error::new_spanned(
            signature,
            format_args!(
                "a `{}` handler returns an answer: add `-> {response}` (or an `Option` or `Result` of it), and return `no_opinion()` where the hook has nothing to say",
                event.name()
            ),
        ));
    };
    if observe && names_a_response(ty) {
        return Err(Error::new_spanned(
            ty,
            format_args!(
                "`{}` is observe-only: {} ignores what its hooks answer, so its handler returns `()` (or `Result<(), E>` to report a failure); remove `-> {}`",
                event.name(),
                event.host().product(),
                ty.to_token_stream().to_string().replace(' ', "")
            ),
        ));
    }
    Ok(())
}

/// Whether `ty` is, or wraps in `Option`/`Result`, a type named `...Response`.
fn names_a_response(ty: &Type) -> bool {
    let Type::Path(path) = ty else {
        return false;
    };
    let Some(last) = path.path.segments.last() else {
        return false;
    };
    let name = last.ident.to_string();
    if name.ends_with("Response") {
        return true;
    }
    if name == "Option" || name == "Result" {
        if let syn::PathArguments::AngleBracketed(args) = &last.arguments {
            if let Some(syn::GenericArgument::Type(first)) = args.args.first() {
                return names_a_response(first);
            }
        }
    }
    false
}

/// The answer and error types of a `Result<T, E>` return type, when it is written that way: each
/// is checked at its own tokens.
pub(crate) fn result_types(handler: &HandlerFn) -> Option<(&Type, &Type)> {
    let Type::Path(path) = return_type(handler)? else {
        return None;
    };
    let last = path.path.segments.last()?;
    if last.ident != "Result" {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    let mut types = args.args.iter().filter_map(|arg| match arg {
        syn::GenericArgument::Type(ty) => Some(ty),
        _ => None,
    });
    let (Some(ok), Some(error), None) = (types.next(), types.next(), types.next()) else {
        return None;
    };
    Some((ok, error))
}

/// How each answer function is written from the response type, for `response`: the free
/// functions other than `no_opinion` are gone, and their replacements differ.
fn answer_route(name: &str, args: &str, response: &str) -> String {
    match name {
        "no_opinion" => format!("{response}::default()"),
        "followup" => format!("{response}::default().followup_message(..)"),
        "add_context" => format!("{response}::default().additional_context(..)"),
        _ => format!("{response}::{name}{args}"),
    }
}

/// The answer functions of the prelude, generic over the response type (all but `no_opinion`
/// removed, and kept there only for the error that names their replacement).
const ANSWER_FNS: &[&str] = &[
    "no_opinion",
    "allow",
    "deny",
    "ask",
    "followup",
    "add_context",
];

/// `deny("..").agent_message("..")`: the free function takes its type from the return type, so
/// a method after it cannot be resolved (rustc says only "type annotations needed"). Found in
/// the body's tokens: a bare call of an answer function followed by `.`.
pub(crate) fn check_answer_chains(event: Event, body: &TokenStream) -> syn::Result<()> {
    let tokens: Vec<TokenTree> = body.clone().into_iter().collect();
    for (index, token) in tokens.iter().enumerate() {
        if let TokenTree::Group(group) = token {
            check_answer_chains(event, &group.stream())?;
            continue;
        }
        let TokenTree::Ident(name) = token else {
            continue;
        };
        check_setter_as_constructor(event, &tokens, index)?;
        let name_text = name.to_string();
        // Claude Code's prelude has `no_opinion` only: the others were never there to remove.
        let known = match event.host() {
            Host::Cursor => ANSWER_FNS,
            Host::ClaudeCode | Host::Codex | Host::Copilot => &ANSWER_FNS[..1],
        };
        if !known.contains(&name_text.as_str()) {
            continue;
        }
        // `x.deny(..)` is a method and `Type::deny(..)` a constructor: only a bare call counts.
        let bare = match index.checked_sub(1).map(|i| &tokens[i]) {
            Some(TokenTree::Punct(p)) => p.as_char() != '.' && p.as_char() != ':',
            _ => true,
        };
        let (
            Some(TokenTree::Group(args)),
            Some(TokenTree::Punct(dot)),
            Some(TokenTree::Ident(method)),
        ) = (
            tokens.get(index + 1),
            tokens.get(index + 2),
            tokens.get(index + 3),
        )
        else {
            continue;
        };
        if !bare || args.delimiter() != Delimiter::Parenthesis || dot.as_char() != '.' {
            continue;
        }
        let response = format!("{}Response", event.type_name());
        let args_text = if args.stream().is_empty() {
            "()"
        } else {
            "(..)"
        };
        // The route names the user's setter only where the event has it: suggesting
        // `.agent_message(..)` to an answer without one would trade this error for another.
        let method_text = method.to_string();
        let route = answer_route(&name_text, args_text, &response);
        let route = if event.has_setter(&method_text, 1) || event.has_setter(&method_text, 2) {
            format!("`{route}.{method}(..)`")
        } else {
            format!("`{route}` (which has no `.{method}(..)`)")
        };
        return Err(Error::new_spanned(
            quote::quote!(#name #args),
            format_args!(
                "{}: start from the response type instead, {route}",
                if name_text == "no_opinion" {
                    format!("`no_opinion()` takes its response type from the function's return type, so no method can follow it (here `.{method}`)")
                } else {
                    format!("there is no free `{name_text}{args_text}` function")
                },
            ),
        ));
    }
    Ok(())
}

/// `SessionStartResponse::additional_context(text)`: a setter of the event's own response
/// called as if it made one. rustc would say only that an argument is missing; a call with the
/// response as its first argument (`Type::setter(response, text)`) is left alone.
fn check_setter_as_constructor(
    event: Event,
    tokens: &[TokenTree],
    index: usize,
) -> syn::Result<()> {
    let response = format!("{}Response", event.type_name());
    let (Some(TokenTree::Ident(ty)), after_dot) = (tokens.get(index), index.checked_sub(1)) else {
        return Ok(());
    };
    let follows_dot = after_dot.and_then(|i| tokens.get(i)).is_some_and(
        |t| matches!(t, TokenTree::Punct(p) if p.as_char() == '.' || p.as_char() == ':'),
    );
    if *ty != response.as_str() || follows_dot {
        return Ok(());
    }
    let (
        Some(TokenTree::Punct(colon_1)),
        Some(TokenTree::Punct(colon_2)),
        Some(TokenTree::Ident(method)),
        Some(TokenTree::Group(args)),
    ) = (
        tokens.get(index + 1),
        tokens.get(index + 2),
        tokens.get(index + 3),
        tokens.get(index + 4),
    )
    else {
        return Ok(());
    };
    if colon_1.as_char() != ':'
        || colon_2.as_char() != ':'
        || args.delimiter() != Delimiter::Parenthesis
    {
        return Ok(());
    }
    let arity = top_level_arguments(&args.stream());
    if !event.has_setter(&method.to_string(), arity) {
        return Ok(());
    }
    Err(Error::new_spanned(
        quote::quote!(#ty #colon_1 #colon_2 #method #args),
        format_args!(
            "`{method}` is a setter: it sets its key on a response, so start from one: `{response}::default().{method}(..)`"
        ),
    ))
}

/// How many comma-separated arguments `args` holds (`a, b` is 2; `(a, b)` is 1).
fn top_level_arguments(args: &TokenStream) -> usize {
    let mut count = 0;
    let mut in_argument = false;
    for token in args.clone() {
        match token {
            TokenTree::Punct(p) if p.as_char() == ',' => in_argument = false,
            _ if !in_argument => {
                in_argument = true;
                count += 1;
            }
            _ => {}
        }
    }
    count
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

    fn check_on(host: Host, name: &str, pattern: &str) -> Result<String, String> {
        let lit = LitStr::new(pattern, Span::call_site());
        let event = host.event(name).expect("an event");
        check_matcher(event, &lit).map_err(|e| e.to_string())
    }

    fn check(name: &str, pattern: &str) -> Result<String, String> {
        check_on(Host::Cursor, name, pattern)
    }

    #[test]
    fn claude_matchers_follow_claude_codes_rule() {
        for (name, pattern) in [
            ("PreToolUse", "Bash"),
            ("PreToolUse", "Edit|Write"),
            ("PreToolUse", "Edit, Write"),
            ("PreToolUse", "mcp__github__.*"),
            ("PreToolUse", "*"),
            ("SessionStart", "startup|resume"),
            ("SubagentStop", "my-reviewer"),
            ("Stop", ""),
        ] {
            assert_eq!(
                check_on(Host::ClaudeCode, name, pattern),
                Ok(pattern.to_owned()),
                "{name}: {pattern}"
            );
        }
        let never = check_on(Host::ClaudeCode, "PreToolUse", "Bsh").unwrap_err();
        assert!(never.contains("can never match"), "{never}");
        assert!(never.contains("Did you mean `Bash`?"), "{never}");
        assert!(never.contains("exact names"), "{never}");
        let regex = check_on(Host::ClaudeCode, "SessionStart", "^begin.*").unwrap_err();
        assert!(regex.contains("searches it as a regex"), "{regex}");
        assert!(regex.contains("`startup`"), "{regex}");
        let no_subject = check_on(Host::ClaudeCode, "UserPromptSubmit", "Read|Edit").unwrap_err();
        assert!(
            no_subject.contains("Claude Code runs the hook for every"),
            "{no_subject}"
        );
        let invalid = check_on(Host::ClaudeCode, "PreToolUse", "Bash(").unwrap_err();
        assert!(invalid.contains("not a valid regex"), "{invalid}");
        assert!(!invalid.contains("hooks.json"), "{invalid}");
    }

    #[test]
    fn claude_tool_matchers_know_the_recorded_tools() {
        for pattern in [
            "NotebookEdit",
            "Notebook.*",
            "mcp__github__.*",
            "mcp__github__create_issue",
        ] {
            assert_eq!(
                check_on(Host::ClaudeCode, "PreToolUse", pattern),
                Ok(pattern.to_owned()),
                "{pattern}"
            );
        }
        let server = check_on(Host::ClaudeCode, "PreToolUse", "mcp__github").unwrap_err();
        assert!(server.contains("`mcp__<server>__<tool>`"), "{server}");
        assert!(server.contains("write `mcp__github__.*`"), "{server}");
        let both = check_on(Host::ClaudeCode, "PreToolUse", "Bash|mcp__memory").unwrap_err();
        assert!(both.contains("`mcp__memory` names an MCP server"), "{both}");
        let shell = check_on(Host::ClaudeCode, "PreToolUse", "Shell").unwrap_err();
        assert!(shell.contains("Claude Code's is `Bash`"), "{shell}");
        assert!(!shell.contains("Did you mean"), "{shell}");
        // The version the live tests pin (the tools are read from that binary), not a literal.
        let pinned = include_str!("../../tests/claude-code/VERSION").trim();
        assert!(
            shell.contains(&format!("built-in tools of Claude Code {pinned}")),
            "{shell}"
        );
    }

    #[test]
    fn claude_fail_closed_only_where_a_block_has_an_effect() {
        let closed = LitStr::new("closed", Span::call_site());
        for (name, ok) in [
            ("PreToolUse", true),
            ("Stop", true),
            ("PostToolUse", true),
            ("PostToolUseFailure", true),
            ("Notification", false),
            ("SessionStart", false),
        ] {
            let info = cursor_hooks_spec::claude::info(name).expect("an event");
            let result = check_claude_fail_closed(info, &closed).map_err(|e| e.to_string());
            assert_eq!(result.is_ok(), ok, "{name}: {result:?}");
            if let Err(message) = result {
                assert!(message.contains("has no effect"), "{message}");
                assert!(message.contains("`PreToolUse`"), "{message}");
            }
        }
    }

    fn event_error(host: Host, name: &str) -> String {
        let args = Args {
            event: Some(LitStr::new(name, Span::call_site())),
            ..Args::default()
        };
        match check_event(&args, host) {
            Ok(event) => panic!("{name} is an event of {}", event.host().product()),
            Err(error) => error.to_string(),
        }
    }

    #[test]
    fn the_other_hosts_event_names_its_counterpart() {
        assert_eq!(
            event_error(Host::ClaudeCode, "preToolUse"),
            "`preToolUse` is Cursor's event; Claude Code's is `PreToolUse`"
        );
        assert_eq!(
            event_error(Host::Cursor, "UserPromptSubmit"),
            "`UserPromptSubmit` is Claude Code's event; Cursor's is `beforeSubmitPrompt`"
        );
        let no_counterpart = event_error(Host::Cursor, "PermissionRequest");
        assert!(
            no_counterpart.contains("#[claude_hook(event = \"PermissionRequest\")]"),
            "{no_counterpart}"
        );
        let typo = event_error(Host::ClaudeCode, "PreToolUs");
        assert!(typo.contains("did you mean `PreToolUse`?"), "{typo}");
        assert!(
            typo.contains("Claude Code's events are: `SessionStart`"),
            "{typo}"
        );
    }

    #[test]
    fn the_input_module_names_its_host() {
        for (tokens, host) in [
            (
                "cursor_hooks::claude::event::PreToolUse",
                Some(Host::ClaudeCode),
            ),
            (
                "::cursor_hooks::cursor::event::PreToolUse",
                Some(Host::Cursor),
            ),
            ("cursor::event::Stop", Some(Host::Cursor)),
            ("claude::event::Stop", Some(Host::ClaudeCode)),
            ("PreToolUse", None),
            ("mine::event::PreToolUse", None),
        ] {
            let ty: Type = syn::parse_str(tokens).expect("a type");
            assert_eq!(names_host(&ty), host, "{tokens}");
        }
    }

    #[test]
    fn matchers_that_can_meet_the_subject_pass() {
        for (name, pattern) in [
            ("preToolUse", "Shell"),
            ("preToolUse", "Sh.*|Rea"),
            ("preToolUse", "MCP:github_.*"),
            ("preToolUse", "*"),
            // `""` matches everything too (spec/cursor/host.json `match_all`), as the crate docs say.
            ("preToolUse", ""),
            ("stop", ""),
            ("subagentStart", "general-purpose"),
            ("subagentStop", "^generalPurpose$"),
            ("beforeReadFile", "Read"),
            ("beforeMCPExecution", "MCP:github_.*"),
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

    /// A path matcher on a file event is tested against the tool type (always `Read` on
    /// beforeReadFile in @cursor/sdk 1.0.32): the error says so and points to `file_path`.
    #[test]
    fn path_matchers_on_file_events_say_to_check_the_path_in_the_handler() {
        for (name, pattern, always) in [
            ("beforeReadFile", "\\.env$", "always `Read`"),
            ("beforeReadFile", "src/", "always `Read`"),
            ("beforeReadFile", "TabRead", "always `Read`"),
            ("afterFileEdit", "src/", "always `Write`"),
            ("beforeReadFile", "*.env", "always `Read`"),
        ] {
            let error = check(name, pattern).unwrap_err();
            assert!(error.contains(always), "{name} {pattern}: {error}");
            assert!(
                error.contains("check `input.file_path` inside the handler"),
                "{name} {pattern}: {error}"
            );
        }
    }

    /// The MCP events test `MCP:<tool_name>`: a matcher anchored on something else never runs.
    #[test]
    fn mcp_event_matchers_are_tested_against_mcp_tool() {
        assert!(check("beforeMCPExecution", "github_").is_ok());
        assert!(check("afterMCPExecution", "^MCP:github_").is_ok());
        let error = check("beforeMCPExecution", "^github_").unwrap_err();
        assert!(error.contains("always starts with `MCP:`"), "{error}");
    }

    #[test]
    fn a_matcher_on_an_event_without_subject_fails() {
        let error = check("preCompact", "manual").unwrap_err();
        assert!(error.contains("has no matcher subject"), "{error}");
    }

    fn timeout(tokens: &str) -> Result<u32, String> {
        let value: Expr = syn::parse_str(tokens).expect("an expression");
        check_timeout(&value).map_err(|e| e.to_string())
    }

    #[test]
    fn a_timeout_is_plain_whole_seconds() {
        assert_eq!(timeout("5"), Ok(5));
        assert_eq!(timeout("600"), Ok(600));
        for (tokens, suggestion) in [
            ("500ms", "timeout = 1"),
            ("2500ms", "timeout = 3"),
            ("5s", "timeout = 5"),
            ("5u32", "timeout = 5"),
            ("2min", "timeout = 120"),
            ("1.5", "timeout = 2"),
            ("0.2", "timeout = 1"),
        ] {
            let error = timeout(tokens).unwrap_err();
            assert!(
                error.contains("whole number of seconds"),
                "{tokens}: {error}"
            );
            assert!(error.contains(suggestion), "{tokens}: {error}");
        }
        for tokens in ["0", "-5", "\"5\"", "five"] {
            assert!(timeout(tokens).is_err(), "{tokens}");
        }
        assert!(timeout("5000").unwrap_err().contains("`timeout = 5`"));
        assert!(timeout("60000").unwrap_err().contains("`timeout = 60`"));
        // Longer than any host's default, and seconds as written: a quarter of an hour, an hour.
        assert_eq!(timeout("900"), Ok(900));
        assert_eq!(timeout("3600"), Ok(3600));
    }

    #[test]
    fn inline_flags_are_named() {
        let error = check("beforeShellExecution", "(?i)^git").unwrap_err();
        assert!(error.contains("no inline flags"), "{error}");
    }

    #[test]
    fn an_invalid_regex_fails() {
        let error = check("beforeShellExecution", "(git").unwrap_err();
        assert!(error.contains("not a valid regex"), "{error}");
    }
}
