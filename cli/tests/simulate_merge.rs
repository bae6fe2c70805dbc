//! `cursor-hooks simulate`'s merge for the categories without a permission or a prompt gate:
//! context, loop, notice, app and observe answers, and the fields that reach Cursor.

mod common;

use common::Scratch;
use serde_json::{json, Value};

/// A project whose hooks for `event` print these answers, in this order.
fn answering(name: &str, event: &str, answers: &[Value]) -> Scratch {
    let s = Scratch::new(name);
    let mut hooks = Vec::new();
    for (i, answer) in answers.iter().enumerate() {
        s.script(
            &format!("project/.cursor/hooks/{i}.sh"),
            &format!("cat >/dev/null\necho '{answer}'"),
        );
        hooks.push(json!({ "command": format!(".cursor/hooks/{i}.sh") }));
    }
    s.hooks_json("project/.cursor/hooks.json", json!({ event: hooks }));
    s
}

/// Every field the merge knows, and one it does not.
fn everything(context: &str, extra: u32) -> Value {
    json!({
        "additional_context": context,
        "user_message": "hello",
        "followup_message": "again",
        "extra": extra,
    })
}

#[test]
fn contexts_join_and_only_the_events_own_fields_reach_cursor() {
    let s = answering(
        "context",
        "postToolUse",
        &[everything("one", 1), everything("two", 2)],
    );
    let result = s.simulate(&["--event", "postToolUse"], None);
    assert_eq!(
        result["decision"],
        json!({ "additional_context": "one\n\n---\n\ntwo" })
    );
    assert_eq!(result["outcome"], "applied");
}

#[test]
fn a_payload_without_cursor_version_or_model_keeps_every_merged_field() {
    let s = answering(
        "legacy",
        "postToolUse",
        &[everything("one", 1), everything("two", 2)],
    );
    let mut payload = s.simulate(&["--event", "postToolUse"], None)["payload"].clone();
    let fields = payload.as_object_mut().expect("a payload object");
    fields.remove("cursor_version");
    fields.remove("model");
    let result = s.simulate(&["-"], Some(&payload.to_string()));
    assert_eq!(
        result["decision"],
        json!({
            "additional_context": "one\n\n---\n\ntwo",
            "followup_message": "again",
            "user_message": "hello\n\n---\n\nhello",
            "extra": 2,
        })
    );
}

#[test]
fn notices_join_and_an_event_nobody_answered_is_nothing() {
    let s = answering(
        "notice",
        "preCompact",
        &[
            json!({ "user_message": "first" }),
            json!({ "user_message": "second" }),
        ],
    );
    let result = s.simulate(&["--event", "preCompact"], None);
    assert_eq!(
        result["decision"],
        json!({ "user_message": "first\n\n---\n\nsecond" })
    );
    assert_eq!(result["outcome"], "applied");

    let s = answering("silent", "preCompact", &[json!({})]);
    let result = s.simulate(&["--event", "preCompact"], None);
    assert_eq!(result["decision"], json!({}));
    assert_eq!(result["outcome"], "nothing: no hook answered");
}

/// Cursor's merge keeps the last `followup_message` in merge order (@cursor/sdk 1.0.32).
#[test]
fn the_last_followup_wins() {
    let s = answering(
        "loop",
        "stop",
        &[
            json!({ "followup_message": "" }),
            json!({ "followup_message": "first" }),
            json!({ "followup_message": "second" }),
        ],
    );
    let result = s.simulate(&["--event", "stop", "--set", "loop_count=0"], None);
    assert_eq!(result["decision"], json!({ "followup_message": "second" }));
}

/// Cursor unites workspaceOpen's `pluginPaths`, in order, without duplicates (@cursor/sdk 1.0.32).
#[test]
fn an_app_events_plugin_paths_unite() {
    let s = answering(
        "app",
        "workspaceOpen",
        &[
            json!({ "pluginPaths": ["/first"] }),
            json!({ "pluginPaths": ["/second", "/first"] }),
        ],
    );
    let result = s.simulate(&["--event", "workspaceOpen"], None);
    assert_eq!(
        result["decision"],
        json!({ "pluginPaths": ["/first", "/second"] })
    );
    assert_eq!(result["outcome"], "applied");
}

#[test]
fn an_observe_events_answers_reach_nothing() {
    let s = answering(
        "observe",
        "afterFileEdit",
        &[everything("one", 1), everything("two", 2)],
    );
    let result = s.simulate(&["--event", "afterFileEdit"], None);
    assert_eq!(result["decision"], json!({}));
    assert_eq!(
        result["outcome"],
        "nothing: Cursor ignores the answers of this event"
    );
}
