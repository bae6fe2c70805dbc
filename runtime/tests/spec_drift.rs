//! The runtime agrees with `spec/cursor/events.json` and `spec/cursor/compat.json`.
//!
//! The generated code is checked in; these tests read the spec at test time, so a spec edit
//! without a regeneration (or a hand edit of the generated code) fails here.

use cursor_hooks::cursor::event::*;
use cursor_hooks::cursor::response::checks::{Allow, Ask, Deny};
use cursor_hooks::cursor::response::*;
use cursor_hooks::cursor::spec::{info, EVENTS};
use cursor_hooks::cursor::{CursorVersion, Event};
use cursor_hooks::testing::{render, run, Rendered};
use cursor_hooks_codegen::model::{self, Compat, PermissionValue, Rule};
use serde_json::{json, Value};
use std::any::TypeId;
use std::collections::BTreeSet;

mod common;
use common::{mcp_keeping_ask, payload, shell_keeping_ask};

/// Both spec files, through the generator's typed model (which rejects unknown or missing keys).
fn loaded() -> model::Loaded {
    model::load(&cursor_hooks_codegen::workspace_root()).unwrap_or_else(|e| panic!("{e}"))
}

fn spec_events() -> Vec<model::Event> {
    loaded().spec.events
}

fn spec_event(name: &str) -> model::Event {
    spec_events()
        .into_iter()
        .find(|e| e.name == name)
        .unwrap_or_else(|| panic!("`{name}` is not in spec/cursor/events.json"))
}

fn compat() -> Compat {
    loaded().compat
}

/// `permission` values of an event (empty when the response has no `permission`).
fn spec_permission(event: &model::Event) -> Vec<&'static str> {
    event.permission()
}

/// `(name, wire, wire_1_7)` of each response field.
fn spec_response_fields(event: &model::Event) -> Vec<(String, String, Option<String>)> {
    event
        .response
        .fields
        .iter()
        .map(|f| (f.name.clone(), f.wire.clone(), f.wire_1_7.clone()))
        .collect()
}

fn keys(rendered: &Rendered) -> BTreeSet<String> {
    match rendered.json() {
        Some(Value::Object(map)) => map.keys().cloned().collect(),
        other => panic!(
            "stdout {:?} is not a JSON object: {other:?}",
            rendered.stdout
        ),
    }
}

/// What the type system says about one event.
struct Described {
    name: &'static str,
    category: Category,
    type_name: &'static str,
    response_type_name: &'static str,
    response_is_unit: bool,
    default_rendered: Rendered,
}

fn describe<T: Event>() -> Described {
    let version = CursorVersion::parse("2026.09.28-64d2043");
    Described {
        name: T::NAME,
        category: T::CATEGORY,
        type_name: std::any::type_name::<T>(),
        response_type_name: std::any::type_name::<T::Response>(),
        response_is_unit: TypeId::of::<T::Response>() == TypeId::of::<()>(),
        default_rendered: render(&T::Response::default(), payload(T::NAME, &version, false)),
    }
}

macro_rules! describe_all {
    ($($ty:ident),*) => { vec![$(describe::<$ty>()),*] };
}

/// Whether a type implements a trait, decided at compile time for a concrete type
/// (autoref specialization: the `&Probe` impl wins when the bound holds).
macro_rules! implements {
    ($ty:ty, $tr:path) => {{
        struct Probe<T>(std::marker::PhantomData<T>);
        // Only one of the two traits is used in each expansion.
        #[allow(dead_code)]
        trait Yes {
            fn answer(&self) -> bool {
                true
            }
        }
        impl<T: $tr> Yes for &Probe<T> {}
        #[allow(dead_code)]
        trait No {
            fn answer(&self) -> bool {
                false
            }
        }
        impl<T> No for Probe<T> {}
        (&&Probe::<$ty>(std::marker::PhantomData)).answer()
    }};
}

/// For each input type in order: (wire name, implements Ask, Allow, Deny, FollowupMessage,
/// AdditionalContext)
/// for its response type.
macro_rules! traits_all {
    ($($ty:ident),*) => {
        vec![$((
            <$ty as Event>::NAME,
            [
                implements!(<$ty as Event>::Response, cursor_hooks::cursor::response::checks::Ask),
                implements!(<$ty as Event>::Response, cursor_hooks::cursor::response::checks::Allow),
                implements!(<$ty as Event>::Response, cursor_hooks::cursor::response::checks::Deny),
                implements!(<$ty as Event>::Response, cursor_hooks::cursor::response::checks::fields::FollowupMessage),
                implements!(<$ty as Event>::Response, cursor_hooks::cursor::response::checks::fields::AdditionalContext),
            ],
        )),*]
    };
}

