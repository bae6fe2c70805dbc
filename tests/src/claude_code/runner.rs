//! Starts the real `claude -p` against a [`MockApi`](super::mock::MockApi) inside a network
//! namespace that has only loopback.
//!
//! A live test calls [`in_isolated_network`] first: outside the namespace it re-runs this one
//! test inside a new one (`.ci/offline`: `unshare -n`, then `ip link set lo up`) and checks
//! that it passed; inside, it checks that loopback is the only interface and lets the test go on. The mock and
//! Claude Code then both live in that namespace, so nothing can leave the machine. A machine
//! that cannot create the namespace fails the test with what is missing; it never skips.

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Set in the environment of the test process re-run inside the namespace.
pub const INSIDE_NAMESPACE: &str = "CURSOR_HOOKS_CLAUDE_LIVE_NETNS";

/// What a machine needs to run the live tests.
const NEEDS: &str =
    "the live tests (Claude Code's, Codex's, Copilot's) need a new network namespace with only loopback: \
     run them on Linux as root or with unprivileged user namespaces, with `unshare` (util-linux) \
     and `ip` (iproute2) installed (`bash .ci/check-test-tools` says what is missing)";

/// The Claude Code version the live tests are pinned to (`tests/claude-code/VERSION`).
pub const VERSION: &str = include_str!("../../claude-code/VERSION");

/// How long one `claude -p` run may take before the test fails (it takes seconds).
pub const RUN_LIMIT: Duration = Duration::from_secs(120);

/// The events the all-events recorder of [`Session::new`] listens to: the hook events of the
/// pinned version except those whose hook changes what Claude Code does (`WorktreeCreate`,
/// `WorktreeRemove`, `Elicitation*`).
pub const RECORDED_EVENTS: &[&str] = &[
    "Setup",
    "SessionStart",
    "InstructionsLoaded",
    "UserPromptSubmit",
    "UserPromptExpansion",
    "PreToolUse",
    "PermissionRequest",
    "PermissionDenied",
    "PreSkillShellCommand",
    "PostToolUse",
    "PostToolUseFailure",
    "PostToolBatch",
    "Notification",
    "SubagentStart",
    "SubagentStop",
    "PreCompact",
    "PostCompact",
    "Stop",
    "StopFailure",
    "SessionEnd",
];

/// Returns whether the calling test should run its body: `true` inside the isolated network
/// namespace; outside, it re-runs the test named `test_name` (the `#[test]` function's name,
/// at the top of its file) inside one, panics unless it passed there, and returns `false`.
pub fn in_isolated_network(test_name: &str) -> bool {
    isolated(test_name, prepare)
}

/// [`in_isolated_network`] for the editor that `prepare` makes ready (installs) outside the
/// namespace: every host's live tests enter it this way.
pub fn isolated(test_name: &str, prepare: fn()) -> bool {
    if std::env::var_os(INSIDE_NAMESPACE).is_some() {
        assert_only_loopback();
        return true;
    }
    // Outside the namespace, where npm's registry can be reached: a fresh machine installs
    // the editor here, so `cargo test --workspace` alone runs these tests.
    prepare();
    let test_binary = std::env::current_exe().expect("the test binary's path");
    // `.ci/offline`: `unshare -n` (with a user namespace when not root), then loopback up.
    let output = Command::new("sh")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("../.ci/offline"))
        .arg(test_binary)
        .args(["--exact", test_name, "--nocapture", "--test-threads=1"])
        .env(INSIDE_NAMESPACE, "1")
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|error| panic!("{NEEDS}; `.ci/offline` cannot start: {error}"));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stdout.contains("running 1 test"),
        "{NEEDS}; entering the namespace failed:\n{stderr}{stdout}"
    );
    // The panic first, and of a differential's lines only those that did not agree: a log
    // cut in the middle must still show what failed.
    let notable: Vec<&str> = stdout
        .lines()
        .filter(|line| !line.starts_with("agree "))
        .collect();
    assert!(
        output.status.success() && stdout.contains("1 passed"),
        "`{test_name}` failed inside the network namespace:\n{stderr}\n{}",
        notable.join("\n")
    );
    false
}

/// Refuses to go on in a namespace that has any interface besides loopback.
fn assert_only_loopback() {
    if let Err(why) = cursor_hooks_cli::live::only_loopback() {
        panic!("{why}");
    }
}

