//! `cursor-hooks verify`: runs the editor the user has installed, in the user's project with the
//! user's configuration, against a model mock on 127.0.0.1 that scripts one harmless tool call,
//! and reports which hooks fired, what they answered and what the editor then did. Each host's
//! run is in its own home (`claude::verify`, `codex::verify`, `copilot::verify`); this is the
//! frame: the network namespace, the scratch home, the check that the project is left as it
//! was, and the report.
//!
//! Nothing the editor is asked to run can change anything: the call is `printf` of a fixed
//! word, and with `--command` the pattern is a single-quoted argument of `:` (the shell's no-op),
//! which a guard sees and the shell ignores. The editor runs with a scratch home seeded with
//! copies of the user's settings, so its own state is never written; on Linux the run is inside
//! a new network namespace with only loopback (`unshare`), elsewhere it relies on the editor's
//! own offline switches and says so.

use crate::findings::Finding;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::SystemTime;

/// The editors `verify` runs.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Editor {
    ClaudeCode,
    Codex,
    Copilot,
}

/// What every host's refusal to run without its editor says (exit 2).
pub const NOT_INSTALLED: &str = "is not installed here";

/// Runs `verify`: inside a network namespace where one can be made, else with the editor's own
/// switches (said in the report); the exit code.
pub fn run(
    project: Option<PathBuf>,
    pattern: Option<&str>,
    json: bool,
    editor: Editor,
) -> Result<i32, String> {
    let isolation = match enter_namespace() {
        Ok(Some(code)) => return Ok(code),
        Ok(None) => Isolation::Namespace,
        Err(why) if std::env::var_os(INSIDE).is_some() => return Err(why),
        Err(why) => Isolation::Switches(why),
    };
    let locations = crate::sources::Locations::new(project, Vec::new())?;
    let run = match editor {
        Editor::ClaudeCode => crate::claude::verify::run,
        Editor::Codex => crate::codex::verify::run,
        Editor::Copilot => crate::copilot::verify::run,
    };
    let report = match run(&locations, pattern, &isolation) {
        Ok(report) => report,
        Err(why) if why.contains(NOT_INSTALLED) => {
            eprintln!("cursor-hooks: {why}");
            return Ok(2);
        }
        Err(why) => return Err(why),
    };
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&report.json(&isolation)).expect("a report serializes")
        );
    } else {
        report.print(&isolation);
    }
    let ended = report.exit_code == Some(0);
    if !ended && !json {
        eprintln!(
            "cursor-hooks: {} exited with {:?}: {}",
            report.name,
            report.exit_code,
            report.stderr.trim()
        );
    }
    Ok(i32::from(!ended || !report.changed.is_empty()))
}

/// Set in the environment of `verify` re-run inside the namespace.
const INSIDE: &str = "CURSOR_HOOKS_VERIFY_NETNS";

/// The prompt of the turn (the mock scripts the model's answer whatever it says).
pub const PROMPT: &str = "cursor-hooks verify: run the one command you are given.";

/// How long the editor may take for the turn before it is stopped.
pub const TURN_LIMIT: std::time::Duration = std::time::Duration::from_secs(180);

/// Why a turn that did not end in time failed.
pub fn timed_out(product: &str, isolation: &Isolation) -> String {
    format!(
        "{product} did not end its turn within {} s (isolation: {})",
        TURN_LIMIT.as_secs(),
        isolation.describe()
    )
}

/// What the scripted call prints when the shell runs it; its command holds `%s` in its place, so
/// a refusal that quotes the command never reads as a run.
pub const RAN: &str = "cursor-hooks-verify-ran";

/// How the run was kept off the network.
pub enum Isolation {
    /// A network namespace with only loopback.
    Namespace,
    /// None could be made: why, and the editor's own switches are all that hold it back.
    Switches(String),
}

impl Isolation {
    /// The report's `isolation`.
    pub fn describe(&self) -> String {
        match self {
            Isolation::Namespace => "a network namespace with only loopback".to_owned(),
            Isolation::Switches(why) => format!(
                "no network namespace ({why}): only the editor's own offline switches and the mock's address keep it local"
            ),
        }
    }
}

