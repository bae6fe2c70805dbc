//! Codex's two trust gates, read from the user's `config.toml` (`spec/codex/host.json`, `trust`
//! and `config_sources`): a project's `.codex/hooks.json` loads only in a trusted project, and
//! each command hook runs only when `[hooks.state."<key>"]` holds its current `trusted_hash`.
//! Codex skips what fails either gate without a word; doctor names each such hook and writes the
//! lines that trust exactly those hooks, never more.

use super::{codex_finding, CommandEntry, HooksFile};
use crate::findings::{Finding, Severity};
use cursor_hooks_spec::codex_trust::{hook_key, trusted_hash, CommandHook};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// What the trust gates make of the hooks files.
#[derive(Debug, Default)]
pub struct Report {
    pub findings: Vec<Finding>,
    /// The config file the lines go in.
    pub config: PathBuf,
    /// The TOML lines that trust exactly the hooks (and project) Codex would skip; empty when
    /// it skips none.
    pub add: String,
}

/// The parts of `config.toml` the gates read.
#[derive(Debug, Default)]
struct Config {
    table: toml::Table,
}

impl Config {
    fn read(path: &Path, findings: &mut Vec<Finding>) -> Config {
        let bytes = match crate::safe_read::read(path, super::LIMIT) {
            Ok(bytes) => bytes,
            Err(crate::safe_read::Refusal::Missing) => return Config::default(),
            Err(why) => {
                let message = format!(
                    "Codex cannot read its config: {}",
                    why.describe(super::LIMIT)
                );
                findings.push(codex_finding(Severity::Error, path, "", message));
                return Config::default();
            }
        };
        let parsed = std::str::from_utf8(&bytes)
            .map_err(|error| error.to_string())
            .and_then(|text| {
                text.parse::<toml::Table>()
                    .map_err(|error| error.to_string())
            });
        match parsed {
            Ok(table) => Config { table },
            Err(why) => {
                let message = format!(
                    "Codex cannot read its config, so it trusts no hook: it is not TOML ({why})"
                );
                findings.push(codex_finding(Severity::Error, path, "", message));
                Config::default()
            }
        }
    }

    /// `[hooks.state."<key>"]`.
    fn state(&self, key: &str) -> Option<&toml::Table> {
        self.table.get("hooks")?.get("state")?.get(key)?.as_table()
    }

    /// Whether `[projects."<path>"] trust_level = "trusted"` names `project`, as written or by
    /// its canonical path.
    fn trusts_project(&self, project: &Path) -> bool {
        let Some(projects) = self.table.get("projects").and_then(toml::Value::as_table) else {
            return false;
        };
        let canonical = std::fs::canonicalize(project).ok();
        let names = [Some(project.to_path_buf()), canonical];
        names.iter().flatten().any(|name| {
            projects
                .get(&name.display().to_string())
                .and_then(|entry| entry.get("trust_level"))
                .and_then(toml::Value::as_str)
                == Some("trusted")
        })
    }
}

/// Why Codex would not run one command hook, gate by gate in Codex's order
/// (`spec/codex/host.json`, `loading`: `hook-trust`, `disabled`; `config_sources`: project).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Gate {
    /// Every gate passed: Codex runs it when its matcher selects the payload.
    Runs,
    /// Its event is not one of Codex's, so no key or hash exists for it.
    NotAnEvent,
    /// `enabled = false` under its `[hooks.state]` entry.
    Disabled,
    /// No `trusted_hash` for it.
    Untrusted,
    /// A `trusted_hash` for another version of it.
    Modified,
}

/// The user's `config.toml` as the gates read it.
pub struct Gates {
    config: Config,
    /// Where the lines that trust a hook go.
    pub path: PathBuf,
    project_trusted: bool,
}

impl Gates {
    /// Reads `codex_home/config.toml` (what cannot be read trusts nothing, with a finding).
    pub fn read(codex_home: &Path, project: &Path, findings: &mut Vec<Finding>) -> Gates {
        let path = codex_home.join("config.toml");
        let config = Config::read(&path, findings);
        let project_trusted = config.trusts_project(project);
        Gates {
            config,
            path,
            project_trusted,
        }
    }

