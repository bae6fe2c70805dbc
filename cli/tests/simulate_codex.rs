//! `cursor-hooks simulate --host codex` on configurations in temporary directories, offline:
//! Codex's trust gates, its anchored matcher, its reading of exit codes and of answers against
//! the closed schema, and SessionEnd's timeout clamp. The real Codex is held against the same
//! rules by `tests/tests/codex_differential_generated.rs`.

mod common;

use common::Scratch;
use cursor_hooks_spec::codex_trust::{hook_key, trusted_hash, CommandHook};
use serde_json::{json, Value};

/// One hook: its event, matcher, command, timeout and whether `config.toml` trusts it.
type Wired<'a> = (&'a str, Option<&'a str>, &'a str, Option<u64>, bool);

/// Writes `~/.codex/hooks.json` with one group per hook and trusts each hook marked trusted.
fn configure(s: &Scratch, hooks: &[Wired<'_>]) {
    let mut events = serde_json::Map::new();
    let file = s.home().join(".codex/hooks.json");
    let mut config = String::new();
    for (event, matcher, command, timeout, trusted) in hooks {
        let groups = events.entry(event.to_string()).or_insert_with(|| json!([]));
        let groups = groups.as_array_mut().expect("a list");
        let mut handler = json!({"type": "command", "command": command});
        if let Some(timeout) = timeout {
            handler["timeout"] = json!(timeout);
        }
        let mut group = json!({"hooks": [handler]});
        if let Some(matcher) = matcher {
            group["matcher"] = json!(matcher);
        }
        groups.push(group);
        if *trusted {
            let mut hook = CommandHook::new(event, command);
            hook.matcher = *matcher;
            hook.timeout = *timeout;
            let key = hook_key(&file.display().to_string(), event, groups.len() - 1, 0).unwrap();
            let hash = trusted_hash(&hook).unwrap();
            config.push_str(&format!(
                "[hooks.state.{}]\ntrusted_hash = {}\n",
                json!(key),
                json!(hash)
            ));
        }
    }
    s.write(
        "home/.codex/hooks.json",
        &json!({ "hooks": events }).to_string(),
    );
    s.write("home/.codex/config.toml", &config);
}

fn simulate(s: &Scratch, payload: Value) -> Value {
    let args = ["--host", "codex", "-"];
    s.simulate(&args, Some(&payload.to_string()))
}

fn bash_call(s: &Scratch) -> Value {
    json!({"hook_event_name": "PreToolUse", "cwd": s.project(), "tool_name": "Bash",
           "tool_input": {"command": "ls"}, "session_id": "s"})
}

fn statuses(result: &Value) -> Vec<String> {
    let hooks = result["hooks"].as_array().expect("hooks").iter();
    hooks
        .map(|h| {
            format!(
                "{} {}",
                h["command"].as_str().unwrap(),
                h["status"].as_str().unwrap()
            )
        })
        .collect()
}

#[test]
fn only_trusted_hooks_whose_anchored_matcher_selects_the_tool_run() {
    let s = Scratch::new("codex-gates");
    configure(
        &s,
        &[
            ("PreToolUse", Some("Bash"), "echo untrusted", None, false),
            ("PreToolUse", Some("Ba"), "echo partial", None, true),
            ("PreToolUse", Some("B.*|Read"), "echo regex", None, true),
            ("PreToolUse", Some("(Bash"), "echo broken", None, true),
        ],
    );
    let result = simulate(&s, bash_call(&s));
    assert_eq!(
        statuses(&result),
        [
            "echo untrusted not_trusted",
            "echo partial skipped",
            "echo regex ran",
            "echo broken skipped"
        ]
    );
    assert_eq!(result["blocked"], false);
}

#[test]
fn exit_2_blocks_and_an_answer_the_closed_schema_refuses_fails_open() {
    let s = Scratch::new("codex-results");
    let deny = r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no","extra":1}}"#;
    let refused = format!("echo '{deny}'");
    configure(&s, &[("PreToolUse", None, &refused, None, true)]);
    let result = simulate(&s, bash_call(&s));
    assert_eq!(result["hooks"][0]["read_as"], "schema-invalid-json");
    assert_eq!(result["blocked"], false, "{result}");

    configure(
        &s,
        &[("PreToolUse", None, "echo stop here >&2; exit 2", None, true)],
    );
    let result = simulate(&s, bash_call(&s));
    assert_eq!(result["blocked"], true, "{result}");
    assert_eq!(
        result["model_sees"],
        json!(["Command blocked by PreToolUse hook: stop here. Command: ls"])
    );
}

#[test]
fn session_end_clamps_its_timeout_to_three_seconds() {
    let s = Scratch::new("codex-clamp");
    configure(
        &s,
        &[
            ("SessionEnd", None, "true", Some(30), true),
            ("SessionEnd", None, "true", None, true),
        ],
    );
    let payload = json!({"hook_event_name": "SessionEnd", "cwd": s.project(), "reason": "other"});
    let result = simulate(&s, payload);
    let timeouts: Vec<&Value> = result["hooks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| &h["timeout_seconds"])
        .collect();
    assert_eq!(timeouts, [&json!(3), &json!(1)]);
}

/// `events --host codex` prints spec/codex's twelve events, one a line under the header.
#[test]
fn events_lists_codex_events() {
    let s = Scratch::new("codex-events");
    let out = s.cli(&["events", "--host", "codex"], None);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    let names: Vec<&str> = text
        .lines()
        .skip(1)
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(names.len(), 12, "{text}");
    assert!(
        text.lines()
            .any(|l| l.starts_with("SessionEnd ") && l.contains("reason")),
        "{text}"
    );
}
