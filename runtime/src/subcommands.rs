//! The hook binary's own subcommands, for people: `print-config`, `install` and
//! `uninstall`, which need the binary's own handlers. Cursor runs the binary without
//! arguments, so it stays a hook. (`doctor`, `replay` and the rest are the `cursor-hooks`
//! command's, which no hook links.)
//!
//! Arguments are parsed by hand: an argument library would be linked into every hook binary
//! and run at every start, for three subcommands and three flags.
//!
//! `install` and `uninstall` change `hooks.json` (Cursor's handlers) or, with `--claude`,
//! Claude Code's `.claude/settings.json` (`subcommands/claude_settings.rs`) as text
//! (`subcommands/edit.rs`), so the user's comments, layout and entries stay byte for byte, and
//! check the result before writing it; the file is read and replaced under a lock, through
//! links for the user's own files and never through one for a project's, with its mode kept
//! (`subcommands/file.rs`).

mod claude_settings;
mod edit;
mod file;
mod portable;

use crate::hook::FailPolicy;
use crate::hooks_json::{keys, CommandLine};
use crate::respond::{Entry, Wiring};
use edit::{Document, Edits, Item, Kind};
use file::ConfigFile;
use serde_json::{json, Map, Value};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The usage, `<hook>` standing for the binary's name (see [`usage`]).
const USAGE: &str = "usage: <hook> [--host cursor|claude-code|codex|copilot --event NAME | print-config [--claude|--codex|--copilot] | install [--claude|--codex|--copilot] [--project DIR [--portable] | --user] [--dry-run] [--force] | uninstall [--claude|--codex|--copilot] [--project DIR | --user] | --version | --help]
Without arguments the binary is a hook: Cursor writes one payload on its stdin (Claude Code too).
With `--host` and `--event` (what `install` writes) it answers only that handler's payloads.
`install` writes the Cursor handlers into .cursor/hooks.json; `install --claude` writes the
Claude Code handlers into .claude/settings.json (`--user`: ~/.claude/settings.json);
`install --codex` writes the Codex handlers into .codex/hooks.json (`--user`: ~/.codex/hooks.json);
`install --copilot` writes the Copilot handlers into .github/hooks/cursor-hooks.json (`--user`: ~/.copilot/hooks/).
`install --claude` refuses events the `claude` on PATH predates (`--force` writes them anyway).
`--portable` writes a command relative to the project (for a binary inside it), so the file
works from any clone and can be committed; without it the command is this binary's absolute path.
To check a configuration or replay captures, use the `cursor-hooks` command.";

/// What the lock file beside Cursor's `hooks.json` is named after it.
const HOOKS_JSON_LOCK: &str = ".lock";

/// What the lock file beside Claude Code's `settings.json` is named after it. Not `.lock`:
/// that is the name of the directory Claude Code makes as its own lock on the file
/// ([`SETTINGS_HOST_LOCK`]).
const SETTINGS_LOCK: &str = ".cursor-hooks.lock";

/// What the directory Claude Code makes beside `settings.json` while it writes the file (seen
/// for `~/.claude/settings.json` in Claude Code 2.1.330) is named after it; `install` takes it
/// too.
const SETTINGS_HOST_LOCK: &str = ".lock";

/// Who the binary is, as `main!` captured it from the hook crate's build: its usage and
/// `--version` name the hook crate, not this library.
#[derive(Clone, Copy, Debug)]
pub struct Identity {
    /// The binary's name (`CARGO_BIN_NAME`).
    pub binary: &'static str,
    /// The hook crate's package name (`CARGO_PKG_NAME`).
    pub package: &'static str,
    /// The hook crate's version (`CARGO_PKG_VERSION`).
    pub version: &'static str,
}

/// The binary's name for its usage, set once by [`command_line`]: the usage is shown from
/// deep in the argument parsing, which has no other use for it.
static BINARY_NAME: OnceLock<&'static str> = OnceLock::new();

/// The usage, with the binary's name.
fn usage() -> String {
    USAGE.replacen("<hook>", BINARY_NAME.get().copied().unwrap_or("<hook>"), 1)
}

/// What `--version` prints: the hook crate's name and version, then this library's.
fn version_line(identity: &Identity) -> String {
    format!(
        "{} {} (cursor-hooks {})\n",
        identity.package,
        identity.version,
        env!("CARGO_PKG_VERSION")
    )
}

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
    /// No arguments, or the wiring `install` writes: run as a hook (answering only the wired
    /// handler's payloads, when wired).
    Hook(Option<Wiring>),
    /// A subcommand ran; exit with this code.
    Exit(i32),
}

/// Runs a subcommand, or says the binary is to run as a hook. `stdin_is_terminal`: a person
/// started the binary with no arguments, so waiting for a payload would look like a hang.
pub(crate) fn command_line(
    entries: &[Entry],
    claude: Option<ClaudeSubcommands>,
    identity: &Identity,
    args: &[String],
    stdin_is_terminal: bool,
) -> Decision {
    let _ = BINARY_NAME.set(identity.binary);
    let Some((name, rest)) = args.split_first() else {
        if stdin_is_terminal {
            complain(&usage());
            return Decision::Exit(2);
        }
        return Decision::Hook(None);
    };
    match Wiring::parse(args) {
        Some(Ok(wiring)) => return Decision::Hook(Some(wiring)),
        Some(Err(error)) => {
            complain(&format!("error: {error}\n{}", usage()));
            return Decision::Exit(2);
        }
        None => {}
    }
    let result = match name.as_str() {
        "print-config" => print_config(entries, claude, rest),
        "install" => install(entries, claude, rest),
        "uninstall" => uninstall(entries, claude, rest),
        "help" | "--help" | "-h" => say(&format!("{}\n", usage())).map(|()| 0),
        "--version" | "-V" => say(&version_line(identity)).map(|()| 0),
        moved @ ("doctor" | "replay") => {
            complain(&format!("error: `{moved}` is a subcommand of the `cursor-hooks` command now (from a clone of the cursor-hooks repository: `cargo install --path cli`): `cursor-hooks {moved} ...`"));
            return Decision::Exit(2);
        }
        unknown => {
            let hint = crate::cursor::spec::closest(unknown, SUBCOMMANDS.iter().copied())
                .map(|name| format!(", did you mean `{name}`?"))
                .unwrap_or_default();
            complain(&format!(
                "error: unknown subcommand `{unknown}`{hint}\n{}",
                usage()
            ));
            return Decision::Exit(2);
        }
    };
    Decision::Exit(result.unwrap_or_else(|error| {
        complain(&format!("error: {error}"));
        1
    }))
}

