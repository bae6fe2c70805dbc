//! `spec/concepts.json` against every host's own facts: each neutral event names, for every
//! registered host, events of that host (typed in its `events.json`, or `untyped` ones its
//! `host.json` lists) with a source each, or why the host lacks it; each tool kind names only
//! tools the host's own tool list has.

use serde_json::Value;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

fn json(path: &str) -> Value {
    let text = std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The registered hosts' keys, in order.
fn hosts() -> Vec<String> {
    json("spec/hosts.json")["hosts"]
        .as_array()
        .expect("hosts")
        .iter()
        .map(|row| row["key"].as_str().expect("a key").to_owned())
        .collect()
}

fn names(list: &Value, key: &str) -> Vec<String> {
    list.as_array()
        .into_iter()
        .flatten()
        .filter_map(|item| item[key].as_str().map(str::to_owned))
        .collect()
}

/// The tool names a host's facts know: the tool list of its `host.json`, and for Cursor the
/// names its `preToolUse` payload's `tool_name` documents.
fn tools_of(host: &str) -> Vec<String> {
    let facts = json(&format!("spec/{host}/host.json"));
    let mut tools: Vec<String> = facts["tools"]["names"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|name| name.as_str().map(str::to_owned))
        .collect();
    // The prefix open tool names take (`mcp__<server>__<tool>`), from the host's events.
    let events = json(&format!("spec/{host}/events.json"));
    for event in events["events"].as_array().into_iter().flatten() {
        if let Some(prefix) = event["matcher_open_prefix"].as_str() {
            let open = format!("{prefix}*");
            if !tools.contains(&open) {
                tools.push(open);
            }
        }
    }
    if host == "cursor" {
        let events = json("spec/cursor/events.json");
        let pre = events["events"]
            .as_array()
            .expect("events")
            .iter()
            .find(|event| event["name"] == "preToolUse")
            .expect("preToolUse");
        let doc = pre["input"]
            .as_array()
            .expect("input")
            .iter()
            .find(|field| field["name"] == "tool_name")
            .and_then(|field| field["doc"].as_str())
            .expect("tool_name's doc");
        for name in ["Shell", "Read", "Write", "Grep", "Delete", "Task"] {
            if doc.contains(name) {
                tools.push(name.to_owned());
            }
        }
        if doc.contains("MCP:<tool_name>") {
            tools.push("MCP:*".to_owned());
        }
    }
    tools
}

#[test]
fn every_concept_maps_every_host_to_its_own_events_or_says_why_not() {
    let problems = event_problems(&json("spec/concepts.json"));
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn a_concept_naming_an_event_the_host_lacks_is_caught() {
    let mut concepts = json("spec/concepts.json");
    let failed = concepts["events"]
        .as_array_mut()
        .expect("events")
        .iter_mut()
        .find(|concept| concept["concept"] == "tool.failed")
        .expect("tool.failed");
    failed["hosts"]["codex"] = serde_json::json!([{"event": "PostToolUseFailure", "source": "x"}]);
    let problems = event_problems(&concepts);
    assert_eq!(
        problems,
        ["tool.failed: codex has no event `PostToolUseFailure`"],
        "{problems:#?}"
    );
}

/// What is wrong with the `events` of `concepts`.
fn event_problems(concepts: &Value) -> Vec<String> {
    let hosts = hosts();
    let kinds = names(&concepts["tools"], "kind");
    let mut problems = Vec::new();
    for concept in concepts["events"].as_array().expect("events") {
        let name = concept["concept"].as_str().expect("a concept name");
        let mapped = concept["hosts"].as_object().expect("hosts");
        for host in &hosts {
            let Some(entry) = mapped.get(host) else {
                problems.push(format!("{name}: no entry for {host}"));
                continue;
            };
            if entry.get("lacks").is_some() {
                if entry["source"].as_str().is_none_or(str::is_empty) {
                    problems.push(format!("{name}: {host} lacks it without a source"));
                }
                continue;
            }
            let typed = names(&json(&format!("spec/{host}/events.json"))["events"], "name");
            let untyped = names(
                &json(&format!("spec/{host}/host.json"))["untyped_events"],
                "name",
            );
            for event in entry.as_array().into_iter().flatten() {
                let event_name = event["event"].as_str().unwrap_or_default();
                let known = if event["untyped"] == true {
                    untyped.iter().any(|e| e == event_name)
                } else {
                    typed.iter().any(|e| e == event_name)
                };
                if !known {
                    problems.push(format!("{name}: {host} has no event `{event_name}`"));
                }
                if event["source"].as_str().is_none_or(str::is_empty) {
                    problems.push(format!("{name}: {host} `{event_name}` has no source"));
                }
                if let Some(tool) = event["tool"].as_str() {
                    if !kinds.iter().any(|kind| kind == tool) {
                        problems.push(format!(
                            "{name}: {host} `{event_name}`: no tool kind `{tool}`"
                        ));
                    }
                }
            }
        }
        for host in mapped.keys() {
            if !hosts.contains(host) {
                problems.push(format!("{name}: `{host}` is not a registered host"));
            }
        }
    }
    problems
}

#[test]
fn every_tool_kind_names_only_tools_the_host_has() {
    let concepts = json("spec/concepts.json");
    let mut problems = Vec::new();
    for kind in concepts["tools"].as_array().expect("tools") {
        let name = kind["kind"].as_str().expect("a kind");
        if kind["source"].as_str().is_none_or(str::is_empty) {
            problems.push(format!("{name}: no source"));
        }
        for host in hosts() {
            let Some(listed) = kind["hosts"][&host].as_array() else {
                problems.push(format!("{name}: no list for {host}"));
                continue;
            };
            let known = tools_of(&host);
            for tool in listed.iter().filter_map(Value::as_str) {
                if !known.iter().any(|t| t == tool) {
                    problems.push(format!("{name}: {host} has no tool `{tool}`"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

/// The events a host runs for `concept` on a tool of `kind`: those mapped with no tool kind or
/// with this one (typed events only: an untyped one has no answer facts).
fn events_for(concepts: &Value, concept: &str, kind: &str, host: &str) -> Vec<String> {
    let row = concepts["events"]
        .as_array()
        .expect("events")
        .iter()
        .find(|row| row["concept"] == concept)
        .unwrap_or_else(|| panic!("no concept `{concept}`"));
    row["hosts"][host]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|event| event["untyped"] != true)
        .filter(|event| event["tool"].as_str().is_none_or(|tool| tool == kind))
        .filter_map(|event| event["event"].as_str().map(str::to_owned))
        .collect()
}

/// What an event of `host` offers, from its `events.json`.
struct Offers {
    /// Its permission values.
    values: Vec<String>,
    /// It takes `additional_context`.
    context: bool,
    /// It can block (a `decision: block`, or Cursor's `continue`).
    blocks: bool,
    /// It can rewrite the call (`updated_input`, Copilot's `modified_args`).
    rewrites: bool,
    /// It can keep the agent going (a `decision: block`, Cursor's `followup_message`).
    keeps_going: bool,
    /// It shows the user a message (the host's universal `systemMessage`).
    tells_user: bool,
    /// It can stop the run (the host's universal `continue`).
    stops_run: bool,
}

fn offers(host: &str, event: &str) -> Offers {
    let events = json(&format!("spec/{host}/events.json"));
    let universal: Vec<String> = events["universal_response"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|f| f["wire"].as_str().map(str::to_owned))
        .collect();
    let event = events["events"]
        .as_array()
        .expect("events")
        .iter()
        .find(|e| e["name"] == event)
        .unwrap_or_else(|| panic!("{host} has no event `{event}`"));
    // A universal key the event rejects (`not_offered`) or ignores (`universal_except`).
    let excepted = [
        names_of(&event["not_offered"]),
        names_of(&event["universal_except"]),
    ]
    .concat();
    let universally =
        |wire: &str| universal.iter().any(|w| w == wire) && !excepted.iter().any(|w| w == wire);
    let response = &event["response"];
    let fields = [&response["fields"], &response["hook_specific"]];
    let field = |name: &str| {
        fields
            .iter()
            .flat_map(|list| list.as_array().into_iter().flatten())
            .find(|f| f["name"] == name)
    };
    let mut values: Vec<String> = match response["permission"].as_array() {
        Some(values) => values
            .iter()
            .filter_map(|v| v.as_str().map(str::to_owned))
            .collect(),
        None => field("permission_decision")
            .map(|f| names_of(&f["values"]))
            .unwrap_or_default(),
    };
    let refused = field("permission_decision").map(|f| names_of(&f["not_offered"]));
    values.retain(|v| !refused.iter().flatten().any(|r| r == v));
    let decision_block = names_of(&response["decision"]["values"]).contains(&"block".to_owned());
    Offers {
        values,
        context: field("additional_context").is_some(),
        blocks: decision_block || field("continue").is_some(),
        rewrites: field("updated_input").is_some() || field("modified_args").is_some(),
        keeps_going: decision_block || field("followup_message").is_some(),
        tells_user: universally("systemMessage"),
        stops_run: universally("continue") && universally("stopReason"),
    }
}

fn names_of(list: &Value) -> Vec<String> {
    list.as_array()
        .into_iter()
        .flatten()
        .filter_map(|v| v.as_str().map(str::to_owned))
        .collect()
}

/// What is wrong with the `capabilities` of `concepts`: a row must cover every host, say how or
/// what the host does instead, and give a source; a feature called honoured must be offered by
/// every event the host runs for it (its events.json).
fn capability_problems(concepts: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    for row in concepts["capabilities"].as_array().expect("capabilities") {
        let concept = row["concept"].as_str().expect("a concept");
        let kind = row["tool"].as_str().unwrap_or_default();
        let feature = row["feature"].as_str().expect("a feature");
        let at = format!("{concept} {kind} {feature}");
        for host in hosts() {
            let cell = &row["hosts"][&host];
            let Some(honoured) = cell["honoured"].as_bool() else {
                problems.push(format!("{at}: nothing said for {host}"));
                continue;
            };
            let said = if honoured { "how" } else { "instead" };
            if cell[said].as_str().is_none_or(str::is_empty) {
                problems.push(format!("{at}: {host} without `{said}`"));
            }
            if cell["source"].as_str().is_none_or(str::is_empty) {
                problems.push(format!("{at}: {host} without a source"));
            }
            let events = events_for(concepts, concept, kind, &host);
            if events.is_empty() {
                problems.push(format!("{at}: {host} runs no event for it"));
            }
            for event in events.iter().filter(|_| honoured) {
                let offer = offers(&host, event);
                let offered = match feature {
                    "context" => offer.context,
                    "block" => offer.blocks,
                    "rewrite" => offer.rewrites,
                    "keep_going" => offer.keeps_going,
                    "tell_user" => offer.tells_user,
                    "stop_run" => offer.stops_run,
                    decision => offer.values.iter().any(|v| v == decision),
                };
                if !offered {
                    problems.push(format!("{at}: {host} `{event}` does not offer it"));
                }
            }
        }
    }
    problems
}

#[test]
fn every_capability_covers_every_host_and_what_is_honoured_is_offered() {
    let problems = capability_problems(&json("spec/concepts.json"));
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn a_capability_its_host_does_not_offer_is_caught() {
    let mut concepts = json("spec/concepts.json");
    let ask = concepts["capabilities"]
        .as_array_mut()
        .expect("capabilities")
        .iter_mut()
        .find(|row| row["feature"] == "ask")
        .expect("ask");
    ask["hosts"]["codex"] = serde_json::json!({"honoured": true, "how": "x", "source": "x"});
    let problems = capability_problems(&concepts);
    assert_eq!(
        problems,
        ["tool.before shell ask: codex `PreToolUse` does not offer it"],
        "{problems:#?}"
    );
}
