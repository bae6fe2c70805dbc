//! `cursor-hooks verify` where no editor is installed: it refuses with the command that
//! installs one, and starts nothing. (With the real Claude Code: `tests/tests/claude_live.rs`,
//! `verify_*`.)

mod common;

use common::{Scratch, CLI};
use std::process::{Command, Stdio};

#[test]
fn verify_without_claude_code_refuses_with_the_install_command() {
    let s = Scratch::new("verify-no-claude");
    std::fs::create_dir_all(s.project()).expect("project");
    let output = Command::new(CLI)
        .args(["verify", "--project"])
        .arg(s.project())
        .env("HOME", s.home())
        .env("PATH", "/usr/bin:/bin")
        .stdin(Stdio::null())
        .output()
        .expect("cursor-hooks runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("Claude Code is not installed")
            && stderr.contains("npm install -g @anthropic-ai/claude-code"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
}

/// `verify --host HOST` where that editor is not on `PATH`: exit 2, one line naming the program
/// and the npm command that installs it.
fn refuses_without(host: &str, program: &str, install: &str) {
    let s = Scratch::new(&format!("verify-no-{host}"));
    std::fs::create_dir_all(s.project()).expect("project");
    let output = Command::new(CLI)
        .args(["verify", "--host", host, "--project"])
        .arg(s.project())
        .env("HOME", s.home())
        .env("PATH", "/usr/bin:/bin")
        .stdin(Stdio::null())
        .output()
        .expect("cursor-hooks runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("is not installed here")
            && stderr.contains(&format!("no `{program}` on PATH"))
            && stderr.contains(install),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    assert!(output.stdout.is_empty(), "a report was printed");
}

#[test]
fn verify_without_codex_refuses_with_the_install_command() {
    refuses_without("codex", "codex", "npm install -g @openai/codex");
}

#[test]
fn verify_without_copilot_refuses_with_the_install_command() {
    refuses_without("copilot", "copilot", "npm install -g @github/copilot");
}
