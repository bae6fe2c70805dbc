//! The test kit's in-process runner answers byte for byte what the real binary answers, for
//! every example and every fixture payload.

use cursor_hooks::testing::{handler, run_all, Binary};
use cursor_hooks_examples::{
    audit_log, policy, prompt_guard, secrets_guard, session_context, shell_guard, verify_on_stop,
};

#[test]
fn the_runner_matches_every_example_binary_on_every_fixture() {
    let scratch = std::env::temp_dir().join(format!("cursor-hooks-kit-{}", std::process::id()));
    std::fs::create_dir_all(scratch.join(".git")).unwrap();
    std::fs::write(scratch.join(".git/HEAD"), "ref: refs/heads/main\n").unwrap();
    let log = scratch.join("audit.jsonl");
    // One test in this file, so setting the environment here races with nothing.
    std::env::set_var("CURSOR_PROJECT_DIR", &scratch);
    std::env::set_var("CURSOR_HOOKS_AUDIT_LOG", &log);

    let examples = [
        (
            env!("CARGO_BIN_EXE_shell-guard"),
            vec![
                handler::<shell_guard::guard>(),
                handler::<shell_guard::pre_tool>(),
                handler::<shell_guard::claude_bash>(),
                handler::<shell_guard::claude_skill_shell>(),
            ],
        ),
        (
            env!("CARGO_BIN_EXE_secrets-guard"),
            vec![
                handler::<secrets_guard::read>(),
                handler::<secrets_guard::tab_read>(),
                handler::<secrets_guard::claude_read>(),
            ],
        ),
        (
            env!("CARGO_BIN_EXE_prompt-guard"),
            vec![
                handler::<prompt_guard::prompt>(),
                handler::<prompt_guard::claude_prompt>(),
            ],
        ),
        (
            env!("CARGO_BIN_EXE_verify-on-stop"),
            vec![
                handler::<verify_on_stop::stop>(),
                handler::<verify_on_stop::claude_stop>(),
            ],
        ),
        (
            env!("CARGO_BIN_EXE_session-context"),
            vec![handler::<session_context::session_start>()],
        ),
        (
            env!("CARGO_BIN_EXE_audit-log"),
            vec![
                handler::<audit_log::session_start>(),
                handler::<audit_log::session_end>(),
                handler::<audit_log::post_tool>(),
                handler::<audit_log::post_tool_failure>(),
                handler::<audit_log::pre_compact>(),
                handler::<audit_log::after_shell>(),
                handler::<audit_log::after_mcp>(),
                handler::<audit_log::after_edit>(),
                handler::<audit_log::after_tab_edit>(),
                handler::<audit_log::after_response>(),
                handler::<audit_log::after_thought>(),
                handler::<audit_log::claude_session_start>(),
                handler::<audit_log::claude_session_end>(),
                handler::<audit_log::claude_instructions>(),
                handler::<audit_log::claude_post_tool>(),
                handler::<audit_log::claude_post_tool_failure>(),
                handler::<audit_log::claude_post_tool_batch>(),
                handler::<audit_log::claude_notification>(),
                handler::<audit_log::claude_subagent_start>(),
                handler::<audit_log::claude_subagent_stop>(),
                handler::<audit_log::claude_pre_compact>(),
                handler::<audit_log::claude_post_compact>(),
                handler::<audit_log::claude_stop_failure>(),
            ],
        ),
        (
            env!("CARGO_BIN_EXE_policy"),
            vec![
                handler::<shell_guard::guard>(),
                handler::<shell_guard::pre_tool>(),
                handler::<secrets_guard::read>(),
                handler::<secrets_guard::tab_read>(),
                handler::<prompt_guard::prompt>(),
                handler::<verify_on_stop::stop>(),
                handler::<policy::claude_tools>(),
                handler::<prompt_guard::claude_prompt>(),
                handler::<verify_on_stop::claude_stop>(),
            ],
        ),
    ];
    let tests_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests");
    let mut payloads: Vec<Vec<u8>> = Vec::new();
    for file in std::fs::read_dir(tests_dir.join("fixtures")).unwrap() {
        payloads.push(std::fs::read(file.unwrap().path()).unwrap());
    }
    // Claude Code's payloads: every recorded one (tests/corpus/claude-code-<VERSION>/).
    let version = std::fs::read_to_string(tests_dir.join("claude-code/VERSION")).unwrap();
    let claude_corpus = tests_dir.join(format!("corpus/claude-code-{}", version.trim()));
    let mut claude_payloads = 0;
    for file in std::fs::read_dir(&claude_corpus).unwrap() {
        let path = file.unwrap().path();
        if path.extension().is_some_and(|ext| ext == "jsonl") {
            let text = std::fs::read_to_string(&path).unwrap();
            for line in text.lines().filter(|line| !line.trim().is_empty()) {
                payloads.push(line.as_bytes().to_vec());
                claude_payloads += 1;
            }
        }
    }
    assert!(
        claude_payloads >= 20,
        "{claude_payloads} Claude Code payloads"
    );
    let mut compared = 0;
    for payload in payloads {
        for (binary, handlers) in &examples {
            let in_process = run_all(handlers, payload.as_slice());
            let process = Binary::new(binary).run(payload.as_slice());
            assert_eq!(
                (in_process.stdout.as_str(), in_process.exit_code),
                (process.stdout.as_str(), process.exit_code),
                "{binary} on {}",
                String::from_utf8_lossy(&payload)
            );
            compared += 1;
        }
    }
    assert!(
        compared >= 7 * (30 + 20),
        "every example saw every fixture ({compared} comparisons)"
    );
    std::fs::remove_dir_all(&scratch).unwrap();
}
