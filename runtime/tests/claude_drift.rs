//! Payload drift must not switch a Claude Code hook off either. Walks
//! `spec/claude-code/events.json` at test time: every optional field of every event, sent with a
//! wrong type, is ignored (read as absent, kept in `extra`, one stderr line) and the handler
//! still runs; every required one is answered by the failure policy.

use cursor_hooks::__private::{Entry, FailPolicy, Hook, HookEvent, HookOptions, Outcome};
use cursor_hooks::claude::event::*;
use cursor_hooks::testing::{self, Rendered};
use cursor_hooks_codegen::model::InputType;
use serde_json::{json, Value};
use std::cell::Cell;
use std::marker::PhantomData;

thread_local! {
    /// The event whose handler ran last on this thread.
    static RAN: Cell<Option<&'static str>> = const { Cell::new(None) };
}

/// A fail-open handler of `E` that notes it ran and has no opinion.
struct Ran<E>(PhantomData<E>);

impl<E> Hook for Ran<E>
where
    E: cursor_hooks::claude::Event
        + HookEvent<Response = <E as cursor_hooks::claude::Event>::Response>,
{
    type Event = E;
    const EVENT_NAME: &'static str = <E as cursor_hooks::claude::Event>::NAME;
    const OPTIONS: HookOptions = HookOptions {
        handler: "ran",
        fail: FailPolicy::Open,
        timeout: None,
        matcher: None,
        loop_limit: None,
        keep_ask: false,
    };
    const ENTRY: Entry = Entry::claude::<Self>();
    fn call(_: E) -> Outcome<<E as HookEvent>::Response> {
        RAN.with(|ran| ran.set(Some(<E as cursor_hooks::claude::Event>::NAME)));
        Outcome::Answer(Default::default())
    }
}

fn every_handler() -> Vec<Entry> {
    macro_rules! entries {
        ($($ty:ident),*) => { vec![$(<Ran<$ty> as Hook>::ENTRY),*] };
    }
    cursor_hooks::__for_each_claude_event!(entries)
}

/// The event's fixture, as JSON.
fn fixture(name: &str) -> Value {
    macro_rules! fixtures {
        ($($ty:ident),*) => {
            $(if name == <$ty as cursor_hooks::claude::Event>::NAME {
                return $ty::fixture().to_value();
            })*
        };
    }
    cursor_hooks::__for_each_claude_event!(fixtures);
    panic!("`{name}` is not an event")
}

/// Where a wrong value goes in the payload's text: `1e999` is no `Value`, so it is spliced in.
const SPLICE: &str = "\"@wrong@\"";

/// Values of another type than `ty` (as JSON text), with what the stderr line calls them.
fn wrong_values(ty: InputType) -> Vec<(&'static str, &'static str)> {
    let mut wrong = vec![("1e999", "a number out of range")];
    let others: &[(&str, &str)] = match ty {
        InputType::String => &[("42", "a number"), ("{}", "an object")],
        InputType::Bool => &[("\"yes\"", "a string"), ("[true]", "a list")],
        InputType::Integer => &[("\"7\"", "a string"), ("1.5", "a number")],
        InputType::Number => &[("\"fast\"", "a string"), ("true", "a bool")],
        InputType::StringList => &[("\"x\"", "a string"), ("[1]", "a list")],
        InputType::StringMap => &[("\"x\"", "a string"), ("{\"k\":1}", "an object")],
        InputType::Object => &[("\"x\"", "a string"), ("[1]", "a list")],
        InputType::ObjectList => &[("\"x\"", "a string"), ("[5]", "a list")],
        InputType::Json | InputType::ToolInput => &[("[1e999]", "a list")],
        other => panic!("{other:?} is not a Claude Code field type"),
    };
    wrong.extend_from_slice(others);
    wrong
}

/// Runs `payload` through a handler of every event; which event's handler ran.
fn run(payload: String) -> (Option<&'static str>, Rendered) {
    RAN.with(|ran| ran.set(None));
    let rendered = testing::run_all(&every_handler(), payload);
    (RAN.with(Cell::get), rendered)
}

#[test]
fn every_optional_field_of_every_claude_event_sent_with_a_wrong_type_is_ignored_and_the_handler_runs(
) {
    let loaded = cursor_hooks_codegen::claude_model::load(
        &cursor_hooks_codegen::workspace_root(),
        &cursor_hooks_codegen::claude_model::CLAUDE_CODE,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut problems = Vec::new();
    let mut checked = 0;
    for event in &loaded.spec.events {
        let name = event.name.as_str();
        let (ran, rendered) = run(fixture(name).to_string());
        assert_eq!(ran, Some(name), "{name}: {rendered:?}");
        assert!(rendered.ignored_fields().is_empty(), "{name}: {rendered:?}");
        let common = loaded
            .spec
            .common_fields
            .iter()
            .filter(|field| !field.absent_on.iter().any(|e| e == name));
        for field in common.chain(&event.input) {
            let field = field.input_field().unwrap();
            if field.name == "hook_event_name" {
                continue;
            }
            for (wrong, found) in wrong_values(field.ty) {
                let mut payload = fixture(name);
                payload[&field.name] = json!("@wrong@");
                let payload = payload.to_string().replace(SPLICE, wrong);
                let (ran, rendered) = run(payload);
                let case = format!("{name}: `{}` = {wrong}", field.name);
                if !field.optional {
                    if ran.is_some() || rendered.stdout != "{}\n" || rendered.stderr.len() != 1 {
                        problems.push(format!("{case}: required, yet {ran:?} {rendered:?}"));
                    } else if !rendered.stderr[0].contains(&format!("`{}`", field.name)) {
                        problems.push(format!("{case}: {:?} does not name it", rendered.stderr));
                    }
                    continue;
                }
                checked += 1;
                let line = format!(
                    "{name}: field '{}' is {found}, expected {}: ignored",
                    field.name,
                    field.ty.expected()
                );
                if ran != Some(name) {
                    problems.push(format!("{case}: the handler did not run: {rendered:?}"));
                } else if rendered.stderr != [line.clone()] {
                    problems.push(format!(
                        "{case}: stderr {:?}, expected {line:?}",
                        rendered.stderr
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(
        checked > 300,
        "only {checked} cases: the walk lost its fields"
    );
}
