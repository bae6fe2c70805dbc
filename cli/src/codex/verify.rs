//! `cursor-hooks verify --host codex`: the installed `codex` runs one turn in the user's project
//! against the Responses API mock (`cursor_hooks_cli::live::codex`), with a scratch home seeded
//! with a copy of the user's `~/.codex/hooks.json` and of their `config.toml`'s trust (the
//! `[hooks.state]` entries, renamed to the copy's path, since a trust key names its file; the
//! `[projects]` trust levels as they are).
//!
//! `codex exec --json` prints no hook events (0.171.0 drops its engine's `hook/started` and
//! `hook/completed` from that stream), so the turn runs in `codex app-server`, the engine
//! `codex exec` runs in-process, whose notifications say for each hook run its event, its file,
//! and its status (`completed`, `blocked`, `failed`, `stopped`) with what Codex read of its
//! answer. The turn fires SessionStart, UserPromptSubmit, PreToolUse and PostToolUse on one
//! shell call (`verify::scripted_command`), and Stop.

use super::trust::{Gate, Gates};
use crate::findings::Finding;
use crate::sources::Locations;
use crate::verify::{Configured, HookRun, Isolation, Report, Scratch, RAN};
use cursor_hooks_cli::live::codex::mock::{MockResponses, Reply};
use cursor_hooks_cli::live::codex::{command, Plugins};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How long `codex app-server` may take to end once its input is closed.
const END_LIMIT: Duration = Duration::from_secs(15);

/// Runs the turn. `Err` when Codex is missing or cannot run.
pub fn run(
    locations: &Locations,
    pattern: Option<&str>,
    isolation: &Isolation,
) -> Result<Report, String> {
    let project = &locations.project;
    let Some(codex) = crate::verify::on_path("codex", project) else {
        return Err(format!(
            "OpenAI Codex CLI {} (no `codex` on PATH): install it with `npm install -g @openai/codex`, then run verify again",
            crate::verify::NOT_INSTALLED
        ));
    };
    let mut findings = Vec::new();
    let doctor = super::doctor(locations, &mut findings);
    let user_home = super::codex_home(locations);
    let scratch = Scratch::new()?;
    let scratch_codex = scratch.home.join(".codex");
    std::fs::create_dir_all(&scratch_codex)
        .map_err(|e| format!("cannot make a scratch home: {e}"))?;
    let user_hooks = user_home.as_ref().map(|home| home.join("hooks.json"));
    let scratch_hooks = scratch_codex.join("hooks.json");
    if let Some(home) = &user_home {
        scratch.seed_as(home, "hooks.json", ".codex/hooks.json")?;
        write_config(home, user_hooks.as_deref(), &scratch_codex, &scratch_hooks)?;
    }
    let command_line = crate::verify::scripted_command(pattern);
    let api = MockResponses::start(vec![Reply::shell(&command_line)])
        .map_err(|e| format!("the model mock cannot listen on 127.0.0.1: {e}"))?;
    let base_url = api.base_url();
    let version = crate::verify::version_of(command(
        &codex,
        project,
        &scratch.home,
        &base_url,
        Plugins::Off,
    ));
    let before = crate::verify::snapshot(project);
    let mut process = command(&codex, project, &scratch.home, &base_url, Plugins::Off);
    process.arg("app-server");
    let session =
        converse(process, project).map_err(|e| format!("`{} app-server`: {e}", codex.display()))?;
    let after = crate::verify::snapshot(project);
    if session.timed_out {
        return Err(crate::verify::timed_out("Codex", isolation));
    }
    let runs: Vec<HookRun> = session
        .notifications
        .iter()
        .filter(|message| message["method"] == "hook/completed")
        .map(|message| {
            hook_run(
                &message["params"]["run"],
                &scratch_hooks,
                user_hooks.as_deref(),
            )
        })
        .collect();
    let told = api.tool_outputs().join("\n");
    let gates = user_home
        .as_ref()
        .map(|home| Gates::read(home, project, &mut Vec::new()));
    let configured = configured(&doctor.files, gates.as_ref(), &findings, &runs);
    Ok(Report {
        host: "codex",
        name: "OpenAI Codex CLI",
        program: "codex",
        binary: codex,
        version,
        command: command_line,
        configured,
        call_ran: told.contains(RAN),
        told,
        runs,
        changed: crate::verify::changed(&before, &after),
        findings,
        exit_code: session.error.is_none().then_some(0),
        stderr: session.error.unwrap_or(session.stderr),
    })
}

