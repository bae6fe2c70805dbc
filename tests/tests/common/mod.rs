//! Running hook binaries as Cursor does: payload on stdin, answer on stdout.

#![allow(dead_code)] // each test file uses a part

use serde_json::{json, Value};
use std::io::Write;
use std::process::{Command, Stdio};

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
    let mut child = Command::new(binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the hook binary starts");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(payload)
        .expect("payload written");
    let output = child.wait_with_output().expect("the hook binary finishes");
    Run {
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
        code: output.status.code().expect("the hook exits with a code"),
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
