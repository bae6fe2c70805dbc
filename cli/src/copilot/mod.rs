//! GitHub Copilot CLI in the `cursor-hooks` command: which of its hooks files exist, what they
//! hold, and whether Copilot will run the project's hooks at all (`doctor --host copilot`).
//! Copilot's facts are in `spec/copilot/` (`host.json`: `config_sources`, `trust`); its events
//! come from the spec crate (`cursor_hooks_spec::copilot`). `simulate --host copilot` runs the
//! hooks these files hold ([`simulate`]).

pub mod simulate;
pub mod verify;

use crate::findings::{Finding, HostName, Severity};
use crate::sources::Locations;
use cursor_hooks_spec::copilot;
use serde_json::Value;
use std::path::{Component, Path, PathBuf};

/// The largest hooks or config file read (a file a cloned repository planted may be huge).
const LIMIT: u64 = 4 << 20;

/// One hooks file Copilot reads, as found.
#[derive(Debug)]
pub struct HooksFile {
    /// `user` or `project` (`config_sources` in `spec/copilot/host.json`).
    pub source: &'static str,
    pub path: PathBuf,
    /// How many command hooks it holds.
    pub hooks: usize,
    /// Its command hooks of Copilot's own (camelCase) events, in file order.
    pub entries: Vec<CommandEntry>,
    /// Why Copilot runs none of them though it reads the file, if it does not.
    pub dropped: Option<String>,
}

/// One command hook of a hooks file: a flat entry, or a handler of a Claude-style nested group
/// (which Copilot also reads; the group's `matcher` applies).
#[derive(Debug)]
pub struct CommandEntry {
    /// The JSON pointer of the entry.
    pub pointer: String,
    /// Its event key as written (camelCase for Copilot's own events).
    pub event: String,
    /// Its `matcher` (or its nested group's): a regex on the tool name.
    pub matcher: Option<String>,
    /// The Unix command (`bash`; Claude's `command` key when there is no `bash`).
    pub bash: Option<String>,
    /// Its working directory, relative to the project or absolute.
    pub cwd: Option<String>,
    /// Variables it is given, literally.
    pub env: Vec<(String, String)>,
    /// `timeoutSec`.
    pub timeout: Option<u64>,
}

/// Whether Copilot trusts the project folder, which it needs to run any project hook.
#[derive(Debug)]
pub struct Trust {
    /// Copilot's config file, where trusted folders are kept.
    pub config: PathBuf,
    /// Whether the project is a trusted folder or inside one.
    pub trusted: bool,
    /// The project files whose hooks Copilot would skip when it is not.
    pub skipped: Vec<PathBuf>,
}

/// What doctor found of Copilot's files.
pub struct Doctor {
    pub files: Vec<HooksFile>,
    pub trust: Option<Trust>,
}

/// Copilot's own folder: `$COPILOT_HOME`, else `~/.copilot` (as the pinned binary finds it:
/// `process.env.COPILOT_HOME ?? join(homedir(), ".copilot")`).
pub fn copilot_home(locations: &Locations) -> Option<PathBuf> {
    match std::env::var_os("COPILOT_HOME").filter(|home| !home.is_empty()) {
        Some(home) => Some(PathBuf::from(home)),
        None => Some(locations.home.as_ref()?.join(".copilot")),
    }
}

/// The `*.json` files of `dir`, sorted by name (Copilot reads every one).
fn json_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    files.sort();
    files
}

