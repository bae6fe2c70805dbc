//! The silent traps a new user hit (issue 11), each proven on real hook binaries.

mod common;

use common::{payload, run, Run};
use serde_json::{json, Value};
use std::process::{Command, Stdio};

const OPEN: &str = env!("CARGO_BIN_EXE_hardened-open");
const CLOSED: &str = env!("CARGO_BIN_EXE_hardened-closed");
const SINGLE_CLOSED: &str = env!("CARGO_BIN_EXE_single-closed");

/// A 1.7-era payload: no `cursor_version`, no `model`.
fn payload_1_7(event: &str, fields: Value) -> Vec<u8> {
    let mut object =
        json!({ "hook_event_name": event, "conversation_id": "c", "generation_id": "g" });
    object
        .as_object_mut()
        .unwrap()
        .extend(fields.as_object().unwrap().clone());
    object.to_string().into_bytes()
}

fn only_line(run: &Run) -> &str {
    let lines = run.stderr_lines();
    assert_eq!(lines.len(), 1, "one stderr line: {:?}", run.stderr);
    lines[0]
}

#[test]
fn failure_answers_follow_the_version_rules_like_handler_answers() {
    // The handler's own deny on a 1.7 payload is in the 1.7 format ...
    let denied = run(
        CLOSED,
        &payload_1_7(
            "beforeShellExecution",
            json!({"command": "deny", "cwd": ""}),
        ),
    );
    assert_eq!(
        denied.stdout,
        concat!(
            r#"{"continue":true,"permission":"deny","userMessage":"denied by the handler"}"#,
            "\n"
        )
    );
    // ... and so are the failure policy's answers: an `Err`, a panic, a missed deadline.
    for (cause, why) in [
        ("error", "failed: the policy file is unreadable"),
        ("panic", "panicked: handler panicked on purpose"),
        ("sleep", "did not answer within its budget"),
    ] {
        let failed = run(
            CLOSED,
            &payload_1_7("beforeShellExecution", json!({"command": cause, "cwd": ""})),
        );
        let answer = failed.json();
        assert_eq!(answer["continue"], true, "{cause}: {}", failed.stdout);
        assert_eq!(answer["permission"], "deny", "{cause}");
        let message = answer["userMessage"].as_str().unwrap();
        assert!(
            message.starts_with("Blocked because the hook failed"),
            "{cause}: {message}"
        );
        assert!(message.contains(why), "{cause}: {message}");
        assert!(
            answer.get("user_message").is_none(),
            "{cause}: {}",
            failed.stdout
        );
    }
    // 1.7's beforeSubmitPrompt took `continue` alone.
    let prompt = run(
        CLOSED,
        &payload_1_7("beforeSubmitPrompt", json!({"prompt": "error"})),
    );
    assert_eq!(prompt.stdout, concat!(r#"{"continue":false}"#, "\n"));
    assert_eq!(prompt.stderr_lines().len(), 1, "{}", prompt.stderr);
}

#[test]
fn each_stderr_line_names_what_was_really_answered() {
    let prompt = run(
        CLOSED,
        &payload("beforeSubmitPrompt", json!({"prompt": "error"})),
    );
    assert_eq!(prompt.json()["continue"], false);
    let line = only_line(&prompt);
    assert!(
        line.ends_with("fail-closed: answered continue: false"),
        "{line}"
    );

    let shell = run(
        CLOSED,
        &payload(
            "beforeShellExecution",
            json!({"command": "error", "cwd": ""}),
        ),
    );
    assert!(only_line(&shell).ends_with("fail-closed: answered deny"));

    let after = run(
        CLOSED,
        &payload(
            "afterShellExecution",
            json!({"command": "error", "output": ""}),
        ),
    );
    assert_eq!((after.stdout.as_str(), after.code), ("", 2));
    assert!(only_line(&after).ends_with("fail-closed: exit 2"));

    // An unreadable payload names no event, and the line does not pretend one ("hook: ...").
    let unreadable = run(OPEN, b"not json");
    let line = only_line(&unreadable);
    assert!(
        line.starts_with("cursor-hooks: payload is not a readable JSON object"),
        "{line}"
    );
    assert!(line.ends_with("fail-open: answered no opinion"), "{line}");
}

#[test]
fn a_byte_order_mark_before_the_payload_is_read() {
    let mut with_bom = b"\xEF\xBB\xBF".to_vec();
    with_bom.extend(payload(
        "beforeShellExecution",
        json!({"command": "deny", "cwd": ""}),
    ));
    let answer = run(OPEN, &with_bom);
    assert_eq!(answer.json()["permission"], "deny", "{}", answer.stderr);
    assert!(answer.stderr.is_empty(), "{}", answer.stderr);

    // UTF-16 with its mark (what PowerShell 5 writes to a file) too; the answer is UTF-8.
    let text = String::from_utf8(payload(
        "beforeShellExecution",
        json!({"command": "deny", "cwd": ""}),
    ))
    .unwrap();
    let mut utf16 = vec![0xFF, 0xFE];
    utf16.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    let answer = run(OPEN, &utf16);
    assert_eq!(answer.json()["permission"], "deny", "{}", answer.stderr);
}

fn hook(binary: &str, args: &[&str]) -> std::process::Output {
    Command::new(binary)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn a_mistyped_subcommand_is_named_not_read_as_a_payload() {
    let out = hook(SINGLE_CLOSED, &["instal"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("unknown subcommand `instal`, did you mean `install`?"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());

    let help = hook(SINGLE_CLOSED, &["--help"]);
    assert_eq!(help.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&help.stdout).contains("print-config"));
}

/// `--version` names the hook's crate and version (this package's), then the library's; the
/// usage names the binary.
#[test]
fn version_and_usage_name_the_hook_not_the_library() {
    let version = hook(SINGLE_CLOSED, &["--version"]);
    assert_eq!(version.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&version.stdout),
        // The workspace's version is both this package's and the library's.
        format!(
            "cursor-hooks-tests {0} (cursor-hooks {0})\n",
            env!("CARGO_PKG_VERSION")
        )
    );
    let help = hook(SINGLE_CLOSED, &["--help"]);
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.starts_with("usage: single-closed ["), "{help}");
    assert!(!help.contains("<hook>"), "{help}");
}

/// The answer is one line: the JSON object and a newline (both editors trim stdout before
/// parsing it: @cursor/sdk 1.0.32, Claude Code 2.1.332).
#[test]
fn the_answer_ends_with_a_newline() {
    let answer = run(
        SINGLE_CLOSED,
        br#"{"hook_event_name":"beforeReadFile","file_path":"/p/a"}"#,
    );
    assert_eq!(answer.code, 0, "{}", answer.stderr);
    assert!(answer.stdout.ends_with("}\n"), "{:?}", answer.stdout);
    assert_eq!(
        answer.stdout.matches('\n').count(),
        1,
        "{:?}",
        answer.stdout
    );
}

#[test]
fn install_refuses_a_project_directory_that_does_not_exist() {
    let missing =
        std::env::temp_dir().join(format!("cursor-hooks-no-such-dir-{}", std::process::id()));
    let out = hook(
        SINGLE_CLOSED,
        &["install", "--project", missing.to_str().unwrap()],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("no such directory"), "{stderr}");
    assert!(!missing.exists(), "nothing was created");
}

/// The target dir of the `panic = "abort"` build: a folder of its own (so the test suite's
/// binaries stay as they are) inside the target dir of this test build, whatever chose it
/// (`CARGO_TARGET_DIR`, `--target-dir`, `build.target-dir`), never the checkout's `target/`
/// when another is set. `CARGO_TARGET_TMPDIR` is `<target dir>/tmp`, absolute.
fn panic_abort_target_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("panic-abort")
}

/// Builds the fixture binaries with `panic = "abort"` and returns the path of one.
fn built_with_panic_abort(binary: &str) -> std::path::PathBuf {
    let workspace = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap();
    let target = panic_abort_target_dir();
    let status = Command::new(env!("CARGO"))
        .current_dir(workspace)
        .args([
            "build",
            "--quiet",
            "-p",
            "cursor-hooks-tests",
            "--bin",
            binary,
        ])
        .args(["--config", "profile.dev.panic=\"abort\""])
        .arg("--target-dir")
        .arg(&target)
        .status()
        .unwrap();
    assert!(status.success(), "building {binary} with panic = \"abort\"");
    target
        .join("debug")
        .join(format!("{binary}{}", std::env::consts::EXE_SUFFIX))
}

/// With `CARGO_TARGET_DIR` set, the `panic = "abort"` build once went into the checkout's own
/// `target/`. It belongs in the target dir this test binary was built into (the nearest
/// ancestor holding cargo's `CACHEDIR.TAG`); with the default target dir both are the same.
#[test]
fn the_panic_abort_build_goes_into_the_target_dir_of_the_test_build() {
    let exe = std::env::current_exe().unwrap();
    let own = exe
        .ancestors()
        .find(|dir| dir.join("CACHEDIR.TAG").is_file())
        .expect("the test binary sits in a cargo target dir");
    let nested = panic_abort_target_dir();
    assert!(
        nested.starts_with(own),
        "{} is outside {}",
        nested.display(),
        own.display()
    );
}

#[test]
fn the_failure_policy_holds_under_panic_abort() {
    let closed = built_with_panic_abort("hardened-closed");
    let closed = closed.to_str().unwrap();
    let shell = run(
        closed,
        &payload(
            "beforeShellExecution",
            json!({"command": "panic", "cwd": ""}),
        ),
    );
    assert_eq!(shell.code, 0, "{}", shell.stderr);
    assert_eq!(shell.json()["permission"], "deny");
    let line = only_line(&shell);
    assert!(
        line.contains("panicked: handler panicked on purpose"),
        "{line}"
    );
    assert!(line.ends_with("fail-closed: answered deny"), "{line}");

    let prompt = run(
        closed,
        &payload("beforeSubmitPrompt", json!({"prompt": "panic"})),
    );
    assert_eq!(prompt.json()["continue"], false);

    let after = run(
        closed,
        &payload(
            "afterShellExecution",
            json!({"command": "panic", "output": ""}),
        ),
    );
    assert_eq!((after.stdout.as_str(), after.code), ("", 2));

    // No panic: the ordinary answer, unchanged by the abort profile.
    let denied = run(
        closed,
        &payload(
            "beforeShellExecution",
            json!({"command": "deny", "cwd": ""}),
        ),
    );
    assert_eq!(denied.json()["user_message"], "denied by the handler");
}

/// A person who starts a hook binary from a terminal, without arguments, gets its usage
/// instead of a silent wait for a payload. `script` (util-linux) gives the binary a terminal.
#[cfg(target_os = "linux")]
#[test]
fn a_hook_started_from_a_terminal_prints_its_usage() {
    let out = Command::new("script")
        .args(["-qec", SINGLE_CLOSED, "/dev/null"])
        .stdin(Stdio::null())
        .output()
        .expect("`script` from util-linux runs the hook in a terminal");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(text.contains("usage: single-closed ["), "{text}");
    assert!(
        text.contains("Cursor writes one payload on its stdin"),
        "{text}"
    );
}
