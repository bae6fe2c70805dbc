//! How `failClosed` and `loop_limit` of a hooks.json entry are read: `doctor`'s findings, and
//! what `simulate` does with a `loop_limit` of null.

mod common;

use common::{with, Scratch};
use serde_json::{json, Value};

const ECHO: &str = "cat >/dev/null; echo '{}'";

/// Exactly one finding contains `text`; it is a warning at this JSON pointer.
fn one_warning(findings: &[Value], text: &str, path: &str) {
    let hits = with(findings, text);
    assert_eq!(hits.len(), 1, "one finding with `{text}` in {findings:#?}");
    assert_eq!(hits[0]["severity"], "warning", "{:#?}", hits[0]);
    assert_eq!(hits[0]["path"], path, "{:#?}", hits[0]);
}

#[test]
fn fail_closed_and_loop_limit_are_warned_about_where_they_do_nothing() {
    let s = Scratch::new("entry-keys");
    for name in ["a", "b", "c", "d", "e"] {
        s.script(&format!("project/.cursor/hooks/{name}.sh"), ECHO);
    }
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({
            "afterFileEdit": [
                { "command": ".cursor/hooks/a.sh", "failClosed": true },
                { "command": ".cursor/hooks/b.sh", "loop_limit": 3 },
            ],
            "stop": [
                { "command": ".cursor/hooks/c.sh", "failClosed": "yes" },
                { "command": ".cursor/hooks/d.sh", "loop_limit": -1 },
                { "command": ".cursor/hooks/e.sh", "loop_limit": null, "failClosed": false },
            ],
        }),
    );
    let (_, findings) = s.doctor(&[]);
    one_warning(
        &findings,
        "`failClosed` has no effect on `afterFileEdit`: when the hook fails, times out or answers badly, Cursor's block there is no answer at all, so the action goes on as if the hook had not run",
        "/hooks/afterFileEdit/0/failClosed",
    );
    one_warning(
        &findings,
        "`loop_limit` applies to stop and subagentStop only; `afterFileEdit` ignores it",
        "/hooks/afterFileEdit/1/loop_limit",
    );
    // Cursor's validator rejects these, and with them the whole file (@cursor/sdk 1.0.32).
    for (text, path) in [
        (
            "`failClosed` is \"yes\", not true or false: Cursor rejects the whole file",
            "/hooks/stop/0/failClosed",
        ),
        (
            "`loop_limit` is -1, not a positive whole number or null: Cursor rejects the whole file",
            "/hooks/stop/1/loop_limit",
        ),
    ] {
        let hits = with(&findings, text);
        assert_eq!(hits.len(), 1, "one finding with `{text}` in {findings:#?}");
        assert_eq!(hits[0]["severity"], "error", "{:#?}", hits[0]);
        assert_eq!(hits[0]["path"], path, "{:#?}", hits[0]);
    }
    assert!(
        findings.iter().all(|f| !f["path"]
            .as_str()
            .unwrap_or("")
            .starts_with("/hooks/stop/2")),
        "{findings:#?}"
    );
}

/// Whether `failClosed` can take effect follows Cursor's block answer per event
/// (@cursor/sdk 1.0.32 blockResponseFor, host.json `block_answers`): a deny on the permission
/// events, `continue: false` on beforeSubmitPrompt and sessionStart, `{}` on stop, nothing
/// elsewhere.
#[test]
fn fail_closed_is_reviewed_against_cursors_block_answer() {
    let s = Scratch::new("fail-closed-blocks");
    s.script("project/.cursor/hooks/a.sh", ECHO);
    let entry = json!([{ "command": ".cursor/hooks/a.sh", "failClosed": true }]);
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({
            "beforeShellExecution": entry,
            "beforeSubmitPrompt": entry,
            "sessionStart": entry,
            "stop": entry,
            "postToolUse": entry,
        }),
    );
    let (_, findings) = s.doctor(&[]);
    let at = |event: &str| -> Vec<&Value> {
        findings
            .iter()
            .filter(|f| f["path"] == format!("/hooks/{event}/0/failClosed"))
            .collect()
    };
    assert!(at("beforeShellExecution").is_empty(), "{findings:#?}");
    assert!(at("beforeSubmitPrompt").is_empty(), "{findings:#?}");
    one_warning(
        &findings,
        "`failClosed` has no effect on `stop`: when the hook fails, times out or answers badly, Cursor's block there is an empty answer (`{}`), so the agent goes on",
        "/hooks/stop/0/failClosed",
    );
    one_warning(
        &findings,
        "`failClosed` has no effect on `postToolUse`",
        "/hooks/postToolUse/0/failClosed",
    );
    let session = at("sessionStart");
    assert_eq!(session.len(), 1, "{findings:#?}");
    assert_eq!(session[0]["severity"], "note", "{:#?}", session[0]);
    assert!(
        session[0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("answers `continue: false`, which ends the session")),
        "{:#?}",
        session[0]
    );
}

/// `simulate` of a `stop` hook asking for a follow-up, on the 100th loop.
fn followup_on_loop_100(name: &str, entry: Value) -> Value {
    let s = Scratch::new(name);
    s.script(
        "project/.cursor/hooks/again.sh",
        "cat >/dev/null\necho '{\"followup_message\":\"again\"}'",
    );
    s.hooks_json("project/.cursor/hooks.json", json!({ "stop": [entry] }));
    s.simulate(&["--event", "stop", "--set", "loop_count=100"], None)["decision"].clone()
}

#[test]
fn a_loop_limit_of_null_lifts_the_default_limit() {
    let unlimited = followup_on_loop_100(
        "no-limit",
        json!({ "command": ".cursor/hooks/again.sh", "loop_limit": null }),
    );
    assert_eq!(unlimited, json!({ "followup_message": "again" }));
    let default = followup_on_loop_100(
        "default-limit",
        json!({ "command": ".cursor/hooks/again.sh" }),
    );
    assert_eq!(default, json!({}));
}
