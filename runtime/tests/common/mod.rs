//! What more than one test file of the runtime needs.

use cursor_hooks::CursorVersion;
use serde_json::{json, Value};

/// A payload of `event` from `version`: a 1.7-era one (`legacy`) has neither `cursor_version`
/// nor `model`, a current one has `model` (so a missing version alone is not the 1.7 format).
pub fn payload(event: &str, version: &CursorVersion, legacy: bool) -> Value {
    assert!(
        !legacy || version.is_missing(),
        "a 1.7-era payload has no version"
    );
    let mut payload = json!({ "hook_event_name": event });
    if let Some(version) = version.as_str() {
        payload["cursor_version"] = version.into();
    }
    if !legacy {
        payload["model"] = "default".into();
    }
    payload
}
