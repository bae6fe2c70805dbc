//! The hook binary's own command line, for people: `print-config`, `install`, `uninstall`
//! and `doctor`. Cursor runs the binary without arguments, so it stays a hook.
//!
//! Arguments are parsed by hand: an argument library would be linked into every hook binary
//! and run at every start, for four subcommands and three flags.

use crate::event::Category;
use crate::run::{Entry, FailPolicy, LoopLimit};
use crate::spec;
use serde_json::{json, Map, Value};
use std::path::{Path, PathBuf};

const USAGE: &str = "usage: <hook> [print-config | install [--project DIR | --user] [--dry-run] | uninstall [--project DIR | --user] | doctor [--project DIR] | replay CAPTURE_FILE]\nWithout arguments the binary is a hook: it reads one Cursor payload on stdin.";

/// The keys Cursor reads in a `hooks.json` entry.
const ENTRY_KEYS: &[&str] = &[
    "command",
    "type",
    "timeout",
    "matcher",
    "failClosed",
    "loop_limit",
    "prompt",
    "model",
];

/// Runs a subcommand; `None` when the arguments name none (the binary then runs as a hook).
pub(crate) fn command_line(entries: &[Entry], args: &[String]) -> Option<i32> {
    let (name, rest) = args.split_first()?;
    let result = match name.as_str() {
        "print-config" => print_config(entries, rest),
        "install" => install(entries, rest),
        "uninstall" => uninstall(entries, rest),
        "doctor" => doctor(entries, rest),
        "replay" => replay(entries, rest),
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(0)
        }
        _ => return None,
    };
    Some(result.unwrap_or_else(|error| {
        eprintln!("error: {error}");
        1
    }))
}

struct Flags {
    project: Option<PathBuf>,
    user: bool,
    dry_run: bool,
}

fn flags(args: &[String], allowed: &[&str]) -> Result<Flags, String> {
    let mut flags = Flags {
        project: None,
        user: false,
        dry_run: false,
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--project" if allowed.contains(&"--project") => {
                let dir = args.next().ok_or("--project needs a directory")?;
                flags.project = Some(PathBuf::from(dir));
            }
            "--user" if allowed.contains(&"--user") => flags.user = true,
            "--dry-run" if allowed.contains(&"--dry-run") => flags.dry_run = true,
            other => return Err(format!("unexpected argument `{other}`\n{USAGE}")),
        }
    }
    if flags.user && flags.project.is_some() {
        return Err("--project and --user exclude each other".to_owned());
    }
    Ok(flags)
}

/// This binary as a `hooks.json` command: its absolute path, quoted for the shell if needed.
fn own_command() -> Result<String, String> {
    let path =
        std::env::current_exe().map_err(|e| format!("cannot tell where this binary is: {e}"))?;
    let path = path.to_str().ok_or("this binary's path is not UTF-8")?;
    Ok(shell_quote(path))
}

fn shell_quote(text: &str) -> String {
    let plain = text
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "/._-+:@%,=".contains(c));
    if plain && !text.is_empty() {
        text.to_owned()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

/// The `hooks.json` entry for each handler, keyed by event.
fn own_hooks(entries: &[Entry], command: &str) -> Map<String, Value> {
    let mut hooks = Map::new();
    for entry in entries {
        let options = &entry.options;
        let mut object = Map::new();
        object.insert("command".into(), command.into());
        if let Some(timeout) = options.timeout {
            object.insert("timeout".into(), timeout.into());
        }
        if let Some(matcher) = options.matcher {
            object.insert("matcher".into(), matcher.into());
        }
        if options.fail == FailPolicy::Closed {
            object.insert("failClosed".into(), true.into());
        }
        match options.loop_limit {
            Some(LoopLimit::Limit(n)) => {
                object.insert("loop_limit".into(), n.into());
            }
            Some(LoopLimit::Unlimited) => {
                object.insert("loop_limit".into(), Value::Null);
            }
            None => {}
        }
        hooks.insert(
            entry.event.to_owned(),
            Value::Array(vec![Value::Object(object)]),
        );
    }
    hooks
}

fn print_config(entries: &[Entry], args: &[String]) -> Result<i32, String> {
    flags(args, &[])?;
    let config = json!({ "version": 1, "hooks": own_hooks(entries, &own_command()?) });
    println!("{}", pretty(&config));
    Ok(0)
}

fn pretty(value: &Value) -> String {
    serde_json::to_string_pretty(value).expect("JSON values always serialize")
}

fn home() -> Result<PathBuf, String> {
    std::env::var_os("HOME")
        .or_else(|| std::env::var_os("USERPROFILE"))
        .filter(|h| !h.is_empty())
        .map(PathBuf::from)
        .ok_or_else(|| "no home directory (HOME is not set)".to_owned())
}

fn target_file(flags: &Flags) -> Result<PathBuf, String> {
    let base = if flags.user {
        home()?
    } else {
        match &flags.project {
            Some(dir) => dir.clone(),
            None => std::env::current_dir().map_err(|e| e.to_string())?,
        }
    };
    Ok(base.join(".cursor").join("hooks.json"))
}

/// Reads a `hooks.json`; a missing file is an empty configuration.
fn read_config(path: &Path) -> Result<Value, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => {
            let value: Value = serde_json::from_str(&text).map_err(|e| {
                format!(
                    "{} is not valid JSON ({e}); it was left as it is",
                    path.display()
                )
            })?;
            if !value.is_object() || !value.get("hooks").is_none_or(Value::is_object) {
                return Err(format!(
                    "{} is not a hooks.json object with a `hooks` object; it was left as it is",
                    path.display()
                ));
            }
            Ok(value)
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            Ok(json!({ "version": 1, "hooks": {} }))
        }
        Err(e) => Err(format!("cannot read {}: {e}", path.display())),
    }
}

