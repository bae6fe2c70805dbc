//! `cursor-hooks package --out DIR HOOK_BINARY...`: one plugin folder that Cursor, Claude
//! Code, GitHub Copilot CLI and OpenAI Codex CLI all load, wiring exactly what the binaries'
//! handler record declares (read from the files, never by running them), with a binary for each
//! platform given.
//!
//! ```text
//! DIR/
//!   .cursor-plugin/plugin.json    Cursor's manifest: "hooks": "./hooks/hooks-cursor.json"
//!   .claude-plugin/plugin.json    Claude Code's manifest (hooks at the default path)
//!   plugin.json                   Copilot's manifest: "hooks": "hooks/hooks-copilot.json"
//!   .codex-plugin/plugin.json     Codex's manifest: "hooks": "./hooks/hooks-codex.json"
//!   hooks/hooks-cursor.json       Cursor's format: the binary's Cursor handlers
//!   hooks/hooks.json              Claude Code's format: the binary's Claude Code handlers
//!   hooks/hooks-copilot.json      Copilot's format: the binary's Copilot handlers
//!   hooks/hooks-codex.json        Codex's format: the binary's Codex handlers
//!   bin/NAME                      POSIX sh launcher: runs bin/<os>-<arch>/NAME for this machine
//!   bin/NAME.exe                  the Windows binary itself (no launcher on Windows)
//!   bin/NAME.cmd                  only without a Windows binary: says so, exit 1
//!   bin/linux-x86_64/NAME ...     the Unix binaries
//! ```
//!
//! Given one Unix binary and nothing else, `bin/NAME` is that binary itself, with no launcher
//! and no `bin/<os>-<arch>/` folder: the shell an editor starts the command with then `exec`s the
//! hook, with no second `sh` start (the launcher's whole cost, BENCHMARKS.md). There is no other
//! platform to choose among, so nothing is lost but the launcher's message on a machine the plugin
//! has no binary for (the shell's "cannot execute binary file" instead, and the hook fails to
//! start either way).
//!
//! One file per editor, not one Claude-format file for both: Cursor reads
//! `.cursor-plugin/plugin.json` first (and never the Claude file then), while a Claude-format
//! file that Cursor translates loses `failClosed` (every imported hook fails open), `loop_limit`
//! (imported hooks get `null`: no limit), every Cursor-only event (no Claude event maps to
//! `beforeShellExecution`, `beforeReadFile`, ...), and Claude events Cursor has no equivalent
//! for, with their matchers (`spec/cursor/host.json` `plugins.claude_translation`).
//! Copilot reads its own `plugin.json` at the root before `.claude-plugin/plugin.json`, and
//! then only the file it names (`spec/copilot/host.json`, `plugins`): it names Copilot's own
//! file when the binary has Copilot handlers, else Claude Code's, which Copilot runs by its own
//! rules (the payload Copilot sends that file is what the Claude Code handlers read).
//! Codex reads `.codex-plugin/plugin.json` before `.claude-plugin/plugin.json`, and a `hooks`
//! there replaces the default `hooks/hooks.json` (`spec/codex/host.json`, `plugins`): it names
//! Codex's own file when the binary has Codex handlers, else Claude Code's, which Codex would
//! run without the manifest too.
//!
//! Cursor and Claude Code get the command `"${ROOT}/bin/NAME" --host H --event E`. On macOS and Linux
//! the shell runs the `sh` launcher. On Windows Cursor runs the command through PowerShell, which
//! looks for `NAME` with `.ps1` and then each `PATHEXT` extension before the bare name, so it
//! starts `NAME.exe` directly; under Git Bash (Claude Code's shell on Windows) `sh` runs the
//! launcher, which starts `NAME.exe`. Copilot gets the launcher under `bash`, through
//! `$COPILOT_PLUGIN_ROOT`, and with a Windows binary `NAME.exe` under `powershell`. Codex gets
//! `"${PLUGIN_ROOT}/bin/NAME" --host codex --event E`: it substitutes `${PLUGIN_ROOT}` (its
//! cached copy of the plugin) before the shell runs the command, and its trust hash is of the
//! command as written (`spec/codex/host.json`, `plugins`).

mod marketplace;
mod platform;

