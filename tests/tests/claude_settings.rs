//! `print-config --claude`, `install --claude` and `uninstall --claude`, run on real hook
//! binaries in temporary project directories: Claude Code's `.claude/settings.json`.

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Claude Code handlers only: PreToolUse on `Bash` (timeout 5, fails closed),
/// UserPromptSubmit and Stop.
const CLAUDE: &str = env!("CARGO_BIN_EXE_claude-only");
/// One Cursor handler (beforeShellExecution) and one Claude Code handler (PreToolUse, `Bash`).
const BOTH: &str = env!("CARGO_BIN_EXE_both-hosts");
/// Cursor handlers only.
const CURSOR: &str = env!("CARGO_BIN_EXE_every-category");

/// The command `install` writes for `binary`: its absolute path (the test paths hold nothing a
/// shell would read, so the bare path on every platform).
fn command_of(binary: &str) -> String {
    let path = std::path::absolute(binary).expect("an absolute path");
    path.to_str().expect("a UTF-8 path").to_owned()
}

/// The command `install --claude` writes for `binary`'s handler of `event`: wired to it.
fn wired(binary: &str, event: &str) -> String {
    format!("{} --host claude-code --event {event}", command_of(binary))
}

/// The handler `install --claude` writes for `binary`'s handler of `event`.
fn handler(binary: &str, event: &str, timeout: Option<u32>, fail_closed: bool) -> Value {
    let mut handler = json!({ "type": "command", "command": wired(binary, event) });
    if let Some(timeout) = timeout {
        handler["timeout"] = timeout.into();
    }
    if fail_closed {
        handler["onFailure"] = "block".into();
    }
    if cfg!(windows) {
        handler["shell"] = "powershell".into();
    }
    handler
}

/// What `claude-handlers` wires, as Claude Code reads it.
fn claude_hooks(binary: &str) -> Value {
    json!({
        "PreToolUse": [{ "matcher": "Bash", "hooks": [handler(binary, "PreToolUse", Some(5), true)] }],
        "UserPromptSubmit": [{ "hooks": [handler(binary, "UserPromptSubmit", None, false)] }],
        "Stop": [{ "hooks": [handler(binary, "Stop", None, false)] }]
    })
}

/// A temporary project directory, removed when dropped.
struct Project(PathBuf);

