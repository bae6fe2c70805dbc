//! The hosts a handler can be written for, and their events: what differs between
//! `#[cursor_hook]`, `#[claude_hook]`, `#[codex_hook]` and `#[copilot_hook]` is asked of these two types, so each
//! phase has one path.

use cursor_hooks_spec::matcher::Verdict;
use cursor_hooks_spec::{claude, codex, copilot};
use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

/// The editor a handler answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Host {
    Cursor,
    ClaudeCode,
    Codex,
    Copilot,
}

impl Host {
    /// The attribute's name.
    pub(crate) fn attribute(self) -> &'static str {
        match self {
            Host::Cursor => "cursor_hook",
            Host::ClaudeCode => "claude_hook",
            Host::Codex => "codex_hook",
            Host::Copilot => "copilot_hook",
        }
    }

    /// The product's name, as messages write it.
    pub(crate) fn product(self) -> &'static str {
        match self {
            Host::Cursor => "Cursor",
            Host::ClaudeCode => "Claude Code",
            Host::Codex => "Codex",
            Host::Copilot => "Copilot",
        }
    }

    /// Every host, in the registry's order.
    pub(crate) const ALL: [Host; 4] = [Host::Cursor, Host::ClaudeCode, Host::Codex, Host::Copilot];

    /// The host whose event names a user of this one most likely brought: Cursor's
    /// (camelCase) for the PascalCase hosts, Claude Code's for the camelCase ones.
    pub(crate) fn other(self) -> Host {
        match self {
            Host::Cursor | Host::Copilot => Host::ClaudeCode,
            Host::ClaudeCode | Host::Codex => Host::Cursor,
        }
    }

    /// The options the attribute takes.
    pub(crate) fn options(self) -> &'static [&'static str] {
        match self {
            Host::Cursor => &["event", "fail", "timeout", "matcher", "loop_limit", "ask"],
            Host::ClaudeCode | Host::Codex | Host::Copilot => {
                &["event", "fail", "timeout", "matcher"]
            }
        }
    }

    /// The host's event named exactly `name`.
    pub(crate) fn event(self, name: &str) -> Option<Event> {
        match self {
            Host::Cursor => cursor_hooks_spec::info(name).map(Event::Cursor),
            Host::ClaudeCode => claude::info(name).map(Event::Claude),
            Host::Codex => codex::info(name).map(Event::Codex),
            Host::Copilot => copilot::info(name).map(Event::Copilot),
        }
    }

    /// Every event of the host, in the spec's order.
    pub(crate) fn events(self) -> Vec<Event> {
        match self {
            Host::Cursor => cursor_hooks_spec::EVENTS
                .iter()
                .map(Event::Cursor)
                .collect(),
            Host::ClaudeCode => claude::EVENTS.iter().map(Event::Claude).collect(),
            Host::Codex => codex::EVENTS.iter().map(Event::Codex).collect(),
            Host::Copilot => copilot::EVENTS.iter().map(Event::Copilot).collect(),
        }
    }

    /// The host's event nearest to `name`, if it is near enough to be a typo (the rule the
    /// `cursor-hooks` command uses too).
    pub(crate) fn closest_event(self, name: &str) -> Option<&'static str> {
        match self {
            Host::Cursor => {
                cursor_hooks_spec::closest(name, cursor_hooks_spec::EVENTS.iter().map(|e| e.name))
            }
            Host::ClaudeCode => {
                cursor_hooks_spec::closest(name, claude::EVENTS.iter().map(|e| e.name))
            }
            Host::Codex => cursor_hooks_spec::closest(name, codex::EVENTS.iter().map(|e| e.name)),
            Host::Copilot => {
                cursor_hooks_spec::closest(name, copilot::EVENTS.iter().map(|e| e.name))
            }
        }
    }

    /// The module of the input and response types, from the crate root.
    pub(crate) fn module(self) -> TokenStream {
        match self {
            Host::Cursor => quote!(::cursor_hooks::cursor),
            Host::ClaudeCode => quote!(::cursor_hooks::claude),
            Host::Codex => quote!(::cursor_hooks::codex),
            Host::Copilot => quote!(::cursor_hooks::copilot),
        }
    }

    /// The same as a user writes it.
    pub(crate) fn module_text(self) -> &'static str {
        match self {
            Host::Cursor => "cursor_hooks::cursor",
            Host::ClaudeCode => "cursor_hooks::claude",
            Host::Codex => "cursor_hooks::codex",
            Host::Copilot => "cursor_hooks::copilot",
        }
    }

    /// The host's `Event` trait, whose `Response` is an event's answer.
    pub(crate) fn event_trait(self) -> TokenStream {
        let module = self.module();
        quote!(#module::Event)
    }

    /// The `Entry` constructor for a companion of this host.
    pub(crate) fn entry(self) -> TokenStream {
        match self {
            Host::Cursor => quote!(::cursor_hooks::__private::Entry::cursor::<Self>()),
            Host::ClaudeCode => quote!(::cursor_hooks::__private::Entry::claude::<Self>()),
            Host::Codex => quote!(::cursor_hooks::__private::Entry::codex::<Self>()),
            Host::Copilot => quote!(::cursor_hooks::__private::Entry::copilot::<Self>()),
        }
    }

    /// The `cursor-hooks` feature this host's attribute needs, when that feature is off.
    pub(crate) fn disabled_feature(self) -> Option<&'static str> {
        match self {
            Host::Cursor if !cfg!(feature = "cursor") => Some("cursor"),
            Host::ClaudeCode if !cfg!(feature = "claude-code") => Some("claude-code"),
            Host::Codex if !cfg!(feature = "codex") => Some("codex"),
            Host::Copilot if !cfg!(feature = "copilot") => Some("copilot"),
            _ => None,
        }
    }

    /// The event a stand-in companion names when the attribute's event is unknown.
    pub(crate) fn stand_in_event(self) -> Event {
        self.event("SessionEnd")
            .or_else(|| self.event("sessionEnd"))
            .expect("every host has a session-end event")
    }
}