#[test]
fn the_generated_table_matches_events_json() {
    let spec = spec_events();
    let spec_names: Vec<&str> = spec.iter().map(|e| &*e.name).collect();
    let table_names: Vec<&str> = EVENTS.iter().map(|e| e.name).collect();
    assert_eq!(spec_names.len(), 21, "the spec lists 21 events");
    assert_eq!(table_names, spec_names, "same events, same order");

    let compat = compat();
    let always_deny = &rule(&compat, "ask-pretooluse").applies_to;
    for (event, info) in spec.iter().zip(EVENTS) {
        let name = info.name;
        assert_eq!(info.type_name, event.ty, "{name}: type");
        assert_eq!(
            info.ask_always_deny,
            always_deny.contains(&event.name),
            "{name}: ask_always_deny (compat rule ask-pretooluse)"
        );
        assert_eq!(
            info.category.spec_name(),
            event.category.spec_name(),
            "{name}: category"
        );
        assert_eq!(info.can_block, event.can_block, "{name}: can_block");
        assert_eq!(
            info.permission,
            spec_permission(event),
            "{name}: permission"
        );
        let wires: Vec<String> = spec_response_fields(event)
            .into_iter()
            .map(|(_, wire, _)| wire)
            .collect();
        assert_eq!(info.response_fields, wires, "{name}: response fields");
        assert_eq!(
            info.matcher_subject,
            event.matcher_subject.as_deref(),
            "{name}: matcher_subject"
        );
        assert_eq!(
            info.matcher_values, event.matcher_values,
            "{name}: matcher_values"
        );
        assert_eq!(
            info.matcher_open_prefix,
            event.matcher_open_prefix.as_deref(),
            "{name}: matcher_open_prefix"
        );
        // A closed set or an open prefix only makes sense where there is a subject.
        if info.matcher_subject.is_none() {
            assert!(
                info.matcher_values.is_empty() && info.matcher_open_prefix.is_none(),
                "{name}: matcher values without a subject"
            );
        }
        assert_eq!(info.not_in, event.not_in, "{name}: not_in");
        assert_eq!(
            cursor_hooks::cursor::spec::info(name),
            Some(info),
            "{name}: info()"
        );
    }
    assert_eq!(
        info("beforeShellCommand"),
        None,
        "a name Cursor does not use"
    );
}

#[test]
fn the_input_types_match_events_json() {
    let spec = spec_events();
    let described = cursor_hooks::__for_each_event!(describe_all);
    let names: Vec<&str> = described.iter().map(|d| d.name).collect();
    let spec_names: Vec<&str> = spec.iter().map(|e| &*e.name).collect();
    assert_eq!(names, spec_names, "the test's type list vs the spec");

    for (d, event) in described.iter().zip(&spec) {
        let name = d.name;
        let ty = &event.ty;
        assert_eq!(
            d.category.spec_name(),
            event.category.spec_name(),
            "{name}: CATEGORY"
        );
        assert!(
            d.type_name.ends_with(&format!("::{ty}")),
            "{name}: the input type is {} not {ty}",
            d.type_name
        );
        // SCHEMA.md: the response type is "<type>Response"; observe events answer `()`.
        if event.is_observe() {
            assert!(
                d.response_is_unit,
                "{name}: observe answers (), not {}",
                d.response_type_name
            );
        } else {
            assert!(
                d.response_type_name.ends_with(&format!("::{ty}Response")),
                "{name}: the response type is {}",
                d.response_type_name
            );
        }
        // Rule no-opinion-is-empty-object: the default answer is `{}` with exit 0.
        assert_eq!(d.default_rendered.stdout, "{}\n", "{name}: default");
        assert_eq!(d.default_rendered.exit_code, 0, "{name}: default exit code");
        assert!(
            d.default_rendered.stderr.is_empty(),
            "{name}: default stderr"
        );
    }
}

#[test]
fn helper_traits_exist_exactly_where_the_spec_allows_them() {
    let traits = cursor_hooks::__for_each_event!(traits_all);
    let spec = spec_events();
    assert_eq!(traits.len(), spec.len());
    for ((name, [ask, allow, deny, followup, add_context]), event) in traits.iter().zip(&spec) {
        assert_eq!(*name, event.name);
        let permission = spec_permission(event);
        let fields: Vec<String> = spec_response_fields(event)
            .into_iter()
            .map(|(field, _, _)| field)
            .collect();
        let has = |f: &str| fields.iter().any(|x| x == f);
        assert_eq!(*ask, permission.contains(&"ask"), "{name}: Ask");
        assert_eq!(*allow, permission.contains(&"allow"), "{name}: Allow");
        assert_eq!(
            *deny,
            permission.contains(&"deny") && has("user_message"),
            "{name}: Deny (deny with a user_message)"
        );
        assert_eq!(
            *followup,
            has("followup_message"),
            "{name}: FollowupMessage"
        );
        assert_eq!(
            *add_context,
            has("additional_context"),
            "{name}: AdditionalContext"
        );
    }
}

