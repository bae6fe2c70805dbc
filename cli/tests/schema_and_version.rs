//! `cursor-hooks schema --out DIR` writes exactly the schemas committed under `schemas/` (which
//! `cargo run -p cursor-hooks-codegen` generates from `spec/`); `cursor-hooks new` writes the
//! dependency line a user types once the crates are published.

mod common;

use common::Scratch;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// Every file under `dir`, by path relative to it.
fn files_under(dir: &Path) -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(path) = stack.pop() {
        if path.is_dir() {
            for entry in std::fs::read_dir(&path).expect("a readable folder") {
                stack.push(entry.expect("a folder entry").path());
            }
        } else {
            let relative = path
                .strip_prefix(dir)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            files.insert(
                relative,
                std::fs::read_to_string(&path).expect("a text file"),
            );
        }
    }
    files
}

#[test]
fn schema_writes_exactly_the_committed_schemas() {
    let s = Scratch::new("schema");
    let out = s.root.join("out/schemas");
    let output = s.cli(&["schema", "--out", out.to_str().unwrap()], None);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let written = files_under(&out);
    // schemas/codex/ holds the Codex binary's own schemas, verbatim (scripts/codex-release-report):
    // written out as they are.
    let committed = files_under(&common::workspace_root().join("schemas"));
    assert_eq!(
        written.keys().collect::<Vec<_>>(),
        committed.keys().collect::<Vec<_>>(),
        "the same files"
    );
    let differing: Vec<&String> = written
        .iter()
        .filter(|(path, text)| committed.get(*path) != Some(text))
        .map(|(path, _)| path)
        .collect();
    assert!(differing.is_empty(), "differ from schemas/: {differing:?}");
    // Both editors' configuration files and, per event, an input and an output schema.
    for path in [
        "cursor/hooks.schema.json",
        "cursor/plugin-hooks.schema.json",
        "claude-code/settings-hooks.schema.json",
        "claude-code/plugin-hooks.schema.json",
        "cursor/events/beforeShellExecution.input.schema.json",
        "cursor/events/beforeShellExecution.output.schema.json",
        "claude-code/events/PreToolUse.input.schema.json",
        "claude-code/events/PreToolUse.output.schema.json",
        "codex/pre-tool-use.command.input.schema.json",
        "codex/pre-tool-use.command.output.schema.json",
        "copilot/hooks.schema.json",
        "copilot/events/preToolUse.input.schema.json",
        "copilot/events/preToolUse.output.schema.json",
    ] {
        assert!(written.contains_key(path), "{path} missing");
    }
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(
        said.contains(&format!("wrote {} JSON Schemas", written.len())),
        "{said}"
    );
}

/// A schema's `properties` keys and `required` list.
fn keys_of(schema: &Value) -> (Vec<String>, Vec<String>) {
    let names = |value: &Value| -> Vec<String> {
        match value {
            Value::Object(map) => map.keys().cloned().collect(),
            Value::Array(list) => list
                .iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect(),
            _ => Vec::new(),
        }
    };
    (names(&schema["properties"]), names(&schema["required"]))
}

fn read(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("readable")).expect("JSON")
}