impl Project {
    fn new(name: &str) -> Project {
        let dir = std::env::temp_dir().join(format!(
            "cursor-hooks-claude-settings-{}-{name}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join(".claude")).unwrap();
        Project(dir)
    }
    fn settings(&self) -> PathBuf {
        self.0.join(".claude").join("settings.json")
    }
    fn write(&self, text: &str) {
        std::fs::write(self.settings(), text).unwrap();
    }
    fn text(&self) -> String {
        std::fs::read_to_string(self.settings()).unwrap()
    }
    fn read(&self) -> Value {
        serde_json::from_str(&self.text()).unwrap()
    }
    fn dir(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for Project {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[derive(Debug)]
struct Out {
    code: i32,
    stdout: String,
    stderr: String,
}

fn output(output: std::process::Output) -> Out {
    Out {
        code: output.status.code().unwrap(),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

/// Runs `binary` in `project` with a home directory of its own inside it.
fn command(binary: &str, args: &[&str], project: &Path) -> Command {
    let mut command = Command::new(binary);
    command
        .args(args)
        .current_dir(project)
        .env("HOME", project.join("home"))
        .env("USERPROFILE", project.join("home"))
        .env_remove("CLAUDE_CONFIG_DIR");
    command
}

fn hook(binary: &str, args: &[&str], project: &Path) -> Out {
    output(
        command(binary, args, project)
            .output()
            .expect("the hook binary runs"),
    )
}

/// `subcommand --claude --project <project>`.
fn claude(binary: &str, subcommand: &str, project: &Project) -> Out {
    hook(
        binary,
        &[subcommand, "--claude", "--project", project.dir()],
        &project.0,
    )
}

/// What is left beside `settings.json`: on Windows the empty lock file that serialises
/// concurrent installs (on Unix it is removed after use).
const LEFT_BESIDE_SETTINGS: &[&str] = if cfg!(windows) {
    &["settings.json", "settings.json.cursor-hooks.lock"]
} else {
    &["settings.json"]
};

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

/// A project's settings as people write them: other settings, a hook of their own on the
/// `Bash` matcher and one on another.
const FOREIGN: &str = r#"{
  "$schema": "https://json.schemastore.org/claude-code-settings.json",
  "model": "opus",
  "permissions": {
    "allow": ["Bash(git status)", "Read(./src/**)"],
    "deny": ["Read(./.env)"]
  },
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          {
            "type": "command",
            "command": "\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/audit.sh",
            "timeout": 3
          }
        ]
      },
      {
        "matcher": "Edit|Write",
        "hooks": [{ "type": "command", "command": "npx prettier --write" }]
      }
    ],
    "UserPromptSubmit": [{ "hooks": [{ "type": "command", "command": "echo hello" }] }]
  },
  "env": { "FOO": "1" }
}
"#;

#[test]
fn print_config_prints_claude_s_nested_form() {
    let project = Project::new("print");
    let out = hook(CLAUDE, &["print-config", "--claude"], &project.0);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let printed: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(printed, json!({ "hooks": claude_hooks(CLAUDE) }));
    // Nothing was written.
    assert_eq!(files_in(&project.0.join(".claude")), Vec::<String>::new());
}

#[test]
fn install_into_a_missing_or_empty_file_writes_the_nested_form() {
    let project = Project::new("missing");
    std::fs::remove_dir_all(project.0.join(".claude")).unwrap();
    let out = claude(CLAUDE, "install", &project);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains("installed") && out.stdout.contains("settings.json"),
        "{}",
        out.stdout
    );
    assert_eq!(project.read(), json!({ "hooks": claude_hooks(CLAUDE) }));
    assert_eq!(files_in(&project.0.join(".claude")), LEFT_BESIDE_SETTINGS);
    // What `print-config --claude` shows is what `install --claude` writes into a new file.
    let printed = hook(CLAUDE, &["print-config", "--claude"], &project.0).stdout;
    assert_eq!(project.text(), printed);

    for empty in ["", "{}", "{ }\n"] {
        project.write(empty);
        assert_eq!(claude(CLAUDE, "install", &project).code, 0);
        assert_eq!(project.text(), printed, "{empty:?}");
    }
}

#[test]
fn install_keeps_every_other_setting_and_hook_and_uninstall_gives_the_file_back() {
    let project = Project::new("foreign");
    project.write(FOREIGN);
    let out = claude(CLAUDE, "install", &project);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let installed = project.text();
    let settings = project.read();
    let foreign: Value = serde_json::from_str(FOREIGN).unwrap();
    for key in ["$schema", "model", "permissions", "env"] {
        assert_eq!(settings[key], foreign[key], "{key}");
    }
    // Each handler joined the user's group of its matcher, after the user's handler; Stop got
    // an event of its own.
    let pre = &settings["hooks"]["PreToolUse"];
    assert_eq!(
        pre[0],
        json!({ "matcher": "Bash", "hooks": [
            foreign["hooks"]["PreToolUse"][0]["hooks"][0],
            handler(CLAUDE, "PreToolUse", Some(5), true)
        ]}),
        "{installed}"
    );
    assert_eq!(pre[1], foreign["hooks"]["PreToolUse"][1]);
    assert_eq!(pre.as_array().unwrap().len(), 2, "{installed}");
    assert_eq!(
        settings["hooks"]["UserPromptSubmit"],
        json!([{ "hooks": [
            foreign["hooks"]["UserPromptSubmit"][0]["hooks"][0],
            handler(CLAUDE, "UserPromptSubmit", None, false)
        ]}])
    );
    assert_eq!(settings["hooks"]["Stop"], claude_hooks(CLAUDE)["Stop"]);
    // The user's text is there as written, up to the first handler added.
    let kept = &FOREIGN[..FOREIGN.find("\n        ]\n      },").unwrap()];
    assert!(installed.starts_with(kept), "{installed}");

    // A second install changes nothing, not a byte.
    assert_eq!(claude(CLAUDE, "install", &project).code, 0);
    assert_eq!(project.text(), installed);

    // Uninstalled: the file as the user wrote it, byte for byte.
    let out = claude(CLAUDE, "uninstall", &project);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("removed 3"), "{}", out.stdout);
    assert_eq!(project.text(), FOREIGN);
    assert_eq!(files_in(&project.0.join(".claude")), LEFT_BESIDE_SETTINGS);
}

