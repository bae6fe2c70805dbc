//! Every configuration file Cursor reads for a project, in priority order, and the hooks each
//! one wires. Parsing records its problems as findings, so `doctor` and `simulate` see one
//! reading of the files.

use crate::findings::{Finding, Severity};
use crate::host::{self, Cwd, Format};
use crate::safe_read::{self, Refusal, CONFIG_LIMIT};
use std::path::{Path, PathBuf};

pub use crate::parse::{ConfigFile, Hook};

pub mod claude;
pub mod installed;
pub mod plugin;

/// Overrides the enterprise file's path. For tests, which must not read the machine's real
/// `/etc/cursor/hooks.json`; set it to a path that does not exist to skip the source.
pub const ENTERPRISE_VARIABLE: &str = "CURSOR_HOOKS_ENTERPRISE_FILE";

/// Where to look.
#[derive(Debug, Clone)]
pub struct Locations {
    pub project: PathBuf,
    pub home: Option<PathBuf>,
    /// Plugin folders (as the Cursor CLI, `agent` or `cursor-agent`, takes them with `--plugin-dir`).
    pub plugins: Vec<PathBuf>,
    /// The settings file Claude Code is given with `--settings` (its `cli` source).
    pub settings: Option<PathBuf>,
}

impl Locations {
    /// The path a `paths` template (Cursor's or Claude Code's `config_sources`) names here: a
    /// `{home}` template under the home folder (`None` without one), any other with `{project}`
    /// filled in.
    pub fn expand(&self, template: &str) -> Option<PathBuf> {
        if template.contains("{home}") {
            let home = self.home.as_ref()?;
            Some(PathBuf::from(
                template.replace("{home}", &home.display().to_string()),
            ))
        } else {
            Some(PathBuf::from(
                template.replace("{project}", &self.project.display().to_string()),
            ))
        }
    }

    /// The project given (or the current directory), `HOME` (or `USERPROFILE`) as the user's
    /// home, and the plugin folders given. A relative path is taken from the current directory,
    /// as the user typed it and as the editor takes it (`claude --plugin-dir plugins/x`).
    pub fn new(project: Option<PathBuf>, plugins: Vec<PathBuf>) -> Result<Self, String> {
        let project = match project {
            Some(dir) => absolute(dir)?,
            None => std::env::current_dir().map_err(|e| format!("no current directory: {e}"))?,
        };
        // Absolute before anything joins them: a hook starts in another folder (a Cursor plugin
        // hook in the plugin's own), where a relative root would be joined a second time.
        let plugins = plugins
            .into_iter()
            .map(absolute)
            .collect::<Result<Vec<_>, _>>()?;
        if !project.is_dir() {
            return Err(format!("{} is not a directory", project.display()));
        }
        let project = project.canonicalize().unwrap_or(project);
        let home = std::env::var_os("HOME")
            .or_else(|| std::env::var_os("USERPROFILE"))
            .filter(|h| !h.is_empty())
            .map(PathBuf::from);
        Ok(Locations {
            project,
            home,
            plugins,
            settings: None,
        })
    }

    /// The same, with the settings file Claude Code is given with `--settings`; a file that
    /// does not exist is a mistake in the arguments, as it is for `claude`.
    pub fn with_settings(mut self, settings: Option<PathBuf>) -> Result<Self, String> {
        if let Some(path) = &settings {
            if !path.is_file() {
                return Err(format!("--settings {}: no such file", path.display()));
            }
        }
        self.settings = settings.map(absolute).transpose()?;
        Ok(self)
    }

    /// The value of a variable as a hook's shell would see it, for resolving commands.
    pub fn lookup(&self, plugin_root: Option<&Path>) -> impl Fn(&str) -> Option<String> + '_ {
        let plugin_root = plugin_root.map(|p| p.display().to_string());
        move |name: &str| match name {
            "HOME" => self.home.as_ref().map(|h| h.display().to_string()),
            "CURSOR_PROJECT_DIR" | "CLAUDE_PROJECT_DIR" => Some(self.project.display().to_string()),
            "CURSOR_PLUGIN_ROOT" | "CLAUDE_PLUGIN_ROOT" => plugin_root.clone(),
            other => std::env::var(other).ok(),
        }
    }
}

