//! `cursor-hooks package`: the plugin folder it writes (manifests, each editor's hooks file, the
//! launcher, a binary per platform), what it refuses, and the marketplace files it writes or
//! updates, in temporary folders. Binaries are files shaped like hook binaries (a header and a
//! handler record, `common::fake_hook_binary`), except where the real `shell-guard` runs
//! through the launcher.

mod common;

use common::{fake_hook_binary, Scratch};
use serde_json::{json, Value};
use std::path::Path;

/// Handlers of every host, with every option the record carries.
fn record() -> Value {
    json!([
        {"event": "beforeShellExecution", "handler": "guard", "timeout": 5, "failClosed": true},
        {"event": "stop", "handler": "verify", "loop_limit": 3},
        {"event": "subagentStop", "handler": "again", "loop_limit": null},
        {"event": "preToolUse", "handler": "tools", "matcher": "Shell|Write"},
        {"event": "PreToolUse", "handler": "bash", "matcher": "Bash", "timeout": 7, "failClosed": true, "host": "claude-code"},
        {"event": "PreSkillShellCommand", "handler": "skill", "host": "claude-code"},
        {"event": "preToolUse", "handler": "copilot_bash", "matcher": "bash", "timeout": 4, "host": "copilot"},
        {"event": "PreToolUse", "handler": "codex_bash", "matcher": "Bash", "timeout": 6, "failClosed": true, "host": "codex"},
        {"event": "Stop", "handler": "codex_stop", "host": "codex"}
    ])
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Runs `package` in the scratch's project; the output (panics on a non-zero exit).
fn package(scratch: &Scratch, args: &[&str]) -> String {
    let mut all = vec!["package"];
    all.extend_from_slice(args);
    let out = scratch.cli(&all, None);
    assert!(
        out.status.success(),
        "package failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// Runs `package --out OUT BINARIES...`; the output.
fn package_binaries(scratch: &Scratch, out: &Path, binaries: &[&Path]) -> String {
    let mut args = vec!["--out", out.to_str().unwrap()];
    args.extend(binaries.iter().map(|b| b.to_str().unwrap()));
    package(scratch, &args)
}

/// Runs `package` expecting a refusal; its stderr.
fn refused(scratch: &Scratch, args: &[&str]) -> String {
    let mut all = vec!["package"];
    all.extend_from_slice(args);
    let out = scratch.cli(&all, None);
    assert_eq!(out.status.code(), Some(1), "package should refuse {args:?}");
    String::from_utf8(out.stderr).expect("UTF-8")
}

#[test]
fn writes_a_hooks_file_per_editor_wiring_exactly_the_record() {
    let s = Scratch::new("package-files");
    let bin = fake_hook_binary(&s.root.join("build/my-hooks"), "linux-x86_64", &record());
    let out = s.root.join("plugin");
    package(&s, &["--out", out.to_str().unwrap(), bin.to_str().unwrap()]);

    // Defaults: the binary's file name and 0.1.0 (the record holds no crate name or version).
    let cursor_manifest = read_json(&out.join(".cursor-plugin/plugin.json"));
    assert_eq!(
        cursor_manifest,
        json!({
            "name": "my-hooks",
            "version": "0.1.0",
            "description": "The my-hooks hooks (packaged by cursor-hooks)",
            "hooks": "./hooks/hooks-cursor.json"
        })
    );
    // Claude Code's manifest has no `hooks`: it reads hooks/hooks.json by default.
    let claude_manifest = read_json(&out.join(".claude-plugin/plugin.json"));
    assert_eq!(claude_manifest["name"], "my-hooks");
    assert!(claude_manifest.get("hooks").is_none());

    let cursor = "\"${CURSOR_PLUGIN_ROOT}/bin/my-hooks\" --host cursor --event";
    assert_eq!(
        read_json(&out.join("hooks/hooks-cursor.json")),
        json!({"version": 1, "hooks": {
            "beforeShellExecution": [{"command": format!("{cursor} beforeShellExecution"), "timeout": 5, "failClosed": true}],
            "stop": [{"command": format!("{cursor} stop"), "loop_limit": 3}],
            "subagentStop": [{"command": format!("{cursor} subagentStop"), "loop_limit": null}],
            "preToolUse": [{"command": format!("{cursor} preToolUse"), "matcher": "Shell|Write"}]
        }})
    );
    let claude = "\"${CLAUDE_PLUGIN_ROOT}/bin/my-hooks\" --host claude-code --event";
    let claude_file = read_json(&out.join("hooks/hooks.json"));
    assert_eq!(
        claude_file["hooks"],
        json!({
            "PreToolUse": [{"matcher": "Bash", "hooks": [
                {"type": "command", "command": format!("{claude} PreToolUse"), "timeout": 7, "onFailure": "block"}]}],
            "PreSkillShellCommand": [{"hooks": [
                {"type": "command", "command": format!("{claude} PreSkillShellCommand")}]}]
        })
    );
    // Copilot's manifest at the root, which Copilot reads before `.claude-plugin/`, names its
    // own file: Copilot then runs the Copilot handlers and not Claude Code's file.
    let copilot_manifest = read_json(&out.join("plugin.json"));
    assert_eq!(copilot_manifest["name"], "my-hooks");
    assert_eq!(copilot_manifest["hooks"], "hooks/hooks-copilot.json");
    assert_eq!(
        read_json(&out.join("hooks/hooks-copilot.json")),
        json!({"version": 1, "hooks": {
            "preToolUse": [{
                "type": "command",
                "bash": "\"${COPILOT_PLUGIN_ROOT}/bin/my-hooks\" --host copilot --event preToolUse",
                "timeoutSec": 4,
                "matcher": "bash"
            }]
        }})
    );
    // Codex's manifest, which Codex reads before `.claude-plugin/`, names its own file: a named
    // file replaces Codex's default `hooks/hooks.json`, so Claude Code's handlers do not run
    // under Codex. Codex's format is Claude Code's, with Codex's handlers through the root it
    // substitutes, and no `onFailure` (the handler answers its own failures).
    assert_eq!(
        read_json(&out.join(".codex-plugin/plugin.json")),
        json!({
            "name": "my-hooks",
            "version": "0.1.0",
            "description": "The my-hooks hooks (packaged by cursor-hooks)",
            "hooks": "./hooks/hooks-codex.json"
        })
    );
    let codex = "\"${PLUGIN_ROOT}/bin/my-hooks\" --host codex --event";
    assert_eq!(
        read_json(&out.join("hooks/hooks-codex.json")),
        json!({"hooks": {
            "PreToolUse": [{"matcher": "Bash", "hooks": [
                {"type": "command", "command": format!("{codex} PreToolUse"), "timeout": 6}]}],
            "Stop": [{"hooks": [{"type": "command", "command": format!("{codex} Stop")}]}]
        }})
    );
    // Plugin hook files are read with plain JSON parsing by Cursor: no comments, and no `//`.
    let text = std::fs::read_to_string(out.join("hooks/hooks-cursor.json")).unwrap();
    assert!(!text.contains("//"));

    // The one binary given is the command's file itself, executable: no launcher, no
    // platform folder.
    let carried = out.join("bin/my-hooks");
    assert_eq!(
        std::fs::read(&carried).unwrap(),
        std::fs::read(&bin).unwrap()
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&carried).unwrap().permissions().mode();
        assert_eq!(mode & 0o111, 0o111, "{} is executable", carried.display());
    }
    assert!(!out.join("bin/linux-x86_64").exists());
    // No Windows binary: a `.cmd` says so, so Windows never asks what to open `bin/NAME` with.
    let cmd = std::fs::read_to_string(out.join("bin/my-hooks.cmd")).unwrap();
    assert!(
        cmd.contains("no Windows binary") && cmd.contains("exit /b 1"),
        "{cmd}"
    );
}

#[test]
fn carries_a_binary_per_platform_and_launches_the_right_one() {
    let s = Scratch::new("package-platforms");
    let mut args = vec![
        "--out".to_owned(),
        s.root.join("plugin").display().to_string(),
    ];
    args.extend(
        [
            "--name",
            "team-guard",
            "--version",
            "2.3.4",
            "--description",
            "Our guards",
        ]
        .map(String::from),
    );
    for platform in [
        "linux-x86_64",
        "linux-aarch64",
        "macos-universal",
        "windows-x86_64",
    ] {
        let name = if platform.starts_with("windows") {
            "guard.exe"
        } else {
            "guard"
        };
        let path = fake_hook_binary(&s.root.join(platform).join(name), platform, &record());
        args.push(path.display().to_string());
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let said = package(&s, &args);
    assert!(
        said.contains("linux-x86_64, linux-aarch64, macos-universal, windows-x86_64"),
        "{said}"
    );
    let out = s.root.join("plugin");
    let manifest = read_json(&out.join(".claude-plugin/plugin.json"));
    assert_eq!(
        manifest,
        json!({"name": "team-guard", "version": "2.3.4", "description": "Our guards"})
    );
    for file in [
        "bin/linux-x86_64/guard",
        "bin/linux-aarch64/guard",
        "bin/macos-universal/guard",
        // Windows: the binary itself beside the launcher, found by PowerShell's PATHEXT search.
        "bin/guard.exe",
    ] {
        assert!(out.join(file).is_file(), "{file}");
    }
    assert!(!out.join("bin/guard.cmd").exists());
    // Copilot on Windows runs an entry's `powershell`: the binary itself, by the plugin's root.
    let copilot = read_json(&out.join("hooks/hooks-copilot.json"));
    assert_eq!(
        copilot["hooks"]["preToolUse"][0]["powershell"],
        "& \"$env:COPILOT_PLUGIN_ROOT\\bin\\guard.exe\" --host copilot --event preToolUse"
    );
    assert_eq!(
        copilot["hooks"]["preToolUse"][0]["bash"],
        "\"${COPILOT_PLUGIN_ROOT}/bin/guard\" --host copilot --event preToolUse"
    );
    let launcher = std::fs::read_to_string(out.join("bin/guard")).unwrap();
    assert!(launcher.starts_with("#!/bin/sh\n"));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        for file in [
            "bin/guard",
            "bin/linux-x86_64/guard",
            "bin/macos-universal/guard",
        ] {
            let mode = std::fs::metadata(out.join(file))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o111, 0o111, "{file} is executable");
        }
    }
    for arm in [
        "'Linux x86_64') exec \"$here/linux-x86_64/guard\"",
        "'Linux aarch64'|'Linux arm64') exec \"$here/linux-aarch64/guard\"",
        "'Darwin arm64') exec \"$here/macos-universal/guard\"",
        "'Darwin x86_64') exec \"$here/macos-universal/guard\"",
        "MINGW*|MSYS*|CYGWIN*) exec \"$here/guard.exe\"",
    ] {
        assert!(launcher.contains(arm), "{arm} in\n{launcher}");
    }
}

#[cfg(unix)]
#[test]
fn the_launcher_says_which_platforms_it_has_on_another() {
    let s = Scratch::new("package-other-platform");
    let mac = fake_hook_binary(&s.root.join("m/guard"), "macos-aarch64", &record());
    let windows = fake_hook_binary(&s.root.join("w/guard.exe"), "windows-x86_64", &record());
    let out = s.root.join("plugin");
    package_binaries(&s, &out, &[&mac, &windows]);
    let run = std::process::Command::new(out.join("bin/guard"))
        .output()
        .expect("the launcher starts");
    assert_eq!(run.status.code(), Some(1));
    let stderr = String::from_utf8(run.stderr).unwrap();
    assert!(
        stderr.starts_with("guard: this plugin has no binary for ")
            && stderr.contains("(it has macos-aarch64, windows-x86_64)"),
        "{stderr}"
    );
}

/// A plugin packaged for this Linux machine and `second` (two platforms: a launcher) whose Linux
/// binary is a stand-in that says it ran (the packaged file is only shaped like a binary): the
/// plugin folder.
#[cfg(target_os = "linux")]
fn packaged_stand_in(s: &Scratch, second: &str) -> std::path::PathBuf {
    let platform = format!("linux-{}", std::env::consts::ARCH);
    let bin = fake_hook_binary(&s.root.join("build/guard"), &platform, &record());
    let other = fake_hook_binary(&s.root.join(second).join("guard"), second, &record());
    let out = s.root.join("plugin");
    package_binaries(s, &out, &[&bin, &other]);
    let binary = out.join(format!("bin/{platform}/guard"));
    std::fs::write(&binary, "#!/bin/sh\necho \"ran $*\"\n").unwrap();
    common::make_executable(&binary);
    out
}

/// The launcher finds its binary however it is started: by name alone (no `/` in `$0`: `sh NAME`
/// in its folder, `bash NAME` found on PATH), through PATH, and through a symbolic link
/// (absolute, relative, a chain, found on PATH). Before: `here=${0%/*}` took the name itself or
/// the link's folder, and the binary was not found.
#[cfg(target_os = "linux")]
#[test]
fn the_launcher_finds_its_binary_by_name_and_through_a_link() {
    let s = Scratch::new("package-launcher-start");
    let out = packaged_stand_in(&s, "windows-x86_64");
    let (bin_dir, links) = (out.join("bin"), s.root.join("links"));
    std::fs::create_dir_all(&links).unwrap();
    std::os::unix::fs::symlink(bin_dir.join("guard"), links.join("absolute")).unwrap();
    std::os::unix::fs::symlink("../plugin/bin/guard", links.join("relative")).unwrap();
    std::os::unix::fs::symlink("relative", links.join("chain")).unwrap();
    let on_path = |dir: &Path| format!("{}:{}", dir.display(), std::env::var("PATH").unwrap());
    for (how, cwd, path, script) in [
        ("by name in its folder", &bin_dir, None, "sh guard"),
        (
            "by name, found on PATH by bash",
            &s.root,
            Some(&bin_dir),
            "bash guard",
        ),
        ("through PATH", &s.root, Some(&bin_dir), "guard"),
        ("through an absolute link", &s.root, None, "links/absolute"),
        ("through a chain of links", &s.root, None, "links/chain"),
        (
            "through a relative link on PATH",
            &s.root,
            Some(&links),
            "relative",
        ),
        (
            "by name through a link in its folder",
            &links,
            None,
            "sh relative",
        ),
    ] {
        let mut command = std::process::Command::new("sh");
        command
            .args(["-c", &format!("{script} --host cursor --event stop")])
            .current_dir(cwd);
        if let Some(dir) = path {
            command.env("PATH", on_path(dir));
        }
        let output = command.output().expect("sh starts");
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            "ran --host cursor --event stop\n",
            "{how}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
}

/// On Linux the launcher learns the machine without starting a process (`uname` cost more than
/// the rest of the launcher), and asks `uname` when what the shell's environment said matches
/// no binary. Before: every start ran `uname -sm`.
#[cfg(target_os = "linux")]
#[test]
fn the_launcher_starts_no_process_to_learn_the_machine() {
    let s = Scratch::new("package-launcher-machine");
    let out = packaged_stand_in(&s, "macos-aarch64");
    // The only `uname` on PATH says that it ran, and names this machine.
    let tools = s.root.join("tools");
    std::fs::create_dir_all(&tools).unwrap();
    let asked = s.root.join("uname-ran");
    let uname = tools.join("uname");
    std::fs::write(
        &uname,
        format!(
            "#!/bin/sh\necho >> '{}'\necho 'Linux {}'\n",
            asked.display(),
            std::env::consts::ARCH
        ),
    )
    .unwrap();
    common::make_executable(&uname);
    let start = |env: &[(&str, &str)]| {
        let mut command = std::process::Command::new(out.join("bin/guard"));
        command
            .arg("--host")
            .env_clear()
            .env("PATH", &tools)
            .envs(env.iter().copied());
        let run = command.output().expect("the launcher starts");
        assert_eq!(
            String::from_utf8_lossy(&run.stdout),
            "ran --host\n",
            "{env:?}: {}",
            String::from_utf8_lossy(&run.stderr)
        );
    };
    start(&[]);
    assert!(!asked.exists(), "the launcher ran uname");
    // Another machine's names exported in the environment, naming a platform the plugin has:
    // Linux's own answer comes first, so the Linux binary starts. Before: the launcher believed
    // the variables and `exec` failed on the macOS binary ("Exec format error").
    if Path::new("/proc/sys/kernel/arch").exists() {
        start(&[("OSTYPE", "darwin23"), ("HOSTTYPE", "arm64")]);
        assert!(!asked.exists(), "the launcher ran uname");
    }
}

#[test]
fn without_their_own_handlers_copilot_and_codex_are_pointed_at_claude_codes_file() {
    let s = Scratch::new("package-no-copilot");
    let claude_only = json!([{"event": "PreToolUse", "handler": "bash", "matcher": "Bash", "host": "claude-code"}]);
    let bin = fake_hook_binary(&s.root.join("build/guard"), "linux-x86_64", &claude_only);
    let out = s.root.join("plugin");
    package(&s, &["--out", out.to_str().unwrap(), bin.to_str().unwrap()]);
    // Copilot runs Claude Code's file by its own rules, as it would without a manifest of its
    // own; its own file wires nothing.
    assert_eq!(
        read_json(&out.join("plugin.json"))["hooks"],
        "hooks/hooks.json"
    );
    assert_eq!(
        read_json(&out.join("hooks/hooks-copilot.json")),
        json!({"version": 1, "hooks": {}})
    );
    // Codex likewise: without the manifest it would run Claude Code's file too.
    assert_eq!(
        read_json(&out.join(".codex-plugin/plugin.json"))["hooks"],
        "./hooks/hooks.json"
    );
    assert_eq!(
        read_json(&out.join("hooks/hooks-codex.json")),
        json!({"hooks": {}})
    );
}

/// `script` run by `sh -c` in `cwd` with `env`, the `rm -rf` payload on stdin: its answer.
#[cfg(target_os = "linux")]
fn answer_through_sh(script: &str, cwd: &Path, env: &[(&str, &std::ffi::OsStr)]) -> Value {
    let payload = std::fs::read_to_string(
        common::workspace_root().join("tests/fixtures/before-shell-rm-rf.json"),
    )
    .unwrap();
    let mut child = std::process::Command::new("sh")
        .args(["-c", script])
        .current_dir(cwd)
        .envs(env.iter().copied())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("sh starts");
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(payload.as_bytes())
        .unwrap();
    let output = common::wait_bounded(child);
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{script}: not a JSON answer ({e}): {output:?}"))
}

/// The Cursor file's `beforeShellExecution` command.
#[cfg(target_os = "linux")]
fn cursor_command(out: &Path) -> String {
    let hooks = read_json(&out.join("hooks/hooks-cursor.json"));
    hooks["hooks"]["beforeShellExecution"][0]["command"]
        .as_str()
        .unwrap()
        .to_owned()
}

#[cfg(target_os = "linux")]
#[test]
fn shell_guard_denies_rm_rf_through_the_launcher() {
    let s = Scratch::new("package-shell-guard");
    let bin = common::example_binary("shell-guard");
    // A second platform, so the plugin has a launcher to choose with.
    let other_bin = common::other_processor_copy(&bin, &s.root.join("other/shell-guard"));
    let out = s.root.join("plugin");
    package_binaries(&s, &out, &[&bin, &other_bin]);
    assert!(std::fs::read_to_string(out.join("bin/shell-guard"))
        .unwrap()
        .starts_with("#!/bin/sh\n"));
    // The command as each editor starts it, the root variable set as both set it.
    let root = [("CURSOR_PLUGIN_ROOT", out.as_os_str())];
    let answer = answer_through_sh(&cursor_command(&out), &s.root, &root);
    assert_eq!(answer["permission"], "deny", "{answer}");
}

/// One binary given: `bin/NAME` is the real `shell-guard` itself, and it denies `rm -rf`
/// started as each editor starts it, through a symbolic link, and by name on PATH. Before:
/// every package started an `sh` launcher, one more `sh` start per call.
#[cfg(target_os = "linux")]
#[test]
fn a_one_binary_package_starts_the_binary_itself() {
    let s = Scratch::new("package-one-binary");
    let bin = common::example_binary("shell-guard");
    let out = s.root.join("plugin");
    let said = package(&s, &["--out", out.to_str().unwrap(), bin.to_str().unwrap()]);
    assert!(
        said.contains("bin/shell-guard is the binary itself"),
        "{said}"
    );
    let carried = out.join("bin/shell-guard");
    assert_eq!(
        std::fs::read(&carried).unwrap(),
        std::fs::read(&bin).unwrap()
    );
    let root = [("CURSOR_PLUGIN_ROOT", out.as_os_str())];
    let answer = answer_through_sh(&cursor_command(&out), &s.root, &root);
    assert_eq!(answer["permission"], "deny", "{answer}");
    let links = s.root.join("links");
    std::fs::create_dir_all(&links).unwrap();
    std::os::unix::fs::symlink("../plugin/bin/shell-guard", links.join("guard")).unwrap();
    let event = "--host cursor --event beforeShellExecution";
    let answer = answer_through_sh(&format!("links/guard {event}"), &s.root, &[]);
    assert_eq!(answer["permission"], "deny", "through a link: {answer}");
    let path = format!("{}:{}", links.display(), std::env::var("PATH").unwrap());
    let on_path = [("PATH", std::ffi::OsStr::new(&path))];
    let answer = answer_through_sh(&format!("guard {event}"), &s.root, &on_path);
    assert_eq!(answer["permission"], "deny", "by name on PATH: {answer}");
}

#[test]
fn refuses_what_it_cannot_package() {
    let s = Scratch::new("package-refusals");
    let out = s.root.join("plugin");
    let out = out.to_str().unwrap();
    let plain = s.write("plain", "#!/bin/sh\necho '{}'\n");
    let said = refused(&s, &["--out", out, plain.to_str().unwrap()]);
    assert!(said.contains("not a cursor-hooks hook binary"), "{said}");

    let linux = fake_hook_binary(&s.root.join("a/guard"), "linux-x86_64", &record());
    let other = fake_hook_binary(
        &s.root.join("b/guard"),
        "linux-aarch64",
        &json!([{"event": "stop", "handler": "verify"}]),
    );
    let said = refused(
        &s,
        &[
            "--out",
            out,
            linux.to_str().unwrap(),
            other.to_str().unwrap(),
        ],
    );
    assert!(said.contains("declare different handlers"), "{said}");

    let twin = fake_hook_binary(&s.root.join("c/guard"), "linux-x86_64", &record());
    let said = refused(
        &s,
        &[
            "--out",
            out,
            linux.to_str().unwrap(),
            twin.to_str().unwrap(),
        ],
    );
    assert!(said.contains("are both linux-x86_64 binaries"), "{said}");

    let win = fake_hook_binary(&s.root.join("d/guard.exe"), "windows-x86_64", &record());
    let arm = fake_hook_binary(&s.root.join("e/guard.exe"), "windows-aarch64", &record());
    let said = refused(
        &s,
        &["--out", out, win.to_str().unwrap(), arm.to_str().unwrap()],
    );
    assert!(said.contains("both Windows binaries"), "{said}");

    let said = refused(
        &s,
        &[
            "--out",
            out,
            "--name",
            "Team Guard",
            linux.to_str().unwrap(),
        ],
    );
    assert!(said.contains("plugin name"), "{said}");

    // A folder with a `bin/` that package did not write is not emptied.
    std::fs::create_dir_all(s.root.join("mine/bin")).unwrap();
    s.write("mine/bin/keep", "mine");
    let mine = s.root.join("mine");
    let said = refused(
        &s,
        &["--out", mine.to_str().unwrap(), linux.to_str().unwrap()],
    );
    assert!(said.contains("not a plugin package wrote"), "{said}");
    assert!(s.root.join("mine/bin/keep").is_file());
}

#[test]
fn marketplace_files_list_the_plugin_and_keep_everything_else() {
    let s = Scratch::new("package-marketplace");
    let team = s.root.join("team");
    // The team's files: another plugin, keys of their own, an order of their own.
    s.write(
        "team/.cursor-plugin/marketplace.json",
        r#"{
  "name": "acme-tools",
  "owner": {"name": "Acme"},
  "plugins": [
    {"name": "lint", "source": "./plugins/lint", "description": "Lints"}
  ],
  "metadata": {"description": "Acme's plugins", "x-team": 7}
}
"#,
    );
    s.write(
        "team/.claude-plugin/marketplace.json",
        r#"{"owner": {"name": "Acme", "email": "dev@acme.test"}, "name": "acme-tools",
 "plugins": [{"name": "lint", "source": "./plugins/lint", "strict": false},
             {"name": "guard", "source": "./old/guard", "category": "security", "version": "0.0.1"}],
 "x-unknown": [1, 2]}
"#,
    );
    let bin = fake_hook_binary(&s.root.join("guard"), "linux-x86_64", &record());
    let out = team.join("plugins/guard");
    for _ in 0..2 {
        // Twice: the second run updates the entry in place rather than adding one.
        package(
            &s,
            &[
                "--out",
                out.to_str().unwrap(),
                "--version",
                "1.2.0",
                "--marketplace",
                team.to_str().unwrap(),
                bin.to_str().unwrap(),
            ],
        );
    }
    let cursor = read_json(&team.join(".cursor-plugin/marketplace.json"));
    assert_eq!(
        cursor,
        json!({
            "name": "acme-tools",
            "owner": {"name": "Acme"},
            "plugins": [
                {"name": "lint", "source": "./plugins/lint", "description": "Lints"},
                // Cursor's closed schema: no `version` in an entry.
                {"name": "guard", "source": "./plugins/guard",
                 "description": "The guard hooks (packaged by cursor-hooks)"}
            ],
            "metadata": {"description": "Acme's plugins", "x-team": 7}
        })
    );
    let text = std::fs::read_to_string(team.join(".cursor-plugin/marketplace.json")).unwrap();
    let order: Vec<usize> = [
        "\"name\": \"acme-tools\"",
        "\"owner\"",
        "\"plugins\"",
        "\"metadata\"",
    ]
    .iter()
    .map(|key| text.find(key).unwrap_or_else(|| panic!("{key} in\n{text}")))
    .collect();
    assert!(
        order.windows(2).all(|w| w[0] < w[1]),
        "keys keep their order:\n{text}"
    );

    let claude = read_json(&team.join(".claude-plugin/marketplace.json"));
    assert_eq!(
        claude,
        json!({
            "owner": {"name": "Acme", "email": "dev@acme.test"},
            "name": "acme-tools",
            "plugins": [
                {"name": "lint", "source": "./plugins/lint", "strict": false},
                {"name": "guard", "source": "./plugins/guard", "category": "security", "version": "1.2.0",
                 "description": "The guard hooks (packaged by cursor-hooks)"}
            ],
            "x-unknown": [1, 2]
        })
    );
    // The team keeps no Codex marketplace: Codex reads Claude Code's file, and none is made.
    assert!(!team.join(".agents").exists());
}