/// Claude Code reads `settings.json` strictly: with a comment it loads none of the file. Such
/// a file is refused and left as it is, for install and uninstall alike.
#[test]
fn a_file_claude_code_cannot_read_is_refused_and_left_alone() {
    let project = Project::new("comments");
    for text in [
        "{\n  // mine\n  \"model\": \"opus\"\n}\n",
        "{\"model\": \"opus\",}",
        "[]",
    ] {
        project.write(text);
        for subcommand in ["install", "uninstall"] {
            let out = claude(CLAUDE, subcommand, &project);
            assert_eq!(out.code, 1, "{subcommand} {text:?}: {}", out.stdout);
            assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
            assert!(
                out.stderr.contains("settings.json") && out.stderr.contains("left as it is"),
                "{}",
                out.stderr
            );
            assert_eq!(project.text(), text);
        }
    }
}

/// `install` writes the Cursor handlers into `hooks.json` and `install --claude` the Claude
/// Code ones into `settings.json`; neither writes the other host's.
#[test]
fn each_host_gets_its_own_handlers() {
    let project = Project::new("both");
    let out = hook(BOTH, &["install", "--project", project.dir()], &project.0);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let hooks_json: Value = serde_json::from_str(
        &std::fs::read_to_string(project.0.join(".cursor").join("hooks.json")).unwrap(),
    )
    .unwrap();
    let events: Vec<&String> = hooks_json["hooks"].as_object().unwrap().keys().collect();
    assert_eq!(events, ["beforeShellExecution"]);
    assert!(!project.settings().exists());

    assert_eq!(claude(BOTH, "install", &project).code, 0);
    assert_eq!(
        project.read(),
        json!({ "hooks": { "PreToolUse": [{ "matcher": "Bash", "hooks": [handler(BOTH, "PreToolUse", None, false)] }] } })
    );
    let printed: Value =
        serde_json::from_str(&hook(BOTH, &["print-config"], &project.0).stdout).unwrap();
    assert_eq!(printed["hooks"], hooks_json["hooks"]);
}

/// Asked for a host it has no handler of, a binary says so in one line, names the flag that
/// reaches the host it has, and exits 2; nothing is written.
#[test]
fn a_binary_without_handlers_for_the_host_says_which_flag_to_use() {
    let project = Project::new("wrong-host");
    for (binary, args, hint) in [
        (CURSOR, &["install", "--claude"][..], "use `install`"),
        (CURSOR, &["print-config", "--claude"], "use `print-config`"),
        (CLAUDE, &["install"], "use `install --claude`"),
        (CLAUDE, &["print-config"], "use `print-config --claude`"),
        // A Claude Code binary asked for Codex's file: Codex is a host of its own.
        (CLAUDE, &["install", "--codex"], "no Codex handler"),
        (
            CLAUDE,
            &["print-config", "--codex"],
            "use `print-config --claude`",
        ),
    ] {
        let mut args = args.to_vec();
        if args[0] == "install" {
            args.extend(["--project", project.dir()]);
        }
        let out = hook(binary, &args, &project.0);
        assert_eq!(out.code, 2, "{args:?}: {}", out.stdout);
        assert_eq!(out.stdout, "", "{args:?}");
        assert_eq!(out.stderr.lines().count(), 1, "{args:?}: {}", out.stderr);
        assert!(out.stderr.contains(hint), "{args:?}: {}", out.stderr);
    }
    assert_eq!(files_in(&project.0.join(".claude")), Vec::<String>::new());
    assert!(!project.0.join(".cursor").exists());
    assert!(!project.0.join(".codex").exists());
}