pub(crate) struct Flags {
    project: Option<PathBuf>,
    user: bool,
    dry_run: bool,
    /// `--claude`: Claude Code's settings rather than Cursor's `hooks.json`.
    claude: bool,
    /// `--codex`: Codex's `hooks.json` (the same format as Claude Code's settings).
    codex: bool,
    /// `--copilot`: GitHub Copilot CLI's own hooks file, `.github/hooks/cursor-hooks.json`
    /// (the format of Cursor's `hooks.json`, its command under `bash`).
    copilot: bool,
    /// `--portable`: commands relative to the project (`subcommands/portable.rs`).
    portable: bool,
    /// `--force`: write what the installed host does not know (`install --claude`).
    force: bool,
}

impl Flags {
    /// The host whose file the subcommand changes: `--claude` and `--codex` pick the
    /// Claude-family hosts, `--copilot` Copilot, else Cursor.
    fn family(&self) -> crate::Host {
        match (self.claude, self.codex, self.copilot) {
            (true, _, _) => crate::Host::ClaudeCode,
            (_, true, _) => crate::Host::Codex,
            (_, _, true) => crate::Host::Copilot,
            _ => crate::Host::Cursor,
        }
    }
}

fn flags(args: &[String], allowed: &[&str]) -> Result<Flags, String> {
    let mut flags = Flags {
        project: None,
        user: false,
        dry_run: false,
        claude: false,
        codex: false,
        copilot: false,
        portable: false,
        force: false,
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
            "--portable" if allowed.contains(&"--portable") => flags.portable = true,
            "--force" if allowed.contains(&"--force") => flags.force = true,
            "--claude" => flags.claude = true,
            "--codex" => flags.codex = true,
            "--copilot" => flags.copilot = true,
            other => return Err(format!("unexpected argument `{other}`\n{}", usage())),
        }
    }
    if [flags.claude, flags.codex, flags.copilot]
        .iter()
        .filter(|flag| **flag)
        .count()
        > 1
    {
        return Err(
            "--claude, --codex and --copilot exclude each other: run the subcommand once for each"
                .to_owned(),
        );
    }
    if flags.user && flags.project.is_some() {
        return Err("--project and --user exclude each other".to_owned());
    }
    if flags.portable && flags.user {
        return Err("--portable and --user exclude each other: a user file is not committed, and its commands run from no project (use --portable with --project)".to_owned());
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

/// This binary as a `hooks.json` command, written for the shell Cursor uses here, its path
/// without `//`.
fn own_command() -> Result<String, String> {
    Ok(crate::launch::hook_command(&edit::collapse_slashes(
        &own_path()?,
    )))
}

/// Whether a `hooks.json` command runs this binary: the program it names, with `NAME=value`
/// prefixes, quotes, `~` and `$VAR` read as the shell reads them, relative paths taken from
/// `cwd`, is this file. So `CURSOR_HOOKS_CAPTURE=... /abs/my-hooks` is ours too. Both readings
/// are tried, `sh`'s and PowerShell's, so an entry written on another platform (`& '...'`)
/// counts as well. The project variables (`"$CLAUDE_PROJECT_DIR"/...`, which `install
/// --portable` writes) are read as `cwd`, the folder the file's commands run from, whatever
/// this process's environment holds.
fn runs_this_binary(command: &str, cwd: &Path, own: &Path) -> bool {
    let lookup = |name: &str| match name {
        "CLAUDE_PROJECT_DIR" | "CURSOR_PROJECT_DIR" => Some(cwd.to_string_lossy().into_owned()),
        _ => std::env::var(name).ok(),
    };
    // PowerShell's own form of the variable (`install --portable --claude` on Windows) is not
    // expanded by the PowerShell reading: put the folder in its place first.
    let powershell = command.replace("$env:CLAUDE_PROJECT_DIR", &cwd.to_string_lossy());
    [
        CommandLine::parse(command),
        CommandLine::parse_powershell(&powershell),
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
fn own_hooks(
    entries: &[Entry],
    all: &[crate::record::Handler],
    command: &str,
) -> Map<String, Value> {
    let mut hooks = Map::new();
    for entry in entries {
        let object = crate::record::Handler::from(entry).cursor_entry(command, all);
        hooks.insert(
            entry.event().to_owned(),
            Value::Array(vec![Value::Object(object)]),
        );
    }
    hooks
}

/// Every handler of the binary as its record lists it: what a command's wiring is chosen from
/// ([`crate::record::Handler::answered_with`]).
fn all_handlers(entries: &[Entry]) -> Vec<crate::record::Handler> {
    entries.iter().map(crate::record::Handler::from).collect()
}

/// The handlers a command installed with `flags` may share with the other editor's file: all
/// of them, unless `--portable` names the binary in each editor's own way (`./tools/...`,
/// `"$CLAUDE_PROJECT_DIR"/tools/...`), so the two commands cannot be equal and Cursor runs
/// both whatever their wiring.
fn sharing(entries: &[Entry], flags: &Flags) -> Vec<crate::record::Handler> {
    if flags.portable {
        Vec::new()
    } else {
        all_handlers(entries)
    }
}

/// The binary's Cursor handlers.
fn cursor_entries(entries: &[Entry]) -> Vec<Entry> {
    entries
        .iter()
        .filter(|e| e.host() == crate::Host::Cursor)
        .copied()
        .collect()
}

/// The binary's handlers of `host`, a Claude-family host, as its settings file lists them.
fn claude_handlers(entries: &[Entry], host: crate::Host) -> Vec<claude_settings::Handler> {
    entries
        .iter()
        .filter(|e| e.host() == host)
        .map(|entry| claude_settings::Handler {
            host,
            event: entry.event(),
            matcher: entry.options().matcher,
            timeout: entry.options().timeout,
            fail_closed: entry.options().fail == FailPolicy::Closed,
        })
        .collect()
}

/// Says that the binary has no handler for the host asked for, and which flag reaches the
/// hosts it has handlers for; the exit code of a subcommand that was asked for the wrong host.
fn wrong_host(subcommand: &str, asked: crate::Host, entries: &[Entry]) -> i32 {
    let flag = |host: crate::Host| match host {
        crate::Host::Cursor => format!("`{subcommand}`"),
        crate::Host::ClaudeCode => format!("`{subcommand} --claude`"),
        crate::Host::Codex => format!("`{subcommand} --codex`"),
        crate::Host::Copilot => format!("`{subcommand} --copilot`"),
    };
    let has: Vec<String> = crate::Host::ALL
        .into_iter()
        .filter(|host| entries.iter().any(|e| e.host() == *host))
        .map(flag)
        .collect();
    let attribute = asked.attribute();
    complain(&format!(
        "error: this binary has no {} handler (`{attribute}`); for the handlers it has, use {}",
        asked.product(),
        has.join(" or ")
    ));
    2
}

/// A subcommand that has a `--claude` form.
#[derive(Clone, Copy)]
enum Subcommand {
    PrintConfig,
    Install,
    Uninstall,
}

impl Subcommand {
    fn name(self) -> &'static str {
        match self {
            Subcommand::PrintConfig => "print-config",
            Subcommand::Install => "install",
            Subcommand::Uninstall => "uninstall",
        }
    }
}

/// The `--claude` form of the subcommands, for Claude Code's `settings.json`, called through
/// [`CLAUDE_SUBCOMMANDS`] alone, so that a binary without a Claude Code handler can leave it
/// out (see [`has_claude`]).
#[derive(Clone, Copy)]
pub struct ClaudeSubcommands(fn(Subcommand, &[Entry], &Flags) -> Result<i32, String>);

/// The `--claude` subcommands.
pub const CLAUDE_SUBCOMMANDS: ClaudeSubcommands = ClaudeSubcommands(claude_subcommand);

/// Whether any entry is a Claude-family handler's (Claude Code's or Codex's, whose files have
/// one format), in a constant: `main!` passes [`CLAUDE_SUBCOMMANDS`] to the binary only then,
/// so that a binary without one does not link the settings editor (~45 KiB).
pub const fn has_claude(entries: &[Entry]) -> bool {
    let mut i = 0;
    while i < entries.len() {
        if matches!(
            entries[i].info.host,
            crate::Host::ClaudeCode | crate::Host::Codex
        ) {
            return true;
        }
        i += 1;
    }
    false
}

/// Runs `subcommand --claude`; a binary without Claude Code handlers says so.
fn claude(
    subcommand: Subcommand,
    entries: &[Entry],
    flags: &Flags,
    editor: Option<ClaudeSubcommands>,
) -> Result<i32, String> {
    match editor {
        Some(ClaudeSubcommands(run)) => run(subcommand, entries, flags),
        None => Ok(wrong_host(subcommand.name(), flags.family(), entries)),
    }
}

fn claude_subcommand(
    subcommand: Subcommand,
    entries: &[Entry],
    flags: &Flags,
) -> Result<i32, String> {
    let host = flags.family();
    let handlers = claude_handlers(entries, host);
    // `uninstall` still takes out what an earlier build of the binary installed.
    if handlers.is_empty() && !matches!(subcommand, Subcommand::Uninstall) {
        return Ok(wrong_host(subcommand.name(), host, entries));
    }
    if let Subcommand::PrintConfig = subcommand {
        say(&claude_settings::render(&claude_settings::wanted(
            &handlers,
            &all_handlers(entries),
            &own_command()?,
        )))?;
        return Ok(0);
    }
    let binary = own_path()?;
    let (path, cwd) = claude_target_file(flags)?;
    let command = match (flags.portable, host) {
        // Codex sets no project variable and starts a hook in the session's directory, which
        // may be below the project's root: no relative command reaches the binary from both.
        (true, crate::Host::Codex) => return Err("--portable: Codex gives hooks no project directory (no `CLAUDE_PROJECT_DIR`) and starts them in the session's directory, so no command relative to the project finds the binary from every directory; install without --portable (an absolute path)".to_owned()),
        (true, _) => portable::claude_command(&binary, &cwd)?,
        (false, _) => own_command()?,
    };
    if host == crate::Host::ClaudeCode && !flags.force {
        claude_settings::known_to_installed(&handlers, &cwd)?;
    }
    let wanted = claude_settings::wanted(&handlers, &sharing(entries, flags), &command);
    let own = Own {
        cwd: &cwd,
        binary: &binary,
        format: &CURSOR_FORMAT,
    };
    let file = config_file(flags, path, SETTINGS_LOCK, CLAUDE_LINKED)?;
    // Claude Code's own lock on its settings file; Codex keeps none on hooks.json.
    let file = match host {
        crate::Host::ClaudeCode => file.with_host_lock(SETTINGS_HOST_LOCK),
        _ => file,
    };
    let what = match host {
        crate::Host::Codex => "Codex hook(s)",
        _ => "Claude Code hook(s)",
    };
    if let Subcommand::Uninstall = subcommand {
        return remove_from(&file, what, |text| {
            claude_settings::edit_settings(text, &file.shown, &[], &own)
        });
    }
    let code = write_config(
        &file,
        flags.dry_run,
        what,
        wanted.len(),
        |text| match text {
            Some(text) if !nothing_to_keep(text) => {
                Ok(claude_settings::edit_settings(text, &file.shown, &wanted, &own)?.0)
            }
            _ => Ok(claude_settings::render(&wanted)),
        },
    )?;
    // Codex skips an untrusted hook without a word (`spec/codex/host.json`, `trust`), and the
    // hash covers the command this wrote: say so where the user looks.
    if host == crate::Host::Codex && !flags.dry_run && code == 0 {
        say("Codex runs a hook only once it is trusted: `cursor-hooks doctor --host codex` names each one it would skip and prints the config.toml lines that trust exactly them\n")?;
    }
    Ok(code)
}

fn print_config(
    entries: &[Entry],
    editor: Option<ClaudeSubcommands>,
    args: &[String],
) -> Result<i32, String> {
    let flags = flags(args, &[])?;
    if flags.family() == crate::Host::Copilot {
        return copilot(Subcommand::PrintConfig, entries, &flags);
    }
    if flags.family() != crate::Host::Cursor {
        return claude(Subcommand::PrintConfig, entries, &flags, editor);
    }
    let cursor = cursor_entries(entries);
    if cursor.is_empty() && !entries.is_empty() {
        return Ok(wrong_host("print-config", crate::Host::Cursor, entries));
    }
    say(&render_config(&own_hooks(
        &cursor,
        &all_handlers(entries),
        &own_command()?,
    )))?;
    Ok(0)
}

/// A `hooks.json` holding `hooks`, one event a line and each entry on one line (as people
/// write them, and as `install` then adds beside them):
///
/// ```json
/// {
///   "version": 1,
///   "hooks": {
///     "stop": [{ "command": "/abs/hook", "loop_limit": 3 }]
///   }
/// }
/// ```
fn render_config(hooks: &Map<String, Value>) -> String {
    let events: Vec<String> = hooks
        .iter()
        .map(|(event, list)| format!("    {}: {}", edit::json_string(event), edit::inline(list)))
        .collect();
    if events.is_empty() {
        return "{\n  \"version\": 1,\n  \"hooks\": {}\n}\n".to_owned();
    }
    format!(
        "{{\n  \"version\": 1,\n  \"hooks\": {{\n{}\n  }}\n}}\n",
        events.join(",\n")
    )
}

/// Writes `text` to stdout. A reader that has gone (`hook print-config | head -1`) is not an
/// error: the output is simply not wanted any more.
fn say(text: &str) -> Result<(), String> {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(format!("cannot write to stdout: {e}"))
        }
        _ => Ok(()),
    }
}

