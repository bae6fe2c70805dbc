//! Every finding the hook fuzzer (`fuzz/`, `.ci/fuzz`) ever made, replayed: each file of
//! `tests/fuzz-regressions` is a payload, the editor whose payload it is and the failure policy
//! of the guards that answered it. The oracle (`cursor_hooks_fuzz::check`) must accept the
//! answer now: the guard's decision on what the host runs, or the failure policy with exactly
//! one stderr line.

use cursor_hooks_fuzz::{check, Policy, Target};
use serde_json::Value;

#[test]
fn every_fuzzer_finding_is_answered_as_the_oracle_requires() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fuzz-regressions");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("tests/fuzz-regressions exists")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "the committed findings are there");
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("a readable regression file");
        let file: Value = serde_json::from_str(&text)
            .unwrap_or_else(|error| panic!("{} is not JSON: {error}", path.display()));
        let target = file["target"].as_str().and_then(Target::from_name);
        let policy = file["policy"].as_str().and_then(Policy::from_name);
        let payload = file["payload"].as_str();
        let (Some(target), Some(policy), Some(payload)) = (target, policy, payload) else {
            panic!("{} needs `target`, `policy` and `payload`", path.display());
        };
        if let Err(finding) = check(target, policy, payload.as_bytes()) {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            failures.push(format!("{name}: {finding}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} fuzzer findings are answered wrongly:\n\n{}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
}
