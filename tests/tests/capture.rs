//! Capture mode (`CURSOR_HOOKS_CAPTURE`) and `replay`, on real hook binaries.

mod common;

use common::payload;
use serde_json::{json, Value};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const SINGLE: &str = env!("CARGO_BIN_EXE_single-handler");

fn temp_file(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!(
        "cursor-hooks-capture-{}-{name}.jsonl",
        std::process::id()
    ));
    let _ = std::fs::remove_file(&path);
    path
}

fn run_capturing(binary: &str, capture: &Path, input: &[u8]) -> std::process::Child {
    let mut child = Command::new(binary)
        .env("CURSOR_HOOKS_CAPTURE", capture)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child
}

fn lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn capture_records_exactly_what_was_received_and_the_answer() {
    let capture = temp_file("exact");
    // Odd spacing, a unicode escape and a newline inside a value: kept as sent.
    let input = "{ \"hook_event_name\" : \"beforeShellExecution\", \"command\":\"rm -rf \\u00e9t\u{e9}\\n\" }\n";
    let output = run_capturing(SINGLE, &capture, input.as_bytes())
        .wait_with_output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        serde_json::from_str::<Value>(&stdout).unwrap()["permission"],
        "deny",
        "capture does not change the answer"
    );
    let recorded = lines(&capture);
    assert_eq!(recorded.len(), 1);
    assert_eq!(recorded[0]["payload"], input);
    assert_eq!(recorded[0]["stdout"], stdout);
    assert_eq!(recorded[0]["exit_code"], 0);

    let bytes = [
        &br#"{"hook_event_name":"beforeShellExecution","command":""#[..],
        &[0xff],
        br#""}"#,
    ]
    .concat();
    run_capturing(SINGLE, &capture, &bytes)
        .wait_with_output()
        .unwrap();
    let recorded = lines(&capture);
    let raw: Vec<u8> = serde_json::from_value(recorded[1]["payload_bytes"].clone()).unwrap();
    assert_eq!(
        raw, bytes,
        "a payload that is not UTF-8 is kept byte for byte"
    );
    std::fs::remove_file(&capture).unwrap();
}

#[test]
fn concurrent_hooks_lose_no_capture_line() {
    let capture = temp_file("concurrent");
    let children: Vec<_> = (0..16)
        .map(|i| {
            run_capturing(
                SINGLE,
                &capture,
                &payload(
                    "beforeShellExecution",
                    json!({"command": format!("echo {i}")}),
                ),
            )
        })
        .collect();
    for child in children {
        assert!(child.wait_with_output().unwrap().status.success());
    }
    let mut commands: Vec<String> = lines(&capture)
        .iter()
        .map(|line| {
            serde_json::from_str::<Value>(line["payload"].as_str().unwrap()).unwrap()["command"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    commands.sort();
    let mut expected: Vec<String> = (0..16).map(|i| format!("echo {i}")).collect();
    expected.sort();
    assert_eq!(commands, expected);
    std::fs::remove_file(&capture).unwrap();
}

#[test]
fn an_unwritable_capture_file_costs_one_stderr_line_and_nothing_else() {
    let capture = Path::new("/nonexistent-dir/capture.jsonl");
    let output = run_capturing(
        SINGLE,
        capture,
        &payload("beforeShellExecution", json!({"command": "rm -rf x"})),
    )
    .wait_with_output()
    .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        serde_json::from_slice::<Value>(&output.stdout).unwrap()["permission"],
        "deny"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("cannot be appended to"), "{stderr}");
}

#[test]
fn replay_is_the_cursor_hooks_commands_not_the_binarys() {
    // `cursor-hooks replay FILE -- HOOK` runs a hook binary on captures (the cli crate's tests);
    // the hook binary itself no longer carries it, and says where it went.
    let output = Command::new(SINGLE)
        .arg("replay")
        .arg("x.jsonl")
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("`cursor-hooks replay"), "{stderr}");
    assert!(output.stdout.is_empty());
}

/// Runs the guard on an `rm -rf` payload with `capture` as the capture path: stdout, stderr.
/// Fails after 30 s rather than waiting for ever on a hook stuck opening the capture file.
#[cfg(unix)]
fn guard_capturing(capture: &Path) -> (String, String) {
    let child = run_capturing(
        SINGLE,
        capture,
        &payload("beforeShellExecution", json!({"command": "rm -rf x"})),
    );
    let id = child.id();
    let (done, output) = std::sync::mpsc::channel();
    std::thread::spawn(move || done.send(child.wait_with_output()));
    let Ok(output) = output.recv_timeout(std::time::Duration::from_secs(30)) else {
        // The child is the waiting thread's: end it by its id.
        let _ = Command::new("kill").args(["-9", &id.to_string()]).status();
        panic!(
            "the hook did not finish within 30 s with {}",
            capture.display()
        );
    };
    let output = output.unwrap();
    assert_eq!(output.status.code(), Some(0));
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[cfg(unix)]
fn assert_denied(stdout: &str) {
    assert_eq!(
        serde_json::from_str::<Value>(stdout).unwrap()["permission"],
        "deny",
        "the answer is the guard's, whatever the capture file: {stdout:?}"
    );
}

#[cfg(unix)]
#[test]
fn a_new_capture_file_is_readable_by_its_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let capture = temp_file("mode");
    let (stdout, stderr) = guard_capturing(&capture);
    assert_denied(&stdout);
    assert_eq!(stderr, "");
    let mode = std::fs::metadata(&capture).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600, "mode {mode:o}");
    std::fs::remove_file(&capture).unwrap();
}

