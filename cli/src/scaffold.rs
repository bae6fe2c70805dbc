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
    // from the checkout until then. The crate is meant to be committed, so the patch names the
    // checkout relative to the crate: it builds in any clone that keeps the checkout where it
    // is from the crate (an absolute path names this machine only).
    let here = std::env::current_dir()
        .and_then(|dir| dir.canonicalize())
        .map_err(|e| format!("cannot read the current folder: {e}"))?;
    let patch =
        relative_path(&here.join(name), &runtime).unwrap_or_else(|| runtime.display().to_string());
    let dependency = format!(
        "cursor-hooks = \"{req}\"\n\n# The test kit (`cursor_hooks::testing`) for the tests only: the hook itself does not build it.\n[dev-dependencies]\ncursor-hooks = {{ version = \"{req}\", features = [\"testing\"] }}\n\n# Until cursor-hooks is on crates.io: the checkout it was created from, relative to this\n# crate, so it builds in another clone that keeps both where they are to each other (delete\n# these two lines once it is published).\n[patch.crates-io]\ncursor-hooks = {{ path = {patch:?} }}",
        req = published_requirement(env!("CARGO_PKG_VERSION")),
    );
    let krate = name.replace('-', "_");
    let fill = |template: &str| template.replace("{name}", name).replace("{crate}", &krate);
    let files = [
        ("Cargo.toml", manifest(name, &dependency)),
        ("src/lib.rs", fill(LIB_RS)),
        ("src/main.rs", fill(MAIN_RS)),
        ("tests/hooks.rs", fill(TESTS_RS)),
        ("README.md", fill(README_MD)),
        (".gitignore", "/target\n".to_owned()),
    ];
    for (relative, text) in files {
        let path = root.join(relative);
        std::fs::create_dir_all(path.parent().expect("a parent"))
            .map_err(|e| format!("cannot create {}: {e}", path.display()))?;
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    println!(
        "created {name}/: it depends on the cursor-hooks checkout{from} ({}; its Cargo.toml \
         names it as `{patch}`, relative to the crate), as the crates are not published yet",
        runtime.display()
    );
    println!(
        "next: `cd {name} && cargo test`, then see its README to install it in Cursor and Claude Code"
    );
    Ok(0)
}

/// `to` relative to `from` (both absolute and canonical), with `/` between its parts so the
/// same text works on every system; `None` where no relative path leads there (another
/// Windows drive).
fn relative_path(from: &Path, to: &Path) -> Option<String> {
    use std::path::Component;
    let (from, to): (Vec<Component>, Vec<Component>) =
        (from.components().collect(), to.components().collect());
    let shared = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    // Not even the root (or drive) in common.
    if shared == 0 {
        return None;
    }
    let parts: Vec<String> = std::iter::repeat_n("..".to_owned(), from.len() - shared)
        .chain(
            to[shared..]
                .iter()
                .map(|part| part.as_os_str().to_string_lossy().into_owned()),
        )
        .collect();
    Some(if parts.is_empty() {
        ".".to_owned()
    } else {
        parts.join("/")
    })
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
        "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2024\"\npublish = false\n\n\
         [dependencies]\n{dependency}\n\n\
         # A crate of its own, even when created inside another workspace.\n[workspace]\n\n{RELEASE_PROFILE}",
    )
}

/// The handlers: one rule, wired into each editor by a handler of its own.
const LIB_RS: &str = r#"//! {name}: agent hooks for Cursor and Claude Code, in one binary (`src/main.rs`). The
//! handlers live here, in the library, so `tests/` can call them.

// One import for both editors: Cursor's names bare, Claude Code's under `claude::`.
use cursor_hooks::prelude::*;

/// The rule both handlers apply: a recursive forced delete is refused.
pub fn is_recursive_delete(command: &str) -> bool {
    command.contains("rm -rf") || command.contains("rm -fr")
}

/// Cursor: before a shell command runs. Fails closed: if the handler cannot answer, the
/// command is blocked.
#[cursor_hook(event = "beforeShellExecution", fail = "closed", timeout = 5)]
pub fn guard(input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    if is_recursive_delete(&input.command) {
        BeforeShellExecutionResponse::deny("rm -rf is blocked: delete specific paths instead")
    } else {
        no_opinion()
    }
}