/// Reads Copilot's hooks files and holds the project's against the folder trust gate; the
/// findings go to `findings`.
pub fn doctor(locations: &Locations, findings: &mut Vec<Finding>) -> Doctor {
    let home = copilot_home(locations);
    let user = home.iter().flat_map(|home| json_files(&home.join("hooks")));
    let project = json_files(&locations.project.join(".github/hooks"));
    let mut files = Vec::new();
    let sources = user
        .map(|path| ("user", path))
        .chain(project.into_iter().map(|path| ("project", path)));
    for (source, path) in sources {
        if let Some(entries) = read_file(&path, findings) {
            files.push(HooksFile {
                dropped: None,
                source,
                path,
                hooks: entries.len(),
                entries,
            });
        }
    }
    unanswered(locations, &files, findings);
    let trust = home.map(|home| trust(locations, &home, &files));
    if let Some(trust) = trust.as_ref().filter(|trust| !trust.trusted) {
        for file in &trust.skipped {
            // Copilot's own files are there for Copilot; Claude Code's settings file may be
            // for Claude Code alone, so that Copilot skips it is only worth a note.
            let own = file.starts_with(locations.project.join(".github"));
            let severity = if own {
                Severity::Warning
            } else {
                Severity::Note
            };
            findings.push(copilot_finding(
                severity,
                file,
                "",
                format!(
                    "Copilot skips this project hook file without a word: {} is not a folder \
                     it trusts; trust it by answering Copilot's trust prompt there, by starting \
                     it with `--trust-folder`, or by adding the folder to `trusted_folders` in {}",
                    locations.project.display(),
                    trust.config.display()
                ),
            ));
        }
    }
    if trust.as_ref().is_some_and(|trust| trust.trusted) {
        claude_files_by_copilots_rules(locations, findings);
    }
    if let Some(first) = files.iter().find(|file| file.hooks > 0) {
        findings.push(copilot_finding(
            Severity::Note,
            &first.path,
            "",
            "in `copilot -p`, a tool call that needs permission is denied unless it runs with \
             `--allow-all-tools` (or `COPILOT_ALLOW_ALL=true`), or a hook allows it",
        ));
    }
    Doctor { files, trust }
}

/// A note on each event of Claude Code's project settings that Copilot runs (in a folder it
/// trusts): what Copilot does differently with those hooks (`spec/claude-code/host.json`,
/// `copilot.outputs`), so a Claude Code hook is not trusted to behave there as it does in
/// Claude Code.
fn claude_files_by_copilots_rules(locations: &Locations, findings: &mut Vec<Finding>) {
    let rules = &crate::claude::host::host().copilot;
    for (path, events) in claude_settings(&locations.project) {
        if let Some(pointer) = claude_file_dropped_by(&events) {
            let message = "Copilot runs none of this file's hooks: a tool's group with \
                           `matcher: \"\"` drops them all (Claude Code reads it as every tool); \
                           leave the matcher out, or write `*`";
            findings.push(copilot_finding(Severity::Warning, &path, &pointer, message));
            continue;
        }
        for event in events.keys() {
            let found = rules.rules_for(event);
            if found.is_empty() {
                continue;
            }
            let pointer = format!("/hooks/{}", crate::findings::segment(event));
            let message = format!(
                "Copilot runs these {event} hooks by its own rules, not Claude Code's: {}",
                found.join(" ")
            );
            findings.push(copilot_finding(Severity::Note, &path, &pointer, message));
        }
    }
}

/// Where a Claude Code settings file's `hooks` make Copilot run none of them, as the JSON
/// pointer of the group to blame: a group of a tool's event whose `matcher` is `""`
/// (`spec/copilot/host.json` `observed_rules`, `claude-empty-matcher-drops-the-file`).
pub fn claude_file_dropped_by(hooks: &serde_json::Map<String, Value>) -> Option<String> {
    let host = simulate::host();
    let rule = host["observed_rules"]
        .as_array()?
        .iter()
        .find(|rule| rule["id"] == "claude-empty-matcher-drops-the-file")?;
    let claude_events = host["claude_events"]["events"].as_object()?;
    let tool_events: Vec<&Value> = rule["applies_to"]
        .as_array()?
        .iter()
        .filter_map(|copilot| claude_events.get(copilot.as_str()?))
        .collect();
    hooks
        .iter()
        .filter(|(event, _)| tool_events.iter().any(|e| e.as_str() == Some(event)))
        .find_map(|(event, groups)| {
            let at = groups.as_array()?.iter().position(|g| g["matcher"] == "")?;
            Some(format!(
                "/hooks/{}/{at}/matcher",
                crate::findings::segment(event)
            ))
        })
}