/// Writes one line to stderr; a closed stderr is ignored (there is no one left to tell).
fn complain(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// The `hooks.json` to change, and the directory Cursor runs its hooks from (relative
/// commands are taken from there).
fn target_file(flags: &Flags) -> Result<(PathBuf, PathBuf), String> {
    if flags.user {
        let file = crate::launch::user_hooks_file()
            .ok_or("no home directory (HOME, or USERPROFILE on Windows, is not set)")?;
        // `~/.cursor/hooks.json` always has a parent; no panic site (and its file name) in
        // every hook binary for it.
        let dir = file.parent().unwrap_or(Path::new(".")).to_path_buf();
        return Ok((file, dir));
    }
    let project = match &flags.project {
        Some(dir) => dir.clone(),
        None => std::env::current_dir().map_err(|e| e.to_string())?,
    };
    Ok((project.join(".cursor").join("hooks.json"), project))
}

/// What Cursor does with a project `hooks.json` reached through a link (`spec/cursor/host.json`,
/// checked against Cursor's SDK).
const CURSOR_LINKED: &str = "Cursor does not load such a file, so its hooks would never run";

/// Why a linked project `settings.json` is refused for Claude Code.
const CLAUDE_LINKED: &str = "a cloned repository can point it at any file outside the project";

/// The file to change: the user's own is followed through its links (a link into a dotfiles
/// repository is theirs), a project's is refused when reached through one
/// ([`ConfigFile::in_project`]).
fn config_file(
    flags: &Flags,
    path: PathBuf,
    lock_suffix: &'static str,
    linked: &str,
) -> Result<ConfigFile, String> {
    match flags.user {
        true => ConfigFile::new(path, lock_suffix),
        false => ConfigFile::in_project(path, lock_suffix, linked),
    }
}

/// The keys of an entry that `install` sets from the handler's options; the entry's other keys
/// (its `command` first) are the user's.
const MANAGED_KEYS: [&str; 4] = [
    keys::TIMEOUT,
    keys::MATCHER,
    keys::FAIL_CLOSED,
    keys::LOOP_LIMIT,
];

/// Which entries are this binary's: those whose command runs it (see [`runs_this_binary`]).
struct Own<'a> {
    cwd: &'a Path,
    binary: &'a Path,
    /// The file's format: Cursor's `hooks.json` or Copilot's hooks file.
    format: &'static Format,
}

