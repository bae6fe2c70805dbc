//! `cursor-hooks verify --host claude-code`: the installed `claude` runs one print-mode turn in
//! the user's project against the Messages API mock (`cursor_hooks_cli::live::claude_code`),
//! with a scratch home seeded with copies of the user's Claude Code settings and plugin
//! records, and `--include-hook-events`, whose `hook_started` and `hook_response` lines say
//! which hooks ran and what each answered. The turn fires SessionStart, UserPromptSubmit,
//! PreToolUse and PostToolUse on one Bash call (`verify::scripted_command`), Stop and
//! SessionEnd.

use crate::findings::{Finding, HostName};
use crate::sources::Locations;
use crate::verify::{Isolation, RAN};
use cursor_hooks::claude::installed::{installed, Installed};
use cursor_hooks_cli::live::claude_code::mock::{MockApi, Reply};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How long the turn may take before `claude` is stopped.
const TURN_LIMIT: Duration = Duration::from_secs(180);

/// The user's files copied into the scratch home (relative to the home): Claude Code's user
/// settings and the records of installed plugins and marketplaces, which point at the plugins
/// where they are installed (read there, never written).
const SEEDED: &[&str] = &[
    ".claude/settings.json",
    ".claude/plugins/installed_plugins.json",
    ".claude/plugins/known_marketplaces.json",
];

/// One hook run, as Claude Code reported it.
pub struct HookRun {
    pub event: String,
    /// Claude Code's name for it (`PreToolUse:Bash`).
    pub name: String,
    pub exit_code: Option<i64>,
    pub outcome: String,
    pub stdout: String,
    pub stderr: String,
}

/// One hook of the user's configuration, and what became of it.
pub struct Configured {
    pub file: PathBuf,
    pub pointer: String,
    pub event: String,
    pub matcher: Option<String>,
    pub command: String,
    /// `fired` (its event's hooks ran), `skipped` (a gate kept it off) or `not_fired` (the turn
    /// did not fire its event, or its matcher did not select the call).
    pub status: &'static str,
    pub why: String,
}

/// What the run showed.
pub struct Report {
    pub claude: PathBuf,
    pub version: String,
    pub command: String,
    pub configured: Vec<Configured>,
    pub runs: Vec<HookRun>,
    /// Whether the shell ran the call (its output reached Claude Code).
    pub call_ran: bool,
    /// What the model was told of the call.
    pub told: String,
    /// The files of the project that differ after the run (none, by construction).
    pub changed: Vec<PathBuf>,
    pub findings: Vec<Finding>,
    pub exit_code: Option<i32>,
    pub stderr: String,
}

/// Runs the turn. `Err` when Claude Code is missing or cannot run.
pub fn run(
    locations: &Locations,
    pattern: Option<&str>,
    isolation: &Isolation,
) -> Result<Report, String> {
    let project = &locations.project;
    let (claude, version) = match installed(project) {
        Installed::Found { path, version } => (path, version.to_string()),
        Installed::NotOnPath => return Err(
            "Claude Code is not installed here (no `claude` on PATH): install it with `npm install -g @anthropic-ai/claude-code`, then run verify again".to_owned(),
        ),
        Installed::Unreadable { why } => return Err(format!("{why}: is it Claude Code?")),
    };
    let files = crate::sources::claude::load(locations);
    let findings = crate::doctor::check(locations, &files, HostName::ClaudeCode);
    let scratch = Scratch::new(locations.home.as_deref())?;
    let command = crate::verify::scripted_command(pattern);
    let api = MockApi::start(vec![Reply::bash(&command)])
        .map_err(|e| format!("the model mock cannot listen on 127.0.0.1: {e}"))?;
    let before = crate::verify::snapshot(project);
    let mut process = cursor_hooks_cli::live::claude_code::command(
        &claude,
        project,
        &scratch.home,
        &api.base_url(),
    );
    process.args([
        "-p",
        "cursor-hooks verify: run the one command you are given.",
        "--output-format",
        "stream-json",
        "--verbose",
        "--include-hook-events",
        "--allowedTools",
        "Bash",
    ]);
    let output = crate::child::run(process, b"", TURN_LIMIT)
        .map_err(|e| format!("`{}` cannot start: {e}", claude.display()))?;
    let after = crate::verify::snapshot(project);
    if output.timed_out {
        return Err(format!(
            "Claude Code did not end its turn within {} s (isolation: {})",
            TURN_LIMIT.as_secs(),
            isolation.describe()
        ));
    }
    let lines: Vec<Value> = output
        .stdout
        .text
        .lines()
        .filter_map(|line| serde_json::from_str(line).ok())
        .collect();
    let runs = hook_runs(&lines);
    let told = tool_results(&lines).join("\n");
    let configured = configured(&files, &findings, &runs);
    Ok(Report {
        claude,
        version,
        command,
        configured,
        call_ran: told.contains(RAN),
        told,
        runs,
        changed: crate::verify::changed(&before, &after),
        findings,
        exit_code: output.code,
        stderr: output.stderr.text,
    })
}

