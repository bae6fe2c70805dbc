//! Starts the real `codex exec` against a [`MockResponses`](super::mock::MockResponses) inside
//! a network namespace that has only loopback (the Claude runner's
//! [`isolated`]), with a fresh `HOME` whose `.codex/config.toml` points Codex
//! at the mock and turns its analytics off, and with plugins, remote plugins and apps disabled
//! (each would otherwise try GitHub or chatgpt.com). A session with [`Session::plugins`] keeps
//! plugins on (the namespace refuses the curated-plugin sync they start) to run the plugins
//! [`Session::plugin`] installed. The command itself is `cursor_hooks_cli::live::codex::command`,
//! the one `cursor-hooks verify --host codex` starts Codex with.

use crate::claude_code::runner::{
    copy_binary, event_names, isolated, payloads_of, read_jsonl, shell_quote, wait_limited,
};
use cursor_hooks_cli::live::codex::{self as live, KEY_VARIABLE};
use cursor_hooks_spec::codex_trust::{hook_key, trusted_hash, CommandHook};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// The Codex version the live tests are pinned to (`tests/codex/VERSION`).
pub const VERSION: &str = include_str!("../../codex/VERSION");

/// How long one `codex exec` run may take before the test fails (it takes about a second).
const RUN_LIMIT: Duration = Duration::from_secs(120);

/// Every hook event of the pinned version (`spec/codex/events.json`), which the all-events
/// recorder of [`Session::new`] listens to.
pub const RECORDED_EVENTS: &[&str] = &[
    "SessionStart",
    "UserPromptSubmit",
    "PreToolUse",
    "PermissionRequest",
    "PostToolUse",
    "PreCompact",
    "PostCompact",
    "SubagentStart",
    "SubagentStop",
    "Stop",
    "Interrupt",
    "SessionEnd",
];

/// Returns whether the calling test should run its body (see [`isolated`]):
/// outside the namespace Codex is installed first.
pub fn in_isolated_network(test_name: &str) -> bool {
    isolated(test_name, prepare)
}

/// Makes Codex ready, once per test process: `.ci/setup-codex` checks the tools the live tests
/// need, then installs the pinned version into its cache on first use (under a lock).
/// `CODEX_BIN` (another copy, on purpose) skips the install but not the check. Inside the
/// namespace it does nothing: the process outside prepared.
pub fn prepare() {
    if std::env::var_os(crate::claude_code::runner::INSIDE_NAMESPACE).is_some() {
        return;
    }
    static READY: std::sync::OnceLock<()> = std::sync::OnceLock::new();
    READY.get_or_init(|| {
        let script = if std::env::var_os("CODEX_BIN").is_some() {
            "check-test-tools"
        } else {
            "setup-codex"
        };
        let script = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../.ci")
            .join(script);
        let output = Command::new("bash")
            .arg(&script)
            .stdin(Stdio::null())
            .output()
            .unwrap_or_else(|error| panic!("{} cannot start: {error}", script.display()));
        assert!(
            output.status.success(),
            "{} failed ({}), so Codex cannot run:\n{}",
            script.display(),
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
    });
}

/// The native `codex` binary: `CODEX_BIN` if set, else where `.ci/setup-codex` installs it,
/// `${XDG_CACHE_HOME:-$HOME/.cache}/cursor-hooks/codex-<version>/node_modules/@openai/
/// codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex`.
pub fn codex_binary() -> PathBuf {
    if let Some(path) = std::env::var_os("CODEX_BIN") {
        return PathBuf::from(path);
    }
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .filter(|dir| !dir.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".cache")))
        .expect("HOME or XDG_CACHE_HOME to find the Codex install");
    let version = VERSION.trim();
    let binary = cache.join(format!(
        "cursor-hooks/codex-{version}/node_modules/@openai/codex-linux-x64/vendor/\
         x86_64-unknown-linux-musl/bin/codex"
    ));
    assert!(
        binary.is_file(),
        "Codex {version} is not installed at {}: run .ci/setup-codex (or set CODEX_BIN)",
        binary.display()
    );
    binary
}

/// How the run treats hook trust.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trust {
    /// Every user hook is seeded in `config.toml` with the hash Codex expects
    /// ([`cursor_hooks_spec::codex_trust::trusted_hash`]).
    Seeded,
    /// No trust entry: Codex should skip every hook.
    None,
}

