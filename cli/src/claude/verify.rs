//! `cursor-hooks verify --host claude-code`: the installed `claude` runs one print-mode turn in
//! the user's project against the Messages API mock (`cursor_hooks_cli::live::claude_code`),
//! with a scratch home seeded with copies of the user's Claude Code settings and plugin
//! records, and `--include-hook-events`, whose `hook_started` and `hook_response` lines say
//! which hooks ran and what each answered. The turn fires SessionStart, UserPromptSubmit,
//! PreToolUse and PostToolUse on one Bash call (`verify::scripted_command`), Stop and
//! SessionEnd.

use crate::findings::{Finding, HostName};
use crate::sources::Locations;
use crate::verify::{Configured, HookRun, Isolation, Report, Scratch, RAN};
use cursor_hooks::claude::installed::{installed, Installed};
use cursor_hooks_cli::live::claude_code::mock::{MockApi, Reply};
use serde_json::Value;

/// The user's files copied into the scratch home (relative to the home): Claude Code's user
/// settings and the records of installed plugins and marketplaces, which point at the plugins
/// where they are installed (read there, never written).
const SEEDED: &[&str] = &[
    ".claude/settings.json",
    ".claude/plugins/installed_plugins.json",
    ".claude/plugins/known_marketplaces.json",
];

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
    let scratch = Scratch::new()?;
    for relative in SEEDED {
        if let Some(home) = &locations.home {
            scratch.seed(home, relative)?;
        }
    }
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
        crate::verify::PROMPT,
        "--output-format",
        "stream-json",
        "--verbose",
        "--include-hook-events",
        "--allowedTools",
        "Bash",
    ]);
    let output = crate::child::run(process, b"", crate::verify::TURN_LIMIT)
        .map_err(|e| format!("`{}` cannot start: {e}", claude.display()))?;
    let after = crate::verify::snapshot(project);
    if output.timed_out {
        return Err(crate::verify::timed_out("Claude Code", isolation));
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
        host: "claude-code",
        name: "Claude Code",
        program: "claude",
        binary: claude,
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
            file: None,
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
            // Claude Code names a run `Event:subject` (`PreToolUse:Bash`): a hook ran when one
            // of its event ran with a subject its matcher selects.
            let ran = runs
                .iter()
                .filter(|run| {
                    run.event == hook.event
                        && match (hook.matcher.as_deref(), run.name.split_once(':')) {
                            (Some(matcher), Some((_, subject))) => {
                                cursor_hooks_spec::claude::matcher::is_match(matcher, subject)
                            }
                            _ => true,
                        }
                })
                .count();
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
                    format!(
                        "{ran} run(s) of {} its matcher selects on this turn",
                        hook.event
                    ),
                )
            } else {
                ("not_fired", format!("no run of {} that its matcher selects on this turn (the turn fires SessionStart, UserPromptSubmit, PreToolUse and PostToolUse on Bash, Stop and SessionEnd)", hook.event))
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
