//! The `cursor-hooks` command for the differentials and live suites that run it.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

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

/// `cursor-hooks package --out PLUGIN --marketplace TEAM BINARY`: the plugin folder and the
/// team marketplace that lists it, as a team ships hooks; panics unless it succeeds.
pub fn package(plugin: &Path, team: &Path, binary: &Path) {
    let output = Command::new(cli_binary())
        .arg("package")
        .arg("--out")
        .arg(plugin)
        .arg("--marketplace")
        .arg(team)
        .arg(binary)
        .stdin(Stdio::null())
        .output()
        .expect("cursor-hooks starts");
    assert!(
        output.status.success(),
        "package failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}
