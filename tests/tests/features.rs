//! The `cursor`, `claude-code`, `codex` and `testing` features, as a hook crate outside the workspace uses them:
//! a Cursor-only crate (`default-features = false, features = ["cursor"]`) builds and answers,
//! a Claude Code handler there is one compile error naming the feature, and `main!` naming a
//! handler of the crate's library without its path says which path to write. Each crate is
//! built with `cargo build --offline` into one target directory under `CARGO_TARGET_TMPDIR`,
//! reused between runs.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ is in the workspace")
        .to_path_buf()
}

/// Writes a crate named `name` depending on the runtime with only the `cursor` feature, with
/// `files` (relative path, text) as its sources; builds it and returns cargo's output.
fn build_cursor_only(name: &str, files: &[(&str, &str)]) -> (Output, PathBuf) {
    build_cursor_only_with(name, files, &[])
}

/// [`build_cursor_only`] with more `cargo build` arguments (`--release`).
fn build_cursor_only_with(name: &str, files: &[(&str, &str)], args: &[&str]) -> (Output, PathBuf) {
    let workspace = workspace_root();
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("features");
    let dir = root.join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("src")).expect("the crate's folder is writable");
    let manifest = format!(
        "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
         [dependencies]\ncursor-hooks = {{ path = {:?}, default-features = false, features = [\"cursor\"] }}\n\n\
         [workspace]\n",
        workspace.join("runtime").display().to_string()
    );
    std::fs::write(dir.join("Cargo.toml"), manifest).expect("Cargo.toml is writable");
    // The workspace's versions and toolchain, so the build needs nothing new.
    for shared in ["Cargo.lock", "rust-toolchain.toml"] {
        std::fs::copy(workspace.join(shared), dir.join(shared)).expect("a workspace file copies");
    }
    for (path, text) in files {
        std::fs::write(dir.join(path), text).expect("a source file is writable");
    }
    let target = root.join("target");
    let output = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()))
        .args(["build", "--offline", "--quiet"])
        .args(args)
        .current_dir(&dir)
        .env("CARGO_TARGET_DIR", &target)
        .env_remove("RUSTUP_TOOLCHAIN")
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cargo starts");
    (output, target.join("debug").join(name))
}

const CURSOR_GUARD: &str = r#"use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution")]
fn guard(input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    if input.command.contains("rm -rf") {
        BeforeShellExecutionResponse::deny("rm -rf is blocked")
    } else {
        no_opinion()
    }
}

main!(guard);
"#;

#[test]
fn a_cursor_only_crate_builds_and_answers() {
    let (output, binary) = build_cursor_only("cursor-only-hook", &[("src/main.rs", CURSOR_GUARD)]);
    assert!(
        output.status.success(),
        "the Cursor-only crate did not build:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let payload = br#"{"hook_event_name":"beforeShellExecution","command":"rm -rf /","cursor_version":"2.4.0"}"#;
    let answer = cursor_hooks::testing::Binary::new(binary.to_str().expect("a UTF-8 path"))
        .run(&payload[..]);
    assert_eq!(answer.exit_code, 0, "{:?}", answer.stderr);
    let json: serde_json::Value = serde_json::from_str(&answer.stdout).expect("the answer is JSON");
    assert_eq!(json["permission"], "deny", "{}", answer.stdout);
}

#[test]
fn a_hook_crate_builds_no_test_kit_without_the_testing_feature() {
    let main = CURSOR_GUARD.replace(
        "main!(guard);",
        "fn _kit() -> cursor_hooks::testing::Fixture<BeforeShellExecution> {\n    BeforeShellExecution::fixture()\n}\n\nmain!(guard);",
    );
    let (output, _) = build_cursor_only("no-test-kit", &[("src/main.rs", &main)]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !output.status.success(),
        "the test kit was built:\n{stderr}"
    );
    assert!(
        stderr.contains("`testing`") && stderr.contains("feature"),
        "rustc names the feature that turns the test kit on:\n{stderr}"
    );
}

#[test]
fn a_claude_handler_without_its_feature_is_one_error_naming_the_feature() {
    let main = r#"use cursor_hooks::prelude::*;

#[claude_hook(event = "PreToolUse", matcher = "Bash")]
fn claude_guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

main!(claude_guard);
"#;
    let (output, _) = build_cursor_only("claude-without-feature", &[("src/main.rs", main)]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "it built:\n{stderr}");
    assert!(
        stderr.contains("`#[claude_hook]` needs the `claude-code` feature of cursor-hooks")
            && stderr.contains("src/main.rs:3:1"),
        "{stderr}"
    );
    assert!(
        stderr.contains("due to 1 previous error"),
        "one error only:\n{stderr}"
    );
    assert!(
        !stderr.contains("__private") && !stderr.contains("__cursor_hooks"),
        "{stderr}"
    );
}

#[test]
fn a_codex_handler_without_its_feature_is_one_error_naming_the_feature() {
    let main = r#"use cursor_hooks::prelude::*;

#[codex_hook(event = "PreToolUse", matcher = "Bash")]
fn codex_guard(_input: PreToolUse) -> PreToolUseResponse {
    no_opinion()
}

main!(codex_guard);
"#;
    let (output, _) = build_cursor_only("codex-without-feature", &[("src/main.rs", main)]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "it built:\n{stderr}");
    assert!(
        stderr.contains("`#[codex_hook]` needs the `codex` feature of cursor-hooks")
            && stderr.contains("src/main.rs:3:1"),
        "{stderr}"
    );
    assert!(
        stderr.contains("due to 1 previous error"),
        "one error only:\n{stderr}"
    );
}

#[test]
fn main_naming_a_library_handler_bare_names_the_library_path() {
    let lib = r#"use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution")]
pub fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    no_opinion()
}
"#;
    let main = "cursor_hooks::main!(guard);\n";
    let (output, _) = build_cursor_only(
        "library-handler",
        &[("src/lib.rs", lib), ("src/main.rs", main)],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "it built:\n{stderr}");
    assert!(
        stderr.contains("`cursor_hooks::main!(library_handler::guard)`")
            && stderr.contains("src/main.rs:1:21"),
        "{stderr}"
    );
    assert!(!stderr.contains("no external crate"), "{stderr}");
}

