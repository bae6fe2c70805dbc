//! Phase 1: read the attribute's options and the handler's signature, keeping every span.
//!
//! The body is kept as tokens (tokio's way): the macro never needs it, and a body that does not
//! parse yet must not break the expansion.

use crate::host::Host;
use proc_macro2::{Span, TokenStream, TokenTree};
use syn::meta::ParseNestedMeta;
use syn::parse::{Parse, ParseStream, Parser};
use syn::punctuated::Punctuated;
use syn::{
    Attribute, Expr, ExprLit, Ident, Lit, LitInt, LitStr, Path, Signature, Token, Visibility,
};

/// The options of `#[cursor_hook(...)]` or `#[claude_hook(...)]`, each with the tokens it came
/// from.
#[derive(Default)]
pub(crate) struct Args {
    pub(crate) event: Option<LitStr>,
    pub(crate) fail: Option<LitStr>,
    pub(crate) timeout: Option<Expr>,
    pub(crate) matcher: Option<LitStr>,
    pub(crate) loop_limit: Option<LoopLimitArg>,
    pub(crate) ask: Option<LitStr>,
    /// The options whose value was refused (`event` or `matcher`).
    pub(crate) refused: Vec<&'static str>,
    /// The options' names in the order written, for the order of their errors.
    pub(crate) written: Vec<String>,
}

/// `loop_limit = 5` or `loop_limit = "none"`; anything else is kept to be reported.
pub(crate) enum LoopLimitArg {
    Limit(LitInt),
    Unlimited(LitStr),
    Other(Expr),
}

/// The errors found in one attribute, kept until it has been read and checked to the end, so
/// that a user sees every mistake in one compile, each still one error (serde's `Ctxt` is the
/// model). They come out in the order of the options they are about, as written.
#[derive(Default)]
pub(crate) struct Errors(Vec<(usize, syn::Error)>);

impl Errors {
    /// Keeps `error`, about the option written `at`th (`usize::MAX`: after every option).
    pub(crate) fn push(&mut self, at: usize, error: syn::Error) {
        self.0.push((at, error));
    }

    /// The value of `result`, or `None` with its error kept at `at`.
    pub(crate) fn check<T>(&mut self, at: usize, result: syn::Result<T>) -> Option<T> {
        result.map_err(|error| self.push(at, error)).ok()
    }

    pub(crate) fn finish(mut self) -> syn::Result<()> {
        self.0.sort_by_key(|(at, _)| *at);
        let mut errors = self.0.into_iter().map(|(_, error)| error);
        let Some(mut all) = errors.next() else {
            return Ok(());
        };
        all.extend(errors);
        Err(all)
    }
}

/// What reading one option found: `Err` is a mistake in a value that was read to its end, kept
/// with the others; the outer `Err` of `syn::Result<Checked>` is a syntax error, after which
/// nothing more can be read.
type Checked = syn::Result<()>;

impl Args {
    /// Reads every option. The errors come back with whatever was read: each mistake in a
    /// value is reported beside the others; a syntax error ends the reading (`complete` false),
    /// as every later option is then unknown.
    pub(crate) fn parse(tokens: TokenStream, host: Host) -> Parsed {
        let mut args = Args::default();
        if let Err(error) = positional_string(&tokens, host) {
            let mut errors = Errors::default();
            errors.push(0, error);
            return Parsed {
                args,
                errors,
                complete: false,
            };
        }
        let mut found = Errors::default();
        let parser = syn::meta::parser(|meta| {
            let checked = option(&mut args, &meta, host)?;
            found.check(args.written.len() - 1, checked);
            Ok(())
        });
        let read = parser.parse2(tokens);
        let mut errors = found;
        let complete = errors.check(usize::MAX, read).is_some();
        Parsed {
            args,
            errors,
            complete,
        }
    }

    /// Where `key` was first written among the options (after all of them when it was not).
    pub(crate) fn position(&self, key: &str) -> usize {
        self.written
            .iter()
            .position(|written| written == key)
            .unwrap_or(self.written.len())
    }

    /// Whether `key`'s value was written but refused: its checks are not run again, and no
    /// "missing" error follows.
    pub(crate) fn refused(&self, key: &str) -> bool {
        self.refused.contains(&key)
    }
}

/// What `Args::parse` read.
pub(crate) struct Parsed {
    pub(crate) args: Args,
    pub(crate) errors: Errors,
    /// Whether the attribute was read to its end.
    pub(crate) complete: bool,
}