/// One Codex run's directories: a temporary home with `.codex/`, a project, and the log of the
/// recorder that hears every event.
///
/// `~/.codex/hooks.json` is written from [`Session::add_command`]'s groups when the session
/// runs, and `~/.codex/config.toml` with the mock provider and, under [`Trust::Seeded`], a
/// `[hooks.state."<key>"] trusted_hash` entry for every handler (plus [`Session::seed`]'s).
pub struct Session {
    root: PathBuf,
    /// The project Codex runs in (its working directory).
    pub project: PathBuf,
    /// The temporary `HOME`.
    pub home: PathBuf,
    /// Where the all-events recorder appends every payload, one a line.
    pub events_log: PathBuf,
    recorder: PathBuf,
    hooks: serde_json::Map<String, Value>,
    seeds: Vec<(String, String)>,
    /// More `config.toml` text, appended as is (e.g. a `[projects."<path>"]` trust level).
    pub extra_config: String,
    /// How the run treats hook trust ([`Trust::Seeded`] unless changed).
    pub trust: Trust,
    /// Whether the run loads plugins (no `--disable plugins`; `false` unless changed).
    pub plugins: bool,
    /// What `codex plugin` commands added to `config.toml` (marketplaces, enabled plugins),
    /// kept when the file is written anew.
    plugin_config: String,
}

/// What one `codex exec --json` run left.
#[derive(Debug)]
pub struct CodexOutput {
    /// Whether `codex` exited with status 0.
    pub success: bool,
    /// Its stdout's JSON lines (the `--json` events), those that parse.
    pub events: Vec<Value>,
    /// Its stdout as text.
    pub stdout: String,
    /// Its stderr as text.
    pub stderr: String,
}

impl CodexOutput {
    /// The `command_execution` items Codex completed: the commands that ran.
    pub fn commands(&self) -> Vec<Value> {
        let events = self.events.iter();
        let done = events.filter(|event| {
            event["type"] == "item.completed" && event["item"]["type"] == "command_execution"
        });
        done.map(|event| event["item"].clone()).collect()
    }
}

