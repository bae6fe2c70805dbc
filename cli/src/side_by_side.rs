//! `cursor-hooks simulate --concept`: one host-neutral call (a shell command before it runs, a
//! file read, a prompt) through every host's hooks, side by side. Each host gets its own
//! payload of the call at each event a unified handler of the concept is wired as
//! (`spec/concepts.json`, through `cursor_hooks_spec::concepts::UNIFIED`), and its own
//! simulator runs it, by that host's rules, on the project's configuration.

use crate::run_dir::RunDir;
use crate::simulate::{push_result, Args, Editor, Stop};
use cursor_hooks_spec::concepts::{Unified, Wiring, UNIFIED};
use serde_json::{json, Value};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Runs the call through each host asked for (every host by default) and prints what each
/// does: its outcome and what the model and the user are told there.
pub(crate) fn run(args: &Args) -> Result<(), Stop> {
    let concept = args.concept.as_deref().unwrap_or_default();
    let tool = args.tool.as_deref().unwrap_or_default();
    let row = UNIFIED
        .iter()
        .find(|row| row.concept == concept && row.tool == tool)
        .ok_or_else(|| Stop::Usage(unknown(concept, tool)))?;
    let subject = match (args.subject.as_deref(), row.subject) {
        (Some(subject), _) => subject,
        (None, "") => "",
        (None, what) => {
            return Err(Stop::Usage(format!(
                "--concept {} needs --subject: {what}",
                name(row)
            )))
        }
    };
    let project = match &args.project {
        Some(project) => project.clone(),
        None => {
            std::env::current_dir().map_err(|e| format!("cannot read the current folder: {e}"))?
        }
    };
    let hosts = if args.hosts.is_empty() {
        Editor::ALL.to_vec()
    } else {
        args.hosts.clone()
    };
    let folder = RunDir::new()?;
    let mut entries = Vec::new();
    for editor in hosts {
        let host = editor.host();
        let wirings: Vec<&Wiring> = row
            .wirings
            .iter()
            .filter(|w| w.host == host.key())
            .collect();
        if wirings.is_empty() {
            entries.push(json!({
                "host": host.key(),
                "wired": false,
                "why": unwired(row, host.key()),
            }));
        }
        for wiring in wirings {
            let result = through(editor, row, wiring, subject, &project, folder.path())?;
            entries.push(json!({
                "host": host.key(),
                "wired": true,
                "event": wiring.event,
                "matcher": wiring.matcher,
                "result": result,
            }));
        }
    }
    let json = json!({
        "concept": row.concept,
        "tool": row.tool,
        "subject": subject,
        "project": project,
        "hosts": entries,
    });
    let mut text = String::new();
    push_result(&mut text, args, json.clone(), || {
        to_text(row, subject, &json)
    });
    crate::out::print(&text);
    Ok(())
}

/// One host's simulation of the call at one of its events: the simulator's own JSON.
fn through(
    editor: Editor,
    row: &Unified,
    wiring: &Wiring,
    subject: &str,
    project: &Path,
    folder: &Path,
) -> Result<Value, Stop> {
    let host = editor.host();
    let mut payload =
        cursor_hooks::testing::neutral_payload(row.concept, row.tool, host, wiring.event, subject)
            .ok_or_else(|| format!("no {} payload for {}", host.product(), wiring.event))?;
    // The fixture's folder is an example's: the call happens in the project.
    if let Some(fields) = payload.as_object_mut() {
        for (key, value) in fields.iter_mut() {
            match key.as_str() {
                "cwd" => *value = json!(project),
                "workspace_roots" => *value = json!([project]),
                _ => {}
            }
        }
    }
    let file = folder.join(format!("{}-{}.json", host.key(), wiring.event));
    // A new file in this run's private folder: nothing there to follow.
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&file)
        .and_then(|mut out| std::io::Write::write_all(&mut out, payload.to_string().as_bytes()))
        .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    let args = Args {
        host: editor,
        project: Some(project.to_path_buf()),
        plugin_dirs: Vec::new(),
        settings: None,
        cursor_version: None,
        json: true,
        // Copilot's payloads name no event.
        event: (editor == Editor::Copilot).then(|| wiring.event.to_owned()),
        sets: Vec::new(),
        session: None,
        payload: Some(PathBuf::from(&file)),
        concept: None,
        tool: None,
        subject: None,
        hosts: Vec::new(),
    };
    let (result, printed) = crate::out::capture(|| editor.simulator()(&args));
    result?;
    serde_json::from_str(&printed).map_err(|e| {
        Stop::Failed(format!(
            "{}'s simulator printed no JSON ({e})",
            host.product()
        ))
    })
}

