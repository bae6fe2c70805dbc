//! The plugins Claude Code has installed and a settings file turns on (`enabledPlugins`,
//! `"name@marketplace": true`), the route a team uses, found where Claude Code finds them
//! (spec/claude-code/host.json `loading` `installed-plugins`): a plugin of a marketplace that
//! is a folder (`directory` or `file` source: added, or declared in the user's settings) from
//! that folder in place, any other from the folder its install record in
//! `installed_plugins.json` names (the plugin cache). Each enabled plugin that cannot be found
//! is said, at the `enabledPlugins` entry that turns it on.
//!
//! Cursor has a rule of its own ([`cursor`]): it imports Claude Code's installed plugins by the
//! records and the Claude Code settings alone, and loads `~/.cursor/plugins/local`
//! (spec/cursor/host.json `plugins` `installed_rule`).

use super::{read_text, Locations};
use crate::findings::{segment, Finding, Severity};
use crate::parse::ConfigFile;
use serde_json::{Map, Value};
use std::path::{Component, Path, PathBuf};

/// Overrides the plugins folder (`<config>/plugins`), as it does for Claude Code.
const CACHE_VARIABLE: &str = "CLAUDE_CODE_PLUGIN_CACHE_DIR";

/// One plugin a settings file turns on.
pub struct Enabled {
    /// The index, in the files given, of the settings file whose entry decides.
    pub file: usize,
    /// Its folder, or a finding at that entry saying why it cannot be read.
    pub root: Result<PathBuf, Finding>,
}

/// Every plugin the settings `files` (highest precedence first) turn on, in the order they are
/// named, each with its folder or why it cannot be read.
pub fn enabled(locations: &Locations, files: &[ConfigFile]) -> Vec<Enabled> {
    let settings: Vec<(usize, &ConfigFile)> = files
        .iter()
        .enumerate()
        .filter(|(_, f)| f.plugin_root.is_none() && !f.voided)
        .collect();
    let on: Vec<(String, usize)> = decisions(&settings)
        .into_iter()
        .filter_map(|(id, at, on)| on.then_some((id, at)))
        .collect();
    if on.is_empty() {
        return Vec::new();
    }
    let Some(plugins_dir) = plugins_dir(locations) else {
        return Vec::new();
    };
    let known = read_json(&plugins_dir.join("known_marketplaces.json"));
    let records_path = plugins_dir.join("installed_plugins.json");
    let records = read_json(&records_path);
    on.into_iter()
        .map(|(id, at)| {
            let file = &files[at];
            // Claude Code's own advice names the scope of the file that turns it on.
            let scope = match file.source.as_str() {
                scope @ ("project" | "local") => format!(" --scope {scope}"),
                _ => String::new(),
            };
            let records = (records_path.as_path(), &records);
            let root = find(&id, &scope, &settings, &known, records, locations).map_err(
                |(severity, why)| {
                    Finding::new(
                        severity,
                        &file.path,
                        &format!("/enabledPlugins/{}", segment(&id)),
                        format!("`{id}` is turned on here, but {why}"),
                    )
                },
            );
            Enabled { file: at, root }
        })
        .collect()
}

/// Each plugin id the settings name in `enabledPlugins`, with the index of the file whose entry
/// decides it (the highest-precedence one naming it) and whether it turns it on (only `true`
/// does).
fn decisions(settings: &[(usize, &ConfigFile)]) -> Vec<(String, usize, bool)> {
    let mut decided: Vec<(String, usize, bool)> = Vec::new();
    for (at, file) in settings {
        let Some(entries) = file
            .document
            .get("enabledPlugins")
            .and_then(Value::as_object)
        else {
            continue;
        };
        for (id, value) in entries {
            if !decided.iter().any(|(known, ..)| known == id) {
                decided.push((id.clone(), *at, value == &Value::Bool(true)));
            }
        }
    }
    decided
}