use crate::safe_write::Tree;
use cursor_hooks::record::Handler;
use platform::{Arch, Os, Platform};
use serde_json::{json, Map, Value};
use std::path::{Path, PathBuf};

/// `cursor-hooks package`'s arguments.
#[derive(clap::Args)]
pub struct Args {
    /// The plugin folder to write (created when missing). In an existing one the manifests and
    /// hooks files keep their other keys (`skills`, `mcpServers`, Claude Code's `modules`), and
    /// `bin/` is replaced whole.
    #[arg(long)]
    out: PathBuf,
    /// The plugin's name (default: the binary's file name, in lower case).
    #[arg(long)]
    name: Option<String>,
    /// The plugin's version (default: 0.1.0; the binary records no crate version).
    #[arg(long)]
    version: Option<String>,
    /// The plugin's description.
    #[arg(long)]
    description: Option<String>,
    /// Also list the plugin in a team marketplace: a folder (where `.cursor-plugin/` and
    /// `.claude-plugin/` hold each editor's `marketplace.json`, which Codex reads too unless the
    /// folder has Codex's own `.agents/plugins/marketplace.json`, then updated as well), or one
    /// of those files (Codex's is then written even when new). The plugin folder must be inside
    /// it. Other plugins and keys are kept.
    #[arg(long)]
    marketplace: Option<PathBuf>,
    /// The hook binaries: one build of the same hooks per platform (Linux, macOS, Windows;
    /// x86_64 or aarch64), each recognised by its file header.
    #[arg(required = true)]
    binaries: Vec<PathBuf>,
}

/// What both manifests say about the plugin.
pub struct Manifest {
    /// `name`.
    pub name: String,
    /// `version`.
    pub version: String,
    /// `description`.
    pub description: String,
}

/// One binary to carry.
struct Binary {
    path: PathBuf,
    platform: Platform,
    bytes: Vec<u8>,
}

/// The most a hook binary may weigh: they are a few MiB.
const BINARY_LIMIT: u64 = 1 << 30;

/// Where each editor's hooks file lives in the plugin, from its root.
const CURSOR_HOOKS_FILE: &str = "hooks/hooks-cursor.json";
const CLAUDE_HOOKS_FILE: &str = "hooks/hooks.json";
const COPILOT_HOOKS_FILE: &str = "hooks/hooks-copilot.json";
const CODEX_HOOKS_FILE: &str = "hooks/hooks-codex.json";

/// Where each editor's manifest lives in the plugin, from its root.
const CURSOR_MANIFEST: &str = ".cursor-plugin/plugin.json";
const CLAUDE_MANIFEST: &str = ".claude-plugin/plugin.json";
const COPILOT_MANIFEST: &str = "plugin.json";
const CODEX_MANIFEST: &str = ".codex-plugin/plugin.json";

/// Writes the plugin, and the marketplace files when asked; says what it wrote.
pub fn run(args: &Args) -> Result<i32, String> {
    let (binaries, handlers) = read_binaries(&args.binaries)?;
    let stem = binary_name(&args.binaries[0])?;
    let manifest = Manifest {
        name: match &args.name {
            Some(name) => name.clone(),
            None => kebab(&stem),
        },
        version: args.version.clone().unwrap_or_else(|| "0.1.0".to_owned()),
        description: args
            .description
            .clone()
            .unwrap_or_else(|| format!("The {stem} hooks (packaged by cursor-hooks)")),
    };
    check_manifest(&manifest)?;
    write_plugin(&args.out, &stem, &manifest, &binaries, &handlers)?;
    let platforms: Vec<String> = binaries.iter().map(|b| b.platform.to_string()).collect();
    let start = if sole_unix_binary(&binaries).is_some() {
        format!("; bin/{stem} is the binary itself, with no launcher")
    } else {
        String::new()
    };
    println!(
        "wrote the plugin {} {} to {} ({} handler(s); binaries: {}{start})",
        manifest.name,
        manifest.version,
        args.out.display(),
        handlers.len(),
        platforms.join(", ")
    );
    if let Some(target) = &args.marketplace {
        let (root, codex) = marketplace::root_of(target)?;
        for file in marketplace::write(&root, &args.out, &manifest, codex)? {
            println!("listed {} in {}", manifest.name, file.display());
        }
    }
    Ok(0)
}