/// `path` from the current directory when it is relative (without resolving links, as the
/// editors take a path from their command line).
fn absolute(path: PathBuf) -> Result<PathBuf, String> {
    std::path::absolute(&path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Every file Cursor would read, highest priority first.
pub fn load(locations: &Locations) -> Vec<ConfigFile> {
    let host = host::host();
    let mut files = Vec::new();
    for source in &host.config_sources {
        let Some(template) = source.path_template() else {
            continue;
        };
        let mut candidates: Vec<(PathBuf, Option<PathBuf>)> = Vec::new();
        if source.name == "enterprise" {
            let path = std::env::var_os(ENTERPRISE_VARIABLE)
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from(template));
            candidates.push((path, None));
        } else if source.format == Format::Plugin {
            for plugin in &locations.plugins {
                candidates.push((plugin.clone(), Some(plugin.clone())));
            }
            let imports = installed::cursor(locations);
            // A folder given with `--plugin-dir` too is read once.
            let real = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
            let given: Vec<PathBuf> = locations.plugins.iter().map(|p| real(p)).collect();
            for root in imports.roots {
                if !given.contains(&real(&root)) {
                    candidates.push((root.clone(), Some(root)));
                }
            }
            if let Some((path, why)) = imports.unreadable {
                files.push(unreadable_records(&source.name, &path, &why, locations));
            }
        } else {
            let Some(path) = locations.expand(template) else {
                continue;
            };
            candidates.push((path, None));
        }
        for (path, plugin_root) in candidates {
            if let Some(file) = read_source(
                &source.name,
                source.format,
                source.cwd,
                &path,
                plugin_root,
                locations,
            ) {
                files.push(file);
            }
        }
    }
    files
}

/// Claude Code's install records as a file Cursor cannot read: it imports none of Claude Code's
/// plugins then.
fn unreadable_records(name: &str, path: &Path, why: &str, locations: &Locations) -> ConfigFile {
    ConfigFile {
        source: name.to_owned(),
        format: Format::Plugin,
        path: path.to_path_buf(),
        cwd: locations.project.clone(),
        plugin_root: None,
        findings: vec![Finding::new(
            Severity::Warning,
            path,
            "",
            format!("{why}: Cursor imports none of the plugins Claude Code installed (it reads them from this file)"),
        )],
        voided: false,
        hooks: Vec::new(),
        document: serde_json::Value::Null,
    }
}

fn read_source(
    name: &str,
    format: Format,
    cwd: Cwd,
    path: &Path,
    plugin_root: Option<PathBuf>,
    locations: &Locations,
) -> Option<ConfigFile> {
    let mut manifest = None;
    let (path, format, unreadable) = match format {
        Format::Plugin => match plugin_file(path) {
            PluginFile::Read {
                path,
                format,
                manifest: named_by,
            } => {
                manifest = named_by;
                (path, format, None)
            }
            PluginFile::Problem(path, finding) => (path, Format::Plugin, Some(Err(finding))),
            PluginFile::Missing(why) => (path.to_path_buf(), Format::Plugin, Some(Ok(why))),
            PluginFile::Nothing => return None,
        },
        other => (path.to_path_buf(), other, None),
    };
    let text = match unreadable {
        Some(Ok(why)) => Err(why),
        Some(Err(finding)) => Ok(Err(finding)),
        None => read_text(&path).transpose()?.map(Ok),
    };
    let cwd = match cwd {
        Cwd::Project => locations.project.clone(),
        Cwd::FileDir => path.parent().map(Path::to_path_buf).unwrap_or_default(),
        Cwd::Plugin => plugin_root
            .clone()
            .unwrap_or_else(|| locations.project.clone()),
    };
    let mut file = ConfigFile {
        source: name.to_owned(),
        format,
        path: path.clone(),
        cwd,
        plugin_root,
        findings: Vec::new(),
        voided: false,
        hooks: Vec::new(),
        document: serde_json::Value::Null,
    };
    match text {
        Ok(Ok(text)) => {
            if name == "project" && format == Format::HooksJson {
                if let Some(link) = project_symlink(&locations.project, &path) {
                    file.findings.push(Finding::voiding(
                        &path,
                        "",
                        format!("{} is a symbolic link: Cursor refuses to load a project hooks.json reached through one (\"refusing to load config path that contains a symlink\"); make it a real folder or file", link.display()),
                    ));
                }
            }
            crate::parse::parse(&mut file, &text);
            if file.plugin_root.is_some() {
                plugin::check_quoting(&mut file);
                plugin::check_launchers(&mut file);
                claude_file_named_by_cursor_manifest(&mut file, manifest.as_deref());
            }
        }
        Ok(Err(finding)) => file.findings.push(finding),
        Err(why) => file.findings.push(Finding::voiding(
            &path,
            "",
            format!("{why}: Cursor cannot load its hooks"),
        )),
    }
    file.voided = file
        .findings
        .iter()
        .any(|f| f.severity == Severity::Error && f.voids);
    Some(file)
}

/// A warning when `.cursor-plugin/plugin.json`, Cursor's own manifest, names a hooks file in
/// Claude Code's format: Cursor translates it as it imports Claude Code settings, which keeps
/// only `type`, `command`, `prompt` and `timeout` of each hook (no `failClosed`, no
/// `loop_limit`) and drops the events Cursor has no name for, so a guard written for Cursor
/// loses its failure policy there.
fn claude_file_named_by_cursor_manifest(file: &mut ConfigFile, manifest: Option<&Path>) {
    let cursor_manifest = &host::host().plugins.manifests[0];
    let named_by_cursor = manifest.is_some_and(|m| m.ends_with(cursor_manifest));
    if !named_by_cursor || file.format != Format::ClaudeSettings {
        return;
    }
    let path = file.path.clone();
    file.findings.push(Finding::new(
        Severity::Warning,
        &path,
        "",
        format!("{cursor_manifest} names this file, which is in Claude Code's format: Cursor translates it as it imports Claude Code settings (only `type`, `command`, `prompt` and `timeout` of a hook survive: `failClosed` is false and `loop_limit` null; events and tools Cursor has no name for are dropped: spec/claude-code/host.json `cursor`); point Cursor's manifest at a Cursor-format file (`\"version\": 1` and flat entries) and keep this one for Claude Code"),
    ));
}
/// The first symbolic link between the project folder and its hooks.json (`.cursor`, or the
/// file itself): @cursor/sdk 1.0.32 refuses a project hooks.json reached through one (a linked
/// `~/.cursor` loads).
fn project_symlink(project: &Path, path: &Path) -> Option<PathBuf> {
    let relative = path.strip_prefix(project).ok()?;
    let mut at = project.to_path_buf();
    for part in relative.components() {
        at.push(part);
        if at
            .symlink_metadata()
            .is_ok_and(|m| m.file_type().is_symlink())
        {
            return Some(at);
        }
    }
    None
}

/// The text of a configuration file: `Ok(None)` when nothing is there, an error saying why
/// when something is there but cannot be read as text (a directory, a dangling or looping
/// symbolic link, a FIFO or device, a file over [`CONFIG_LIMIT`], bytes that are not UTF-8).
/// A FIFO cannot make this wait, nor a device fill the memory (see [`safe_read`]).
fn read_text(path: &Path) -> Result<Option<String>, String> {
    let bytes = match safe_read::read(path, CONFIG_LIMIT) {
        Ok(bytes) => bytes,
        Err(Refusal::Missing) => {
            return match std::fs::read_link(path) {
                Ok(target) => Err(format!(
                    "a symbolic link to {}, which does not exist",
                    target.display()
                )),
                Err(_) => Ok(None),
            };
        }
        Err(Refusal::Io(e)) => return Err(format!("cannot be read ({e})")),
        Err(why) => return Err(why.describe(CONFIG_LIMIT)),
    };
    String::from_utf8(bytes).map(Some).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let before = &bytes[..at];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |n| n + 1);
        let column = String::from_utf8_lossy(&before[line_start..])
            .chars()
            .count()
            + 1;
        format!(
            "not UTF-8 text (byte 0x{:02x} at line {line}, column {column}); save it as UTF-8",
            bytes[at]
        )
    })
}

