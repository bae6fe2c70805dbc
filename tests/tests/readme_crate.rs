//! The README's "Your own hook crate" section, followed as a new user would: every block of the
//! section is written into a fresh crate in a temp dir (files) or run there with `sh -e`
//! (commands), in the README's order, and the results are checked: the crate's own test passes,
//! the dynamic and the static hook binaries answer a payload, and `install` wires each of them
//! into the project's `.cursor/hooks.json`.
//!
//! A block of that section is a file when the HTML comment before it is
//! `<!-- readme-crate: <path> -->` and a script when it is `<!-- readme-crate: run in <dir> -->`;
//! a block without such a comment fails the test, so no block goes untested.
//!
//! The section builds the static binary for the host; its path here is x86_64 Linux's, hence the
//! `cfg` of this file.
#![cfg(all(target_os = "linux", target_arch = "x86_64"))]

use cursor_hooks::testing::Binary;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

const SECTION: &str = "## Your own hook crate";
const MARKER: &str = "<!-- readme-crate: ";
const CRATE: &str = "my-hooks";
const DYNAMIC_BINARY: &str = "target/release/my-hooks";
const STATIC_BINARY: &str = "target/x86_64-unknown-linux-gnu/release/my-hooks";

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the tests crate is in the workspace")
        .to_path_buf()
}

/// One marked block of the section.
#[derive(Debug)]
enum Step {
    /// Write `text` to `path` (relative to the temp root).
    File { path: String, text: String },
    /// Run `script` with `sh -e` in `dir` (relative to the temp root).
    Run { dir: String, script: String },
}

/// The section's text: from its heading to the next `## ` heading.
fn section(readme: &str) -> &str {
    let start = readme
        .find(&format!("\n{SECTION}\n"))
        .unwrap_or_else(|| panic!("README.md has no `{SECTION}` section"));
    let rest = &readme[start + 1..];
    let end = rest[SECTION.len()..]
        .find("\n## ")
        .map_or(rest.len(), |at| at + SECTION.len());
    &rest[..end]
}

/// The marked blocks of `section`, in order; panics on a block without a marker.
fn steps(section: &str) -> Vec<Step> {
    let mut steps = Vec::new();
    let mut marker: Option<String> = None;
    let mut lines = section.lines();
    while let Some(line) = lines.next() {
        if let Some(rest) = line.strip_prefix(MARKER) {
            let value = rest
                .strip_suffix(" -->")
                .unwrap_or_else(|| panic!("a marker ends with ` -->`: {line}"));
            marker = Some(value.to_owned());
        } else if line.starts_with("```") {
            let mut text = String::new();
            for line in lines.by_ref() {
                if line.starts_with("```") {
                    break;
                }
                text.push_str(line);
                text.push('\n');
            }
            let Some(marker) = marker.take() else {
                panic!("a `{line}` block of `{SECTION}` has no `{MARKER}... -->` line before it, so no test runs it:\n{text}");
            };
            steps.push(match marker.strip_prefix("run in ") {
                Some(dir) => Step::Run {
                    dir: dir.to_owned(),
                    script: text,
                },
                None => Step::File { path: marker, text },
            });
        } else if !line.trim().is_empty() && marker.is_some() {
            panic!("`{}` must come right before a code block", marker.unwrap());
        }
    }
    steps
}

/// The `key = value` lines of the `[profile.release]` table in `manifest`, without comments.
fn release_profile(manifest: &str) -> Vec<String> {
    let mut inside = false;
    let mut lines = Vec::new();
    for line in manifest.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.starts_with('[') {
            inside = line == "[profile.release]";
        } else if inside && !line.is_empty() {
            lines.push(line.split_whitespace().collect::<Vec<_>>().join(" "));
        }
    }
    lines
}

