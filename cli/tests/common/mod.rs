//! Temporary projects with real hooks.json files and hook scripts, and the `cursor-hooks`
//! binary run on them with a home and an enterprise path of their own.

#![allow(dead_code)] // each test file uses a part

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

pub const CLI: &str = env!("CARGO_BIN_EXE_cursor-hooks");

/// A scratch directory with `project/` and `home/`, removed when dropped.
pub struct Scratch {
    pub root: PathBuf,
}

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let root = std::env::temp_dir().join(format!(
            "cursor-hooks-cli-{name}-{}-{}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("project/.cursor/hooks")).expect("scratch dirs");
        std::fs::create_dir_all(root.join("home/.cursor")).expect("scratch dirs");
        Scratch {
            root: root.canonicalize().expect("canonical scratch"),
        }
    }

    pub fn project(&self) -> PathBuf {
        self.root.join("project")
    }

    pub fn home(&self) -> PathBuf {
        self.root.join("home")
    }

    /// Writes a file (creating its folders) under the scratch root.
    pub fn write(&self, relative: &str, text: &str) -> PathBuf {
        let path = self.root.join(relative);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("dirs");
        std::fs::write(&path, text).expect("file written");
        path
    }

    /// Writes an executable `sh` script under the scratch root.
    pub fn script(&self, relative: &str, body: &str) -> PathBuf {
        let path = self.write(relative, &format!("#!/bin/sh\n{body}\n"));
        make_executable(&path);
        path
    }

    /// A `hooks.json` with these events (a JSON object of event to list).
    pub fn hooks_json(&self, relative: &str, hooks: Value) -> PathBuf {
        let text =
            serde_json::to_string_pretty(&serde_json::json!({ "version": 1, "hooks": hooks }))
                .expect("JSON");
        self.write(relative, &text)
    }

    /// Runs `cursor-hooks ARGS` with this scratch's home, no enterprise file, in the project.
    pub fn cli(&self, args: &[&str], stdin: Option<&str>) -> Output {
        self.cli_in(&self.project(), args, stdin)
    }

    /// The same, started in `cwd` (where a relative path given is taken from).
    pub fn cli_in(&self, cwd: &Path, args: &[&str], stdin: Option<&str>) -> Output {
        self.cli_within_in(cwd, args, stdin, TOOL_LIMIT)
    }

    /// [`Scratch::cli`], killed and failed when it has not ended within `limit`.
    pub fn cli_within(
        &self,
        args: &[&str],
        stdin: Option<&str>,
        limit: std::time::Duration,
    ) -> Output {
        self.cli_within_in(&self.project(), args, stdin, limit)
    }

    /// [`Scratch::cli_in`], killed and failed when it has not ended within `limit`.
    fn cli_within_in(
        &self,
        cwd: &Path,
        args: &[&str],
        stdin: Option<&str>,
        limit: std::time::Duration,
    ) -> Output {
        let mut command = Command::new(CLI);
        command
            .args(args)
            .current_dir(cwd)
            .env("HOME", self.home())
            .env(
                "CURSOR_HOOKS_ENTERPRISE_FILE",
                self.root.join("enterprise/hooks.json"),
            )
            .env(
                "CURSOR_HOOKS_CLAUDE_MANAGED_FILE",
                self.root.join("managed/managed-settings.json"),
            )
            .stdin(if stdin.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = command.spawn().expect("cursor-hooks starts");
        if let Some(text) = stdin {
            use std::io::Write;
            child
                .stdin
                .take()
                .expect("piped")
                .write_all(text.as_bytes())
                .expect("stdin written");
        }
        wait_within(child, limit)
    }

    /// `doctor --json` on the project: the exit code and the findings.
    pub fn doctor(&self, extra: &[&str]) -> (i32, Vec<Value>) {
        let (code, report) = self.doctor_report(extra);
        let findings = report["findings"].as_array().expect("findings").clone();
        (code, findings)
    }

    /// `doctor --json` on the project: the exit code and the whole report (files, findings,
    /// counts).
    pub fn doctor_report(&self, extra: &[&str]) -> (i32, Value) {
        let project = self.project();
        let mut args = vec![
            "doctor",
            "--json",
            "--project",
            project.to_str().expect("UTF-8"),
        ];
        args.extend_from_slice(extra);
        let output = self.cli(&args, None);
        let report = json_of(&output);
        assert_speaks_the_users_terms(&report);
        (output.status.code().expect("an exit code"), report)
    }

    /// `simulate --json` with these arguments: the result object.
    pub fn simulate(&self, args: &[&str], stdin: Option<&str>) -> Value {
        self.simulate_output(args, stdin).0
    }

    /// The same, and what it wrote to stderr.
    pub fn simulate_output(&self, args: &[&str], stdin: Option<&str>) -> (Value, String) {
        let project = self.project();
        let mut all = vec![
            "simulate",
            "--json",
            "--project",
            project.to_str().expect("UTF-8"),
        ];
        all.extend_from_slice(args);
        let output = self.cli(&all, stdin);
        assert_eq!(
            output.status.code(),
            Some(0),
            "simulate failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        (json_of(&output), stderr)
    }
}

/// The JSON a `--json` run printed, or a panic showing what it printed instead.
pub fn json_of(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "no JSON ({e}): {}\n{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

impl Scratch {
    /// Installs the plugin `id` (`name@marketplace`) for Claude Code as `claude plugin install`
    /// leaves it in the scratch home: its folder in the plugin cache holding `hooks` as its
    /// `hooks/hooks.json`, a user-scope record in `installed_plugins.json` and its marketplace
    /// (a repository) in `known_marketplaces.json`. Not turned on: that is `enabledPlugins`.
    pub fn install_claude_plugin(&self, id: &str, hooks: Value) -> PathBuf {
        let (name, marketplace) = id.split_once('@').expect("name@marketplace");
        let plugins = self.home().join(".claude/plugins");
        let root = plugins
            .join("cache")
            .join(marketplace)
            .join(name)
            .join("1.0.0");
        let text = serde_json::json!({ "hooks": hooks }).to_string();
        let relative = root.strip_prefix(&self.root).expect("under the scratch");
        self.write(&relative.join("hooks/hooks.json").to_string_lossy(), &text);
        let update = |file: &str, change: &dyn Fn(&mut Value)| {
            let path = plugins.join(file);
            let mut value = std::fs::read_to_string(&path)
                .ok()
                .and_then(|t| serde_json::from_str(&t).ok())
                .unwrap_or_else(|| serde_json::json!({}));
            change(&mut value);
            std::fs::write(&path, value.to_string()).expect("written");
        };
        update("installed_plugins.json", &|records| {
            records["version"] = serde_json::json!(2);
            records["plugins"][id] = serde_json::json!([{
                "scope": "user",
                "installPath": root,
                "version": "1.0.0",
                "installedAt": "2026-12-01T00:00:00.000Z"
            }]);
        });
        update("known_marketplaces.json", &|known| {
            known[marketplace] = serde_json::json!({
                "source": { "source": "github", "repo": format!("example/{marketplace}") },
                "installLocation": plugins.join("marketplaces").join(marketplace),
                "lastUpdated": "2026-12-01T00:00:00.000Z"
            });
        });
        root
    }
}

/// Panics when a finding of doctor's `--json` report cites a source ([`cited_source`]).
pub fn assert_speaks_the_users_terms(report: &Value) {
    for finding in report["findings"].as_array().into_iter().flatten() {
        let message = finding["message"].as_str().unwrap_or_default();
        if let Some(citation) = cited_source(message) {
            panic!(
                "doctor tells the user a source ({citation}), which belongs in spec/: {message}"
            );
        }
    }
}

/// The part of a doctor message that cites where a rule was found rather than saying the rule
/// in the user's terms: an offset in a minified file, an oracle fixture, a third-party issue
/// (`owner/repo#123`), or a source's name as spec/ writes it.
pub fn cited_source(message: &str) -> Option<&str> {
    let words = message.split(|c: char| c.is_whitespace() || c == '(' || c == ')' || c == ',');
    let issue = |word: &str| {
        word.split_once('#').is_some_and(|(repo, number)| {
            repo.contains('/') && number.starts_with(|c: char| c.is_ascii_digit())
        })
    };
    let mut previous = "";
    for word in words {
        let offset =
            previous.starts_with("offset") && word.starts_with(|c: char| c.is_ascii_digit());
        if offset || issue(word) || word.ends_with(".js") {
            return Some(word);
        }
        previous = word;
    }
    [
        "oracle fixture",
        "hooks reference",
        "@cursor/sdk",
        "the Claude Code binary",
    ]
    .into_iter()
    .find(|name| message.contains(name))
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

#[cfg(unix)]
pub fn make_executable(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
}

#[cfg(not(unix))]
pub fn make_executable(_: &Path) {}

/// The findings whose message contains `text`.
pub fn with<'a>(findings: &'a [Value], text: &str) -> Vec<&'a Value> {
    findings
        .iter()
        .filter(|f| f["message"].as_str().is_some_and(|m| m.contains(text)))
        .collect()
}

pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("cli sits in the workspace")
        .to_path_buf()
}

/// The target dir of the builds these tests start themselves (the examples, a `new` crate):
/// a folder inside the target dir of this test build, whatever chose it (`CARGO_TARGET_DIR`,
/// `--target-dir`, `build.target-dir`), so a test run writes nothing into the checkout when
/// another target dir is set. `CARGO_TARGET_TMPDIR` (`<target dir>/tmp`, absolute) says where
/// that is; a relative `CARGO_TARGET_DIR` read at run time would resolve against this
/// package's folder instead of where cargo was started.
pub fn nested_target_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-tests")
}