#[test]
fn a_codex_marketplace_the_team_keeps_lists_the_plugin_too() {
    let s = Scratch::new("package-codex-marketplace");
    let team = s.root.join("team");
    // Codex reads this file before Claude Code's: another plugin, the team's policy and
    // category on an old entry of the plugin, keys of the team's own.
    s.write(
        "team/.agents/plugins/marketplace.json",
        r#"{"name": "acme-codex", "interface": {"displayName": "Acme"},
 "plugins": [
   {"name": "lint", "source": {"source": "local", "path": "./plugins/lint"}, "category": "Coding"},
   {"name": "guard", "source": {"source": "local", "path": "./old/guard"},
    "policy": {"installation": "INSTALLED_BY_DEFAULT", "authentication": "ON_USE"}, "category": "Security"}
 ]}
"#,
    );
    let bin = fake_hook_binary(&s.root.join("guard"), "linux-x86_64", &record());
    let out = team.join("plugins/guard");
    // The Codex file named rather than its folder; twice, for an update in place.
    let file = team.join(".agents/plugins/marketplace.json");
    for _ in 0..2 {
        let said = package(
            &s,
            &[
                "--out",
                out.to_str().unwrap(),
                "--marketplace",
                file.to_str().unwrap(),
                bin.to_str().unwrap(),
            ],
        );
        assert!(said.contains(".agents/plugins/marketplace.json"), "{said}");
    }
    assert_eq!(
        read_json(&file),
        json!({"name": "acme-codex", "interface": {"displayName": "Acme"},
        "plugins": [
            {"name": "lint", "source": {"source": "local", "path": "./plugins/lint"}, "category": "Coding"},
            {"name": "guard", "source": {"source": "local", "path": "./plugins/guard"},
             "policy": {"installation": "INSTALLED_BY_DEFAULT", "authentication": "ON_USE"}, "category": "Security"}
        ]})
    );
    // A new entry gets Codex's default policy, and no `description` or `version` (Codex reads
    // them from the plugin's manifest).
    let other = team.join("plugins/other");
    package(
        &s,
        &[
            "--out",
            other.to_str().unwrap(),
            "--name",
            "other",
            "--marketplace",
            team.to_str().unwrap(),
            bin.to_str().unwrap(),
        ],
    );
    assert_eq!(
        read_json(&file)["plugins"][2],
        json!({"name": "other", "source": {"source": "local", "path": "./plugins/other"},
        "policy": {"installation": "AVAILABLE", "authentication": "ON_INSTALL"}})
    );
    // Cursor's and Claude Code's files are written beside it, as always.
    let claude = read_json(&team.join(".claude-plugin/marketplace.json"));
    assert_eq!(claude["plugins"][0]["source"], "./plugins/guard");

    // Codex's file named is made when it is new, named after its folder like the others.
    let fresh = s.root.join("Fresh_Team");
    let named = fresh.join(".agents/plugins/marketplace.json");
    package(
        &s,
        &[
            "--out",
            fresh.join("guard").to_str().unwrap(),
            "--marketplace",
            named.to_str().unwrap(),
            bin.to_str().unwrap(),
        ],
    );
    assert_eq!(
        read_json(&named),
        json!({"name": "fresh-team", "plugins": [
            {"name": "guard", "source": {"source": "local", "path": "./guard"},
             "policy": {"installation": "AVAILABLE", "authentication": "ON_INSTALL"}}
        ]})
    );
}