#[cfg(unix)]
#[test]
fn an_existing_capture_file_others_can_read_is_not_written() {
    use std::os::unix::fs::PermissionsExt;
    let capture = temp_file("wide");
    std::fs::write(&capture, "").unwrap();
    std::fs::set_permissions(&capture, std::fs::Permissions::from_mode(0o644)).unwrap();
    let (stdout, stderr) = guard_capturing(&capture);
    assert_denied(&stdout);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("mode 644"), "{stderr}");
    assert!(stderr.contains("chmod 600"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(&capture).unwrap(),
        "",
        "nothing written"
    );
    let mode = std::fs::metadata(&capture).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o644, "the mode is the owner's to change");
    // Once owner-only, it captures.
    std::fs::set_permissions(&capture, std::fs::Permissions::from_mode(0o600)).unwrap();
    let (_, stderr) = guard_capturing(&capture);
    assert_eq!(stderr, "");
    assert_eq!(lines(&capture).len(), 1);
    std::fs::remove_file(&capture).unwrap();
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_at_the_capture_path_is_not_followed() {
    let target = temp_file("link-target");
    std::fs::write(&target, "keep\n").unwrap();
    let capture = temp_file("link");
    std::os::unix::fs::symlink(&target, &capture).unwrap();
    let (stdout, stderr) = guard_capturing(&capture);
    assert_denied(&stdout);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("symbolic link"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep\n");
    std::fs::remove_file(&capture).unwrap();
    std::fs::remove_file(&target).unwrap();
}

/// A FIFO nobody reads would block the open for ever; a directory cannot be appended to.
#[cfg(unix)]
#[test]
fn a_capture_path_that_is_not_a_regular_file_is_refused_without_waiting() {
    let fifo = temp_file("fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let (stdout, stderr) = guard_capturing(&fifo);
    assert_denied(&stdout);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("not a regular file"), "{stderr}");
    std::fs::remove_file(&fifo).unwrap();

    let (stdout, stderr) = guard_capturing(&std::env::temp_dir());
    assert_denied(&stdout);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

/// The answer's own pipe, reached by a path: the capture line must not land in the answer.
#[cfg(target_os = "linux")]
#[test]
fn a_capture_path_that_names_a_descriptor_cannot_write_into_the_answer() {
    for path in ["/dev/stdout", "/dev/fd/3", "/proc/self/fd/3"] {
        let (stdout, stderr) = guard_capturing(Path::new(path));
        assert_denied(&stdout);
        assert_eq!(stderr.lines().count(), 1, "{path}: {stderr}");
        assert!(
            stderr.starts_with("cursor-hooks: capture: "),
            "{path}: {stderr}"
        );
    }
}

/// A record cut short earlier (a full disk, a hook killed in the middle of its write) ends
/// without a line break: the next record starts on a fresh line, and the reader skips only the
/// damaged line.
#[test]
fn a_record_after_a_line_cut_short_starts_on_a_fresh_line() {
    let capture = temp_file("cut-short");
    let run = |command: &str| {
        run_capturing(
            SINGLE,
            &capture,
            &payload("beforeShellExecution", json!({ "command": command })),
        )
        .wait_with_output()
        .unwrap()
    };
    assert!(run("echo first").status.success());
    // The first half of a second record, as a full disk leaves it.
    let whole = std::fs::read(&capture).unwrap();
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(&capture)
        .unwrap();
    file.write_all(&whole[..whole.len() / 2]).unwrap();
    drop(file);
    let third = run("echo third");
    assert!(third.status.success());
    assert_eq!(String::from_utf8_lossy(&third.stderr), "");

    let read = cursor_hooks::capture::read_file(&capture).unwrap();
    let commands: Vec<(usize, String)> = read
        .iter()
        .map(|(number, line)| {
            let payload: Value = serde_json::from_slice(&line.payload).unwrap();
            (*number, payload["command"].as_str().unwrap().to_owned())
        })
        .collect();
    assert_eq!(
        commands,
        [(1, "echo first".to_owned()), (3, "echo third".to_owned())]
    );
    std::fs::remove_file(&capture).unwrap();
}