/// One `key = value` of the attribute.
fn option(args: &mut Args, meta: &ParseNestedMeta, host: Host) -> syn::Result<Checked> {
    let key = meta
        .path
        .get_ident()
        .map(Ident::to_string)
        .unwrap_or_default();
    args.written.push(key.clone());
    if !host.options().contains(&key.as_str()) {
        if let Some(reason) = cursor_only_option(&key) {
            // The error spans the option's name: made before its value is read past.
            let error = meta.error(format_args!(
                "`{key}` is an option of Cursor's `#[cursor_hook]`: {reason}; `#[claude_hook]` takes {}",
                option_list(host)
            ));
            skip_value(meta)?;
            return Ok(Err(error));
        }
    }
    let checked = match key.as_str() {
        "event" => set_event(&mut args.event, meta, host)?,
        "fail" => set(&mut args.fail, meta, &key)?,
        "timeout" => set(&mut args.timeout, meta, &key)?,
        "matcher" => set_matcher(&mut args.matcher, meta)?,
        "ask" => set(&mut args.ask, meta, &key)?,
        "loop_limit" => set(&mut args.loop_limit, meta, &key)?,
        _ => {
            let written = path_text(&meta.path);
            let hint = cursor_hooks_spec::closest(&written, host.options().iter().copied())
                .map(|name| format!("did you mean `{name}`? "))
                .unwrap_or_default();
            let error = meta.error(format_args!(
                "unknown `{}` option `{written}`; {hint}expected one of: {}",
                host.attribute(),
                option_list(host)
            ));
            skip_value(meta)?;
            return Ok(Err(error));
        }
    };
    // A value refused leaves its option unset (a second one given is refused alone).
    let unset = match key.as_str() {
        "event" => args.event.is_none(),
        "matcher" => args.matcher.is_none(),
        _ => false,
    };
    if checked.is_err() && unset {
        args.refused
            .push(if key == "event" { "event" } else { "matcher" });
    }
    Ok(checked)
}

/// Reads past an option's `= value`, if it has one, so the options after it are still read.
fn skip_value(meta: &ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(Token![=]) {
        let _: Expr = meta.value()?.parse()?;
    }
    Ok(())
}

/// `#[claude_hook("PreToolUse")]`: a string where an option's name goes is answered with the
/// option to write, rather than syn's "expected ident".
fn positional_string(tokens: &TokenStream, host: Host) -> syn::Result<()> {
    let mut at_option_start = true;
    for token in tokens.clone() {
        match &token {
            TokenTree::Punct(punct) if punct.as_char() == ',' => {
                at_option_start = true;
                continue;
            }
            TokenTree::Literal(literal) if at_option_start => {
                if let Ok(lit) = syn::parse2::<LitStr>(token.clone().into()) {
                    let value = lit.value();
                    let name = if host.event(&value).is_some() {
                        value
                    } else {
                        host.closest_event(&value).unwrap_or("...").to_owned()
                    };
                    return Err(syn::Error::new(
                        literal.span(),
                        format_args!(
                            "the event is the `event` option, not a bare string: write `#[{}(event = \"{name}\")]`",
                            host.attribute()
                        ),
                    ));
                }
            }
            _ => {}
        }
        at_option_start = false;
    }
    Ok(())
}

/// `matcher = "..."`. A list (`matcher = ["Bash", "Write"]`) is answered with the one string
/// the hosts read, its names joined by `|`.
fn set_matcher(slot: &mut Option<LitStr>, meta: &ParseNestedMeta) -> syn::Result<Checked> {
    if slot.is_some() {
        let error = meta.error("`matcher` is given twice; keep one");
        skip_value(meta)?;
        return Ok(Err(error));
    }
    let value: Expr = meta.value()?.parse()?;
    Ok(match value {
        Expr::Lit(ExprLit {
            lit: Lit::Str(lit), ..
        }) => {
            *slot = Some(lit);
            Ok(())
        }
        Expr::Array(array) => {
            let names: Vec<String> = array
                .elems
                .iter()
                .filter_map(|elem| match elem {
                    Expr::Lit(ExprLit {
                        lit: Lit::Str(lit), ..
                    }) => Some(lit.value()),
                    _ => None,
                })
                .collect();
            let joined = if names.is_empty() {
                "Bash|Write".to_owned()
            } else {
                names.join("|")
            };
            Err(syn::Error::new_spanned(
                array,
                format_args!(
                    "`matcher` is one string, not a list: several names are joined by `|`, `matcher = \"{joined}\"`"
                ),
            ))
        }
        other => Err(syn::Error::new_spanned(
            other,
            "`matcher` takes a string: `matcher = \"Bash\"`, or several names joined by `|`",
        )),
    })
}

