//! `cursor-hooks doctor`: every configuration file Cursor reads, checked one by one and
//! together.

use crate::findings::{self, Finding, Severity};
use crate::sources::{ConfigFile, Hook, Locations};
use cursor_hooks::hooks_json::CommandLine;
use cursor_hooks::record::{self, Handler};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Runs the checks and prints them; returns the exit code.
///
/// Nothing a configuration names is ever run: a wired cursor-hooks binary is known by the
/// handler record in its file ([`cursor_hooks::record`]), read as bytes.
pub fn run(locations: &Locations, json: bool) -> i32 {
    let files = crate::sources::load(locations);
    let findings = check(locations, &files);
    let count = |severity| findings.iter().filter(|f| f.severity == severity).count();
    let (errors, warnings, notes) = (
        count(Severity::Error),
        count(Severity::Warning),
        count(Severity::Note),
    );
    if json {
        let files: Vec<Value> = files
            .iter()
            .map(|file| {
                json!({
                    "path": file.path,
                    "source": file.source,
                    "loaded": !file.voided,
                    "hooks": file.hooks.len(),
                })
            })
            .collect();
        let report = json!({
            "files": files,
            "findings": findings,
            "errors": errors,
            "warnings": warnings,
            "notes": notes,
        });
        println!(
            "{}",
            serde_json::to_string_pretty(&report).expect("findings serialize")
        );
    } else {
        let colour = findings::colour();
        for file in &files {
            let ignored = if file.voided {
                ": Cursor loads none of its hooks"
            } else {
                ""
            };
            println!("read {} ({}){ignored}", file.path.display(), file.source);
        }
        if files.is_empty() {
            println!(
                "no hooks configuration found for {}",
                locations.project.display()
            );
        }
        for finding in &findings {
            println!("{}", findings::line(finding, colour));
        }
        println!("{errors} error(s), {warnings} warning(s), {notes} note(s)");
    }
    i32::from(errors > 0)
}

/// Every finding about `files`, in file order.
pub fn check(locations: &Locations, files: &[ConfigFile]) -> Vec<Finding> {
    let mut findings = Vec::new();
    let mut wired: Vec<Wired> = Vec::new();
    for file in files {
        findings.extend(file.findings.iter().cloned());
        let lookup = locations.lookup(file.plugin_root.as_deref());
        for hook in &file.hooks {
            let Some(command) = hook.command.as_deref().filter(|_| hook.kind == "command") else {
                continue;
            };
            let resolved = resolve(command, &file.cwd, &lookup);
            match &resolved {
                Resolution::File(_) | Resolution::Builtin | Resolution::Unparsed => {}
                Resolution::OnPath(found) => findings.push(finding(file, hook, Severity::Warning, format!(
                    "`{command}` is found only through PATH (at {}); the macOS app starts hooks with a minimal PATH, so write an absolute path",
                    found.display()
                ))),
                Resolution::NotFound(program) => findings.push(finding(file, hook, Severity::Error, format!(
                    "`{program}` cannot be found: it is not a path and no directory of PATH has it"
                ))),
                Resolution::Broken(why) => findings.push(finding(file, hook, Severity::Error, why.clone())),
            }
            let program = CommandLine::parse_for_platform(command)
                .and_then(|line| line.program_path(&file.cwd, &lookup));
            wired.push(Wired {
                file,
                hook,
                command,
                resolved,
                program,
            });
        }
    }
    duplicates(&wired, &mut findings);
    binaries(&wired, &mut findings);
    findings
}

struct Wired<'a> {
    file: &'a ConfigFile,
    hook: &'a Hook,
    command: &'a str,
    resolved: Resolution,
    /// The program's path as written (resolved or not), to compare file names.
    program: Option<PathBuf>,
}

impl Wired<'_> {
    fn executable(&self) -> Option<&Path> {
        match &self.resolved {
            Resolution::File(path) | Resolution::OnPath(path) => Some(path),
            _ => None,
        }
    }
}