#[test]
fn install_user_writes_the_user_s_settings() {
    let project = Project::new("user");
    let out = hook(CLAUDE, &["install", "--claude", "--user"], &project.0);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let user = project.0.join("home").join(".claude").join("settings.json");
    let settings: Value = serde_json::from_str(&std::fs::read_to_string(&user).unwrap()).unwrap();
    assert_eq!(settings, json!({ "hooks": claude_hooks(CLAUDE) }));
    assert!(!project.settings().exists());

    // Claude Code keeps its user settings in CLAUDE_CONFIG_DIR when that is set.
    let config = project.0.join("config");
    let out = output(
        command(CLAUDE, &["install", "--claude", "--user"], &project.0)
            .env("CLAUDE_CONFIG_DIR", &config)
            .output()
            .unwrap(),
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(config.join("settings.json").is_file());
}

/// Starts `binary` with `args`, its output piped (a Windows start that Wine fails with
/// "Internal error", os error 1359, is tried again, as in `cursor_hooks::testing`).
fn start(binary: &str, args: &[&str], project: &Path) -> std::process::Child {
    let mut tries = 1;
    loop {
        let started = command(binary, args, project)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn();
        match started {
            Err(error) if cfg!(windows) && error.raw_os_error() == Some(1359) && tries < 3 => {
                tries += 1;
            }
            started => return started.expect("the hook binary starts"),
        }
    }
}

/// Runs `subcommand --claude --project` with every binary of `binaries` at once.
fn all_at_once(binaries: &[String], subcommand: &str, project: &Project) -> Vec<Out> {
    let args = [subcommand, "--claude", "--project", project.dir()];
    let children: Vec<_> = binaries
        .iter()
        .map(|binary| start(binary, &args, &project.0))
        .collect();
    children
        .into_iter()
        .map(|child| output(child.wait_with_output().unwrap()))
        .collect()
}

/// Ten binaries installing into one `settings.json` at once, then uninstalling at once: every
/// handler is there after the installs, and the file is the user's again after the uninstalls.
#[test]
fn concurrent_installs_and_uninstalls_lose_no_handler() {
    const COPIES: usize = 10;
    const ROUNDS: usize = 4;
    let project = Project::new("concurrent");
    // Distinct files, so distinct commands: hard links of one binary.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("claude-concurrent-installs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let binaries: Vec<String> = (0..COPIES)
        .map(|n| {
            let path = dir.join(format!("hook-{n}{}", std::env::consts::EXE_SUFFIX));
            std::fs::hard_link(CLAUDE, &path)
                .or_else(|_| std::fs::copy(CLAUDE, &path).map(drop))
                .unwrap();
            path.to_str().unwrap().to_owned()
        })
        .collect();
    for round in 0..ROUNDS {
        project.write(FOREIGN);
        for out in all_at_once(&binaries, "install", &project) {
            assert_eq!(out.code, 0, "round {round}: {}", out.stderr);
        }
        let settings = project.read();
        let hooks = &settings["hooks"];
        for binary in &binaries {
            let command = format!("{} --host claude-code --event ", command_of(binary));
            let count = hooks
                .as_object()
                .unwrap()
                .values()
                .flat_map(|groups| groups.as_array().unwrap())
                .flat_map(|group| group["hooks"].as_array().unwrap())
                .filter(|handler| {
                    handler["command"]
                        .as_str()
                        .is_some_and(|wired| wired.starts_with(&command))
                })
                .count();
            assert_eq!(
                count, 3,
                "round {round}: every handler of {binary} is wired"
            );
        }
        for out in all_at_once(&binaries, "uninstall", &project) {
            assert_eq!(out.code, 0, "round {round}: {}", out.stderr);
        }
        assert_eq!(project.text(), FOREIGN, "round {round}");
    }
    assert_eq!(files_in(&project.0.join(".claude")), LEFT_BESIDE_SETTINGS);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_read_only_settings_file_is_refused_and_left_alone() {
    let project = Project::new("read-only");
    let set_read_only = |read_only: bool| {
        let mut permissions = std::fs::metadata(project.settings()).unwrap().permissions();
        permissions.set_readonly(read_only);
        std::fs::set_permissions(project.settings(), permissions).unwrap();
    };
    for (subcommand, before) in [("install", false), ("uninstall", true)] {
        project.write(FOREIGN);
        if before {
            assert_eq!(claude(CLAUDE, "install", &project).code, 0);
        }
        let text = project.text();
        set_read_only(true);
        let out = claude(CLAUDE, subcommand, &project);
        assert_eq!(out.code, 1, "{subcommand}: {}", out.stdout);
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
        assert!(
            out.stderr.contains("read-only") && out.stderr.contains("settings.json"),
            "{}",
            out.stderr
        );
        assert_eq!(project.text(), text, "{subcommand} left the file as it was");
        set_read_only(false);
    }
}

/// The user's `~/.claude/settings.json` that links into a dotfiles repository: the change goes
/// to the link's target, the link stays a link, and the target's mode is kept. (A project's
/// linked file is refused: `tests/hostile_files.rs`.)
#[cfg(unix)]
#[test]
fn a_linked_settings_file_is_written_through_and_keeps_its_mode() {
    use std::os::unix::fs::PermissionsExt;
    let project = Project::new("link");
    let dotfiles = project.0.join("dotfiles");
    std::fs::create_dir_all(&dotfiles).unwrap();
    let target = dotfiles.join("settings.json");
    std::fs::write(&target, FOREIGN).unwrap();
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).unwrap();
    let user_settings = project.0.join("home/.claude/settings.json");
    std::fs::create_dir_all(user_settings.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink("../../dotfiles/settings.json", &user_settings).unwrap();
    let is_link = || {
        std::fs::symlink_metadata(&user_settings)
            .unwrap()
            .file_type()
            .is_symlink()
    };
    let mode = || std::fs::metadata(&target).unwrap().permissions().mode() & 0o7777;
    let user = |subcommand| hook(CLAUDE, &[subcommand, "--claude", "--user"], &project.0);

    assert_eq!(user("install").code, 0);
    assert!(is_link(), "settings.json is still a link");
    assert_eq!(mode(), 0o640);
    let through: Value = serde_json::from_str(&std::fs::read_to_string(&target).unwrap()).unwrap();
    assert_eq!(through["hooks"]["Stop"], claude_hooks(CLAUDE)["Stop"]);

    assert_eq!(user("uninstall").code, 0);
    assert!(is_link(), "settings.json is still a link");
    assert_eq!(mode(), 0o640);
    assert_eq!(std::fs::read_to_string(&target).unwrap(), FOREIGN);
    assert_eq!(files_in(&dotfiles), ["settings.json"]);
}

/// Claude Code locks its settings while it writes them by making the directory
/// `settings.json.lock`: `install` waits for it to go, says who holds it when it stays, and
/// goes ahead past one left behind by a Claude Code that ended (older than 10 s).
#[cfg(unix)]
#[test]
fn claude_code_s_own_lock_is_respected() {
    let project = Project::new("host-lock");
    project.write(FOREIGN);
    let host_lock = project.0.join(".claude").join("settings.json.lock");

    // Held for a moment: install waits, then writes.
    std::fs::create_dir(&host_lock).unwrap();
    let release = {
        let host_lock = host_lock.clone();
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(300));
            std::fs::remove_dir(&host_lock).unwrap();
        })
    };
    let out = claude(CLAUDE, "install", &project);
    release.join().unwrap();
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(
        project.read()["hooks"]["Stop"],
        claude_hooks(CLAUDE)["Stop"]
    );
    assert!(!host_lock.exists(), "install removed the lock it took");

    // Held all along: install gives up, names the lock, leaves the file alone.
    let installed = project.text();
    std::fs::create_dir(&host_lock).unwrap();
    let out = claude(CLAUDE, "uninstall", &project);
    assert_eq!(out.code, 1, "{}", out.stdout);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert!(out.stderr.contains("settings.json.lock"), "{}", out.stderr);
    assert_eq!(project.text(), installed);

    // Left behind long ago: not in the way, and not removed (it is not this binary's).
    let long_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(60);
    std::fs::File::open(&host_lock)
        .unwrap()
        .set_modified(long_ago)
        .unwrap();
    let out = claude(CLAUDE, "uninstall", &project);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(project.text(), FOREIGN);
    assert!(host_lock.is_dir());
}