/// The shell command the model asks to run: harmless by construction.
pub fn scripted_command(pattern: Option<&str>) -> String {
    let run = format!("printf '{}\\n' ran", RAN.replace("-ran", "-%s"));
    match pattern {
        // Single-quoted (a `'` closed, escaped and reopened): no expansion, no redirection.
        Some(pattern) => format!(": '{}' && {run}", pattern.replace('\'', r"'\''")),
        None => run,
    }
}

/// Re-runs this `verify` inside a new network namespace with loopback up, where this machine
/// can make one, and returns its exit code; `Err` with why not, to run here instead. Inside the
/// namespace (the re-run), `Ok(None)`: go on.
pub fn enter_namespace() -> Result<Option<i32>, String> {
    if std::env::var_os(INSIDE).is_some() {
        return cursor_hooks_cli::live::only_loopback().map(|()| None);
    }
    // Already in a namespace with only loopback (a test harness's): nothing to add.
    if cursor_hooks_cli::live::only_loopback().is_ok() {
        return Ok(None);
    }
    if !cfg!(target_os = "linux") {
        return Err("network namespaces are Linux's".to_owned());
    }
    let flags = if is_root() { "-n" } else { "-rn" };
    let probe = Command::new("unshare")
        .args([flags, "true"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    match probe {
        Ok(status) if status.success() => {}
        Ok(_) => return Err(format!("`unshare {flags}` is not allowed here")),
        Err(error) => return Err(format!("`unshare` cannot start: {error}")),
    }
    let me = std::env::current_exe().map_err(|e| format!("cannot tell where this tool is: {e}"))?;
    let status = Command::new("unshare")
        .arg(flags)
        .args(["sh", "-c", r#"ip link set lo up && exec "$0" "$@""#])
        .arg(me)
        .args(std::env::args_os().skip(1))
        .env("PATH", path_with_sbin())
        .env(INSIDE, "1")
        .status()
        .map_err(|e| format!("`unshare` cannot start: {e}"))?;
    Ok(Some(status.code().unwrap_or(2)))
}

/// `PATH` with the folders `ip` lives in, which a user's `PATH` may leave out.
fn path_with_sbin() -> std::ffi::OsString {
    let mut path = std::env::var_os("PATH").unwrap_or_default();
    path.push(":/usr/sbin:/sbin");
    path
}

fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status").is_ok_and(|status| {
        status
            .lines()
            .find_map(|line| line.strip_prefix("Uid:"))
            .and_then(|ids| ids.split_whitespace().next())
            == Some("0")
    })
}

/// Every file and link under `root` (never followed) with its size and modification time: what
/// `verify` compares before and after the run. `.git` is walked too.
pub fn snapshot(root: &Path) -> Vec<(PathBuf, u64, Option<SystemTime>)> {
    let mut entries = Vec::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let Ok(read) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in read.flatten() {
            let path = entry.path();
            let Ok(meta) = std::fs::symlink_metadata(&path) else {
                continue;
            };
            if meta.is_dir() {
                folders.push(path.clone());
            }
            let relative = path.strip_prefix(root).unwrap_or(&path).to_path_buf();
            let size = if meta.is_dir() { 0 } else { meta.len() };
            entries.push((relative, size, meta.modified().ok()));
        }
    }
    entries.sort();
    entries
}

/// The paths that differ between two snapshots.
pub fn changed(
    before: &[(PathBuf, u64, Option<SystemTime>)],
    after: &[(PathBuf, u64, Option<SystemTime>)],
) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = before
        .iter()
        .filter(|entry| !after.contains(entry))
        .chain(after.iter().filter(|entry| !before.contains(entry)))
        .map(|(path, _, _)| path.clone())
        .collect();
    paths.sort();
    paths.dedup();
    paths
}

/// One hook run, as the editor reported it.
pub struct HookRun {
    pub event: String,
    /// The editor's name for it (Claude Code's `PreToolUse:Bash`, Codex's run id, Copilot's
    /// invocation id).
    pub name: String,
    pub exit_code: Option<i64>,
    pub outcome: String,
    pub stdout: String,
    pub stderr: String,
    /// The file it came from, where the editor says (Codex does).
    pub file: Option<PathBuf>,
}

