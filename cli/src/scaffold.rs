//! `cursor-hooks new NAME [--path DIR]`: a hook crate that builds, installs and tests as is.

use std::path::{Path, PathBuf};

/// The workspace's recommended `[profile.release]`, with its comment (written from the
/// workspace manifest by `cargo run -p cursor-hooks-codegen`).
const RELEASE_PROFILE: &str = include_str!("../data/release-profile.toml");

fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Writes the crate into `./NAME`; exit 0.
///
/// The crates are not on crates.io yet, so the crate depends on a checkout: `runtime`
/// (`--path`, the runtime folder or the repository root) or else the checkout this tool was
/// built from, when it is still there.
pub fn run(name: &str, runtime: Option<&Path>) -> Result<i32, String> {
    if !valid_name(name) {
        return Err(format!(
            "`{name}` is not a crate name: use letters, digits, `-` and `_`, starting with a letter"
        ));
    }
    let root = Path::new(name);
    if root.exists() {
        return Err(format!("{} already exists", root.display()));
    }
    let (runtime, from) = match runtime {
        Some(path) => (runtime_crate(path).map_err(|e| format!("--path: {e}"))?, ""),
        None => (
            runtime_crate(&built_from()).map_err(|e| unpublished(name, &e))?,
            " this tool was built from",
        ),
    };
    // The line a user types once the crates are published, and a patch that takes the runtime
    // from the checkout until then.
    let dependency = format!(
        "cursor-hooks = \"{}\"\n\n# Until cursor-hooks is on crates.io: the checkout it was created from (delete these two\n# lines once it is published).\n[patch.crates-io]\ncursor-hooks = {{ path = {:?} }}",
        published_requirement(env!("CARGO_PKG_VERSION")),
        runtime.display().to_string()
    );
    let files = [
        ("Cargo.toml", manifest(name, &dependency)),
        ("src/main.rs", MAIN_RS.replace("{name}", name)),
        ("tests/hooks.rs", TESTS_RS.replace("{name}", name)),
        ("README.md", README_MD.replace("{name}", name)),
        (".gitignore", "/target\n".to_owned()),
    ];
    for (relative, text) in files {
        let path = root.join(relative);
        std::fs::create_dir_all(path.parent().expect("a parent"))
            .map_err(|e| format!("cannot create {}: {e}", path.display()))?;
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    println!(
        "created {name}/: it depends on the cursor-hooks checkout{from} ({}), as the crates are \
         not published yet",
        runtime.display()
    );
    println!("next: `cd {name} && cargo test`, then see its README to install it");
    Ok(0)
}

/// The requirement a user writes for `version`: `0.1` for 0.1.x, `1` for 1.y.z.
fn published_requirement(version: &str) -> String {
    let mut parts = version.split('.');
    match (parts.next(), parts.next()) {
        (Some("0"), Some(minor)) => format!("0.{minor}"),
        (Some(major), _) => major.to_owned(),
        _ => version.to_owned(),
    }
}

/// The `runtime/` folder beside this crate's `cli/` in the checkout it was built from (the
/// checkout `cargo install --path cli` read); it may have moved or gone since.
fn built_from() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap_or(Path::new("/"))
        .join("runtime")
}

/// The error when no checkout is known: what to run instead.
fn unpublished(name: &str, why: &str) -> String {
    format!(
        "cursor-hooks is not published on crates.io yet and the checkout this tool was built \
         from is not there any more ({why}); run `cursor-hooks new {name} --path DIR` with DIR a checkout of \
         the cursor-hooks repository (or its runtime/ folder)"
    )
}

/// `dir` as the cursor-hooks runtime crate, absolute: the folder itself or, for the
/// repository root, its `runtime/`.
fn runtime_crate(dir: &Path) -> Result<PathBuf, String> {
    let dir = dir
        .canonicalize()
        .map_err(|e| format!("{}: {e}", dir.display()))?;
    let runtime = dir.join("runtime");
    let dir = if package_name(&dir).is_none() && runtime.join("Cargo.toml").is_file() {
        runtime
    } else {
        dir
    };
    match package_name(&dir) {
        Some(name) if name == "cursor-hooks" => Ok(dir),
        Some(name) => Err(format!(
            "{} is not the cursor-hooks runtime crate (its package is `{name}`)",
            dir.display()
        )),
        None => Err(format!(
            "{} is not the cursor-hooks runtime crate (no Cargo.toml with a [package] there)",
            dir.display()
        )),
    }
}

/// The `name` of the `[package]` in `dir/Cargo.toml`, read line by line (the runtime's
/// manifest writes it as `name = "..."`).
fn package_name(dir: &Path) -> Option<String> {
    let text = std::fs::read_to_string(dir.join("Cargo.toml")).ok()?;
    let mut in_package = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            in_package = line == "[package]";
        } else if let Some(value) = line
            .strip_prefix("name")
            .and_then(|rest| rest.trim_start().strip_prefix('='))
        {
            if in_package {
                return Some(value.trim().trim_matches('"').to_owned());
            }
        }
    }
    None
}

fn manifest(name: &str, dependency: &str) -> String {
    format!(
        "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\npublish = false\n\n\
         [dependencies]\n{dependency}\n\n\
         # A crate of its own, even when created inside another workspace.\n[workspace]\n\n{RELEASE_PROFILE}",
    )
}

