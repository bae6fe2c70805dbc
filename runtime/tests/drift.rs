//! Payload drift must not switch a hook off. Walks `spec/cursor/events.json` at test time: every
//! optional field of every event, sent with a wrong type, is ignored (read as absent, kept in
//! `extra`, one stderr line) and the handler still runs; every required one is answered by the
//! failure policy, as before.

use cursor_hooks::prelude::*;
use cursor_hooks::testing::{self, Entry, Rendered};
use cursor_hooks_codegen::model::{self, InputField, InputType};
use serde_json::{json, Value};
use std::cell::Cell;

thread_local! {
    /// The event whose handler ran last on this thread.
    static RAN: Cell<Option<&'static str>> = const { Cell::new(None) };
}

/// Notes that the handler of `E` ran.
fn ran<E: Event>(_: E) {
    RAN.with(|ran| ran.set(Some(E::NAME)));
}

// One handler per event, each noting that it ran and answering nothing. (Written out: the
// attribute's generated code does not see an argument named inside a `macro_rules!`.)
#[cursor_hook(event = "sessionStart")]
fn session_start(input: SessionStart) -> SessionStartResponse {
    ran(input);
    no_opinion()
}

#[cursor_hook(event = "sessionEnd")]
fn session_end(input: SessionEnd) {
    ran(input);
}

#[cursor_hook(event = "preToolUse")]
fn pre_tool_use(input: PreToolUse) -> PreToolUseResponse {
    ran(input);
    no_opinion()
}

#[cursor_hook(event = "postToolUse")]
fn post_tool_use(input: PostToolUse) -> PostToolUseResponse {
    ran(input);
    no_opinion()
}

#[cursor_hook(event = "postToolUseFailure")]
fn post_tool_use_failure(input: PostToolUseFailure) -> PostToolUseFailureResponse {
    ran(input);
    no_opinion()
}

#[cursor_hook(event = "subagentStart")]
fn subagent_start(input: SubagentStart) -> SubagentStartResponse {
    ran(input);
    no_opinion()
}

#[cursor_hook(event = "subagentStop")]
fn subagent_stop(input: SubagentStop) -> SubagentStopResponse {
    ran(input);
    no_opinion()
}

#[cursor_hook(event = "beforeShellExecution")]
fn before_shell(input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    ran(input);
    no_opinion()
}

#[cursor_hook(event = "afterShellExecution")]
fn after_shell(input: AfterShellExecution) {
    ran(input);
}

#[cursor_hook(event = "beforeMCPExecution")]
fn before_mcp(input: BeforeMCPExecution) -> BeforeMCPExecutionResponse {
    ran(input);
    no_opinion()
}

#[cursor_hook(event = "afterMCPExecution")]
fn after_mcp(input: AfterMCPExecution) {
    ran(input);
}

#[cursor_hook(event = "beforeReadFile")]
fn before_read(input: BeforeReadFile) -> BeforeReadFileResponse {
    ran(input);
    no_opinion()
}

#[cursor_hook(event = "afterFileEdit")]
fn after_edit(input: AfterFileEdit) {
    ran(input);
}

#[cursor_hook(event = "beforeSubmitPrompt")]
fn before_prompt(input: BeforeSubmitPrompt) -> BeforeSubmitPromptResponse {
    ran(input);
    no_opinion()
}

#[cursor_hook(event = "afterAgentResponse")]
fn after_response(input: AfterAgentResponse) {
    ran(input);
}

#[cursor_hook(event = "afterAgentThought")]
fn after_thought(input: AfterAgentThought) {
    ran(input);
}

#[cursor_hook(event = "preCompact")]
fn pre_compact(input: PreCompact) -> PreCompactResponse {
    ran(input);
    no_opinion()
}

#[cursor_hook(event = "stop")]
fn stop(input: Stop) -> StopResponse {
    ran(input);
    no_opinion()
}

#[cursor_hook(event = "beforeTabFileRead")]
fn before_tab_read(input: BeforeTabFileRead) -> BeforeTabFileReadResponse {
    ran(input);
    no_opinion()
}

#[cursor_hook(event = "afterTabFileEdit")]
fn after_tab_edit(input: AfterTabFileEdit) {
    ran(input);
}

#[cursor_hook(event = "workspaceOpen")]
fn workspace_open(input: WorkspaceOpen) -> WorkspaceOpenResponse {
    ran(input);
    no_opinion()
}

fn every_handler() -> Vec<Entry> {
    macro_rules! entries {
        ($($handler:ident),*) => { vec![$(testing::handler::<$handler>()),*] };
    }
    entries!(
        session_start,
        session_end,
        pre_tool_use,
        post_tool_use,
        post_tool_use_failure,
        subagent_start,
        subagent_stop,
        before_shell,
        after_shell,
        before_mcp,
        after_mcp,
        before_read,
        after_edit,
        before_prompt,
        after_response,
        after_thought,
        pre_compact,
        stop,
        before_tab_read,
        after_tab_edit,
        workspace_open
    )
}

/// The event's fixture, as JSON.
fn fixture(name: &str) -> Value {
    macro_rules! fixtures {
        ($($ty:ident),* $(,)?) => {
            $(if name == <$ty as Event>::NAME {
                return $ty::fixture().to_value();
            })*
        };
    }
    cursor_hooks::__for_each_event!(fixtures);
    panic!("`{name}` is not an event")
}