/// One hook of the user's configuration, and what became of it.
pub struct Configured {
    pub file: PathBuf,
    pub pointer: String,
    pub event: String,
    pub matcher: Option<String>,
    pub command: String,
    /// `fired` (its event's hooks ran), `skipped` (a gate kept it off) or `not_fired` (the turn
    /// did not fire its event, or its matcher did not select the call).
    pub status: &'static str,
    pub why: String,
}

/// What the run showed.
pub struct Report {
    /// The report's `host` (`claude-code`, `codex`, `copilot`).
    pub host: &'static str,
    /// The editor's name for people (`Claude Code`).
    pub name: &'static str,
    /// The program's name, the key of its path in the report (`claude`).
    pub program: &'static str,
    pub binary: PathBuf,
    pub version: String,
    pub command: String,
    pub configured: Vec<Configured>,
    pub runs: Vec<HookRun>,
    /// Whether the shell ran the call (its output reached the model).
    pub call_ran: bool,
    /// What the model was told of the call.
    pub told: String,
    /// The files of the project that differ after the run (none, by construction).
    pub changed: Vec<PathBuf>,
    pub findings: Vec<Finding>,
    pub exit_code: Option<i32>,
    pub stderr: String,
}

impl Report {
    /// The report as one JSON object.
    pub fn json(&self, isolation: &Isolation) -> Value {
        let mut report = json!({
            "host": self.host,
            "version": self.version,
            "isolation": isolation.describe(),
            "command": self.command,
            "configured": self.configured.iter().map(|hook| json!({
                "file": hook.file,
                "pointer": hook.pointer,
                "event": hook.event,
                "matcher": hook.matcher,
                "command": hook.command,
                "status": hook.status,
                "why": hook.why,
            })).collect::<Vec<_>>(),
            "runs": self.runs.iter().map(|run| {
                let mut entry = json!({
                    "event": run.event,
                    "name": run.name,
                    "exit_code": run.exit_code,
                    "outcome": run.outcome,
                    "stdout": run.stdout,
                    "stderr": run.stderr,
                });
                if let Some(file) = &run.file {
                    entry["file"] = json!(file);
                }
                entry
            }).collect::<Vec<_>>(),
            "call": {"ran": self.call_ran, "told": self.told},
            "project_changed": self.changed,
            "findings": self.findings,
            "exit_code": self.exit_code,
        });
        report[self.program] = json!(self.binary);
        report
    }

    /// The report for people.
    pub fn print(&self, isolation: &Isolation) {
        println!(
            "{} {} ({}), {}",
            self.name,
            self.version,
            self.binary.display(),
            isolation.describe()
        );
        println!("the model asked to run: {}", self.command);
        for hook in &self.configured {
            println!(
                "{}#{}: {}{} `{}`: {}: {}",
                hook.file.display(),
                hook.pointer,
                hook.event,
                hook.matcher
                    .as_ref()
                    .map(|m| format!(" [{m}]"))
                    .unwrap_or_default(),
                hook.command,
                hook.status.replace('_', " "),
                hook.why
            );
        }
        for run in &self.runs {
            let code = run
                .exit_code
                .map_or("no exit code".to_owned(), |c| format!("exit {c}"));
            println!(
                "ran {} ({}): {code}, {}, answered {:?}{}",
                run.event,
                run.name,
                run.outcome,
                run.stdout.trim(),
                if run.stderr.trim().is_empty() {
                    String::new()
                } else {
                    format!(", stderr {:?}", run.stderr.trim())
                }
            );
        }
        if self.call_ran {
            println!("the call ran; the model was told: {:?}", self.told.trim());
        } else {
            println!(
                "the call did not run; the model was told: {:?}",
                self.told.trim()
            );
        }
        if self.changed.is_empty() {
            println!("the project is unchanged");
        } else {
            for path in &self.changed {
                println!("changed in the project during the run: {}", path.display());
            }
        }
        for finding in &self.findings {
            println!("{}", crate::findings::line_for(finding, false, true));
        }
    }
}

/// An editor's program on `PATH`, never one inside the project (the runtime's lookup, which
/// `install --claude` uses too).
pub use cursor_hooks::claude::installed::on_path;

