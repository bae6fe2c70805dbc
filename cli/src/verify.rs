//! `cursor-hooks verify`: runs the editor the user has installed, in the user's project with the
//! user's configuration, against a model mock on 127.0.0.1 that scripts one harmless tool call,
//! and reports which hooks fired, what they answered and what the editor then did. Each host's
//! run is in its own home (`claude::verify`); this is the frame: the network namespace, the
//! check that the project is left as it was, and the report.
//!
//! Nothing the editor is asked to run can change anything: the call is `printf` of a fixed
//! word, and with `--command` the pattern is a single-quoted argument of `:` (the shell's no-op),
//! which a guard sees and the shell ignores. The editor runs with a scratch home seeded with
//! copies of the user's settings, so its own state is never written; on Linux the run is inside
//! a new network namespace with only loopback (`unshare`), elsewhere it relies on the editor's
//! own offline switches and says so.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::SystemTime;

/// The editors `verify` runs.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Editor {
    ClaudeCode,
}

/// Runs `verify`: inside a network namespace where one can be made, else with the editor's own
/// switches (said in the report); the exit code.
pub fn run(project: Option<PathBuf>, pattern: Option<&str>, json: bool) -> Result<i32, String> {
    let isolation = match enter_namespace() {
        Ok(Some(code)) => return Ok(code),
        Ok(None) => Isolation::Namespace,
        Err(why) if std::env::var_os(INSIDE).is_some() => return Err(why),
        Err(why) => Isolation::Switches(why),
    };
    let locations = crate::sources::Locations::new(project, Vec::new())?;
    let report = match crate::claude::verify::run(&locations, pattern, &isolation) {
        Ok(report) => report,
        Err(why) if why.starts_with("Claude Code is not installed") => {
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
            "cursor-hooks: Claude Code exited with {:?}: {}",
            report.exit_code,
            report.stderr.trim()
        );
    }
    Ok(i32::from(!ended || !report.changed.is_empty()))
}

/// Set in the environment of `verify` re-run inside the namespace.
const INSIDE: &str = "CURSOR_HOOKS_VERIFY_NETNS";

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
