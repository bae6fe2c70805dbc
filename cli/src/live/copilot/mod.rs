//! GitHub Copilot CLI offline: its Anthropic provider speaks the Messages API, so the Claude
//! Code mock ([`claude_code::mock`](crate::live::claude_code::mock), with
//! [`Reply::copilot_bash`](crate::live::claude_code::mock::Reply::copilot_bash) for its shell
//! tool) stands in for the model, and [`command`] is how `copilot` is started against it:
//! `COPILOT_OFFLINE` (no DNS, no update check) and the provider pointed at the mock.

use std::path::Path;
use std::process::Command;

/// The model Copilot asks its Anthropic provider for; the mock answers any.
pub const MODEL: &str = "claude-sonnet-4.6";

/// `copilot` at `binary` in `project` with `home` as its home, offline (`COPILOT_OFFLINE`) and
/// with nothing else of this process's environment but `PATH` and `TERM=dumb`: for a run that
/// asks no model (`copilot plugin ...`, `--version`).
///
/// ```
/// let copilot = cursor_hooks_cli::live::copilot::offline(
///     std::path::Path::new("copilot"),
///     std::path::Path::new("."),
///     std::path::Path::new("/tmp/home"),
/// );
/// assert!(copilot.get_envs().any(|(key, value)| key == "COPILOT_OFFLINE" && value == Some("true".as_ref())));
/// ```
pub fn offline(binary: &Path, project: &Path, home: &Path) -> Command {
    let mut command = Command::new(binary);
    command
        .current_dir(project)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", home)
        .env("TERM", "dumb")
        .env("COPILOT_OFFLINE", "true");
    command
}

/// [`offline`], with Copilot's Anthropic provider pointed at the mock at `base_url` (on
/// 127.0.0.1) with a stand-in key. The caller adds `-p PROMPT`, `--allow-all-tools` (which
/// `-p` needs for any tool call) and the log flags.
///
/// ```
/// let copilot = cursor_hooks_cli::live::copilot::command(
///     std::path::Path::new("copilot"),
///     std::path::Path::new("."),
///     std::path::Path::new("/tmp/home"),
///     "http://127.0.0.1:1",
/// );
/// assert!(copilot.get_envs().any(|(key, value)| key == "COPILOT_PROVIDER_BASE_URL"
///     && value == Some("http://127.0.0.1:1".as_ref())));
/// ```
pub fn command(binary: &Path, project: &Path, home: &Path, base_url: &str) -> Command {
    assert!(
        base_url.starts_with("http://127.0.0.1:"),
        "the mock lives on 127.0.0.1 only"
    );
    let mut command = offline(binary, project, home);
    command
        .env("COPILOT_PROVIDER_TYPE", "anthropic")
        .env("COPILOT_PROVIDER_BASE_URL", base_url)
        .env("COPILOT_PROVIDER_API_KEY", "sk-test")
        .env("COPILOT_MODEL", MODEL);
    command
}
