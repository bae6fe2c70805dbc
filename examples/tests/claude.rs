//! The examples' Claude Code handlers, answered in process by the test kit (`testing::run`) from
//! fixtures: each guard decides as its Cursor handler does, through the same function.

use cursor_hooks::claude::prelude::*;
use cursor_hooks::serde_json::json;
use cursor_hooks::testing::{handler, run, run_all};
use cursor_hooks::{assert_asked, assert_blocked, assert_denied, assert_no_opinion};
use cursor_hooks_examples::verify_on_stop;
use cursor_hooks_examples::{audit_log, policy, prompt_guard, secrets_guard, shell_guard};

fn bash(command: &str) -> cursor_hooks::testing::Fixture<PreToolUse> {
    PreToolUse::fixture()
        .tool_name("Bash")
        .tool_input(json!({ "command": command, "description": "Run it" }))
}

fn read(path: &str) -> cursor_hooks::testing::Fixture<PreToolUse> {
    PreToolUse::fixture()
        .tool_name("Read")
        .tool_input(json!({ "file_path": path }))
}

#[test]
fn shell_guard_denies_rm_rf_with_a_reason_for_the_model() {
    let answer = run::<shell_guard::claude_bash>(bash("rm -rf target"));
    assert_denied!(answer);
    let json: serde_json::Value = serde_json::from_str(&answer.stdout).unwrap();
    let reason = json["hookSpecificOutput"]["permissionDecisionReason"]
        .as_str()
        .unwrap();
    assert!(
        reason.starts_with("rm -rf is blocked by the shell guard"),
        "{reason}"
    );
    assert_eq!(answer.exit_code, 0);
}

#[test]
fn shell_guard_asks_before_a_force_push_and_leaves_the_rest() {
    assert_asked!(run::<shell_guard::claude_bash>(bash(
        "git push -f origin main"
    )));
    assert_no_opinion!(run::<shell_guard::claude_bash>(bash("cargo test")));
    assert_no_opinion!(run::<shell_guard::claude_bash>(bash(
        "git push --force-with-lease"
    )));
    // Another tool that carries a `command` is not the shell guard's.
    let other = PreToolUse::fixture()
        .tool_name("mcp__shell__run")
        .tool_input(json!({ "command": "rm -rf /" }));
    assert_no_opinion!(run::<shell_guard::claude_bash>(other));
}

#[test]
fn secrets_guard_denies_reading_env_files_and_keys() {
    for path in [
        "/p/.env",
        "/p/.env.production",
        "/p/certs/server.pem",
        "deploy.key",
    ] {
        let answer = run::<secrets_guard::claude_read>(read(path));
        assert_denied!(answer);
        assert!(
            answer
                .stdout
                .contains("holds secrets and is not shared with the agent"),
            "{path}: {}",
            answer.stdout
        );
    }
    assert_no_opinion!(run::<secrets_guard::claude_read>(read("/p/.envrc")));
    assert_no_opinion!(run::<secrets_guard::claude_read>(read("/p/src/main.rs")));
}

#[test]
fn prompt_guard_blocks_a_prompt_with_an_aws_key_without_repeating_it() {
    let key = "AKIAIOSFODNN7EXAMPLE";
    let prompt = UserPromptSubmit::fixture().prompt(format!("deploy with {key}"));
    let answer = run::<prompt_guard::claude_prompt>(prompt);
    assert_blocked!(answer);
    assert!(!answer.stdout.contains(key), "{}", answer.stdout);
    let json: serde_json::Value = serde_json::from_str(&answer.stdout).unwrap();
    assert_eq!(json["decision"], "block");
    let plain = UserPromptSubmit::fixture().prompt("AKIA is the prefix of key ids");
    assert_no_opinion!(run::<prompt_guard::claude_prompt>(plain));
}

#[test]
fn verify_on_stop_continues_once() {
    let first = run::<verify_on_stop::claude_stop>(Stop::fixture().stop_hook_active(false));
    assert_blocked!(first);
    let json: serde_json::Value = serde_json::from_str(&first.stdout).unwrap();
    assert_eq!(json["decision"], "block");
    assert_eq!(json["reason"], verify_on_stop::FOLLOWUP);
    let second = run::<verify_on_stop::claude_stop>(Stop::fixture().stop_hook_active(true));
    assert_no_opinion!(second);
}