/// `ask` through the `Ask` trait, for the events whose spec permission lists `ask`; with
/// `keep_ask`, as the answer of a handler with `ask = "keep"` (which only the downgraded events
/// accept).
fn render_ask(event: &str, version: &CursorVersion, keep_ask: bool) -> Rendered {
    fn go<T: Event>(version: &CursorVersion) -> Rendered
    where
        T::Response: Ask,
    {
        let answer = <T::Response as Ask>::ask("ask-msg".to_owned());
        render(&answer, payload(T::NAME, version, false))
    }
    // A handler needs the whole payload of its event, as a fixture has it.
    let at = || version.as_str().expect("a version");
    match (event, keep_ask) {
        ("preToolUse", false) => go::<PreToolUse>(version),
        ("beforeShellExecution", false) => go::<BeforeShellExecution>(version),
        ("beforeMCPExecution", false) => go::<BeforeMCPExecution>(version),
        ("beforeShellExecution", true) => {
            run::<shell_keeping_ask>(BeforeShellExecution::fixture().cursor_version(at()))
        }
        ("beforeMCPExecution", true) => {
            run::<mcp_keeping_ask>(BeforeMCPExecution::fixture().cursor_version(at()))
        }
        (other, false) => panic!("`{other}` has no response type implementing Ask"),
        (other, true) => panic!("`{other}` has no handler with `ask = \"keep\"` here"),
    }
}

fn parse_boundary(text: &str) -> (u64, u64, u64) {
    let parts: Vec<u64> = text
        .split('.')
        .map(|p| p.parse().expect("a numeric boundary"))
        .collect();
    match parts[..] {
        [a, b, c] => (a, b, c),
        [a, b] => (a, b, 0),
        _ => panic!("boundary {text:?} is not major.minor[.patch]"),
    }
}

/// The newest IDE release strictly before `boundary` that a semver comparison distinguishes.
fn just_before((major, minor, patch): (u64, u64, u64)) -> String {
    if patch > 0 {
        format!("{major}.{minor}.{}", patch - 1)
    } else if minor > 0 {
        format!("{major}.{}.999", minor - 1)
    } else {
        format!("{}.999.999", major - 1)
    }
}

fn permission_of(rendered: &Rendered) -> String {
    rendered.json().expect("JSON")["permission"]
        .as_str()
        .unwrap_or_else(|| panic!("no permission in {}", rendered.stdout))
        .to_owned()
}