const MAIN_RS: &str = r#"//! Cursor agent hooks. Build with `cargo build --release`, then wire the binary into Cursor
//! with `target/release/{name} install` (see the README).

use cursor_hooks::prelude::*;

/// Denies recursive deletes and asks before a force-push.
#[cursor_hook(event = "beforeShellExecution", timeout = 5)]
fn guard(input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    if input.command.contains("rm -rf") {
        BeforeShellExecutionResponse::deny("rm -rf is blocked by a hook")
    } else if input.command.contains("push --force") {
        BeforeShellExecutionResponse::ask("This force-pushes. Run it?")
    } else {
        no_opinion()
    }
}

/// Keeps `.env` files away from the agent; fails closed, so a crash blocks the read too.
#[cursor_hook(event = "beforeReadFile", fail = "closed", timeout = 5)]
fn secrets(input: &BeforeReadFile) -> BeforeReadFileResponse {
    if input.file_path.ends_with(".env") {
        BeforeReadFileResponse::deny("secrets stay unread")
    } else {
        no_opinion()
    }
}

/// Once per session, asks the agent to run the tests before it stops.
#[cursor_hook(event = "stop", loop_limit = 1, timeout = 5)]
fn verify(input: &Stop) -> StopResponse {
    if input.status == "completed" && input.loop_count == Some(0) {
        StopResponse::default().followup_message("Run the tests and fix any failure before you finish.")
    } else {
        no_opinion()
    }
}

cursor_hooks::main!(guard, secrets, verify);

#[cfg(test)]
mod tests {
    use super::*;
    use cursor_hooks::testing;

    #[test]
    fn guard_denies_recursive_deletes() {
        let answer = testing::run::<guard>(BeforeShellExecution::fixture().command("rm -rf /"));
        cursor_hooks::assert_denied!(answer);
        cursor_hooks::assert_no_opinion!(testing::run::<guard>(
            BeforeShellExecution::fixture().command("ls")
        ));
    }
}
"#;

const TESTS_RS: &str = r#"//! The built hook binary, run as Cursor runs it: one payload on stdin, the answer on stdout.

use cursor_hooks::prelude::*;
use cursor_hooks::testing::Binary;

fn hook() -> Binary {
    Binary::new(env!("CARGO_BIN_EXE_{name}"))
}

#[test]
fn a_force_push_asks_on_old_ide_builds_and_is_denied_on_new_ones() {
    let push = BeforeShellExecution::fixture().command("git push --force");
    cursor_hooks::assert_asked!(hook().run(push.clone().cursor_version("2.0.77")));
    cursor_hooks::assert_denied!(hook().run(push.cursor_version("2.4.21")));
}

#[test]
fn env_files_stay_unread() {
    let answer = hook().run(BeforeReadFile::fixture().file_path("/project/.env"));
    cursor_hooks::assert_denied!(answer);
    assert_eq!(answer.user_message().as_deref(), Some("secrets stay unread"));
    cursor_hooks::assert_no_opinion!(hook().run(BeforeReadFile::fixture().file_path("/project/README.md")));
}

#[test]
fn the_first_stop_asks_for_the_tests() {
    let stop = Stop::fixture().status("completed");
    let answer = hook().run(stop.clone().loop_count(0));
    assert!(answer.stdout.contains("followup_message"), "{answer:?}");
    cursor_hooks::assert_no_opinion!(hook().run(stop.loop_count(1)));
}
"#;

const README_MD: &str = r#"# {name}

Cursor agent hooks built with cursor-hooks: a shell guard (`beforeShellExecution`), a secrets
guard (`beforeReadFile`, fail-closed) and a test reminder (`stop`).

## Build

```sh
cargo build --release
```

## Install

```sh
target/release/{name} print-config            # the hooks.json entries it needs
target/release/{name} install --project .     # or --user for ~/.cursor/hooks.json
cursor-hooks doctor                           # checks every file Cursor reads
```

## Test

```sh
cargo test                                    # handlers in-process and the built binary
cursor-hooks simulate --event beforeShellExecution --set command='rm -rf /'
```

Record real sessions with `CURSOR_HOOKS_CAPTURE=$HOME/.cursor/captures.jsonl` in front of the
command in hooks.json, and check a change against them with
`cursor-hooks replay ~/.cursor/captures.jsonl -- target/release/{name}`.
"#;

#[cfg(test)]
mod tests {
    use super::*;

    /// Where the checkout this tool was built from is gone, `new` without `--path` says what
    /// to run. (The built binary's checkout exists while its tests run, so this is tested here.)
    #[test]
    fn a_missing_checkout_gives_the_command_to_run() {
        let gone = std::env::temp_dir().join(format!("cursor-hooks-gone-{}", std::process::id()));
        let why = runtime_crate(&gone).unwrap_err();
        let message = unpublished("my-hooks", &why);
        assert!(
            message.contains("run `cursor-hooks new my-hooks --path DIR`")
                && message.contains(&gone.display().to_string()),
            "{message}"
        );
    }

    #[test]
    fn the_checkout_this_tool_was_built_from_is_the_runtime() {
        let runtime = runtime_crate(&built_from()).unwrap();
        assert_eq!(package_name(&runtime).as_deref(), Some("cursor-hooks"));
        assert!(runtime.ends_with("runtime"), "{}", runtime.display());
    }

    #[test]
    fn names() {
        assert!(valid_name("my-hooks"));
        assert!(!valid_name("1hooks"));
        assert!(!valid_name("../x"));
    }
}
