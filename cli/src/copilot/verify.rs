//! `cursor-hooks verify --host copilot`: the installed `copilot` runs one `copilot -p` turn in
//! the user's project against the Messages API mock (Copilot's Anthropic provider speaks it;
//! `cursor_hooks_cli::live::copilot`), with a scratch home seeded with copies of the user's
//! `~/.copilot/hooks/*.json` and of the folders their `config.json` trusts (that list only:
//! nothing else of the file, which also holds sign-in state, is copied). It runs without
//! `--trust-folder`, so a project Copilot does not trust runs none of its project hooks, as in
//! the user's own runs.
//!
//! Copilot records each hook invocation in the session's `events.jsonl` (`hook.start` with the
//! event, `hook.end` with whether it succeeded and the verdict), and its `--log-level all` log
//! holds each hook's stdout and stderr between the delivery lines of those two events. The
//! turn fires sessionStart, userPromptSubmitted, preToolUse and postToolUse on one `bash` call
//! (`verify::scripted_command`), and agentStop.

use crate::findings::Finding;
use crate::sources::Locations;
use crate::verify::{Configured, HookRun, Isolation, Report, Scratch, RAN};
use cursor_hooks_cli::live::claude_code::mock::{text_of, MockApi, Reply};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// Runs the turn. `Err` when Copilot is missing or cannot run.
pub fn run(
    locations: &Locations,
    pattern: Option<&str>,
    isolation: &Isolation,
) -> Result<Report, String> {
    let project = &locations.project;
    let Some(copilot) = crate::verify::on_path("copilot", project) else {
        return Err(format!(
            "GitHub Copilot CLI {} (no `copilot` on PATH): install it with `npm install -g @github/copilot`, then run verify again",
            crate::verify::NOT_INSTALLED
        ));
    };
    let mut findings = Vec::new();
    let doctor = super::doctor(locations, &mut findings);
    let scratch = Scratch::new()?;
    if let Some(home) = super::copilot_home(locations) {
        seed(&scratch, &home)?;
    }
    let command_line = crate::verify::scripted_command(pattern);
    let api = MockApi::start(vec![Reply::copilot_bash(&command_line)])
        .map_err(|e| format!("the model mock cannot listen on 127.0.0.1: {e}"))?;
    let version = crate::verify::version_of(cursor_hooks_cli::live::copilot::offline(
        &copilot,
        project,
        &scratch.home,
    ));
    let logs = scratch.beside("copilot-logs");
    let before = crate::verify::snapshot(project);
    let mut process =
        cursor_hooks_cli::live::copilot::command(&copilot, project, &scratch.home, &api.base_url());
    process
        .args([
            "-p",
            crate::verify::PROMPT,
            "--allow-all-tools",
            "--log-dir",
        ])
        .arg(&logs)
        .args(["--log-level", "all"]);
    let output = crate::child::run(process, b"", crate::verify::TURN_LIMIT)
        .map_err(|e| format!("`{}` cannot start: {e}", copilot.display()))?;
    let after = crate::verify::snapshot(project);
    if output.timed_out {
        return Err(crate::verify::timed_out("Copilot", isolation));
    }
    let runs = hook_runs(&scratch.home.join(".copilot/session-state"), &logs);
    let told: Vec<String> = api.tool_results().iter().map(text_of).collect();
    let told = told.join("\n");
    let configured = configured(locations, &doctor, &findings, &runs);
    Ok(Report {
        host: "copilot",
        name: "GitHub Copilot CLI",
        program: "copilot",
        binary: copilot,
        version,
        command: command_line,
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

/// Copies the user's hooks files and writes a `config.json` holding only the folders theirs
/// trusts.
fn seed(scratch: &Scratch, home: &Path) -> Result<(), String> {
    for path in super::json_files(&home.join("hooks")) {
        if let Some(name) = path.file_name().and_then(|name| name.to_str()) {
            let relative = format!("hooks/{name}");
            scratch.seed_as(home, &relative, &format!(".copilot/{relative}"))?;
        }
    }
    let folders: Vec<Value> = crate::verify::regular_file(home, "config.json")
        .and_then(|path| crate::safe_read::read(&path, super::LIMIT).ok())
        .and_then(|bytes| super::without_comment_lines(&bytes))
        .map(|root| {
            ["trusted_folders", "trustedFolders"]
                .iter()
                .filter_map(|key| root.get(key).and_then(Value::as_array))
                .flatten()
                .filter(|folder| folder.is_string())
                .cloned()
                .collect()
        })
        .unwrap_or_default();
    let dir = scratch.home.join(".copilot");
    std::fs::create_dir_all(&dir)
        .and_then(|()| {
            std::fs::write(
                dir.join("config.json"),
                json!({ "trusted_folders": folders }).to_string(),
            )
        })
        .map_err(|e| format!("cannot write the scratch config.json: {e}"))
}

/// Every hook invocation the session recorded, in order: `hook.start` and its `hook.end` in
/// `events.jsonl`, with the `[hook stdout]` and `[hook stderr]` lines the log holds between
/// their deliveries.
fn hook_runs(session_state: &Path, logs: &Path) -> Vec<HookRun> {
    let mut events = Vec::new();
    for session in std::fs::read_dir(session_state)
        .into_iter()
        .flatten()
        .flatten()
    {
        let text = std::fs::read_to_string(session.path().join("events.jsonl")).unwrap_or_default();
        events.extend(
            text.lines()
                .filter_map(|line| serde_json::from_str::<Value>(line).ok()),
        );
    }
    let mut log = String::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(logs)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .collect();
    files.sort();
    for file in files {
        log.push_str(&std::fs::read_to_string(file).unwrap_or_default());
    }
    let log: Vec<&str> = log.lines().collect();
    let text = |value: &Value| value.as_str().unwrap_or_default().to_owned();
    let mut runs = Vec::new();
    for start in events.iter().filter(|event| event["type"] == "hook.start") {
        let invocation = &start["data"]["hookInvocationId"];
        let end = events.iter().find(|event| {
            event["type"] == "hook.end" && &event["data"]["hookInvocationId"] == invocation
        });
        let outcome = match end {
            Some(end) if end["data"]["success"] == true => "success".to_owned(),
            Some(_) => "failure".to_owned(),
            None => "no end recorded".to_owned(),
        };
        let (stdout, stderr) =
            output_between(&log, &text(&start["id"]), end.map(|end| text(&end["id"])));
        let verdict = end
            .and_then(|end| end["data"]["output"].as_object())
            .map(|output| {
                output
                    .values()
                    .map(|v| v.as_str().map_or(v.to_string(), str::to_owned))
                    .collect::<Vec<_>>()
                    .join("; ")
            })
            .filter(|verdict| !verdict.is_empty());
        runs.push(HookRun {
            event: text(&start["data"]["hookType"]),
            name: text(invocation),
            exit_code: None,
            outcome: verdict.map_or(outcome.clone(), |verdict| format!("{outcome}: {verdict}")),
            stdout,
            stderr,
            file: None,
        });
    }
    runs
}

/// The hook output lines of the log between the delivery of the event `start` and that of
/// `end` (to the log's end when there is none).
fn output_between(log: &[&str], start: &str, end: Option<String>) -> (String, String) {
    let id = |id: &str| format!("\"event_id\":\"{id}\"");
    let Some(from) = log.iter().position(|line| line.contains(&id(start))) else {
        return (String::new(), String::new());
    };
    let to = end
        .and_then(|end| log[from..].iter().position(|line| line.contains(&id(&end))))
        .map_or(log.len(), |at| from + at);
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    for line in &log[from..to] {
        if let Some((_, text)) = line.split_once("[hook stdout] ") {
            stdout.push(text);
        } else if let Some((_, text)) = line.split_once("[hook stderr] ") {
            stderr.push(text);
        }
    }
    (stdout.join("\n"), stderr.join("\n"))
}

/// The event Copilot reports for a configured event key: its own events as written, Claude
/// Code's as Copilot runs them (`host.json` `claude_events`: `UserPromptSubmit` is
/// `userPromptSubmitted`, `Stop` `agentStop`).
fn reported(event: &str) -> String {
    let claude_events = crate::copilot::simulate::host()["claude_events"]["events"].as_object();
    claude_events
        .and_then(|events| {
            events
                .iter()
                .find(|(_, claude)| claude.as_str() == Some(event))
        })
        .map_or_else(|| event.to_owned(), |(own, _)| own.clone())
}

/// Each command hook Copilot reads (its hooks files, and Claude Code's project settings, which
/// it runs in a folder it trusts) with what became of it: the folder trust gate, a run of its
/// event on this turn, or neither.
fn configured(
    locations: &Locations,
    doctor: &super::Doctor,
    findings: &[Finding],
    runs: &[HookRun],
) -> Vec<Configured> {
    let trusted = doctor.trust.as_ref().is_some_and(|trust| trust.trusted);
    let mut hooks: Vec<(PathBuf, bool, String, String, Option<String>, String)> = Vec::new();
    for file in &doctor.files {
        for entry in &file.entries {
            hooks.push((
                file.path.clone(),
                file.source == "project",
                entry.pointer.clone(),
                entry.event.clone(),
                entry.matcher.clone(),
                entry.bash.clone().unwrap_or_default(),
            ));
        }
    }
    for (path, events) in super::claude_settings(&locations.project) {
        for (event, groups) in &events {
            for (g, group) in groups.as_array().into_iter().flatten().enumerate() {
                let matcher = group["matcher"].as_str().map(str::to_owned);
                for (h, handler) in group["hooks"].as_array().into_iter().flatten().enumerate() {
                    let Some(command) = handler["command"].as_str() else {
                        continue;
                    };
                    let pointer =
                        format!("/hooks/{}/{g}/hooks/{h}", crate::findings::segment(event));
                    hooks.push((
                        path.clone(),
                        true,
                        pointer,
                        event.clone(),
                        matcher.clone(),
                        command.to_owned(),
                    ));
                }
            }
        }
    }
    hooks
        .into_iter()
        .map(|(file, in_project, pointer, event, matcher, command)| {
            let ran = runs.iter().filter(|run| run.event == reported(&event)).count();
            let (status, why) = if in_project && !trusted {
                let said = findings
                    .iter()
                    .find(|finding| finding.file == file && finding.path.is_empty() && finding.message.contains("trust"))
                    .map(|finding| finding.message.clone());
                (
                    "skipped",
                    said.unwrap_or_else(|| format!("Copilot runs no project hook: {} is not a folder it trusts", locations.project.display())),
                )
            } else if ran > 0 {
                ("fired", format!("{ran} invocation(s) of {} hooks on this turn", reported(&event)))
            } else {
                ("not_fired", format!("no {} hook ran on this turn (the turn fires sessionStart, userPromptSubmitted, preToolUse and postToolUse on one bash call, and agentStop; a matcher that does not select bash keeps a tool hook off)", reported(&event)))
            };
            Configured {
                file,
                pointer,
                event,
                matcher,
                command,
                status,
                why,
            }
        })
        .collect()
}
