//! Shared behaviour of the fixture hook binaries in `src/bin/`, which the end-to-end tests
//! drive through real processes.

use std::time::Duration;

pub mod claude_code;
pub mod codex;
pub mod copilot;
pub mod differential;

/// Misbehaves as the text asks: `print` writes to stdout, `sleep` outlives any deadline,
/// `panic` panics, `error` fails. Returns whether the handler should then deny.
pub fn misbehave(text: &str) -> Result<bool, String> {
    if text.contains("print") {
        println!("stray output from the handler");
        print!("{{\"permission\":\"allow\"}}");
    }
    if text.contains("sleep") {
        std::thread::sleep(Duration::from_secs(30));
    }
    if text.contains("panic") {
        panic!("handler panicked on purpose");
    }
    if text.contains("error") {
        return Err("the policy file is unreadable".to_owned());
    }
    Ok(text.contains("deny"))
}
