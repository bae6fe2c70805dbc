//! `install` and `uninstall` of real hook binaries (Cursor's `hooks.json` and, with `--claude`,
//! Claude Code's `settings.json`) in folders someone else owns and on files that are not what
//! they seem: a folder owner racing the write, planted links, FIFOs, devices, huge files, a
//! held lock, a full file system.
//!
//! Several tests need root (CI runs as root): to act as a second user (`nobody`) and to mount a
//! small file system in a private mount namespace (`unshare -m`). Without root they fail, unless
//! `CURSOR_HOOKS_TESTS_WITHOUT_ROOT=1` says to pass over them (which they then say on stderr).
#![cfg(target_os = "linux")]

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const CURSOR: &str = env!("CARGO_BIN_EXE_every-category");
const CLAUDE: &str = env!("CARGO_BIN_EXE_claude-only");
const RACER: &str = env!("CARGO_BIN_EXE_swap-racer");

/// The user the attacker runs as.
const NOBODY: u32 = 65534;

const FOREIGN: &str = r#"{
  "version": 1,
  "hooks": {
    "beforeShellExecution": [{ "command": ".cursor/hooks/audit.sh", "timeout": 3 }]
  }
}
"#;

const CLAUDE_FOREIGN: &str = r#"{
  "permissions": { "allow": ["Bash(ls)"] },
  "hooks": {
    "Stop": [{ "hooks": [{ "type": "command", "command": "/usr/local/bin/notify" }] }]
  }
}
"#;

/// Which editor's file a test works on.
#[derive(Clone, Copy)]
enum Editor {
    Cursor,
    Claude,
}

impl Editor {
    fn binary(self) -> &'static str {
        match self {
            Editor::Cursor => CURSOR,
            Editor::Claude => CLAUDE,
        }
    }
    fn folder(self) -> &'static str {
        match self {
            Editor::Cursor => ".cursor",
            Editor::Claude => ".claude",
        }
    }
    fn file(self) -> &'static str {
        match self {
            Editor::Cursor => "hooks.json",
            Editor::Claude => "settings.json",
        }
    }
    fn lock(self) -> &'static str {
        match self {
            Editor::Cursor => "hooks.json.lock",
            Editor::Claude => "settings.json.cursor-hooks.lock",
        }
    }
    fn foreign(self) -> &'static str {
        match self {
            Editor::Cursor => FOREIGN,
            Editor::Claude => CLAUDE_FOREIGN,
        }
    }
    /// `install` or `uninstall` of this editor's file, as arguments.
    fn args(self, subcommand: &'static str, project: &Path) -> Vec<String> {
        let mut args = vec![subcommand.to_owned()];
        if let Editor::Claude = self {
            args.push("--claude".to_owned());
        }
        args.push("--project".to_owned());
        args.push(project.to_str().unwrap().to_owned());
        args
    }
    /// `install` of this editor's user-level file (under the `HOME` the test gives).
    fn user_install(self) -> Vec<String> {
        let mut args = vec!["install".to_owned(), "--user".to_owned()];
        if let Editor::Claude = self {
            args.push("--claude".to_owned());
        }
        args
    }
}

const BOTH: [Editor; 2] = [Editor::Cursor, Editor::Claude];