/// A hooks file in the `{"version": 1, "hooks": {event: [entry, ...]}}` shape: Cursor's
/// `hooks.json`, or GitHub Copilot CLI's `.github/hooks/*.json`.
struct Format {
    /// The key of an entry's command.
    command: &'static str,
    /// The keys of an entry that `install` sets from the handler's options; the entry's other
    /// keys (its command first) are the user's.
    managed: &'static [&'static str],
}

/// Cursor's `hooks.json`.
const CURSOR_FORMAT: Format = Format {
    command: keys::COMMAND,
    managed: &MANAGED_KEYS,
};

/// GitHub Copilot CLI's own hooks file.
const COPILOT_FORMAT: Format = Format {
    command: crate::record::COPILOT_COMMAND_KEY,
    managed: &[keys::TYPE, crate::record::COPILOT_TIMEOUT, keys::MATCHER],
};

impl Own<'_> {
    /// The entries of `list` that are not this binary's.
    fn foreign<'v>(&self, list: &'v [Value]) -> Vec<&'v Value> {
        list.iter().filter(|entry| !self.is_own(entry)).collect()
    }

    fn is_own(&self, entry: &Value) -> bool {
        entry
            .get(self.format.command)
            .and_then(Value::as_str)
            .is_some_and(|command| runs_this_binary(command, self.cwd, self.binary))
    }
}