fn rule<'a>(compat: &'a Compat, id: &str) -> &'a Rule {
    compat.rule(id).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn compat_json_ask_rules_are_what_the_renderer_does() {
    let compat = compat();
    let ids: Vec<&str> = compat.rules.iter().map(|r| &*r.id).collect();
    for id in [
        "ask-downgrade",
        "ask-pretooluse",
        "legacy-1.7-format",
        "snake-case-keys",
        "cli-date-builds-are-current",
        "no-opinion-is-empty-object",
        "block-is-json",
    ] {
        assert!(ids.contains(&id), "compat.json lacks `{id}`");
    }

    let downgrade = rule(&compat, "ask-downgrade");
    assert_eq!(downgrade.boundary.as_deref(), Some("2.4.21"));
    assert_eq!(
        downgrade.applies_to,
        ["beforeShellExecution", "beforeMCPExecution"]
    );
    let pretooluse = rule(&compat, "ask-pretooluse");
    assert_eq!(pretooluse.applies_to, ["preToolUse"]);
    assert!(pretooluse.boundary.is_none());

    // Every event whose permission lists `ask` is governed by exactly one of the two rules.
    let ask_events: BTreeSet<String> = spec_events()
        .iter()
        .filter(|e| e.accepts(PermissionValue::Ask))
        .map(|e| e.name.clone())
        .collect();
    let downgraded: BTreeSet<String> = downgrade.applies_to.iter().cloned().collect();
    let always: BTreeSet<String> = pretooluse.applies_to.iter().cloned().collect();
    assert!(downgraded.is_disjoint(&always));
    assert_eq!(&downgraded | &always, ask_events);

    // Behaviour on both sides of the boundary read from compat.json.
    let boundary = parse_boundary(downgrade.boundary.as_deref().expect("a boundary"));
    let before = CursorVersion::parse(&just_before(boundary));
    let (a, b, c) = boundary;
    let at = CursorVersion::parse(&format!("{a}.{b}.{c}"));
    let after = CursorVersion::parse(&format!("{a}.{b}.{}", c + 1));
    for event in &downgraded {
        let kept = render_ask(event, &before, false);
        assert_eq!(permission_of(&kept), "ask", "{event} at {before}");
        assert!(
            kept.stderr.is_empty(),
            "{event} at {before}: {:?}",
            kept.stderr
        );
        for version in [&at, &after] {
            let denied = render_ask(event, version, false);
            assert_eq!(permission_of(&denied), "deny", "{event} at {version}");
            assert_eq!(
                denied.stderr.len(),
                1,
                "{event} at {version}: one warning line"
            );
            // The opt-out ("A hook may opt out of the downgrade in its attribute").
            let opted = render_ask(event, version, true);
            assert_eq!(
                permission_of(&opted),
                "ask",
                "{event} at {version} with keep_ask"
            );
        }
    }
    // `ask = "keep"` does not compile on these events (tests/ui); the renderer's guard against
    // it is a unit test in src/respond.rs.
    for event in &always {
        for version in [&before, &at, &after, &CursorVersion::Missing] {
            let denied = render_ask(event, version, false);
            assert_eq!(permission_of(&denied), "deny", "{event} at {version}");
            assert_eq!(
                denied.stderr.len(),
                1,
                "{event} at {version}: one warning line"
            );
        }
    }
}

/// Each non-observe event's response with every field set, by its constructor and setters. A
/// field removed from a type stops this file from compiling; one added to the spec but not set
/// here fails `rendered_keys_are_the_spec_response_keys`.
fn render_full(event: &str, version: &CursorVersion, legacy: bool) -> Rendered {
    fn go<T: Event>(answer: T::Response, version: &CursorVersion, legacy: bool) -> Rendered {
        render(&answer, payload(T::NAME, version, legacy))
    }
    match event {
        "sessionStart" => go::<SessionStart>(
            SessionStartResponse::default()
                .env("K", "V")
                .additional_context("ctx")
                .r#continue(false)
                .user_message("u"),
            version,
            legacy,
        ),
        "preToolUse" => go::<PreToolUse>(
            PreToolUseResponse::deny("u")
                .agent_message("a")
                .updated_input(json!({"command": "ls"}))
                .additional_context("ctx"),
            version,
            legacy,
        ),
        "postToolUse" => go::<PostToolUse>(
            PostToolUseResponse::default()
                .additional_context("ctx")
                .updated_mcp_tool_output(json!({"content": [], "isError": false})),
            version,
            legacy,
        ),
        "postToolUseFailure" => go::<PostToolUseFailure>(
            PostToolUseFailureResponse::default().additional_context("ctx"),
            version,
            legacy,
        ),
        "subagentStart" => go::<SubagentStart>(
            SubagentStartResponse::deny("u").additional_context("ctx"),
            version,
            legacy,
        ),
        "subagentStop" => go::<SubagentStop>(
            SubagentStopResponse::default()
                .followup_message("f")
                .additional_context("ctx"),
            version,
            legacy,
        ),
        "beforeShellExecution" => {
            go::<BeforeShellExecution>(BeforeShellExecutionResponse::deny("u"), version, legacy)
        }
        "beforeMCPExecution" => {
            go::<BeforeMCPExecution>(BeforeMCPExecutionResponse::deny("u"), version, legacy)
        }
        "beforeReadFile" => {
            go::<BeforeReadFile>(BeforeReadFileResponse::deny("u"), version, legacy)
        }
        "beforeSubmitPrompt" => go::<BeforeSubmitPrompt>(
            BeforeSubmitPromptResponse::block("u").additional_context("ctx"),
            version,
            legacy,
        ),
        "preCompact" => go::<PreCompact>(
            PreCompactResponse::default().user_message("u"),
            version,
            legacy,
        ),
        "stop" => go::<Stop>(
            StopResponse::default().followup_message("f"),
            version,
            legacy,
        ),
        "beforeTabFileRead" => {
            go::<BeforeTabFileRead>(BeforeTabFileReadResponse::deny(), version, legacy)
        }
        "workspaceOpen" => go::<WorkspaceOpen>(
            WorkspaceOpenResponse::default().plugin_paths(["/p"]),
            version,
            legacy,
        ),
        other => panic!("`{other}` has no response with fields"),
    }
}

