//! The hooks of Claude Code's settings for a project as `simulate` runs them: the files and
//! hooks `doctor --host claude-code` reads ([`crate::sources::claude`]: managed, local, project
//! and user settings and the plugins given, with Claude Code's rules), and the handler keys that
//! decide how a hook runs (`args`, `async`, `if`).

use crate::sources::Locations;
use serde_json::Value;
use std::path::PathBuf;

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
    /// `allowManagedHooksOnly: true` in managed settings.
    pub managed_only: bool,
    /// Why each plugin this file turns on (`enabledPlugins`) cannot be read.
    pub unread_plugins: Vec<String>,
    pub handlers: Vec<Handler>,
}

/// Every settings file and plugin of the project that exists, highest precedence first (one
/// file once, when the project is the home folder).
pub fn load(locations: &Locations) -> Vec<SettingsFile> {
    let mut files: Vec<SettingsFile> = Vec::new();
    for file in crate::sources::claude::load(locations) {
        let canonical = file.path.canonicalize().ok();
        if canonical.is_some()
            && files
                .iter()
                .any(|f| f.path.canonicalize().ok() == canonical)
        {
            continue;
        }
        let value = &file.document;
        let unreadable = file.voided.then(|| {
            let reasons: Vec<&str> = file
                .findings
                .iter()
                .filter(|f| f.voids)
                .map(|f| f.message.as_str())
                .collect();
            reasons.join("; ")
        });
        let handlers = file
            .hooks
            .iter()
            .map(|hook| {
                let object = value.pointer(&hook.pointer).unwrap_or(&Value::Null);
                let text = |key: &str| object.get(key).and_then(Value::as_str).map(str::to_owned);
                let flag = |key: &str| object.get(key).and_then(Value::as_bool) == Some(true);
                Handler {
                    event: hook.event.clone(),
                    pointer: hook.pointer.clone(),
                    matcher: hook.matcher.clone(),
                    kind: hook.kind.clone(),
                    // As written: with `args` it is the executable, spawned without a shell.
                    command: text("command").or_else(|| hook.command.clone()),
                    args: object.get("args").and_then(Value::as_array).map(|args| {
                        args.iter()
                            .map(|a| a.as_str().map_or_else(|| a.to_string(), str::to_owned))
                            .collect()
                    }),
                    timeout: hook.timeout,
                    background: flag("async") || flag("asyncRewake"),
                    condition: text("if"),
                    blocks_on_failure: hook.fail_closed,
                }
            })
            .collect();
        files.push(SettingsFile {
            source: file.source.clone(),
            path: file.path.clone(),
            plugin_root: file.plugin_root.clone(),
            unreadable,
            // A file Claude Code voids takes its settings with it (host.json `observed_rules`
            // `voided-file-keeps-no-setting`).
            disable_all: (!file.voided)
                .then(|| value.get("disableAllHooks").and_then(Value::as_bool))
                .flatten(),
            managed_only: !file.voided
                && file.source == "managed"
                && value.get("allowManagedHooksOnly") == Some(&Value::Bool(true)),
            unread_plugins: file
                .findings
                .iter()
                .filter(|f| f.path.starts_with("/enabledPlugins/"))
                .map(|f| f.message.clone())
                .collect(),
            handlers,
        });
    }
    files
}

/// The managed settings file that allows only its own hooks (`allowManagedHooksOnly`; host.json
/// `config_sources`, `managed`): every other file's hooks do not run.
pub fn managed_only(files: &[SettingsFile]) -> Option<&SettingsFile> {
    files.iter().find(|f| f.managed_only)
}

/// Whether hooks are off: `disableAllHooks` of the highest-precedence file that sets it
/// (host.json `loading`, `disable-all`).
pub fn all_disabled(files: &[SettingsFile]) -> Option<&SettingsFile> {
    files
        .iter()
        .find(|f| f.disable_all.is_some())
        .filter(|f| f.disable_all == Some(true))
}
