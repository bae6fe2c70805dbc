//! Plugin folders as each editor's loader reads them: where the hooks are (Cursor:
//! spec/cursor/host.json `plugins`; Claude Code: spec/claude-code/host.json `config_sources` `plugin`),
//! which format a hooks file is in, and the mistakes that cost a plugin its hooks.

use crate::findings::{Finding, Severity};
use crate::host::{self, Format};
use crate::parse::ConfigFile;
use serde_json::Value;
use std::path::{Component, Path, PathBuf};

/// The largest manifest or hooks file Cursor's plugin loader reads (10 MiB).
const CURSOR_FILE_LIMIT: u64 = 10 * 1024 * 1024;

/// A hooks file's format, as Cursor's loader tells it (`plugins.format_rule`): from the first
/// entry of the first event whose list is not empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Detected {
    /// An entry holding a `hooks` list: Claude Code's matcher groups.
    Claude,
    /// An entry holding `command`, `prompt` or `type`: Cursor's flat entries.
    Cursor,
    /// No `hooks` object, or no entry that says.
    Unknown,
}

/// The format of a hooks file's (or inline hooks') value.
pub fn detect(value: &Value) -> Detected {
    let Some(events) = value.get("hooks").and_then(Value::as_object) else {
        return Detected::Unknown;
    };
    for list in events.values() {
        let Some(first) = list.as_array().and_then(|l| l.first()) else {
            continue;
        };
        let Some(entry) = first.as_object() else {
            continue;
        };
        if entry.get("hooks").is_some_and(Value::is_array) {
            return Detected::Claude;
        }
        if ["command", "prompt", "type"]
            .iter()
            .any(|k| entry.contains_key(*k))
        {
            return Detected::Cursor;
        }
    }
    Detected::Unknown
}

/// Where a plugin's hooks are for Cursor.
pub enum CursorHooks {
    /// A file to read (`HooksJson`), or the manifest whose `hooks` is inline (`Plugin`); with
    /// the manifest that led there, if any.
    Read {
        path: PathBuf,
        format: Format,
        manifest: Option<PathBuf>,
    },
    /// No hooks are loaded, for this reason, found at this path.
    Problem(PathBuf, Finding),
    /// No hooks, and nothing wrong.
    Nothing,
}

/// A regular file (not a symbolic link) no larger than Cursor reads.
fn regular_file(path: &Path) -> bool {
    path.symlink_metadata()
        .is_ok_and(|m| m.file_type().is_file() && m.len() <= CURSOR_FILE_LIMIT)
}

/// The manifest Cursor takes (`plugins.manifest_rule`) and its parsed value.
fn cursor_manifest(root: &Path) -> Option<(PathBuf, Value)> {
    const DECLARES: [&str; 12] = [
        "commands",
        "agents",
        "skills",
        "rules",
        "hooks",
        "mcpServers",
        "displayName",
        "description",
        "author",
        "logo",
        "variables",
        "capabilities",
    ];
    for relative in &host::host().plugins.manifests {
        let path = root.join(relative);
        if !regular_file(&path) {
            continue;
        }
        // Bounded too: the file may change between the look above and the read.
        let Some(value) = crate::safe_read::read(&path, CURSOR_FILE_LIMIT)
            .ok()
            .and_then(|bytes| String::from_utf8(bytes).ok())
            .and_then(|text| serde_json::from_str::<Value>(&text).ok())
        else {
            continue;
        };
        let declares = DECLARES.iter().any(|key| value.get(*key).is_some());
        if manifest_schema_takes(&value) && declares {
            return Some((path, value));
        }
    }
    None
}

