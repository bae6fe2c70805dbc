//! `cursor-hooks doctor`: every configuration file a host reads, checked one by one and
//! together: Cursor's (the default), Claude Code's (`--host claude-code`), or both and where
//! they meet (`--host all`).

use crate::findings::{self, Finding, HostName, Severity};
use crate::host::Format;
use crate::parse::Host;
use crate::sources::{ConfigFile, Hook, Locations};
use cursor_hooks::hooks_json::CommandLine;
use cursor_hooks::record::Handler;
use cursor_hooks_spec::claude;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Runs the checks for `host` and prints them; returns the exit code.
///
/// Nothing a configuration names is ever run: a wired cursor-hooks binary is known by the
/// handler record in its file ([`cursor_hooks::record`]), read as bytes.
pub fn run(locations: &Locations, host: Host, json: bool) -> i32 {
    let mut files: Vec<(HostName, ConfigFile)> = Vec::new();
    let mut findings = Vec::new();
    let mut read = |name: HostName, loaded: Vec<ConfigFile>| {
        findings.extend(check(locations, &loaded, name));
        files.extend(loaded.into_iter().map(|file| (name, file)));
    };
    if host.cursor() {
        read(HostName::Cursor, crate::sources::load(locations));
    }
    // The installed Claude Code against the events its settings name.
    let mut version = None;
    let mut plugins_off = Vec::new();
    if host.claude_code() {
        let loaded = crate::sources::claude::load(locations);
        let installed = crate::claude::version::installed(&locations.project);
        version = Some(crate::claude::version::gate(&loaded, &installed));
        plugins_off = crate::sources::installed::not_enabled(locations, &loaded);
        read(HostName::ClaudeCode, loaded);
    }
    if let Some(version) = &mut version {
        findings.append(&mut version.findings);
    }
    for mut finding in plugins_off {
        finding.host = HostName::ClaudeCode;
        findings.push(finding);
    }
    // Codex's files: whether they load, and which hooks its trust gates let run.
    let codex = host
        .codex()
        .then(|| crate::codex::doctor(locations, &mut findings));
    // Copilot's files: what they hold, and whether Copilot trusts the folder to run them.
    let copilot = host
        .copilot()
        .then(|| crate::copilot::doctor(locations, &mut findings));
    let count = |severity| findings.iter().filter(|f| f.severity == severity).count();
    let (errors, warnings, notes) = (
        count(Severity::Error),
        count(Severity::Warning),
        count(Severity::Note),
    );
    if json {
        let files: Vec<Value> = files
            .iter()
            .map(|(name, file)| {
                let mut entry = json!({
                    "path": file.path,
                    "source": file.source,
                    "loaded": !file.voided,
                    "hooks": file.hooks.len(),
                });
                // A run over Cursor alone keeps the entries it always had.
                if host != Host::Cursor {
                    entry["host"] = json!(name);
                }
                entry
            })
            .collect();
        let mut files = files;
        if let Some(codex) = &codex {
            files.extend(codex.files.iter().map(|file| {
                json!({
                    "path": file.path,
                    "source": file.source,
                    "host": HostName::Codex,
                    "hooks": file.hooks.len(),
                })
            }));
        }
        if let Some(copilot) = &copilot {
            files.extend(copilot.files.iter().map(|file| {
                json!({
                    "path": file.path,
                    "source": file.source,
                    "host": HostName::Copilot,
                    "hooks": file.hooks,
                })
            }));
        }
        let mut report = json!({
            "files": files,
            "findings": findings,
            "errors": errors,
            "warnings": warnings,
            "notes": notes,
        });
        if let Some(version) = version.as_ref().filter(|version| !version.json.is_null()) {
            report["claude_code_version"] = version.json.clone();
        }
        if let Some(codex) = &codex {
            report["codex_trust"] = json!({
                "config": codex.trust.config,
                "add": codex.trust.add,
            });
        }
        if let Some(trust) = copilot.as_ref().and_then(|copilot| copilot.trust.as_ref()) {
            report["copilot_trust"] = json!({
                "config": trust.config,
                "trusted": trust.trusted,
                "skipped": trust.skipped,
            });
        }
        println!(
            "{}",
            serde_json::to_string_pretty(&report).expect("findings serialize")
        );
    } else {
        let colour = findings::colour();
        let show_host = host != Host::Cursor;
        for (name, file) in &files {
            let ignored = if file.voided {
                format!(": {} loads none of its hooks", name.title())
            } else {
                String::new()
            };
            let source = match name {
                HostName::Cursor => file.source.clone(),
                HostName::ClaudeCode => format!("Claude Code {}", file.source),
                HostName::Codex => format!("Codex {}", file.source),
                HostName::Copilot => format!("Copilot {}", file.source),
            };
            println!("read {} ({source}){ignored}", file.path.display());
        }
        for file in codex.iter().flat_map(|codex| &codex.files) {
            println!("read {} (Codex {})", file.path.display(), file.source);
        }
        for file in copilot.iter().flat_map(|copilot| &copilot.files) {
            println!("read {} (Copilot {})", file.path.display(), file.source);
        }
        if files.is_empty()
            && codex.as_ref().is_none_or(|codex| codex.files.is_empty())
            && copilot
                .as_ref()
                .is_none_or(|copilot| copilot.files.is_empty())
        {
            println!(
                "no hooks configuration found for {}",
                locations.project.display()
            );
        }
        if let Some(line) = version.as_ref().and_then(|version| version.line.as_ref()) {
            println!("{line}");
        }
        for finding in &findings {
            println!("{}", findings::line_for(finding, colour, show_host));
        }
        if let Some(codex) = codex.as_ref().filter(|codex| !codex.trust.add.is_empty()) {
            println!(
                "To let Codex run exactly the hooks above that it skips, add to {}:\n\n{}",
                codex.trust.config.display(),
                codex.trust.add.trim_end()
            );
        }
        println!("{errors} error(s), {warnings} warning(s), {notes} note(s)");
    }
    i32::from(errors > 0)
}