/// Copilot's schemas fit what Copilot sends and what the tools write: every payload the real
/// Copilot sent (`runtime/tests/copilot/own/`) has its event's required keys and only keys the
/// input schema names; an answer key Copilot ignores on an event is not in its output schema;
/// the entries `package` writes for Copilot have only keys of the hooks-file schema.
#[test]
fn copilots_schemas_fit_its_payloads_and_the_files_the_tools_write() {
    let root = common::workspace_root();
    let schemas = root.join("schemas/copilot");
    let mut payloads = 0;
    for entry in std::fs::read_dir(root.join("runtime/tests/copilot/own")).expect("payloads") {
        let path = entry.expect("an entry").path();
        let event = path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("a name")
            .to_owned();
        let payload = read(&path);
        let (declared, required) = keys_of(&read(
            &schemas.join(format!("events/{event}.input.schema.json")),
        ));
        for key in payload.as_object().expect("an object").keys() {
            assert!(
                declared.contains(key),
                "{event}: Copilot sent {key}, not in the schema"
            );
        }
        for key in &required {
            assert!(
                payload.get(key).is_some(),
                "{event}: the schema requires {key}"
            );
        }
        payloads += 1;
    }
    assert_eq!(payloads, 12, "one recorded payload per event");
    let (answer, _) = keys_of(&read(&schemas.join("events/preToolUse.output.schema.json")));
    assert!(
        answer.contains(&"permissionDecision".to_owned()),
        "{answer:?}"
    );
    assert!(
        !answer.contains(&"decision".to_owned()),
        "preToolUse ignores decision: {answer:?}"
    );
    assert!(
        !answer.contains(&"hookSpecificOutput".to_owned()),
        "flat answers: {answer:?}"
    );
    let (stop, _) = keys_of(&read(&schemas.join("events/agentStop.output.schema.json")));
    assert!(stop.contains(&"decision".to_owned()), "{stop:?}");

    let hooks_file = read(&schemas.join("hooks.schema.json"));
    let (entry_keys, entry_required) = keys_of(&hooks_file["$defs"]["entry"]);
    let s = Scratch::new("schema-copilot");
    let record = serde_json::json!([
        {"event": "preToolUse", "handler": "guard", "matcher": "bash", "timeout": 4, "host": "copilot"}
    ]);
    let bin = common::fake_hook_binary(&s.root.join("build/guard"), "linux-x86_64", &record);
    let windows =
        common::fake_hook_binary(&s.root.join("win/guard.exe"), "windows-x86_64", &record);
    let out = s.root.join("plugin");
    let output = s.cli(
        &[
            "package",
            "--out",
            out.to_str().unwrap(),
            bin.to_str().unwrap(),
            windows.to_str().unwrap(),
        ],
        None,
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let written = read(&out.join("hooks/hooks-copilot.json"));
    let (file_keys, _) = keys_of(&hooks_file);
    for key in written.as_object().expect("an object").keys() {
        assert!(file_keys.contains(key), "package wrote {key}");
    }
    let entries = written["hooks"]["preToolUse"].as_array().expect("entries");
    assert_eq!(entries.len(), 1);
    for key in entries[0].as_object().expect("an entry").keys() {
        assert!(
            entry_keys.contains(key),
            "package wrote the entry key {key}"
        );
    }
    for key in &entry_required {
        assert!(entries[0].get(key).is_some(), "the schema requires {key}");
    }
}

/// Nothing a Cursor schema offers for a native `hooks.json` puts a `//` in it: no schema's
/// `$id` or example holds a URL that a user might copy into `$schema`.
#[test]
fn the_native_cursor_schema_recommends_no_schema_url() {
    let text =
        std::fs::read_to_string(common::workspace_root().join("schemas/cursor/hooks.schema.json"))
            .unwrap();
    let schema: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert!(schema.get("$id").is_none(), "{}", schema["$id"]);
    let description = schema["properties"]["$schema"]["description"]
        .as_str()
        .unwrap();
    assert!(description.contains("voids the file"), "{description}");
}

#[test]
fn new_writes_the_published_version_and_a_patch_for_the_checkout_until_then() {
    let s = Scratch::new("new-version");
    let output = std::process::Command::new(common::CLI)
        .args(["new", "my-hooks"])
        .current_dir(&s.root)
        .output()
        .expect("cursor-hooks runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let manifest = std::fs::read_to_string(s.root.join("my-hooks/Cargo.toml")).unwrap();
    let version = env!("CARGO_PKG_VERSION");
    let typed = format!("cursor-hooks = \"{}\"", version.rsplit_once('.').unwrap().0);
    let dependencies = manifest
        .split("[dependencies]\n")
        .nth(1)
        .expect("a [dependencies] table");
    assert!(dependencies.starts_with(&typed), "{manifest}");
    assert!(
        manifest.contains("\n[patch.crates-io]\ncursor-hooks = { path = "),
        "{manifest}"
    );
}
