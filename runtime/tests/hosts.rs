//! The registry of hosts (`spec/hosts.json`) held against the code: every registered host has
//! its facts, its adapter, its attribute, its cargo feature and its live suite, the runtime's
//! `Host` lists the same hosts, and the guide's "Adding a host" page names every piece a row
//! needs. No code tells hosts apart by the case of an event name.

use cursor_hooks::serde_json::{self, Value};
use cursor_hooks::Host;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the runtime is inside the workspace")
        .to_path_buf()
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn registry() -> Value {
    serde_json::from_str(&read("spec/hosts.json")).expect("spec/hosts.json is JSON")
}

fn rows(registry: &Value) -> &Vec<Value> {
    registry["hosts"].as_array().expect("`hosts` is a list")
}

fn text<'a>(row: &'a Value, key: &str) -> &'a str {
    row[key]
        .as_str()
        .unwrap_or_else(|| panic!("{}: `{key}` is not a string", row["key"]))
}

/// The keys a row must have (spec/SCHEMA.md, "hosts.json").
const ROW_KEYS: [&str; 12] = [
    "key",
    "product",
    "attribute",
    "feature",
    "payload_event_field",
    "answer_shape",
    "exit_codes",
    "config",
    "spec",
    "homes",
    "live_suite",
    "source",
];

#[test]
fn the_runtime_has_exactly_the_registered_hosts_in_order() {
    let registry = registry();
    let keys: Vec<&str> = rows(&registry).iter().map(|row| text(row, "key")).collect();
    let runtime: Vec<&str> = Host::ALL.iter().map(|host| host.key()).collect();
    assert_eq!(keys, runtime, "spec/hosts.json and `Host::ALL`");
    for host in Host::ALL {
        assert_eq!(Host::from_key(host.key()), Some(host));
    }
}

#[test]
fn every_registered_host_has_its_data_adapter_attribute_feature_and_live_suite() {
    let registry = registry();
    let features = read("runtime/Cargo.toml");
    let macros = read("macros/src/lib.rs");
    for row in rows(&registry) {
        let key = text(row, "key");
        for field in ROW_KEYS {
            assert!(row.get(field).is_some(), "{key}: no `{field}`");
        }
        let spec = text(row, "spec");
        for file in ["events.json", "host.json"] {
            assert!(
                root().join(spec).join(file).is_file(),
                "{key}: no {spec}/{file}"
            );
        }
        let homes = row["homes"].as_object().expect("`homes` is an object");
        for crate_name in ["runtime", "cli"] {
            let paths = homes
                .get(crate_name)
                .and_then(Value::as_array)
                .filter(|paths| !paths.is_empty())
                .unwrap_or_else(|| panic!("{key}: no home in {crate_name}"));
            for path in paths {
                let path = path.as_str().expect("a path");
                assert!(root().join(path).is_file(), "{key}: home {path} is missing");
            }
        }
        let suite = text(row, "live_suite");
        assert!(
            root().join(suite).is_file(),
            "{key}: live suite {suite} is missing"
        );
        let feature = text(row, "feature");
        assert!(
            features.contains(&format!("\n{feature} = [")),
            "{key}: runtime/Cargo.toml has no feature `{feature}`"
        );
        let attribute = text(row, "attribute");
        assert!(
            macros.contains(&format!("pub fn {attribute}(")),
            "{key}: macros/src/lib.rs exports no attribute `{attribute}`"
        );
        assert!(
            ["flat", "nested"].contains(&text(row, "answer_shape")),
            "{key}: answer_shape"
        );
        assert!(
            row["payload_event_field"].is_null() || row["payload_event_field"].is_string(),
            "{key}: payload_event_field is a key or null"
        );
    }
}