/// Each binary's bytes and platform, and the handler record they all carry.
fn read_binaries(paths: &[PathBuf]) -> Result<(Vec<Binary>, Vec<Handler>), String> {
    let mut binaries: Vec<Binary> = Vec::new();
    let mut record: Option<(PathBuf, Vec<Handler>)> = None;
    for path in paths {
        let handlers = crate::safe_read::handler_record(path)?.ok_or_else(|| {
            format!(
                "{}: not a cursor-hooks hook binary (it carries no handler record), so there is nothing to wire; package takes binaries built with `cursor_hooks::main!`",
                path.display()
            )
        })?;
        match &record {
            None => record = Some((path.clone(), handlers)),
            Some((first, expected)) if *expected != handlers => {
                return Err(format!(
                    "{} and {} declare different handlers ({} vs {}): a plugin wires one set of hooks, so give builds of the same source for each platform",
                    first.display(),
                    path.display(),
                    summary(expected),
                    summary(&handlers)
                ));
            }
            Some(_) => {}
        }
        let bytes = crate::safe_read::read_or_say(path, BINARY_LIMIT)?;
        let head = &bytes[..bytes.len().min(4096)];
        let platform =
            platform::detect(head).map_err(|why| format!("{}: {why}", path.display()))?;
        if let Some(twin) = binaries.iter().find(|b| b.platform == platform) {
            return Err(format!(
                "{} and {} are both {platform} binaries: give one per platform",
                twin.path.display(),
                path.display()
            ));
        }
        if platform.os == Os::Windows {
            if let Some(other) = binaries.iter().find(|b| b.platform.os == Os::Windows) {
                return Err(format!(
                    "{} and {} are both Windows binaries: a plugin carries one (Windows starts `NAME.exe` itself, with no launcher to choose; Windows 11 on Arm runs x86_64 binaries)",
                    other.path.display(),
                    path.display()
                ));
            }
        }
        binaries.push(Binary {
            path: path.clone(),
            platform,
            bytes,
        });
    }
    let handlers = record.map(|(_, h)| h).unwrap_or_default();
    Ok((binaries, handlers))
}

/// `event/handler` of each handler, for an error.
fn summary(handlers: &[Handler]) -> String {
    let names: Vec<String> = handlers
        .iter()
        .map(|h| format!("{}/{}", h.event, h.handler))
        .collect();
    format!("[{}]", names.join(", "))
}

/// The binary's file name without `.exe`: the name its launcher gets in the plugin.
fn binary_name(path: &Path) -> Result<String, String> {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| format!("{}: not a file name in UTF-8", path.display()))?;
    let stem = name.strip_suffix(".exe").unwrap_or(name);
    // It goes into an unquoted `sh` word and a command line: plain characters only.
    if stem.is_empty()
        || !stem
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._-".contains(c))
    {
        return Err(format!(
            "{}: rename the binary to letters, digits and `._-` only (its name becomes the plugin's command)",
            path.display()
        ));
    }
    Ok(stem.to_owned())
}

/// `text` in the form both editors accept for a plugin name: lower case, `-` for anything
/// else, no `-` or `.` at either end.
pub fn kebab(text: &str) -> String {
    let lower: String = text
        .chars()
        .map(|c| match c.to_ascii_lowercase() {
            c @ ('a'..='z' | '0'..='9' | '.' | '-') => c,
            _ => '-',
        })
        .collect();
    lower.trim_matches(|c| c == '-' || c == '.').to_owned()
}

/// The manifest's values pass Cursor's published schema (cursor/plugins
/// `schemas/plugin.schema.json`: `name` matches `^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$`) and hold
/// no `//`.
fn check_manifest(manifest: &Manifest) -> Result<(), String> {
    let name = &manifest.name;
    let edge_ok = |c: Option<char>| c.is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
    let name_ok = edge_ok(name.chars().next())
        && edge_ok(name.chars().last())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '.' || c == '-');
    if !name_ok {
        return Err(format!(
            "--name {name:?}: a plugin name is lower-case letters, digits, `.` and `-`, starting and ending with a letter or digit (Cursor's plugin schema)"
        ));
    }
    if manifest.version.trim().is_empty() {
        return Err("--version: empty".to_owned());
    }
    Ok(())
}