/// Where a wrong value goes in the payload's text: `1e999` is no `Value`, so it is spliced in.
const SPLICE: &str = "\"@wrong@\"";

/// Values of another type than `ty` (as JSON text), with what the stderr line calls them.
fn wrong_values(ty: InputType) -> Vec<(&'static str, &'static str)> {
    let mut wrong = vec![("1e999", "a number out of range")];
    let others: &[(&str, &str)] = match ty {
        InputType::String | InputType::CursorVersion => &[("42", "a number"), ("{}", "an object")],
        InputType::Bool => &[("\"yes\"", "a string"), ("[true]", "a list")],
        InputType::Integer => &[("\"7\"", "a string"), ("1.5", "a number")],
        InputType::Number => &[("\"fast\"", "a string"), ("true", "a bool")],
        InputType::StringList => &[("\"x\"", "a string"), ("[1]", "a list")],
        InputType::StringMap => &[("\"x\"", "a string"), ("{\"k\":1}", "an object")],
        InputType::Object => &[("\"x\"", "a string"), ("[1]", "a list")],
        InputType::ObjectList
        | InputType::Attachments
        | InputType::FileEdits
        | InputType::TabEdits
        | InputType::ModelParams => &[("\"x\"", "a string"), ("[5]", "a list")],
        // Any shape is read; only numbers no `Value` holds are not.
        InputType::Json | InputType::ToolInput => &[("[1e999]", "a list")],
    };
    wrong.extend_from_slice(others);
    wrong
}

/// One input field of the spec.
struct Field {
    name: String,
    ty: InputType,
    optional: bool,
}

/// Every event with its fields (common ones first), from the spec.
fn spec_fields() -> Vec<(String, Vec<Field>)> {
    let spec = model::load(&cursor_hooks_codegen::workspace_root())
        .unwrap_or_else(|e| panic!("{e}"))
        .spec;
    spec.events
        .iter()
        .map(|event| {
            let fields = (spec.common_fields.iter().chain(&event.input))
                .map(|field: &InputField| Field {
                    name: field.name.clone(),
                    ty: field.ty,
                    optional: field.optional,
                })
                .collect();
            (event.name.clone(), fields)
        })
        .collect()
}

/// Runs `payload` through the 21 handlers; which event's handler ran.
fn run(payload: String) -> (Option<&'static str>, Rendered) {
    RAN.with(|ran| ran.set(None));
    let rendered = testing::run_all(&every_handler(), payload);
    (RAN.with(Cell::get), rendered)
}

#[test]
fn every_optional_field_of_every_event_sent_with_a_wrong_type_is_ignored_and_the_handler_runs() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for (event, fields) in spec_fields() {
        // The fixture as it is: the handler runs, nothing is ignored.
        let (ran, rendered) = run(fixture(&event).to_string());
        assert_eq!(ran, Some(event.as_str()), "{event}: {rendered:?}");
        assert!(
            rendered.ignored_fields().is_empty(),
            "{event}: {rendered:?}"
        );

        for field in fields
            .iter()
            .filter(|field| field.name != "hook_event_name")
        {
            for (wrong, found) in wrong_values(field.ty) {
                let mut payload = fixture(&event);
                payload[&field.name] = json!("@wrong@");
                let payload = payload.to_string().replace(SPLICE, wrong);
                let (ran, rendered) = run(payload.clone());
                let case = format!("{event}: `{}` = {wrong}", field.name);
                if !field.optional {
                    // Required: the failure policy (fail-open here), naming the field.
                    if ran.is_some() || rendered.stdout != "{}\n" || rendered.stderr.len() != 1 {
                        problems.push(format!("{case}: required, yet {ran:?} {rendered:?}"));
                    } else if !rendered.stderr[0].contains(&format!("`{}`", field.name)) {
                        problems.push(format!("{case}: {:?} does not name it", rendered.stderr));
                    }
                    continue;
                }
                checked += 1;
                let line = format!(
                    "{event}: field '{}' is {found}, expected {}: ignored",
                    field.name,
                    field.ty.expected()
                );
                if ran != Some(event.as_str()) {
                    problems.push(format!("{case}: the handler did not run: {rendered:?}"));
                } else if rendered.ignored_fields() != [field.name.as_str()] {
                    problems.push(format!("{case}: ignored {:?}", rendered.ignored_fields()));
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
        checked > 200,
        "only {checked} cases: the walk lost its fields"
    );
}

/// The typed input keeps a drifted field as sent, and writes it back as sent.
#[test]
fn an_ignored_field_is_kept_in_extra_as_sent() {
    let input = BeforeShellExecution::fixture()
        .command("rm -rf /")
        .set("sandbox", json!({"mode": "strict"}))
        .set("cursor_version", json!({"v": 1}))
        .build();
    assert_eq!(input.sandbox, None);
    assert_eq!(input.common.cursor_version, CursorVersion::Missing);
    assert_eq!(input.extra.get("sandbox"), Some(json!({"mode": "strict"})));
    let ignored: Vec<String> = input
        .extra
        .ignored()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        ignored,
        [
            "field 'cursor_version' is an object, expected a version string",
            "field 'sandbox' is an object, expected a bool",
        ]
    );
    let written = serde_json::to_value(&input).unwrap();
    assert_eq!(written["sandbox"], json!({"mode": "strict"}));
    assert_eq!(written["cursor_version"], json!({"v": 1}));
}
