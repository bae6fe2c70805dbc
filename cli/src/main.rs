//! `cursor-hooks`: see and test what Cursor and Claude Code will really run.
//!
//! `doctor` checks every hooks configuration Cursor reads for a project; `simulate` runs a
//! payload through all of them as Cursor would and prints the merged decision; `replay` runs
//! a capture file through a hook binary again; `new` writes a hook crate; `events` prints the
//! event table; `schema` writes the JSON Schemas of the editors' hook files and answers;
//! `package` writes a plugin folder every editor loads; `verify` runs the installed editor for
//! one turn against a model mock and reports which hooks fired.

// First: its `println!` replaces std's in every module below, so no subcommand
// panics when its reader closes the pipe (`cursor-hooks doctor | head -1`).
#[macro_use]
mod out;

mod child;
mod claude;
mod codex;
mod copilot;
mod doctor;
mod events;
mod findings;
mod host;
mod package;
mod parse;
mod replay;
mod run_dir;
mod safe_read;
mod safe_write;
mod scaffold;
mod schema;
mod side_by_side;
mod simulate;
mod sources;
mod verify;

use clap::{Parser, Subcommand};
use std::path::PathBuf;

#[derive(Parser)]
#[command(
    name = "cursor-hooks",
    version,
    about = "See and test what Cursor and Claude Code will really run for their agent hooks"
)]
struct Cli {
    #[command(subcommand)]
    command: Commands,
}

#[derive(Subcommand)]
enum Commands {
    /// Check every hooks configuration Cursor (or, with `--host`, Claude Code) reads for a project
    /// (exit 1 on any error).
    Doctor {
        /// The project (default: the current directory).
        #[arg(long)]
        project: Option<PathBuf>,
        /// A plugin folder whose hooks the editor loads (as the Cursor CLI's `agent --plugin-dir`,
        /// `cursor-agent --plugin-dir` under its older name, or `claude --plugin-dir`).
        #[arg(long = "plugin-dir")]
        plugin_dirs: Vec<PathBuf>,
        /// A settings file Claude Code is given (as `claude --settings FILE`); with `--host
        /// claude-code` or `both`.
        #[arg(long)]
        settings: Option<PathBuf>,
        /// Print the report as one JSON object: the findings, the files read, and the counts of
        /// errors, warnings and notes.
        #[arg(long)]
        json: bool,
        /// Whose configuration to check: what Cursor loads, what Claude Code loads, or both and
        /// where they meet.
        #[arg(long, value_enum, default_value = "cursor")]
        host: parse::Host,
    },
    /// Run every hook wired for a payload's event, for real, and print Cursor's decision
    /// (Claude Code's with `--host claude-code`, OpenAI Codex CLI's with `--host codex`,
    /// GitHub Copilot CLI's in `copilot -p` with `--host copilot`).
    ///
    /// This runs every command wired for the event, for real, with its side effects: the
    /// hooks of a project you just cloned too. Read them first (`cursor-hooks doctor` lists
    /// them). `--json` lists every hook wired for the event as `ran`, `skipped` (its matcher
    /// did not match), `not_loaded` (the editor ignores its file), `not_trusted` (Codex's hook
    /// trust skips it), `not_reached` (an earlier Copilot hook denied the call) or `never_ran`
    /// (it could not be started; the outcome then says so, unless Claude Code's
    /// `onFailure: "block"` blocks on it), with the payload sent. A relative path is taken
    /// from the current directory, as the editor takes it.
    Simulate(simulate::Args),
    /// Run each captured payload through a hook binary again; exit 1 when an answer changed, 2 on
    /// an error (a hook that cannot start or does not end within `--timeout`).
    Replay {
        /// A capture file (`CURSOR_HOOKS_CAPTURE`) or one payload per line.
        captures: PathBuf,
        /// Seconds each run of the hook may take before it is killed and the replay fails
        /// (default: Cursor's default hook timeout).
        #[arg(long)]
        timeout: Option<f64>,
        /// The hook binary and its arguments.
        #[arg(last = true, required = true)]
        hook: Vec<String>,
    },
    /// Write a new hook crate: a library with a Cursor and a Claude Code handler, the binary
    /// for both editors, tests that pass as written, and the recommended release profile.
    New {
        /// The crate's name.
        name: String,
        /// A checkout of cursor-hooks to depend on: the repository or its `runtime/` folder
        /// (default: the checkout this tool was built from).
        #[arg(long)]
        path: Option<PathBuf>,
    },
    /// Write JSON Schemas (draft 2020-12) of Cursor's `hooks.json`, Claude Code's `hooks`
    /// settings, Copilot's hooks files, the plugin hooks files, and each event's input and
    /// answer, Codex's (under `codex/`, its binary's own) included.
    ///
    /// Point the editor at them from its settings (VS Code: `json.schemas`), never with a
    /// `$schema` URL inside `.cursor/hooks.json`: Cursor cuts every `//` out of that file before
    /// parsing it, and a URL there voids the whole file.
    Schema {
        /// The folder to write them to (created when missing).
        #[arg(long)]
        out: PathBuf,
    },
    /// Write one plugin folder that Cursor, Claude Code, Copilot and Codex all load, wiring what
    /// the hook binaries declare, with a binary for each platform given (and list it in a team
    /// marketplace with `--marketplace`).
    ///
    /// Nothing is run: each binary's handlers are read from its file, its platform from its
    /// header. Cursor gets a Cursor-format hooks file (`.cursor-plugin/plugin.json` points at
    /// it), Claude Code its own `hooks/hooks.json`, Copilot `hooks/hooks-copilot.json` (named by
    /// `plugin.json`), Codex `hooks/hooks-codex.json` (named by `.codex-plugin/plugin.json`;
    /// Codex runs a plugin's hooks once they are trusted); all start `bin/NAME`, a small `sh`
    /// launcher on macOS and Linux (the binary itself when it is the one binary given) and
    /// `NAME.exe` itself on Windows. Test the folder with
    /// `claude --plugin-dir DIR` or `agent --plugin-dir DIR`, and check it with
    /// `cursor-hooks doctor --plugin-dir DIR`.
    Package(package::Args),
    /// Prove the hooks fire in the editor you have installed (Claude Code, or with `--host`
    /// OpenAI Codex CLI or GitHub Copilot CLI): run it for one turn in the project, against a
    /// model mock on 127.0.0.1, and report which hooks ran, what each answered, and what the
    /// editor then did (exit 1 when the run failed or the project changed, 2 when the editor
    /// is missing).
    ///
    /// The turn asks for one harmless shell call (`printf` of a fixed word; with `--command`,
    /// the pattern as a single-quoted argument of the shell's no-op `:`, which a guard sees and
    /// nothing runs). The editor gets a scratch home seeded with copies of your settings, so
    /// its own state is never written; on Linux the run is inside a network namespace with only
    /// loopback (`unshare`), elsewhere it relies on the editor's offline switches and says so.
    /// Codex runs in `codex app-server` (whose hook notifications `codex exec --json` does
    /// not print) with your hooks.json and trust copied; Copilot runs `copilot -p` without
    /// `--trust-folder`, so an untrusted folder's hooks show as skipped.
    Verify {
        /// The project (default: the current directory).
        #[arg(long)]
        project: Option<PathBuf>,
        /// A dangerous-looking command to hand the guards (it is never run): does a guard decide?
        #[arg(long)]
        command: Option<String>,
        /// Print the report as one JSON object.
        #[arg(long)]
        json: bool,
        /// The editor to run: Claude Code (`claude`), OpenAI Codex CLI (`codex`) or GitHub
        /// Copilot CLI (`copilot`), found on PATH.
        #[arg(long, value_enum, default_value = "claude-code")]
        host: verify::Editor,
    },
    /// Print the event table (Cursor's, or with `--host`, Claude Code's or Codex's).
    Events {
        /// Whose events: Cursor's, Claude Code's, Codex's, or every host's.
        #[arg(long, value_enum, default_value = "cursor")]
        host: parse::Host,
    },
}

