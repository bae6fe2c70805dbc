//! Running a real editor offline: a model mock that answers on 127.0.0.1 only, and the one way
//! each editor is started against it (its environment, its flags, its phone-home switched off).
//! `cursor-hooks verify` and the live test suites both start editors through here.
//!
//! ```
//! use cursor_hooks_cli::live::claude_code::mock::{MockApi, Reply};
//!
//! let api = MockApi::start(vec![Reply::bash("true")]).expect("a port on 127.0.0.1");
//! assert!(api.base_url().starts_with("http://127.0.0.1:"));
//! ```

pub mod claude_code;
pub mod codex;
pub mod copilot;

/// Whether this process is in a network namespace whose only interface is loopback: `Err` names
/// the interfaces otherwise. Nothing starts an editor outside one where one can be made.
///
/// ```
/// // On a machine's own network there is more than loopback; inside `unshare -n`, only it.
/// let _inside = cursor_hooks_cli::live::only_loopback().is_ok();
/// ```
pub fn only_loopback() -> Result<(), String> {
    let devices = std::fs::read_to_string("/proc/self/net/dev")
        .map_err(|e| format!("cannot read /proc/self/net/dev: {e}"))?;
    let interfaces: Vec<&str> = devices
        .lines()
        .filter_map(|line| line.split_once(':'))
        .map(|(name, _)| name.trim())
        .collect();
    if interfaces == ["lo"] {
        Ok(())
    } else {
        Err(format!(
            "refusing to start an editor with a way out of the machine (interfaces {interfaces:?})"
        ))
    }
}