fn finding(file: &ConfigFile, hook: &Hook, severity: Severity, message: String) -> Finding {
    Finding::new(severity, &file.path, &hook.pointer, message)
}

#[derive(Debug, Clone)]
enum Resolution {
    /// An existing executable file, canonicalized.
    File(PathBuf),
    /// A bare name found in PATH.
    OnPath(PathBuf),
    /// A bare name that is not in PATH.
    NotFound(String),
    /// A path that is missing or cannot run.
    Broken(String),
    /// A shell builtin (`echo`, `true`, `:`): the shell runs it whatever PATH is.
    Builtin,
    /// Shell syntax this reader does not follow.
    Unparsed,
}

fn resolve(command: &str, cwd: &Path, lookup: &dyn Fn(&str) -> Option<String>) -> Resolution {
    let Some(line) = CommandLine::parse_for_platform(command) else {
        return Resolution::Unparsed;
    };
    let Some(program) = line.expanded_program(lookup) else {
        return Resolution::Broken(format!(
            "`{}` uses a variable that is not set here",
            line.program
        ));
    };
    let Some(path) = line.program_path(cwd, lookup) else {
        // Before PATH: `/bin/echo` exists too, but `echo` runs the shell's own.
        if is_shell_builtin(&program) {
            return Resolution::Builtin;
        }
        return match search_path(&program) {
            Some(found) => Resolution::OnPath(found),
            None => Resolution::NotFound(program),
        };
    };
    match std::fs::metadata(&path) {
        Err(_) => Resolution::Broken(format!("{} does not exist", path.display())),
        Ok(meta) if !meta.is_file() => {
            Resolution::Broken(format!("{} is not a file", path.display()))
        }
        Ok(meta) if !is_executable(&meta) => Resolution::Broken(format!(
            "{} is not executable (chmod +x it)",
            path.display()
        )),
        Ok(_) => Resolution::File(path.canonicalize().unwrap_or(path)),
    }
}

/// The POSIX shell's builtins a hook command may start with (`sh`; Cursor's shell on macOS and
/// Linux).
fn is_shell_builtin(name: &str) -> bool {
    [
        ":", ".", "[", "break", "cd", "command", "continue", "echo", "eval", "exec", "exit",
        "export", "false", "kill", "printf", "pwd", "read", "readonly", "return", "set", "shift",
        "test", "times", "trap", "true", "umask", "unset", "wait",
    ]
    .contains(&name)
}

fn search_path(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|candidate| {
            std::fs::metadata(candidate).is_ok_and(|m| m.is_file() && is_executable(&m))
        })
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

/// The same executable (or one of the same name) wired twice for one event runs twice.
fn duplicates(wired: &[Wired<'_>], findings: &mut Vec<Finding>) {
    for (at, later) in wired.iter().enumerate() {
        let earlier = wired[..at].iter().find(|w| {
            if w.hook.event != later.hook.event {
                return false;
            }
            match (w.executable(), later.executable()) {
                (Some(a), Some(b)) if a == b => true,
                _ => match (&w.program, &later.program) {
                    (Some(a), Some(b)) => a.file_name() == b.file_name(),
                    _ => w.command == later.command,
                },
            }
        });
        let Some(earlier) = earlier else { continue };
        let same_file =
            earlier.executable().is_some() && earlier.executable() == later.executable();
        let shown = |w: &Wired<'_>| {
            w.executable()
                .or(w.program.as_deref())
                .map(|p| p.display().to_string())
                .unwrap_or_default()
        };
        let what = if same_file || earlier.program.is_none() || shown(earlier) == shown(later) {
            "the same hook".to_owned()
        } else {
            format!(
                "a hook of the same name ({} and {}: a debug and a release build, or two checkouts?)",
                shown(earlier),
                shown(later)
            )
        };
        findings.push(finding(later.file, later.hook, Severity::Warning, format!(
            "`{}` is wired again for `{}`: {what} is already wired at {}#{}; Cursor runs every copy, so it runs twice",
            later.command,
            later.hook.event,
            earlier.file.path.display(),
            earlier.hook.pointer
        )));
    }
}