#[test]
fn a_new_marketplace_is_named_after_its_folder() {
    let s = Scratch::new("package-new-marketplace");
    let team = s.root.join("Team_Hooks");
    let bin = fake_hook_binary(&s.root.join("guard"), "linux-x86_64", &record());
    let out = team.join("guard");
    // The file named rather than its folder.
    let file = team.join(".claude-plugin/marketplace.json");
    package(
        &s,
        &[
            "--out",
            out.to_str().unwrap(),
            "--marketplace",
            file.to_str().unwrap(),
            bin.to_str().unwrap(),
        ],
    );
    let claude = read_json(&file);
    assert_eq!(claude["name"], "team-hooks");
    assert_eq!(claude["owner"], json!({"name": "team-hooks"}));
    assert_eq!(claude["plugins"][0]["source"], "./guard");
    let cursor = read_json(&team.join(".cursor-plugin/marketplace.json"));
    assert_eq!(
        cursor["plugins"],
        json!([{"name": "guard", "source": "./guard",
        "description": "The guard hooks (packaged by cursor-hooks)"}])
    );
    assert!(cursor.get("owner").is_none());

    // A plugin outside the marketplace's folder cannot be listed by a path inside it.
    let said = refused(
        &s,
        &[
            "--out",
            s.root.join("elsewhere").to_str().unwrap(),
            "--marketplace",
            team.to_str().unwrap(),
            bin.to_str().unwrap(),
        ],
    );
    assert!(
        said.contains("is not inside the marketplace folder"),
        "{said}"
    );
}

