//! Every configuration file Cursor reads for a project, in priority order, and the hooks each
//! one wires. Parsing records its problems as findings, so `doctor` and `simulate` see one
//! reading of the files.

use crate::findings::Severity;
use crate::host::{self, Cwd, Format};
use std::path::{Path, PathBuf};

pub use crate::parse::{ConfigFile, Hook};

/// Overrides the enterprise file's path. For tests, which must not read the machine's real
/// `/etc/cursor/hooks.json`; set it to a path that does not exist to skip the source.
pub const ENTERPRISE_VARIABLE: &str = "CURSOR_HOOKS_ENTERPRISE_FILE";

/// Where to look.
#[derive(Debug, Clone)]
pub struct Locations {
    pub project: PathBuf,
    pub home: Option<PathBuf>,
    /// Plugin folders (as `cursor-agent --plugin-dir` takes them).
    pub plugins: Vec<PathBuf>,
}

impl Locations {
    /// The project given (or the current directory), `HOME` (or `USERPROFILE`) as the user's
    /// home, and the plugin folders given.
    pub fn new(project: Option<PathBuf>, plugins: Vec<PathBuf>) -> Result<Self, String> {
        let project = match project {
            Some(dir) => dir,
            None => std::env::current_dir().map_err(|e| format!("no current directory: {e}"))?,
        };
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
        })
    }

    /// The value of a variable as a hook's shell would see it, for resolving commands.
    pub fn lookup(&self, plugin_root: Option<&Path>) -> impl Fn(&str) -> Option<String> + '_ {
        let plugin_root = plugin_root.map(|p| p.display().to_string());
        move |name: &str| match name {
            "HOME" => self.home.as_ref().map(|h| h.display().to_string()),
            "CURSOR_PROJECT_DIR" | "CLAUDE_PROJECT_DIR" => Some(self.project.display().to_string()),
            "CURSOR_PLUGIN_ROOT" => plugin_root.clone(),
            other => std::env::var(other).ok(),
        }
    }
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
        } else if template.contains("{home}") {
            let Some(home) = &locations.home else {
                continue;
            };
            candidates.push((
                PathBuf::from(template.replace("{home}", &home.display().to_string())),
                None,
            ));
        } else {
            candidates.push((
                PathBuf::from(
                    template.replace("{project}", &locations.project.display().to_string()),
                ),
                None,
            ));
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

fn read_source(
    name: &str,
    format: Format,
    cwd: Cwd,
    path: &Path,
    plugin_root: Option<PathBuf>,
    locations: &Locations,
) -> Option<ConfigFile> {
    let (path, format) = match format {
        Format::Plugin => plugin_file(path)?,
        other => (path.to_path_buf(), other),
    };
    let text = std::fs::read_to_string(&path).ok()?;
    let cwd = match cwd {
        Cwd::Project => locations.project.clone(),
        Cwd::FileDir => path.parent().map(Path::to_path_buf).unwrap_or_default(),
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
    };
    crate::parse::parse(&mut file, &text);
    file.voided = file
        .findings
        .iter()
        .any(|f| f.severity == Severity::Error && f.voids);
    Some(file)
}

/// A plugin's hooks: its `hooks/hooks.json`, else the `hooks` of its manifest.
fn plugin_file(root: &Path) -> Option<(PathBuf, Format)> {
    let plugins = &host::host().plugins;
    let hooks_file = root.join(&plugins.hooks_file);
    if hooks_file.is_file() {
        return Some((hooks_file, Format::HooksJson));
    }
    let manifest = root.join(&plugins.manifest);
    manifest.is_file().then_some((manifest, Format::Plugin))
}