/// The scratch `config.toml`: the user's, with each `[hooks.state]` key of the user's
/// `hooks.json` renamed to the copy's path (its hash is of the hook alone, so what the user
/// trusted stays trusted, and nothing more), without `profile` (a profile's provider would
/// win over the mock's) and `mcp_servers` (the user's MCP servers are not started). The
/// provider is the mock's through `-c` (`live::codex::command`).
fn write_config(
    codex_home: &Path,
    user_hooks: Option<&Path>,
    scratch_codex: &Path,
    scratch_hooks: &Path,
) -> Result<(), String> {
    let Some(path) = crate::verify::regular_file(codex_home, "config.toml") else {
        return Ok(());
    };
    let Ok(bytes) = crate::safe_read::read(&path, super::LIMIT) else {
        return Ok(());
    };
    // What Codex cannot read trusts nothing (doctor says so): the copy is left out too.
    let Ok(mut table) = String::from_utf8_lossy(&bytes).parse::<toml::Table>() else {
        return Ok(());
    };
    table.remove("profile");
    table.remove("mcp_servers");
    if let (Some(user_hooks), Some(state)) = (
        user_hooks,
        table
            .get_mut("hooks")
            .and_then(|hooks| hooks.get_mut("state"))
            .and_then(toml::Value::as_table_mut),
    ) {
        let from = format!("{}:", user_hooks.display());
        let to = format!("{}:", scratch_hooks.display());
        let keys: Vec<String> = state
            .keys()
            .filter(|key| key.starts_with(&from))
            .cloned()
            .collect();
        for key in keys {
            if let Some(entry) = state.remove(&key) {
                state.insert(key.replacen(&from, &to, 1), entry);
            }
        }
    }
    let text =
        toml::to_string(&table).map_err(|e| format!("cannot copy {}: {e}", path.display()))?;
    std::fs::write(scratch_codex.join("config.toml"), text)
        .map_err(|e| format!("cannot write the scratch config.toml: {e}"))
}

/// What the app-server conversation left.
struct Session {
    notifications: Vec<Value>,
    /// Why the turn failed, as Codex said.
    error: Option<String>,
    stderr: String,
    timed_out: bool,
}

/// One line of the app-server's JSON-RPC (one JSON object a line, no `jsonrpc` field).
fn send(stdin: &mut impl Write, message: &Value) -> std::io::Result<()> {
    writeln!(stdin, "{message}")?;
    stdin.flush()
}

/// Drives `codex app-server` through one turn: `initialize`, `thread/start` in `project` (no
/// approvals asked, no sandbox: the command is harmless by construction), `turn/start` with
/// the prompt; on `turn/completed` its input is closed, and what it says until it ends is kept.
fn converse(mut process: std::process::Command, project: &Path) -> Result<Session, String> {
    let mut child = process
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start: {e}"))?;
    let mut stdin = child.stdin.take().expect("piped");
    let stdout = child.stdout.take().expect("piped");
    let mut stderr_pipe = child.stderr.take().expect("piped");
    let stderr = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr_pipe, &mut text);
        text
    });
    let (lines, received) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if let Ok(message) = serde_json::from_str::<Value>(&line) {
                if lines.send(message).is_err() {
                    break;
                }
            }
        }
    });
    let cwd = project.display().to_string();
    let opening = [
        json!({"id": 1, "method": "initialize", "params": {"clientInfo": {"name": "cursor-hooks-verify", "version": env!("CARGO_PKG_VERSION")}}}),
        json!({"method": "initialized"}),
        json!({"id": 2, "method": "thread/start", "params": {"cwd": cwd, "approvalPolicy": "never", "sandbox": "danger-full-access"}}),
    ];
    for message in &opening {
        send(&mut stdin, message).map_err(|e| format!("cannot write to it: {e}"))?;
    }
    let mut stdin = Some(stdin);
    let mut session = Session {
        notifications: Vec::new(),
        error: None,
        stderr: String::new(),
        timed_out: false,
    };
    let started = Instant::now();
    let mut ending: Option<Instant> = None;
    loop {
        let deadline = match ending {
            Some(at) => at + END_LIMIT,
            None => started + crate::verify::TURN_LIMIT,
        };
        let Some(left) = deadline.checked_duration_since(Instant::now()) else {
            session.timed_out = ending.is_none();
            break;
        };
        let message = match received.recv_timeout(left) {
            Ok(message) => message,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                session.timed_out = ending.is_none();
                break;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        };
        if let Some(error) = message.get("error") {
            session.error = Some(format!("Codex refused {}: {error}", message["id"]));
            stdin = None;
            ending.get_or_insert_with(Instant::now);
            continue;
        }
        if message["id"] == 2 {
            let thread = message["result"]["thread"]["id"].clone();
            let turn = json!({"id": 3, "method": "turn/start", "params": {"threadId": thread, "input": [{"type": "text", "text": crate::verify::PROMPT}]}});
            if let Some(input) = stdin.as_mut() {
                send(input, &turn).map_err(|e| format!("cannot write to it: {e}"))?;
            }
        }
        if message["method"] == "turn/completed" {
            let turn = &message["params"]["turn"];
            if turn["status"] != "completed" {
                session.error = Some(format!(
                    "the turn ended {}: {}",
                    turn["status"], turn["error"]
                ));
            }
            // Closing its input ends the app-server (and the session: SessionEnd, if it fires).
            stdin = None;
            ending.get_or_insert_with(Instant::now);
        }
        if message.get("method").is_some() {
            session.notifications.push(message);
        }
    }
    drop(stdin);
    let _ = child.kill();
    let _ = child.wait();
    session.stderr = stderr.join().unwrap_or_default();
    Ok(session)
}