/// The command each editor's hooks file starts: the launcher, through the root variable the
/// editor substitutes (unquoted, so the command quotes it).
fn launcher_command(root_variable: &str, stem: &str) -> String {
    format!("\"${{{root_variable}}}/bin/{stem}\"")
}

/// Cursor's hooks file: `version` 1 and each Cursor handler's entry.
fn cursor_hooks_file(handlers: &[Handler], stem: &str) -> Value {
    let command = launcher_command("CURSOR_PLUGIN_ROOT", stem);
    let mut hooks = Map::new();
    for handler in handlers
        .iter()
        .filter(|h| h.host == cursor_hooks::Host::Cursor)
    {
        let list = hooks
            .entry(handler.event.clone())
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(list) = list {
            // One handler per command: Cursor drops an imported copy of a command only for its own
            // files, not a plugin's (spec/claude-code/host.json `cursor.dedupe`), and each
            // editor's plugin command names its own root anyway.
            list.push(Value::Object(handler.cursor_entry(&command, &[])));
        }
    }
    json!({ "version": 1, "hooks": hooks })
}

/// Claude Code's plugin hooks file: each Claude Code handler in a matcher group of its own.
fn claude_hooks_file(handlers: &[Handler], stem: &str, manifest: &Manifest) -> Value {
    let command = launcher_command("CLAUDE_PLUGIN_ROOT", stem);
    let hooks = nested_hooks(handlers, cursor_hooks::Host::ClaudeCode, &command);
    json!({ "description": manifest.description, "hooks": hooks })
}

/// The `hooks` object of Claude Code's nested format (by event, matcher groups of command
/// handlers) for `host`'s handlers, each in a group of its own, running `command`.
fn nested_hooks(
    handlers: &[Handler],
    host: cursor_hooks::Host,
    command: &str,
) -> Map<String, Value> {
    let mut hooks = Map::new();
    for handler in handlers.iter().filter(|h| h.host == host) {
        let mut group = Map::new();
        if let Some(matcher) = &handler.matcher {
            group.insert("matcher".into(), matcher.clone().into());
        }
        group.insert(
            "hooks".into(),
            json!([Value::Object(handler.claude_handler(command, &[]))]),
        );
        let list = hooks
            .entry(handler.event.clone())
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(list) = list {
            list.push(Value::Object(group));
        }
    }
    hooks
}

/// Codex's plugin hooks file: Claude Code's nested format with the Codex handlers, as
/// `install --codex` writes `.codex/hooks.json`.
fn codex_hooks_file(handlers: &[Handler], stem: &str) -> Value {
    let command = launcher_command("PLUGIN_ROOT", stem);
    json!({ "hooks": nested_hooks(handlers, cursor_hooks::Host::Codex, &command) })
}

/// Copilot's plugin hooks file: `version` 1 and each Copilot handler's entry, with the
/// launcher under `bash` and, when the plugin has a Windows binary, `NAME.exe` under
/// `powershell` (Copilot runs the key of the platform it is on, `spec/copilot/host.json`).
fn copilot_hooks_file(handlers: &[Handler], stem: &str, windows: bool) -> Value {
    let posix = launcher_command("COPILOT_PLUGIN_ROOT", stem);
    let powershell = format!("& \"$env:COPILOT_PLUGIN_ROOT\\bin\\{stem}.exe\"");
    // The entry's command sits under the key of the platform `cursor-hooks` runs on; a plugin
    // carries the key of each platform it serves.
    let key = cursor_hooks::record::COPILOT_COMMAND_KEY;
    let mut hooks = Map::new();
    for handler in handlers
        .iter()
        .filter(|h| h.host == cursor_hooks::Host::Copilot)
    {
        let mut entry = handler.copilot_entry(&posix, &[]);
        let bash = entry.remove(key).unwrap_or_default();
        entry.insert("bash".into(), bash);
        if windows {
            let command = handler.copilot_entry(&powershell, &[]).remove(key);
            entry.insert("powershell".into(), command.unwrap_or_default());
        }
        let list = hooks
            .entry(handler.event.clone())
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(list) = list {
            list.push(Value::Object(entry));
        }
    }
    json!({ "version": 1, "hooks": hooks })
}

