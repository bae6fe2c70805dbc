//! OpenAI Codex CLI in the `cursor-hooks` command: which of its hooks files exist and whether
//! Codex will run what they hold (`doctor --host codex`). Codex's facts are in `spec/codex/`
//! (`host.json`, `trust`); its trust key and hash come from the spec crate
//! (`cursor_hooks_spec::codex_trust`), the one implementation of codex-rs's rule.

pub mod plugins;
pub mod simulate;
pub mod trust;
pub mod verify;

use crate::findings::{Finding, HostName, Severity};
use crate::sources::Locations;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The largest hooks or config file read (a file a cloned repository planted may be huge).
const LIMIT: u64 = 4 << 20;

/// One hooks file Codex reads, as found.
#[derive(Debug)]
pub struct HooksFile {
    /// `user`, `project` or `plugin` (`config_sources` in `spec/codex/host.json`).
    pub source: &'static str,
    pub path: PathBuf,
    /// The source part of its hooks' trust keys: the path as Codex displays it, or for a
    /// plugin's file `NAME@MARKETPLACE:<its path in the plugin>` (`spec/codex/host.json`,
    /// `plugins`).
    pub key_source: String,
    /// Its command hooks, in Codex's order (event, group, handler).
    pub hooks: Vec<CommandEntry>,
}

/// One command handler of a hooks file.
#[derive(Debug)]
pub struct CommandEntry {
    /// The JSON pointer of the handler.
    pub pointer: String,
    pub event: String,
    pub group: usize,
    pub handler: usize,
    pub matcher: Option<String>,
    pub command: String,
    pub timeout: Option<u64>,
    pub r#async: bool,
    pub status_message: Option<String>,
}

/// Codex's own folder: `$CODEX_HOME`, else `~/.codex` (`spec/codex/host.json`, `config_sources`).
pub fn codex_home(locations: &Locations) -> Option<PathBuf> {
    match std::env::var_os("CODEX_HOME").filter(|home| !home.is_empty()) {
        Some(home) => Some(PathBuf::from(home)),
        None => Some(locations.home.as_ref()?.join(".codex")),
    }
}

/// The user and project hooks files that exist, each read, with what reading them found.
pub fn load(locations: &Locations, findings: &mut Vec<Finding>) -> Vec<HooksFile> {
    let user = codex_home(locations).map(|home| ("user", home.join("hooks.json")));
    let project = Some(("project", locations.project.join(".codex/hooks.json")));
    let mut files = Vec::new();
    for (source, path) in [user, project].into_iter().flatten() {
        let key_source = path.display().to_string();
        files.extend(read_file(source, key_source, path, findings));
    }
    files
}

/// One hooks file of `source`, whose hooks Codex's trust keys name by `key_source`; `None`
/// when it is missing or Codex cannot use it (with a finding).
fn read_file(
    source: &'static str,
    key_source: String,
    path: PathBuf,
    findings: &mut Vec<Finding>,
) -> Option<HooksFile> {
    let bytes = match crate::safe_read::read(&path, LIMIT) {
        Ok(bytes) => bytes,
        Err(crate::safe_read::Refusal::Missing) => return None,
        Err(why) => {
            let message = format!("Codex cannot use this file: {}", why.describe(LIMIT));
            findings.push(codex_finding(Severity::Error, &path, "", message));
            return None;
        }
    };
    match read_hooks(&bytes) {
        Ok(hooks) => Some(HooksFile {
            source,
            key_source,
            path,
            hooks,
        }),
        Err((pointer, why)) => {
            let message = format!("Codex loads no hook from this file: {why}");
            findings.push(codex_finding(Severity::Error, &path, &pointer, message));
            None
        }
    }
}

