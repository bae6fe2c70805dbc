//! `cli/data/`: what the `cursor-hooks` command embeds from outside its crate, written as
//! plain files. A package holds only its own directory, and a symbolic link would be a
//! one-line text file in a Windows checkout without symlink support, which the command would
//! then embed in place of the data.

use crate::model::{InputField, Spec};
use serde_json::{json, Map, Value};
use std::path::Path;

/// `spec/host.json` as it is (the host rules `doctor` and `simulate` apply).
pub(crate) fn host_json(root: &Path) -> Result<String, String> {
    std::fs::read_to_string(root.join("spec/host.json")).map_err(|e| format!("spec/host.json: {e}"))
}

/// Each event's payload keys (the common fields, its own, and their other spellings), so
/// `simulate --set` can refuse a key the event's input type does not have.
pub(crate) fn input_fields(spec: &Spec) -> String {
    let names = |fields: &[InputField]| -> Vec<String> {
        fields
            .iter()
            .flat_map(|f| std::iter::once(&f.name).chain(&f.aliases))
            .cloned()
            .collect()
    };
    let events: Map<String, Value> = spec
        .events
        .iter()
        .map(|event| (event.name.clone(), json!(names(&event.input))))
        .collect();
    let all = json!({ "common": names(&spec.common_fields), "events": events });
    format!("{}\n", serde_json::to_string_pretty(&all).expect("JSON"))
}

/// The workspace manifest's `[profile.release]` table with the comment lines just above it:
/// the profile `cursor-hooks new` writes into a new hook crate.
pub(crate) fn release_profile(root: &Path) -> Result<String, String> {
    let manifest =
        std::fs::read_to_string(root.join("Cargo.toml")).map_err(|e| format!("Cargo.toml: {e}"))?;
    let lines: Vec<&str> = manifest.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.trim() == "[profile.release]")
        .ok_or("Cargo.toml: no [profile.release]")?;
    let mut first = start;
    while first > 0 && lines[first - 1].starts_with('#') {
        first -= 1;
    }
    let mut end = lines[start + 1..]
        .iter()
        .position(|l| l.starts_with('['))
        .map_or(lines.len(), |n| start + 1 + n);
    // The comment above the next table is that table's.
    while end > start + 1 && (lines[end - 1].trim().is_empty() || lines[end - 1].starts_with('#')) {
        end -= 1;
    }
    let profile = lines[first..end].join("\n");
    Ok(format!("{}\n", profile.trim_end()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_release_profile_is_the_workspace_one() {
        let profile = super::release_profile(&crate::workspace_root()).expect("a profile");
        assert!(profile.starts_with('#'), "with its comment: {profile}");
        assert!(profile.contains("\n[profile.release]\n"), "{profile}");
        assert!(profile.contains("lto = "), "{profile}");
        assert!(!profile.contains("[workspace"), "{profile}");
        assert!(
            profile
                .trim_end()
                .lines()
                .last()
                .is_some_and(|l| !l.starts_with('#')),
            "no comment of the next table: {profile}"
        );
    }
}