/// How a launcher `package` wrote begins its second line: `doctor` knows the file by it.
pub const LAUNCHER_MARK: &str = "# Written by `cursor-hooks package`";

/// The `sh` launcher: picks the binary for the machine, as `uname -sm` names it, or says which
/// platforms the plugin has and exits 1 (the hook's failure policy then decides, as for any hook
/// that cannot start). The machine is read without starting a process where the kernel or the
/// shell can tell (Linux 6.1 and later name the architecture in `/proc/sys/kernel/arch`, read
/// first because bash takes `OSTYPE` and `HOSTTYPE` from the environment when they are exported
/// there, so another machine's values can reach it; elsewhere bash, macOS's and Git Bash's `sh`
/// set them): the `uname` process cost more than the rest of the launcher (measured in
/// BENCHMARKS.md). `uname` is asked when neither tells, and when what they told matches no
/// binary. It finds its folder from `$0` also when started by name alone
/// (no `/` in `$0`) or through a symbolic link (one `readlink` process per link; none
/// otherwise).
fn launcher(stem: &str, platforms: &[Platform]) -> String {
    let has = |os, arch| platforms.contains(&Platform { os, arch });
    let dir = |os, arch| Platform { os, arch }.to_string();
    let mut arms = Vec::new();
    let mut arm = |pattern: &str, target: String| {
        arms.push(format!(
            "\x20   {pattern}) exec \"$here/{target}\" \"$@\" ;;"
        ));
    };
    if has(Os::Linux, Arch::X86_64) {
        arm(
            "'Linux x86_64'",
            format!("{}/{stem}", dir(Os::Linux, Arch::X86_64)),
        );
    }
    if has(Os::Linux, Arch::Aarch64) {
        arm(
            "'Linux aarch64'|'Linux arm64'",
            format!("{}/{stem}", dir(Os::Linux, Arch::Aarch64)),
        );
    }
    // On an Apple-silicon Mac an x86_64 binary runs under Rosetta: the last choice there.
    let mac_arm = [Arch::Aarch64, Arch::Universal, Arch::X86_64];
    if let Some(arch) = mac_arm.into_iter().find(|&a| has(Os::Mac, a)) {
        arm("'Darwin arm64'", format!("{}/{stem}", dir(Os::Mac, arch)));
    }
    let mac_intel = [Arch::X86_64, Arch::Universal];
    if let Some(arch) = mac_intel.into_iter().find(|&a| has(Os::Mac, a)) {
        arm("'Darwin x86_64'", format!("{}/{stem}", dir(Os::Mac, arch)));
    }
    if platforms.iter().any(|p| p.os == Os::Windows) {
        arm("MINGW*|MSYS*|CYGWIN*", format!("{stem}.exe"));
    }
    let names: Vec<String> = platforms.iter().map(Platform::to_string).collect();
    format!(
        "#!/bin/sh\n\
         {LAUNCHER_MARK}: starts this plugin's {stem} binary for the machine it\n\
         # runs on (on Windows, PowerShell and cmd start {stem}.exe beside this file directly).\n\
         self=$0\n\
         # Started by name (`sh {stem}` here, `bash {stem}` found on PATH): find the file.\n\
         case $self in */*) ;; *) if [ -f \"$self\" ]; then self=./$self; else self=$(command -v \"$self\") || self=; fi ;; esac\n\
         # Started through a link: the binaries are beside the file it ends at.\n\
         links=0\n\
         while [ -h \"$self\" ] && [ $links -lt 40 ]; do\n\
         \x20 link=$(readlink \"$self\")\n\
         \x20 case $link in /*) self=$link ;; *) self=${{self%/*}}/$link ;; esac\n\
         \x20 links=$((links + 1))\n\
         done\n\
         here=${{self%/*}}\n\
         if [ ! -f \"$self\" ]; then echo \"{stem}: cannot find this launcher's folder from $0\" >&2; exit 1; fi\n\
         # The machine as `uname -sm` names it, without a process where the kernel or the shell\n\
         # can tell; Linux's own answer first, as OSTYPE and HOSTTYPE may be exported from elsewhere.\n\
         machine=\n\
         if [ -r /proc/sys/kernel/arch ] && read -r arch < /proc/sys/kernel/arch; then machine=\"Linux $arch\"; else\n\
         \x20 case ${{OSTYPE-}} in\n\
         \x20   darwin*) machine=\"Darwin ${{HOSTTYPE-}}\" ;;\n\
         \x20   linux*) machine=\"Linux ${{HOSTTYPE-}}\" ;;\n\
         \x20   msys*|cygwin*) machine=\"MINGW ${{HOSTTYPE-}}\" ;;\n\
         \x20 esac\n\
         fi\n\
         start() {{\n\
         \x20 case $machine in\n\
         {}\n\
         \x20 esac\n\
         }}\n\
         case $machine in *' '?*) start \"$@\" ;; esac\n\
         machine=$(uname -sm)\n\
         start \"$@\"\n\
         echo \"{stem}: this plugin has no binary for $machine (it has {})\" >&2\n\
         exit 1\n",
        arms.join("\n"),
        names.join(", ")
    )
}

