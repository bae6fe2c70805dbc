//! `cursor-hooks new` writes a crate whose tests pass as written; its binary is a real
//! fail-closed hook for doctor. `cursor-hooks events` prints the spec's table.

mod common;

use common::Scratch;
use serde_json::Value;
use std::process::Command;

/// The runtime crate of this checkout, as `new` writes it into a manifest.
fn runtime_dependency() -> String {
    let runtime = common::workspace_root()
        .join("runtime")
        .canonicalize()
        .unwrap();
    format!(
        "cursor-hooks = {{ path = {:?} }}",
        runtime.display().to_string()
    )
}

/// Without `--path` (the crates are not published yet) the crate depends on the checkout the
/// tool was built from, and says so; `cargo test` then passes in it as written.
#[test]
fn a_new_crate_passes_its_tests_and_doctor_checks_its_fail_closed_handler() {
    let s = Scratch::new("new");
    let created = Command::new(common::CLI)
        .args(["new", "my-hooks"])
        .current_dir(&s.root)
        .output()
        .expect("cursor-hooks runs");
    assert!(
        created.status.success(),
        "{}",
        String::from_utf8_lossy(&created.stderr)
    );
    let said = String::from_utf8_lossy(&created.stdout);
    let runtime = common::workspace_root()
        .join("runtime")
        .canonicalize()
        .unwrap();
    assert!(
        said.contains(&format!(
            "depends on the cursor-hooks checkout this tool was built from ({})",
            runtime.display()
        )) && said.contains("cd my-hooks && cargo test"),
        "{said}"
    );
    let krate = s.root.join("my-hooks");
    let manifest = std::fs::read_to_string(krate.join("Cargo.toml")).unwrap();
    assert!(manifest.contains(&runtime_dependency()), "{manifest}");
    // The README links no page that does not exist yet; the doc comment names the binary.
    let readme = std::fs::read_to_string(krate.join("README.md")).unwrap();
    assert!(!readme.contains("crates.io"), "{readme}");
    let main = std::fs::read_to_string(krate.join("src/main.rs")).unwrap();
    assert!(
        main.contains("`target/release/my-hooks install`") && !main.contains("<this binary>"),
        "{main}"
    );
    for file in ["Cargo.toml", "src/main.rs", "tests/hooks.rs", "README.md"] {
        assert!(krate.join(file).is_file(), "{file} missing");
    }
    let manifest = std::fs::read_to_string(krate.join("Cargo.toml")).unwrap();
    assert!(
        manifest.contains("[profile.release]") && manifest.contains("lto = \"thin\""),
        "{manifest}"
    );
    // The workspace's lock file pins the same versions, so the shared target dir is reused.
    std::fs::copy(
        common::workspace_root().join("Cargo.lock"),
        krate.join("Cargo.lock"),
    )
    .unwrap();
    let target = common::nested_target_dir();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let tested = Command::new(cargo)
        .args(["test", "--quiet"])
        .current_dir(&krate)
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .expect("cargo runs");
    assert!(
        tested.status.success(),
        "cargo test failed in the new crate:\n{}\n{}",
        String::from_utf8_lossy(&tested.stdout),
        String::from_utf8_lossy(&tested.stderr)
    );

    // Its binary declares a fail-closed beforeReadFile; wired without failClosed, doctor errs.
    let binary = target.join("debug").join("my-hooks");
    let printed = Command::new(&binary).arg("print-config").output().unwrap();
    let mut config: Value = serde_json::from_slice(&printed.stdout).unwrap();
    assert_eq!(config["hooks"]["beforeReadFile"][0]["failClosed"], true);
    s.write("project/.cursor/hooks.json", &config.to_string());
    let (code, findings) = s.doctor(&[]);
    assert_eq!(code, 0, "{findings:#?}");
    config["hooks"]["beforeReadFile"][0]
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
    assert_eq!(hits[0]["path"], "/hooks/beforeReadFile/0");
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
        let manifest = std::fs::read_to_string(s.root.join(name).join("Cargo.toml")).unwrap();
        assert!(manifest.contains(&runtime_dependency()), "{manifest}");
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
    for event in cursor_hooks::spec::EVENTS {
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
    assert_eq!(rows.len(), cursor_hooks::spec::EVENTS.len(), "{text}");
    for (row, event) in rows.iter().zip(cursor_hooks::spec::EVENTS) {
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