#[test]
fn doctor_finds_no_error_in_either_editors_side_of_the_package() {
    let s = Scratch::new("package-doctor");
    let bin = fake_hook_binary(&s.root.join("guard"), "linux-x86_64", &record());
    let out = s.root.join("plugin");
    package(&s, &["--out", out.to_str().unwrap(), bin.to_str().unwrap()]);
    for host in ["cursor", "claude-code"] {
        let (code, findings) = s.doctor(&["--host", host, "--plugin-dir", out.to_str().unwrap()]);
        let errors: Vec<&Value> = findings
            .iter()
            .filter(|f| f["severity"] == "error")
            .collect();
        assert!(errors.is_empty(), "{host}: {errors:#?}");
        assert_eq!(code, 0, "{host}");
    }
}

#[test]
fn doctor_names_a_platform_whose_binary_is_gone_from_the_package() {
    let s = Scratch::new("package-missing-platform");
    let linux = fake_hook_binary(&s.root.join("l/guard"), "linux-x86_64", &record());
    let mac = fake_hook_binary(&s.root.join("m/guard"), "macos-aarch64", &record());
    let out = s.root.join("plugin");
    let out_arg = out.to_str().unwrap();
    package(
        &s,
        &[
            "--out",
            out_arg,
            linux.to_str().unwrap(),
            mac.to_str().unwrap(),
        ],
    );
    std::fs::remove_file(out.join("bin/macos-aarch64/guard")).unwrap();
    for host in ["cursor", "claude-code"] {
        let (code, findings) = s.doctor(&["--host", host, "--plugin-dir", out_arg]);
        let missing: Vec<&Value> = findings
            .iter()
            .filter(|f| f["severity"] == "error")
            .filter(|f| {
                f["message"].as_str().is_some_and(|m| {
                    m.contains("macos-aarch64/guard") && m.contains("Darwin arm64")
                })
            })
            .collect();
        assert_eq!(missing.len(), 1, "{host}: {findings:#?}");
        assert_eq!(code, 1, "{host}");
        // The platform still there is not reported.
        assert!(
            !findings.iter().any(|f| f["message"]
                .as_str()
                .is_some_and(|m| m.contains("linux-x86_64/guard"))),
            "{host}: {findings:#?}"
        );
    }
}