/// Without a Windows binary, `bin/NAME.cmd`: PowerShell and cmd would otherwise hand the
/// extension-less launcher to Windows, which asks the user what to open it with.
fn no_windows_binary(stem: &str, platforms: &[Platform]) -> String {
    let names: Vec<String> = platforms.iter().map(Platform::to_string).collect();
    format!(
        "@echo off\r\necho {stem}: this plugin has no Windows binary (it has {}) 1>&2\r\nexit /b 1\r\n",
        names.join(", ")
    )
}

/// JSON text as both editors' files are written: two spaces, a final newline.
fn pretty(value: &Value) -> String {
    let mut text = serde_json::to_string_pretty(value).expect("a Value serializes");
    text.push('\n');
    text
}

/// `ours` over what `relative` in the plugin already holds: the file's other top-level keys are
/// kept (a manifest's `author`, `skills` or `mcpServers`; the `modules` of Claude Code's hooks
/// file, which names the plugin's hooks module), except `dropped`. A file that is not a JSON
/// object is refused rather than replaced; so is a link (see [`Tree`]).
fn keeping(tree: &Tree, relative: &str, ours: Value, dropped: &[&str]) -> Result<Value, String> {
    let Some(bytes) = tree.read(relative, crate::safe_read::CONFIG_LIMIT)? else {
        return Ok(ours);
    };
    let Ok(Value::Object(mut kept)) = serde_json::from_slice::<Value>(&bytes) else {
        return Err(format!(
            "{} is not a JSON object; the plugin was left as it is (move the file away to have it written anew)",
            tree.path(relative).display()
        ));
    };
    for key in dropped {
        kept.remove(*key);
    }
    if let Value::Object(ours) = ours {
        kept.extend(ours);
    }
    Ok(Value::Object(kept))
}

