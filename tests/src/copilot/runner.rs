//! Starts the real `copilot -p` against a [`MockApi`](crate::claude_code::mock::MockApi) inside
//! a network namespace that has only loopback, in a project whose hooks are a
//! [`Session`]'s `.claude/settings.json` (Copilot runs that file when the folder is trusted).
//!
//! The command is `cursor_hooks_cli::live::copilot`'s, the one `cursor-hooks verify --host
//! copilot` starts Copilot with; everything else is Claude Code's runner's: the namespace
//! ([`runner::isolated`]), the session's directories and its `install --claude`, the examples'
//! build, the run limit. Copilot's first run in a fresh `HOME` unpacks its bundle there
//! (~235 MB, about a second).

use crate::claude_code::runner::{self, Session};
use cursor_hooks_cli::live::copilot as live;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The GitHub Copilot CLI version the live tests are pinned to (`tests/copilot/VERSION`).
pub const VERSION: &str = include_str!("../../copilot/VERSION");

/// Makes Copilot ready, once per test process: `.ci/setup-copilot` checks the tools the live
/// tests need, then installs the pinned version into its cache on first use (as
/// [`runner::prepare`] does for Claude Code). `COPILOT_BIN` (another copy, on purpose) skips
/// the install but not the check.
pub fn prepare() {
    static READY: std::sync::OnceLock<()> = std::sync::OnceLock::new();
    runner::setup(&READY, "setup-copilot", "COPILOT_BIN", "GitHub Copilot CLI");
}

/// [`runner::in_isolated_network`] for Copilot's live tests: `true` inside the namespace;
/// outside, installs Copilot, re-runs `test_name` inside one and checks that it passed.
pub fn in_isolated_network(test_name: &str) -> bool {
    runner::isolated(test_name, prepare)
}

/// The native `copilot` binary: `COPILOT_BIN` if set, else where `.ci/setup-copilot` installs
/// it, `${XDG_CACHE_HOME:-$HOME/.cache}/cursor-hooks/copilot-<version>`.
pub fn copilot_binary() -> PathBuf {
    if let Some(path) = std::env::var_os("COPILOT_BIN") {
        return PathBuf::from(path);
    }
    let version = VERSION.trim();
    let binary = runner::install_cache().join(format!(
        "copilot-{version}/node_modules/@github/copilot-linux-x64/copilot"
    ));
    assert!(
        binary.is_file(),
        "GitHub Copilot CLI {version} is not installed at {}: run .ci/setup-copilot (or set \
         COPILOT_BIN)",
        binary.display()
    );
    binary
}

/// What one `copilot -p` run left.
#[derive(Debug)]
pub struct CopilotOutput {
    /// Whether `copilot` exited with status 0.
    pub success: bool,
    /// Its stdout.
    pub stdout: String,
    /// Its stderr.
    pub stderr: String,
    /// Its logs at `--log-level all` (each hook's stdout, stderr and verdict), concatenated.
    pub log: String,
}

/// Runs `copilot -p PROMPT --allow-all-tools --trust-folder` in `session`'s project against
/// `base_url`, with an environment holding only what it needs: Copilot's Anthropic provider
/// pointed at the mock, offline (`COPILOT_OFFLINE`: no DNS, no update check), and the
/// session's fresh `HOME`. `--trust-folder` is what makes Copilot run the project's hooks.
pub fn run(session: &Session, base_url: &str, prompt: &str) -> CopilotOutput {
    assert!(
        base_url.starts_with("http://127.0.0.1:"),
        "the mock lives on 127.0.0.1 only"
    );
    let logs = session.root().join("copilot-logs");
    let child = live::command(&copilot_binary(), &session.project, &session.home, base_url)
        .args(["-p", prompt, "--allow-all-tools", "--trust-folder"])
        .arg("--log-dir")
        .arg(&logs)
        .args(["--log-level", "all"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("copilot starts");
    let output = runner::wait_limited(child, runner::RUN_LIMIT, "copilot");
    let mut log = String::new();
    for entry in std::fs::read_dir(&logs).into_iter().flatten().flatten() {
        log.push_str(&std::fs::read_to_string(entry.path()).unwrap_or_default());
    }
    CopilotOutput {
        success: output.status.success(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        log,
    }
}

/// `copilot plugin ARGS` in `session`'s project and `HOME`, offline (a local marketplace
/// folder or plugin path needs no network); panics unless it exits 0, else its stdout.
pub fn plugin(session: &Session, args: &[&str]) -> String {
    let child = copilot(session)
        .arg("plugin")
        .args(args)
        .spawn()
        .expect("copilot starts");
    let output = runner::wait_limited(child, runner::RUN_LIMIT, "copilot plugin");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "copilot plugin {args:?} failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

/// `copilot` in `session`'s project with an environment holding only what every run needs:
/// `PATH`, the session's fresh `HOME`, and `COPILOT_OFFLINE` (no DNS, no update check).
fn copilot(session: &Session) -> Command {
    let mut command = live::offline(&copilot_binary(), &session.project, &session.home);
    command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}
