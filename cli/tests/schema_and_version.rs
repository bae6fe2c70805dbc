//! `cursor-hooks schema --out DIR` writes exactly the schemas committed under `schemas/` (which
//! `cargo run -p cursor-hooks-codegen` generates from `spec/`); `cursor-hooks new` writes the
//! dependency line a user types once the crates are published.

mod common;

use common::Scratch;
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
    ] {
        assert!(written.contains_key(path), "{path} missing");
    }
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(
        said.contains(&format!("wrote {} JSON Schemas", written.len())),
        "{said}"
    );
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