/// The `hooks.json` `text` with this binary's entries made exactly `wanted` (one entry per
/// event; none for `uninstall`), everything else kept byte for byte, `//` comments included.
/// Entries that already run the binary keep their command (a wrapper such as
/// `CURSOR_HOOKS_CAPTURE=... /abs/hook` stays) and their other keys, and get the handler's
/// options; extra copies are removed, since each copy runs the hook once more; event lists
/// that only held this binary's entries go. Returns the new text and how many entries were
/// removed.
fn edit_config(
    text: &str,
    shown: &Path,
    wanted: &Map<String, Value>,
    add_version: bool,
    own: &Own,
) -> Result<(String, usize), String> {
    let left = |why: String| format!("{}: {why}; it was left as it is", shown.display());
    let (document, before) = Document::parse(text).map_err(|e| {
        format!(
            "{} is not valid JSON ({e}); it was left as it is",
            shown.display()
        )
    })?;
    let not_hooks_json = || {
        format!(
            "{} is not a hooks.json object with a `hooks` object; it was left as it is",
            shown.display()
        )
    };
    let Kind::Object(top) = &document.root.kind else {
        return Err(not_hooks_json());
    };
    for key in [keys::VERSION, keys::HOOKS] {
        if top.iter().filter(|member| member.key == key).count() > 1 {
            return Err(left(format!("`{key}` is there twice")));
        }
    }
    let mut edits = Edits::default();
    let mut new_top = Vec::new();
    if add_version && !top.iter().any(|member| member.key == keys::VERSION) {
        new_top.push(Item::Member(keys::VERSION.into(), json!(1)));
    }
    let mut removed = 0;
    match top.iter().find(|member| member.key == keys::HOOKS) {
        None if wanted.is_empty() => {}
        None => new_top.push(Item::Member(
            keys::HOOKS.into(),
            Value::Object(wanted.clone()),
        )),
        Some(hooks) => {
            let Kind::Object(events) = &hooks.value.kind else {
                return Err(not_hooks_json());
            };
            edit::key_twice(events)
                .map_err(|event| left(format!("`hooks` has `{event}` twice")))?;
            if let Some((pointer, key)) = edit::repeated_key(&hooks.value, "/hooks") {
                return Err(left(format!(
                    "`{key}` is there twice in {pointer} (JSON readers keep only the last one; merge the two)"
                )));
            }
            let mut emptied = Vec::new();
            for (index, event) in events.iter().enumerate() {
                let ours = wanted.get(&event.key).and_then(|list| list.get(0));
                let Kind::Array(items) = &event.value.kind else {
                    if ours.is_some() {
                        return Err(left(format!("`{}` is not a list", event.key)));
                    }
                    continue;
                };
                let own_items: Vec<usize> = (0..items.len())
                    .filter(|&i| own.is_own(&document.value(&items[i])))
                    .collect();
                match (ours, own_items.split_first()) {
                    (Some(ours), None) => document.edit_list(
                        &mut edits,
                        &event.value,
                        &[],
                        &[Item::Value(ours.clone())],
                    ),
                    (Some(ours), Some((first, copies))) => {
                        document.update_members(
                            &mut edits,
                            &items[*first],
                            ours,
                            own.format.managed,
                        );
                        document.edit_list(&mut edits, &event.value, copies, &[]);
                        removed += copies.len();
                    }
                    (None, _) if !items.is_empty() && own_items.len() == items.len() => {
                        emptied.push(index);
                        removed += own_items.len();
                    }
                    (None, _) => {
                        document.edit_list(&mut edits, &event.value, &own_items, &[]);
                        removed += own_items.len();
                    }
                }
            }
            let new_events: Vec<Item> = wanted
                .iter()
                .filter(|(event, _)| !events.iter().any(|member| member.key == **event))
                .map(|(event, list)| Item::Member(event.clone(), list.clone()))
                .collect();
            document.edit_list(&mut edits, &hooks.value, &emptied, &new_events);
        }
    }
    document.edit_list(&mut edits, &document.root, &[], &new_top);
    let after = document.apply(edits);
    check_edit(&before, &after, wanted, add_version, own).map_err(|why| {
        left(format!(
            "the text edit went wrong ({why}), a bug: please report the file's layout"
        ))
    })?;
    Ok((after, removed))
}