/// Claude Code: before its Bash tool runs. The reason of a deny goes to the model.
#[claude_hook(event = "PreToolUse", matcher = "Bash", fail = "closed", timeout = 5)]
pub fn claude_guard(input: claude::PreToolUse) -> claude::PreToolUseResponse {
    if input.tool_input.command().is_some_and(is_recursive_delete) {
        claude::PreToolUseResponse::deny("rm -rf is blocked: delete specific paths instead")
    } else {
        no_opinion()
    }
}
"#;

/// The binary: both handlers; the payload's event name picks one.
const MAIN_RS: &str = r#"//! The hook binary for both editors. `cargo run --release -- install --project DIR` wires it
//! into Cursor, `... install --claude --project DIR` into Claude Code (see the README).

cursor_hooks::main!({crate}::guard, {crate}::claude_guard);
"#;

const TESTS_RS: &str = r#"//! The handlers answered in process as the binary answers them (`testing::run`), and the built
//! binary run as each editor runs it: one payload on stdin, the answer on stdout.

use cursor_hooks::prelude::*;
use cursor_hooks::serde_json::json;
use cursor_hooks::testing::{self, Binary};
use {crate}::{claude_guard, guard};

fn bash(command: &str) -> cursor_hooks::testing::Fixture<claude::PreToolUse> {
    claude::PreToolUse::fixture()
        .tool_name("Bash")
        .tool_input(json!({ "command": command }))
}

#[test]
fn cursor_guard_denies_rm_rf_and_has_no_opinion_on_the_rest() {
    let rm = BeforeShellExecution::fixture().command("rm -rf /");
    cursor_hooks::assert_denied!(testing::run::<guard>(rm));
    let ls = BeforeShellExecution::fixture().command("ls");
    cursor_hooks::assert_no_opinion!(testing::run::<guard>(ls));
}

#[test]
fn claude_guard_denies_rm_rf_and_has_no_opinion_on_the_rest() {
    cursor_hooks::assert_denied!(testing::run::<claude_guard>(bash("rm -rf /")));
    cursor_hooks::assert_no_opinion!(testing::run::<claude_guard>(bash("ls")));
}

#[test]
fn the_binary_answers_both_editors() {
    let hook = || Binary::new(env!("CARGO_BIN_EXE_{name}"));
    cursor_hooks::assert_denied!(hook().run(BeforeShellExecution::fixture().command("rm -rf /")));
    cursor_hooks::assert_denied!(hook().run(bash("rm -rf /")));
    cursor_hooks::assert_no_opinion!(hook().run(bash("ls")));
}
"#;

const README_MD: &str = r#"# {name}

Agent hooks for Cursor and Claude Code, built with cursor-hooks: one rule (`rm -rf` is refused)
in one binary, wired into Cursor on `beforeShellExecution` and into Claude Code on `PreToolUse`
for its Bash tool. Both handlers fail closed.

## Test

```sh
cargo test       # the handlers in process, and the built binary as each editor runs it
```

## Install

`install` writes the binary's absolute path into the editor's file and prints both, so build
in place and the editors pick up the new binary on the next agent action. `cargo run` finds
the binary wherever cargo built it (`CARGO_TARGET_DIR`, a workspace's `target/`):

```sh
cargo run --release -q -- print-config                      # the hooks.json entries it needs
cargo run --release -q -- install --project DIR             # Cursor: DIR/.cursor/hooks.json
cargo run --release -q -- install --claude --project DIR    # Claude Code: DIR/.claude/settings.json
cursor-hooks doctor --project DIR --host all                # checks what both editors load
```

`--user` instead of `--project DIR` writes `~/.cursor/hooks.json` (or
`~/.claude/settings.json`); `uninstall` with the same options removes the entries again.
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
    fn the_patch_path_is_relative_to_the_crate() {
        let at = |path: &str| Path::new(path).to_path_buf();
        assert_eq!(
            relative_path(&at("/src/my-hooks"), &at("/src/cursor-hooks/runtime")).as_deref(),
            Some("../cursor-hooks/runtime")
        );
        assert_eq!(
            relative_path(
                &at("/src/cursor-hooks/my-hooks"),
                &at("/src/cursor-hooks/runtime")
            )
            .as_deref(),
            Some("../runtime")
        );
        assert_eq!(
            relative_path(&at("/a/b/my-hooks"), &at("/runtime")).as_deref(),
            Some("../../../runtime")
        );
    }

    #[test]
    fn names() {
        assert!(valid_name("my-hooks"));
        assert!(!valid_name("1hooks"));
        assert!(!valid_name("../x"));
    }
}
