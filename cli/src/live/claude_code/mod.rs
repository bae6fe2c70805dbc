//! Claude Code offline: [`mock`] stands in for the Anthropic Messages API, and [`command`] is
//! how `claude` is started against it.

pub mod mock;

use std::path::Path;
use std::process::Command;

/// `claude` at `binary`, to run in `project` with `home` as its home, talking to the mock at
/// `base_url` (on 127.0.0.1) with a stand-in API key, its auto-updater, telemetry and other
/// traffic switched off, and nothing else of this process's environment but `PATH`. The
/// caller adds the prompt and the output flags.
///
/// ```
/// let command = cursor_hooks_cli::live::claude_code::command(
///     std::path::Path::new("claude"),
///     std::path::Path::new("."),
///     std::path::Path::new("/tmp/home"),
///     "http://127.0.0.1:1",
/// );
/// assert!(command.get_envs().any(|(key, value)| key == "DISABLE_AUTOUPDATER" && value == Some("1".as_ref())));
/// ```
pub fn command(binary: &Path, project: &Path, home: &Path, base_url: &str) -> Command {
    assert!(
        base_url.starts_with("http://127.0.0.1:"),
        "the mock lives on 127.0.0.1 only"
    );
    let mut command = Command::new(binary);
    command
        .current_dir(project)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", home)
        .env("ANTHROPIC_BASE_URL", base_url)
        .env("ANTHROPIC_API_KEY", "sk-ant-mock-key")
        .env("DISABLE_TELEMETRY", "1")
        .env("DISABLE_AUTOUPDATER", "1")
        .env("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1");
    command
}