/// The target dir the running test binary was built into: its nearest ancestor holding the
/// `CACHEDIR.TAG` cargo writes at a target dir's root.
pub fn own_target_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    exe.ancestors()
        .find(|dir| dir.join("CACHEDIR.TAG").is_file())
        .unwrap_or_else(|| panic!("no CACHEDIR.TAG above {}", exe.display()))
        .to_path_buf()
}

/// An example hook binary of this workspace, built once per test process into a target dir
/// of its own (the outer `cargo test` may hold the default one).
pub fn example_binary(name: &str) -> PathBuf {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    let target = BUILT.get_or_init(|| {
        let target = nested_target_dir();
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
        let status = Command::new(cargo)
            .args(["build", "--quiet", "-p", "cursor-hooks-examples", "--bins"])
            .current_dir(workspace_root())
            .env("CARGO_TARGET_DIR", &target)
            .status()
            .expect("cargo starts");
        assert!(status.success(), "building the examples failed");
        target
    });
    let path = target
        .join("debug")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(path.is_file(), "{} was not built", path.display());
    path
}

/// Runs a hook binary on one payload, as a process; its stdout.
pub fn run_hook(binary: &Path, payload: &str) -> String {
    use std::io::Write;
    let mut child = Command::new(binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the hook starts");
    let _ = child
        .stdin
        .take()
        .expect("piped")
        .write_all(payload.as_bytes());
    let output = child.wait_with_output().expect("the hook ends");
    String::from_utf8(output.stdout).expect("UTF-8 stdout")
}

/// How long any `cursor-hooks` run of a test may take: a tool that hangs fails its test.
pub const TOOL_LIMIT: std::time::Duration = std::time::Duration::from_secs(120);

/// The child's output, or a panic when it has not ended within [`TOOL_LIMIT`] (it is killed).
pub fn wait_bounded(child: std::process::Child) -> Output {
    wait_within(child, TOOL_LIMIT)
}

/// How long one run of Cursor's own code may take: a long generated batch (thousands of cases,
/// README) runs in one Node process.
pub const CURSOR_SDK_LIMIT: std::time::Duration = std::time::Duration::from_secs(1800);

/// The child's output, or a panic when it has not ended within `limit` (it is killed).
pub fn wait_within(child: std::process::Child, limit: std::time::Duration) -> Output {
    let id = child.id();
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(child.wait_with_output());
    });
    match receiver.recv_timeout(limit) {
        Ok(output) => output.expect("cursor-hooks ends"),
        Err(_) => {
            let _ = Command::new("kill")
                .args(["-KILL", &id.to_string()])
                .status();
            panic!("the child did not end within {limit:?}: it hangs");
        }
    }
}