/// The plugins installed for this project (`installed_plugins.json`) that have hooks but that
/// no settings file turns on: Claude Code runs none of their hooks (`loading`
/// `installed-plugins`: only `true` turns a plugin on). A warning when no file names the
/// plugin, a note when one turns it off on purpose.
pub fn not_enabled(locations: &Locations, files: &[ConfigFile]) -> Vec<Finding> {
    let settings: Vec<(usize, &ConfigFile)> = files
        .iter()
        .enumerate()
        .filter(|(_, f)| f.plugin_root.is_none() && !f.voided)
        .collect();
    let decided = decisions(&settings);
    let Some(plugins_dir) = plugins_dir(locations) else {
        return Vec::new();
    };
    let records_path = plugins_dir.join("installed_plugins.json");
    let Ok(Some(records)) = read_json(&records_path) else {
        return Vec::new();
    };
    let Some(plugins) = records.get("plugins").and_then(Value::as_object) else {
        return Vec::new();
    };
    let mut findings = Vec::new();
    for (id, entries) in plugins {
        let entries = match entries {
            Value::Array(list) => list.clone(),
            record => vec![record.clone()],
        };
        let here = entries.iter().find(|r| applies_here(r, locations));
        let Some(root) = here
            .and_then(|r| r.get("installPath"))
            .and_then(Value::as_str)
            .map(PathBuf::from)
        else {
            continue;
        };
        if !has_hooks(&root) {
            continue;
        }
        let pointer = format!("/plugins/{}", segment(id));
        let finding = match decided.iter().find(|(known, ..)| known == id) {
            Some((_, _, true)) => continue,
            Some((_, at, false)) => Finding::new(
                Severity::Note,
                &records_path,
                &pointer,
                format!(
                    "`{id}` is installed, and turned off in {} (`enabledPlugins`), so Claude Code runs none of its hooks",
                    files[*at].path.display()
                ),
            ),
            None => Finding::new(
                Severity::Warning,
                &records_path,
                &pointer,
                format!("`{id}` is installed but no settings file turns it on (`enabledPlugins`), so Claude Code runs none of its hooks; turn it on with `claude plugin enable {id}`"),
            ),
        };
        findings.push(finding);
    }
    findings
}

/// Whether an install record applies to this project: one for every project (no scope, `user`,
/// `managed`), or one whose `projectPath` is this project.
fn applies_here(record: &Value, locations: &Locations) -> bool {
    matches!(
        record.get("scope").and_then(Value::as_str),
        None | Some("user" | "managed")
    ) || record
        .get("projectPath")
        .and_then(Value::as_str)
        .is_some_and(|p| same_folder(Path::new(p), &locations.project))
}

/// Whether a plugin folder declares hooks: a `hooks/hooks.json`, or `hooks` in its manifest.
fn has_hooks(root: &Path) -> bool {
    root.join("hooks/hooks.json").is_file()
        || read_json(&root.join(".claude-plugin/plugin.json"))
            .ok()
            .flatten()
            .is_some_and(|manifest| manifest.get("hooks").is_some())
}

/// Claude Code's plugins folder: `CLAUDE_CODE_PLUGIN_CACHE_DIR`, else `plugins` in its
/// configuration folder under the home folder.
fn plugins_dir(locations: &Locations) -> Option<PathBuf> {
    match std::env::var_os(CACHE_VARIABLE).filter(|v| !v.is_empty()) {
        Some(dir) => Some(PathBuf::from(dir)),
        None => Some(locations.home.as_ref()?.join(".claude").join("plugins")),
    }
}

/// A JSON file through the bounded reader: `Ok(None)` when it is not there, why when it cannot
/// be read or is not JSON.
fn read_json(path: &Path) -> Result<Option<Value>, String> {
    let Some(text) = read_text(path)? else {
        return Ok(None);
    };
    serde_json::from_str(&text)
        .map(Some)
        .map_err(|e| format!("not valid JSON ({e})"))
}

