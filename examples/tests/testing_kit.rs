//! The test kit's in-process runner answers byte for byte what the real binary answers, for
//! every example and every fixture payload.

use cursor_hooks::testing::{handler, run_all, Binary};
use cursor_hooks_examples::{
    audit_log, prompt_guard, secrets_guard, session_context, shell_guard, verify_on_stop,
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
            ],
        ),
        (
            env!("CARGO_BIN_EXE_secrets-guard"),
            vec![
                handler::<secrets_guard::read>(),
                handler::<secrets_guard::tab_read>(),
            ],
        ),
        (
            env!("CARGO_BIN_EXE_prompt-guard"),
            vec![handler::<prompt_guard::prompt>()],
        ),
        (
            env!("CARGO_BIN_EXE_verify-on-stop"),
            vec![handler::<verify_on_stop::stop>()],
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
            ],
        ),
    ];
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
    let mut compared = 0;
    for file in std::fs::read_dir(&fixtures).unwrap() {
        let payload = std::fs::read(file.unwrap().path()).unwrap();
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
        compared >= 7 * 30,
        "every example saw every fixture ({compared} comparisons)"
    );
    std::fs::remove_dir_all(&scratch).unwrap();
}