/// Removes every entry whose command is `command`; drops event lists that only held ours.
fn remove_own(hooks: &mut Map<String, Value>, command: &str) -> usize {
    let mut removed = 0;
    hooks.retain(|_, list| {
        let Some(items) = list.as_array_mut() else {
            return true;
        };
        let before = items.len();
        items.retain(|item| item.get("command").and_then(Value::as_str) != Some(command));
        removed += before - items.len();
        !(items.is_empty() && before > 0)
    });
    removed
}

/// Writes through a temporary file and a rename, so a crash never leaves half a file.
fn write_atomically(path: &Path, text: &str) -> Result<(), String> {
    let dir = path.parent().ok_or("the file has no directory")?;
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let temporary = dir.join(format!(".hooks.json.{}.tmp", std::process::id()));
    std::fs::write(&temporary, text)
        .map_err(|e| format!("cannot write {}: {e}", temporary.display()))?;
    std::fs::rename(&temporary, path).map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        format!("cannot replace {}: {e}", path.display())
    })
}

fn install(entries: &[Entry], args: &[String]) -> Result<i32, String> {
    let flags = flags(args, &["--project", "--user", "--dry-run"])?;
    let path = target_file(&flags)?;
    let command = own_command()?;
    let mut config = read_config(&path)?;
    let object = config.as_object_mut().expect("checked in read_config");
    object.entry("version").or_insert(json!(1));
    let hooks = object
        .entry("hooks")
        .or_insert_with(|| json!({}))
        .as_object_mut()
        .expect("checked in read_config");
    remove_own(hooks, &command);
    for (event, mut list) in own_hooks(entries, &command) {
        if spec::info(&event).is_none() {
            // One unknown event name makes Cursor ignore the whole file.
            return Err(format!(
                "refusing to write `{event}`: Cursor has no such event"
            ));
        }
        let own = list.as_array_mut().expect("built as an array").remove(0);
        match hooks
            .entry(event)
            .or_insert_with(|| json!([]))
            .as_array_mut()
        {
            Some(existing) => existing.push(own),
            None => {
                return Err(format!(
                    "{}: an event's value is not a list; it was left as it is",
                    path.display()
                ))
            }
        }
    }
    let text = format!("{}\n", pretty(&config));
    if flags.dry_run {
        print!("{text}");
        return Ok(0);
    }
    write_atomically(&path, &text)?;
    println!("installed {} hook(s) in {}", entries.len(), path.display());
    Ok(0)
}

fn uninstall(_entries: &[Entry], args: &[String]) -> Result<i32, String> {
    let flags = flags(args, &["--project", "--user"])?;
    let path = target_file(&flags)?;
    if !path.exists() {
        println!("nothing to remove: {} does not exist", path.display());
        return Ok(0);
    }
    let command = own_command()?;
    let mut config = read_config(&path)?;
    let removed = match config.get_mut("hooks").and_then(Value::as_object_mut) {
        Some(hooks) => remove_own(hooks, &command),
        None => 0,
    };
    if removed > 0 {
        write_atomically(&path, &format!("{}\n", pretty(&config)))?;
    }
    println!("removed {removed} hook(s) from {}", path.display());
    Ok(0)
}

