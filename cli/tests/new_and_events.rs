//! `cursor-hooks new` writes a crate whose tests pass as written; its binary is a real
//! fail-closed hook for doctor. `cursor-hooks events` prints the spec's table.

mod common;

use common::Scratch;
use serde_json::Value;
use std::process::Command;

/// Asserts that the manifest of the crate at `krate` patches `cursor-hooks` with this
/// checkout's runtime, by a path relative to the crate (the crate is committed: an absolute
/// path builds on this machine only); returns that path as written.
fn assert_patches_the_runtime(krate: &std::path::Path) -> String {
    let manifest = std::fs::read_to_string(krate.join("Cargo.toml")).unwrap();
    let (_, patch) = manifest
        .split_once("[patch.crates-io]\ncursor-hooks = { path = \"")
        .unwrap_or_else(|| panic!("no patch of cursor-hooks:\n{manifest}"));
    let path = &patch[..patch.find('"').expect("a closing quote")];
    assert!(
        std::path::Path::new(path).is_relative(),
        "the patch path is absolute: {path}"
    );
    let runtime = common::workspace_root().join("runtime");
    assert_eq!(
        krate.join(path).canonicalize().unwrap(),
        runtime.canonicalize().unwrap(),
        "{manifest}"
    );
    path.to_owned()
}

/// Runs `cursor-hooks new NAME ARGS` in `dir`; what it printed.
fn new_crate(dir: &std::path::Path, name: &str, args: &[&str]) -> String {
    let created = Command::new(common::CLI)
        .args(["new", name])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("cursor-hooks runs");
    assert!(
        created.status.success(),
        "{}",
        String::from_utf8_lossy(&created.stderr)
    );
    String::from_utf8(created.stdout).unwrap()
}

/// Without `--path` (the crates are not published yet) the crate depends on the checkout the
/// tool was built from, and says so.
#[test]
fn without_path_a_new_crate_depends_on_the_checkout_the_tool_was_built_from() {
    let s = Scratch::new("new");
    let said = new_crate(&s.root, "my-hooks", &[]);
    let runtime = common::workspace_root()
        .join("runtime")
        .canonicalize()
        .unwrap();
    let patch = assert_patches_the_runtime(&s.root.join("my-hooks"));
    assert!(
        said.contains(&format!(
            "depends on the cursor-hooks checkout this tool was built from ({}; its Cargo.toml names it as `{patch}`, relative to the crate)",
            runtime.display()
        )) && said.contains("cd my-hooks && cargo test"),
        "{said}"
    );
}

