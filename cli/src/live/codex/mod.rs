//! OpenAI Codex CLI offline: [`mock`] stands in for the Responses API, and [`command`] is how
//! `codex` is started against it: the mock as its model provider (Codex ignores
//! `OPENAI_BASE_URL`; it needs a `model_providers` entry, given here as `-c` overrides, which
//! win over the user's `config.toml`), its analytics off, and the features that would reach
//! GitHub or chatgpt.com (the curated-plugin sync, remote plugins, apps) disabled. The caller
//! adds the subcommand (`exec --json ...`, `app-server`).

pub mod mock;

use std::path::Path;
use std::process::Command;

/// The environment variable Codex reads the mock provider's (stand-in) key from.
pub const KEY_VARIABLE: &str = "MOCK_API_KEY";

/// The model Codex asks the mock for; the mock answers any.
pub const MODEL: &str = "gpt-5.4";

/// Whether Codex's plugins stay on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plugins {
    /// `--disable plugins`: no plugin is loaded and no curated-plugin sync starts.
    Off,
    /// Plugins load (the namespace refuses the sync they start); remote plugins and apps stay off.
    On,
}

/// The `-c key=value` overrides that make the mock at `base_url` Codex's model provider and
/// turn its analytics off (each value is TOML).
pub fn overrides(base_url: &str) -> Vec<String> {
    // TOML basic strings take JSON's escapes for what a URL holds.
    let quote = |text: &str| serde_json::Value::from(text).to_string();
    vec![
        format!("model={}", quote(MODEL)),
        "model_provider=\"mock\"".to_owned(),
        "model_providers.mock.name=\"mock\"".to_owned(),
        format!("model_providers.mock.base_url={}", quote(base_url)),
        format!("model_providers.mock.env_key={}", quote(KEY_VARIABLE)),
        "model_providers.mock.wire_api=\"responses\"".to_owned(),
        "analytics.enabled=false".to_owned(),
    ]
}

/// `codex` at `binary`, to run in `project` with `home` as its home, talking to the mock at
/// `base_url` (on 127.0.0.1, [`mock::MockResponses::base_url`]) with a stand-in key, and
/// nothing else of this process's environment but `PATH`: the global options only, the caller
/// adds the subcommand and its arguments.
///
/// ```
/// use cursor_hooks_cli::live::codex::{command, Plugins};
///
/// let mut codex = command(
///     std::path::Path::new("codex"),
///     std::path::Path::new("."),
///     std::path::Path::new("/tmp/home"),
///     "http://127.0.0.1:1/v1",
///     Plugins::Off,
/// );
/// codex.args(["exec", "--json", "do the task"]);
/// let args: Vec<_> = codex.get_args().map(|a| a.to_string_lossy().into_owned()).collect();
/// assert!(args.contains(&"model_providers.mock.base_url=\"http://127.0.0.1:1/v1\"".to_owned()));
/// assert!(args.windows(2).any(|pair| pair == ["--disable", "plugins"]));
/// assert!(codex.get_envs().any(|(key, _)| key == "MOCK_API_KEY"));
/// ```
pub fn command(
    binary: &Path,
    project: &Path,
    home: &Path,
    base_url: &str,
    plugins: Plugins,
) -> Command {
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
        .env(KEY_VARIABLE, "sk-mock-key");
    for value in overrides(base_url) {
        command.arg("-c").arg(value);
    }
    if plugins == Plugins::Off {
        command.args(["--disable", "plugins"]);
    }
    // Each would reach GitHub or chatgpt.com (plugin sync, connectors).
    command.args(["--disable", "remote_plugin", "--disable", "apps"]);
    command
}
