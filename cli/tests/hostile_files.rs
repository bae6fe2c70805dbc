//! `doctor`, `simulate` and `replay` on files that are not what they seem: FIFOs, devices,
//! huge files, huge wired executables. Each must answer at once with one clear line or
//! finding, never wait on the file nor read it whole. And `package` and `schema`, which write
//! into folders a cloned repository may have filled, on links planted there.
#![cfg(target_os = "linux")]

mod common;

use common::{fake_hook_binary, with, Scratch};
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

/// A wired executable of 256 MiB (sparse) whose handler record is at its end: `doctor` finds the
/// record and compares it, in a process limited to 128 MiB of address space (before: the file
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
        file.seek(SeekFrom::Start(256 << 20)).unwrap();
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
            "ulimit -v 131072 && exec \"$0\" doctor --json --project \"$1\"",
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

/// Whether process `pid` still runs (a zombie has ended).
fn alive(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        !stat
            .rsplit(')')
            .next()
            .unwrap_or("")
            .trim_start()
            .starts_with('Z')
    })
}

/// `simulate` with `PATH` holding `sh` and `sleep` only: a hook's background process past the
/// timeout is killed with its group all the same (before: the group was signalled through a
/// `kill` program looked up on PATH, and without one the process lived on).
#[test]
fn a_hook_s_process_group_is_killed_without_a_kill_program_on_path() {
    let s = Scratch::new("no-kill");
    let bin = s.root.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    for program in ["sh", "sleep"] {
        let found = ["/bin", "/usr/bin"]
            .iter()
            .map(|dir| std::path::Path::new(dir).join(program))
            .find(|path| path.exists())
            .unwrap();
        std::os::unix::fs::symlink(found, bin.join(program)).unwrap();
    }
    s.hooks_json(
        "project/.cursor/hooks.json",
        json!({ "beforeShellExecution": [
            { "command": "sleep 300 & echo $! > background.pid; echo '{\"permission\":\"deny\"}'", "timeout": 1 }
        ] }),
    );
    let project = s.project();
    let child = Command::new(common::CLI)
        .args(["simulate", "--json", "--project"])
        .arg(&project)
        .args(["--event", "beforeShellExecution"])
        .current_dir(&project)
        .env("PATH", &bin)
        .env("HOME", s.home())
        .env(
            "CURSOR_HOOKS_ENTERPRISE_FILE",
            s.root.join("enterprise/hooks.json"),
        )
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let output = common::wait_bounded(child);
    let result: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}", String::from_utf8_lossy(&output.stderr));
    });
    assert_eq!(result["hooks"][0]["timed_out"], true, "{result}");
    let pid = std::fs::read_to_string(project.join("background.pid")).unwrap();
    let pid = pid.trim();
    // The kill is sent before `simulate` ends; the kernel takes a moment to end the process.
    let deadline = std::time::Instant::now() + common::TOOL_LIMIT;
    while alive(pid) {
        if std::time::Instant::now() > deadline {
            let _ = Command::new("/bin/kill").args(["-KILL", pid]).status();
            panic!("the hook's background sleep {pid} outlived simulate");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// `simulate --host claude-code` gives SessionStart hooks a `CLAUDE_ENV_FILE` in a folder of
/// this run's own, mode 0700, removed at the end (before: a predictable name in `/tmp`, where
/// another user's link is written through).
#[test]
fn claude_s_env_file_lives_in_a_private_folder_made_for_the_run() {
    let s = Scratch::new("env-file");
    let report = r#"cat >/dev/null; d=$(dirname "$CLAUDE_ENV_FILE"); printf '%s %s\n' "$(stat -c %a "$d")" "$d" > env-file.txt"#;
    s.write(
        "project/.claude/settings.json",
        &json!({ "hooks": { "SessionStart": [
            { "hooks": [{ "type": "command", "command": report }] }
        ] } })
        .to_string(),
    );
    let project = s.project();
    let output = s.cli(
        &[
            "simulate",
            "--host",
            "claude-code",
            "--json",
            "--project",
            project.to_str().unwrap(),
            "--event",
            "SessionStart",
        ],
        None,
    );
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let seen = std::fs::read_to_string(project.join("env-file.txt")).unwrap();
    let (mode, dir) = seen.trim().split_once(' ').unwrap();
    assert_eq!(mode, "700", "{seen}");
    assert!(
        std::path::Path::new(dir).starts_with(std::env::temp_dir()),
        "{seen}"
    );
    assert!(!std::path::Path::new(dir).exists(), "{dir} was left behind");
}

/// A timeout too large to represent (1e19, 1e20 seconds) in a hooks.json: `doctor` reports it,
/// `simulate` runs the hook without a panic (before: Rust's panic on `Duration`/`Instant`
/// overflow).
#[test]
fn an_unrepresentable_timeout_is_a_finding_never_a_panic() {
    for timeout in ["1e19", "1e20"] {
        let s = Scratch::new("huge-timeout");
        s.write(
            "project/.cursor/hooks.json",
            &format!(
                r#"{{ "version": 1, "hooks": {{ "beforeShellExecution": [{{ "command": "cat >/dev/null; echo '{{}}'", "timeout": {timeout} }}] }} }}"#
            ),
        );
        let (_, findings) = s.doctor(&[]);
        assert!(!with(&findings, "`timeout` is").is_empty(), "{findings:#?}");
        let project = s.project();
        let output = s.cli(
            &[
                "simulate",
                "--json",
                "--project",
                project.to_str().unwrap(),
                "--event",
                "beforeShellExecution",
            ],
            None,
        );
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{timeout}: {stderr}");
        assert_eq!(output.status.code(), Some(0), "{timeout}: {stderr}");
    }
}

/// `replay --timeout`: a value too large to wait is waited as "never" (1e19) or refused with
/// exit 2 and one line (1e20, negative, NaN), never a panic.
#[test]
fn replay_timeouts_are_checked() {
    let s = Scratch::new("replay-timeout");
    let captures = s.write(
        "captures.jsonl",
        "{\"hook_event_name\":\"stop\",\"status\":\"completed\"}\n",
    );
    let captures = captures.to_str().unwrap();
    let output = s.cli(
        &["replay", "--timeout", "1e19", captures, "--", "/bin/true"],
        None,
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    for timeout in ["1e20", "-1", "NaN", "0"] {
        let output = s.cli(
            &[
                "replay",
                &format!("--timeout={timeout}"),
                captures,
                "--",
                "/bin/true",
            ],
            None,
        );
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{timeout}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{timeout}: {stderr}");
        assert!(stderr.contains("--timeout"), "{timeout}: {stderr}");
    }
}

/// Files nested far deeper than serde_json's 128 levels are read as JavaScript's `JSON.parse`
/// reads them: no "not valid JSON" (before: "recursion limit exceeded").
#[test]
fn doctor_reads_deeply_nested_files_as_the_editors_do() {
    let s = Scratch::new("deep-doctor");
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    s.write(
        "project/.cursor/hooks.json",
        &format!(r#"{{ "version": 1, "deep": {deep}, "hooks": {{ "stop": [{{ "command": "true" }}] }} }}"#),
    );
    s.write(
        "project/.claude/settings.json",
        &format!(r#"{{ "deep": {deep}, "hooks": {{}} }}"#),
    );
    for host in ["cursor", "claude-code", "all"] {
        let (_, findings) = s.doctor(&["--host", host]);
        assert!(
            with(&findings, "not valid JSON").is_empty(),
            "{host}: {findings:#?}"
        );
        assert!(
            with(&findings, "recursion").is_empty(),
            "{host}: {findings:#?}"
        );
    }
}

/// The user's own `~/.cursor/hooks.json`, which a planted link points at.
const USERS_OWN: &str =
    "{\"version\": 1, \"hooks\": {\"stop\": [{\"command\": \"/usr/bin/true\"}]}}\n";

/// Runs the tool expecting a refusal within 20 s: exit 1 and one line on stderr, returned.
fn refused_at_once(s: &Scratch, args: &[&str]) -> String {
    let output = s.cli_within(args, None, std::time::Duration::from_secs(20));
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    stderr
}

/// A link planted in a folder the tool writes into: at a file it writes, pointing at the
/// user's `~/.cursor/hooks.json`, or at a folder on the way, pointing at a folder outside.
/// `write` runs the tool into `out`; each plant must be refused with one line naming the link,
/// the user's file and the outside folder left as they were.
fn refuses_links_planted_below(
    s: &Scratch,
    out: &std::path::Path,
    file: &str,
    folder: &str,
    write: &dyn Fn() -> String,
) {
    let users_own = s.home().join(".cursor/hooks.json");
    std::fs::write(&users_own, USERS_OWN).unwrap();
    let outside = s.root.join("outside");
    std::fs::create_dir_all(&outside).unwrap();
    for (linked, target) in [(file, &users_own), (folder, &outside)] {
        let _ = std::fs::remove_dir_all(out);
        let link = out.join(linked);
        std::fs::create_dir_all(link.parent().unwrap()).unwrap();
        std::os::unix::fs::symlink(target, &link).unwrap();
        let stderr = write();
        assert!(
            stderr.contains(&format!("{} is a symbolic link", link.display())),
            "{linked}: {stderr}"
        );
        assert_eq!(
            std::fs::read_to_string(&users_own).unwrap(),
            USERS_OWN,
            "{linked}"
        );
        assert_eq!(
            std::fs::read_dir(&outside).unwrap().count(),
            0,
            "{linked}: wrote outside"
        );
    }
}

/// `package --out` into a plugin folder holding planted links: refused, nothing written
/// through them (before: the user's `~/.cursor/hooks.json` was replaced by the plugin's Claude
/// Code hooks file, and a linked `hooks/` got the plugin's files).
#[test]
fn package_refuses_a_link_planted_in_its_output_folder() {
    let s = Scratch::new("package-links");
    let record = json!([{"event": "stop", "handler": "verify"}]);
    let bin = fake_hook_binary(&s.root.join("build/guard"), "linux-x86_64", &record);
    let out = s.root.join("plugin");
    refuses_links_planted_below(&s, &out, "hooks/hooks.json", "hooks", &|| {
        let stderr = refused_at_once(
            &s,
            &[
                "package",
                "--out",
                out.to_str().unwrap(),
                bin.to_str().unwrap(),
            ],
        );
        // Refused before anything was written.
        assert!(!out.join(".cursor-plugin").exists(), "{stderr}");
        stderr
    });
}

/// `schema --out` into a folder holding planted links: refused, nothing written through them
/// (before: the user's file was replaced by a schema, and a linked folder got the schemas).
#[test]
fn schema_refuses_a_link_planted_in_its_output_folder() {
    let s = Scratch::new("schema-links");
    let out = s.root.join("schemas");
    refuses_links_planted_below(&s, &out, "cursor/hooks.schema.json", "claude-code", &|| {
        refused_at_once(&s, &["schema", "--out", out.to_str().unwrap()])
    });
}

/// `package --marketplace` on a team folder whose `marketplace.json` is a FIFO, a file over
/// 16 MiB, or a link to `/dev/zero`: refused at once with one line (before: it waited on the
/// FIFO forever, and read `/dev/zero` until the machine's memory ran out).
#[test]
fn package_reads_marketplace_files_bounded_and_only_when_regular() {
    let s = Scratch::new("marketplace-files");
    let team = s.root.join("team");
    let file = team.join(".cursor-plugin/marketplace.json");
    let record = json!([{"event": "stop", "handler": "verify"}]);
    let bin = fake_hook_binary(&s.root.join("build/guard"), "linux-x86_64", &record);
    let out = team.join("plugins/guard");
    let args = [
        "package",
        "--out",
        out.to_str().unwrap(),
        "--marketplace",
        team.to_str().unwrap(),
        bin.to_str().unwrap(),
    ];
    // The FIFO first: before, nothing after it would run.
    mkfifo(&file);
    let stderr = refused_at_once(&s, &args);
    assert!(stderr.contains("not a regular file"), "{stderr}");
    std::fs::remove_file(&file).unwrap();
    std::fs::File::create(&file)
        .unwrap()
        .set_len(17 << 20)
        .unwrap();
    let stderr = refused_at_once(&s, &args);
    assert!(stderr.contains("larger than the 16 MiB"), "{stderr}");
    assert_eq!(std::fs::metadata(&file).unwrap().len(), 17 << 20);
    std::fs::remove_file(&file).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &file).unwrap();
    let stderr = refused_at_once(&s, &args);
    assert!(stderr.contains("is a symbolic link"), "{stderr}");
}

/// A hooks or settings file within the size limit whose matchers are costly to search (nested
/// repetition, thousands of them): doctor stops checking matchers when the file's budget is
/// spent, says so in one finding, and ends (before: each matcher had a budget of its own, so
/// such a file kept doctor busy for hours). A file of many ordinary matchers is checked whole.
#[test]
fn doctor_stops_checking_a_file_s_costly_matchers_and_says_so() {
    let s = Scratch::new("matcher-budget");
    let costly = |i: usize| format!("^((((.*)*)*)*)*Z$|x{i}");
    let ordinary = |i: usize| format!("Read|Write|MCP:.*|x{i}");
    for (matcher, stops) in [
        (&costly as &dyn Fn(usize) -> String, true),
        (&ordinary, false),
    ] {
        let cursor: Vec<_> = (0..3000)
            .map(|i| json!({"command": "/bin/true", "matcher": matcher(i)}))
            .collect();
        s.write(
            "project/.cursor/hooks.json",
            &json!({"version": 1, "hooks": {"preToolUse": cursor}}).to_string(),
        );
        let claude: Vec<_> = (0..3000)
            .map(|i| json!({"matcher": matcher(i).replace("MCP:", "mcp__"), "hooks": [{"type": "command", "command": "/bin/true"}]}))
            .collect();
        s.write(
            "project/.claude/settings.json",
            &json!({"hooks": {"PreToolUse": claude}}).to_string(),
        );
        for host in ["cursor", "claude-code"] {
            let (_, findings) = s.doctor(&["--host", host]);
            let stopped = with(&findings, "stopped checking matchers here");
            if !stops {
                assert!(
                    stopped.is_empty(),
                    "{host}, ordinary matchers: {stopped:#?}"
                );
                continue;
            }
            // Cursor reads both files (it imports Claude Code's); one finding for each.
            let files = if host == "cursor" { 2 } else { 1 };
            assert_eq!(stopped.len(), files, "{host}: {stopped:#?}");
            for finding in stopped {
                assert_eq!(finding["severity"], "warning", "{finding}");
                assert!(
                    finding["message"]
                        .as_str()
                        .unwrap()
                        .contains("30 million regex steps"),
                    "{finding}"
                );
            }
        }
    }
}

/// A plugin whose Claude Code manifest (`.claude-plugin/plugin.json`) is a FIFO or a link to
/// `/dev/zero`: `doctor --plugin-dir` and `simulate --plugin-dir` answer at once and report the
/// manifest as unreadable, an error (before: the read waited on the FIFO forever, and read
/// `/dev/zero` until memory ran out).
#[test]
fn a_plugin_manifest_that_is_a_fifo_or_a_device_is_an_error_at_once() {
    let s = Scratch::new("plugin-manifest-fifo");
    let plugin = s.root.join("plugin");
    let manifest = plugin.join(".claude-plugin/plugin.json");
    mkfifo(&manifest);
    let dir = plugin.to_str().unwrap();
    for make in ["fifo", "device"] {
        if make == "device" {
            std::fs::remove_file(&manifest).unwrap();
            std::os::unix::fs::symlink("/dev/zero", &manifest).unwrap();
        }
        let (code, findings) = s.doctor(&["--host", "claude-code", "--plugin-dir", dir]);
        let refused = with(&findings, "the plugin's manifest: not a regular file");
        assert_eq!(refused.len(), 1, "{make}: {findings:#?}");
        assert_eq!(refused[0]["severity"], "error", "{make}: {findings:#?}");
        assert_eq!(code, 1, "{make}: {findings:#?}");
        let result = s.simulate(
            &[
                "--host",
                "claude-code",
                "--event",
                "Stop",
                "--plugin-dir",
                dir,
            ],
            None,
        );
        assert_eq!(
            result["hooks"][0]["status"], "not_loaded",
            "{make}: {result:#}"
        );
    }
}