/// Every hook run the stream reports, in order (a `hook_response` line each).
fn hook_runs(lines: &[Value]) -> Vec<HookRun> {
    let text = |value: &Value| value.as_str().unwrap_or_default().to_owned();
    lines
        .iter()
        .filter(|line| line["type"] == "system" && line["subtype"] == "hook_response")
        .map(|line| HookRun {
            event: text(&line["hook_event"]),
            name: text(&line["hook_name"]),
            exit_code: line["exit_code"].as_i64(),
            outcome: text(&line["outcome"]),
            stdout: text(&line["stdout"]),
            stderr: text(&line["stderr"]),
        })
        .collect()
}

/// The text of every tool result the stream shows the model.
fn tool_results(lines: &[Value]) -> Vec<String> {
    lines
        .iter()
        .filter(|line| line["type"] == "user")
        .filter_map(|line| line["message"]["content"].as_array())
        .flatten()
        .filter(|block| block["type"] == "tool_result")
        .map(|block| match &block["content"] {
            Value::String(text) => text.clone(),
            Value::Array(parts) => parts
                .iter()
                .filter_map(|part| part["text"].as_str())
                .collect::<Vec<_>>()
                .join("\n"),
            other => other.to_string(),
        })
        .collect()
}

/// Each command hook of the configuration with what became of it: a gate doctor found
/// (`disableAllHooks`, `allowManagedHooksOnly`, a file Claude Code ignores), its event's hooks
/// running on this turn, or neither.
fn configured(
    files: &[crate::parse::ConfigFile],
    findings: &[Finding],
    runs: &[HookRun],
) -> Vec<Configured> {
    // `disableAllHooks` turns every hook off; `allowManagedHooksOnly` all but managed ones.
    let gate = |file: &crate::parse::ConfigFile| {
        findings.iter().find(|finding| match finding.path.as_str() {
            "/disableAllHooks" => true,
            "/allowManagedHooksOnly" => file.source != "managed",
            _ => false,
        })
    };
    let mut all = Vec::new();
    for file in files {
        for hook in file.hooks.iter().filter(|hook| hook.kind == "command") {
            let ran = runs.iter().filter(|run| run.event == hook.event).count();
            let (status, why) = if file.voided {
                (
                    "skipped",
                    "Claude Code loads none of this file's hooks (doctor says why)".to_owned(),
                )
            } else if let Some(gate) = gate(file) {
                ("skipped", gate.message.clone())
            } else if ran > 0 {
                (
                    "fired",
                    format!("{ran} hook(s) of {} ran on this turn", hook.event),
                )
            } else {
                ("not_fired", format!("no hook of {} ran on this turn (the turn fires SessionStart, UserPromptSubmit, PreToolUse and PostToolUse on Bash, Stop and SessionEnd; a matcher that does not select Bash keeps a tool hook off)", hook.event))
            };
            all.push(Configured {
                file: file.path.clone(),
                pointer: hook.pointer.clone(),
                event: hook.event.clone(),
                matcher: hook.matcher.clone(),
                command: hook.command.clone().unwrap_or_default(),
                status,
                why,
            });
        }
    }
    all
}