#[test]
fn an_existing_plugin_keeps_its_other_keys_and_claude_codes_modules() {
    let s = Scratch::new("package-existing");
    let bin = fake_hook_binary(&s.root.join("guard"), "linux-x86_64", &record());
    s.write(
        "plugin/.cursor-plugin/plugin.json",
        r#"{"name": "old", "author": {"name": "Acme"}, "skills": "./skills/", "hooks": "./elsewhere.json"}"#,
    );
    s.write(
        "plugin/.claude-plugin/plugin.json",
        r#"{"name": "old", "mcpServers": {"db": {"command": "db-mcp"}}, "hooks": "./hooks/hooks.json"}"#,
    );
    s.write(
        "plugin/hooks/hooks.json",
        r#"{"description": "old", "modules": ["./register.ts"], "hooks": {"Stop": []}}"#,
    );
    s.write("plugin/bin/stale", "from an earlier package");
    let out = s.root.join("plugin");
    package(&s, &["--out", out.to_str().unwrap(), bin.to_str().unwrap()]);
    let cursor = read_json(&out.join(".cursor-plugin/plugin.json"));
    assert_eq!(cursor["name"], "guard");
    assert_eq!(cursor["author"], json!({"name": "Acme"}));
    assert_eq!(cursor["skills"], "./skills/");
    assert_eq!(cursor["hooks"], "./hooks/hooks-cursor.json");
    let claude = read_json(&out.join(".claude-plugin/plugin.json"));
    assert_eq!(claude["mcpServers"], json!({"db": {"command": "db-mcp"}}));
    // Claude Code reads hooks/hooks.json by itself: naming it too would load it twice.
    assert!(claude.get("hooks").is_none(), "{claude}");
    let hooks = read_json(&out.join("hooks/hooks.json"));
    assert_eq!(hooks["modules"], json!(["./register.ts"]));
    assert!(hooks["hooks"].get("Stop").is_none(), "{hooks}");
    assert!(hooks["hooks"].get("PreToolUse").is_some(), "{hooks}");
    assert!(!out.join("bin/stale").exists());

    // A manifest that is not JSON is not replaced, and nothing else is written.
    s.write("plugin/.claude-plugin/plugin.json", "{ not json");
    std::fs::remove_file(out.join("hooks/hooks-cursor.json")).unwrap();
    let said = refused(&s, &["--out", out.to_str().unwrap(), bin.to_str().unwrap()]);
    assert!(said.contains("is not a JSON object"), "{said}");
    assert_eq!(
        std::fs::read_to_string(out.join(".claude-plugin/plugin.json")).unwrap(),
        "{ not json"
    );
    assert!(!out.join("hooks/hooks-cursor.json").exists());
}