/// A temporary folder, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "cursor-hooks-hostile-{}-{name}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
        Scratch(dir)
    }
    /// A project with the editor's folder, and the file's path in it.
    fn project(&self, editor: Editor) -> (PathBuf, PathBuf) {
        let project = self.0.join(format!("project-{}", editor.file()));
        std::fs::create_dir_all(project.join(editor.folder())).unwrap();
        let file = project.join(editor.folder()).join(editor.file());
        (project, file)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Whether this process is root; when not, panics unless the opt-out variable is set.
fn root_or_opted_out(test: &str) -> bool {
    // The owner of a file this process makes is its effective user (std has no `geteuid`).
    // One probe per test: the tests of this binary share its process id and run at once, and
    // one test's cleanup removed another's probe between its write and its read.
    let probe =
        std::env::temp_dir().join(format!("cursor-hooks-uid-{}-{test}", std::process::id()));
    std::fs::write(&probe, b"").unwrap();
    let uid = std::fs::metadata(&probe).unwrap().uid();
    let _ = std::fs::remove_file(&probe);
    if uid == 0 {
        return true;
    }
    if std::env::var_os("CURSOR_HOOKS_TESTS_WITHOUT_ROOT").is_some_and(|v| v == "1") {
        eprintln!("{test}: NOT RUN: needs root (CURSOR_HOOKS_TESTS_WITHOUT_ROOT=1)");
        return false;
    }
    panic!("{test} needs root (CI runs as root); set CURSOR_HOOKS_TESTS_WITHOUT_ROOT=1 to pass over it");
}

/// Runs `binary` with `args`, killed after 30 s so that a hang fails the test rather than
/// holding it (the behaviour tested never comes near that).
fn run(binary: &str, args: &[String], home: &Path) -> Output {
    let mut child = Command::new(binary)
        .args(args)
        .env("HOME", home)
        .env_remove("CLAUDE_CONFIG_DIR")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the hook binary starts");
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(30) {
            child.kill().unwrap();
            let output = child.wait_with_output().unwrap();
            panic!(
                "{binary} {args:?} hung (killed after 30 s); stderr: {}",
                String::from_utf8_lossy(&output.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    child.wait_with_output().unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Runs `editor`'s `subcommand` on `project` expecting a refusal: exit 1 and one line on
/// stderr, which it returns.
fn refused(editor: Editor, subcommand: &'static str, project: &Path, home: &Path) -> String {
    let output = run(editor.binary(), &editor.args(subcommand, project), home);
    let stderr = stderr(&output);
    let context = format!("{} {subcommand}: {stderr}", editor.file());
    assert_eq!(output.status.code(), Some(1), "{context}");
    assert_eq!(stderr.lines().count(), 1, "{context}");
    stderr
}

/// A file's owner, group, mode, kind and content, to tell whether anything changed it.
fn snapshot(path: &Path) -> (u32, u32, u32, bool, Vec<u8>) {
    let meta = std::fs::symlink_metadata(path).unwrap();
    (
        meta.uid(),
        meta.gid(),
        meta.mode(),
        meta.file_type().is_file(),
        std::fs::read(path).unwrap_or_default(),
    )
}

/// Puts `text` at `file` as a regular file of `owner` with mode 0644.
fn plant(file: &Path, text: &str, owner: u32) {
    let _ = std::fs::remove_file(file);
    std::fs::write(file, text).unwrap();
    std::os::unix::fs::chown(file, Some(owner), Some(owner)).unwrap();
    std::fs::set_permissions(file, std::fs::Permissions::from_mode(0o644)).unwrap();
}

/// Starts the racer as `nobody`. A test running beside this one may fork while the racer's copy
/// is still open for writing in that child, so exec can briefly fail with "text file busy": that
/// is retried, for at most two seconds.
fn spawn_as_nobody(racer: &Path, folder: &Path, victim: &Path) -> std::process::Child {
    let mut tries = 0;
    loop {
        let started = std::os::unix::process::CommandExt::gid(
            std::os::unix::process::CommandExt::uid(&mut Command::new(racer), NOBODY),
            NOBODY,
        )
        .arg(folder)
        .arg(victim)
        .stdin(Stdio::null())
        .spawn();
        match started {
            Err(e) if e.kind() == std::io::ErrorKind::ExecutableFileBusy && tries < 100 => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            started => return started.expect("the racer starts as nobody"),
        }
    }
}

/// Kills a child when dropped.
struct Racer(std::process::Child);

impl Drop for Racer {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The owner of the project's folder (`nobody`) swaps every temporary file that appears in it
/// for a link to a root-owned 0600 file, while root installs and uninstalls again and again.
/// The root-owned file must keep its owner, mode and content: the temporary file's owner and
/// mode are set on the open file, not by its name. (Before: the file became nobody's, 0644.)
#[test]
fn a_folder_owner_racing_the_temporary_file_gets_nothing() {
    if !root_or_opted_out("a_folder_owner_racing_the_temporary_file_gets_nothing") {
        return;
    }
    let scratch = Scratch::new("race");
    // The attacker's program, where `nobody` can run it (the build folder may be private).
    let racer = scratch.0.join("swap-racer");
    std::fs::copy(RACER, &racer).unwrap();
    std::fs::set_permissions(&racer, std::fs::Permissions::from_mode(0o755)).unwrap();
    let victim = scratch.0.join("victim.json");
    std::fs::write(&victim, "{\"secret\": 1}\n").unwrap();
    std::fs::set_permissions(&victim, std::fs::Permissions::from_mode(0o600)).unwrap();
    let before = snapshot(&victim);
    for editor in BOTH {
        let (project, file) = scratch.project(editor);
        let folder = file.parent().unwrap();
        for dir in [&project, &folder.to_path_buf()] {
            std::os::unix::fs::chown(dir, Some(NOBODY), Some(NOBODY)).unwrap();
        }
        let _racer = Racer(spawn_as_nobody(&racer, folder, &victim));
        let mut swapped = 0;
        for round in 0..150 {
            // A fresh file each round: a swap that won the last round left a link in its place.
            if std::fs::symlink_metadata(&file).is_ok_and(|m| m.file_type().is_symlink()) {
                swapped += 1;
            }
            plant(&file, editor.foreign(), NOBODY);
            let subcommand = if round % 2 == 0 {
                "install"
            } else {
                "uninstall"
            };
            let home = scratch.0.join("home");
            let _ = run(editor.binary(), &editor.args(subcommand, &project), &home);
            assert_eq!(
                snapshot(&victim),
                before,
                "round {round} of {}: the root-owned file was changed",
                editor.file()
            );
        }
        eprintln!("{}: {swapped} rounds left a swapped link", editor.file());
    }
    let mut names: Vec<String> = std::fs::read_dir(&scratch.0)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "project-hooks.json",
            "project-settings.json",
            "swap-racer",
            "victim.json"
        ],
        "nothing else appeared beside the projects"
    );
}

/// A lock file planted as a link (dangling here) is refused: its target is never created.
/// (Before: the target was created, empty, wherever the link pointed.)
#[test]
fn a_lock_file_that_is_a_link_is_refused_and_its_target_not_created() {
    let scratch = Scratch::new("lock-link");
    for editor in BOTH {
        let (project, file) = scratch.project(editor);
        plant(&file, editor.foreign(), 0);
        let target = scratch.0.join(format!("created-by-{}", editor.file()));
        std::os::unix::fs::symlink(&target, file.with_file_name(editor.lock())).unwrap();
        let before = std::fs::read(&file).unwrap();
        let output = run(
            editor.binary(),
            &editor.args("install", &project),
            &scratch.0,
        );
        let stderr = stderr(&output);
        assert_eq!(output.status.code(), Some(1), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains("is a symbolic link"), "{stderr}");
        assert!(!target.exists(), "the link's target was created");
        assert_eq!(std::fs::read(&file).unwrap(), before);
    }
}

/// Another process holds the lock: `install` waits a few seconds, then gives up with one line
/// that names the holder's process id. (Before: it waited forever, without a word.)
#[test]
fn a_held_lock_is_waited_on_then_refused_naming_its_holder() {
    use std::io::Write;
    let scratch = Scratch::new("lock-held");
    for editor in BOTH {
        let (project, file) = scratch.project(editor);
        plant(&file, editor.foreign(), 0);
        let before = std::fs::read(&file).unwrap();
        // The holder, as another `install` leaves it: locked, its process id inside.
        let mut lock = std::fs::File::create(file.with_file_name(editor.lock())).unwrap();
        lock.lock().unwrap();
        write!(lock, "{}", std::process::id()).unwrap();
        let output = run(
            editor.binary(),
            &editor.args("install", &project),
            &scratch.0,
        );
        let stderr = stderr(&output);
        assert_eq!(output.status.code(), Some(1), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains(&format!("process {} holds the lock", std::process::id())),
            "{stderr}"
        );
        assert_eq!(std::fs::read(&file).unwrap(), before);
        drop(lock);
        // Once the holder is gone, the same install goes through.
        let output = run(
            editor.binary(),
            &editor.args("install", &project),
            &scratch.0,
        );
        assert_eq!(output.status.code(), Some(0), "{}", self::stderr(&output));
    }
}

/// A FIFO where the file should be: refused at once, nothing left behind (Claude Code's own
/// lock directory included). (Before: `install` hung on the FIFO, holding both locks.)
#[test]
fn a_fifo_in_place_of_the_file_is_refused_without_waiting() {
    let scratch = Scratch::new("fifo");
    for editor in BOTH {
        let (project, file) = scratch.project(editor);
        let made = Command::new("mkfifo").arg(&file).status().unwrap();
        assert!(made.success(), "mkfifo");
        for subcommand in ["install", "uninstall"] {
            let stderr = refused(editor, subcommand, &project, &scratch.0);
            assert!(stderr.contains("not a regular file"), "{stderr}");
            let left: Vec<_> = std::fs::read_dir(file.parent().unwrap())
                .unwrap()
                .map(|e| e.unwrap().file_name().into_string().unwrap())
                .collect();
            assert_eq!(left, [editor.file()], "{subcommand} left only the FIFO");
        }
    }
}

/// A file linked to `/dev/zero`, or larger than the limit, is refused without being read.
/// (Before: `install` read `/dev/zero` until the machine's memory ran out.) The link is the
/// user's file: a project's linked file is refused before it is opened (below).
#[test]
fn a_device_or_a_huge_file_is_refused_without_reading_it() {
    let scratch = Scratch::new("huge");
    for editor in BOTH {
        let (project, file) = scratch.project(editor);
        let home = scratch.0.join(format!("home-{}", editor.file()));
        let user_file = home.join(editor.folder()).join(editor.file());
        std::fs::create_dir_all(user_file.parent().unwrap()).unwrap();
        std::os::unix::fs::symlink("/dev/zero", &user_file).unwrap();
        let output = run(editor.binary(), &editor.user_install(), &home);
        let stderr = stderr(&output);
        assert_eq!(output.status.code(), Some(1), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains("not a regular file") && stderr.contains("/dev/zero"),
            "{stderr}"
        );
        // Sparse: 17 MiB that take no room.
        std::fs::File::create(&file)
            .unwrap()
            .set_len(17 << 20)
            .unwrap();
        let output = run(
            editor.binary(),
            &editor.args("install", &project),
            &scratch.0,
        );
        let stderr = self::stderr(&output);
        assert_eq!(output.status.code(), Some(1), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains("larger than 16 MiB"), "{stderr}");
        assert_eq!(std::fs::metadata(&file).unwrap().len(), 17 << 20);
    }
}

/// A full file system: the write fails with one line, the file stays as it was, and nothing
/// is left beside it (no temporary file, no lock file). Run in a private mount namespace on a
/// 1 MiB tmpfs that is filled first.
#[test]
fn a_full_file_system_leaves_the_file_as_it_was() {
    if !root_or_opted_out("a_full_file_system_leaves_the_file_as_it_was") {
        return;
    }
    let scratch = Scratch::new("full");
    let mount = scratch.0.join("mnt");
    std::fs::create_dir(&mount).unwrap();
    for editor in BOTH {
        let script = format!(
            r#"set -e
mount -t tmpfs -o size=1m cursor-hooks-test "$MNT"
mkdir -p "$MNT/p/{folder}"
cat > "$MNT/p/{folder}/{file}" <<'JSON'
{foreign}JSON
cat /dev/zero > "$MNT/fill" 2>/dev/null || true
set +e
"$BINARY" install {claude} --project "$MNT/p" 2>"$MNT/../stderr-{file}"
echo "exit $?"
cat "$MNT/p/{folder}/{file}"
echo "--- left"
ls -A "$MNT/p/{folder}"
"#,
            folder = editor.folder(),
            file = editor.file(),
            foreign = editor.foreign(),
            claude = if let Editor::Claude = editor {
                "--claude"
            } else {
                ""
            },
        );
        let output = Command::new("unshare")
            .args(["-m", "sh", "-c", &script])
            .env("MNT", &mount)
            .env("BINARY", editor.binary())
            .env("HOME", &scratch.0)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "unshare -m and mount (root needed): {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let stderr =
            std::fs::read_to_string(scratch.0.join(format!("stderr-{}", editor.file()))).unwrap();
        assert_eq!(
            stdout,
            format!("exit 1\n{}--- left\n{}\n", editor.foreign(), editor.file()),
            "stderr: {stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains("No space left on device"), "{stderr}");
    }
}

/// A key written twice inside `hooks` (a matcher group with `hooks` twice, an entry with
/// `command` twice) is named as a repeated key, with where it is; the file is left as it is
/// (before: "the text edit went wrong ..., a bug").
#[test]
fn a_repeated_key_inside_hooks_is_named_as_such() {
    let scratch = Scratch::new("repeated");
    for (editor, text, named) in [
        (
            Editor::Claude,
            r#"{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "/bin/a" }], "hooks": [] }] } }"#,
            "`hooks` is there twice in /hooks/Stop/0",
        ),
        (
            Editor::Cursor,
            r#"{ "version": 1, "hooks": { "stop": [{ "command": "/bin/a", "command": "/bin/b" }] } }"#,
            "`command` is there twice in /hooks/stop/0",
        ),
    ] {
        let (project, file) = scratch.project(editor);
        plant(&file, text, 0);
        let output = run(
            editor.binary(),
            &editor.args("install", &project),
            &scratch.0,
        );
        let stderr = stderr(&output);
        assert_eq!(output.status.code(), Some(1), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(named), "{stderr}");
        assert!(!stderr.contains("bug"), "{stderr}");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
    }
}

/// Settings nested far deeper than serde_json's 128 levels, as JavaScript's `JSON.parse`
/// (Cursor's and Claude Code's reader) accepts them: `install` and `uninstall` go through and
/// keep the deep value byte for byte (before: "not valid JSON (recursion limit exceeded)").
#[test]
fn deeply_nested_settings_are_read_as_the_editors_read_them() {
    let scratch = Scratch::new("deep");
    for depth in [200, 100_000] {
        let deep = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        for editor in BOTH {
            let (project, file) = scratch.project(editor);
            let text = match editor {
                Editor::Cursor => {
                    format!("{{ \"version\": 1, \"deep\": {deep}, \"hooks\": {{}} }}")
                }
                Editor::Claude => format!("{{ \"deep\": {deep} }}"),
            };
            plant(&file, &text, 0);
            for subcommand in ["install", "uninstall"] {
                let output = run(
                    editor.binary(),
                    &editor.args(subcommand, &project),
                    &scratch.0,
                );
                assert_eq!(
                    output.status.code(),
                    Some(0),
                    "{subcommand} at depth {depth}: {}",
                    stderr(&output)
                );
                assert!(std::fs::read_to_string(&file).unwrap().contains(&deep));
            }
        }
    }
}

/// A project's `.cursor/hooks.json` or `.claude/settings.json`, or its `.cursor/` or `.claude/`
/// folder, planted as a link by a cloned repository: `install` and `uninstall` refuse it with
/// one line and touch nothing outside the project (Cursor does not load such a file either).
/// Before: a linked file merged the hooks into an unrelated JSON file, a dangling one created
/// folders outside the project, a linked folder got a new file outside it, and `install`
/// reported success.
#[test]
fn a_project_file_or_folder_reached_through_a_link_is_refused() {
    let scratch = Scratch::new("project-link");
    for editor in BOTH {
        let outside = scratch.0.join(format!("outside-{}", editor.file()));
        std::fs::create_dir_all(&outside).unwrap();
        let unrelated = outside.join("unrelated.json");
        std::fs::write(&unrelated, "{\"hooks\": {}, \"mine\": true}\n").unwrap();
        let empty = outside.join("empty");
        std::fs::create_dir_all(&empty).unwrap();
        let missing = outside.join("missing").join("file.json");
        let plants: [(&str, &Path, bool); 3] = [
            ("a file linked to an unrelated file", &unrelated, false),
            ("a file linked into a missing folder", &missing, false),
            ("a folder linked elsewhere", &empty, true),
        ];
        for (what, target, folder) in plants {
            let (project, file) = scratch.project(editor);
            let linked = if folder {
                file.parent().unwrap().to_path_buf()
            } else {
                file.clone()
            };
            let _ = std::fs::remove_dir_all(&linked);
            let _ = std::fs::remove_file(&linked);
            std::os::unix::fs::symlink(target, &linked).unwrap();
            for subcommand in ["install", "uninstall"] {
                let stderr = refused(editor, subcommand, &project, &scratch.0);
                let context = format!("{} {subcommand}, {what}: {stderr}", editor.file());
                assert!(
                    stderr.contains(&format!("{} is a symbolic link", linked.display())),
                    "{context}"
                );
                assert_eq!(
                    std::fs::read_to_string(&unrelated).unwrap(),
                    "{\"hooks\": {}, \"mine\": true}\n",
                    "{context}: the unrelated file was changed"
                );
                assert!(
                    !outside.join("missing").exists(),
                    "{context}: created outside"
                );
                assert_eq!(
                    std::fs::read_dir(&empty).unwrap().count(),
                    0,
                    "{context}: wrote into the linked folder's target"
                );
            }
            std::fs::remove_file(&linked).unwrap();
        }
    }
}