/// The folder of the enabled plugin `id`, or how serious it is that it cannot be found, and why.
fn find(
    id: &str,
    scope: &str,
    settings: &[(usize, &ConfigFile)],
    known: &Result<Option<Value>, String>,
    (records_path, records): (&Path, &Result<Option<Value>, String>),
    locations: &Locations,
) -> Result<PathBuf, (Severity, String)> {
    let Some((name, marketplace)) = id.split_once('@') else {
        return Err((
            Severity::Warning,
            "it is not a `plugin@marketplace` id, so Claude Code finds no plugin by it".to_owned(),
        ));
    };
    let source = marketplace_source(marketplace, settings, known)?;
    if let Some(folder) = source.as_ref().and_then(folder_of) {
        if let Some(root) = in_place(name, marketplace, &folder)? {
            return Ok(root);
        }
    }
    let install = || format!("install it with `claude plugin install {id}{scope}`");
    let records = match records {
        Ok(Some(records)) => records,
        Ok(None) => {
            return Err((
                Severity::Warning,
                format!("it is not installed on this machine (no {}), so Claude Code runs none of its hooks; {}", records_path.display(), install()),
            ))
        }
        Err(why) => {
            return Err((
                Severity::Error,
                format!("{} cannot be read ({why}), so it is not known where it is installed and none of its hooks were checked", records_path.display()),
            ))
        }
    };
    let entries = match records.get("version").and_then(Value::as_u64) {
        Some(2) => records.pointer(&format!("/plugins/{}", segment(id))).and_then(Value::as_array).cloned(),
        // Version 1 kept one record per plugin, installed for every project.
        Some(1) => records.pointer(&format!("/plugins/{}", segment(id))).map(|r| vec![r.clone()]),
        _ => {
            return Err((
                Severity::Error,
                format!("{} is in a format this tool does not read (`version` 1 or 2), so none of its hooks were checked", records_path.display()),
            ))
        }
    };
    let entries = entries.unwrap_or_default();
    // The first record that applies here: one for every project, or one for this project.
    let record = entries.iter().find(|r| applies_here(r, locations));
    let Some(record) = record else {
        let elsewhere = if entries.is_empty() {
            ""
        } else {
            " (only for other projects)"
        };
        return Err((
            Severity::Warning,
            format!("it is not installed for this project{elsewhere}, so Claude Code runs none of its hooks; {}", install()),
        ));
    };
    let Some(path) = record.get("installPath").and_then(Value::as_str) else {
        return Err((
            Severity::Error,
            format!(
                "its record in {} names no `installPath`, so none of its hooks were checked",
                records_path.display()
            ),
        ));
    };
    let path = PathBuf::from(path);
    if !path.is_dir() {
        return Err((
            Severity::Error,
            format!("its installed folder {} is not there (not in the plugin cache), so Claude Code runs none of its hooks; install it again", path.display()),
        ));
    }
    Ok(path)
}

/// The `source` of `marketplace` as Claude Code knows it: recorded in `known_marketplaces.json`,
/// or declared as a folder in `extraKnownMarketplaces` of the user's settings (Claude Code
/// 2.1.332 passes over such a declaration in the project's files and one with a relative
/// path); `None` when only the records can say (they cannot be read).
fn marketplace_source(
    marketplace: &str,
    settings: &[(usize, &ConfigFile)],
    known: &Result<Option<Value>, String>,
) -> Result<Option<Map<String, Value>>, (Severity, String)> {
    let declared = settings
        .iter()
        .filter(|(_, f)| f.source == "user")
        .find_map(|(_, file)| {
            file.document
                .pointer(&format!(
                    "/extraKnownMarketplaces/{}/source",
                    segment(marketplace)
                ))
                .and_then(Value::as_object)
                .filter(|source| folder_of(source).is_some())
        });
    if let Some(source) = declared {
        return Ok(Some(source.clone()));
    }
    match known {
        Ok(known) => match known
            .as_ref()
            .and_then(|k| k.get(marketplace))
            .and_then(|m| m.get("source"))
            .and_then(Value::as_object)
        {
            Some(source) => Ok(Some(source.clone())),
            None => Err((
                Severity::Warning,
                format!("its marketplace `{marketplace}` is not known here (not added on this machine, nor declared as a folder, by its absolute path, under `extraKnownMarketplaces` in ~/.claude/settings.json), so Claude Code loads none of it; add it with `claude plugin marketplace add`"),
            )),
        },
        Err(_) => Ok(None),
    }
}

