//! The files `audit-log` and capture mode append to, on real files: a link planted at the audit
//! log's path, a FIFO there, and a disk that fills up in the middle of a line.

#![cfg(unix)]

use serde_json::{json, Value};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

const AUDIT_LOG: &str = env!("CARGO_BIN_EXE_audit-log");

/// Long past any answer: a hook still running then is stuck (on a FIFO, say), and is killed.
const STUCK: Duration = Duration::from_secs(30);

/// Set to `1` to let the full-disk test pass where a tmpfs cannot be mounted (not root, no
/// mount namespaces); it then says on stderr that it did not run.
const NO_TMPFS: &str = "CURSOR_HOOKS_TESTS_NO_TMPFS";

/// Set by the full-disk test for the copy of itself it runs in a mount namespace: the folder
/// to mount the small tmpfs on.
const INSIDE_NAMESPACE: &str = "CURSOR_HOOKS_TESTS_TMPFS_DIR";

/// A fresh directory under the system temp dir, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(test: &str) -> TempDir {
        let path = std::env::temp_dir().join(format!(
            "cursor-hooks-audit-files-{}-{test}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("temp dir created");
        TempDir(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// An `afterShellExecution` payload of the recorded fixture, with `command`.
fn after_shell(command: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/after-shell.json");
    let mut payload: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    payload["command"] = json!(command);
    payload.to_string().into_bytes()
}

/// Runs `audit-log` on `payload` with `env`; kills it and fails the test when it has not ended
/// after `STUCK`.
fn audit(env: &[(&str, &Path)], payload: &[u8]) -> Output {
    let mut command = Command::new(AUDIT_LOG);
    command
        .env_remove("CURSOR_PROJECT_DIR")
        .env_remove("CURSOR_HOOKS_AUDIT_LOG")
        .env_remove("CURSOR_HOOKS_CAPTURE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (key, value) in env {
        command.env(key, value);
    }
    let mut child = command.spawn().unwrap();
    child.stdin.take().unwrap().write_all(payload).unwrap();
    let id = child.id();
    let (done, output) = std::sync::mpsc::channel();
    std::thread::spawn(move || done.send(child.wait_with_output()));
    let Ok(output) = output.recv_timeout(STUCK) else {
        // The child belongs to the waiting thread: end it by its id.
        let _ = Command::new("kill").args(["-9", &id.to_string()]).status();
        panic!("audit-log did not answer within {STUCK:?}");
    };
    output.unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// `{}`, exit 0: the audit log never blocks, whatever happens to its file.
fn assert_no_opinion(output: &Output) {
    assert_eq!(output.status.code(), Some(0), "{}", stderr(output));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "{}\n");
}

#[test]
fn a_symbolic_link_at_the_audit_log_path_is_not_followed() {
    let dir = TempDir::new("link");
    // A cloned repository can hold `.cursor/hooks-audit.jsonl -> ~/.bashrc`.
    let outside = dir.0.join("bashrc");
    std::fs::write(&outside, "keep\n").unwrap();
    let log = dir.0.join(".cursor/hooks-audit.jsonl");
    std::fs::create_dir_all(log.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink(&outside, &log).unwrap();
    for env in [
        vec![("CURSOR_HOOKS_AUDIT_LOG", log.as_path())],
        vec![("CURSOR_PROJECT_DIR", dir.0.as_path())],
    ] {
        let output = audit(&env, &after_shell("echo hi"));
        assert_no_opinion(&output);
        let stderr = stderr(&output);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains("symbolic link"), "{stderr}");
        assert_eq!(std::fs::read_to_string(&outside).unwrap(), "keep\n");
    }
}

#[test]
fn a_fifo_at_the_audit_log_path_is_refused_without_waiting() {
    let dir = TempDir::new("fifo");
    let log = dir.0.join("audit.jsonl");
    assert!(Command::new("mkfifo").arg(&log).status().unwrap().success());
    let output = audit(
        &[("CURSOR_HOOKS_AUDIT_LOG", log.as_path())],
        &after_shell("echo hi"),
    );
    assert_no_opinion(&output);
    let stderr = stderr(&output);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("not a regular file"), "{stderr}");
}

/// Whether `line` is a whole audit record whose subject is `command`.
fn is_record_of(line: &str, command: &str) -> bool {
    serde_json::from_str::<Value>(line).is_ok_and(|record| record["subject"] == command)
}

#[test]
fn a_full_disk_costs_one_line_and_the_next_record_is_whole() {
    if let Some(dir) = std::env::var_os(INSIDE_NAMESPACE) {
        return full_disk(Path::new(&dir));
    }
    let dir = TempDir::new("full-disk");
    // Whether a tmpfs can be mounted here at all: in a throwaway namespace.
    let probe = Command::new("unshare")
        .args(["--mount", "--propagation", "private", "--"])
        .args(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs"])
        .arg(&dir.0)
        .output();
    let unavailable = match &probe {
        Ok(output) if output.status.success() => None,
        Ok(output) => Some(stderr(output)),
        Err(error) => Some(error.to_string()),
    };
    if let Some(why) = unavailable {
        if std::env::var_os(NO_TMPFS).is_some_and(|value| value == "1") {
            eprintln!("NOT RUN: no tmpfs in a private mount namespace ({why}); {NO_TMPFS}=1");
            return;
        }
        panic!(
            "this test mounts a 64 KiB tmpfs in a private mount namespace (`unshare --mount`, \
             as root) and could not: {why}. Run it as root, or set {NO_TMPFS}=1 to let it pass \
             without running"
        );
    }
    // This very test again, in a mount namespace of its own, where the tmpfs is mounted.
    let output = Command::new("unshare")
        .args(["--mount", "--propagation", "private", "--"])
        .arg(std::env::current_exe().unwrap())
        .args([
            "a_full_disk_costs_one_line_and_the_next_record_is_whole",
            "--exact",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(INSIDE_NAMESPACE, &dir.0)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && stdout.contains("1 passed"),
        "in the namespace:\n{stdout}\n{}",
        stderr(&output)
    );
}

/// The full-disk case, in a mount namespace: a 64 KiB tmpfs on `dir`, the audit log and a
/// capture file on it, one record written whole, then the disk filled, a record too long for
/// the room left, the disk freed, and one more record.
fn full_disk(dir: &Path) {
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
        .arg(dir)
        .status()
        .unwrap();
    assert!(mounted.success(), "mount -t tmpfs on {}", dir.display());
    let log = dir.join("audit.jsonl");
    let capture = dir.join("capture.jsonl");
    let env = [
        ("CURSOR_HOOKS_AUDIT_LOG", log.as_path()),
        ("CURSOR_HOOKS_CAPTURE", capture.as_path()),
    ];

    let first = audit(&env, &after_shell("echo first"));
    assert_no_opinion(&first);
    assert_eq!(stderr(&first), "");

    // Every free page taken: each file keeps only the room left in its last page.
    let filler = dir.join("filler");
    let mut fill = std::fs::File::create(&filler).unwrap();
    let page = [0u8; 4096];
    while fill.write_all(&page).is_ok() {}
    drop(fill);
    // Longer than a page: neither line fits in what is left.
    let long = format!("echo {}", "x".repeat(6000));
    let cut = audit(&env, &after_shell(&long));
    assert_no_opinion(&cut);
    let notes = stderr(&cut);
    assert_eq!(notes.lines().count(), 2, "one note for each file: {notes}");
    assert!(notes.contains("audit.jsonl"), "{notes}");
    assert!(notes.contains("capture.jsonl"), "{notes}");

    std::fs::remove_file(&filler).unwrap();
    let third = audit(&env, &after_shell("echo third"));
    assert_no_opinion(&third);
    assert_eq!(stderr(&third), "");

    let text = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(is_record_of(lines[0], "echo first"), "{text}");
    assert!(
        serde_json::from_str::<Value>(lines[1]).is_err(),
        "cut short: {text}"
    );
    assert!(is_record_of(lines[2], "echo third"), "{text}");

    // The capture file: the reader skips the line cut short and reads the others.
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
}