/// The header of an executable for a platform `package` knows, padded to 4 KiB.
pub fn executable_header(platform: &str) -> Vec<u8> {
    let mut head = Vec::new();
    match platform {
        "linux-x86_64" | "linux-aarch64" => {
            head.extend_from_slice(b"\x7fELF\x02\x01\x01\0");
            head.resize(18, 0);
            let machine: u16 = if platform.ends_with("x86_64") {
                62
            } else {
                183
            };
            head.extend_from_slice(&machine.to_le_bytes());
        }
        "macos-x86_64" | "macos-aarch64" => {
            head.extend_from_slice(&0xfeed_facfu32.to_le_bytes());
            let cpu: u32 = if platform.ends_with("x86_64") {
                0x0100_0007
            } else {
                0x0100_000c
            };
            head.extend_from_slice(&cpu.to_le_bytes());
        }
        "macos-universal" => {
            head.extend_from_slice(&0xcafe_babeu32.to_be_bytes());
            head.extend_from_slice(&2u32.to_be_bytes());
            for cpu in [0x0100_0007u32, 0x0100_000c] {
                head.extend_from_slice(&cpu.to_be_bytes());
                head.extend_from_slice(&[0; 16]);
            }
        }
        "windows-x86_64" | "windows-aarch64" => {
            head.extend_from_slice(b"MZ");
            head.resize(0x3c, 0);
            head.extend_from_slice(&0x80u32.to_le_bytes());
            head.resize(0x80, 0);
            head.extend_from_slice(b"PE\0\0");
            let machine: u16 = if platform.ends_with("x86_64") {
                0x8664
            } else {
                0xaa64
            };
            head.extend_from_slice(&machine.to_le_bytes());
        }
        other => panic!("no header for {other}"),
    }
    head.resize(4096, 0);
    head
}

