//! The hook binary's own command line, for people: `print-config`, `install` and
//! `uninstall`, which need the binary's own handlers. Cursor runs the binary without
//! arguments, so it stays a hook. (`doctor`, `replay` and the rest are the `cursor-hooks`
//! command's, which no hook links.)
//!
//! Arguments are parsed by hand: an argument library would be linked into every hook binary
//! and run at every start, for three subcommands and three flags.

use crate::hook::{FailPolicy, LoopLimit};
use crate::hooks_json::CommandLine;
use crate::respond::Entry;
use serde_json::{json, Map, Value};
use std::path::{Path, PathBuf};

const USAGE: &str = "usage: <hook> [print-config | install [--project DIR | --user] [--dry-run] | uninstall [--project DIR | --user] | --version | --help]
Without arguments the binary is a hook: Cursor writes one payload on its stdin.
To check a configuration or replay captures, use the `cursor-hooks` command.";

const SUBCOMMANDS: &[&str] = &[
    "print-config",
    "install",
    "uninstall",
    "help",
    "--help",
    "--version",
];

/// What the command line decided.
pub(crate) enum Decision {
    /// No arguments: run as a hook.
    Hook,
    /// A subcommand ran; exit with this code.
    Exit(i32),
}

/// Runs a subcommand, or says the binary is to run as a hook. `stdin_is_terminal`: a person
/// started the binary with no arguments, so waiting for a payload would look like a hang.
pub(crate) fn command_line(
    entries: &[Entry],
    args: &[String],
    stdin_is_terminal: bool,
) -> Decision {
    let Some((name, rest)) = args.split_first() else {
        if stdin_is_terminal {
            eprintln!("{USAGE}");
            return Decision::Exit(2);
        }
        return Decision::Hook;
    };
    let result = match name.as_str() {
        "print-config" => print_config(entries, rest),
        "install" => install(entries, rest),
        "uninstall" => uninstall(entries, rest),
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(0)
        }
        "--version" | "-V" => {
            println!("cursor-hooks {}", env!("CARGO_PKG_VERSION"));
            Ok(0)
        }
        moved @ ("doctor" | "replay") => {
            eprintln!("error: `{moved}` is a subcommand of the `cursor-hooks` command now (`cargo install cursor-hooks-cli`): `cursor-hooks {moved} ...`");
            return Decision::Exit(2);
        }
        unknown => {
            let hint = crate::spec::closest(unknown, SUBCOMMANDS.iter().copied())
                .map(|name| format!(", did you mean `{name}`?"))
                .unwrap_or_default();
            eprintln!("error: unknown subcommand `{unknown}`{hint}\n{USAGE}");
            return Decision::Exit(2);
        }
    };
    Decision::Exit(result.unwrap_or_else(|error| {
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
                let dir = PathBuf::from(args.next().ok_or("--project needs a directory")?);
                if !dir.is_dir() {
                    return Err(format!("--project {}: no such directory", dir.display()));
                }
                flags.project = Some(dir);
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

/// This binary's absolute path (the macOS app starts hooks with a minimal `PATH`).
fn own_path() -> Result<PathBuf, String> {
    let path =
        std::env::current_exe().map_err(|e| format!("cannot tell where this binary is: {e}"))?;
    path.to_str().ok_or("this binary's path is not UTF-8")?;
    Ok(path)
}

/// This binary as a `hooks.json` command, written for the shell Cursor uses here.
fn own_command() -> Result<String, String> {
    Ok(crate::launch::hook_command(&own_path()?))
}

/// Whether a `hooks.json` command runs this binary: the program it names, with `NAME=value`
/// prefixes, quotes, `~` and `$VAR` read as the shell reads them, relative paths taken from
/// `cwd`, is this file. So `CURSOR_HOOKS_CAPTURE=... /abs/my-hooks` is ours too. Both readings
/// are tried, `sh`'s and PowerShell's, so an entry written on another platform (`& '...'`)
/// counts as well.
fn runs_this_binary(command: &str, cwd: &Path, own: &Path) -> bool {
    let lookup = |name: &str| std::env::var(name).ok();
    [
        CommandLine::parse(command),
        CommandLine::parse_powershell(command),
    ]
    .into_iter()
    .flatten()
    .filter_map(|line| line.program_path(cwd, &lookup))
    .any(|program| same_file(&program, own))
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// The `hooks.json` entry for each handler, keyed by event.
fn own_hooks(entries: &[Entry], command: &str) -> Map<String, Value> {
    let mut hooks = Map::new();
    for entry in entries {
        let options = entry.options();
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
            entry.event().to_owned(),
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

/// The `hooks.json` to change, and the directory Cursor runs its hooks from (relative
/// commands are taken from there).
fn target_file(flags: &Flags) -> Result<(PathBuf, PathBuf), String> {
    if flags.user {
        let file = crate::launch::user_hooks_file()
            .ok_or("no home directory (HOME, or USERPROFILE on Windows, is not set)")?;
        let dir = file.parent().expect("a file in ~/.cursor").to_path_buf();
        return Ok((file, dir));
    }
    let project = match &flags.project {
        Some(dir) => dir.clone(),
        None => std::env::current_dir().map_err(|e| e.to_string())?,
    };
    Ok((project.join(".cursor").join("hooks.json"), project))
}

/// Reads a `hooks.json`; a missing file is an empty configuration.
fn read_config(path: &Path) -> Result<Value, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => {
            // `from_slice`, as the payload parser: one instance of serde_json's string reader
            // lets the compiler inline its escape decoding (-5 % instructions on 8 MiB payloads).
            let value: Value = serde_json::from_slice(text.as_bytes()).map_err(|e| {
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

/// Removes every entry that runs this binary (wrappers included, see [`runs_this_binary`])
/// from the events for which `keep` says no, and drops event lists that only held ours.
/// Returns how many it removed.
fn remove_own(
    hooks: &mut Map<String, Value>,
    cwd: &Path,
    own: &Path,
    keep: impl Fn(&str) -> bool,
) -> usize {
    let mut removed = 0;
    hooks.retain(|event, list| {
        let Some(items) = list.as_array_mut() else {
            return true;
        };
        if keep(event) {
            return true;
        }
        let before = items.len();
        items.retain(|item| !is_own(item, cwd, own));
        removed += before - items.len();
        !(items.is_empty() && before > 0)
    });
    removed
}

fn is_own(item: &Value, cwd: &Path, own: &Path) -> bool {
    item.get("command")
        .and_then(Value::as_str)
        .is_some_and(|command| runs_this_binary(command, cwd, own))
}

/// Writes through a temporary file and a rename, so a crash never leaves half a file.
fn write_atomically(path: &Path, text: &str) -> Result<(), String> {
    let dir = path.parent().ok_or("the file has no directory")?;
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    // Named by the clock rather than the process id: `getpid` would be one more symbol for
    // the dynamic loader to bind at every hook start (~600 instructions, BENCHMARKS.md).
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_nanos());
    let temporary = dir.join(format!(".hooks.json.{stamp}.tmp"));
    std::fs::write(&temporary, text)
        .map_err(|e| format!("cannot write {}: {e}", temporary.display()))?;
    std::fs::rename(&temporary, path).map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        format!("cannot replace {}: {e}", path.display())
    })
}

fn install(entries: &[Entry], args: &[String]) -> Result<i32, String> {
    let flags = flags(args, &["--project", "--user", "--dry-run"])?;
    let (path, cwd) = target_file(&flags)?;
    let own = own_path()?;
    let command = own_command()?;
    let mut config = read_config(&path)?;
    let object = config.as_object_mut().expect("checked in read_config");
    object.entry("version").or_insert(json!(1));
    let hooks = object
        .entry("hooks")
        .or_insert_with(|| json!({}))
        .as_object_mut()
        .expect("checked in read_config");
    let wanted = own_hooks(entries, &command);
    // Events this binary no longer handles lose its entries.
    remove_own(hooks, &cwd, &own, |event| wanted.contains_key(event));
    for (event, mut list) in wanted {
        if !crate::respond::is_known_event(&event) {
            // One unknown event name makes Cursor ignore the whole file.
            return Err(format!(
                "refusing to write `{event}`: Cursor has no such event"
            ));
        }
        let Value::Object(ours) = list.as_array_mut().expect("built as an array").remove(0) else {
            unreachable!("built as an object")
        };
        let Some(existing) = hooks
            .entry(event)
            .or_insert_with(|| json!([]))
            .as_array_mut()
        else {
            return Err(format!(
                "{}: an event's value is not a list; it was left as it is",
                path.display()
            ));
        };
        update_own(existing, ours, &cwd, &own);
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

/// Puts this binary's entry into one event's list: an entry that already runs it (perhaps
/// through a wrapper such as `CURSOR_HOOKS_CAPTURE=... /abs/hook`) keeps its command and gets
/// the binary's options; otherwise the entry is added. Extra copies are removed, since each
/// copy runs the hook once more.
fn update_own(list: &mut Vec<Value>, ours: Map<String, Value>, cwd: &Path, own: &Path) {
    let mut found = false;
    list.retain_mut(|item| {
        if !is_own(item, cwd, own) {
            return true;
        }
        if found {
            return false;
        }
        found = true;
        let command = item.get("command").cloned();
        let mut updated = ours.clone();
        if let Some(command) = command {
            updated.insert("command".into(), command);
        }
        *item = Value::Object(updated);
        true
    });
    if !found {
        list.push(Value::Object(ours));
    }
}

fn uninstall(_entries: &[Entry], args: &[String]) -> Result<i32, String> {
    let flags = flags(args, &["--project", "--user"])?;
    let (path, cwd) = target_file(&flags)?;
    if !path.exists() {
        println!("nothing to remove: {} does not exist", path.display());
        return Ok(0);
    }
    let own = own_path()?;
    let mut config = read_config(&path)?;
    let removed = match config.get_mut("hooks").and_then(Value::as_object_mut) {
        Some(hooks) => remove_own(hooks, &cwd, &own, |_| false),
        None => 0,
    };
    if removed > 0 {
        write_atomically(&path, &format!("{}\n", pretty(&config)))?;
    }
    println!("removed {removed} hook(s) from {}", path.display());
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_the_closest_subcommand() {
        let closest = |word| crate::spec::closest(word, SUBCOMMANDS.iter().copied());
        assert_eq!(closest("instal"), Some("install"));
        assert_eq!(closest("print-confg"), Some("print-config"));
        assert_eq!(closest("doctor"), None);
    }
}