/// Makes Claude Code ready, once per test process: `.ci/setup-claude-code` checks the tools the
/// live tests need (and fails at once naming the command that installs a missing one), then
/// installs the pinned version into its cache on first use, under a lock the other test
/// binaries wait on. A live test calls this first (through [`in_isolated_network`], or before
/// it builds anything), so a machine that cannot run it fails before the test's work.
/// `CLAUDE_CODE_BIN` (another copy, on purpose) skips the install but not the check. Inside the
/// namespace it does nothing: the process outside prepared.
pub fn prepare() {
    // A OnceLock, not a Once: after a failed check each later test fails with the same message
    // (a panicking Once would poison the rest).
    static READY: std::sync::OnceLock<()> = std::sync::OnceLock::new();
    setup(
        &READY,
        "setup-claude-code",
        "CLAUDE_CODE_BIN",
        "Claude Code",
    );
}

/// Runs `.ci/<script>` once per test process (`ready` remembers it), or only
/// `.ci/check-test-tools` when `override_variable` names another copy of the editor; panics
/// with the script's stderr when it fails. Nothing inside the namespace: the process outside
/// prepared. Every host's `prepare` is this with its own script.
pub fn setup(
    ready: &'static std::sync::OnceLock<()>,
    script: &str,
    override_variable: &str,
    product: &str,
) {
    if std::env::var_os(INSIDE_NAMESPACE).is_some() {
        return;
    }
    ready.get_or_init(|| {
        let script = if std::env::var_os(override_variable).is_some() {
            "check-test-tools"
        } else {
            script
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
            "{} failed ({}), so {product} cannot run:\n{}",
            script.display(),
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
    });
}

/// The cache the `.ci/setup-*` scripts install editors into, outside the checkout:
/// `${XDG_CACHE_HOME:-$HOME/.cache}/cursor-hooks`.
pub fn install_cache() -> PathBuf {
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .filter(|dir| !dir.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".cache")))
        .expect("HOME or XDG_CACHE_HOME to find the editors' install");
    cache.join("cursor-hooks")
}

/// Where `.ci/setup-claude-code` installs the `claude` binary:
/// `${XDG_CACHE_HOME:-$HOME/.cache}/cursor-hooks/claude-code-<version>`.
fn installed_path() -> PathBuf {
    let version = VERSION.trim();
    install_cache().join(format!("claude-code-{version}/node_modules/.bin/claude"))
}

/// The `claude` binary: `CLAUDE_CODE_BIN` if set, else [`installed_path`].
pub fn claude_binary() -> PathBuf {
    if let Some(path) = std::env::var_os("CLAUDE_CODE_BIN") {
        return PathBuf::from(path);
    }
    let binary = installed_path();
    let version = VERSION.trim();
    assert!(
        binary.is_file(),
        "Claude Code {version} is not installed at {}: run .ci/setup-claude-code (or set \
         CLAUDE_CODE_BIN)",
        binary.display()
    );
    binary
}

/// Quotes `text` for `sh`.
pub fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// The example hooks (`examples/src/bin/`) as the live tests install them, and the
/// `cursor-hooks` command (for the tests of what `doctor` tells a user): built once per test
/// run by `cargo build -p cursor-hooks-examples -p cursor-hooks-cli --bins` into a target dir of
/// their own,
/// `<target_tmpdir>/claude-live-examples` (pass the test's `CARGO_TARGET_TMPDIR`), so the
/// build never waits for nor disturbs the test build's own target dir (as `traps.rs` builds
/// its `panic = "abort"` copies). Outside the network namespace only (cargo may want the
/// network); inside, the binaries are checked to be there. Returns the folder holding them.
pub fn example_binaries(target_tmpdir: &Path) -> PathBuf {
    examples_for(target_tmpdir, prepare)
}

/// [`example_binaries`] for the live tests of the editor that `prepare` makes ready.
pub fn examples_for(target_tmpdir: &Path, prepare: fn()) -> PathBuf {
    let target = target_tmpdir.join("claude-live-examples");
    let binaries = target.join("debug");
    if std::env::var_os(INSIDE_NAMESPACE).is_none() {
        // Only live tests build these: one that cannot run fails before the build.
        prepare();
        static BUILT: std::sync::Once = std::sync::Once::new();
        BUILT.call_once(|| {
            let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
            let status = Command::new(env!("CARGO"))
                .current_dir(&workspace)
                .args(["build", "--quiet", "-p", "cursor-hooks-examples"])
                .args(["-p", "cursor-hooks-cli", "--bins"])
                .arg("--target-dir")
                .arg(&target)
                .stdin(Stdio::null())
                .status()
                .unwrap_or_else(|error| panic!("cargo cannot start: {error}"));
            assert!(
                status.success(),
                "building the example hooks failed ({status})"
            );
        });
    }
    binaries
}