    /// Whether Codex loads `file` at all: a project's file only in a trusted project.
    pub fn loads(&self, file: &HooksFile) -> bool {
        file.source != "project" || self.project_trusted
    }

    /// The gate `entry` of `file` stops at, with its trust key and the hash Codex expects
    /// (none for an event Codex does not have).
    pub fn hook(&self, file: &HooksFile, entry: &CommandEntry) -> (Gate, Option<(String, String)>) {
        let mut hook = CommandHook::new(&entry.event, &entry.command);
        hook.matcher = entry.matcher.as_deref();
        hook.timeout = entry.timeout;
        hook.r#async = entry.r#async;
        hook.status_message = entry.status_message.as_deref();
        let (Some(key), Some(hash)) = (
            hook_key(&file.key_source, &entry.event, entry.group, entry.handler),
            trusted_hash(&hook),
        ) else {
            return (Gate::NotAnEvent, None);
        };
        let state = self.config.state(&key);
        let gate = if state
            .and_then(|s| s.get("enabled"))
            .and_then(toml::Value::as_bool)
            == Some(false)
        {
            Gate::Disabled
        } else {
            match state
                .and_then(|s| s.get("trusted_hash"))
                .and_then(toml::Value::as_str)
            {
                Some(trusted) if trusted == hash => Gate::Runs,
                Some(_) => Gate::Modified,
                None => Gate::Untrusted,
            }
        };
        (gate, Some((key, hash)))
    }
}

/// Holds every command hook of `files` against the user's `config.toml` in `codex_home`.
pub fn check(files: &[HooksFile], codex_home: &Path, project: &Path) -> Report {
    let mut report = Report::default();
    let gates = Gates::read(codex_home, project, &mut report.findings);
    let config_path = gates.path.clone();
    report.config = config_path.clone();
    for file in files {
        if !gates.loads(file) {
            let name = std::fs::canonicalize(project).unwrap_or_else(|_| project.to_path_buf());
            report.findings.push(codex_finding(
                Severity::Warning,
                &file.path,
                "",
                format!(
                    "Codex skips this file without a word: the project is not trusted in {} (`codex --trust` or the `[projects]` lines below trust it)",
                    config_path.display()
                ),
            ));
            let _ = writeln!(
                report.add,
                "[projects.{}]\ntrust_level = \"trusted\"\n",
                toml_key(&name.display().to_string())
            );
        }
        for entry in &file.hooks {
            let (gate, identity) = gates.hook(file, entry);
            let (key, hash) = identity.unwrap_or_default();
            let why = match gate {
                Gate::Runs => continue,
                Gate::NotAnEvent => {
                    report.findings.push(codex_finding(
                        Severity::Warning,
                        &file.path,
                        &entry.pointer,
                        format!("`{}` is not one of Codex's events (spec/codex/events.json), so this hook never runs", entry.event),
                    ));
                    continue;
                }
                Gate::Disabled => {
                    report.findings.push(codex_finding(
                        Severity::Note,
                        &file.path,
                        &entry.pointer,
                        format!(
                            "turned off in {} (`enabled = false` under `[hooks.state.{}]`)",
                            config_path.display(),
                            toml_key(&key)
                        ),
                    ));
                    continue;
                }
                Gate::Modified => "it changed since it was trusted (its `trusted_hash` is for another version of it)",
                Gate::Untrusted => "it is not trusted (no `trusted_hash` for it)",
            };
            report.findings.push(codex_finding(
                Severity::Warning,
                &file.path,
                &entry.pointer,
                format!(
                    "Codex skips `{}` on {} without a word: {why} in {}; the `[hooks.state]` lines below trust exactly this entry",
                    entry.command,
                    entry.event,
                    config_path.display()
                ),
            ));
            let _ = writeln!(
                report.add,
                "[hooks.state.{}]\ntrusted_hash = \"{hash}\"\n",
                toml_key(&key)
            );
        }
    }
    report
}

/// A TOML key as a basic string: `"…"`, with `"` and `\` escaped.
fn toml_key(key: &str) -> String {
    let mut out = String::from('"');
    for c in key.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