/// An event's value as a list of entries (a missing event is an empty list); `None` when it is
/// not a list.
fn as_list(list: Option<&Value>) -> Option<&[Value]> {
    match list {
        Some(list) => list.as_array().map(Vec::as_slice),
        None => Some(&[]),
    }
}

/// Checks the edited text against what the edit promises, so that a layout the text editing
/// did not foresee can never cost an entry: every key but `hooks` (and a `version` added) as
/// before, every event's foreign entries the same and in the same order, and the binary's own
/// entries exactly `wanted`.
fn check_edit(
    before: &Value,
    after: &str,
    wanted: &Map<String, Value>,
    add_version: bool,
    own: &Own,
) -> Result<(), String> {
    let after =
        edit::parse_value(after).map_err(|e| format!("the edit would not be valid JSON ({e})"))?;
    let (Some(before), Some(after)) = (before.as_object(), after.as_object()) else {
        return Err("the edit would not be an object".to_owned());
    };
    for key in before.keys().chain(after.keys()) {
        let added_version = key == keys::VERSION && add_version && !before.contains_key(key);
        if key != keys::HOOKS && !added_version && before.get(key) != after.get(key) {
            return Err(format!("the edit would change `{key}`"));
        }
    }
    let hooks =
        |config: &Map<String, Value>| config.get(keys::HOOKS).and_then(Value::as_object).cloned();
    let (before, after) = (hooks(before), hooks(after));
    let (before, after) = (before.as_ref(), after.as_ref());
    let event_names = before.into_iter().chain(after).flat_map(Map::keys);
    for event in event_names.chain(wanted.keys()) {
        let changed = || Err(format!("the edit would change `{event}` wrongly"));
        let (old, new) = (
            before.and_then(|hooks| hooks.get(event)),
            after.and_then(|hooks| hooks.get(event)),
        );
        let (Some(old_list), Some(new_list)) = (as_list(old), as_list(new)) else {
            if old != new || wanted.contains_key(event) {
                return changed();
            }
            continue;
        };
        let mut mine = new_list.iter().filter(|e| own.is_own(e));
        let right = match wanted.get(event).and_then(|list| list.get(0)) {
            Some(ours) => mine.next().is_some_and(|entry| {
                own.format
                    .managed
                    .iter()
                    .all(|k| entry.get(k) == ours.get(k))
            }),
            None => true,
        };
        if !right || mine.next().is_some() || own.foreign(old_list) != own.foreign(new_list) {
            return changed();
        }
    }
    Ok(())
}

fn install(
    entries: &[Entry],
    editor: Option<ClaudeSubcommands>,
    args: &[String],
) -> Result<i32, String> {
    let flags = flags(
        args,
        &["--project", "--user", "--dry-run", "--portable", "--force"],
    )?;
    if flags.family() == crate::Host::Copilot {
        return copilot(Subcommand::Install, entries, &flags);
    }
    if flags.family() != crate::Host::Cursor {
        return claude(Subcommand::Install, entries, &flags, editor);
    }
    let binary = own_path()?;
    let cursor = cursor_entries(entries);
    if cursor.is_empty() && !entries.is_empty() {
        return Ok(wrong_host("install", crate::Host::Cursor, entries));
    }
    let (path, cwd) = target_file(&flags)?;
    let command = match flags.portable {
        true => portable::cursor_command(&binary, &cwd)?,
        false => own_command()?,
    };
    let own = Own {
        cwd: &cwd,
        binary: &binary,
        format: &CURSOR_FORMAT,
    };
    let wanted = own_hooks(&cursor, &sharing(entries, &flags), &command);
    if let Some(event) = wanted
        .keys()
        .find(|event| !crate::respond::is_known_event(event))
    {
        // One unknown event name makes Cursor ignore the whole file.
        return Err(format!(
            "refusing to write `{event}`: Cursor has no such event"
        ));
    }
    let file = config_file(&flags, path, HOOKS_JSON_LOCK, CURSOR_LINKED)?;
    write_config(&file, flags.dry_run, "hook(s)", cursor.len(), |text| {
        let after = match text {
            Some(text) if !nothing_to_keep(text) => {
                edit_config(text, &file.shown, &wanted, true, &own)?.0
            }
            _ => render_config(&wanted),
        };
        no_slashes_in_strings(&after, &file.shown)?;
        Ok(after)
    })
}

/// The name of the hooks file `install --copilot` writes in Copilot's folders: one for every
/// binary of this project, each entry told from others' by the binary its command runs.
const COPILOT_FILE: &str = "cursor-hooks.json";

/// Why a linked project hooks file is refused for Copilot.
const COPILOT_LINKED: &str = "a cloned repository can point it at any file outside the project";