/// One Claude Code run's directories: a temporary home, a project with `.claude/settings.json`,
/// and the log of the recorder that hears every event.
///
/// The project's `.claude/settings.json` is the one record of its hooks: [`Session::new`]
/// writes the recorder's entries, [`Session::install`] lets a hook binary add its own
/// (`install --claude --project`), and [`Session::add_deciding_hook`] and
/// [`Session::add_command`] add entries by hand.
pub struct Session {
    root: PathBuf,
    /// The project Claude Code runs in (its working directory).
    pub project: PathBuf,
    /// The temporary `HOME`.
    pub home: PathBuf,
    /// Where the all-events recorder appends every payload, one a line.
    pub events_log: PathBuf,
    recorder: PathBuf,
}

/// What one `claude -p --output-format json` run left.
#[derive(Debug)]
pub struct ClaudeOutput {
    /// Whether `claude` exited with status 0.
    pub success: bool,
    /// Its stdout parsed as JSON (`Value::Null` when it is not JSON).
    pub json: Value,
    /// Its stdout as text.
    pub stdout: String,
    /// Its stderr as text.
    pub stderr: String,
}

impl Session {
    /// Creates the directories and registers `recorder` (the `claude-recorder` binary) on every
    /// event of [`RECORDED_EVENTS`], writing to [`Session::events_log`].
    pub fn new(name: &str, recorder: &Path) -> Session {
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |time| time.as_nanos());
        let root = std::env::temp_dir().join(format!("claude-live-{name}-{stamp}"));
        let (project, home) = (root.join("project"), root.join("home"));
        std::fs::create_dir_all(project.join(".claude")).expect("project dir");
        std::fs::create_dir_all(&home).expect("home dir");
        std::fs::create_dir_all(root.join("bin")).expect("bin dir");
        let events_log = root.join("events.jsonl");
        let mut session = Session {
            root,
            project,
            home,
            events_log,
            recorder: PathBuf::new(),
        };
        session.recorder = session.copy_in(recorder);
        let log = session.events_log.to_string_lossy().into_owned();
        for event in RECORDED_EVENTS {
            session.add_recorder(event, None, &[&log]);
        }
        session
    }

    /// Creates the directories with no hook in any settings file: the recorder of every event
    /// of [`RECORDED_EVENTS`] lives in a plugin of its own ([`Session::recorder_plugin`], given
    /// to `claude` with `--plugin-dir`), so it runs whatever the settings files hold (a file
    /// Claude Code refuses takes none of the recorder's hooks with it), and `simulate` without
    /// that plugin runs only the settings files' hooks.
    pub fn with_plugin_recorder(name: &str, recorder: &Path) -> Session {
        let session = Session::new(name, recorder);
        std::fs::remove_file(session.settings_path()).expect("the recorder's settings");
        let plugin = session.recorder_plugin();
        std::fs::create_dir_all(plugin.join(".claude-plugin")).expect("plugin dir");
        std::fs::create_dir_all(plugin.join("hooks")).expect("plugin hooks dir");
        std::fs::write(
            plugin.join(".claude-plugin/plugin.json"),
            json!({"name": "recorder", "version": "1.0.0", "description": "Records every hook payload"}).to_string(),
        )
        .expect("plugin.json");
        let command = format!(
            "{} {}",
            shell_quote(&session.recorder.to_string_lossy()),
            shell_quote(&session.events_log.to_string_lossy())
        );
        let mut hooks = serde_json::Map::new();
        for event in RECORDED_EVENTS {
            hooks.insert(
                (*event).to_owned(),
                json!([{"hooks": [{"type": "command", "command": command}]}]),
            );
        }
        std::fs::write(
            plugin.join("hooks/hooks.json"),
            json!({ "hooks": hooks }).to_string(),
        )
        .expect("hooks.json");
        session
    }

    /// The folder of the recorder's plugin of [`Session::with_plugin_recorder`].
    pub fn recorder_plugin(&self) -> PathBuf {
        self.root.join("recorder-plugin")
    }

    /// The session's temporary root, beside the project and the home.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// A copy of `binary` inside the temporary root, so the hook commands Claude Code echoes
    /// back (into tool results and recordings) name no path of the machine's checkout.
    fn copy_in(&self, binary: &Path) -> PathBuf {
        copy_binary(&self.root, binary)
    }

    /// Installs a hook binary built with this crate as its users do: a copy of it runs
    /// `install --claude --project <project>`, which adds its Claude Code handlers to the
    /// project's `.claude/settings.json` and keeps every other entry. Returns the copy's path.
    pub fn install(&self, binary: &Path) -> PathBuf {
        self.install_for("--claude", binary)
    }

    /// [`Session::install`] for the editor that `editor` names (`--claude`, `--copilot`,
    /// `--codex`): `<copy> install EDITOR --project <project>`, as a user runs it.
    pub fn install_for(&self, editor: &str, binary: &Path) -> PathBuf {
        let copy = self.copy_in(binary);
        let output = Command::new(&copy)
            .args(["install", editor, "--project"])
            .arg(&self.project)
            .stdin(Stdio::null())
            .output()
            .unwrap_or_else(|error| panic!("{} cannot start: {error}", copy.display()));
        assert!(
            output.status.success(),
            "`{} install {editor}` failed:\n{}{}",
            copy.display(),
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        copy
    }

    /// Registers a `claude-recorder` hook on `event` (with `matcher`, for tool events) that
    /// records to `<root>/decider.jsonl` and answers as `answer` says (`--stdout TEXT`,
    /// `--stderr TEXT`, `--exit CODE`, `--sleep SECONDS`), with Claude Code's `timeout` in
    /// seconds if given.
    pub fn add_deciding_hook(
        &mut self,
        event: &str,
        matcher: Option<&str>,
        timeout: Option<u32>,
        answer: &[&str],
    ) {
        let log = self
            .root
            .join("decider.jsonl")
            .to_string_lossy()
            .into_owned();
        let mut command = shell_quote(&self.recorder.to_string_lossy());
        for arg in std::iter::once(log.as_str()).chain(answer.iter().copied()) {
            command.push(' ');
            command.push_str(&shell_quote(arg));
        }
        self.add_command(event, matcher, &command, timeout);
    }

    fn add_recorder(&mut self, event: &str, matcher: Option<&str>, args: &[&str]) {
        let mut command = shell_quote(&self.recorder.to_string_lossy());
        for arg in args {
            command.push(' ');
            command.push_str(&shell_quote(arg));
        }
        self.add_command(event, matcher, &command, None);
    }

    /// Adds a matcher group running `command` on `event` to `.claude/settings.json`.
    pub fn add_command(
        &mut self,
        event: &str,
        matcher: Option<&str>,
        command: &str,
        timeout: Option<u32>,
    ) {
        let path = self.settings_path();
        let mut settings: Value = std::fs::read_to_string(&path)
            .ok()
            .map(|text| serde_json::from_str(&text).expect("settings.json is JSON"))
            .unwrap_or_else(|| json!({ "hooks": {} }));
        let mut handler = json!({ "type": "command", "command": command });
        if let Some(timeout) = timeout {
            handler["timeout"] = json!(timeout);
        }
        let mut group = json!({ "hooks": [handler] });
        if let Some(matcher) = matcher {
            group["matcher"] = json!(matcher);
        }
        let hooks = settings["hooks"]
            .as_object_mut()
            .expect("settings.json's `hooks` is an object");
        let groups = hooks.entry(event).or_insert_with(|| json!([]));
        groups
            .as_array_mut()
            .expect("a list of matcher groups")
            .push(group);
        let text = serde_json::to_string_pretty(&settings).expect("settings JSON");
        std::fs::write(&path, text).expect("settings.json");
    }

    /// Sets Claude Code's `timeout` of every handler in `.claude/settings.json` whose command runs
    /// `command` (as [`Session::install`] returned it), with or without the arguments that wire
    /// it to its handler; returns how many there were.
    pub fn set_timeout(&self, command: &Path, seconds: u32) -> usize {
        let path = self.settings_path();
        let text = std::fs::read_to_string(&path).expect("settings.json");
        let mut settings: Value = serde_json::from_str(&text).expect("settings.json is JSON");
        let mut changed = 0;
        let events = settings["hooks"]
            .as_object_mut()
            .into_iter()
            .flat_map(|e| e.values_mut());
        for group in events.filter_map(Value::as_array_mut).flatten() {
            for handler in group["hooks"].as_array_mut().into_iter().flatten() {
                // `install` wires each command to its handler: the path, then its arguments.
                let runs = |text: &str| {
                    command
                        .to_str()
                        .is_some_and(|path| text == path || text.starts_with(&format!("{path} ")))
                };
                if handler["command"].as_str().is_some_and(runs) {
                    handler["timeout"] = json!(seconds);
                    changed += 1;
                }
            }
        }
        let text = serde_json::to_string_pretty(&settings).expect("settings JSON");
        std::fs::write(&path, text).expect("settings.json");
        changed
    }

    /// The project's `.claude/settings.json`.
    pub fn settings_path(&self) -> PathBuf {
        self.project.join(".claude").join("settings.json")
    }

    /// The hook commands registered on `event` in `.claude/settings.json`, in order.
    pub fn commands_on(&self, event: &str) -> Vec<String> {
        let text = std::fs::read_to_string(self.settings_path()).unwrap_or_default();
        let settings: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        let groups = settings["hooks"][event]
            .as_array()
            .cloned()
            .unwrap_or_default();
        groups
            .iter()
            .flat_map(|group| group["hooks"].as_array().cloned().unwrap_or_default())
            .filter_map(|handler| handler["command"].as_str().map(str::to_owned))
            .collect()
    }

    /// Runs `claude -p PROMPT --output-format json --allowedTools Bash,Read` in the project
    /// against `base_url`, with an environment holding only what it needs.
    pub fn run(&self, base_url: &str, prompt: &str) -> ClaudeOutput {
        self.run_with(base_url, prompt, &[])
    }

    /// [`Session::run`] with more arguments for `claude` (`--plugin-dir DIR`, `--allowedTools`
    /// in place of `Bash,Read`).
    pub fn run_with(&self, base_url: &str, prompt: &str, more: &[&str]) -> ClaudeOutput {
        // `more` may give its own `--allowedTools` (a Bash call that needs permission).
        let allowed: &[&str] = if more.contains(&"--allowedTools") {
            &[]
        } else {
            &["--allowedTools", "Bash,Read"]
        };
        let child = cursor_hooks_cli::live::claude_code::command(
            &claude_binary(),
            &self.project,
            &self.home,
            base_url,
        )
        .args(["-p", prompt, "--output-format", "json"])
        .args(allowed)
        .args(more)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("claude starts");
        let output = wait_limited(child, RUN_LIMIT, "claude");
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        ClaudeOutput {
            success: output.status.success(),
            json: serde_json::from_str(&stdout).unwrap_or(Value::Null),
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

    /// Copies the events log to `dir/<name>.jsonl` and the project's `.claude/settings.json`
    /// (the hooks in force, as installed) to `dir/<name>.settings.json` when
    /// `CLAUDE_LIVE_RECORD=dir` is set (see `tests/claude-code/record`), so the same
    /// configuration can be run again without Claude Code (`simulate`).
    pub fn keep_recording(&self, name: &str) {
        if let Some(dir) = std::env::var_os("CLAUDE_LIVE_RECORD") {
            let dir = Path::new(&dir);
            std::fs::create_dir_all(dir).expect("recording dir");
            let payloads = dir.join(format!("{name}.jsonl"));
            std::fs::copy(&self.events_log, &payloads).expect("copying the recording");
            let settings = dir.join(format!("{name}.settings.json"));
            std::fs::copy(self.settings_path(), &settings).expect("copying settings.json");
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

/// A copy of `binary` in `root`'s `bin/`, so the hook commands an editor echoes back (into tool
/// results and recordings) name no path of the machine's checkout.
pub fn copy_binary(root: &Path, binary: &Path) -> PathBuf {
    let copy = root
        .join("bin")
        .join(binary.file_name().expect("a binary's file name"));
    std::fs::copy(binary, &copy)
        .unwrap_or_else(|error| panic!("copying {}: {error}", binary.display()));
    copy
}

/// The payloads of `event` among `payloads`, in order.
pub fn payloads_of(payloads: Vec<Value>, event: &str) -> Vec<Value> {
    let payloads = payloads.into_iter();
    payloads.filter(|p| p["hook_event_name"] == event).collect()
}

/// The event names of `payloads`, in order.
pub fn event_names(payloads: &[Value]) -> Vec<String> {
    let names = payloads.iter().map(|p| p["hook_event_name"].as_str());
    names.map(|name| name.unwrap_or("?").to_owned()).collect()
}

/// Waits for an editor's process (`name` for the message), killing it and failing the test
/// when it runs past `limit` (a hung run, not a slow one: runs take seconds).
pub fn wait_limited(
    mut child: std::process::Child,
    limit: Duration,
    name: &str,
) -> std::process::Output {
    let started = Instant::now();
    while child.try_wait().expect("waiting for the editor").is_none() {
        if started.elapsed() > limit {
            let _ = child.kill();
            let output = child.wait_with_output().expect("the editor's output");
            panic!(
                "{name} did not finish within {limit:?}:\n{}",
                String::from_utf8_lossy(&output.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("the editor's output")
}

/// Parses a file of one JSON value a line; a missing file is empty (no hook ran).
pub fn read_jsonl(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines = text.lines().filter(|line| !line.trim().is_empty());
    lines
        .map(|line| serde_json::from_str(line).expect("a recorded payload is JSON"))
        .collect()
}