/// The folder of a marketplace whose source is one (`directory`: the folder; `file`: its
/// `.claude-plugin/marketplace.json`), given by an absolute path.
fn folder_of(source: &Map<String, Value>) -> Option<PathBuf> {
    let path = Path::new(source.get("path")?.as_str()?).to_path_buf();
    if !path.is_absolute() {
        return None;
    }
    match source.get("source")?.as_str()? {
        "directory" => Some(path),
        "file" => Some(path.parent()?.parent()?.to_path_buf()),
        _ => None,
    }
}

/// A plugin of a marketplace folder, where Claude Code loads it in place: the folder its entry
/// in `.claude-plugin/marketplace.json` names; `None` when the entry's source is elsewhere (a
/// repository: then it is installed like any other).
fn in_place(
    name: &str,
    marketplace: &str,
    folder: &Path,
) -> Result<Option<PathBuf>, (Severity, String)> {
    let catalog = folder.join(".claude-plugin").join("marketplace.json");
    let unreadable = |why: String| {
        Err((
            Severity::Error,
            format!("the catalog of its marketplace `{marketplace}`, {}, {why}, so none of its hooks were checked", catalog.display()),
        ))
    };
    let value = match read_json(&catalog) {
        Ok(Some(value)) => value,
        Ok(None) => return unreadable("is not there".to_owned()),
        Err(why) => return unreadable(format!("cannot be read ({why})")),
    };
    let entry = value
        .get("plugins")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .find(|p| p.get("name").and_then(Value::as_str) == Some(name));
    let Some(entry) = entry else {
        return unreadable(format!("lists no plugin `{name}`"));
    };
    let Some(relative) = entry.get("source").and_then(Value::as_str) else {
        return Ok(None);
    };
    // `./guard` as `guard`: the folder as Claude Code names it.
    let root = folder.join(
        Path::new(relative)
            .components()
            .filter(|c| !matches!(c, Component::CurDir))
            .collect::<PathBuf>(),
    );
    if !root.is_dir() {
        return unreadable(format!(
            "names {} for it, which is not a folder",
            root.display()
        ));
    }
    Ok(Some(root))
}

/// Whether two paths name one folder (compared as they resolve, when they do).
fn same_folder(a: &Path, b: &Path) -> bool {
    let real = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    real(a) == real(b)
}

/// The plugin folders Cursor loads beside the ones given (spec/cursor/host.json `plugins`
/// `installed_rule`), and the install records when they cannot be read.
pub struct CursorImports {
    /// Claude Code's installed plugins the Claude Code settings turn on, then each folder of
    /// `~/.cursor/plugins/local`.
    pub roots: Vec<PathBuf>,
    /// `installed_plugins.json` and why Cursor imports none of Claude Code's plugins from it.
    pub unreadable: Option<(PathBuf, String)>,
}