/// A temp root of its own for this checkout, the same on every run (so the crate's build
/// directory, and with it the compiled dependencies, are reused from the last run).
fn temp_root(workspace: &Path) -> PathBuf {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    workspace.hash(&mut hasher);
    std::env::temp_dir().join(format!(
        "cursor-hooks-readme-crate-{:016x}",
        hasher.finish()
    ))
}

/// Runs `script` with `sh -e -x` in `dir`; panics with its output when it fails.
fn run_script(dir: &Path, script: &str) -> String {
    let output = Command::new("sh")
        .args(["-e", "-x", "-c", script])
        .current_dir(dir)
        // Dependencies come from the copied lock file and the local cache, as they were
        // fetched for this workspace; the network is not needed.
        .env("CARGO_NET_OFFLINE", "true")
        // The README's paths are under the crate's own `target/`.
        .env_remove("CARGO_TARGET_DIR")
        .env_remove("CARGO_BUILD_TARGET_DIR")
        .env_remove("CARGO_BUILD_TARGET")
        .output()
        .expect("sh runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        output.status.success(),
        "the README's commands failed in {}:\n{script}\n--- output ---\n{text}",
        dir.display()
    );
    text
}

/// The `beforeShellExecution` entries of the project's hooks.json.
fn shell_entries(project: &Path) -> Vec<Value> {
    let path = project.join(".cursor").join("hooks.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("install wrote no {}: {e}", path.display()));
    let config: Value = serde_json::from_str(&text).expect("hooks.json is JSON");
    assert_eq!(config["version"], 1, "{text}");
    config["hooks"]["beforeShellExecution"]
        .as_array()
        .unwrap_or_else(|| panic!("no beforeShellExecution entry in {text}"))
        .clone()
}

/// Checks that `binary` answers as the README's handler does, and that hooks.json holds exactly
/// one `beforeShellExecution` entry, for `binary`, with the handler's options.
fn check_installed_hook(project: &Path, binary: &Path) {
    let fixtures = workspace_root().join("tests").join("fixtures");
    let denied = Binary::new(binary).run(fixtures.join("before-shell-rm-rf.json").as_path());
    assert_eq!(denied.exit_code, 0, "{denied:?}");
    assert_eq!(
        denied.permission(),
        Some(cursor_hooks::cursor::response::PermissionOrAsk::Deny),
        "{denied:?}"
    );
    assert_eq!(
        denied.user_message().as_deref(),
        Some("rm -rf is blocked: delete specific paths instead"),
        "{denied:?}"
    );
    assert_eq!(denied.agent_message(), None, "{denied:?}");
    let quiet = Binary::new(binary).run(fixtures.join("before-shell-ls.json").as_path());
    assert!(quiet.is_no_opinion(), "{quiet:?}");

    let entries = shell_entries(project);
    assert_eq!(entries.len(), 1, "one entry for the hook: {entries:?}");
    let wired = entries[0]["command"].as_str().expect("a command");
    // The binary's path, then the arguments wiring it to its handler.
    let command = wired
        .strip_suffix(" --host cursor --event beforeShellExecution")
        .unwrap_or_else(|| panic!("{wired} is wired to its handler"));
    assert!(Path::new(command).is_absolute(), "{command}");
    assert_eq!(
        std::fs::canonicalize(command).expect("the installed command exists"),
        std::fs::canonicalize(binary).expect("the binary exists"),
        "hooks.json runs {command}, not {}",
        binary.display()
    );
    assert_eq!(entries[0]["timeout"], 5);
    assert_eq!(entries[0]["failClosed"], true);
}

/// True when the ELF file asks for a dynamic loader (has a `PT_INTERP` program header).
fn has_interpreter(binary: &Path) -> bool {
    const PT_INTERP: u32 = 3;
    let bytes = std::fs::read(binary).expect("the binary is readable");
    assert_eq!(&bytes[..5], b"\x7fELF\x02", "a 64-bit ELF file");
    let u16_at = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]) as usize;
    let phoff = u64::from_le_bytes(bytes[0x20..0x28].try_into().unwrap()) as usize;
    let (entry_size, count) = (u16_at(0x36), u16_at(0x38));
    (0..count).any(|i| {
        let at = phoff + i * entry_size;
        u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) == PT_INTERP
    })
}

