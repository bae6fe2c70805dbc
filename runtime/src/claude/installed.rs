//! Which Claude Code is installed, and whether it knows an event: a binary older than an event
//! its settings name never runs that event's hooks and, at an interactive start, stops on its
//! Settings Error dialog for the file (`spec/claude-code/host.json`, `loading` `unknown-event`).
//! `install --claude` refuses to write such an event (unless `--force`), and `cursor-hooks
//! doctor` reports it.
//!
//! ```
//! use cursor_hooks::claude::installed::{installed, since, Installed};
//!
//! assert_eq!(since("PreSkillShellCommand").map(|v| v.to_string()).as_deref(), Some("2.1.332"));
//! match installed(std::path::Path::new(".")) {
//!     Installed::Found { version, .. } => println!("Claude Code {version}"),
//!     Installed::NotOnPath => println!("`claude` is not on PATH"),
//!     Installed::Unreadable { why } => println!("{why}"),
//! }
//! ```

use semver::Version;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The name Claude Code's CLI is installed under (npm `@anthropic-ai/claude-code`).
pub const PROGRAM: &str = "claude";

/// How long `claude --version` may take (it prints and exits at once).
const LIMIT: Duration = Duration::from_secs(10);

/// The Claude Code on `PATH`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Installed {
    /// `claude` on `PATH` says which version it is.
    Found {
        /// Where it was found (the `PATH` entry, links not followed).
        path: PathBuf,
        /// What its `--version` said.
        version: Version,
    },
    /// No `claude` in an absolute `PATH` entry outside the project.
    NotOnPath,
    /// A `claude` whose `--version` said no version.
    Unreadable {
        /// What went wrong, naming the binary.
        why: String,
    },
}

/// The first Claude Code version with the event named `name` (`spec/claude-code/events.json`
/// `since`), when known.
pub fn since(name: &str) -> Option<Version> {
    Version::parse(crate::gen::claude::events::since(name)?).ok()
}

/// Finds `claude` on `PATH` and reads its `--version` (`2.1.332 (Claude Code)`), with its update
/// check and traffic switched off, waiting at most 10 s. Relative `PATH` entries and those that
/// lie inside `project` are passed over: a project's own files are never run to inspect it.
pub fn installed(project: &Path) -> Installed {
    let Some(path) = on_path(PROGRAM, project) else {
        return Installed::NotOnPath;
    };
    match version_of(&path) {
        Ok(version) => Installed::Found { path, version },
        Err(why) => Installed::Unreadable {
            why: format!("`{} --version` {why}", path.display()),
        },
    }
}

/// The first executable `program` (an editor's CLI: `claude`, `codex`, `copilot`) in an
/// absolute `PATH` entry outside `project`: a tool that inspects or installs into a project
/// never runs a program of that project's own.
///
/// ```
/// use cursor_hooks::claude::installed::on_path;
///
/// assert_eq!(on_path("no-such-editor-anywhere", std::path::Path::new(".")), None);
/// ```
pub fn on_path(program: &str, project: &Path) -> Option<PathBuf> {
    let project = project
        .canonicalize()
        .unwrap_or_else(|_| project.to_path_buf());
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .filter(|dir| dir.is_absolute())
        .map(|dir| dir.join(program))
        .find(|candidate| {
            candidate
                .canonicalize()
                .is_ok_and(|real| !real.starts_with(&project) && is_executable(&real))
        })
}

#[cfg(unix)]
fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(path: &Path) -> bool {
    path.is_file()
}

/// Runs `path --version` and reads the version it prints first; never waits past [`LIMIT`].
fn version_of(path: &Path) -> Result<Version, String> {
    let mut child = Command::new(path)
        .arg("--version")
        .env("DISABLE_AUTOUPDATER", "1")
        .env("DISABLE_TELEMETRY", "1")
        .env("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("did not start: {e}"))?;
    let mut stdout = child.stdout.take().expect("piped");
    // Read apart, so a child that keeps its stdout open cannot hold this up past the limit.
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = stdout.by_ref().take(4096).read_to_end(&mut text);
        let _ = sender.send(text);
    });
    let deadline = Instant::now() + LIMIT;
    let text = receiver.recv_timeout(LIMIT);
    while child.try_wait().ok().flatten().is_none() {
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("did not end within {} s", LIMIT.as_secs()));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let text = String::from_utf8_lossy(&text.map_err(|_| "did not end".to_owned())?).into_owned();
    parse(&text).ok_or_else(|| format!("printed no version: {:?}", text.trim()))
}

/// The version in `claude --version`'s output: its first word.
fn parse(stdout: &str) -> Option<Version> {
    Version::parse(stdout.split_whitespace().next()?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_version_is_the_first_word_of_its_output() {
        assert_eq!(
            parse("2.1.332 (Claude Code)\n"),
            Version::parse("2.1.332").ok()
        );
        assert_eq!(parse("Claude Code\n"), None);
        assert_eq!(parse(""), None);
    }

    #[test]
    fn every_claude_code_event_has_a_first_version() {
        for event in cursor_hooks_spec::claude::EVENTS {
            assert!(since(event.name).is_some(), "{}", event.name);
        }
        assert_eq!(since("NoSuchEvent"), None);
    }
}