fn write_plugin(
    out: &Path,
    stem: &str,
    manifest: &Manifest,
    binaries: &[Binary],
    handlers: &[Handler],
) -> Result<(), String> {
    let bin = out.join("bin");
    if bin.exists() && !out.join(CURSOR_MANIFEST).is_file() {
        return Err(format!(
            "{} exists and {} is not a plugin package wrote (no .cursor-plugin/plugin.json): choose another --out",
            bin.display(),
            out.display()
        ));
    }
    let common = json!({
        "name": manifest.name,
        "version": manifest.version,
        "description": manifest.description,
    });
    let mut cursor = common.clone();
    cursor["hooks"] = json!(format!("./{CURSOR_HOOKS_FILE}"));
    let has_copilot = handlers
        .iter()
        .any(|h| h.host == cursor_hooks::Host::Copilot);
    let mut copilot = common.clone();
    copilot["hooks"] = json!(if has_copilot {
        COPILOT_HOOKS_FILE
    } else {
        CLAUDE_HOOKS_FILE
    });
    let has_codex = handlers.iter().any(|h| h.host == cursor_hooks::Host::Codex);
    let mut codex = common.clone();
    // Codex's paths start with `./`; naming a file replaces its default `hooks/hooks.json`.
    codex["hooks"] = json!(format!(
        "./{}",
        if has_codex {
            CODEX_HOOKS_FILE
        } else {
            CLAUDE_HOOKS_FILE
        }
    ));
    let windows = binaries.iter().any(|b| b.platform.os == Os::Windows);
    // No name below `out` is followed through a link: a cloned repository's plugin folder can
    // hold one pointing at the user's own files.
    let tree = Tree::open(out)?;
    // Every file is made before anything is written, so a file package cannot read leaves
    // the folder as it was.
    let files = [
        (
            keeping(&tree, CURSOR_MANIFEST, cursor, &[])?,
            CURSOR_MANIFEST,
        ),
        // Claude Code finds hooks/hooks.json by itself; a `hooks` naming it too loads it twice.
        (
            keeping(&tree, CLAUDE_MANIFEST, common, &["hooks"])?,
            CLAUDE_MANIFEST,
        ),
        (
            keeping(&tree, COPILOT_MANIFEST, copilot, &[])?,
            COPILOT_MANIFEST,
        ),
        (keeping(&tree, CODEX_MANIFEST, codex, &[])?, CODEX_MANIFEST),
        (
            keeping(
                &tree,
                CODEX_HOOKS_FILE,
                codex_hooks_file(handlers, stem),
                &[],
            )?,
            CODEX_HOOKS_FILE,
        ),
        (
            keeping(
                &tree,
                COPILOT_HOOKS_FILE,
                copilot_hooks_file(handlers, stem, windows),
                &[],
            )?,
            COPILOT_HOOKS_FILE,
        ),
        (
            keeping(
                &tree,
                CURSOR_HOOKS_FILE,
                cursor_hooks_file(handlers, stem),
                &[],
            )?,
            CURSOR_HOOKS_FILE,
        ),
        (
            keeping(
                &tree,
                CLAUDE_HOOKS_FILE,
                claude_hooks_file(handlers, stem, manifest),
                &[],
            )?,
            CLAUDE_HOOKS_FILE,
        ),
    ];
    tree.remove_folder("bin")?;
    for (value, relative) in files {
        tree.write(relative, pretty(&value).as_bytes(), false)?;
    }
    let platforms: Vec<Platform> = binaries.iter().map(|b| b.platform).collect();
    if let Some(only) = sole_unix_binary(binaries) {
        tree.write(&format!("bin/{stem}"), &only.bytes, true)?;
    } else {
        tree.write(
            &format!("bin/{stem}"),
            launcher(stem, &platforms).as_bytes(),
            true,
        )?;
    }
    if !platforms.iter().any(|p| p.os == Os::Windows) {
        tree.write(
            &format!("bin/{stem}.cmd"),
            no_windows_binary(stem, &platforms).as_bytes(),
            false,
        )?;
    }
    for binary in binaries
        .iter()
        .filter(|_| sole_unix_binary(binaries).is_none())
    {
        let relative = match binary.platform.os {
            Os::Windows => format!("bin/{stem}.exe"),
            _ => format!("bin/{}/{stem}", binary.platform),
        };
        tree.write(&relative, &binary.bytes, true)?;
    }
    Ok(())
}

/// The one binary of a package given a single Unix binary: it is `bin/NAME` itself. A single
/// Windows binary keeps the launcher, which starts `NAME.exe` under Git Bash (whether Git Bash
/// would find `NAME.exe` for an absent `NAME` by itself is not tested here).
fn sole_unix_binary(binaries: &[Binary]) -> Option<&Binary> {
    match binaries {
        [only] if only.platform.os != Os::Windows => Some(only),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_plugin_names() {
        assert_eq!(kebab("Shell_Guard"), "shell-guard");
        assert_eq!(kebab("-my.hooks-"), "my.hooks");
        assert_eq!(kebab("__"), "");
    }

    #[test]
    fn manifest_names_follow_cursors_schema() {
        let with = |name: &str| Manifest {
            name: name.to_owned(),
            version: "1.0.0".to_owned(),
            description: String::new(),
        };
        assert!(check_manifest(&with("shell-guard")).is_ok());
        assert!(check_manifest(&with("a.b-2")).is_ok());
        for bad in ["", "Shell", "-x", "x-", "a_b", "a b"] {
            assert!(check_manifest(&with(bad)).is_err(), "{bad:?}");
        }
    }
}