#[test]
fn the_readme_crate_builds_tests_and_installs_as_written() {
    let workspace = workspace_root();
    let readme = std::fs::read_to_string(workspace.join("README.md")).expect("README.md");
    let steps = steps(section(&readme));

    // The profile the README asks users to copy is the one this workspace builds hooks with.
    let manifest = steps
        .iter()
        .find_map(|step| match step {
            Step::File { path, text } if path == &format!("{CRATE}/Cargo.toml") => Some(text),
            _ => None,
        })
        .expect("the section gives the crate's Cargo.toml");
    let root_manifest = std::fs::read_to_string(workspace.join("Cargo.toml")).unwrap();
    assert_eq!(
        release_profile(manifest),
        release_profile(&root_manifest),
        "the README's [profile.release] differs from the workspace's"
    );

    // The temp root stands for the user's project; `cursor-hooks` in it is "a clone next to
    // the crate", as the README's path dependency expects.
    let root = temp_root(&workspace);
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    std::os::unix::fs::symlink(&workspace, root.join("cursor-hooks")).unwrap();
    let crate_dir = root.join(CRATE);
    // Kept between runs, so the dependencies are compiled once.
    let build_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("readme-crate-target");
    std::fs::create_dir_all(&build_dir).unwrap();

    let (mut tested, mut dynamic, mut statik) = (false, false, false);
    for step in &steps {
        match step {
            Step::File { path, text } => {
                let path = root.join(path);
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(&path, text).unwrap();
            }
            Step::Run { dir, script } => {
                if crate_dir.is_dir() && !crate_dir.join("target").exists() {
                    // Not in the README: the workspace's lock file (the versions CI tested, all
                    // in the local cache) and the kept build directory.
                    std::fs::copy(workspace.join("Cargo.lock"), crate_dir.join("Cargo.lock"))
                        .unwrap();
                    std::os::unix::fs::symlink(&build_dir, crate_dir.join("target")).unwrap();
                }
                let output = run_script(&root.join(dir), script);
                if script.contains("cargo test") {
                    assert!(
                        output.contains(
                            "test guard_denies_rm_rf_and_has_no_opinion_on_the_rest ... ok"
                        ),
                        "the crate's test did not run and pass:\n{output}"
                    );
                    tested = true;
                }
                let installs = script.contains("-- install");
                let static_build = script.contains("+crt-static");
                if installs && !static_build {
                    let binary = crate_dir.join(DYNAMIC_BINARY);
                    assert!(has_interpreter(&binary), "the default build is dynamic");
                    check_installed_hook(&root, &binary);
                    dynamic = true;
                }
                if installs && static_build {
                    let binary = crate_dir.join(STATIC_BINARY);
                    assert!(
                        !has_interpreter(&binary),
                        "{} asks for a dynamic loader",
                        binary.display()
                    );
                    check_installed_hook(&root, &binary);
                    statik = true;
                }
            }
        }
    }
    assert!(tested, "no block of the section runs `cargo test`");
    assert!(dynamic, "no block installs {DYNAMIC_BINARY}");
    assert!(statik, "no block installs {STATIC_BINARY}");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn an_unmarked_block_fails_the_extraction() {
    let text = "## Your own hook crate\n\n```sh\ncargo new x\n```\n";
    let unmarked = std::panic::catch_unwind(|| steps(text));
    assert!(
        unmarked.is_err(),
        "a block without a marker must not be ignored"
    );
    let marked = steps("<!-- readme-crate: run in . -->\n```sh\ncargo new x\n```\n");
    assert!(
        matches!(&marked[..], [Step::Run { dir, script }] if dir == "." && script == "cargo new x\n")
    );
}