/// Every finding about `files` as `host` reads them, in file order.
pub fn check(locations: &Locations, files: &[ConfigFile], host: HostName) -> Vec<Finding> {
    let mut findings = Vec::new();
    let mut wired: Vec<Wired> = Vec::new();
    for file in files {
        findings.extend(file.findings.iter().cloned());
        findings.extend(foreign_format(file, host));
        let lookup = locations.lookup(file.plugin_root.as_deref());
        for hook in &file.hooks {
            let Some(command) = hook.command.as_deref().filter(|_| hook.kind == "command") else {
                continue;
            };
            let cwd = match host {
                HostName::Cursor => {
                    crate::sources::plugin::cursor_cwd(file, &hook.event, &locations.project)
                }
                HostName::ClaudeCode | HostName::Codex | HostName::Copilot => file.cwd.as_path(),
            };
            let resolved = resolve(command, cwd, &lookup);
            match &resolved {
                Resolution::File(_) | Resolution::Builtin | Resolution::Unparsed => {}
                Resolution::OnPath(found) => findings.push(finding(file, hook, Severity::Warning, match host {
                    HostName::Cursor => format!(
                        "`{command}` is found only through PATH (at {}); the macOS app starts hooks with a minimal PATH, so write an absolute path",
                        found.display()
                    ),
                    HostName::ClaudeCode => format!(
                        "`{command}` is found only through PATH (at {}); Claude Code runs it wherever it was started, with that shell's PATH, so write an absolute path or one under \"$CLAUDE_PROJECT_DIR\"",
                        found.display()
                    ),
                    HostName::Codex | HostName::Copilot => format!(
                        "`{command}` is found only through PATH (at {}); {} runs it with the PATH it was started with, so write an absolute path",
                        found.display(),
                        host.title()
                    ),
                })),
                Resolution::NotFound(_) | Resolution::Broken(_) => {
                    let why = resolved.failure().unwrap_or_default();
                    findings.push(finding(file, hook, Severity::Error, why));
                }
            }
            let program = CommandLine::parse_for_platform(command)
                .and_then(|line| line.program_path(cwd, &lookup));
            wired.push(Wired {
                file,
                hook,
                command,
                resolved,
                program,
            });
        }
    }
    match host {
        // Codex runs every entry of every layer (`spec/codex/host.json`, `loading`).
        HostName::Codex | HostName::Copilot => {}
        HostName::Cursor => duplicates(&wired, &mut findings),
        HostName::ClaudeCode => {
            claude_duplicates(&wired, &mut findings);
            racing_permission_requests(&wired, &mut findings);
        }
    }
    binaries(&wired, host, &mut findings);
    for finding in &mut findings {
        finding.host = host;
    }
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

impl Resolution {
    /// Why the program cannot be started, when it cannot.
    fn failure(&self) -> Option<String> {
        match self {
            Resolution::NotFound(program) => Some(format!(
                "`{program}` cannot be found: it is not a path and no directory of PATH has it"
            )),
            Resolution::Broken(why) => Some(why.clone()),
            _ => None,
        }
    }
}

/// Why `command`, started in `cwd`, cannot start its program (missing, not a file, not
/// executable), as doctor reports it; `None` when it can, or when the command is shell syntax
/// this reader does not follow.
pub(crate) fn unstartable(
    command: &str,
    cwd: &Path,
    lookup: &dyn Fn(&str) -> Option<String>,
) -> Option<String> {
    resolve(command, cwd, lookup).failure()
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
        let claude_side = |w: &Wired<'_>| w.file.format == Format::ClaudeSettings;
        if claude_side(earlier) != claude_side(later) {
            findings.extend(hosts_meet(earlier, later, &what));
            continue;
        }
        findings.push(finding(later.file, later.hook, Severity::Warning, format!(
            "`{}` is wired again for `{}`: {what} is already wired at {}#{}; Cursor runs every copy, so it runs twice",
            later.command,
            later.hook.event,
            earlier.file.path.display(),
            earlier.hook.pointer
        )));
    }
}

