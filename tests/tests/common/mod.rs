//! Running hook binaries as Cursor does: payload on stdin, answer on stdout.

#![allow(dead_code)] // each test file uses a part

pub mod claude_cli;

use cursor_hooks::testing::Binary;
use cursor_hooks::testing::Rendered;
use serde_json::{json, Value};

pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

impl Run {
    /// stdout as JSON; panics when it is not.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {:?}", self.stdout))
    }

    pub fn stderr_lines(&self) -> Vec<&str> {
        self.stderr.lines().collect()
    }
}

pub fn run(binary: &str, payload: &[u8]) -> Run {
    Run::from(Binary::new(binary).run(payload))
}

impl From<Rendered> for Run {
    /// Back to stderr's text: every line the runtime and the fixtures write ends in a newline.
    fn from(rendered: Rendered) -> Run {
        let stderr = rendered
            .stderr
            .iter()
            .map(|line| format!("{line}\n"))
            .collect();
        Run {
            stdout: rendered.stdout,
            stderr,
            code: rendered.exit_code,
        }
    }
}

/// A payload as the CLI 2026.09.28 sends it: the common fields plus `fields`.
pub fn payload(event: &str, fields: Value) -> Vec<u8> {
    let mut object = json!({
        "conversation_id": "08f8f6c0-cd1e-41e1-a580-72a21773e3ea",
        "generation_id": "08f8f6c0-cd1e-41e1-a580-72a21773e3ea",
        "model": "default",
        "session_id": "08f8f6c0-cd1e-41e1-a580-72a21773e3ea",
        "hook_event_name": event,
        "cursor_version": "2026.09.28-64d2043",
        "workspace_roots": ["/project"],
        "user_email": null,
        "transcript_path": null,
    });
    object
        .as_object_mut()
        .unwrap()
        .extend(fields.as_object().unwrap().clone());
    object.to_string().into_bytes()
}

/// Every file under `root` with its bytes (links as their targets' text, folders empty), for
/// the check that `cursor-hooks verify` leaves a project exactly as it was.
pub fn tree_bytes(root: &std::path::Path) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let mut all = Vec::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder)
            .expect("a readable folder")
            .flatten()
        {
            let path = entry.path();
            let meta = std::fs::symlink_metadata(&path).expect("metadata");
            if meta.is_dir() {
                folders.push(path.clone());
                all.push((path, Vec::new()));
            } else if meta.file_type().is_symlink() {
                let target = std::fs::read_link(&path).expect("a link");
                all.push((path, target.to_string_lossy().as_bytes().to_vec()));
            } else {
                all.push((path.clone(), std::fs::read(&path).expect("a readable file")));
            }
        }
    }
    all.sort();
    all
}
