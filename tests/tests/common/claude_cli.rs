//! The `cursor-hooks` command for the Claude Code differentials (`claude_differential.rs`,
//! `claude_differential_generated.rs`).

use std::path::{Path, PathBuf};
use std::process::Command;

/// The `cursor-hooks` command, built from this checkout into a target dir of its own (the outer
/// `cargo test` may hold the default one); offline inside the namespace, where it is fresh.
pub fn cli_binary() -> PathBuf {
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli");
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace");
    let mut build = Command::new(env!("CARGO"));
    build
        .current_dir(workspace)
        .args([
            "build",
            "--quiet",
            "-p",
            "cursor-hooks-cli",
            "--bin",
            "cursor-hooks",
        ])
        .arg("--target-dir")
        .arg(&target);
    if std::env::var_os(cursor_hooks_tests::claude_code::runner::INSIDE_NAMESPACE).is_some() {
        build.arg("--offline");
    }
    let status = build.status().expect("cargo starts");
    assert!(status.success(), "building the cursor-hooks command failed");
    target.join("debug/cursor-hooks")
}