/// One binary wired in one of Cursor's own files and in a Claude Code settings file that Cursor
/// imports, for events Cursor runs as one. Cursor's loader drops the Claude Code copy when the
/// command strings are identical and the other file is an enterprise, project or user one
/// (`cursor.dedupe` in spec/claude-code/host.json): then it runs once, and only a matcher the
/// drop loses is worth a note. Otherwise Cursor runs both copies.
fn hosts_meet(earlier: &Wired<'_>, later: &Wired<'_>, what: &str) -> Option<Finding> {
    let (cursor, claude_entry) = if later.file.format == Format::ClaudeSettings {
        (earlier, later)
    } else {
        (later, earlier)
    };
    // The Claude Code name is the event key of the entry's pointer (`/hooks/PreToolUse/0/...`).
    let claude_name = claude_entry
        .hook
        .pointer
        .split('/')
        .nth(2)
        .unwrap_or_default();
    let host = crate::claude::host::host();
    let dedupe = &host.cursor.dedupe;
    let verified = if dedupe.verified {
        "verified"
    } else {
        "not verified"
    };
    let rule = format!(
        "spec/claude-code/host.json `cursor.dedupe`: \"{}\", {verified}",
        dedupe.rule.trim_end_matches('.'),
    );
    let deduplicated = cursor.file.source != "plugin";
    if deduplicated && cursor.command == claude_entry.command {
        let imported = claude_entry
            .hook
            .matcher
            .as_deref()
            .and_then(|m| crate::parse::imported_matcher(claude_name, m).flatten());
        let own = cursor.hook.matcher.as_deref().filter(|m| {
            !crate::host::host()
                .matcher
                .match_all
                .iter()
                .any(|all| all == m)
        });
        if imported.as_deref() == own {
            return None;
        }
        let shown =
            |m: Option<&str>| m.map_or("none: every subject".to_owned(), |m| format!("`{m}`"));
        return Some(finding(later.file, later.hook, Severity::Note, format!(
            "`{}` is wired for Cursor's `{}` at {}#{} with the same command string, so Cursor drops this Claude Code copy and runs the hook once ({rule}); its matcher is not compared, so in Cursor the hook runs where that entry's matcher ({}) matches, not this group's ({} as Cursor imports it)",
            claude_entry.command,
            cursor.hook.event,
            cursor.file.path.display(),
            cursor.hook.pointer,
            shown(own),
            shown(imported.as_deref()),
        )));
    }
    if let (Some(ours), Some(theirs)) = (
        install_wiring(cursor.command, "cursor"),
        install_wiring(claude_entry.command, "claude-code"),
    ) {
        if ours == theirs {
            // `install` and `install --claude` wire one binary per editor: the two copies answer
            // by their own handlers (the Claude Code one reads Cursor's payload as Cursor sends
            // it), so they decide alike and nothing is there to fix.
            return Some(finding(later.file, later.hook, Severity::Note, format!(
                "`{ours}` is wired for Cursor's `{}` and for Claude Code's `{claude_name}` by `install` and `install --claude`: their command strings differ only in the wiring (`--host`, `--event`), so Cursor runs both copies ({rule}); each answers by its own handler and they decide alike, so only the hook's time in Cursor doubles",
                cursor.hook.event,
            )));
        }
    }
    let why = if deduplicated {
        "the command strings differ"
    } else {
        "Cursor drops a Claude Code copy only for its enterprise, project and user files, not a plugin's"
    };
    Some(finding(later.file, later.hook, Severity::Warning, format!(
        "`{}` is wired for Cursor's `{}` at {}#{} and for Claude Code's `{claude_name}` at {}#{} ({what}): Cursor imports Claude Code's settings and runs `{claude_name}` as `{}`, and {why}, so it runs both copies: it runs twice ({rule}). Keep one of the two entries, or write the same command string in both (Claude Code reads only the second)",
        later.command,
        cursor.hook.event,
        cursor.file.path.display(),
        cursor.hook.pointer,
        claude_entry.file.path.display(),
        claude_entry.hook.pointer,
        cursor.hook.event,
    )))
}