/// The first line `program --version` prints, run as `command` (the editor's offline command
/// builder's), waiting at most 20 s; empty when it prints none.
pub fn version_of(mut command: Command) -> String {
    command.arg("--version");
    crate::child::run(command, b"", std::time::Duration::from_secs(20))
        .ok()
        .filter(|output| !output.timed_out)
        .and_then(|output| {
            output
                .stdout
                .text
                .lines()
                .map(str::trim)
                .find(|line| !line.is_empty())
                .map(str::to_owned)
        })
        .unwrap_or_default()
}

/// The scratch home: a temporary folder the editor gets as its `HOME`, seeded with copies of
/// the user's files, removed on drop.
pub struct Scratch {
    root: PathBuf,
    /// The editor's `HOME`.
    pub home: PathBuf,
}

impl Scratch {
    /// An empty scratch home.
    pub fn new() -> Result<Scratch, String> {
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |time| time.as_nanos());
        let root = std::env::temp_dir().join(format!(
            "cursor-hooks-verify-{}-{stamp}",
            std::process::id()
        ));
        let scratch = Scratch {
            home: root.join("home"),
            root,
        };
        std::fs::create_dir_all(&scratch.home)
            .map_err(|e| format!("cannot make a scratch home: {e}"))?;
        Ok(scratch)
    }

    /// A folder beside the home, for the editor's logs.
    pub fn beside(&self, name: &str) -> PathBuf {
        self.root.join(name)
    }

    /// Copies `base/relative` to `relative` under the scratch home when it is a regular file
    /// reached through real folders only: no link is followed out of the user's folders.
    /// Whether it was copied.
    pub fn seed(&self, base: &Path, relative: &str) -> Result<bool, String> {
        self.seed_as(base, relative, relative)
    }

    /// [`Scratch::seed`], to `to` under the scratch home.
    pub fn seed_as(&self, base: &Path, relative: &str, to: &str) -> Result<bool, String> {
        let Some(from) = regular_file(base, relative) else {
            return Ok(false);
        };
        let to = self.home.join(to);
        std::fs::create_dir_all(to.parent().expect("a parent"))
            .and_then(|()| std::fs::copy(&from, &to).map(|_| ()))
            .map_err(|e| format!("cannot copy {} into the scratch home: {e}", from.display()))?;
        Ok(true)
    }
}

/// `base/relative` when every folder on the way from `base` is a real folder (no link) and the
/// file itself a regular file.
pub fn regular_file(base: &Path, relative: &str) -> Option<PathBuf> {
    let mut path = base.to_path_buf();
    let parts: Vec<&str> = relative
        .split('/')
        .filter(|part| !part.is_empty())
        .collect();
    for (at, part) in parts.iter().enumerate() {
        if *part == ".." {
            return None;
        }
        path.push(part);
        let meta = std::fs::symlink_metadata(&path).ok()?;
        let last = at + 1 == parts.len();
        if (last && !meta.is_file()) || (!last && !meta.is_dir()) {
            return None;
        }
    }
    Some(path)
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scripted_command_only_prints_and_quotes_the_pattern() {
        assert_eq!(
            scripted_command(None),
            "printf 'cursor-hooks-verify-%s\\n' ran"
        );
        assert_eq!(
            scripted_command(Some("rm -rf / $(touch x) 'q'")),
            r#": 'rm -rf / $(touch x) '\''q'\''' && printf 'cursor-hooks-verify-%s\n' ran"#
        );
        assert!(!scripted_command(None).contains(RAN));
    }

    #[test]
    fn the_shell_runs_nothing_of_the_pattern() {
        let dir = std::env::temp_dir().join(format!("verify-pattern-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let command = scripted_command(Some(
            "rm -rf . $(touch made) `touch made2`; touch made3 > made4",
        ));
        let output = Command::new("sh")
            .args(["-c", &command])
            .current_dir(&dir)
            .output()
            .unwrap();
        assert_eq!(String::from_utf8_lossy(&output.stdout), format!("{RAN}\n"));
        let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert!(left.is_empty(), "the pattern ran: {left:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