/// An entry whose cursor-hooks binary has no Copilot handler for its event (a unified handler
/// compiled without Copilot, say): a warning, since Copilot's payloads name no event and the
/// binary answers nothing there.
fn unanswered(locations: &Locations, files: &[HooksFile], findings: &mut Vec<Finding>) {
    let lookup = locations.lookup(None);
    for file in files {
        for entry in &file.entries {
            let Some(command) = &entry.bash else { continue };
            let cwd = entry
                .cwd
                .as_ref()
                .map_or(locations.project.clone(), |cwd| locations.project.join(cwd));
            let host = cursor_hooks::Host::Copilot;
            if let Some(why) =
                crate::doctor::no_handler_for(command, &cwd, &lookup, host, &entry.event)
            {
                findings.push(copilot_finding(
                    Severity::Warning,
                    &file.path,
                    &entry.pointer,
                    why,
                ));
            }
        }
    }
}

/// Claude Code's project settings files, which Copilot also runs in a folder it trusts.
const CLAUDE_SETTINGS: [&str; 2] = ["settings.json", "settings.local.json"];

/// Claude Code's project settings files that have hooks, with their `hooks` objects.
pub fn claude_settings(project: &Path) -> Vec<(PathBuf, serde_json::Map<String, Value>)> {
    CLAUDE_SETTINGS
        .iter()
        .map(|name| project.join(".claude").join(name))
        .filter_map(|path| hooks_of(&path).map(|hooks| (path, hooks)))
        .collect()
}

/// The non-empty `hooks` object of a JSON file, if it has one.
fn hooks_of(path: &Path) -> Option<serde_json::Map<String, Value>> {
    let bytes = crate::safe_read::read(path, LIMIT).ok()?;
    let root = serde_json::from_slice::<Value>(&bytes).ok()?;
    let hooks = root.get("hooks")?.as_object()?;
    (!hooks.is_empty()).then(|| hooks.clone())
}

/// The command hooks of one hooks file, or `None` (with a finding) when Copilot cannot use it.
fn read_file(path: &Path, findings: &mut Vec<Finding>) -> Option<Vec<CommandEntry>> {
    let bytes = match crate::safe_read::read(path, LIMIT) {
        Ok(bytes) => bytes,
        Err(crate::safe_read::Refusal::Missing) => return None,
        Err(why) => {
            let message = format!("Copilot cannot use this file: {}", why.describe(LIMIT));
            findings.push(copilot_finding(Severity::Error, path, "", message));
            return None;
        }
    };
    let root: Value = match serde_json::from_slice(&bytes) {
        Ok(root) => root,
        Err(error) => {
            let message = format!("Copilot loads no hook from this file: it is not JSON ({error})");
            findings.push(copilot_finding(Severity::Error, path, "", message));
            return None;
        }
    };
    // A `version` other than 1 makes Copilot refuse the file (`host.json` `shape`, DIFF).
    if root.get("version").is_some_and(|version| version != 1) {
        let message = "Copilot loads no hook from this file: its `version` is not 1";
        findings.push(copilot_finding(Severity::Error, path, "/version", message));
        return None;
    }
    let Some(events) = root.get("hooks").and_then(Value::as_object) else {
        return Some(Vec::new());
    };
    let mut found = Vec::new();
    for (event, entries) in events {
        let pointer = format!("/hooks/{}", crate::findings::segment(event));
        let entries = entries.as_array().map(Vec::as_slice).unwrap_or_default();
        if copilot::info(event).is_none() {
            if copilot::UNTYPED_EVENTS.contains(&event.as_str()) {
                let message = format!(
                    "Copilot runs `{event}`, but this project has no type for it yet                      (spec/copilot/host.json `untyped_events`): its answers are not checked"
                );
                findings.push(copilot_finding(Severity::Note, path, &pointer, message));
            } else if cursor_hooks_spec::claude::info(event).is_some() {
                let message = format!(
                    "`{event}` is Claude Code's name: Copilot runs these hooks with Claude \
                     Code's payloads (its own event is camelCase)"
                );
                findings.push(copilot_finding(Severity::Note, path, &pointer, message));
            } else {
                let names: Vec<&str> = copilot::EVENTS.iter().map(|e| e.name).collect();
                let message = format!(
                    "Copilot has no event `{event}`, so it never runs these hooks; its events: {}",
                    names.join(", ")
                );
                findings.push(copilot_finding(Severity::Warning, path, &pointer, message));
                continue;
            }
        }
        for (at, entry) in entries.iter().enumerate() {
            command_hooks(entry, event, &format!("{pointer}/{at}"), None, &mut found);
        }
    }
    Some(found)
}

