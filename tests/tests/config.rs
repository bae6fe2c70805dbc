//! `print-config`, `install`, `uninstall` and `doctor`, run on real hook binaries in
//! temporary project directories.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

const EVERY: &str = env!("CARGO_BIN_EXE_every-category");
const CLOSED: &str = env!("CARGO_BIN_EXE_hardened-closed");

/// The command `install` writes for `binary`: its absolute path as the hook itself sees it
/// (under Wine, `Z:\...` for the `/...` path cargo gives the test). The test paths hold nothing
/// a shell would read, so on every platform the command is the bare path.
fn command_of(binary: &str) -> String {
    let path = std::path::absolute(binary).expect("an absolute path");
    path.to_str().expect("a UTF-8 path").to_owned()
}

/// `command` wired to its handler of `event`, as `install` writes it.
fn wired_command(command: &str, event: &str) -> String {
    format!("{command} --host cursor --event {event}")
}

/// The command `install` writes for `binary`'s handler of `event`.
fn wired(binary: &str, event: &str) -> String {
    wired_command(&command_of(binary), event)
}

/// A temporary project directory, removed when dropped.
struct Project(PathBuf);

impl Project {
    fn new(name: &str) -> Project {
        let dir =
            std::env::temp_dir().join(format!("cursor-hooks-config-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join(".cursor")).unwrap();
        Project(dir)
    }
    fn hooks_json(&self) -> PathBuf {
        self.0.join(".cursor").join("hooks.json")
    }
    fn write(&self, text: &str) {
        std::fs::write(self.hooks_json(), text).unwrap();
    }
    fn read(&self) -> Value {
        serde_json::from_str(&std::fs::read_to_string(self.hooks_json()).unwrap()).unwrap()
    }
}

impl Drop for Project {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

struct Out {
    code: i32,
    stdout: String,
    stderr: String,
}

fn hook(binary: &str, args: &[&str], project: &Path) -> Out {
    let output = Command::new(binary)
        .args(args)
        .current_dir(project)
        // The home directory as Cursor finds it: `HOME` on Unix, `USERPROFILE` on Windows.
        .env("HOME", project.join("home"))
        .env("USERPROFILE", project.join("home"))
        .output()
        .expect("the hook binary runs");
    Out {
        code: output.status.code().unwrap(),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

fn install(binary: &str, project: &Project, extra: &[&str]) -> Out {
    let dir = project.0.to_str().unwrap();
    let mut args = vec!["install", "--project", dir];
    args.extend(extra);
    hook(binary, &args, &project.0)
}

/// What `install` leaves in the directory of `hooks.json`: the file, and on Windows the empty
/// lock file that serialises concurrent installs (on Unix it is removed after use).
const LEFT_BESIDE_HOOKS_JSON: &[&str] = if cfg!(windows) {
    &["hooks.json", "hooks.json.lock"]
} else {
    &["hooks.json"]
};

/// The names of the entries in `dir`, sorted.
fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

const FOREIGN: &str = r#"{
  "version": 1,
  "hooks": {
    "beforeShellExecution": [{ "command": ".cursor/hooks/audit.sh", "timeout": 3 }],
    "afterFileEdit": [{ "command": "/usr/local/bin/formatter", "matcher": "Write" }]
  }
}"#;

#[test]
fn print_config_lists_every_handler_with_its_options() {
    let project = Project::new("print");
    let out = hook(EVERY, &["print-config"], &project.0);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let config: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(config["version"], 1);
    let hooks = config["hooks"].as_object().unwrap();
    let expected = [
        "preToolUse",
        "beforeReadFile",
        "beforeSubmitPrompt",
        "sessionStart",
        "stop",
        "preCompact",
        "workspaceOpen",
        "afterFileEdit",
    ];
    assert_eq!(hooks.len(), expected.len());
    for event in expected {
        assert!(
            cursor_hooks::cursor::spec::info(event).is_some(),
            "{event} is a spec event"
        );
        let entry = &hooks[event][0];
        assert_eq!(
            entry["command"],
            wired(EVERY, event),
            "an absolute path to this binary, wired to its handler"
        );
    }
    assert_eq!(hooks["preToolUse"][0]["matcher"], "Shell");
    assert_eq!(hooks["stop"][0]["loop_limit"], 3);

    let closed: Value =
        serde_json::from_str(&hook(CLOSED, &["print-config"], &project.0).stdout).unwrap();
    for (event, entries) in closed["hooks"].as_object().unwrap() {
        assert_eq!(entries[0]["failClosed"], true, "{event}");
        assert_eq!(entries[0]["timeout"], 1, "{event}");
    }
}

/// `print-config` (and so `install`) writes only the keys `cursor-hooks doctor` reads
/// (`hooks_json::keys`, which both use), every option key among them.
#[test]
fn print_config_writes_the_entry_keys_the_reader_knows() {
    use cursor_hooks::hooks_json::keys;
    let project = Project::new("print-keys");
    let mut written = std::collections::BTreeSet::new();
    for binary in [EVERY, CLOSED] {
        let out = hook(binary, &["print-config"], &project.0);
        let config: Value = serde_json::from_str(&out.stdout).unwrap();
        let top: Vec<&str> = config
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(top, [keys::HOOKS, keys::VERSION]);
        for entries in config[keys::HOOKS].as_object().unwrap().values() {
            for key in entries[0].as_object().unwrap().keys() {
                assert!(keys::ENTRY.contains(&key.as_str()), "{key}");
                written.insert(key.clone());
            }
        }
    }
    let options = [
        keys::COMMAND,
        keys::TIMEOUT,
        keys::MATCHER,
        keys::FAIL_CLOSED,
        keys::LOOP_LIMIT,
    ];
    assert_eq!(written, options.map(str::to_owned).into());
}

#[test]
fn install_into_an_empty_project_writes_version_and_entries() {
    let project = Project::new("empty");
    std::fs::remove_dir_all(project.0.join(".cursor")).unwrap();
    let out = install(EVERY, &project, &[]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let config = project.read();
    assert_eq!(config["version"], 1);
    assert_eq!(config["hooks"].as_object().unwrap().len(), 8);
    assert_eq!(
        files_in(&project.0.join(".cursor")),
        LEFT_BESIDE_HOOKS_JSON,
        "no temporary file left behind"
    );
}

#[test]
fn install_keeps_foreign_entries_and_never_duplicates_its_own() {
    let project = Project::new("foreign");
    project.write(FOREIGN);
    let foreign: Value = serde_json::from_str(FOREIGN).unwrap();
    for _ in 0..2 {
        assert_eq!(install(EVERY, &project, &[]).code, 0);
    }
    assert_eq!(install(CLOSED, &project, &[]).code, 0);
    let config = project.read();
    let hooks = config["hooks"].as_object().unwrap();
    assert_eq!(
        hooks["beforeShellExecution"][0],
        foreign["hooks"]["beforeShellExecution"][0]
    );
    assert_eq!(
        hooks["afterFileEdit"][0],
        foreign["hooks"]["afterFileEdit"][0]
    );
    assert_eq!(
        count_entries(&config, &command_of(EVERY)),
        8,
        "installed twice, present once per event"
    );
    assert_eq!(count_entries(&config, &command_of(CLOSED)), 3);
    assert_eq!(
        hooks["afterFileEdit"].as_array().unwrap().len(),
        2,
        "foreign and ours side by side"
    );

    // Uninstalling both brings back exactly the foreign configuration.
    assert_eq!(
        hook(
            EVERY,
            &["uninstall", "--project", project.0.to_str().unwrap()],
            &project.0
        )
        .code,
        0
    );
    assert_eq!(
        hook(
            CLOSED,
            &["uninstall", "--project", project.0.to_str().unwrap()],
            &project.0
        )
        .code,
        0
    );
    assert_eq!(project.read(), foreign);
}

#[test]
fn dry_run_prints_and_writes_nothing() {
    let project = Project::new("dry");
    project.write(FOREIGN);
    let out = install(EVERY, &project, &["--dry-run"]);
    assert_eq!(out.code, 0);
    let printed: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(printed["hooks"]["stop"][0]["command"], wired(EVERY, "stop"));
    assert_eq!(
        std::fs::read_to_string(project.hooks_json()).unwrap(),
        FOREIGN
    );
}

#[test]
fn install_refuses_a_file_it_cannot_parse_and_leaves_it_alone() {
    let project = Project::new("broken");
    let broken = "{ \"version\": 1, \"hooks\": { ";
    project.write(broken);
    let out = install(EVERY, &project, &[]);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.contains("not valid JSON") && out.stderr.contains("left as it is"),
        "{}",
        out.stderr
    );
    assert_eq!(
        std::fs::read_to_string(project.hooks_json()).unwrap(),
        broken
    );
}

#[test]
fn install_user_writes_under_home() {
    let project = Project::new("user");
    let out = hook(EVERY, &["install", "--user"], &project.0);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let file = project.0.join("home").join(".cursor").join("hooks.json");
    let user: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    assert_eq!(user["hooks"]["stop"][0]["command"], wired(EVERY, "stop"));
}

// `NAME=value` before a command is POSIX shell syntax; PowerShell, which runs hooks on Windows,
// has none.
#[cfg(unix)]
#[test]
fn an_entry_that_runs_this_binary_through_a_wrapper_is_its_own() {
    let project = Project::new("wrapper");
    // The capture wiring the README recommends: an assignment before the quoted binary.
    let wrapped = format!("CURSOR_HOOKS_CAPTURE=$HOME/captures.jsonl '{CLOSED}'");
    project.write(
        &serde_json::json!({
            "version": 1,
            "hooks": {
                "beforeShellExecution": [
                    { "command": ".cursor/hooks/audit.sh" },
                    { "command": wrapped, "timeout": 30 }
                ],
                // A second copy of the binary's entry: it would run the hook twice.
                "beforeSubmitPrompt": [{ "command": CLOSED }, { "command": wrapped }]
            }
        })
        .to_string(),
    );
    let out = install(CLOSED, &project, &[]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let config = project.read();
    let shell = config["hooks"]["beforeShellExecution"].as_array().unwrap();
    assert_eq!(
        shell.len(),
        2,
        "no second, plain entry beside the wrapped one: {shell:?}"
    );
    assert_eq!(shell[0]["command"], ".cursor/hooks/audit.sh");
    assert_eq!(shell[1]["command"], wrapped.as_str(), "the wrapper is kept");
    assert_eq!(
        shell[1]["timeout"], 1,
        "the binary's own options are applied"
    );
    assert_eq!(shell[1]["failClosed"], true);
    let prompt = config["hooks"]["beforeSubmitPrompt"].as_array().unwrap();
    assert_eq!(prompt.len(), 1, "one copy left: {prompt:?}");

    let out = hook(
        CLOSED,
        &["uninstall", "--project", project.0.to_str().unwrap()],
        &project.0,
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let config = project.read();
    let shell = config["hooks"]["beforeShellExecution"].as_array().unwrap();
    assert_eq!(
        shell.len(),
        1,
        "the wrapped entry is removed too: {shell:?}"
    );
    assert_eq!(shell[0]["command"], ".cursor/hooks/audit.sh");
    assert!(config["hooks"].get("beforeSubmitPrompt").is_none());
}

#[cfg(unix)] // a symbolic link, rather than a copy that another test's fork could hold open
#[test]
fn a_relative_or_home_relative_command_to_this_binary_is_its_own() {
    let project = Project::new("relative");
    let home = project.0.join("home");
    std::fs::create_dir_all(home.join("bin")).unwrap();
    std::os::unix::fs::symlink(CLOSED, home.join("bin").join("hook")).unwrap();
    project.write(
        r#"{"version":1,"hooks":{"beforeShellExecution":[{"command":"~/bin/hook"},{"command":"$HOME/bin/hook --flag"},{"command":"./hook-elsewhere"}]}}"#,
    );
    let out = hook(
        CLOSED,
        &["uninstall", "--project", project.0.to_str().unwrap()],
        &project.0,
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("removed 2 hook(s)"), "{}", out.stdout);
    let config = project.read();
    assert_eq!(
        config["hooks"]["beforeShellExecution"],
        serde_json::json!([{ "command": "./hook-elsewhere" }])
    );
}

/// The form `install` writes on Windows for a path with spaces (PowerShell's call operator on a
/// quoted path) is recognised on every platform, so a `hooks.json` shared between machines
/// keeps one entry per hook.
#[test]
fn an_entry_in_powershell_call_form_is_its_own() {
    let project = Project::new("call");
    let call = format!("& '{}'", command_of(CLOSED).replace('\'', "''"));
    project.write(
        &serde_json::json!({
            "version": 1,
            "hooks": { "beforeShellExecution": [{ "command": ".cursor/hooks/audit.sh" }, { "command": call }] }
        })
        .to_string(),
    );
    let out = install(CLOSED, &project, &[]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let shell = project.read()["hooks"]["beforeShellExecution"].clone();
    assert_eq!(
        shell.as_array().unwrap().len(),
        2,
        "updated in place, not added beside it: {shell}"
    );
    assert_eq!(
        shell[1]["command"],
        call.as_str(),
        "the entry keeps its form"
    );
    assert_eq!(
        shell[1]["failClosed"], true,
        "the binary's options are applied"
    );

    let out = hook(
        CLOSED,
        &["uninstall", "--project", project.0.to_str().unwrap()],
        &project.0,
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(
        project.read()["hooks"]["beforeShellExecution"],
        serde_json::json!([{ "command": ".cursor/hooks/audit.sh" }])
    );
}

/// How many entries in `config` run `command` wired to their own event (as `install` writes
/// them), over every event.
fn count_entries(config: &Value, command: &str) -> usize {
    config["hooks"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(event, list)| list.as_array().unwrap().iter().map(move |e| (event, e)))
        .filter(|(event, entry)| entry["command"] == wired_command(command, event))
        .count()
}

/// Starts `binary` with `args` (a Windows start that Wine fails with "Internal error", os error
/// 1359, is tried again, as in `cursor_hooks::testing`).
fn start(binary: &str, args: &[&str], project: &Path) -> std::process::Child {
    let mut tries = 1;
    loop {
        let started = Command::new(binary)
            .args(args)
            .current_dir(project)
            .env("HOME", project.join("home"))
            .env("USERPROFILE", project.join("home"))
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

/// Runs `subcommand --project` with every binary of `binaries` at once.
fn all_at_once(binaries: &[String], subcommand: &str, project: &Project) -> Vec<Out> {
    let dir = project.0.to_str().unwrap();
    let children: Vec<_> = binaries
        .iter()
        .map(|binary| start(binary, &[subcommand, "--project", dir], &project.0))
        .collect();
    children
        .into_iter()
        .map(|child| {
            let output = child.wait_with_output().unwrap();
            Out {
                code: output.status.code().unwrap(),
                stdout: String::from_utf8(output.stdout).unwrap(),
                stderr: String::from_utf8(output.stderr).unwrap(),
            }
        })
        .collect()
}

/// Ten hook binaries installing into one `hooks.json` at once, then uninstalling at once: every
/// entry is there after the installs, and exactly the foreign ones after the uninstalls. (Before
/// the lock, a third of the entries went missing while every process reported success.)
#[test]
fn concurrent_installs_and_uninstalls_lose_no_entry() {
    const COPIES: usize = 10;
    const ROUNDS: usize = 5;
    let project = Project::new("concurrent");
    // Distinct files, so distinct entries: hard links of one binary (no copy that another test's
    // fork could hold open for writing), in the target directory, on the binary's file system.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("concurrent-installs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let binaries: Vec<String> = (0..COPIES)
        .map(|n| {
            let path = dir.join(format!("hook-{n}{}", std::env::consts::EXE_SUFFIX));
            std::fs::hard_link(EVERY, &path)
                .or_else(|_| std::fs::copy(EVERY, &path).map(drop))
                .unwrap();
            path.to_str().unwrap().to_owned()
        })
        .collect();
    let foreign: Value = serde_json::from_str(FOREIGN).unwrap();
    for round in 0..ROUNDS {
        project.write(FOREIGN);
        for out in all_at_once(&binaries, "install", &project) {
            assert_eq!(out.code, 0, "round {round}: {}", out.stderr);
        }
        let config = project.read();
        for binary in &binaries {
            assert_eq!(
                count_entries(&config, &command_of(binary)),
                8,
                "round {round}: every event of {binary} is wired"
            );
        }
        assert_eq!(
            config["hooks"]["beforeShellExecution"],
            foreign["hooks"]["beforeShellExecution"]
        );

        for out in all_at_once(&binaries, "uninstall", &project) {
            assert_eq!(out.code, 0, "round {round}: {}", out.stderr);
        }
        assert_eq!(
            project.read(),
            foreign,
            "round {round}: only the foreign entries are left"
        );
    }
    assert_eq!(files_in(&project.0.join(".cursor")), LEFT_BESIDE_HOOKS_JSON);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The user's `~/.cursor/hooks.json` that links into a dotfiles repository: the change goes to
/// the link's target, and the link stays a link. (A project's linked file is refused:
/// `tests/hostile_files.rs`.)
#[cfg(unix)]
#[test]
fn a_linked_hooks_json_is_written_through_and_stays_a_link() {
    let project = Project::new("link");
    let dotfiles = project.0.join("dotfiles");
    std::fs::create_dir_all(&dotfiles).unwrap();
    let target = dotfiles.join("hooks.json");
    std::fs::write(&target, FOREIGN).unwrap();
    let user_hooks = project.0.join("home/.cursor/hooks.json");
    std::fs::create_dir_all(user_hooks.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink("../../dotfiles/hooks.json", &user_hooks).unwrap();
    let is_link = || {
        std::fs::symlink_metadata(&user_hooks)
            .unwrap()
            .file_type()
            .is_symlink()
    };

    let out = hook(EVERY, &["install", "--user"], &project.0);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(is_link(), "hooks.json is still a link");
    let through: Value = serde_json::from_str(&std::fs::read_to_string(&target).unwrap()).unwrap();
    assert_eq!(count_entries(&through, &command_of(EVERY)), 8);

    let out = hook(EVERY, &["uninstall", "--user"], &project.0);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(is_link(), "hooks.json is still a link");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), FOREIGN);
    assert_eq!(
        files_in(&dotfiles),
        ["hooks.json"],
        "nothing left beside the target"
    );
}

#[cfg(unix)]
#[test]
fn install_and_uninstall_keep_the_file_mode() {
    use std::os::unix::fs::PermissionsExt;
    let project = Project::new("mode");
    project.write(FOREIGN);
    let mode = || {
        std::fs::metadata(project.hooks_json())
            .unwrap()
            .permissions()
            .mode()
            & 0o7777
    };
    for wanted in [0o600, 0o640] {
        std::fs::set_permissions(
            project.hooks_json(),
            std::fs::Permissions::from_mode(wanted),
        )
        .unwrap();
        let out = install(EVERY, &project, &[]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        assert_eq!(mode(), wanted, "after install: {:o}", mode());
        let dir = project.0.to_str().unwrap();
        let out = hook(EVERY, &["uninstall", "--project", dir], &project.0);
        assert_eq!(out.code, 0, "{}", out.stderr);
        assert_eq!(mode(), wanted, "after uninstall: {:o}", mode());
    }
}

#[test]
fn a_read_only_hooks_json_is_refused_and_left_alone() {
    let project = Project::new("read-only");
    let set_read_only = |read_only: bool| {
        let mut permissions = std::fs::metadata(project.hooks_json())
            .unwrap()
            .permissions();
        permissions.set_readonly(read_only);
        std::fs::set_permissions(project.hooks_json(), permissions).unwrap();
    };
    let dir = project.0.to_str().unwrap();
    // Install refuses to add entries, uninstall to remove them.
    for (subcommand, before) in [("install", false), ("uninstall", true)] {
        project.write(FOREIGN);
        if before {
            assert_eq!(install(EVERY, &project, &[]).code, 0);
        }
        let text = std::fs::read_to_string(project.hooks_json()).unwrap();
        set_read_only(true);
        let out = hook(EVERY, &[subcommand, "--project", dir], &project.0);
        assert_eq!(out.code, 1, "{subcommand}: {}", out.stdout);
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
        assert!(
            out.stderr.contains("read-only") && out.stderr.contains("hooks.json"),
            "{}",
            out.stderr
        );
        assert_eq!(
            std::fs::read_to_string(project.hooks_json()).unwrap(),
            text,
            "{subcommand} left the file as it was"
        );
        assert!(std::fs::metadata(project.hooks_json())
            .unwrap()
            .permissions()
            .readonly());
        set_read_only(false);
    }
}

/// A hooks.json with `//` comments, as Cursor accepts it.
const COMMENTED: &str = r#"// Project hooks, kept in git.
{
  "version": 1,
  "hooks": {
    // Audit every shell command.
    "beforeShellExecution": [
      { "command": ".cursor/hooks/audit.sh", "timeout": 3 } // fast
    ],
    "afterFileEdit": [
      // The formatter runs on every write.
      { "command": "/usr/local/bin/formatter", "matcher": "Write" }
    ]
  }
  // Ask before adding hooks here.
}
"#;

/// `text` without its `//` comments (outside strings), as Cursor reads it.
fn without_comments(text: &str) -> Value {
    let mut out = String::new();
    let (mut in_string, mut escaped, mut comment) = (false, false, false);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if comment {
            comment = c != '\n';
            if !comment {
                out.push(c);
            }
            continue;
        }
        match c {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            '/' if !in_string && chars.peek() == Some(&'/') => {
                comment = true;
                continue;
            }
            _ => {}
        }
        out.push(c);
    }
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

#[test]
fn install_and_uninstall_keep_comments_and_layout() {
    let project = Project::new("comments");
    project.write(COMMENTED);
    let out = install(EVERY, &project, &[]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let installed = std::fs::read_to_string(project.hooks_json()).unwrap();
    for line in COMMENTED.lines().filter(|line| line.contains("//")) {
        assert!(installed.contains(line), "`{line}` is kept:\n{installed}");
    }
    let config = without_comments(&installed);
    assert_eq!(count_entries(&config, &command_of(EVERY)), 8, "{installed}");
    let foreign = without_comments(COMMENTED);
    assert_eq!(
        config["hooks"]["beforeShellExecution"][0],
        foreign["hooks"]["beforeShellExecution"][0]
    );
    assert_eq!(
        config["hooks"]["afterFileEdit"][0],
        foreign["hooks"]["afterFileEdit"][0]
    );

    // Installed again: nothing to change, not a byte.
    assert_eq!(install(EVERY, &project, &[]).code, 0);
    assert_eq!(
        std::fs::read_to_string(project.hooks_json()).unwrap(),
        installed
    );

    // Uninstalled: the file as the user wrote it, byte for byte.
    let dir = project.0.to_str().unwrap();
    let out = hook(EVERY, &["uninstall", "--project", dir], &project.0);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(
        std::fs::read_to_string(project.hooks_json()).unwrap(),
        COMMENTED
    );
}

/// An entry of the binary's own, with the user's comment inside and an old option: the option
/// is updated, the comment and the rest of the line stay.
#[test]
fn a_comment_inside_the_binary_s_own_entry_survives_an_update() {
    let project = Project::new("own-comment");
    let command = serde_json::to_string(&command_of(CLOSED)).unwrap();
    let text = format!(
        "{{\n  \"version\": 1,\n  \"hooks\": {{\n    \"beforeShellExecution\": [\n      {{\n        \"command\": {command}, // wired by hand\n        \"timeout\": 30\n      }}\n    ]\n  }}\n}}\n"
    );
    project.write(&text);
    let out = install(CLOSED, &project, &[]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let installed = std::fs::read_to_string(project.hooks_json()).unwrap();
    assert!(
        installed.contains(&format!("\"command\": {command}, // wired by hand\n")),
        "{installed}"
    );
    let entry = &without_comments(&installed)["hooks"]["beforeShellExecution"][0];
    assert_eq!(entry["timeout"], 1, "{installed}");
    assert_eq!(entry["failClosed"], true, "{installed}");
}

/// `hook print-config | head -1`: the reader is gone before the binary writes (`EPIPE` on Unix,
/// `ERROR_NO_DATA` on Windows). It ends quietly with 0, no panic.
#[test]
fn output_into_a_closed_pipe_ends_quietly() {
    let project = Project::new("pipe");
    let dir = project.0.to_str().unwrap();
    for args in [
        &["print-config"][..],
        &["install", "--project", dir],
        &["install", "--project", dir, "--dry-run"],
        &["uninstall", "--project", dir],
        &["--help"],
    ] {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let output = Command::new(EVERY)
            .args(args)
            .current_dir(&project.0)
            .stdout(writer)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{args:?}: {stderr}");
        assert_eq!(stderr, "", "{args:?}");
    }
    // The install itself happened; so did the uninstall, which deleted the file the install
    // created.
    assert!(!project.hooks_json().exists());
}