/// `new --path <this checkout>` writes the tutorial's crate: a library with a Cursor and a
/// Claude Code handler, a binary for both, edition 2024, the published dependency line with a
/// patch to the checkout, the workspace's release profile. Its tests pass at once (`cargo test
/// --offline`, built against this checkout with the workspace's lock file); its binary,
/// built under `CARGO_TARGET_DIR`, installs itself into each editor's file by its own path,
/// says where it is, and `uninstall` takes away what `install` created.
#[test]
fn a_new_crate_serves_both_editors_passes_its_tests_and_installs_where_it_was_built() {
    let s = Scratch::new("new-both");
    let root = common::workspace_root();
    new_crate(&s.root, "my-hooks", &["--path", root.to_str().unwrap()]);
    let krate = s.root.join("my-hooks");
    for file in [
        "Cargo.toml",
        "src/lib.rs",
        "src/main.rs",
        "tests/hooks.rs",
        "README.md",
    ] {
        assert!(krate.join(file).is_file(), "{file} missing");
    }
    let manifest = std::fs::read_to_string(krate.join("Cargo.toml")).unwrap();
    assert!(
        manifest.contains("edition = \"2024\"")
            && manifest.contains("\ncursor-hooks = \"0.1\"\n")
            && manifest.contains("[patch.crates-io]"),
        "{manifest}"
    );
    assert_patches_the_runtime(&krate);
    // The workspace's profile, as codegen copies it from the workspace manifest.
    assert!(
        manifest.contains(include_str!("../data/release-profile.toml")),
        "the new crate's [profile.release] is the workspace's:\n{manifest}"
    );
    let lib = std::fs::read_to_string(krate.join("src/lib.rs")).unwrap();
    assert!(
        lib.contains("#[cursor_hook(") && lib.contains("#[claude_hook("),
        "a handler for each editor:\n{lib}"
    );
    // The one import serves both editors.
    let imports: Vec<&str> = lib.lines().filter(|l| l.starts_with("use ")).collect();
    assert_eq!(imports, ["use cursor_hooks::prelude::*;"], "{lib}");
    let main = std::fs::read_to_string(krate.join("src/main.rs")).unwrap();
    assert!(
        main.contains("cursor_hooks::main!(my_hooks::guard, my_hooks::claude_guard);"),
        "{main}"
    );
    let readme = std::fs::read_to_string(krate.join("README.md")).unwrap();
    assert!(
        !readme.contains("crates.io") && !readme.contains("target/release"),
        "{readme}"
    );

    // The workspace's lock file pins the versions in the local cache (the workspace's build
    // fetched them), and the shared target dir has them built.
    std::fs::copy(root.join("Cargo.lock"), krate.join("Cargo.lock")).unwrap();
    let target = common::nested_target_dir();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let tested = Command::new(cargo)
        .args(["test", "--offline"])
        .current_dir(&krate)
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .expect("cargo runs");
    let output = format!(
        "{}\n{}",
        String::from_utf8_lossy(&tested.stdout),
        String::from_utf8_lossy(&tested.stderr)
    );
    assert!(
        tested.status.success(),
        "cargo test failed in the new crate:\n{output}"
    );
    for test in [
        "cursor_guard_denies_rm_rf_and_has_no_opinion_on_the_rest",
        "claude_guard_denies_rm_rf_and_has_no_opinion_on_the_rest",
        "the_binary_answers_both_editors",
    ] {
        assert!(output.contains(&format!("test {test} ... ok")), "{output}");
    }

    let binary = target
        .join("debug")
        .join(format!("my-hooks{}", std::env::consts::EXE_SUFFIX));
    // Its binary declares a fail-closed beforeShellExecution; wired without failClosed, doctor
    // errs.
    let printed = Command::new(&binary).arg("print-config").output().unwrap();
    let mut config: Value = serde_json::from_slice(&printed.stdout).unwrap();
    assert_eq!(
        config["hooks"]["beforeShellExecution"][0]["failClosed"],
        true
    );
    s.write("project/.cursor/hooks.json", &config.to_string());
    let (code, findings) = s.doctor(&[]);
    assert_eq!(code, 0, "{findings:#?}");
    config["hooks"]["beforeShellExecution"][0]
        .as_object_mut()
        .unwrap()
        .remove("failClosed");
    s.write("project/.cursor/hooks.json", &config.to_string());
    let (code, findings) = s.doctor(&[]);
    assert_eq!(code, 1);
    let hits = common::with(
        &findings,
        "fails closed but this entry has no `\"failClosed\": true`",
    );
    assert_eq!(hits.len(), 1, "{findings:#?}");

    // Installed from where cargo built it (CARGO_TARGET_DIR, not the crate's target/), into a
    // project that had neither file: each editor's file runs the binary by its path, and
    // `install` says both; `uninstall` leaves the project as it was.
    let project = s.root.join("fresh");
    std::fs::create_dir_all(&project).unwrap();
    let binary_path = binary.canonicalize().unwrap();
    let hook = |args: &[&str]| {
        let out = Command::new(&binary)
            .args(args)
            .args(["--project", project.to_str().unwrap()])
            .env("HOME", s.home())
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "{args:?}: {stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        stdout
    };
    let wired = |file: &str, pointer: &str| {
        let text = std::fs::read_to_string(project.join(file)).unwrap();
        let value: Value = serde_json::from_str(&text).unwrap();
        let command = value
            .pointer(pointer)
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("no {pointer} in {text}"))
            .to_owned();
        let program = command.split(" --host ").next().unwrap().to_owned();
        std::path::PathBuf::from(program).canonicalize().unwrap()
    };
    let said = hook(&["install"]);
    let hooks_json = project.join(".cursor").join("hooks.json");
    assert_eq!(
        said,
        format!(
            "installed 1 hook(s) in {}, running {}\n",
            hooks_json.display(),
            binary_path.display()
        )
    );
    assert_eq!(
        wired(
            ".cursor/hooks.json",
            "/hooks/beforeShellExecution/0/command"
        ),
        binary_path
    );
    let said = hook(&["install", "--claude"]);
    assert!(
        said.contains(&format!("running {}", binary_path.display())),
        "{said}"
    );
    assert_eq!(
        wired(
            ".claude/settings.json",
            "/hooks/PreToolUse/0/hooks/0/command"
        ),
        binary_path
    );
    let said = hook(&["uninstall"]);
    assert!(said.contains("was deleted"), "{said}");
    hook(&["uninstall", "--claude"]);
    let left: Vec<_> = std::fs::read_dir(&project)
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    assert!(
        left.is_empty(),
        "install made these and uninstall left them: {left:?}"
    );
}

/// `uninstall` gives back a file that was there before `install` byte for byte: comments,
/// layout and the user's entries.
#[test]
fn uninstall_gives_back_the_users_file_as_it_was() {
    let s = Scratch::new("new-uninstall");
    let binary = common::example_binary("shell-guard");
    let mine = "// the team's hooks\n{\n  \"version\": 1,\n  \"hooks\": {\n    \"stop\": [{ \"command\": \"./stop.sh\" }]\n  }\n}\n";
    let file = s.write("project/.cursor/hooks.json", mine);
    for subcommand in ["install", "uninstall"] {
        let out = Command::new(&binary)
            .args([subcommand, "--project", s.project().to_str().unwrap()])
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
    }
    assert_eq!(std::fs::read_to_string(&file).unwrap(), mine);
}

