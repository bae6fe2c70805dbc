//! On a machine without the tools the editor tests need, the first-use installs of each editor's
//! code (`.ci/setup-claude-code`, `.ci/setup-cursor-sdk`, which those tests run before anything
//! else) fail at once, install nothing, and name the command that installs each missing tool.
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
    for script in ["setup-cursor-sdk", "setup-claude-code"] {
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