impl Session {
    /// Creates the directories (in the temporary directory, so recordings name no path of the
    /// checkout; Codex warns there that it makes no PATH aliases for its helpers, which the
    /// tests do not use) and registers `recorder` (the `claude-recorder` binary) on every event
    /// of [`RECORDED_EVENTS`], writing to [`Session::events_log`].
    pub fn new(name: &str, recorder: &Path) -> Session {
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |time| time.as_nanos());
        let root = std::env::temp_dir().join(format!("codex-live-{name}-{stamp}"));
        let (project, home) = (root.join("project"), root.join("home"));
        std::fs::create_dir_all(&project).expect("project dir");
        std::fs::create_dir_all(home.join(".codex")).expect("home dir");
        std::fs::create_dir_all(root.join("bin")).expect("bin dir");
        let events_log = root.join("events.jsonl");
        let mut session = Session {
            root,
            project,
            home,
            events_log,
            recorder: PathBuf::new(),
            hooks: serde_json::Map::new(),
            seeds: Vec::new(),
            extra_config: String::new(),
            trust: Trust::Seeded,
            plugins: false,
            plugin_config: String::new(),
        };
        session.recorder = session.copy_in(recorder);
        let log = session.events_log.to_string_lossy().into_owned();
        for event in RECORDED_EVENTS {
            let command = session.recorder_command(&log, &[]);
            session.add_command(event, None, &command, None);
        }
        session
    }

    /// The session's temporary root, beside the project and the home.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// A copy of `binary` inside the temporary root, so the commands Codex echoes back name no
    /// path of the machine's checkout.
    pub fn copy_in(&self, binary: &Path) -> PathBuf {
        copy_binary(&self.root, binary)
    }

    /// The shell command running the recorder with `log` and `answer` (`--stdout TEXT`,
    /// `--stderr TEXT`, `--exit CODE`, `--sleep SECONDS`).
    pub fn recorder_command(&self, log: &str, answer: &[&str]) -> String {
        let mut command = shell_quote(&self.recorder.to_string_lossy());
        for arg in std::iter::once(log).chain(answer.iter().copied()) {
            command.push(' ');
            command.push_str(&shell_quote(arg));
        }
        command
    }

    /// The path of `~/.codex/hooks.json`, the source part of its hooks' trust keys.
    pub fn hooks_path(&self) -> PathBuf {
        self.home.join(".codex").join("hooks.json")
    }

    /// Adds a matcher group running `command` on `event` to `~/.codex/hooks.json` (with
    /// Codex's `timeout` in seconds if given); returns its group index.
    pub fn add_command(
        &mut self,
        event: &str,
        matcher: Option<&str>,
        command: &str,
        timeout: Option<u64>,
    ) -> usize {
        let mut handler = json!({ "type": "command", "command": command });
        if let Some(timeout) = timeout {
            handler["timeout"] = json!(timeout);
        }
        self.add_group(event, matcher, vec![handler])
    }

    /// Adds a matcher group of `handlers` (hooks.json handler objects) on `event`; returns its
    /// group index.
    pub fn add_group(&mut self, event: &str, matcher: Option<&str>, handlers: Vec<Value>) -> usize {
        let mut group = json!({ "hooks": handlers });
        if let Some(matcher) = matcher {
            group["matcher"] = json!(matcher);
        }
        let groups = self
            .hooks
            .entry(event.to_owned())
            .or_insert_with(|| json!([]));
        let groups = groups.as_array_mut().expect("a list of matcher groups");
        groups.push(group);
        groups.len() - 1
    }

    /// The `hooks` object `~/.codex/hooks.json` is written from.
    pub fn hooks(&self) -> &serde_json::Map<String, Value> {
        &self.hooks
    }

    /// Removes every hook from `~/.codex/hooks.json` (the recorders included).
    pub fn clear_hooks(&mut self) {
        self.hooks.clear();
    }

    /// Also writes `[hooks.state."<key>"] trusted_hash = "<hash>"` into `config.toml`.
    pub fn seed(&mut self, key: &str, hash: &str) {
        self.seeds.push((key.to_owned(), hash.to_owned()));
    }

    /// The trust key and the hash Codex expects of every handler in `hooks` (a hooks.json
    /// `hooks` object) read from `source`.
    pub fn trust_entries(
        source: &Path,
        hooks: &serde_json::Map<String, Value>,
    ) -> Vec<(String, String)> {
        Session::trust_entries_of(&source.to_string_lossy(), hooks)
    }

    /// The trust key and the hash Codex expects of every handler in `hooks` (a plugin hooks
    /// file's `hooks` object) of the plugin `plugin_id` (`NAME@MARKETPLACE`) read from
    /// `relative` (its path in the plugin, without `./`): the key's source is
    /// `<plugin_id>:<relative>` (`spec/codex/host.json`, `plugins`), the hash of each command as
    /// written, before Codex substitutes `${PLUGIN_ROOT}`.
    pub fn plugin_trust_entries(
        plugin_id: &str,
        relative: &str,
        hooks: &serde_json::Map<String, Value>,
    ) -> Vec<(String, String)> {
        Session::trust_entries_of(&format!("{plugin_id}:{relative}"), hooks)
    }

    fn trust_entries_of(
        source: &str,
        hooks: &serde_json::Map<String, Value>,
    ) -> Vec<(String, String)> {
        let mut entries = Vec::new();
        for (event, groups) in hooks {
            for (g, group) in groups.as_array().into_iter().flatten().enumerate() {
                for (h, handler) in group["hooks"].as_array().into_iter().flatten().enumerate() {
                    let mut hook =
                        CommandHook::new(event, handler["command"].as_str().unwrap_or_default());
                    hook.matcher = group["matcher"].as_str();
                    hook.timeout = handler["timeout"].as_u64();
                    hook.r#async = handler["async"].as_bool().unwrap_or(false);
                    hook.status_message = handler["statusMessage"].as_str();
                    let key = hook_key(source, event, g, h).expect("a Codex event");
                    let hash = trusted_hash(&hook).expect("a Codex event");
                    entries.push((key, hash));
                }
            }
        }
        entries
    }

    /// Writes `~/.codex/hooks.json` and `~/.codex/config.toml` for a run against `base_url`
    /// (each run does; a test that starts Codex another way, `cursor-hooks verify`, calls it).
    pub fn write_config(&self, base_url: &str) {
        let hooks = json!({ "hooks": self.hooks });
        let text = serde_json::to_string_pretty(&hooks).expect("hooks JSON");
        std::fs::write(self.hooks_path(), text).expect("hooks.json");
        // TOML basic strings take JSON's escapes for what a path or URL holds.
        let quote = |text: &str| Value::from(text).to_string();
        let mut config = format!(
            "model = \"gpt-5.4\"\nmodel_provider = \"mock\"\n\n[model_providers.mock]\n\
             name = \"mock\"\nbase_url = {}\nenv_key = \"{KEY_VARIABLE}\"\nwire_api = \"responses\"\n\n\
             [analytics]\nenabled = false\n",
            quote(base_url)
        );
        let mut seeds = self.seeds.clone();
        if self.trust == Trust::Seeded {
            seeds.extend(Session::trust_entries(&self.hooks_path(), &self.hooks));
        }
        for (key, hash) in seeds {
            config.push_str(&format!(
                "\n[hooks.state.{}]\ntrusted_hash = {}\n",
                quote(&key),
                quote(&hash)
            ));
        }
        config.push_str(&self.plugin_config);
        config.push_str(&self.extra_config);
        let path = self.home.join(".codex").join("config.toml");
        std::fs::write(path, config).expect("config.toml");
    }

    /// Runs `codex plugin ARGS` (`marketplace add DIR`, `add NAME@MARKETPLACE`, `list`) as a
    /// user would, in the session's `HOME` with the session's `config.toml`, remote plugins and
    /// apps off; what it adds to `config.toml` is kept for the runs after it. Only inside the
    /// isolated network ([`in_isolated_network`]): Codex may reach for GitHub here. Panics
    /// unless it exits 0; its output.
    pub fn plugin(&mut self, args: &[&str]) -> CodexOutput {
        assert!(
            std::env::var_os(crate::claude_code::runner::INSIDE_NAMESPACE).is_some(),
            "`codex plugin` runs only inside the isolated network"
        );
        // No model call: an address on loopback that nothing answers.
        self.write_config("http://127.0.0.1:9/v1");
        let path = self.home.join(".codex").join("config.toml");
        let before = std::fs::read_to_string(&path).expect("config.toml");
        let child = Command::new(codex_binary())
            .arg("plugin")
            .args(args)
            .args(["--disable", "remote_plugin", "--disable", "apps"])
            .current_dir(&self.project)
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", &self.home)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("codex starts");
        let output = wait_limited(child, RUN_LIMIT, "codex plugin");
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert!(
            output.status.success(),
            "codex plugin {args:?} failed:\n{stdout}\n{stderr}"
        );
        let after = std::fs::read_to_string(&path).expect("config.toml");
        // Codex edits the file in place and adds its tables at the end.
        let added = after.strip_prefix(&before).unwrap_or_else(|| {
            panic!("codex plugin {args:?} rewrote config.toml, not only added to it:\n{after}")
        });
        self.plugin_config.push_str(added);
        CodexOutput {
            success: true,
            events: Vec::new(),
            stdout,
            stderr,
        }
    }

    /// Runs `codex exec --json PROMPT` in the project against `base_url` (the mock's), with an
    /// environment holding only `PATH`, `HOME` and the mock provider's dummy key, plus `more`
    /// arguments before the prompt.
    pub fn run(&self, base_url: &str, prompt: &str, more: &[&str]) -> CodexOutput {
        assert!(
            base_url.starts_with("http://127.0.0.1:"),
            "the mock lives on 127.0.0.1 only"
        );
        self.write_config(base_url);
        // How `cursor-hooks verify --host codex` starts it too: the mock as the provider,
        // analytics off, and what would reach GitHub or chatgpt.com disabled.
        let plugins = if self.plugins {
            live::Plugins::On
        } else {
            live::Plugins::Off
        };
        let child = live::command(
            &codex_binary(),
            &self.project,
            &self.home,
            base_url,
            plugins,
        )
        .args(["exec", "--json", "--skip-git-repo-check"])
        .arg("--dangerously-bypass-approvals-and-sandbox")
        .args(more)
        .arg(prompt)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("codex starts");
        let output = wait_limited(child, RUN_LIMIT, "codex");
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        let events = stdout
            .lines()
            .filter_map(|line| serde_json::from_str(line).ok())
            .collect();
        CodexOutput {
            success: output.status.success(),
            events,
            stdout,
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        }
    }

    /// The payloads the all-events recorder heard, in order.
    pub fn payloads(&self) -> Vec<Value> {
        read_jsonl(&self.events_log)
    }

    /// The payloads of `event` the all-events recorder heard, in order.
    pub fn payloads_of(&self, event: &str) -> Vec<Value> {
        payloads_of(self.payloads(), event)
    }

    /// The names of the events heard, in order.
    pub fn events(&self) -> Vec<String> {
        event_names(&self.payloads())
    }

    /// Copies the events log to `dir/<name>.jsonl` and `~/.codex/hooks.json` to
    /// `dir/<name>.hooks.json` when `CODEX_LIVE_RECORD=dir` is set (see `tests/codex/record`).
    pub fn keep_recording(&self, name: &str) {
        if let Some(dir) = std::env::var_os("CODEX_LIVE_RECORD") {
            let dir = Path::new(&dir);
            std::fs::create_dir_all(dir).expect("recording dir");
            std::fs::copy(&self.events_log, dir.join(format!("{name}.jsonl")))
                .expect("copying the recording");
            std::fs::copy(self.hooks_path(), dir.join(format!("{name}.hooks.json")))
                .expect("copying hooks.json");
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}