/// A guard on `PreToolUse` and `PreSkillShellCommand` (Claude Code 2.1.332 and later).
#[cfg(unix)]
const SKILL_GUARD: &str = env!("CARGO_BIN_EXE_claude-skill-guard");

/// `install --claude --project <project> MORE` with `PATH` holding a stand-in `claude` that
/// says it is `version` (as Claude Code's `--version` does), or no `claude` at all. The stand-in
/// lives beside the project: `install` runs no program from inside the project it writes to.
#[cfg(unix)]
fn install_beside_claude(project: &Project, version: Option<&str>, more: &[&str]) -> Out {
    let bin = PathBuf::from(format!("{}-bin", project.dir()));
    std::fs::create_dir_all(&bin).unwrap();
    let claude = bin.join("claude");
    match version {
        Some(version) => {
            std::fs::write(
                &claude,
                format!("#!/bin/sh\necho '{version} (Claude Code)'\n"),
            )
            .unwrap();
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                std::fs::set_permissions(&claude, std::fs::Permissions::from_mode(0o755)).unwrap();
            }
        }
        None => {
            let _ = std::fs::remove_file(&claude);
        }
    }
    let mut args = vec!["install", "--claude", "--project", project.dir()];
    args.extend_from_slice(more);
    let mut command = command(SKILL_GUARD, &args, &project.0);
    command.env("PATH", format!("{}:/usr/bin:/bin", bin.display()));
    let out = output(command.output().expect("the hook binary runs"));
    let _ = std::fs::remove_dir_all(&bin);
    out
}

