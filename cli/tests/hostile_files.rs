//! `doctor`, `simulate` and `replay` on files that are not what they seem: FIFOs, devices,
//! huge files, huge wired executables. Each must answer at once with one clear line or
//! finding, never wait on the file nor read it whole.
#![cfg(target_os = "linux")]

mod common;

use common::{with, Scratch};
use serde_json::json;
use std::process::Command;

fn mkfifo(path: &std::path::Path) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    assert!(Command::new("mkfifo").arg(path).status().unwrap().success());
}

/// A settings or hooks file larger than 16 MiB is reported as such, not read (before: read
/// whole and parsed; a `/dev/zero` link is refused as a device).
#[test]
fn doctor_refuses_a_huge_file_and_a_device_with_a_finding() {
    let s = Scratch::new("huge-config");
    let hooks = s.root.join("project/.cursor/hooks.json");
    std::fs::File::create(&hooks)
        .unwrap()
        .set_len(17 << 20)
        .unwrap();
    std::fs::create_dir_all(s.root.join("project/.claude")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", s.root.join("project/.claude/settings.json")).unwrap();
    for host in ["cursor", "claude-code"] {
        let (_, findings) = s.doctor(&["--host", host]);
        let about = |file: &str, text: &str| {
            findings
                .iter()
                .filter(|f| f["file"].as_str().unwrap().ends_with(file))
                .all(|f| f["message"].as_str().unwrap().contains(text))
        };
        assert!(
            about("hooks.json", "larger than the 16 MiB"),
            "{host}: {findings:#?}"
        );
        assert!(
            about("settings.json", "not a regular file"),
            "{host}: {findings:#?}"
        );
    }
    let (_, cursor) = s.doctor(&["--host", "cursor"]);
    assert!(!with(&cursor, "larger than the 16 MiB").is_empty());
    let (_, claude) = s.doctor(&["--host", "claude-code"]);
    assert!(!with(&claude, "not a regular file").is_empty());
}

/// `simulate --session FIFO`, `simulate FIFO` and `replay FIFO`: refused at once with one line
/// and the exit code of a file that cannot be read (`simulate` 1, `replay` 2) (before: each
/// waited on the FIFO for a writer, forever).
#[test]
fn simulate_and_replay_refuse_a_fifo_at_once() {
    let s = Scratch::new("fifo-inputs");
    let fifo = s.root.join("inputs/fifo");
    mkfifo(&fifo);
    let fifo = fifo.to_str().unwrap();
    let project = s.project();
    let project = project.to_str().unwrap();
    for (code, args) in [
        (1, vec!["simulate", "--project", project, "--session", fifo]),
        (1, vec!["simulate", "--project", project, fifo]),
        (
            1,
            vec![
                "simulate",
                "--host",
                "claude-code",
                "--project",
                project,
                "--session",
                fifo,
            ],
        ),
        (
            1,
            vec![
                "simulate",
                "--host",
                "claude-code",
                "--project",
                project,
                fifo,
            ],
        ),
        (2, vec!["replay", fifo, "--", "/bin/true"]),
    ] {
        let output = s.cli(&args, None);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(code), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains("not a regular file"), "{args:?}: {stderr}");
    }
}

/// A wired executable of 1 GiB (sparse) whose handler record is at its end: `doctor` finds the
/// record and compares it, in a process limited to 256 MiB of address space (before: the file
/// was read whole, which such a limit refuses).
#[test]
fn doctor_reads_a_huge_executable_s_record_without_reading_it_whole() {
    let s = Scratch::new("huge-binary");
    let hook = s.root.join("bin/huge-hook");
    std::fs::create_dir_all(hook.parent().unwrap()).unwrap();
    let json = json!([{ "event": "stop", "handler": "verify", "timeout": 5 }]).to_string();
    let mut tail = b"cursor-hooks-binary-marker:v1\0".to_vec();
    tail.extend_from_slice(&u32::try_from(json.len()).unwrap().to_le_bytes());
    tail.extend_from_slice(json.as_bytes());
    {
        use std::io::{Seek, SeekFrom, Write};
        let mut file = std::fs::File::create(&hook).unwrap();
        file.write_all(b"#!/bin/sh\nexit 0\n").unwrap();
        file.seek(SeekFrom::Start(1 << 30)).unwrap();
        file.write_all(&tail).unwrap();
    }
    common::make_executable(&hook);
    let hook = hook.to_str().unwrap();
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "stop": [{ "command": hook, "timeout": 10 }] }),
    );
    let project = s.project();
    let output = Command::new("sh")
        .args([
            "-c",
            "ulimit -v 262144 && exec \"$0\" doctor --json --project \"$1\"",
            common::CLI,
            project.to_str().unwrap(),
        ])
        .env("HOME", s.home())
        .env(
            "CURSOR_HOOKS_ENTERPRISE_FILE",
            s.root.join("enterprise/hooks.json"),
        )
        .output()
        .unwrap();
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "doctor printed no JSON ({e}): {}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    let findings = report["findings"].as_array().unwrap();
    assert_eq!(
        with(
            findings,
            "`timeout` is 10 seconds here but the handler declares 5"
        )
        .len(),
        1,
        "{findings:#?}"
    );
}
