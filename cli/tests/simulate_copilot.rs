//! `cursor-hooks simulate --host copilot` on configurations in temporary directories, offline:
//! Copilot's folder trust (its own `config.json`, `//` comment lines and all), its matcher, the
//! first deny that ends preToolUse's run and the first block that ends postToolUse's, its reading of exit codes and answers, and the cap on
//! agentStop blocks over a session. The real Copilot is held against the same rules by
//! `tests/tests/copilot_differential_generated.rs`.

mod common;

use common::Scratch;
use serde_json::{json, Value};

/// One flat entry: its event, matcher and `bash` command.
type Wired<'a> = (&'a str, Option<&'a str>, &'a str);

/// Writes the hooks file `relative` (under the scratch root) with one flat entry per hook.
fn configure(s: &Scratch, relative: &str, hooks: &[Wired<'_>]) {
    let mut events = serde_json::Map::new();
    for (event, matcher, command) in hooks {
        let entries = events.entry(event.to_string()).or_insert_with(|| json!([]));
        let mut entry = json!({"type": "command", "bash": command});
        if let Some(matcher) = matcher {
            entry["matcher"] = json!(matcher);
        }
        entries.as_array_mut().expect("a list").push(entry);
    }
    let text = json!({"version": 1, "hooks": events}).to_string();
    s.write(relative, &text);
}

/// Trusts the project as Copilot itself writes `config.json`: comment lines first.
fn trust(s: &Scratch) {
    let folders = json!({ "trustedFolders": [s.project()] });
    let text = format!(
        "// User settings belong in settings.json.\n// This file is managed automatically.\n{folders:#}\n"
    );
    s.write("home/.copilot/config.json", &text);
}

fn simulate(s: &Scratch, event: &str, payload: Value) -> Value {
    let args = ["--host", "copilot", "--event", event, "-"];
    s.simulate(&args, Some(&payload.to_string()))
}

fn bash_call(s: &Scratch) -> Value {
    json!({"sessionId": "s", "timestamp": 1, "cwd": s.project(), "toolName": "bash",
           "toolArgs": {"command": "ls", "description": "List"}})
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
fn user_hooks_run_first_a_whole_name_matcher_selects_and_the_first_deny_ends_the_run() {
    let s = Scratch::new("copilot-order");
    configure(
        &s,
        "home/.copilot/hooks/user.json",
        &[
            ("preToolUse", Some("*"), "echo star"),
            ("preToolUse", Some(""), "echo empty"),
            ("preToolUse", Some("ba"), "echo part"),
            ("preToolUse", Some("bash|view"), "echo listed"),
            (
                "preToolUse",
                None,
                "echo '{\"additionalContext\":\"look\"}'",
            ),
        ],
    );
    let deny = r#"echo '{"permissionDecision":"deny","permissionDecisionReason":"no"}'"#;
    configure(
        &s,
        "project/.github/hooks/project.json",
        &[
            ("preToolUse", Some("bash"), deny),
            ("preToolUse", None, "echo after"),
        ],
    );
    // Without trust, the project's file is not loaded.
    let result = simulate(&s, "preToolUse", bash_call(&s));
    assert_eq!(result["blocked"], false, "{result}");
    assert_eq!(statuses(&result)[5], format!("{deny} not_loaded"));

    trust(&s);
    let result = simulate(&s, "preToolUse", bash_call(&s));
    assert_eq!(
        statuses(&result),
        [
            "echo star skipped".to_owned(),
            "echo empty skipped".to_owned(),
            "echo part skipped".to_owned(),
            "echo listed ran".to_owned(),
            "echo '{\"additionalContext\":\"look\"}' ran".to_owned(),
            format!("{deny} ran"),
            "echo after not_reached".to_owned(),
        ]
    );
    assert_eq!(result["blocked"], true);
    assert_eq!(
        result["model_sees"],
        json!([
            "Denied by preToolUse hook: no",
            "Additional context from preToolUse hook:\nlook"
        ])
    );
}

/// `host.json` `combining`, `first-block`: postToolUse runs up to the first block, whose reason
/// the model gets without the earlier hooks' contexts.
#[test]
fn the_first_post_tool_use_block_ends_the_run_and_drops_earlier_contexts() {
    let s = Scratch::new("copilot-post-block");
    let context = r#"echo '{"additionalContext":"earlier"}'"#;
    let block = r#"echo '{"decision":"block","reason":"stop there"}'"#;
    configure(
        &s,
        "home/.copilot/hooks/user.json",
        &[
            ("postToolUse", None, context),
            ("postToolUse", None, block),
            ("postToolUse", None, "echo later"),
        ],
    );
    let mut payload = bash_call(&s);
    payload["toolResult"] = json!({"resultType": "success", "textResultForLlm": "done"});
    let result = simulate(&s, "postToolUse", payload);
    assert_eq!(
        statuses(&result),
        [
            format!("{context} ran"),
            format!("{block} ran"),
            "echo later not_reached".to_owned(),
        ]
    );
    assert_eq!(result["model_sees"], json!(["stop there"]), "{result}");
}

#[test]
fn a_post_tool_use_block_drops_every_modified_result() {
    let s = Scratch::new("copilot-post-block-result");
    let modified =
        r#"echo '{"modifiedResult":{"resultType":"success","textResultForLlm":"rewritten"}}'"#;
    let both = r#"echo '{"decision":"block","reason":"stop there","modifiedResult":{"resultType":"success","textResultForLlm":"own"}}'"#;
    configure(
        &s,
        "home/.copilot/hooks/user.json",
        &[("postToolUse", None, modified), ("postToolUse", None, both)],
    );
    let mut payload = bash_call(&s);
    payload["toolResult"] = json!({"resultType": "success", "textResultForLlm": "done"});
    let result = simulate(&s, "postToolUse", payload);
    assert_eq!(result["model_sees"], json!(["stop there"]), "{result}");
}

#[test]
fn exit_codes_and_ask_deny_a_tool_call_and_text_lets_it_run() {
    let s = Scratch::new("copilot-exits");
    let told = |command: &str| {
        configure(
            &s,
            "home/.copilot/hooks/h.json",
            &[("preToolUse", None, command)],
        );
        let result = simulate(&s, "preToolUse", bash_call(&s));
        (result["blocked"].clone(), result["model_sees"].clone())
    };
    let file = s.home().join(".copilot/hooks/h.json");
    assert_eq!(
        told("echo secret >&2; exit 1"),
        (
            json!(true),
            json!([format!(
                "Denied by preToolUse hook from \"{}\" (hook errored)",
                file.display()
            )])
        )
    );
    assert_eq!(
        told("echo secret >&2; exit 2"),
        (
            json!(true),
            json!(["Denied by preToolUse hook: hook exited with code 2"])
        )
    );
    assert_eq!(
        told(r#"echo '{"permissionDecision":"ask","permissionDecisionReason":"sure?"}'"#),
        (
            json!(true),
            json!(["Denied by preToolUse hook (unable to ask user for confirmation): sure?"])
        )
    );
    assert_eq!(told("echo plain words").0, json!(false));
    assert_eq!(
        told(r#"echo '{"hookSpecificOutput":{"permissionDecision":"deny"}}'"#).0,
        json!(false)
    );
    let args = r#"echo '{"modifiedArgs":{"command":"pwd"}}'"#;
    configure(
        &s,
        "home/.copilot/hooks/h.json",
        &[("preToolUse", None, args)],
    );
    let result = simulate(&s, "preToolUse", bash_call(&s));
    assert_eq!(result["updated_input"], json!({"command": "pwd"}));
}

#[test]
fn user_prompt_submitted_rewrites_adds_context_and_blocks_only_with_a_reason() {
    let s = Scratch::new("copilot-prompt");
    let payload = json!({"sessionId": "s", "timestamp": 1, "cwd": s.project(), "prompt": "hi"});
    configure(
        &s,
        "home/.copilot/hooks/h.json",
        &[
            (
                "userPromptSubmitted",
                None,
                r#"echo '{"modifiedPrompt":"hello"}'"#,
            ),
            (
                "userPromptSubmitted",
                None,
                r#"echo '{"additionalContext":"ctx"}'"#,
            ),
            (
                "userPromptSubmitted",
                None,
                r#"echo '{"decision":"block"}'"#,
            ),
        ],
    );
    let result = simulate(&s, "userPromptSubmitted", payload.clone());
    assert_eq!(result["blocked"], false, "{result}");
    assert_eq!(
        result["model_sees"],
        json!(["hello\n<system_reminder>\nctx\n</system_reminder>"])
    );
    configure(
        &s,
        "home/.copilot/hooks/h.json",
        &[(
            "userPromptSubmitted",
            None,
            r#"echo '{"decision":"block","reason":"not now"}'"#,
        )],
    );
    let result = simulate(&s, "userPromptSubmitted", payload);
    assert_eq!(result["blocked"], true);
    assert_eq!(result["model_sees"], json!([]));
    assert_eq!(result["user_sees"], json!(["! not now"]));
}

/// Over a session, Copilot honours 8 agentStop blocks in a row; the 9th ends the turn.
#[test]
fn a_session_of_blocking_agent_stops_goes_on_eight_times() {
    let s = Scratch::new("copilot-cap");
    let block = r#"echo '{"decision":"block","reason":"again"}'"#;
    configure(
        &s,
        "home/.copilot/hooks/h.json",
        &[("agentStop", None, block)],
    );
    let line =
        json!({"event": "agentStop", "payload": {"cwd": s.project(), "stop_hook_active": true}});
    let lines: Vec<Value> = (0..9).map(|_| line.clone()).collect();
    let results = simulate_session(&s, &lines);
    let continues: Vec<bool> = results.iter().map(|r| r["continues"] == true).collect();
    let mut expected = vec![true; 8];
    expected.push(false);
    assert_eq!(continues, expected);
    // The reason is the next prompt (through userPromptSubmitted), not a message of its own.
    assert_eq!(results[0]["prompt"], "again");
    assert_eq!(results[0]["model_sees"], json!([]));
    assert_eq!(results[8]["prompt"], Value::Null);
}

/// Runs a session of `lines` through `simulate --host copilot --json`, one result per line.
fn simulate_session(s: &Scratch, lines: &[Value]) -> Vec<Value> {
    let lines: Vec<String> = lines.iter().map(Value::to_string).collect();
    let session = s.write("session.jsonl", &lines.join("\n"));
    let project = s.project();
    let output = s.cli(
        &[
            "simulate",
            "--host",
            "copilot",
            "--json",
            "--project",
            project.to_str().unwrap(),
            "--session",
            session.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(output.status.code(), Some(0));
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Whether each hook of a result ran to its end.
fn finished(result: &Value) -> Vec<bool> {
    let hooks = result["hooks"].as_array().expect("hooks");
    hooks.iter().map(|h| h["finished"] == true).collect()
}

/// Copilot does not wait for sessionStart's hooks: a block of the first prompt ends `copilot -p`
/// and cuts off the one still running, and no context reaches anyone; without the block it
/// finishes and its context reaches the model.
#[test]
fn a_prompt_block_cuts_off_a_session_start_hook_still_running() {
    let s = Scratch::new("copilot-cut");
    let quick = r#"echo '{"additionalContext":"quick"}'"#;
    let slow = r#"sleep 0.4; echo '{"additionalContext":"slow"}'"#;
    let block = r#"echo '{"decision":"block","reason":"no"}'"#;
    configure(
        &s,
        "home/.copilot/hooks/h.json",
        &[
            ("sessionStart", None, quick),
            ("sessionStart", None, slow),
            ("userPromptSubmitted", None, block),
        ],
    );
    let start = json!({"event": "sessionStart", "payload": {"cwd": s.project(), "source": "new"}});
    let prompt =
        json!({"event": "userPromptSubmitted", "payload": {"cwd": s.project(), "prompt": "hi"}});
    let results = simulate_session(&s, &[start.clone(), prompt]);
    assert_eq!(finished(&results[0]), [true, false]);
    assert_eq!(results[0]["hooks"][1]["cut_off"], true);
    assert_eq!(results[0]["model_sees"], json!([]));
    assert_eq!(results[1]["blocked"], true);

    // The same session without the block: both finish, and both contexts reach the model.
    configure(
        &s,
        "home/.copilot/hooks/h.json",
        &[("sessionStart", None, quick), ("sessionStart", None, slow)],
    );
    let prompt =
        json!({"event": "userPromptSubmitted", "payload": {"cwd": s.project(), "prompt": "hi"}});
    let results = simulate_session(&s, &[start, prompt]);
    assert_eq!(finished(&results[0]), [true, true]);
    assert_eq!(results[0]["model_sees"], json!(["quick", "slow"]));
}

/// A Copilot payload names no event: without `--event` or a session line's `event`, simulate
/// stops with a usage error.
#[test]
fn a_bare_payload_without_an_event_is_a_usage_error() {
    let s = Scratch::new("copilot-no-event");
    let project = s.project();
    let args = [
        "simulate",
        "--host",
        "copilot",
        "--project",
        project.to_str().unwrap(),
        "-",
    ];
    let output = s.cli(&args, Some(&bash_call(&s).to_string()));
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--event"));
}

/// `cli/data/copilot-host.json` is `spec/copilot/host.json` as it is (the spec is the source).
#[test]
fn the_embedded_host_file_is_the_spec() {
    assert_eq!(
        include_str!("../data/copilot-host.json"),
        include_str!("../../spec/copilot/host.json")
    );
}

/// In a trusted folder Copilot also runs Claude Code's project settings at the same point (its
/// preToolUse runs PreToolUse's hooks, agentStop runs Stop's) with Claude's payload, by its own
/// rules: exit 1 denies (Claude Code would let the call run), a JSON deny in
/// `hookSpecificOutput` denies with its reason, UserPromptSubmit's context is dropped;
/// untrusted, none runs.
#[test]
fn claude_codes_settings_run_by_copilots_rules_in_a_trusted_folder() {
    let s = Scratch::new("simulate-copilot-claude-file");
    let deny = json!({"hookSpecificOutput": {"hookEventName": "PreToolUse",
        "permissionDecision": "deny", "permissionDecisionReason": "Zq-claude-deny"}});
    let context = json!({"hookSpecificOutput": {"hookEventName": "UserPromptSubmit",
        "additionalContext": "Zq-claude-context"}});
    let settings = json!({"hooks": {
        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "exit 1"}]}],
        "UserPromptSubmit": [{"hooks": [{"type": "command", "command": format!("echo '{context}'")}]}],
        "Stop": [{"hooks": [{"type": "command", "command": "cat > stop-payload.json"}]}]
    }});
    s.write("project/.claude/settings.json", &settings.to_string());
    let result = simulate(&s, "preToolUse", bash_call(&s));
    assert_eq!(statuses(&result), ["exit 1 not_loaded"], "{result}");
    assert_eq!(result["blocked"], false, "{result}");
    trust(&s);
    let result = simulate(&s, "preToolUse", bash_call(&s));
    assert_eq!(statuses(&result), ["exit 1 ran"], "{result}");
    assert_eq!(result["blocked"], true, "{result}");
    let told = result["model_sees"].to_string();
    assert!(
        told.contains("repo settings") && told.contains("hook errored"),
        "{result}"
    );
    // A JSON deny in Claude's shape, and the matcher read with Claude's tool name.
    let settings = json!({"hooks": {
        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": format!("echo '{deny}'")}]}]
    }});
    s.write("project/.claude/settings.local.json", &settings.to_string());
    let result = simulate(&s, "preToolUse", bash_call(&s));
    assert_eq!(result["blocked"], true, "{result}");
    assert!(
        result["model_sees"].to_string().contains("Zq-claude-deny"),
        "{result}"
    );
    std::fs::remove_file(s.project().join(".claude/settings.local.json")).unwrap();
    let prompt = json!({"sessionId": "s", "timestamp": 1, "cwd": s.project(), "prompt": "hi"});
    let result = simulate(&s, "userPromptSubmitted", prompt);
    assert!(
        !result["model_sees"]
            .to_string()
            .contains("Zq-claude-context"),
        "{result}"
    );
    // agentStop runs Stop's hooks with Claude's payload.
    let stop =
        json!({"sessionId": "s", "timestamp": 1, "cwd": s.project(), "stopReason": "end_turn"});
    let result = simulate(&s, "agentStop", stop);
    assert_eq!(
        statuses(&result),
        ["cat > stop-payload.json ran"],
        "{result}"
    );
    let sent: Value = serde_json::from_str(
        &std::fs::read_to_string(s.project().join("stop-payload.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(sent["hook_event_name"], "Stop", "{sent}");
    assert_eq!(sent["stop_hook_active"], false, "{sent}");
}

/// A PreToolUse group with `matcher: ""` in Claude Code's settings makes Copilot run none of
/// that file's hooks, its other events' too (found by the generated differential: seed
/// 735743344 of random batch 421622825709); with `*` they run.
#[test]
fn an_empty_tool_matcher_drops_claude_codes_whole_settings_file() {
    let s = Scratch::new("simulate-copilot-claude-empty-matcher");
    trust(&s);
    let settings = |matcher: &str| {
        json!({"hooks": {
            "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "echo prompt"}]}],
            "PreToolUse": [{"matcher": matcher, "hooks": [{"type": "command", "command": "echo tool"}]}]
        }})
        .to_string()
    };
    let prompt = json!({"sessionId": "s", "timestamp": 1, "cwd": s.project(), "prompt": "hi"});
    s.write("project/.claude/settings.json", &settings(""));
    let result = simulate(&s, "userPromptSubmitted", prompt.clone());
    assert_eq!(statuses(&result), ["echo prompt not_loaded"], "{result}");
    assert!(
        result["hooks"][0]
            .to_string()
            .contains("/hooks/PreToolUse/0/matcher"),
        "{result}"
    );
    let result = simulate(&s, "preToolUse", bash_call(&s));
    assert_eq!(statuses(&result), ["echo tool not_loaded"], "{result}");
    s.write("project/.claude/settings.json", &settings("*"));
    let result = simulate(&s, "userPromptSubmitted", prompt);
    assert_eq!(statuses(&result), ["echo prompt ran"], "{result}");
    let result = simulate(&s, "preToolUse", bash_call(&s));
    assert_eq!(statuses(&result), ["echo tool ran"], "{result}");
}