/// The executable part of a command `install` wired for `host` (`<binary> --host <host> --event
/// <event>`, the pair a Cursor and a Claude Code handler share included), or `None` for a
/// command written some other way.
fn install_wiring<'a>(command: &'a str, host: &str) -> Option<&'a str> {
    let mut binary = command;
    let mut hosts = Vec::new();
    while let Some((before, wiring)) = binary.rsplit_once(" --host ") {
        let Some((named, event)) = wiring.split_once(" --event ") else {
            break;
        };
        if named.contains(' ') || event.is_empty() || event.contains(' ') {
            break;
        }
        hosts.push(named);
        binary = before;
    }
    hosts.contains(&host).then_some(binary)
}

/// Whether two Claude Code matchers can match one subject: not when both are lists of exact
/// names with none in common.
fn may_overlap(a: Option<&str>, b: Option<&str>) -> bool {
    let (Some(a), Some(b)) = (a, b) else {
        return true;
    };
    let (a, b) = (claude::matcher::form(a), claude::matcher::form(b));
    match (a.names(), b.names()) {
        (a_names, b_names) if !a_names.is_empty() && !b_names.is_empty() => {
            a_names.iter().any(|name| b_names.contains(name))
        }
        _ => true,
    }
}

/// The same executable wired twice for one Claude Code event whose matchers can overlap: Claude
/// Code runs both (in parallel), except an identical handler in several settings files, which
/// its docs say runs once (`loading` `dedupe` in spec/claude-code/host.json).
fn claude_duplicates(wired: &[Wired<'_>], findings: &mut Vec<Finding>) {
    // A hook whose matcher can never match (reported on its own) never runs twice. Each file's
    // matchers within the budget they had when the file was read (beyond it they may run).
    let wired: Vec<&Wired<'_>> = wired
        .chunk_by(|a, b| std::ptr::eq(a.file, b.file))
        .flat_map(|one_file| {
            let _budget =
                cursor_hooks_spec::js_regex::SharedBudget::start(crate::parse::MATCHER_FILE_STEPS);
            one_file.iter().filter(|w| may_run(w)).collect::<Vec<_>>()
        })
        .collect();
    for (at, later) in wired.iter().enumerate() {
        let earlier = wired[..at].iter().find(|w| {
            w.hook.event == later.hook.event
                && may_overlap(w.hook.matcher.as_deref(), later.hook.matcher.as_deref())
                && match (w.executable(), later.executable()) {
                    (Some(a), Some(b)) => a == b,
                    _ => w.command == later.command,
                }
        });
        let Some(earlier) = earlier else { continue };
        // Identical handlers run once among the settings files (one file too) and within one
        // plugin (host.json `loading`, `dedupe`).
        let one_scope = earlier.file.plugin_root == later.file.plugin_root;
        let place = format!("{}#{}", earlier.file.path.display(), earlier.hook.pointer);
        let (severity, message) = if one_scope && earlier.command == later.command {
            let claude_host = crate::claude::host::host();
            let rule = claude_host.loading("dedupe");
            (Severity::Note, format!(
                "`{}` is wired again for `{}` (already at {place}): Claude Code runs an identical handler once among the settings files and within one plugin ({})",
                later.command,
                later.hook.event,
                if rule.verified { "verified" } else { "not verified: a report measured both copies running" },
            ))
        } else {
            (Severity::Warning, format!(
                "`{}` is wired again for `{}`: the same hook is already wired at {place} and their matchers can match the same subject; Claude Code runs every matching hook, so it runs twice",
                later.command,
                later.hook.event,
            ))
        };
        findings.push(finding(later.file, later.hook, severity, message));
    }
}

/// Whether a Claude Code hook's matcher can match at all (one that cannot is reported on its own).
fn may_run(w: &Wired<'_>) -> bool {
    let (Some(info), Some(matcher)) = (claude::info(&w.hook.event), w.hook.matcher.as_deref())
    else {
        return true;
    };
    !matches!(
        claude::matcher::check(info, matcher),
        claude::matcher::Verdict::Invalid { .. } | claude::matcher::Verdict::Never
    )
}

/// Two different PermissionRequest hooks for the same tools: Claude Code takes the first `allow`
/// or `deny` to answer and reads no later one (spec/claude-code/host.json `observed_rules`,
/// `permission-request-first-decision`), so the faster hook's allow switches the slower one's
/// deny off.
fn racing_permission_requests(wired: &[Wired<'_>], findings: &mut Vec<Finding>) {
    const EVENT: &str = "PermissionRequest";
    let requests: Vec<&Wired<'_>> = wired
        .iter()
        .filter(|w| w.hook.event == EVENT && may_run(w))
        .collect();
    for (at, later) in requests.iter().enumerate() {
        let earlier = requests[..at].iter().find(|w| {
            w.command != later.command
                && may_overlap(w.hook.matcher.as_deref(), later.hook.matcher.as_deref())
        });
        let Some(earlier) = earlier else { continue };
        let place = format!("{}#{}", earlier.file.path.display(), earlier.hook.pointer);
        findings.push(finding(later.file, later.hook, Severity::Warning, format!(
            "`{}` and `{}` (at {place}) both answer `{EVENT}` for the same tools: Claude Code takes the first `allow` or `deny` to answer and reads no later one, so the faster hook decides and its allow switches the other's deny off; keep one `{EVENT}` hook per tool",
            later.command, earlier.command,
        )));
    }
}

/// A file in the other host's format where `host` expects its own: Claude Code's nested
/// settings in a Cursor `hooks.json`, or Cursor's flat hooks.json in Claude Code's settings.
fn foreign_format(file: &ConfigFile, host: HostName) -> Option<Finding> {
    // The value read once (never the file again, nor a second tree of it).
    let value = &file.document;
    let events = value.get("hooks")?.as_object()?;
    // The whole file, not one stray entry: every item of every list has the other shape.
    let items: Vec<&Value> = events
        .values()
        .filter_map(Value::as_array)
        .flatten()
        .collect();
    let all = |shape: fn(&Value) -> bool| !items.is_empty() && items.iter().all(|item| shape(item));
    let nested = all(|item| item.get("hooks").is_some_and(Value::is_array));
    let flat = all(|item| item.get("command").is_some() && item.get("hooks").is_none());
    let claude_names = events
        .keys()
        .any(|k| claude::info(k).is_some() && cursor_hooks::cursor::spec::info(k).is_none());
    let cursor_names = events
        .keys()
        .any(|k| cursor_hooks::cursor::spec::info(k).is_some() && claude::info(k).is_none());
    const CURSOR_SHAPE: &str =
        "`{ \"version\": 1, \"hooks\": { \"preToolUse\": [{ \"command\": \"...\" }] } }`";
    const CLAUDE_SHAPE: &str = "`{ \"hooks\": { \"PreToolUse\": [{ \"matcher\": \"Bash\", \"hooks\": [{ \"type\": \"command\", \"command\": \"...\" }] }] } }`";
    match file.format {
        Format::HooksJson if nested || (claude_names && !cursor_names) => Some(Finding::new(
            Severity::Error,
            &file.path,
            "",
            format!(
                "this is Claude Code's settings format (PascalCase events, `matcher` + `hooks` groups) where Cursor expects its own hooks.json, {CURSOR_SHAPE}: Cursor runs none of it. Move it to .claude/settings.json (which Cursor also imports) or rewrite it"
            ),
        )),
        Format::ClaudeSettings
            if value.get("version").is_some() || flat || (cursor_names && !claude_names) =>
        {
            let (severity, effect) = match host {
                HostName::Cursor => (
                    Severity::Warning,
                    "Cursor's import of Claude Code's settings runs none of it",
                ),
                HostName::ClaudeCode => (Severity::Error, "Claude Code runs none of it"),
                HostName::Codex => (Severity::Error, "Codex runs none of it"),
                HostName::Copilot => (Severity::Error, "Copilot runs none of it"),
            };
            Some(Finding::new(
                severity,
                &file.path,
                "",
                format!(
                    "this is Cursor's hooks.json format (`version`, camelCase events, flat hooks with `command`) where {} expects Claude Code's settings format, {CLAUDE_SHAPE}: {effect}. Move it to .cursor/hooks.json or rewrite it",
                    host.title()
                ),
            ))
        }
        _ => None,
    }
}

/// The handlers a wired file records, read from its bytes (it is never run): `Ok(None)` for a
/// file that is not a cursor-hooks binary.
fn recorded(path: &Path) -> Result<Option<Vec<Handler>>, String> {
    // A piece at a time: an executable can be gigabytes long.
    crate::safe_read::handler_record(path)
}

/// Why the cursor-hooks binary a `host` entry of `event` starts with `command` (run in `cwd`)
/// answers nothing there: the binary has no handler of that host for the event, as its record
/// says (it is never run). A unified handler (`#[hook]`) records one entry per host it was
/// compiled for, so one wired into another host is found too. `None` when it has one, or
/// when the program is not a cursor-hooks binary.
pub(crate) fn no_handler_for(
    command: &str,
    cwd: &Path,
    lookup: &dyn Fn(&str) -> Option<String>,
    host: cursor_hooks::Host,
    event: &str,
) -> Option<String> {
    let program = CommandLine::parse_for_platform(command)?.program_path(cwd, lookup)?;
    let handlers = recorded(&program).ok()??;
    let own: Vec<String> = handlers
        .iter()
        .filter(|h| h.host == host)
        .map(|h| h.event.clone())
        .collect();
    (!own.iter().any(|e| e == event)).then(|| {
        format!(
            "{} has no {} handler for `{event}`: it answers nothing there (its {} handlers: {})",
            program.display(),
            host.product(),
            host.product(),
            names(own.iter())
        )
    })
}

/// `` `a`, `b` ``, or `none` for an empty list.
fn names<'a>(events: impl Iterator<Item = &'a String>) -> String {
    let list: Vec<String> = events.map(|e| format!("`{e}`")).collect();
    if list.is_empty() {
        "none".to_owned()
    } else {
        list.join(", ")
    }
}

/// Compares each cursor-hooks binary's own handlers for `host` with how `host` runs it.
fn binaries(wired: &[Wired<'_>], host: HostName, findings: &mut Vec<Finding>) {
    let mut by_binary: BTreeMap<PathBuf, Vec<&Wired<'_>>> = BTreeMap::new();
    for w in wired {
        if let Resolution::File(path) = &w.resolved {
            by_binary.entry(path.clone()).or_default().push(w);
        }
    }
    for (binary, entries) in by_binary {
        let first = entries[0];
        let handlers = match recorded(&binary) {
            Ok(Some(handlers)) => handlers,
            Ok(None) => continue,
            Err(why) => {
                findings.push(finding(first.file, first.hook, Severity::Warning, why));
                continue;
            }
        };
        // Each host's handlers by event (the record's `"host"`): a Codex handler is neither
        // Cursor's nor Claude Code's, though it shares Claude Code's event names.
        let of_host = |host: cursor_hooks::Host| -> BTreeMap<String, Handler> {
            handlers
                .iter()
                .filter(|h| h.host == host)
                .map(|h| (h.event.clone(), h.clone()))
                .collect()
        };
        let cursor_handlers = of_host(cursor_hooks::Host::Cursor);
        let claude_handlers = of_host(cursor_hooks::Host::ClaudeCode);
        match host {
            HostName::Cursor => cursor_binary(
                &binary,
                &entries,
                &cursor_handlers,
                &claude_handlers,
                findings,
            ),
            HostName::ClaudeCode => claude_binary(
                &binary,
                &entries,
                &claude_handlers,
                &cursor_handlers,
                findings,
            ),
            // A binary's Codex and Copilot handlers come with their hosts' types.
            HostName::Codex | HostName::Copilot => {}
        }
    }
}

/// A binary as Cursor runs it: by the payload's camelCase event, with a Cursor handler, or else
/// with the Claude Code handler of the event Cursor maps onto it.
fn cursor_binary(
    binary: &Path,
    entries: &[&Wired<'_>],
    declared: &BTreeMap<String, Handler>,
    claude_handlers: &BTreeMap<String, Handler>,
    findings: &mut Vec<Finding>,
) {
    let answered_by_claude = |event: &str| {
        claude_handlers
            .keys()
            .any(|name| claude::info(name).and_then(|info| info.cursor_event) == Some(event))
    };
    for w in entries {
        let Some(own) = declared.get(&w.hook.event) else {
            if answered_by_claude(&w.hook.event) {
                continue;
            }
            findings.push(finding(
                w.file,
                w.hook,
                Severity::Warning,
                format!(
                    "{} has no handler for `{}`: it answers nothing there (it handles {})",
                    binary.display(),
                    w.hook.event,
                    names(declared.keys().chain(claude_handlers.keys()))
                ),
            ));
            continue;
        };
        // A Claude Code settings file cannot say what Cursor's entries say (`failClosed`, ...):
        // `--host claude-code` compares it with the binary's Claude Code handlers.
        if w.file.format == Format::ClaudeSettings {
            continue;
        }
        if own.fail_closed && !w.hook.fail_closed {
            findings.push(finding(w.file, w.hook, Severity::Error, format!(
                "{}'s `{}` handler fails closed but this entry has no `\"failClosed\": true`, so Cursor lets the action through when the hook crashes or times out",
                binary.display(),
                w.hook.event
            )));
        }
        compare_timeout_and_matcher(w, own, findings);
    }
    let unwired: Vec<String> = declared
        .keys()
        .filter(|event| !entries.iter().any(|w| &w.hook.event == *event))
        .map(|event| format!("`{event}`"))
        .collect();
    if !unwired.is_empty() {
        let first = entries[0];
        findings.push(finding(
            first.file,
            first.hook,
            Severity::Warning,
            format!(
                "{} also handles {} but no file wires it for {} (`{} install` adds every handler)",
                binary.display(),
                unwired.join(", "),
                if unwired.len() == 1 {
                    "that event"
                } else {
                    "those events"
                },
                binary.display()
            ),
        ));
    }
}

/// A binary as Claude Code runs it: by the payload's PascalCase event, with a Claude Code
/// handler (`#[claude_hook]`) only.
fn claude_binary(
    binary: &Path,
    entries: &[&Wired<'_>],
    declared: &BTreeMap<String, Handler>,
    cursor_handlers: &BTreeMap<String, Handler>,
    findings: &mut Vec<Finding>,
) {
    for w in entries {
        let Some(own) = declared.get(&w.hook.event) else {
            let cursor_twin = claude::info(&w.hook.event)
                .and_then(|info| info.cursor_event)
                .filter(|event| cursor_handlers.contains_key(*event))
                .map(|event| format!(
                    "; its `{event}` handler is a Cursor one (`#[cursor_hook]`), which Claude Code never runs: add a `#[claude_hook(event = \"{}\")]`",
                    w.hook.event
                ))
                .unwrap_or_default();
            findings.push(finding(
                w.file,
                w.hook,
                Severity::Warning,
                format!(
                    "{} has no Claude Code handler for `{}`: it answers nothing there (its Claude Code handlers: {}){cursor_twin}",
                    binary.display(),
                    w.hook.event,
                    names(declared.keys())
                ),
            ));
            continue;
        };
        // The one rule of spec/claude-code/host.json `fail_closed`: `onFailure` has an effect
        // only where a hook can block and Claude Code does not ignore it.
        let info = claude::info(&w.hook.event);
        let honoured = info.is_some_and(|info| info.fail_closed);
        if w.hook.fail_closed && !honoured {
            let why = if info.is_some_and(|info| info.can_block) {
                "Claude Code ignores `onFailure` there"
            } else {
                "no hook can block there"
            };
            findings.push(finding(w.file, w.hook, Severity::Note, format!(
                "`\"onFailure\": \"block\"` has no effect on `{}`: {why}, so Claude Code goes on when this hook fails",
                w.hook.event
            )));
        }
        if own.fail_closed && !w.hook.fail_closed && honoured {
            findings.push(finding(w.file, w.hook, Severity::Note, format!(
                "{}'s `{}` handler fails closed, but when the binary cannot start or is killed at this entry's timeout Claude Code lets the action through; `\"onFailure\": \"block\"` (Claude Code 2.1.295 and later) blocks then",
                binary.display(),
                w.hook.event
            )));
        }
        compare_timeout_and_matcher(w, own, findings);
    }
    let unwired: Vec<String> = declared
        .keys()
        .filter(|event| !entries.iter().any(|w| &w.hook.event == *event))
        .map(|event| format!("`{event}`"))
        .collect();
    if !unwired.is_empty() {
        let first = entries[0];
        findings.push(finding(
            first.file,
            first.hook,
            Severity::Warning,
            format!(
                "{} also handles Claude Code's {} but no Claude Code settings file wires it for {} (`{} install --claude` adds every handler)",
                binary.display(),
                unwired.join(", "),
                if unwired.len() == 1 { "that event" } else { "those events" },
                binary.display()
            ),
        ));
    }
}

/// The entry's `timeout` and `matcher` against the handler's own.
fn compare_timeout_and_matcher(w: &Wired<'_>, own: &Handler, findings: &mut Vec<Finding>) {
    let own_timeout = own.timeout.map(f64::from);
    if own_timeout.is_some() && own_timeout != w.hook.timeout {
        findings.push(finding(w.file, w.hook, Severity::Warning, format!(
            "`timeout` is {} here but the handler declares {} seconds (its deadline is set from its own)",
            w.hook.timeout.map(|t| format!("{t} seconds")).unwrap_or_else(|| "unset".to_owned()),
            own_timeout.unwrap_or_default()
        )));
    }
    // Claude Code reads no matcher, `""` and `"*"` alike: every subject.
    let claude_file = claude::info(&w.hook.event).is_some();
    let every = |m: &&str| claude_file && claude::MATCH_ALL.contains(m);
    let own_matcher = own.matcher.as_deref().filter(|m| !every(m));
    let here = w.hook.matcher.as_deref().filter(|m| !every(m));
    if own_matcher != here {
        findings.push(finding(
            w.file,
            w.hook,
            Severity::Warning,
            format!(
                "`matcher` is {} here but the handler declares {}",
                here.map(|m| format!("`{m}`"))
                    .unwrap_or_else(|| "unset".to_owned()),
                own_matcher
                    .map(|m| format!("`{m}`"))
                    .unwrap_or_else(|| "none".to_owned())
            ),
        ));
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn install_wirings_are_read_one_or_paired() {
        use super::install_wiring;
        let one = "/abs/guard --host claude-code --event PreToolUse";
        assert_eq!(install_wiring(one, "claude-code"), Some("/abs/guard"));
        assert_eq!(install_wiring(one, "cursor"), None);
        let pair =
            "./tools/guard --host cursor --event preToolUse --host claude-code --event PreToolUse";
        assert_eq!(install_wiring(pair, "cursor"), Some("./tools/guard"));
        assert_eq!(install_wiring(pair, "claude-code"), Some("./tools/guard"));
        assert_eq!(install_wiring("/abs/guard", "cursor"), None);
    }
}