/// A file shaped like a hook binary for `platform` that carries `record` (the handler record's
/// JSON) as `main!` writes it: what `package` reads, though it cannot run.
pub fn fake_hook_binary(path: &Path, platform: &str, record: &Value) -> PathBuf {
    let json = record.to_string();
    let mut bytes = executable_header(platform);
    bytes.extend_from_slice(cursor_hooks::hooks_json::BINARY_MARKER.as_bytes());
    bytes.push(0);
    bytes.extend_from_slice(&(json.len() as u32).to_le_bytes());
    bytes.extend_from_slice(json.as_bytes());
    std::fs::create_dir_all(path.parent().expect("a parent")).expect("dirs");
    std::fs::write(path, bytes).expect("binary written");
    path.to_path_buf()
}

/// A copy of the ELF `binary` at `path` with the other processor (x86_64 or aarch64) in its
/// header (`e_machine`, at byte 18): a second platform for `package` that carries the same
/// handlers, never started.
pub fn other_processor_copy(binary: &Path, path: &Path) -> PathBuf {
    let mut bytes = std::fs::read(binary).expect("the binary");
    let machine: u16 = if cfg!(target_arch = "x86_64") {
        183
    } else {
        62
    };
    bytes[18..20].copy_from_slice(&machine.to_le_bytes());
    std::fs::create_dir_all(path.parent().expect("a parent")).expect("dirs");
    std::fs::write(path, bytes).expect("the copy written");
    path.to_path_buf()
}

/// The folder of Cursor's own hooks code as a test oracle (`tests/cursor-sdk`, README there).
pub fn cursor_sdk_harness() -> PathBuf {
    workspace_root().join("tests/cursor-sdk")
}

/// Makes Cursor's own code ready, once per test process: `.ci/setup-cursor-sdk` checks the tools
/// the SDK tests need (and fails at once naming the command that installs a missing one), then
/// installs the pinned SDK into its cache on first use, under a lock the other test binaries
/// wait on. A test that uses the SDK calls this first, so a machine that cannot run it fails
/// before the test builds anything. `CURSOR_SDK_DIR` (another copy, on purpose) skips the
/// install but not the check.
pub fn cursor_sdk_ready() {
    static READY: OnceLock<()> = OnceLock::new();
    READY.get_or_init(|| {
        let script = if std::env::var_os("CURSOR_SDK_DIR").is_some() {
            ".ci/check-test-tools"
        } else {
            ".ci/setup-cursor-sdk"
        };
        let output = Command::new("bash")
            .arg(workspace_root().join(script))
            .stdin(Stdio::null())
            .output()
            .unwrap_or_else(|error| panic!("bash {script} cannot start: {error}"));
        assert!(
            output.status.success(),
            "bash {script} failed ({}), so Cursor's own code cannot run:\n{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
    });
}

/// Runs `script` of the harness (`oracle.mjs`, `plugin.mjs`, `version-report.mjs`) in one
/// offline Node process, `input` (if any) as JSON on its stdin; its stdout, once it succeeded.
pub fn cursor_sdk(script: &str, input: Option<&Value>) -> String {
    use std::io::Write;
    cursor_sdk_ready();
    let dir = cursor_sdk_harness();
    let mut child = Command::new(dir.join("offline.sh"))
        .arg("node")
        .arg(dir.join(script))
        .env("SHELL", "/bin/sh")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tests/cursor-sdk/offline.sh starts (it needs `unshare` and `node`)");
    let mut stdin = child.stdin.take().expect("stdin");
    if let Some(input) = input {
        stdin
            .write_all(input.to_string().as_bytes())
            .expect("input written");
    }
    drop(stdin);
    let output = wait_within(child, CURSOR_SDK_LIMIT);
    assert!(
        output.status.success(),
        "Cursor's own code (tests/cursor-sdk/{script}) failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// Runs `cases` (`{"id", "project", "home", "event"?, "payload"?, "plugins"?}`, see
/// `tests/cursor-sdk/oracle.mjs`) through Cursor's own loader and executor in one offline Node
/// process; one result object per case, in order.
pub fn cursor_oracle(cases: Vec<Value>) -> Vec<Value> {
    let stdout = cursor_sdk("oracle.mjs", Some(&serde_json::json!({ "cases": cases })));
    let results: Vec<Value> = stdout
        .lines()
        .skip(1)
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect();
    for result in &results {
        assert!(
            result.get("oracleError").is_none(),
            "the oracle failed on a case: {}",
            result["oracleError"]
        );
    }
    results
}
