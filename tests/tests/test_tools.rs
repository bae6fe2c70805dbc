//! On a machine without the tools the editor tests need, the first-use installs of each editor's
//! code (`.ci/setup-claude-code`, `.ci/setup-codex`, `.ci/setup-copilot`,
//! `.ci/setup-cursor-sdk`, which those tests run before anything else) fail at once, install nothing, and name the command that installs
//! each missing tool; test binaries that start at once install the code once, the others
//! waiting on its lock.
#![cfg(target_os = "linux")]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A folder for `PATH` with the basic commands the scripts use and none of the tools.
fn bare_path(root: &Path) -> PathBuf {
    let bin = root.join("bin");
    std::fs::create_dir_all(&bin).expect("bin");
    for tool in ["bash", "sh", "dirname", "tr", "cat", "mkdir", "rm"] {
        let found = ["/usr/bin", "/bin"]
            .iter()
            .map(|dir| Path::new(dir).join(tool))
            .find(|path| path.is_file())
            .unwrap_or_else(|| panic!("no {tool} in /usr/bin or /bin"));
        std::os::unix::fs::symlink(found, bin.join(tool)).expect("link");
    }
    bin
}

#[test]
fn a_machine_without_the_tools_is_told_what_to_install_before_any_install() {
    let root = std::env::temp_dir().join(format!("cursor-hooks-test-tools-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let bin = bare_path(&root);
    let home = root.join("home");
    std::fs::create_dir_all(&home).expect("home");
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for script in [
        "setup-cursor-sdk",
        "setup-claude-code",
        "setup-codex",
        "setup-copilot",
    ] {
        let started = Instant::now();
        let output = Command::new(bin.join("bash"))
            .arg(workspace.join(".ci").join(script))
            .env_clear()
            .env("PATH", &bin)
            .env("HOME", &home)
            .stdin(Stdio::null())
            .output()
            .expect("bash starts");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{script}: {stderr}");
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{script} took {:?} to fail",
            started.elapsed()
        );
        // Not `ip`: it is also looked up in /usr/sbin and /sbin (a user's PATH may leave them
        // out), where this machine may have it.
        for line in [
            "`node` is missing",
            "`npm` is missing",
            "`unshare` is missing",
            "`flock` is missing",
            "apt-get install nodejs npm",
            "apt-get install util-linux",
        ] {
            assert!(
                stderr.contains(line),
                "{script} does not say {line}:\n{stderr}"
            );
        }
        assert!(
            !home.join(".cache").exists(),
            "{script} began an install: {stderr}"
        );
    }
    let _ = std::fs::remove_dir_all(&root);
}

/// An `npm` that counts its runs and, slowly, lays out what `npm install @cursor/sdk@VERSION`
/// leaves (the package's version, its entry file, the lock file's digest), so the lock is
/// tested without the network.
const FAKE_NPM: &str = r#"#!/bin/sh
echo run >> "$FAKE_NPM_RUNS"
sleep 1
while [ $# -gt 0 ]; do [ "$1" = --prefix ] && prefix=$2; shift; done
sdk="$prefix/node_modules/@cursor/sdk"
mkdir -p "$sdk/dist/esm"
: > "$sdk/dist/esm/index.js"
printf '{"version":"%s"}' "$FAKE_NPM_VERSION" > "$sdk/package.json"
printf '{"packages":{"node_modules/@cursor/sdk":{"integrity":"%s"}}}' "$FAKE_NPM_INTEGRITY" > "$prefix/package-lock.json"
"#;

#[test]
fn test_binaries_that_start_at_once_install_the_sdk_once() {
    let root =
        std::env::temp_dir().join(format!("cursor-hooks-install-lock-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let bin = root.join("bin");
    std::fs::create_dir_all(&bin).expect("bin");
    let npm = bin.join("npm");
    std::fs::write(&npm, FAKE_NPM).expect("npm");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&npm, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let pinned = |file: &str| {
        std::fs::read_to_string(workspace.join("tests/cursor-sdk").join(file))
            .expect("a pinned fact")
            .trim()
            .to_owned()
    };
    let runs = root.join("npm-runs");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let installs: Vec<_> = (0..3)
        .map(|_| {
            Command::new("bash")
                .arg(workspace.join(".ci/setup-cursor-sdk"))
                .env("PATH", &path)
                .env("XDG_CACHE_HOME", root.join("cache"))
                .env("FAKE_NPM_RUNS", &runs)
                .env("FAKE_NPM_VERSION", pinned("VERSION"))
                .env("FAKE_NPM_INTEGRITY", pinned("INTEGRITY"))
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("bash starts")
        })
        .collect();
    for install in installs {
        let output = install.wait_with_output().expect("it ends");
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let count = std::fs::read_to_string(&runs)
        .unwrap_or_default()
        .lines()
        .count();
    assert_eq!(count, 1, "npm ran {count} times for three installs at once");
    let _ = std::fs::remove_dir_all(&root);
}