/// Runs a capture file back through the handlers; exit 1 when an answer changed.
fn replay(entries: &[Entry], args: &[String]) -> Result<i32, String> {
    let [file] = args else {
        return Err(format!("replay takes one capture file\n{USAGE}"));
    };
    let changes = crate::capture::replay(entries, Path::new(file))?;
    for change in &changes {
        println!(
            "line {}{}: answered {} (exit {}), now {} (exit {})",
            change.line,
            change
                .event
                .as_deref()
                .map(|e| format!(" ({e})"))
                .unwrap_or_default(),
            change.before.0,
            change.before.1,
            change.after.0,
            change.after.1
        );
    }
    let total = std::fs::read_to_string(file)
        .map(|t| t.lines().filter(|l| !l.trim().is_empty()).count())
        .unwrap_or(0);
    println!("{} of {total} captured answers changed", changes.len());
    Ok(i32::from(!changes.is_empty()))
}

/// One finding of `doctor`: `error` makes it exit non-zero; `warning` and `note` inform.
struct Finding {
    level: &'static str,
    text: String,
}

fn doctor(entries: &[Entry], args: &[String]) -> Result<i32, String> {
    let flags = flags(args, &["--project"])?;
    let project = match flags.project {
        Some(dir) => dir,
        None => std::env::current_dir().map_err(|e| e.to_string())?,
    };
    let mut files = vec![(project.join(".cursor").join("hooks.json"), project.clone())];
    if let Ok(home) = home() {
        files.push((
            home.join(".cursor").join("hooks.json"),
            home.join(".cursor"),
        ));
    }
    let enterprise = enterprise_file();
    if let Some(dir) = enterprise.parent() {
        files.push((enterprise.clone(), dir.to_path_buf()));
    }
    let own = own_command().ok();
    let mut errors = 0;
    let mut seen: Vec<(String, String, PathBuf)> = Vec::new();
    for (path, cwd) in files {
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(_) => continue,
        };
        println!("{}", path.display());
        let findings = check_file(&text, &cwd, entries, own.as_deref(), &path, &mut seen);
        if findings.is_empty() {
            println!("  ok");
        }
        for finding in findings {
            errors += usize::from(finding.level == "error");
            println!("  {}: {}", finding.level, finding.text);
        }
    }
    if seen.is_empty() && errors == 0 {
        println!("no hooks.json found for {}", project.display());
    }
    Ok(if errors > 0 { 1 } else { 0 })
}

fn enterprise_file() -> PathBuf {
    if cfg!(target_os = "macos") {
        PathBuf::from("/Library/Application Support/Cursor/hooks.json")
    } else if cfg!(windows) {
        PathBuf::from(r"C:\ProgramData\Cursor\hooks.json")
    } else {
        PathBuf::from("/etc/cursor/hooks.json")
    }
}