#[cfg(unix)]
#[test]
fn install_runs_no_claude_from_inside_the_project() {
    let project = Project::new("claude-planted");
    let planted = project.0.join("tools");
    std::fs::create_dir_all(&planted).unwrap();
    let ran = project.0.join("ran");
    let claude = planted.join("claude");
    std::fs::write(
        &claude,
        format!(
            "#!/bin/sh\ntouch '{}'\necho '2.1.1 (Claude Code)'\n",
            ran.display()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&claude, std::fs::Permissions::from_mode(0o755)).unwrap();
    let mut command = command(
        SKILL_GUARD,
        &["install", "--claude", "--project", project.dir()],
        &project.0,
    );
    command.env("PATH", format!("{}:/usr/bin:/bin", planted.display()));
    let out = output(command.output().expect("the hook binary runs"));
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        !ran.exists(),
        "install ran a program of the project it writes to"
    );
}

#[cfg(unix)]
#[test]
fn install_refuses_an_event_the_installed_claude_code_predates_unless_forced() {
    let project = Project::new("claude-too-old");
    project.write("{\"model\": \"opus\"}\n");
    let out = install_beside_claude(&project, Some("2.1.331"), &[]);
    assert_eq!(out.code, 1, "{out:?}");
    assert!(
        out.stderr.contains(
            "refusing to write `PreSkillShellCommand`: the installed Claude Code 2.1.331"
        ) && out.stderr.contains("added in 2.1.332")
            && out.stderr.contains("--force"),
        "{}",
        out.stderr
    );
    assert_eq!(
        project.text(),
        "{\"model\": \"opus\"}\n",
        "the file was changed"
    );

    let out = install_beside_claude(&project, Some("2.1.331"), &["--force"]);
    assert_eq!(out.code, 0, "{out:?}");
    let written = project.read();
    assert!(
        written["hooks"]["PreSkillShellCommand"].is_array(),
        "{written}"
    );
    assert_eq!(written["model"], "opus", "{written}");
}

#[cfg(unix)]
#[test]
fn install_writes_every_event_for_a_claude_code_that_knows_them_or_none_on_path() {
    for version in [Some("2.1.332"), None] {
        let project = Project::new("claude-new-enough");
        let out = install_beside_claude(&project, version, &[]);
        assert_eq!(out.code, 0, "{version:?}: {out:?}");
        let written = project.read();
        assert!(
            written["hooks"]["PreSkillShellCommand"].is_array(),
            "{written}"
        );
        assert!(written["hooks"]["PreToolUse"].is_array(), "{written}");
    }
}