/// `print-config`, `install` and `uninstall` with `--copilot`: GitHub Copilot CLI's own hooks
/// file, in the shape of Cursor's `hooks.json` (its command under `bash`), edited the same way,
/// so the user's entries and layout stay byte for byte. Each command is wired (`--host copilot
/// --event NAME`): Copilot's payloads name no event, so the wiring is what picks the handler.
fn copilot(subcommand: Subcommand, entries: &[Entry], flags: &Flags) -> Result<i32, String> {
    let handlers: Vec<&Entry> = entries
        .iter()
        .filter(|entry| entry.host() == crate::Host::Copilot)
        .collect();
    // `uninstall` still takes out what an earlier build of the binary installed.
    if handlers.is_empty() && !matches!(subcommand, Subcommand::Uninstall) {
        return Ok(wrong_host(subcommand.name(), crate::Host::Copilot, entries));
    }
    let all = all_handlers(entries);
    let wanted = |command: &str| -> Map<String, Value> {
        handlers
            .iter()
            .map(|entry| {
                let object = crate::record::Handler::from(*entry).copilot_entry(command, &all);
                (
                    entry.event().to_owned(),
                    Value::Array(vec![Value::Object(object)]),
                )
            })
            .collect()
    };
    if let Subcommand::PrintConfig = subcommand {
        say(&render_config(&wanted(&own_command()?)))?;
        return Ok(0);
    }
    let binary = own_path()?;
    let (path, cwd) = copilot_target_file(flags)?;
    let own = Own {
        cwd: &cwd,
        binary: &binary,
        format: &COPILOT_FORMAT,
    };
    let file = config_file(flags, path, HOOKS_JSON_LOCK, COPILOT_LINKED)?;
    let what = "Copilot hook(s)";
    if let Subcommand::Uninstall = subcommand {
        return remove_from(&file, what, |text| {
            edit_config(text, &file.shown, &Map::new(), false, &own)
        });
    }
    // Copilot runs a project's hooks from its root (`spec/copilot/host.json`, `execution`).
    let command = match flags.portable {
        true => portable::cursor_command(&binary, &cwd)?,
        false => own_command()?,
    };
    let wanted = wanted(&command);
    let code = write_config(&file, flags.dry_run, what, handlers.len(), |text| {
        Ok(match text {
            Some(text) if !nothing_to_keep(text) => {
                edit_config(text, &file.shown, &wanted, true, &own)?.0
            }
            _ => render_config(&wanted),
        })
    })?;
    // Copilot skips a project's hooks in a folder it has not trusted, without a word
    // (`spec/copilot/host.json`, `trust`): say so where the user looks.
    if !flags.user && !flags.dry_run && code == 0 {
        say("Copilot runs a project's hooks only in a folder it trusts: answer its trust prompt, or start it with `--trust-folder`\n")?;
    }
    Ok(code)
}

/// Copilot's hooks file to change, and the directory its commands run from: the project's
/// `.github/hooks/cursor-hooks.json` (found as for `hooks.json`), or with `--user`
/// `~/.copilot/hooks/cursor-hooks.json`.
fn copilot_target_file(flags: &Flags) -> Result<(PathBuf, PathBuf), String> {
    if flags.user {
        let dir = crate::launch::user_copilot_hooks_dir()
            .ok_or("no home directory (HOME, or USERPROFILE on Windows, is not set)")?;
        return Ok((dir.join(COPILOT_FILE), dir));
    }
    let (_, project) = target_file(flags)?;
    Ok((
        project.join(".github").join("hooks").join(COPILOT_FILE),
        project,
    ))
}

/// Refuses a `hooks.json` text with `//` inside a string: Cursor would load none of it.
fn no_slashes_in_strings(text: &str, shown: &Path) -> Result<(), String> {
    let lines = edit::slashes_in_strings(text);
    if lines.is_empty() {
        return Ok(());
    }
    let lines: Vec<String> = lines.iter().map(usize::to_string).collect();
    Err(format!(
        "{}: `//` inside a string on line(s) {}: Cursor deletes everything from `//` to the end of a line of hooks.json before parsing it, even inside strings, so it would load none of the file; it was left as it is (move such a command into a script)",
        shown.display(),
        lines.join(", ")
    ))
}

/// Claude Code's `settings.json` to change, and the directory relative commands are taken from:
/// the project's (Claude Code runs hooks there), found as for `hooks.json`; with `--user` the
/// user's settings, whose commands are taken from the directory they are in.
fn claude_target_file(flags: &Flags) -> Result<(PathBuf, PathBuf), String> {
    if flags.family() == crate::Host::Codex {
        return codex_target_file(flags);
    }
    if flags.user {
        let file = crate::launch::user_claude_settings().ok_or(
            "no home directory (HOME, or USERPROFILE on Windows, is not set, nor CLAUDE_CONFIG_DIR)",
        )?;
        let dir = file.parent().unwrap_or(Path::new(".")).to_path_buf();
        return Ok((file, dir));
    }
    let (_, project) = target_file(flags)?;
    Ok((project.join(".claude").join("settings.json"), project))
}

/// Codex's `hooks.json` to change (`spec/codex/host.json`, `config_sources`): the project's
/// `.codex/hooks.json`, or with `--user` `$CODEX_HOME/hooks.json` (`~/.codex/hooks.json`).
/// Codex starts a hook in the session's directory, so relative commands are taken from the
/// project.
fn codex_target_file(flags: &Flags) -> Result<(PathBuf, PathBuf), String> {
    if flags.user {
        let home = crate::launch::user_codex_dir().ok_or(
            "no home directory (HOME, or USERPROFILE on Windows, is not set, nor CODEX_HOME)",
        )?;
        return Ok((home.join("hooks.json"), home));
    }
    let (_, project) = target_file(flags)?;
    Ok((project.join(".codex").join("hooks.json"), project))
}

/// Writes what `edit` makes of `file`'s text (`None`: no file) under the file's lock, or prints
/// it with `dry_run`; an unchanged text is not written. Says how many `what` it installed.
fn write_config(
    file: &ConfigFile,
    dry_run: bool,
    what: &str,
    count: usize,
    edit: impl FnOnce(Option<&str>) -> Result<String, String>,
) -> Result<i32, String> {
    let lock = match dry_run {
        true => None,
        false => Some(file.lock(true)?),
    };
    let before = file.read()?;
    let after = edit(before.as_deref())?;
    let Some(lock) = lock else {
        say(&after)?;
        return Ok(0);
    };
    if before.as_deref() != Some(after.as_str()) {
        file.replace(&after, &lock)?;
    }
    drop(lock);
    // Where the binary is, which a user otherwise has to guess
    // (`CARGO_TARGET_DIR`, a workspace's `target/`).
    say(&format!(
        "installed {count} {what} in {}, running {}\n",
        file.shown.display(),
        edit::collapse_slashes(&own_path()?).display()
    ))?;
    Ok(0)
}