impl Report {
    /// The report as one JSON object.
    pub fn json(&self, isolation: &Isolation) -> Value {
        json!({
            "host": "claude-code",
            "claude": self.claude,
            "version": self.version,
            "isolation": isolation.describe(),
            "command": self.command,
            "configured": self.configured.iter().map(|hook| json!({
                "file": hook.file,
                "pointer": hook.pointer,
                "event": hook.event,
                "matcher": hook.matcher,
                "command": hook.command,
                "status": hook.status,
                "why": hook.why,
            })).collect::<Vec<_>>(),
            "runs": self.runs.iter().map(|run| json!({
                "event": run.event,
                "name": run.name,
                "exit_code": run.exit_code,
                "outcome": run.outcome,
                "stdout": run.stdout,
                "stderr": run.stderr,
            })).collect::<Vec<_>>(),
            "call": {"ran": self.call_ran, "told": self.told},
            "project_changed": self.changed,
            "findings": self.findings,
            "exit_code": self.exit_code,
        })
    }

    /// The report for people.
    pub fn print(&self, isolation: &Isolation) {
        println!(
            "Claude Code {} ({}), {}",
            self.version,
            self.claude.display(),
            isolation.describe()
        );
        println!("the model asked to run: {}", self.command);
        for hook in &self.configured {
            println!(
                "{}#{}: {}{} `{}`: {}: {}",
                hook.file.display(),
                hook.pointer,
                hook.event,
                hook.matcher
                    .as_ref()
                    .map(|m| format!(" [{m}]"))
                    .unwrap_or_default(),
                hook.command,
                hook.status.replace('_', " "),
                hook.why
            );
        }
        for run in &self.runs {
            let code = run
                .exit_code
                .map_or("no exit code".to_owned(), |c| format!("exit {c}"));
            println!(
                "ran {} ({}): {code}, {}, answered {:?}{}",
                run.event,
                run.name,
                run.outcome,
                run.stdout.trim(),
                if run.stderr.trim().is_empty() {
                    String::new()
                } else {
                    format!(", stderr {:?}", run.stderr.trim())
                }
            );
        }
        if self.call_ran {
            println!("the call ran; the model was told: {:?}", self.told.trim());
        } else {
            println!(
                "the call did not run; the model was told: {:?}",
                self.told.trim()
            );
        }
        if self.changed.is_empty() {
            println!("the project is unchanged");
        } else {
            for path in &self.changed {
                println!("changed in the project during the run: {}", path.display());
            }
        }
        for finding in &self.findings {
            println!("{}", crate::findings::line_for(finding, false, true));
        }
    }
}

/// The scratch home: a temporary folder seeded with copies of [`SEEDED`], removed on drop.
struct Scratch {
    root: PathBuf,
    home: PathBuf,
}

impl Scratch {
    fn new(home: Option<&Path>) -> Result<Scratch, String> {
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |time| time.as_nanos());
        let root = std::env::temp_dir().join(format!(
            "cursor-hooks-verify-{}-{stamp}",
            std::process::id()
        ));
        let scratch = Scratch {
            home: root.join("home"),
            root,
        };
        std::fs::create_dir_all(&scratch.home)
            .map_err(|e| format!("cannot make a scratch home: {e}"))?;
        for relative in SEEDED {
            let Some(from) = home.map(|home| home.join(relative)) else {
                continue;
            };
            // Regular files only: a link is not followed out of the user's home.
            if !std::fs::symlink_metadata(&from).is_ok_and(|meta| meta.is_file()) {
                continue;
            }
            let to = scratch.home.join(relative);
            std::fs::create_dir_all(to.parent().expect("a parent"))
                .and_then(|()| std::fs::copy(&from, &to).map(|_| ()))
                .map_err(|e| {
                    format!("cannot copy {} into the scratch home: {e}", from.display())
                })?;
        }
        Ok(scratch)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}