/// One `hook/completed` run summary as a [`HookRun`]: its event in the files' PascalCase, its
/// file (the scratch copy of the user's `hooks.json` named as the user's), its status, and what
/// Codex read of its answer (`kind: text` a line).
fn hook_run(run: &Value, scratch_hooks: &Path, user_hooks: Option<&Path>) -> HookRun {
    let text = |value: &Value| value.as_str().unwrap_or_default().to_owned();
    // The app-server names an event in camelCase (`preToolUse`): the table's event of that name.
    let reported = text(&run["eventName"]);
    let event = cursor_hooks_spec::codex::EVENTS
        .iter()
        .find(|event| event.name.eq_ignore_ascii_case(&reported))
        .map_or(reported, |event| event.name.to_owned());
    let file = run["sourcePath"]
        .as_str()
        .map(PathBuf::from)
        .map(|path| match user_hooks {
            Some(user) if path == scratch_hooks => user.to_path_buf(),
            _ => path,
        });
    let entries: Vec<String> = run["entries"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|entry| format!("{}: {}", text(&entry["kind"]), text(&entry["text"])))
        .collect();
    // Its id names the file Codex read: the copy, named here as the user's file.
    let name = match user_hooks {
        Some(user) => text(&run["id"]).replace(
            &scratch_hooks.display().to_string(),
            &user.display().to_string(),
        ),
        None => text(&run["id"]),
    };
    HookRun {
        event,
        name,
        exit_code: None,
        outcome: text(&run["status"]),
        stdout: entries.join("\n"),
        stderr: String::new(),
        file,
    }
}

/// Each command hook of Codex's files with what became of it: a trust gate doctor found (the
/// project not trusted, the hook not trusted, changed since, turned off), plugins (verify runs
/// Codex with plugins off), a run of its event from its file on this turn, or neither.
fn configured(
    files: &[super::HooksFile],
    gates: Option<&Gates>,
    findings: &[Finding],
    runs: &[HookRun],
) -> Vec<Configured> {
    let finding = |file: &Path, pointer: &str| {
        findings
            .iter()
            .find(|finding| Path::new(&finding.file) == file && finding.path == pointer)
            .map(|finding| finding.message.clone())
    };
    let mut all = Vec::new();
    for file in files {
        for hook in &file.hooks {
            let gate = gates.map(|gates| (gates.loads(file), gates.hook(file, hook).0));
            let ran = runs
                .iter()
                .filter(|run| {
                    run.event == hook.event && run.file.as_deref() == Some(file.path.as_path())
                })
                .count();
            let (status, why) = if file.source == "plugin" {
                (
                    "skipped",
                    "verify runs Codex with plugins off (`--disable plugins`): their hooks are not held against this turn".to_owned(),
                )
            } else if matches!(gate, Some((false, _))) {
                (
                    "skipped",
                    finding(&file.path, "")
                        .unwrap_or_else(|| "the project is not trusted".to_owned()),
                )
            } else if let Some((_, gate)) = gate.filter(|(_, gate)| *gate != Gate::Runs) {
                (
                    "skipped",
                    finding(&file.path, &hook.pointer).unwrap_or_else(|| format!("{gate:?}")),
                )
            } else if gates.is_none() {
                (
                    "skipped",
                    "there is no Codex home (no HOME, no CODEX_HOME), so Codex trusts no hook"
                        .to_owned(),
                )
            } else if ran > 0 {
                (
                    "fired",
                    format!(
                        "{ran} hook run(s) of {} from this file on this turn",
                        hook.event
                    ),
                )
            } else {
                ("not_fired", format!("no hook of {} from this file ran on this turn (the turn fires SessionStart, UserPromptSubmit, PreToolUse and PostToolUse on one shell call, and Stop; a matcher that does not select Bash keeps a tool hook off)", hook.event))
            };
            all.push(Configured {
                file: file.path.clone(),
                pointer: hook.pointer.clone(),
                event: hook.event.clone(),
                matcher: hook.matcher.clone(),
                command: hook.command.clone(),
                status,
                why,
            });
        }
    }
    all
}