/// Whether `text` is empty or an empty object, which `install` may write whole (pretty, one key
/// a line) rather than edit.
fn nothing_to_keep(text: &str) -> bool {
    let rest: Vec<u8> = text.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    rest.is_empty() || rest == b"{}"
}

fn uninstall(
    entries: &[Entry],
    editor: Option<ClaudeSubcommands>,
    args: &[String],
) -> Result<i32, String> {
    let flags = flags(args, &["--project", "--user"])?;
    if flags.family() == crate::Host::Copilot {
        return copilot(Subcommand::Uninstall, entries, &flags);
    }
    if flags.family() != crate::Host::Cursor {
        return claude(Subcommand::Uninstall, entries, &flags, editor);
    }
    let binary = own_path()?;
    let (path, cwd) = target_file(&flags)?;
    let own = Own {
        cwd: &cwd,
        binary: &binary,
        format: &CURSOR_FORMAT,
    };
    let file = config_file(&flags, path, HOOKS_JSON_LOCK, CURSOR_LINKED)?;
    remove_from(&file, "hook(s)", |text| {
        edit_config(text, &file.shown, &Map::new(), false, &own)
    })
}

/// Writes what `edit` makes of `file`'s text under the file's lock when it removed something
/// (`edit` returns the text and how many `what` it removed), and says how many.
fn remove_from(
    file: &ConfigFile,
    what: &str,
    edit: impl FnOnce(&str) -> Result<(String, usize), String>,
) -> Result<i32, String> {
    let nothing = || {
        say(&format!(
            "nothing to remove: {} does not exist\n",
            file.shown.display()
        ))
        .map(|()| 0)
    };
    if !file.directory_exists() {
        return nothing();
    }
    let lock = file.lock(false)?;
    let Some(text) = file.read()? else {
        return nothing();
    };
    let (after, removed) = edit(&text)?;
    // What `install` writes into a new file, emptied: the file held nothing of the user's, so
    // it goes, as `install` made it (a linked file is the user's and stays).
    let deleted = removed > 0 && holds_nothing(&after) && !file.is_link();
    if deleted {
        file.remove(&lock)?;
    } else if removed > 0 {
        file.replace(&after, &lock)?;
    }
    drop(lock);
    let mut said = format!("removed {removed} {what} from {}", file.shown.display());
    if deleted {
        said.push_str(", which held nothing else and was deleted");
        // Its folder too when nothing is left in it (`install` made it for the file).
        if file.remove_empty_directory() {
            said.push_str(" with its empty folder");
        }
    }
    say(&format!("{said}\n"))?;
    Ok(0)
}

/// Whether `text` holds nothing but what `install` writes into a new file once its entries are
/// gone: `{}`, `{"hooks": {}}`, or `{"version": 1, "hooks": {}}`, whatever the blanks (a
/// comment, any other key or value makes it the user's).
fn holds_nothing(text: &str) -> bool {
    let bare: String = text.chars().filter(|c| !c.is_ascii_whitespace()).collect();
    ["{}", r#"{"hooks":{}}"#, r#"{"version":1,"hooks":{}}"#].contains(&bare.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_empty_file_or_object_is_written_whole() {
        for empty in ["", " \n", "{}", "{ }\n", "\n{\n}\n"] {
            assert!(nothing_to_keep(empty), "{empty:?}");
        }
        for kept in ["// mine\n{}", "{\"version\": 1}", "{}}", "[]"] {
            assert!(!nothing_to_keep(kept), "{kept:?}");
        }
    }

    #[test]
    fn only_what_install_writes_counts_as_nothing_left() {
        for empty in [
            "{}",
            "{\n  \"hooks\": {}\n}\n",
            "{\n  \"version\": 1,\n  \"hooks\": {\n  }\n}\n",
        ] {
            assert!(holds_nothing(empty), "{empty:?}");
        }
        for kept in [
            "// mine\n{}",
            r#"{"version":1,"hooks":{},"x":1}"#,
            r#"{"version":2,"hooks":{}}"#,
            r#"{"hooks":{"stop":[]}}"#,
            r#"{"permissions":{}}"#,
        ] {
            assert!(!holds_nothing(kept), "{kept:?}");
        }
    }

    #[test]
    fn portable_commands_are_found_as_this_binary_s() {
        let project = std::env::temp_dir().join(format!("own-portable-{}", std::process::id()));
        std::fs::create_dir_all(project.join("tools")).unwrap();
        let own = project.join("tools/hook");
        std::fs::write(&own, "").unwrap();
        for command in [
            "./tools/hook --host cursor --event stop",
            "\"$CLAUDE_PROJECT_DIR\"/tools/hook --host claude-code --event Stop",
            "& \"$env:CLAUDE_PROJECT_DIR/tools/hook\" --host claude-code --event Stop",
        ] {
            assert!(runs_this_binary(command, &project, &own), "{command}");
        }
        assert!(!runs_this_binary("./tools/other", &project, &own));
        std::fs::remove_dir_all(&project).unwrap();
    }

    #[test]
    fn suggests_the_closest_subcommand() {
        let closest = |word| crate::cursor::spec::closest(word, SUBCOMMANDS.iter().copied());
        assert_eq!(closest("instal"), Some("install"));
        assert_eq!(closest("print-confg"), Some("print-config"));
        assert_eq!(closest("doctor"), None);
    }
}