/// `--path` takes the runtime folder or the repository root (its `runtime/`), and refuses a
/// folder that is neither, naming what it wants.
#[test]
fn new_path_takes_the_runtime_or_the_repository_root() {
    let s = Scratch::new("new-path");
    let root = common::workspace_root();
    for (name, path) in [
        ("from-runtime", root.join("runtime")),
        ("from-root", root.clone()),
    ] {
        let created = Command::new(common::CLI)
            .args(["new", name, "--path", path.to_str().unwrap()])
            .current_dir(&s.root)
            .output()
            .unwrap();
        assert!(
            created.status.success(),
            "{}",
            String::from_utf8_lossy(&created.stderr)
        );
        assert_patches_the_runtime(&s.root.join(name));
    }
    let other = Command::new(common::CLI)
        .args([
            "new",
            "from-cli",
            "--path",
            root.join("cli").to_str().unwrap(),
        ])
        .current_dir(&s.root)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&other.stderr);
    assert_eq!(other.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("is not the cursor-hooks runtime crate"),
        "{stderr}"
    );
    assert!(!s.root.join("from-cli").exists());
}

#[test]
fn new_refuses_a_bad_name_or_an_existing_folder() {
    let s = Scratch::new("new-bad");
    let bad = Command::new(common::CLI)
        .args(["new", "../x"])
        .current_dir(&s.root)
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(1));
    let existing = Command::new(common::CLI)
        .args(["new", "project"])
        .current_dir(&s.root)
        .output()
        .unwrap();
    assert_eq!(existing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&existing.stderr).contains("already exists"));
}

#[test]
fn events_prints_every_event_of_the_spec() {
    let output = Command::new(common::CLI).arg("events").output().unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    for event in cursor_hooks::cursor::spec::EVENTS {
        let line = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(event.name))
            .unwrap_or_else(|| panic!("no line for {}", event.name));
        assert!(
            line.contains(if event.can_block { " yes " } else { " no " }),
            "{line}"
        );
    }
    let read = text
        .lines()
        .find(|l| l.starts_with("beforeReadFile "))
        .unwrap();
    assert!(
        read.contains("permission (allow/deny)") && read.ends_with(" Read"),
        "{read}"
    );
}

/// `cargo test` with `CARGO_TARGET_DIR` (or `--target-dir`, or `build.target-dir`) set once
/// wrote the nested builds into the checkout's own `target/`. They belong in the target dir of
/// the test build. (With the default target dir both are the same, so this can only fail where
/// another target dir is chosen.)
#[test]
fn nested_builds_go_into_the_target_dir_of_the_test_build() {
    let nested = common::nested_target_dir();
    let own = common::own_target_dir();
    assert!(
        nested.starts_with(&own),
        "{} is outside {}",
        nested.display(),
        own.display()
    );
}

/// Every column starts where its header starts, on every row; categories are spelled as in the
/// spec (`prompt_gate`); the surfaces where an event does not fire have a column.
#[test]
fn events_columns_stay_aligned_and_speak_the_spec() {
    let output = Command::new(common::CLI).arg("events").output().unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let mut lines = text.lines();
    let header = lines.next().unwrap();
    let headers = [
        "event",
        "category",
        "block",
        "answers",
        "does not fire in",
        "matcher subject",
    ];
    let starts: Vec<usize> = headers
        .iter()
        .map(|name| {
            header
                .find(name)
                .unwrap_or_else(|| panic!("no `{name}` in {header:?}"))
        })
        .collect();
    let rows: Vec<&str> = lines.collect();
    assert_eq!(
        rows.len(),
        cursor_hooks::cursor::spec::EVENTS.len(),
        "{text}"
    );
    for (row, event) in rows.iter().zip(cursor_hooks::cursor::spec::EVENTS) {
        for &start in &starts[1..] {
            assert!(
                row.is_char_boundary(start)
                    && row[..start].ends_with(' ')
                    && !row[start..].starts_with(' '),
                "a column of {} does not start at {start}:\n{header}\n{row}",
                event.name
            );
        }
        let cells: Vec<&str> = starts
            .iter()
            .zip(starts.iter().skip(1).map(Some).chain([None]))
            .map(|(&from, to)| row[from..to.map_or(row.len(), |&to| to)].trim())
            .collect();
        assert_eq!(cells[0], event.name);
        assert_eq!(cells[1], event.category.spec_name(), "{row}");
        let not_in = if event.not_in.is_empty() {
            "-".to_owned()
        } else {
            event.not_in.join(", ")
        };
        assert_eq!(cells[4], not_in, "{row}");
        assert_eq!(*row, row.trim_end(), "no trailing blanks");
    }
    let prompt = rows
        .iter()
        .find(|row| row.starts_with("beforeSubmitPrompt "))
        .unwrap();
    assert!(
        prompt.contains(" prompt_gate ") && prompt.contains(" cli-print "),
        "{prompt}"
    );
}