/// One event of one host's table.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Event {
    Cursor(&'static cursor_hooks_spec::EventInfo),
    Claude(&'static claude::EventInfo),
    /// Codex's table has Claude Code's row type (the Claude-family format).
    Codex(&'static claude::EventInfo),
    /// So has Copilot's.
    Copilot(&'static claude::EventInfo),
}

impl Event {
    pub(crate) fn host(self) -> Host {
        match self {
            Event::Cursor(_) => Host::Cursor,
            Event::Claude(_) => Host::ClaudeCode,
            Event::Codex(_) => Host::Codex,
            Event::Copilot(_) => Host::Copilot,
        }
    }

    /// The wire name.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Event::Cursor(info) => info.name,
            Event::Claude(info) | Event::Codex(info) | Event::Copilot(info) => info.name,
        }
    }

    /// The Rust input type's name (the response type's is this plus `Response`).
    pub(crate) fn type_name(self) -> &'static str {
        match self {
            Event::Cursor(info) => info.type_name,
            Event::Claude(info) | Event::Codex(info) | Event::Copilot(info) => info.type_name,
        }
    }

    /// The input type's full path: `::cursor_hooks::claude::event::PreToolUse`.
    pub(crate) fn input_type(self) -> TokenStream {
        let module = self.host().module();
        let input = Ident::new(self.type_name(), Span::call_site());
        quote!(#module::event::#input)
    }

    /// Whether the host reads no answer from the event's hooks: a handler returns `()`.
    pub(crate) fn observe_only(self) -> bool {
        match self {
            Event::Cursor(info) => info.category == cursor_hooks_spec::Category::Observe,
            Event::Claude(info) | Event::Codex(info) | Event::Copilot(info) => {
                info.category == claude::Category::Observe
            }
        }
    }

    /// What `pattern` does as the event's `matcher`, by the host's own rule.
    pub(crate) fn check_matcher(self, pattern: &str) -> Verdict {
        match self {
            Event::Cursor(info) => cursor_hooks_spec::matcher::check(info, pattern),
            Event::Claude(info) => claude::matcher::check(info, pattern),
            Event::Codex(info) => codex::matcher::check(info, pattern),
            Event::Copilot(info) => copilot::matcher::check(info, pattern),
        }
    }

    /// What the matcher is tested against, when the event has a subject.
    pub(crate) fn matcher_subject(self) -> Option<&'static str> {
        match self {
            Event::Cursor(info) => info.matcher_subject,
            Event::Claude(info) | Event::Codex(info) | Event::Copilot(info) => info.matcher_subject,
        }
    }

    /// The subject's known values.
    pub(crate) fn matcher_values(self) -> &'static [&'static str] {
        match self {
            Event::Cursor(info) => info.matcher_values,
            Event::Claude(info) | Event::Codex(info) | Event::Copilot(info) => info.matcher_values,
        }
    }

    /// The prefix of subjects beyond the known values (MCP tools), if any.
    pub(crate) fn matcher_open_prefix(self) -> Option<&'static str> {
        match self {
            Event::Cursor(info) => info.matcher_open_prefix,
            Event::Claude(info) | Event::Codex(info) | Event::Copilot(info) => {
                info.matcher_open_prefix
            }
        }
    }

    /// Whether the event's response type has a setter `name` taking `arity` values (after
    /// `self`): a key of its answer other than the decision, which constructors write.
    pub(crate) fn has_setter(self, name: &str, arity: usize) -> bool {
        let wanted = if name == "env" { 2 } else { 1 };
        arity == wanted
            && match self {
                Event::Cursor(info) => info.response_fields.contains(&name),
                Event::Claude(info) | Event::Codex(info) | Event::Copilot(info) => info
                    .hook_specific
                    .iter()
                    .chain(match self.host() {
                        Host::Codex => codex::UNIVERSAL_RESPONSE,
                        Host::Copilot => copilot::UNIVERSAL_RESPONSE,
                        _ => claude::UNIVERSAL_RESPONSE,
                    })
                    .filter(|wire| !matches!(**wire, "permissionDecision" | "decision"))
                    .any(|wire| *wire == wire_key(name.trim_start_matches("r#"))),
            }
    }

    /// The other host's events that are this one there: the Cursor event a Claude Code event is
    /// run as when Cursor imports Claude Code's settings, or the Claude Code events Cursor runs
    /// as this Cursor event.
    pub(crate) fn counterparts(self) -> Vec<&'static str> {
        match self {
            Event::Claude(info) | Event::Codex(info) | Event::Copilot(info) => {
                info.cursor_event.into_iter().collect()
            }
            Event::Cursor(info) => claude::EVENTS
                .iter()
                .filter(|event| event.cursor_event == Some(info.name))
                .map(|event| event.name)
                .collect(),
        }
    }
}

/// `additional_context` → `additionalContext`: the wire key a setter of that name writes.
fn wire_key(setter: &str) -> String {
    let mut parts = setter.split('_');
    let mut out = parts.next().unwrap_or_default().to_owned();
    for part in parts {
        let mut chars = part.chars();
        if let Some(first) = chars.next() {
            out.push(first.to_ascii_uppercase());
            out.push_str(chars.as_str());
        }
    }
    out
}