/// Which single binaries replace the launcher: a macOS one does (it is `bin/NAME`); a Windows
/// one does not (`bin/NAME` stays the launcher, which Git Bash runs to start `NAME.exe`).
#[test]
fn a_lone_macos_binary_is_the_command_and_a_lone_windows_binary_keeps_the_launcher() {
    let s = Scratch::new("package-lone-binaries");
    let mac = fake_hook_binary(&s.root.join("m/guard"), "macos-universal", &record());
    let out = s.root.join("mac");
    package_binaries(&s, &out, &[&mac]);
    assert_eq!(
        std::fs::read(out.join("bin/guard")).unwrap(),
        std::fs::read(&mac).unwrap()
    );
    assert!(out.join("bin/guard.cmd").is_file());
    assert!(!out.join("bin/macos-universal").exists());

    let windows = fake_hook_binary(&s.root.join("w/guard.exe"), "windows-x86_64", &record());
    let out = s.root.join("windows");
    package_binaries(&s, &out, &[&windows]);
    let launcher = std::fs::read_to_string(out.join("bin/guard")).unwrap();
    assert!(
        launcher.contains("MINGW*|MSYS*|CYGWIN*) exec \"$here/guard.exe\""),
        "{launcher}"
    );
    assert_eq!(
        std::fs::read(out.join("bin/guard.exe")).unwrap(),
        std::fs::read(&windows).unwrap()
    );
}