fn check_file(
    text: &str,
    cwd: &Path,
    entries: &[Entry],
    own: Option<&str>,
    path: &Path,
    seen: &mut Vec<(String, String, PathBuf)>,
) -> Vec<Finding> {
    let mut findings = Vec::new();
    let mut error = |text: String| {
        findings.push(Finding {
            level: "error",
            text,
        })
    };
    let config: Value = match serde_json::from_str(text) {
        Ok(config) => config,
        Err(e) => {
            error(format!(
                "not valid JSON ({e}): Cursor loads none of its hooks"
            ));
            return findings;
        }
    };
    if config.get("version").is_none() {
        error("no `\"version\": 1`: Cursor 3.x loads no hooks from this file".to_owned());
    }
    let Some(hooks) = config.get("hooks").and_then(Value::as_object) else {
        error("no `hooks` object".to_owned());
        return findings;
    };
    let mut warnings = Vec::new();
    let mut notes = Vec::new();
    for (event, list) in hooks {
        let Some(info) = spec::info(event) else {
            error(format!("`{event}` is not a Cursor event: one unknown name makes Cursor ignore the whole file"));
            continue;
        };
        if !info.not_in.is_empty() {
            notes.push(format!(
                "`{event}` does not fire in {}",
                surfaces(info.not_in)
            ));
        }
        let Some(items) = list.as_array() else {
            error(format!("`{event}` is not a list of hooks"));
            continue;
        };
        for item in items {
            let command = item.get("command").and_then(Value::as_str).unwrap_or("");
            let label = format!("`{event}` → `{command}`");
            if let Some(object) = item.as_object() {
                for key in object.keys().filter(|k| !ENTRY_KEYS.contains(&k.as_str())) {
                    warnings.push(format!(
                        "{label}: unknown key `{key}`, which Cursor ignores"
                    ));
                }
            }
            if let Some(timeout) = item.get("timeout").and_then(Value::as_f64) {
                if timeout >= 1000.0 {
                    error(format!("{label}: `timeout` is {timeout} seconds; it is in seconds, not milliseconds"));
                }
            }
            if item
                .get("type")
                .and_then(Value::as_str)
                .unwrap_or("command")
                == "command"
            {
                match resolve(command, cwd) {
                    Resolution::Found => {}
                    Resolution::BareName => warnings.push(format!(
                        "{label}: found only through PATH; the macOS app starts hooks with a minimal PATH, so write an absolute path"
                    )),
                    Resolution::Missing(why) => error(format!("{label}: {why}")),
                }
            }
            if seen.iter().any(|(e, c, _)| e == event && c == command) {
                warnings.push(format!(
                    "{label}: wired more than once for this event (every copy runs)"
                ));
            }
            seen.push((event.clone(), command.to_owned(), path.to_path_buf()));
            if Some(command) == own {
                let closed = entries
                    .iter()
                    .any(|e| e.event == event && e.options.fail == FailPolicy::Closed);
                if closed && item.get("failClosed") != Some(&Value::Bool(true)) {
                    error(format!(
                        "{label}: this binary's handler is `fail = \"closed\"` but the entry has no `\"failClosed\": true`, so Cursor fails it open when it crashes"
                    ));
                }
            }
        }
        if info.category == Category::Observe
            && items
                .iter()
                .any(|i| i.get("failClosed") == Some(&Value::Bool(true)))
        {
            warnings.push(format!(
                "`{event}` cannot block, so `failClosed` has no effect there"
            ));
        }
    }
    findings.extend(warnings.into_iter().map(|text| Finding {
        level: "warning",
        text,
    }));
    findings.extend(notes.into_iter().map(|text| Finding {
        level: "note",
        text,
    }));
    findings
}

fn surfaces(not_in: &[&str]) -> String {
    not_in
        .iter()
        .map(|s| match *s {
            "cloud" => "cloud agents",
            "cli-print" => "the CLI's print mode (`cursor-agent -p`)",
            "cli" => "the cursor-agent CLI",
            other => other,
        })
        .collect::<Vec<_>>()
        .join(", ")
}

enum Resolution {
    Found,
    BareName,
    Missing(String),
}

/// Whether the command's program can be started without the user's shell `PATH`.
fn resolve(command: &str, cwd: &Path) -> Resolution {
    let program = first_word(command);
    if program.is_empty() {
        return Resolution::Missing("no command".to_owned());
    }
    if !program.contains('/') && !program.contains('\\') {
        return Resolution::BareName;
    }
    let path = cwd.join(&program);
    match std::fs::metadata(&path) {
        Err(_) => Resolution::Missing(format!("{} does not exist", path.display())),
        Ok(meta) if !meta.is_file() => {
            Resolution::Missing(format!("{} is not a file", path.display()))
        }
        Ok(meta) if !is_executable(&meta) => {
            Resolution::Missing(format!("{} is not executable", path.display()))
        }
        Ok(_) => Resolution::Found,
    }
}

/// The program part of a shell command: the first word, with simple quoting undone.
fn first_word(command: &str) -> String {
    let command = command.trim_start();
    for quote in ['\'', '"'] {
        if let Some(rest) = command.strip_prefix(quote) {
            return rest.split(quote).next().unwrap_or("").to_owned();
        }
    }
    command.split_whitespace().next().unwrap_or("").to_owned()
}

#[cfg(unix)]
fn is_executable(meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    meta.permissions().mode() & 0o111 != 0
}

#[cfg(not(unix))]
fn is_executable(_: &std::fs::Metadata) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_paths_for_the_shell() {
        assert_eq!(shell_quote("/opt/hooks/policy"), "/opt/hooks/policy");
        assert_eq!(
            shell_quote("/Users/me/My Hooks/policy"),
            "'/Users/me/My Hooks/policy'"
        );
        assert_eq!(shell_quote("/it's/here"), r"'/it'\''s/here'");
        assert_eq!(
            first_word("'/Users/me/My Hooks/policy' --x"),
            "/Users/me/My Hooks/policy"
        );
        assert_eq!(first_word("  .cursor/hooks/a.sh arg"), ".cursor/hooks/a.sh");
    }
}