#[test]
fn policy_hands_each_tool_to_its_guard() {
    assert_denied!(run::<policy::claude_tools>(bash("rm -rf target")));
    assert_denied!(run::<policy::claude_tools>(read("/p/.env")));
    assert_no_opinion!(run::<policy::claude_tools>(bash("ls")));
    assert_no_opinion!(run::<policy::claude_tools>(read("/p/README.md")));
    let write = PreToolUse::fixture()
        .tool_name("Write")
        .tool_input(json!({ "file_path": "/p/.env", "content": "A=1" }));
    assert_no_opinion!(run::<policy::claude_tools>(write));
}

#[test]
fn audit_log_writes_one_line_per_claude_event_and_never_blocks() {
    let scratch = std::env::temp_dir().join(format!("claude-audit-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).unwrap();
    // The only test here that sets the environment, and no other test reads it.
    std::env::set_var(audit_log::LOG_VARIABLE, scratch.join("audit.jsonl"));
    let handlers = [
        handler::<audit_log::claude_session_start>(),
        handler::<audit_log::claude_session_end>(),
        handler::<audit_log::claude_post_tool>(),
        handler::<audit_log::claude_stop_failure>(),
    ];
    let payloads = [
        run_all(&handlers, SessionStart::fixture().source("startup")),
        run_all(&handlers, PostToolUse::fixture().tool_name("Bash")),
        run_all(&handlers, SessionEnd::fixture().reason("other")),
    ];
    for answer in &payloads {
        assert_no_opinion!(answer);
    }
    let log = std::fs::read_to_string(scratch.join("audit.jsonl")).unwrap();
    let lines: Vec<serde_json::Value> = log
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let events: Vec<&str> = lines.iter().map(|l| l["event"].as_str().unwrap()).collect();
    assert_eq!(events, ["SessionStart", "PostToolUse", "SessionEnd"]);
    let subjects: Vec<&str> = lines
        .iter()
        .map(|l| l["subject"].as_str().unwrap())
        .collect();
    assert_eq!(subjects, ["startup", "Bash", "other"]);
    assert!(lines.iter().all(|l| l["host"] == "claude-code"), "{log}");
    std::env::remove_var(audit_log::LOG_VARIABLE);
    std::fs::remove_dir_all(&scratch).unwrap();
}

/// Cursor runs Claude Code's entries too (its import of `.claude/settings.json`), with its own
/// `preToolUse` payload: `secrets-guard` has no Cursor `preToolUse` handler, so its Claude
/// handler answers, in the flat form Cursor reads.
#[test]
fn secrets_guard_answers_cursor_running_its_claude_entry() {
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/pre-tool-read.json");
    let mut payload: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture).unwrap()).unwrap();
    assert_eq!(payload["hook_event_name"], "preToolUse");
    let mut binary = cursor_hooks::testing::Binary::new(env!("CARGO_BIN_EXE_secrets-guard"));
    let allowed = binary.run(payload.to_string().as_bytes());
    assert_eq!((allowed.stdout.as_str(), allowed.exit_code), ("{}\n", 0));
    payload["tool_input"]["file_path"] = json!("/home/dev/shop/.env");
    let denied = binary.run(payload.to_string().as_bytes());
    let answer: serde_json::Value = serde_json::from_str(&denied.stdout).unwrap();
    assert_eq!(answer["permission"], "deny", "{}", denied.stdout);
    assert!(
        answer.get("hookSpecificOutput").is_none(),
        "{}",
        denied.stdout
    );
    assert_eq!(denied.exit_code, 0);
}

fn skill_line(command: serde_json::Value) -> cursor_hooks::testing::Fixture<PreSkillShellCommand> {
    PreSkillShellCommand::fixture().tool_input(json!({ "command": command }))
}

#[test]
fn shell_guard_denies_rm_rf_and_force_push_in_a_skills_shell_line() {
    let answer = run::<shell_guard::claude_skill_shell>(skill_line(json!("rm -rf target")));
    assert_denied!(answer);
    // A skill cannot ask the user, so a force-push is refused there, not asked.
    assert_denied!(run::<shell_guard::claude_skill_shell>(skill_line(json!(
        "git push -f origin main"
    ))));
    assert_no_opinion!(run::<shell_guard::claude_skill_shell>(skill_line(json!(
        "git status --short"
    ))));
}

#[test]
fn shell_guard_refuses_a_skills_shell_line_it_cannot_read() {
    // Claude Code refuses the line when a hook fails here; the guard does the same when the
    // command is not a string, rather than answering no opinion.
    assert_denied!(run::<shell_guard::claude_skill_shell>(skill_line(json!([
        "rm", "-rf", "target"
    ]))));
}
