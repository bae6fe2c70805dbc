//! `cli/data/`: what the `cursor-hooks` command embeds from outside its crate (Codex's spec and
//! answer schemas among it), written as
//! plain files. A package holds only its own directory, and a symbolic link would be a
//! one-line text file in a Windows checkout without symlink support, which the command would
//! then embed in place of the data.

use crate::model::{InputField, MatcherFrom, Spec};
use serde_json::{json, Map, Value};
use std::path::Path;

/// `spec/cursor/host.json` with `matcher.subjects` added: what each event's matcher is tested against,
/// from `matcher_from` in `spec/cursor/events.json` (the one place that says which events have a
/// subject), as the command's host rules (`doctor`, `simulate`) read it.
pub(crate) fn host_json(root: &Path, spec: &Spec) -> Result<String, String> {
    let host = std::fs::read_to_string(root.join("spec/cursor/host.json"))
        .map_err(|e| format!("spec/cursor/host.json: {e}"))?;
    let anchor = "\n  \"matcher\": {\n";
    let at = host
        .find(anchor)
        .ok_or("spec/cursor/host.json: no top-level `matcher` object")?
        + anchor.len();
    let mut subjects = String::from("    \"subjects\": {\n");
    let with_subject: Vec<String> = spec
        .events
        .iter()
        .filter_map(|event| {
            let subject = match event.matcher_from.as_ref()? {
                MatcherFrom::Field(field) => format!("{{ \"field\": {field:?} }}"),
                MatcherFrom::Fixed(text) => format!("{{ \"fixed\": {text:?} }}"),
                MatcherFrom::Prefixed { field, prefix } => format!(
                    "{{ \"prefixed\": {{ \"field\": {field:?}, \"prefix\": {prefix:?} }} }}"
                ),
            };
            Some(format!("      {:?}: {subject}", event.name))
        })
        .collect();
    subjects.push_str(&with_subject.join(",\n"));
    subjects.push_str("\n    },\n");
    Ok(format!("{}{subjects}{}", &host[..at], &host[at..]))
}

/// `spec/cursor/host.json`'s `matcher.match_all`: the matchers that match every subject.
pub(crate) fn match_all(root: &Path) -> Result<Vec<String>, String> {
    let host = std::fs::read_to_string(root.join("spec/cursor/host.json"))
        .map_err(|e| format!("spec/cursor/host.json: {e}"))?;
    let host: Value =
        serde_json::from_str(&host).map_err(|e| format!("spec/cursor/host.json: {e}"))?;
    serde_json::from_value(host["matcher"]["match_all"].clone())
        .map_err(|e| format!("spec/cursor/host.json: matcher.match_all: {e}"))
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

/// A spec file the command embeds as it is (`spec/claude-code/host.json`, Codex's spec).
pub(crate) fn copy(root: &Path, path: &str) -> Result<String, String> {
    std::fs::read_to_string(root.join(path)).map_err(|e| format!("{path}: {e}"))
}

/// Codex's answer schemas for `simulate --host codex`: each `schemas/codex/*.command.output`
/// schema under its event's name (`pre-tool-use` is `PreToolUse`), as one JSON object.
pub(crate) fn codex_output_schemas(root: &Path) -> Result<String, String> {
    const SUFFIX: &str = ".command.output.schema.json";
    let folder = root.join("schemas/codex");
    let entries = std::fs::read_dir(&folder).map_err(|e| format!("schemas/codex: {e}"))?;
    let mut bundle = Map::new();
    for entry in entries {
        let name = entry
            .map_err(|e| format!("schemas/codex: {e}"))?
            .file_name()
            .into_string()
            .map_err(|name| format!("schemas/codex: a name that is not UTF-8: {name:?}"))?;
        let Some(kebab) = name.strip_suffix(SUFFIX) else {
            continue;
        };
        let event: String = kebab
            .split('-')
            .map(|word| word[..1].to_uppercase() + &word[1..])
            .collect();
        let path = format!("schemas/codex/{name}");
        let schema: Value =
            serde_json::from_str(&copy(root, &path)?).map_err(|e| format!("{path}: {e}"))?;
        bundle.insert(event, schema);
    }
    let text = serde_json::to_string_pretty(&Value::Object(bundle))
        .map_err(|e| format!("schemas/codex: {e}"))?;
    Ok(text + "\n")
}

/// What `simulate --host claude-code` needs of each Claude Code event beyond
/// `cursor_hooks_spec::claude`, from `spec/claude-code/events.json`: every input key (`fields`:
/// the common fields, but those the event carries as its own (`absent_on`), and the event's own)
/// so `--set` refuses a key the event does not have, and who reads a blocking `reason`
/// (`reason_to`: `claude`, `user`, or null when the event reads no `decision`). The starting
/// payload of `--event` is the runtime's fixture (`cursor_hooks::claude::fixture`).
pub(crate) fn claude_events(root: &Path) -> Result<String, String> {
    let text = std::fs::read_to_string(root.join("spec/claude-code/events.json"))
        .map_err(|e| format!("spec/claude-code/events.json: {e}"))?;
    let spec: Value =
        serde_json::from_str(&text).map_err(|e| format!("spec/claude-code/events.json: {e}"))?;
    let list = |value: &Value| value.as_array().cloned().unwrap_or_default();
    let mut events = Map::new();
    for event in list(&spec["events"]) {
        let name = event["name"].as_str().ok_or("an event without a name")?;
        let common = list(&spec["common_fields"]).into_iter().filter(|field| {
            !list(&field["absent_on"])
                .iter()
                .any(|e| e.as_str() == Some(name))
        });
        let fields: Vec<Value> = common.chain(list(&event["input"])).collect();
        let keys = fields
            .iter()
            .map(|f| f["name"].as_str().ok_or("a field without a name"))
            .collect::<Result<Vec<&str>, _>>()?;
        events.insert(
            name.to_owned(),
            json!({
                "fields": keys,
                "reason_to": event["response"]["decision"]["reason_to"],
            }),
        );
    }
    Ok(format!(
        "{}\n",
        serde_json::to_string_pretty(&Value::Object(events)).expect("JSON")
    ))
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