fn main() {
    let cli = Cli::parse();
    let code = match cli.command {
        Commands::Doctor {
            project,
            plugin_dirs,
            settings,
            json,
            host,
        } => {
            if settings.is_some()
                && matches!(
                    host,
                    parse::Host::Cursor | parse::Host::Codex | parse::Host::Copilot
                )
            {
                Err("--settings is Claude Code's: add --host claude-code (or all)".to_owned())
            } else {
                sources::Locations::new(project, plugin_dirs)
                    .and_then(|l| l.with_settings(settings))
                    .map(|l| doctor::run(&l, host, json))
            }
        }
        Commands::Simulate(args) if args.concept.is_some() => {
            simulate::run(args, side_by_side::run)
        }
        Commands::Simulate(args) => {
            let simulator = args.host.simulator();
            simulate::run(args, simulator)
        }
        Commands::Replay {
            captures,
            timeout,
            hook,
        } => {
            let seconds = timeout.unwrap_or(host::host().defaults.timeout_seconds);
            match std::time::Duration::try_from_secs_f64(seconds) {
                Ok(timeout) if seconds > 0.0 => replay::run(&captures, &hook, timeout),
                // A mistake in the arguments: exit 2, as for any other.
                _ => {
                    eprintln!(
                        "cursor-hooks: --timeout {seconds}: not a number of seconds above 0 and below {:e}",
                        u64::MAX as f64
                    );
                    Ok(2)
                }
            }
        }
        Commands::New { name, path } => scaffold::run(&name, path.as_deref()),
        Commands::Schema { out } => schema::run(&out),
        Commands::Package(args) => package::run(&args),
        Commands::Events { host } => events::print(host),
        Commands::Verify {
            project,
            command,
            json,
            host,
        } => verify::run(project, command.as_deref(), json, host),
    };
    std::process::exit(code.unwrap_or_else(|error| {
        eprintln!("cursor-hooks: {error}");
        1
    }));
}