/// Where a plugin folder's hooks are for Cursor.
enum PluginFile {
    /// A hooks file, or the manifest holding them inline, and the manifest that named it.
    Read {
        path: PathBuf,
        format: Format,
        manifest: Option<PathBuf>,
    },
    /// Cursor loads none of the plugin's hooks, for the finding's reason.
    Problem(PathBuf, Finding),
    /// The folder itself is missing.
    Missing(String),
    /// No hooks.
    Nothing,
}

/// A plugin's hooks as Cursor's plugin loader finds them (spec/cursor/host.json `plugins`).
fn plugin_file(root: &Path) -> PluginFile {
    if !root.is_dir() {
        return PluginFile::Missing(
            "this plugin folder does not exist or is not a folder".to_owned(),
        );
    }
    match plugin::cursor(root) {
        plugin::CursorHooks::Read {
            path,
            format,
            manifest,
        } => PluginFile::Read {
            path,
            format,
            manifest,
        },
        plugin::CursorHooks::Problem(path, finding) => PluginFile::Problem(path, finding),
        plugin::CursorHooks::Nothing => PluginFile::Nothing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_expand_under_home_or_project() {
        let mut locations = Locations {
            project: PathBuf::from("/p"),
            home: Some(PathBuf::from("/h")),
            plugins: Vec::new(),
            settings: None,
        };
        assert_eq!(
            locations.expand("{home}/.cursor/hooks.json"),
            Some(PathBuf::from("/h/.cursor/hooks.json"))
        );
        assert_eq!(
            locations.expand("{project}/.claude/settings.json"),
            Some(PathBuf::from("/p/.claude/settings.json"))
        );
        locations.home = None;
        assert_eq!(locations.expand("{home}/.claude/settings.json"), None);
    }
}