/// The command handlers of a hooks file (`{"hooks": {Event: [{matcher, hooks: [...]}]}}`, Claude
/// Code's settings shape), or where and why it is not one.
fn read_hooks(bytes: &[u8]) -> Result<Vec<CommandEntry>, (String, String)> {
    let root: Value = serde_json::from_slice(bytes)
        .map_err(|error| (String::new(), format!("it is not JSON ({error})")))?;
    let Some(events) = root.get("hooks") else {
        return Ok(Vec::new());
    };
    let events = events
        .as_object()
        .ok_or(("/hooks".to_owned(), "`hooks` is not an object".to_owned()))?;
    let mut entries = Vec::new();
    for (event, groups) in events {
        let at = format!("/hooks/{}", crate::findings::segment(event));
        let groups = groups.as_array().ok_or((
            at.clone(),
            format!("`{event}` is not a list of matcher groups"),
        ))?;
        for (group, item) in groups.iter().enumerate() {
            let matcher = item
                .get("matcher")
                .and_then(Value::as_str)
                .map(str::to_owned);
            let handlers = item.get("hooks").and_then(Value::as_array);
            for (handler, hook) in handlers.into_iter().flatten().enumerate() {
                let kind = hook.get("type").and_then(Value::as_str);
                let Some(command) = hook.get("command").and_then(Value::as_str) else {
                    continue;
                };
                if kind != Some("command") {
                    continue;
                }
                entries.push(CommandEntry {
                    pointer: format!("{at}/{group}/hooks/{handler}"),
                    event: event.clone(),
                    group,
                    handler,
                    matcher: matcher.clone(),
                    command: command.to_owned(),
                    timeout: hook.get("timeout").and_then(Value::as_u64),
                    r#async: hook.get("async").and_then(Value::as_bool).unwrap_or(false),
                    status_message: hook
                        .get("statusMessage")
                        .and_then(Value::as_str)
                        .map(str::to_owned),
                });
            }
        }
    }
    Ok(entries)
}

/// What doctor found of Codex's files.
pub struct Doctor {
    pub files: Vec<HooksFile>,
    pub trust: trust::Report,
}

/// Reads Codex's hooks files, its enabled plugins' among them, and holds their hooks against
/// its trust gates; the findings go to `findings`.
pub fn doctor(locations: &Locations, findings: &mut Vec<Finding>) -> Doctor {
    let mut files = load(locations, findings);
    if let Some(home) = codex_home(locations) {
        files.extend(plugins::load(&home, findings));
    }
    let trust = match codex_home(locations) {
        Some(home) => trust::check(&files, &home, &locations.project),
        None => trust::Report::default(),
    };
    findings.extend(trust.findings.iter().cloned());
    clamped_timeouts(&files, findings);
    unanswered(locations, &files, findings);
    Doctor { files, trust }
}

/// A handler whose cursor-hooks binary has no Codex handler for its event (a unified handler
/// compiled without Codex, say): it answers nothing there.
fn unanswered(locations: &Locations, files: &[HooksFile], findings: &mut Vec<Finding>) {
    let lookup = locations.lookup(None);
    for file in files {
        for hook in &file.hooks {
            let host = cursor_hooks::Host::Codex;
            let project = locations.project.as_path();
            if let Some(why) =
                crate::doctor::no_handler_for(&hook.command, project, &lookup, host, &hook.event)
            {
                findings.push(codex_finding(
                    Severity::Warning,
                    &file.path,
                    &hook.pointer,
                    why,
                ));
            }
        }
    }
}

/// A handler whose `timeout` Codex clamps (SessionEnd and Interrupt: at most 3 s, `events.json`
/// `timeout_max_seconds`): Codex stops it sooner than the file says, and warns at every start.
fn clamped_timeouts(files: &[HooksFile], findings: &mut Vec<Finding>) {
    for file in files {
        for hook in &file.hooks {
            let (Some(timeout), Some(max)) = (hook.timeout, simulate::timeout_max(&hook.event))
            else {
                continue;
            };
            if timeout > max {
                let message = format!(
                    "Codex clamps a `{}` hook's timeout to at most {max} s (and warns at every start): `{}` is stopped after {max} s, not {timeout}; write `\"timeout\": {max}` or less",
                    hook.event, hook.command
                );
                let at = format!("{}/timeout", hook.pointer);
                findings.push(codex_finding(Severity::Warning, &file.path, &at, message));
            }
        }
    }
}

/// A finding of Codex's reading of `file`.
pub fn codex_finding(severity: Severity, file: &Path, pointer: &str, message: String) -> Finding {
    Finding {
        host: HostName::Codex,
        ..Finding::new(severity, file, pointer, message)
    }
}