/// The handlers a wired file records, read from its bytes (it is never run): `Ok(None)` for a
/// file that is not a cursor-hooks binary.
fn recorded(path: &Path) -> Result<Option<BTreeMap<String, Handler>>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let handlers = record::read(&bytes).map_err(|why| {
        format!(
            "{}: {why}, so its handlers are not compared with this wiring (nothing was run; a cursor-hooks binary built by another version needs a rebuild)",
            path.display()
        )
    })?;
    Ok(handlers.map(|list| list.into_iter().map(|h| (h.event.clone(), h)).collect()))
}

/// Compares each cursor-hooks binary's own handlers with how it is wired.
fn binaries(wired: &[Wired<'_>], findings: &mut Vec<Finding>) {
    let mut by_binary: BTreeMap<PathBuf, Vec<&Wired<'_>>> = BTreeMap::new();
    for w in wired {
        if let Resolution::File(path) = &w.resolved {
            by_binary.entry(path.clone()).or_default().push(w);
        }
    }
    for (binary, entries) in by_binary {
        let first = entries[0];
        let declared = match recorded(&binary) {
            Ok(Some(declared)) => declared,
            Ok(None) => continue,
            Err(why) => {
                findings.push(finding(first.file, first.hook, Severity::Warning, why));
                continue;
            }
        };
        for w in &entries {
            let Some(own) = declared.get(&w.hook.event) else {
                findings.push(finding(
                    w.file,
                    w.hook,
                    Severity::Warning,
                    format!(
                        "{} has no handler for `{}`: it answers nothing there (it handles {})",
                        binary.display(),
                        w.hook.event,
                        declared.keys().cloned().collect::<Vec<_>>().join(", ")
                    ),
                ));
                continue;
            };
            if own.fail_closed && !w.hook.fail_closed {
                findings.push(finding(w.file, w.hook, Severity::Error, format!(
                    "{}'s `{}` handler fails closed but this entry has no `\"failClosed\": true`, so Cursor lets the action through when the hook crashes or times out",
                    binary.display(),
                    w.hook.event
                )));
            }
            let own_timeout = own.timeout.map(f64::from);
            if own_timeout.is_some() && own_timeout != w.hook.timeout {
                findings.push(finding(w.file, w.hook, Severity::Warning, format!(
                    "`timeout` is {} here but the handler declares {} seconds (its deadline is set from its own)",
                    w.hook.timeout.map(|t| format!("{t} seconds")).unwrap_or_else(|| "unset".to_owned()),
                    own_timeout.unwrap_or_default()
                )));
            }
            let own_matcher = own.matcher.as_deref();
            if own_matcher != w.hook.matcher.as_deref() {
                findings.push(finding(
                    w.file,
                    w.hook,
                    Severity::Warning,
                    format!(
                        "`matcher` is {} here but the handler declares {}",
                        w.hook
                            .matcher
                            .as_deref()
                            .map(|m| format!("`{m}`"))
                            .unwrap_or_else(|| "unset".to_owned()),
                        own_matcher
                            .map(|m| format!("`{m}`"))
                            .unwrap_or_else(|| "none".to_owned())
                    ),
                ));
            }
        }
        let unwired: Vec<String> = declared
            .keys()
            .filter(|event| !entries.iter().any(|w| &w.hook.event == *event))
            .map(|event| format!("`{event}`"))
            .collect();
        if !unwired.is_empty() {
            findings.push(finding(
                first.file,
                first.hook,
                Severity::Warning,
                format!(
                "{} also handles {} but no file wires it for {} (`{} install` adds every handler)",
                binary.display(),
                unwired.join(", "),
                if unwired.len() == 1 { "that event" } else { "those events" },
                binary.display()
            ),
            ));
        }
    }
}