/// Why a unified handler of the concept cannot list the host: the capability table's word
/// (`spec/concepts.json` `capabilities`, `instead`).
fn unwired(row: &Unified, host: &str) -> String {
    static CONCEPTS: OnceLock<Value> = OnceLock::new();
    let concepts = CONCEPTS.get_or_init(|| {
        serde_json::from_str(include_str!("../data/concepts.json"))
            .expect("spec/concepts.json is JSON")
    });
    let instead = concepts["capabilities"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|c| c["concept"] == row.concept && c["tool"] == row.tool)
        .find_map(|c| c["hosts"][host]["instead"].as_str());
    instead.map_or_else(
        || format!("no unified handler of {} is wired into it", name(row)),
        str::to_owned,
    )
}

/// The concept as the user writes it.
fn name(row: &Unified) -> String {
    match row.tool {
        "" => row.concept.to_owned(),
        tool => format!("{} --tool {tool}", row.concept),
    }
}

/// The usage error for a concept no unified handler answers, listing those that are.
fn unknown(concept: &str, tool: &str) -> String {
    let known: Vec<String> = UNIFIED.iter().map(name).collect();
    let asked = match tool {
        "" => concept.to_owned(),
        tool => format!("{concept} --tool {tool}"),
    };
    format!(
        "`{asked}` is not a concept a unified handler answers: {}",
        known.join(", ")
    )
}

/// The side-by-side text: per host and event, the outcome and what each is told.
fn to_text(row: &Unified, subject: &str, json: &Value) -> String {
    let mut text = match subject {
        "" => format!("{}, through each host's hooks:\n", name(row)),
        subject => format!("{} `{subject}`, through each host's hooks:\n", name(row)),
    };
    for entry in json["hosts"].as_array().into_iter().flatten() {
        let product = product(entry["host"].as_str().unwrap_or_default());
        if entry["wired"] == false {
            let _ = writeln!(
                text,
                "\n{product}: not wired ({})",
                entry["why"].as_str().unwrap_or_default()
            );
            continue;
        }
        let result = &entry["result"];
        let hooks = result["hooks"].as_array().map_or(0, Vec::len);
        let ran = result["hooks"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|hook| hook["status"] == "ran")
            .count();
        let matcher = entry["matcher"]
            .as_str()
            .map(|m| format!(" for `{m}`"))
            .unwrap_or_default();
        let _ = writeln!(
            text,
            "\n{product}, {}{matcher}: {} ({ran} of {hooks} hook(s) ran)",
            entry["event"].as_str().unwrap_or_default(),
            result["outcome"].as_str().unwrap_or_default()
        );
        // Cursor's simulator says whom each line reaches in the line itself (`shown`).
        for (key, label) in [
            ("model_sees", "the model sees: "),
            ("user_sees", "the user sees: "),
            ("shown", ""),
        ] {
            for line in result[key].as_array().into_iter().flatten() {
                let line = line
                    .as_str()
                    .map_or_else(|| line.to_string(), str::to_owned);
                let _ = writeln!(text, "  {label}{}", line.replace('\n', "\n    "));
            }
        }
        for hook in result["hooks"].as_array().into_iter().flatten() {
            if hook["status"] != "ran" {
                let _ = writeln!(
                    text,
                    "  {} {}: {}",
                    hook["status"].as_str().unwrap_or_default(),
                    hook["command"].as_str().unwrap_or_default(),
                    hook["reason"].as_str().unwrap_or_default()
                );
            }
        }
    }
    text
}

/// The product name of a registry key.
fn product(key: &str) -> &'static str {
    cursor_hooks::Host::from_key(key).map_or("?", cursor_hooks::Host::product)
}