/// What Cursor's plugin service loads without `--plugin-dir`, by its own rule, which is not
/// Claude Code's: of Claude Code's install records, for each plugin a `project` or `local`
/// record of this project when the project's `.claude/settings.json` or `settings.local.json`
/// turns it on, else a `user` record when `~/.claude/settings.json` does, never one the
/// project's files turn off (no marketplace is looked up); and every folder under
/// `~/.cursor/plugins/local` (a link only to a folder inside it, no name starting with `.`).
pub fn cursor(locations: &Locations) -> CursorImports {
    let mut imports = CursorImports {
        roots: Vec::new(),
        unreadable: None,
    };
    let Some(home) = &locations.home else {
        return imports;
    };
    let records_path = home.join(".claude/plugins/installed_plugins.json");
    match read_json(&records_path) {
        Ok(Some(records)) => imports.roots = cursor_claude_plugins(&records, home, locations),
        Ok(None) => {}
        Err(why) => imports.unreadable = Some((records_path, why)),
    }
    imports
        .roots
        .extend(user_local(&home.join(".cursor/plugins/local")));
    // One folder once, however it is reached (Cursor compares them resolved).
    let mut seen = Vec::new();
    imports.roots.retain(|root| {
        let real = root.canonicalize().unwrap_or_else(|_| root.clone());
        let first = !seen.contains(&real);
        seen.push(real);
        first
    });
    imports
}

/// `enabledPlugins` of settings files, a later file's entry over an earlier one's; a file that
/// cannot be read counts as none, as for Cursor.
fn turned_on(paths: &[PathBuf]) -> Map<String, Value> {
    let mut all = Map::new();
    for path in paths {
        if let Ok(Some(Value::Object(settings))) = read_json(path) {
            if let Some(Value::Object(entries)) = settings.get("enabledPlugins") {
                all.extend(entries.clone());
            }
        }
    }
    all
}

fn cursor_claude_plugins(records: &Value, home: &Path, locations: &Locations) -> Vec<PathBuf> {
    let Some(plugins) = records.get("plugins").and_then(Value::as_object) else {
        return Vec::new();
    };
    let user = turned_on(&[home.join(".claude/settings.json")]);
    let claude = locations.project.join(".claude");
    let project = turned_on(&[
        claude.join("settings.json"),
        claude.join("settings.local.json"),
    ]);
    // Cursor compares the folders as text, `\` as `/` and without a trailing `/`.
    let spelled = |path: &str| path.replace('\\', "/").trim_end_matches('/').to_owned();
    let here = spelled(&locations.project.display().to_string());
    let mut roots = Vec::new();
    for (id, list) in plugins {
        let Some(list) = list.as_array().filter(|l| !l.is_empty()) else {
            continue;
        };
        let on = |map: &Map<String, Value>| map.get(id) == Some(&Value::Bool(true));
        if project.get(id) == Some(&Value::Bool(false)) {
            continue;
        }
        let text =
            |record: &Value, key: &str| record.get(key).and_then(Value::as_str).map(str::to_owned);
        let mine = list.iter().find(|r| {
            matches!(text(r, "scope").as_deref(), Some("project" | "local"))
                && text(r, "projectPath").is_some_and(|p| spelled(&p) == here)
                && on(&project)
        });
        let record = mine.or_else(|| {
            on(&user)
                .then(|| {
                    list.iter()
                        .find(|r| text(r, "scope").as_deref() == Some("user"))
                })
                .flatten()
        });
        if let Some(path) = record
            .and_then(|r| text(r, "installPath"))
            .filter(|p| !p.is_empty())
        {
            roots.push(PathBuf::from(path));
        }
    }
    roots
}

/// Each folder of `~/.cursor/plugins/local` Cursor loads, by name.
fn user_local(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let real_dir = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    let mut roots: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .filter(|entry| !entry.file_name().to_string_lossy().starts_with('.'))
        .map(|entry| entry.path())
        .filter(|path| {
            let linked = path
                .symlink_metadata()
                .is_ok_and(|m| m.file_type().is_symlink());
            // A link counts only when it leads to a folder inside `dir`.
            let inside = !linked
                || path
                    .canonicalize()
                    .is_ok_and(|target| target.starts_with(&real_dir) && target != real_dir);
            inside && path.is_dir()
        })
        .collect();
    roots.sort();
    roots
}