/// The command hooks of one entry: a flat `{type, bash, powershell, ...}` or a Claude Code
/// group `{matcher, hooks: [...]}`, which Copilot also reads (its `matcher` for its handlers).
fn command_hooks(
    entry: &Value,
    event: &str,
    pointer: &str,
    matcher: Option<&str>,
    found: &mut Vec<CommandEntry>,
) {
    let text = |key: &str| entry.get(key).and_then(Value::as_str).map(str::to_owned);
    if let Some(group) = entry.get("hooks").and_then(Value::as_array) {
        let matcher = text("matcher");
        for (at, handler) in group.iter().enumerate() {
            let pointer = format!("{pointer}/hooks/{at}");
            command_hooks(handler, event, &pointer, matcher.as_deref(), found);
        }
        return;
    }
    if !["bash", "powershell", "command"]
        .iter()
        .any(|key| entry.get(key).is_some_and(Value::is_string))
    {
        return;
    }
    // Copilot skips an entry of another `type`, or whose `timeoutSec` is not a number of
    // seconds, and keeps the file's others (`host.json` `handler_keys`, DIFF).
    let typed = entry.get("type").is_none_or(|kind| kind == "command");
    let timed = entry.get("timeoutSec").is_none_or(Value::is_u64);
    if !typed || !timed {
        return;
    }
    let env = entry.get("env").and_then(Value::as_object).into_iter();
    found.push(CommandEntry {
        pointer: pointer.to_owned(),
        event: event.to_owned(),
        matcher: text("matcher").or(matcher.map(str::to_owned)),
        bash: text("bash").or_else(|| text("command")),
        cwd: text("cwd"),
        env: env
            .flatten()
            .filter_map(|(k, v)| Some((k.clone(), v.as_str()?.to_owned())))
            .collect(),
        timeout: entry.get("timeoutSec").and_then(Value::as_u64),
    });
}

/// Whether the project is a folder Copilot trusts (`trusted_folders`, or `trustedFolders`, in
/// `<copilot home>/config.json`: the folder or one above it, as the pinned binary reads them),
/// and which project files it would otherwise skip: `.github/hooks/*.json` with hooks and
/// Claude Code's project settings files (`spec/copilot/host.json`, `trust.folder`).
fn trust(locations: &Locations, home: &Path, files: &[HooksFile]) -> Trust {
    let config = home.join("config.json");
    let folders: Vec<PathBuf> = crate::safe_read::read(&config, LIMIT)
        .ok()
        .and_then(|bytes| without_comment_lines(&bytes))
        .map(|root| {
            ["trusted_folders", "trustedFolders"]
                .iter()
                .filter_map(|key| root.get(key).and_then(Value::as_array))
                .flatten()
                .filter_map(Value::as_str)
                .map(PathBuf::from)
                .collect()
        })
        .unwrap_or_default();
    let project = lexical(&locations.project);
    let trusted = folders
        .iter()
        .any(|folder| project.starts_with(lexical(folder)));
    let mut skipped: Vec<PathBuf> = files
        .iter()
        .filter(|file| file.source == "project" && file.hooks > 0)
        .map(|file| file.path.clone())
        .collect();
    skipped.extend(
        claude_settings(&locations.project)
            .into_iter()
            .map(|(path, _)| path),
    );
    Trust {
        config,
        trusted,
        skipped,
    }
}

/// A config file Copilot writes, parsed: it heads the file with `//` comment lines ("This file
/// is managed automatically", `host.json` `trust.folder`), which plain JSON refuses.
fn without_comment_lines(bytes: &[u8]) -> Option<Value> {
    let text = String::from_utf8_lossy(bytes);
    let lines = text
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"));
    serde_json::from_str(&lines.collect::<Vec<_>>().join("\n")).ok()
}

/// `path` without `.` components and trailing separators, `..` folded lexically (no link is
/// followed).
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// A finding of Copilot's reading of `file`.
pub fn copilot_finding(
    severity: Severity,
    file: &Path,
    pointer: &str,
    message: impl Into<String>,
) -> Finding {
    Finding {
        host: HostName::Copilot,
        ..Finding::new(severity, file, pointer, message)
    }
}