/// Whether Cursor's manifest schema (spec/cursor/host.json `plugins.manifest_rule`) takes
/// `value`: a kebab-case `name` as written (capitals refused), and each key it types, when
/// present, of its type (`version` a string, `author` an object with a `name`, `homepage` a
/// URL, ...); keys it does not know pass.
fn manifest_schema_takes(value: &Value) -> bool {
    let text = |v: &Value| v.is_string();
    let texts = |v: &Value| v.as_array().is_some_and(|a| a.iter().all(Value::is_string));
    let filled = |v: &Value| v.as_str().is_some_and(|s| !s.is_empty());
    // zod's `url()`: what `new URL(text)` parses, which needs a scheme.
    let url = |v: &Value| {
        v.as_str().is_some_and(|s| {
            s.split_once(':').is_some_and(|(scheme, _)| {
                scheme.starts_with(|c: char| c.is_ascii_alphabetic())
                    && scheme
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
            })
        })
    };
    type Takes<'a> = &'a dyn Fn(&Value) -> bool;
    let checks: [(&str, Takes<'_>); 16] = [
        ("displayName", &text),
        ("description", &text),
        ("version", &text),
        ("license", &text),
        ("logo", &text),
        ("publisher", &filled),
        ("homepage", &url),
        ("repository", &url),
        ("keywords", &texts),
        ("author", &|v| {
            v.get("name").is_some_and(filled) && v.get("email").is_none_or(text)
        }),
        ("commands", &|v| text(v) || texts(v)),
        ("agents", &|v| text(v) || texts(v)),
        ("skills", &|v| text(v) || texts(v)),
        ("rules", &|v| text(v) || texts(v)),
        ("hooks", &|v| v.is_string() || v.is_object()),
        ("mcpServers", &|v| {
            v.is_string()
                || v.is_object()
                || v.as_array()
                    .is_some_and(|a| a.iter().all(|i| i.is_string() || i.is_object()))
        }),
    ];
    value.get("name").and_then(Value::as_str).is_some_and(kebab)
        && checks
            .iter()
            .all(|(key, takes)| value.get(*key).is_none_or(takes))
}

/// `^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$`: a plugin name Cursor accepts.
fn kebab(name: &str) -> bool {
    let ok = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit();
    let mut chars = name.chars();
    match (chars.next(), name.chars().last()) {
        (Some(first), Some(last)) => {
            ok(first) && ok(last) && name.chars().all(|c| ok(c) || c == '.' || c == '-')
        }
        _ => false,
    }
}

/// Where Cursor's plugin loader finds `root`'s hooks (`plugins.hooks_rule`).
pub fn cursor(root: &Path) -> CursorHooks {
    let plugins = &host::host().plugins;
    let manifest = cursor_manifest(root);
    let (path, manifest) = match &manifest {
        Some((path, value)) => match value.get(&plugins.manifest_hooks_key) {
            Some(Value::Object(_)) => {
                return CursorHooks::Read {
                    path: path.clone(),
                    format: Format::Plugin,
                    manifest: Some(path.clone()),
                }
            }
            Some(Value::String(named)) => {
                let relative = named.strip_prefix("./").unwrap_or(named);
                if relative.contains("..")
                    || relative.contains("://")
                    || Path::new(relative).is_absolute()
                {
                    return CursorHooks::Problem(path.clone(), Finding::voiding(
                        path,
                        "/hooks",
                        format!("`hooks` is \"{named}\", a path Cursor refuses (it leaves the plugin folder: `..`, an absolute path or a URL): Cursor loads no hooks from this plugin"),
                    ));
                }
                let target = if relative.ends_with(".json") {
                    root.join(relative)
                } else {
                    root.join(relative).join(&plugins.hooks_dir_file)
                };
                if target.symlink_metadata().is_err() {
                    return CursorHooks::Problem(path.clone(), Finding::voiding(
                        path,
                        "/hooks",
                        format!("`hooks` names {}, which does not exist: Cursor loads no hooks from this plugin", target.display()),
                    ));
                }
                (target, Some(path.clone()))
            }
            _ => (root.join(&plugins.hooks_file), Some(path.clone())),
        },
        None => (root.join(&plugins.hooks_file), None),
    };
    let Ok(meta) = path.symlink_metadata() else {
        return CursorHooks::Nothing;
    };
    if meta.file_type().is_symlink() {
        return CursorHooks::Problem(path.clone(), Finding::voiding(
            &path,
            "",
            "a symbolic link: Cursor's plugin loader passes over a linked hooks file without a word, so it loads none of these hooks; make it a real file",
        ));
    }
    CursorHooks::Read {
        path,
        format: Format::HooksJson,
        manifest,
    }
}

/// What Claude Code reads of a plugin: `hooks/hooks.json`, and each path or object of the
/// manifest's `hooks` (spec/claude-code/host.json `config_sources` `plugin`).
pub enum ClaudePart {
    /// A hooks file, or the manifest when its `hooks` is inline (`Plugin`).
    Read(PathBuf, Format),
    /// A manifest `hooks` entry Claude Code cannot load.
    Problem(PathBuf, Finding),
}

/// Every part of `root`'s hooks Claude Code loads, in its order.
pub fn claude(root: &Path, manifest: &str) -> Vec<ClaudePart> {
    let mut parts = Vec::new();
    let standard = root.join("hooks").join("hooks.json");
    if standard.symlink_metadata().is_ok() {
        parts.push(ClaudePart::Read(standard.clone(), Format::ClaudeSettings));
    }
    let manifest = root.join(manifest);
    // Through the bounded reader: a manifest that is a FIFO, a link to a device or a huge file
    // must neither hang the tool nor pass as a plugin without hooks.
    let value = match super::read_text(&manifest) {
        Ok(text) => text.and_then(|text| serde_json::from_str::<Value>(&text).ok()),
        Err(why) => {
            parts.push(ClaudePart::Problem(
                manifest.clone(),
                Finding::voiding(
                    &manifest,
                    "",
                    format!("the plugin's manifest: {why}; Claude Code cannot read it, so none of the hooks it names load"),
                ),
            ));
            return parts;
        }
    };
    let Some(hooks) = value.as_ref().and_then(|v| v.get("hooks")) else {
        return parts;
    };
    let entries: Vec<(String, &Value)> = match hooks {
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, v)| (format!("/hooks/{i}"), v))
            .collect(),
        other => vec![("/hooks".to_owned(), other)],
    };
    let mut seen = vec![standard.canonicalize().unwrap_or_else(|_| standard.clone())];
    for (pointer, entry) in entries {
        match entry {
            Value::String(named) => {
                let escapes = Path::new(named).is_absolute()
                    || Path::new(named)
                        .components()
                        .any(|c| matches!(c, Component::ParentDir));
                if escapes {
                    parts.push(ClaudePart::Problem(manifest.clone(), Finding::new(
                        Severity::Error,
                        &manifest,
                        &pointer,
                        format!("`hooks` names \"{named}\", which leaves the plugin folder: Claude Code refuses it (\"specified in manifest but escapes plugin directory\") and loads none of its hooks"),
                    )));
                    continue;
                }
                let path = root.join(named);
                if path.symlink_metadata().is_err() {
                    parts.push(ClaudePart::Problem(manifest.clone(), Finding::new(
                        Severity::Error,
                        &manifest,
                        &pointer,
                        format!("`hooks` names {}, which does not exist: Claude Code loads no hooks from it (\"specified in manifest but not found\")", path.display()),
                    )));
                    continue;
                }
                let real = path.canonicalize().unwrap_or_else(|_| path.clone());
                if seen.contains(&real) {
                    // Claude Code loads a file once, however often it is named.
                    continue;
                }
                seen.push(real);
                parts.push(ClaudePart::Read(path, Format::ClaudeSettings));
            }
            Value::Object(_) if pointer == "/hooks" => {
                parts.push(ClaudePart::Read(manifest.clone(), Format::Plugin));
            }
            _ => {}
        }
    }
    parts
}