/// "`event`, `fail`, `timeout`, `matcher`": the options `host`'s attribute takes.
fn option_list(host: Host) -> String {
    host.options()
        .iter()
        .map(|name| format!("`{name}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Why a Cursor option has no Claude Code counterpart.
fn cursor_only_option(key: &str) -> Option<&'static str> {
    match key {
        "loop_limit" => Some("Claude Code's settings have no loop limit (a `Stop` handler that reads `stop_hook_active` blocks only once)"),
        "ask" => Some("it says whether `ask` is downgraded to `deny` where Cursor does not honour it, and Claude Code honours `ask` as written"),
        _ => None,
    }
}

/// Stores one option's value; an option given twice is an error at its second key.
fn set<T: Parse>(slot: &mut Option<T>, meta: &ParseNestedMeta, key: &str) -> syn::Result<Checked> {
    if slot.is_some() {
        let error = meta.error(format_args!("`{key}` is given twice; keep one"));
        skip_value(meta)?;
        return Ok(Err(error));
    }
    *slot = Some(meta.value()?.parse()?);
    Ok(Ok(()))
}

/// `event = "..."`. A bare name (`event = BeforeShellExecution`) is answered with the string to
/// write, spelled as the nearest event's wire name.
fn set_event(
    slot: &mut Option<LitStr>,
    meta: &ParseNestedMeta,
    host: Host,
) -> syn::Result<Checked> {
    if slot.is_some() {
        let error = meta.error("`event` is given twice; keep one");
        skip_value(meta)?;
        return Ok(Err(error));
    }
    let value: Expr = meta.value()?.parse()?;
    Ok(match value {
        Expr::Lit(ExprLit {
            lit: Lit::Str(lit), ..
        }) => {
            *slot = Some(lit);
            Ok(())
        }
        other => {
            let written = quote::ToTokens::to_token_stream(&other)
                .to_string()
                .replace(' ', "");
            let name = host.closest_event(&written).unwrap_or("...");
            Err(syn::Error::new_spanned(
                other,
                format_args!(
                    "`event` takes the event's name as a string: write `event = \"{name}\"`"
                ),
            ))
        }
    })
}

impl Parse for LoopLimitArg {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        Ok(match input.parse()? {
            Expr::Lit(ExprLit {
                lit: Lit::Int(lit), ..
            }) => LoopLimitArg::Limit(lit),
            Expr::Lit(ExprLit {
                lit: Lit::Str(lit), ..
            }) => LoopLimitArg::Unlimited(lit),
            other => LoopLimitArg::Other(other),
        })
    }
}

fn path_text(path: &Path) -> String {
    path.segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect::<Vec<_>>()
        .join("::")
}

/// The annotated function's other attributes, visibility and signature. Its body is only
/// checked to be there: the function itself is emitted exactly as written.
pub(crate) struct HandlerFn {
    pub(crate) attrs: Vec<Attribute>,
    pub(crate) vis: Visibility,
    pub(crate) sig: Signature,
    pub(crate) body: TokenStream,
}

impl Parse for HandlerFn {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let attrs = input.call(Attribute::parse_outer)?;
        let vis = input.parse()?;
        let sig = input.parse()?;
        let body: TokenTree = input.parse()?;
        Ok(HandlerFn {
            attrs,
            vis,
            sig,
            body: body.into(),
        })
    }
}

/// The handlers listed in `main!(a, b, ...)`.
pub(crate) struct HandlerList {
    pub(crate) paths: Punctuated<Path, Token![,]>,
    pub(crate) span: Span,
}

impl HandlerList {
    pub(crate) fn parse(tokens: TokenStream) -> syn::Result<HandlerList> {
        let span = tokens
            .clone()
            .into_iter()
            .next()
            .map_or_else(Span::call_site, |t| t.span());
        let paths = Punctuated::parse_terminated.parse2(tokens)?;
        Ok(HandlerList { paths, span })
    }
}