#[test]
fn every_import_runs_a_registered_host_by_rules_of_its_own() {
    let registry = registry();
    let keys: Vec<&str> = rows(&registry).iter().map(|row| text(row, "key")).collect();
    let imports = registry["imports"].as_array().expect("`imports` is a list");
    for import in imports {
        let (host, runs) = (text(import, "host"), text(import, "runs"));
        // The files run are typed by the project; the host running them may not be yet
        // (GitHub Copilot CLI): its rules are then only the facts the row points at.
        assert!(keys.contains(&runs), "import of unregistered `{runs}`");
        assert_ne!(host, runs);
        let facts = text(import, "facts");
        let file = facts.split_whitespace().next().expect("a path first");
        assert!(
            root().join(file).is_file(),
            "{host} runs {runs}: {file} is missing"
        );
        let section = facts
            .split('`')
            .nth(1)
            .unwrap_or_else(|| panic!("{host} runs {runs}: `facts` names no section"));
        let facts_file: Value = serde_json::from_str(&read(file)).expect("the facts are JSON");
        assert!(
            facts_file[section].is_object(),
            "{host} runs {runs}: {file} has no `{section}`"
        );
        assert!(import["files"].as_array().is_some_and(|f| !f.is_empty()));
    }
}

#[test]
fn the_adding_a_host_page_names_every_piece_a_row_needs() {
    let page = read("runtime/src/guide/adding_a_host.md");
    for field in ROW_KEYS {
        assert!(
            page.contains(&format!("`{field}`")),
            "the page does not name `{field}`"
        );
    }
    for piece in [
        "`imports`",
        "`Host::ALL`",
        "events.json",
        "host.json",
        "trybuild",
    ] {
        assert!(page.contains(piece), "the page does not name {piece}");
    }
}

/// The runtime, the macros and the tool decide which host reads an answer from the wiring and
/// what a payload carries. A case test on a name is how that went wrong before (Codex's events
/// are PascalCase like Claude Code's, Copilot's camelCase like Cursor's); the remaining ones
/// check other things, each named here with why.
#[test]
fn no_code_tells_hosts_apart_by_the_case_of_a_name() {
    const ALLOWED: [(&str, &str); 10] = [
        // Codex's messages name an event in words (`invalid pre tool use JSON output`).
        ("cli/src/codex/simulate.rs", "is_uppercase"),
        ("cli/src/codex/simulate.rs", "to_lowercase"),
        // A plugin's name must be kebab-case (Cursor's manifest schema).
        ("cli/src/package.rs", "is_ascii_lowercase"),
        ("cli/src/package.rs", "to_ascii_lowercase"),
        ("cli/src/sources/plugin.rs", "is_ascii_lowercase"),
        ("cli/src/sources/plugin.rs", "to_lowercase"),
        // An effect's name in simulate's JSON report.
        ("cli/src/simulate.rs", "to_lowercase"),
        // HTTP header names (`Content-Length`) in the model mock.
        ("cli/src/live/claude_code/mock.rs", "to_ascii_lowercase"),
        // A matcher subject's spelling, for its "did you mean".
        ("macros/src/validate.rs", "is_ascii_lowercase"),
        ("macros/src/validate.rs", "to_lowercase"),
    ];
    let patterns = [
        "is_ascii_uppercase",
        "is_ascii_lowercase",
        "is_uppercase",
        "is_lowercase",
        "to_lowercase",
        "to_ascii_lowercase",
    ];
    let mut found = Vec::new();
    for dir in ["runtime/src", "macros/src", "cli/src"] {
        let mut stack = vec![root().join(dir)];
        while let Some(path) = stack.pop() {
            if path.is_dir() {
                stack.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
                continue;
            }
            if path.extension().and_then(|e| e.to_str()) != Some("rs") {
                continue;
            }
            let relative = path
                .strip_prefix(root())
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let source = std::fs::read_to_string(&path).unwrap();
            for pattern in patterns {
                if source.contains(pattern) && !ALLOWED.contains(&(relative.as_str(), pattern)) {
                    found.push(format!("{relative}: {pattern}"));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "case tests outside the allowed list: {found:#?}"
    );
}