/// The first root variable (`${CURSOR_PLUGIN_ROOT}`, `${CLAUDE_PLUGIN_ROOT}`) that `command`
/// holds outside any quotes: the editor puts the folder there as it is, so a folder with a
/// space splits the command.
pub fn unquoted_root(command: &str) -> Option<&'static str> {
    const VARIABLES: [&str; 2] = ["CURSOR_PLUGIN_ROOT", "CLAUDE_PLUGIN_ROOT"];
    let (mut single, mut double) = (false, false);
    let mut chars = command.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            '\\' if !single => {
                chars.next();
            }
            '\'' if !double => single = !single,
            '"' if !single => double = !double,
            '$' if !single && !double => {
                let rest = &command[at + 1..];
                for name in VARIABLES {
                    let braced = rest.starts_with('{') && rest[1..].starts_with(name);
                    let bare = rest.starts_with(name)
                        && !rest[name.len()..]
                            .starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
                    if braced || bare {
                        return Some(name);
                    }
                }
            }
            _ => {}
        }
    }
    None
}

/// Warns, for each command hook of a plugin file, about a root variable outside quotes.
pub fn check_quoting(file: &mut ConfigFile) {
    let mut found = Vec::new();
    for hook in &file.hooks {
        let Some(command) = hook.command.as_deref() else {
            continue;
        };
        if let Some(name) = unquoted_root(command) {
            found.push(Finding::new(
                Severity::Warning,
                &file.path,
                &hook.pointer,
                format!("`${{{name}}}` is not quoted in `{command}`: the editor puts the plugin's folder there as it is (Cursor replaces the text, unquoted), so a folder whose path holds a space splits the command; write \"${{{name}}}\"/..."),
            ));
        }
    }
    file.findings.extend(found);
}

/// The largest launcher read: `package` writes a few hundred bytes.
const LAUNCHER_LIMIT: u64 = 64 * 1024;