/// The check that refuses a handler no `main!` lists runs in binaries only: a library's handlers
/// are listed by the binary that uses them, and one the binary leaves out is no error of the
/// library's (nor of the binary's, which cannot tell it exists).
#[test]
fn library_handlers_listed_by_the_binary_build() {
    let lib = r#"use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution")]
pub fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    no_opinion()
}

#[cursor_hook(event = "stop")]
pub fn verify(_input: Stop) -> StopResponse {
    no_opinion()
}
"#;
    let main = "cursor_hooks::main!(library_handlers::guard);\n";
    let (output, _) = build_cursor_only(
        "library-handlers",
        &[("src/lib.rs", lib), ("src/main.rs", main)],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// What a release build compiles differs from `cargo check`'s debug one where `#[cfg]` says so:
/// two `main!` calls under opposite `cfg`s (the later is the one a release build keeps, and the
/// earlier, which `cfg` removed, is no first `main!`), and a handler named like a module its
/// module imports, listed by path, build in release as in the trybuild pass cases' debug builds.
#[test]
fn opposite_cfg_mains_and_an_import_named_handler_build_in_release() {
    let main = r#"mod hooks {
    use cursor_hooks::prelude::*;
    use std::env;

    #[cursor_hook(event = "sessionStart")]
    pub fn env(input: SessionStart) -> SessionStartResponse {
        let _ = (env::var("HOME"), input);
        no_opinion()
    }
}

use cursor_hooks::prelude::*;

#[cursor_hook(event = "stop")]
fn drop(_input: Stop) -> StopResponse {
    no_opinion()
}

#[cfg(debug_assertions)]
cursor_hooks::main!(hooks::env);
#[cfg(not(debug_assertions))]
cursor_hooks::main!(hooks::env, drop);
"#;
    let (output, _) = build_cursor_only_with(
        "release-cfg-mains",
        &[("src/main.rs", main)],
        &["--release"],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// A handler in a module file is checked against the `main!` of `main.rs`: the one it lists by
/// path builds, and the one it leaves out is one error, in the module file, at its name.
#[test]
fn a_module_files_handler_main_leaves_out_is_one_error() {
    let hooks = r#"use cursor_hooks::prelude::*;

#[cursor_hook(event = "beforeShellExecution")]
pub fn guard(_input: BeforeShellExecution) -> BeforeShellExecutionResponse {
    no_opinion()
}

#[cursor_hook(event = "stop")]
pub fn verify(_input: Stop) -> StopResponse {
    no_opinion()
}
"#;
    let main = "mod hooks;\n\ncursor_hooks::main!(hooks::guard);\n";
    let (output, _) = build_cursor_only(
        "module-file-unlisted",
        &[("src/hooks.rs", hooks), ("src/main.rs", main)],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "it built:\n{stderr}");
    assert!(
        stderr.contains("this handler is not listed in `cursor_hooks::main!(..)`")
            && stderr.contains("`cursor_hooks::main!(verify)`")
            && stderr.contains("src/hooks.rs:9:8"),
        "{stderr}"
    );
    assert!(
        stderr.contains("due to 1 previous error") && !stderr.contains("guard"),
        "one error, about `verify` only:\n{stderr}"
    );
    let main = "mod hooks;\n\ncursor_hooks::main!(hooks::guard, hooks::verify);\n";
    let (output, _) = build_cursor_only(
        "module-file-listed",
        &[("src/hooks.rs", hooks), ("src/main.rs", main)],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}
