//! The hooks of Claude Code's settings for a project, as Claude Code loads them
//! (`spec/claude-code/host.json`, `config_sources` and `loading`): the local, project and user
//! settings files and the plugins given with `--plugin-dir`, their hook lists merged.

use super::host::host;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The settings sources read here, in the order of `config_sources` (highest precedence first).
/// Managed settings, `--settings` and frontmatter hooks are not read.
const SOURCES: &[&str] = &["local", "project", "user", "plugin"];

/// One hook handler as a file wires it.
#[derive(Debug, Clone)]
pub struct Handler {
    /// The Claude Code event (its settings key).
    pub event: String,
    /// The JSON pointer of the handler in its file.
    pub pointer: String,
    /// The group's `matcher`, when it has one.
    pub matcher: Option<String>,
    /// `command`, `http`, `prompt`, ...
    pub kind: String,
    pub command: Option<String>,
    /// `args`: with them, `command` is spawned without a shell.
    pub args: Option<Vec<String>>,
    /// Seconds, when set.
    pub timeout: Option<f64>,
    /// `async` or `asyncRewake`: it runs in the background and cannot block.
    pub background: bool,
    /// The `if` permission rule, when set.
    pub condition: Option<String>,
    /// `onFailure: "block"`.
    pub blocks_on_failure: bool,
}

/// One settings file (or plugin) that exists.
#[derive(Debug)]
pub struct SettingsFile {
    /// The source's name in `config_sources` (`local`, `project`, `user`, `plugin`).
    pub source: String,
    pub path: PathBuf,
    /// For plugins: the folder `CLAUDE_PLUGIN_ROOT` names.
    pub plugin_root: Option<PathBuf>,
    /// Why Claude Code cannot read the file's hooks, when it cannot.
    pub unreadable: Option<String>,
    /// `disableAllHooks`, when the file sets it.
    pub disable_all: Option<bool>,
    pub handlers: Vec<Handler>,
}

/// Every settings file and plugin of the project that exists, highest precedence first.
pub fn load(project: &Path, home: Option<&Path>, plugins: &[PathBuf]) -> Vec<SettingsFile> {
    let mut files = Vec::new();
    for source in &host().config_sources {
        if !SOURCES.contains(&source.name.as_str()) {
            continue;
        }
        let Some(template) = source.path_template() else {
            continue;
        };
        if source.name == "plugin" {
            for plugin in plugins {
                files.push(plugin_file(plugin));
            }
            continue;
        }
        let path = if template.contains("{home}") {
            let Some(home) = home else { continue };
            template.replace("{home}", &home.display().to_string())
        } else {
            template.replace("{project}", &project.display().to_string())
        };
        let path = PathBuf::from(path);
        // A project in the home folder has one file for both (read once).
        let same = |f: &SettingsFile| f.path.canonicalize().ok() == path.canonicalize().ok();
        if path.symlink_metadata().is_err() || files.iter().any(same) {
            continue;
        }
        files.push(read(&source.name, path, None, "/hooks"));
    }
    files
}

/// A plugin's hooks: its `hooks/hooks.json`, else the `hooks` of `.claude-plugin/plugin.json`.
fn plugin_file(root: &Path) -> SettingsFile {
    let hooks_file = root.join("hooks/hooks.json");
    let manifest = root.join(".claude-plugin/plugin.json");
    let path = if hooks_file.exists() || !manifest.exists() {
        hooks_file
    } else {
        manifest
    };
    read("plugin", path, Some(root.to_path_buf()), "/hooks")
}

fn read(source: &str, path: PathBuf, plugin_root: Option<PathBuf>, at: &str) -> SettingsFile {
    let mut file = SettingsFile {
        source: source.to_owned(),
        path,
        plugin_root,
        unreadable: None,
        disable_all: None,
        handlers: Vec::new(),
    };
    let value = std::fs::read_to_string(&file.path)
        .map_err(|e| format!("cannot be read ({e})"))
        .and_then(|text| {
            serde_json::from_str::<Value>(&text).map_err(|e| format!("not valid JSON ({e})"))
        });
    match value {
        Ok(Value::Object(settings)) => {
            file.disable_all = settings.get("disableAllHooks").and_then(Value::as_bool);
            if let Some(events) = settings.get("hooks") {
                file.handlers = handlers(events, at);
            }
        }
        Ok(_) => file.unreadable = Some("not a JSON object".to_owned()),
        Err(why) => file.unreadable = Some(why),
    }
    file
}

/// The handlers of a `hooks` object (`{ Event: [ { matcher, hooks: [ ... ] } ] }`); events
/// Claude Code does not have, and malformed entries, are left out (`doctor` reports them).
fn handlers(events: &Value, at: &str) -> Vec<Handler> {
    let mut found = Vec::new();
    let Some(events) = events.as_object() else {
        return found;
    };
    for (event, groups) in events {
        if cursor_hooks_spec::claude::info(event).is_none() {
            continue;
        }
        for (g, group) in groups.as_array().into_iter().flatten().enumerate() {
            let matcher = group
                .get("matcher")
                .and_then(Value::as_str)
                .map(str::to_owned);
            let list = group.get("hooks").and_then(Value::as_array);
            for (h, handler) in list.into_iter().flatten().enumerate() {
                let Some(object) = handler.as_object() else {
                    continue;
                };
                let text = |key: &str| object.get(key).and_then(Value::as_str).map(str::to_owned);
                let flag = |key: &str| object.get(key).and_then(Value::as_bool) == Some(true);
                found.push(Handler {
                    event: event.clone(),
                    pointer: format!("{at}/{}/{g}/hooks/{h}", pointer_segment(event)),
                    matcher: matcher.clone(),
                    kind: text("type").unwrap_or_default(),
                    command: text("command"),
                    args: object.get("args").and_then(Value::as_array).map(|args| {
                        args.iter()
                            .map(|a| a.as_str().map_or_else(|| a.to_string(), str::to_owned))
                            .collect()
                    }),
                    timeout: object
                        .get("timeout")
                        .and_then(Value::as_f64)
                        .filter(|t| *t > 0.0),
                    background: flag("async") || flag("asyncRewake"),
                    condition: text("if"),
                    blocks_on_failure: text("onFailure").as_deref() == Some("block"),
                });
            }
        }
    }
    found
}

/// A key as a JSON pointer segment (`~` and `/` escaped).
fn pointer_segment(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// Whether hooks are off: `disableAllHooks` of the highest-precedence file that sets it
/// (host.json `loading`, `disable-all`).
pub fn all_disabled(files: &[SettingsFile]) -> Option<&SettingsFile> {
    files
        .iter()
        .find(|f| f.disable_all.is_some())
        .filter(|f| f.disable_all == Some(true))
}