/// The explicit decisions of each permission event (`allow`, and `deny` with its message).
fn render_decisions(event: &str, version: &CursorVersion) -> Vec<Rendered> {
    fn go<T: Event>(version: &CursorVersion) -> Vec<Rendered>
    where
        T::Response: Allow + Deny,
    {
        vec![
            render(
                &<T::Response as Allow>::allow(),
                payload(T::NAME, version, false),
            ),
            render(
                &<T::Response as Deny>::deny("d".to_owned()),
                payload(T::NAME, version, false),
            ),
        ]
    }
    match event {
        "preToolUse" => go::<PreToolUse>(version),
        "subagentStart" => go::<SubagentStart>(version),
        "beforeShellExecution" => go::<BeforeShellExecution>(version),
        "beforeMCPExecution" => go::<BeforeMCPExecution>(version),
        "beforeReadFile" => go::<BeforeReadFile>(version),
        "beforeTabFileRead" => {
            let payload = || payload("beforeTabFileRead", version, false);
            vec![
                render(&BeforeTabFileReadResponse::allow(), payload()),
                render(&BeforeTabFileReadResponse::deny(), payload()),
            ]
        }
        other => panic!("`{other}` is not a permission event"),
    }
}

#[test]
fn rendered_keys_are_the_spec_response_keys() {
    let compat = compat();
    let snake = rule(&compat, "snake-case-keys");
    let all: Vec<String> = spec_events().into_iter().map(|e| e.name).collect();
    assert_eq!(snake.applies_to, all, "snake-case-keys covers every event");

    for version in [
        CursorVersion::parse("2026.09.28-64d2043"),
        CursorVersion::parse("2.0.77"),
        CursorVersion::parse("3.21.16"),
    ] {
        for event in spec_events() {
            let name = &*event.name;
            if event.is_observe() {
                assert!(spec_response_fields(&event).is_empty(), "{name}");
                continue;
            }
            let mut allowed: BTreeSet<String> = spec_response_fields(&event)
                .into_iter()
                .map(|(_, wire, _)| wire)
                .collect();
            let permission = spec_permission(&event);
            if !permission.is_empty() {
                allowed.insert("permission".to_owned());
            }
            // Every field set: exactly the spec's keys, under their `wire` names.
            let full = render_full(name, &version, false);
            assert_eq!(keys(&full), allowed, "{name} at {version}: {}", full.stdout);
            assert_eq!(full.exit_code, 0);
            assert!(full.stderr.is_empty(), "{name}: {:?}", full.stderr);
            if !permission.is_empty() {
                let first = full.stdout.trim_start_matches('{');
                assert!(
                    first.starts_with("\"permission\""),
                    "{name}: {}",
                    full.stdout
                );
                for decision in render_decisions(name, &version) {
                    assert!(
                        keys(&decision).is_subset(&allowed),
                        "{name}: {} writes a key outside the spec",
                        decision.stdout
                    );
                    let value = permission_of(&decision);
                    assert!(permission.contains(&&*value), "{name}: {value}");
                    assert_eq!(decision.exit_code, 0);
                }
            }
        }
    }
}

#[test]
fn legacy_format_follows_wire_1_7() {
    let compat = compat();
    let legacy = rule(&compat, "legacy-1.7-format");
    assert_eq!(legacy.boundary.as_deref(), Some("2.0"));
    let missing = CursorVersion::Missing;
    for name in &legacy.applies_to {
        let event = spec_event(name);
        let fields = spec_response_fields(&event);
        let mut expected: BTreeSet<String> = fields
            .iter()
            .filter_map(|(_, _, wire_1_7)| wire_1_7.clone())
            .collect();
        let is_permission = !spec_permission(&event).is_empty();
        if is_permission {
            // `"continue": true` beside `permission`.
            expected.insert("continue".to_owned());
            expected.insert("permission".to_owned());
        }
        let rendered = render_full(name, &missing, true);
        assert_eq!(keys(&rendered), expected, "{name}: {}", rendered.stdout);
        let json = rendered.json().unwrap();
        if is_permission {
            assert_eq!(json["continue"], true, "{name}");
        }
        // Fields without a 1.7 key are left out, each with a note on stderr.
        let dropped = fields.iter().filter(|(_, _, w)| w.is_none()).count();
        assert_eq!(
            rendered.stderr.len(),
            dropped,
            "{name}: {:?}",
            rendered.stderr
        );
        assert_eq!(rendered.exit_code, 0);
    }
}