/// Errors, for each command hook of a plugin file that starts a launcher `cursor-hooks package`
/// wrote, about a platform the launcher names whose binary is not in the folder: on that
/// platform the hook does not start. The launcher is read as text, never run, and never
/// through a symbolic link.
pub fn check_launchers(file: &mut ConfigFile) {
    let Some(root) = file.plugin_root.clone() else {
        return;
    };
    let mut found = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for hook in &file.hooks {
        let Some(command) = hook.command.as_deref() else {
            continue;
        };
        let Some(launcher) = first_word(&cursor_substitute(command, &root)).map(PathBuf::from)
        else {
            continue;
        };
        for (platforms, target) in launcher_targets(&launcher) {
            let missing = launcher.with_file_name(&target);
            let regular = std::fs::symlink_metadata(&missing).is_ok_and(|m| m.is_file());
            if !regular && seen.insert(target.clone()) {
                found.push(Finding::new(
                    Severity::Error,
                    &file.path,
                    &hook.pointer,
                    format!(
                        "{} (written by `cursor-hooks package`) starts {} on {platforms}, which is not in the plugin: the hooks do not start there; run `cursor-hooks package` again with that platform's binary",
                        launcher.display(),
                        missing.display()
                    ),
                ));
            }
        }
    }
    file.findings.extend(found);
}

/// The first word of a command as `sh` splits it, for a command that starts with a path in
/// double quotes or without quotes.
fn first_word(command: &str) -> Option<String> {
    let command = command.trim_start();
    match command.strip_prefix('"') {
        Some(rest) => rest.find('"').map(|end| rest[..end].to_owned()),
        None => command.split_whitespace().next().map(str::to_owned),
    }
}

/// Each `case` arm of a launcher `package` wrote, as (its machine patterns, the file it
/// starts, relative to the launcher's folder); nothing for any other file.
fn launcher_targets(launcher: &Path) -> Vec<(String, String)> {
    let readable =
        std::fs::symlink_metadata(launcher).is_ok_and(|m| m.is_file() && m.len() <= LAUNCHER_LIMIT);
    let Some(text) = readable
        .then(|| std::fs::read_to_string(launcher).ok())
        .flatten()
    else {
        return Vec::new();
    };
    if !text
        .lines()
        .nth(1)
        .is_some_and(|line| line.starts_with(crate::package::LAUNCHER_MARK))
    {
        return Vec::new();
    }
    text.lines()
        .filter_map(|line| {
            let (patterns, rest) = line.split_once(") exec \"$here/")?;
            let (target, _) = rest.split_once('"')?;
            Some((patterns.trim().replace('\'', ""), target.to_owned()))
        })
        .collect()
}

/// The folder a plugin hook of `event` starts in under Cursor: the plugin's, except on
/// `plugins.workspace_cwd_events` (the project's).
pub fn cursor_cwd<'a>(file: &'a ConfigFile, event: &str, project: &'a Path) -> &'a Path {
    let workspace = host::host()
        .plugins
        .workspace_cwd_events
        .iter()
        .any(|e| e == event);
    match &file.plugin_root {
        Some(_) if workspace => project,
        _ => &file.cwd,
    }
}

/// A plugin command as Cursor runs it: each root variable replaced by the folder, unquoted.
pub fn cursor_substitute(command: &str, root: &Path) -> String {
    let root = root.display().to_string();
    host::host()
        .plugins
        .root_variables
        .iter()
        .fold(command.to_owned(), |text, name| {
            text.replace(&format!("${{{name}}}"), &root)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_first_entry_of_the_first_non_empty_event_decides_the_format() {
        assert_eq!(
            detect(&json!({"hooks": {"Stop": [], "PreToolUse": [{"hooks": []}]}})),
            Detected::Claude
        );
        assert_eq!(
            detect(&json!({"version": 1, "hooks": {"stop": [{"command": "x"}]}})),
            Detected::Cursor
        );
        assert_eq!(detect(&json!({"hooks": {"stop": []}})), Detected::Unknown);
        assert_eq!(detect(&json!({"PreToolUse": []})), Detected::Unknown);
    }

    #[test]
    fn root_variables_outside_quotes_are_found() {
        assert_eq!(
            unquoted_root("${CURSOR_PLUGIN_ROOT}/hooks/run.sh"),
            Some("CURSOR_PLUGIN_ROOT")
        );
        assert_eq!(
            unquoted_root("bun run $CLAUDE_PLUGIN_ROOT/x.ts"),
            Some("CLAUDE_PLUGIN_ROOT")
        );
        assert_eq!(
            unquoted_root("\"${CURSOR_PLUGIN_ROOT}/hooks/run.sh\""),
            None
        );
        assert_eq!(unquoted_root("\"${CLAUDE_PLUGIN_ROOT}\"/bin/x --a"), None);
        assert_eq!(unquoted_root("'${CURSOR_PLUGIN_ROOT}'/x"), None);
        assert_eq!(unquoted_root("$CLAUDE_PLUGIN_ROOTS/x"), None);
    }

    #[test]
    fn plugin_names_are_kebab_case() {
        for good in ["a", "shell-guard", "x.y-2"] {
            assert!(kebab(good), "{good}");
        }
        for bad in ["", "-a", "a-", "a_b", "A"] {
            assert!(!kebab(bad), "{bad}");
        }
    }
}
