//! `cursor-hooks replay`: captured payloads through a hook binary again, as processes.

mod common;

use common::Scratch;
use serde_json::json;

#[test]
fn an_unchanged_hook_replays_clean_and_a_changed_answer_is_reported() {
    let s = Scratch::new("replay");
    let policy = common::example_binary("policy");
    let captures = s.root.join("captures.jsonl");
    let payloads = [
        json!({"hook_event_name": "beforeShellExecution", "command": "rm -rf /", "cwd": "", "sandbox": false,
               "conversation_id": "c", "generation_id": "c", "model": "default",
               "cursor_version": "2026.09.28-64d2043", "workspace_roots": ["/p"], "user_email": null}),
        json!({"hook_event_name": "beforeShellExecution", "command": "ls", "cwd": "", "sandbox": false,
               "conversation_id": "c", "generation_id": "c", "model": "default",
               "cursor_version": "2026.09.28-64d2043", "workspace_roots": ["/p"], "user_email": null}),
    ];
    for payload in &payloads {
        let status = std::process::Command::new(&policy)
            .env("CURSOR_HOOKS_CAPTURE", &captures)
            .stdin(std::fs::File::open(s.write("payload.json", &payload.to_string())).unwrap())
            .stdout(std::process::Stdio::null())
            .status()
            .unwrap();
        assert!(status.success());
    }
    let policy_path = policy.to_str().unwrap();
    let clean = s.cli(
        &["replay", captures.to_str().unwrap(), "--", policy_path],
        None,
    );
    let text = String::from_utf8_lossy(&clean.stdout);
    assert_eq!(clean.status.code(), Some(0), "{text}");
    assert!(text.contains("0 of 2 captured answers changed"), "{text}");

    // Pretend the first answer was different when it was captured.
    let edited: String = std::fs::read_to_string(&captures)
        .unwrap()
        .lines()
        .enumerate()
        .map(|(at, line)| {
            let mut record: serde_json::Value = serde_json::from_str(line).unwrap();
            if at == 0 {
                record["stdout"] = json!("{\"permission\":\"allow\"}\n");
            }
            format!("{record}\n")
        })
        .collect();
    std::fs::write(&captures, edited).unwrap();
    let changed = s.cli(
        &["replay", captures.to_str().unwrap(), "--", policy_path],
        None,
    );
    let text = String::from_utf8_lossy(&changed.stdout);
    assert_eq!(changed.status.code(), Some(1), "{text}");
    assert!(text.contains("line 1 (beforeShellExecution): answered {\"permission\":\"allow\"} (exit 0), now {\"permission\":\"deny\""), "{text}");
    assert!(text.contains("1 of 2 captured answers changed"), "{text}");
}

#[test]
fn the_hook_knows_it_is_replayed_and_gets_its_arguments() {
    let s = Scratch::new("replay-env");
    let hook = s.script("hook.sh", "cat >/dev/null\necho \"{\\\"replay\\\":\\\"$CURSOR_HOOKS_REPLAY\\\",\\\"arg\\\":\\\"$1\\\"}\"");
    let captures = s.write(
        "captures.jsonl",
        &format!(
            "{}\n",
            json!({ "payload": "{\"hook_event_name\":\"stop\"}", "stdout": "{\"replay\":\"1\",\"arg\":\"x\"}\n", "exit_code": 0 })
        ),
    );
    let output = s.cli(
        &[
            "replay",
            captures.to_str().unwrap(),
            "--",
            hook.to_str().unwrap(),
            "x",
        ],
        None,
    );
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("0 of 1 captured answers changed"), "{text}");
}
