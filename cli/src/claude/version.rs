//! The installed Claude Code against what its settings files need. Each event has a first
//! version (`spec/claude-code/events.json` `since`); a binary older than an event its settings
//! name does not run that event's hooks and, at an interactive start, stops on its Settings
//! Error dialog for the file (`spec/claude-code/host.json` `loading` `unknown-event`). The
//! version is the runtime's reading of `claude --version` on `PATH`
//! ([`cursor_hooks::claude::installed`]), never a program inside the project doctor inspects.

use crate::findings::{Finding, HostName, Severity};
use crate::parse::ConfigFile;
pub use cursor_hooks::claude::installed::{installed, since, Installed, PROGRAM};
use semver::Version;
use serde_json::{json, Value};

/// What holding the settings against the installed Claude Code found.
pub struct Check {
    /// An error at each hook whose event is newer than the installed Claude Code.
    pub findings: Vec<Finding>,
    /// The version found and the version the settings need, for people (`None` without hooks).
    pub line: Option<String>,
    /// The same for `--json`: `installed` (or null, with `why`), `path`, `needs`, `for`.
    pub json: Value,
}

/// Holds `files` (Claude Code's settings, as doctor read them) against the installed Claude
/// Code: an error at each hook whose event is newer than it, and a line saying which version
/// was found (or why none was) and which the settings need.
pub fn gate(files: &[ConfigFile], installed: &Installed) -> Check {
    let hooks = files
        .iter()
        .filter(|file| !file.voided)
        .flat_map(|file| file.hooks.iter().map(move |hook| (file, hook)));
    let mut needed: Option<(Version, &str)> = None;
    let mut findings = Vec::new();
    for (file, hook) in hooks {
        let Some(since) = since(&hook.event) else {
            continue;
        };
        if let Installed::Found { path, version } = installed {
            if *version < since {
                findings.push(Finding {
                    host: HostName::ClaudeCode,
                    ..Finding::new(
                        Severity::Error,
                        &file.path,
                        &hook.pointer,
                        format!(
                            "the installed Claude Code {version} ({}) predates `{}` (added in {since}): it never runs this hook, and at an interactive start it stops on its Settings Error dialog for this file, whose \"Continue without these settings\" drops every setting in it; update Claude Code to {since} or later (`npm install -g @anthropic-ai/claude-code@latest`), or keep the hook out of files that older versions read",
                            path.display(),
                            hook.event,
                        ),
                    )
                });
            }
        }
        if needed.as_ref().is_none_or(|(newest, _)| since > *newest) {
            needed = Some((since, &hook.event));
        }
    }
    let Some((since, event)) = needed else {
        return Check {
            findings,
            line: None,
            json: Value::Null,
        };
    };
    let needs = format!("these settings need Claude Code {since} or later (for `{event}`)");
    let (line, json) = match installed {
        Installed::Found { path, version } => (
            format!(
                "Claude Code {version} is installed ({}); {needs}",
                path.display()
            ),
            json!({"installed": version.to_string(), "path": path}),
        ),
        Installed::NotOnPath => (
            format!(
                "`{PROGRAM}` is not on PATH, so the installed Claude Code is not checked; {needs}"
            ),
            json!({"installed": null, "why": format!("`{PROGRAM}` is not on PATH")}),
        ),
        Installed::Unreadable { why } => (
            format!("{why}, so the installed Claude Code is not checked; {needs}"),
            json!({"installed": null, "why": why}),
        ),
    };
    let mut json = json;
    json["needs"] = json!(since.to_string());
    json["for"] = json!(event);
    Check {
        findings,
        line: Some(line),
        json,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_rule_applied_is_in_the_spec() {
        assert!(super::super::host::host().loading("unknown-event").verified);
    }
}
