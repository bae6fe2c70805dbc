//! Reading a spec in the Claude-family format (`spec/claude-code/SCHEMA.md`, which
//! `spec/codex/` shares) as its format checks need it: the key table of SCHEMA.md, every object
//! of a host's `events.json` and `host.json` by its kind, and the source keys they cite. The one
//! reader of the format for both hosts' tests (`codegen/tests/claude_spec.rs`,
//! `tests/tests/codex_spec.rs`); each keeps only its own host's rules.
//!
//! ```
//! use cursor_hooks_codegen::family_format::schema_keys;
//!
//! let schema = "# x\n\n## Keys\n\n| Object | Keys |\n|---|---|\n| source | `name` `about?` |\n";
//! let keys = schema_keys(schema);
//! assert_eq!(keys["source"], [("name".to_owned(), true), ("about".to_owned(), false)]);
//! ```

use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// A JSON object of the spec.
pub type Object = Map<String, Value>;

/// Object kind → its keys and whether each is required (`key?` is optional), from the
/// `## Keys` table of a SCHEMA.md.
pub fn schema_keys(schema: &str) -> BTreeMap<String, Vec<(String, bool)>> {
    let table = schema
        .split("\n## Keys\n")
        .nth(1)
        .expect("SCHEMA.md has a `## Keys` section")
        .split("\n## ")
        .next()
        .unwrap_or_default();
    let mut kinds = BTreeMap::new();
    for line in table.lines().filter(|l| l.starts_with("| ")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let (kind, keys) = (cells[1], cells[2]);
        if kind == "Object" || kind.starts_with("---") {
            continue;
        }
        let keys = keys
            .split('`')
            .skip(1)
            .step_by(2)
            .map(|k| match k.strip_suffix('?') {
                Some(optional) => (optional.to_owned(), false),
                None => (k.to_owned(), true),
            })
            .collect();
        kinds.insert(kind.to_owned(), keys);
    }
    kinds
}

/// `value` as an object; panics naming `what` otherwise.
pub fn obj<'a>(value: &'a Value, what: &str) -> &'a Object {
    value
        .as_object()
        .unwrap_or_else(|| panic!("{what} is not an object"))
}

/// `value` as a list; panics naming `what` otherwise.
pub fn list<'a>(value: &'a Value, what: &str) -> &'a [Value] {
    value
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_else(|| panic!("{what} is not an array"))
}

/// Input or response fields, with their nested `fields`.
fn fields_deep<'a>(fields: &'a [Value], out: &mut Vec<&'a Object>) {
    for field in fields {
        let field = obj(field, "field");
        out.push(field);
        if let Some(nested) = field.get("fields") {
            fields_deep(list(nested, "fields"), out);
        }
    }
}

/// Every object of a host's two files, by the kind SCHEMA.md's key table names it. The
/// sections only some hosts have are read where present: what another host does with this
/// host's files (`cursor`, `copilot`: kind `import`) and Codex's `trust`.
pub fn objects<'a>(events: &'a Value, host: &'a Value) -> Vec<(&'static str, &'a Object)> {
    let mut all = Vec::new();
    let events = obj(events, "events.json");
    all.push(("events", events));
    let host = obj(host, "host.json");
    all.push(("host", host));
    for root in [events, host] {
        for source in obj(&root["sources"], "sources").values() {
            all.push(("source", obj(source, "source")));
        }
    }
    all.push((
        "permission_update",
        obj(&events["permission_update"], "permission_update"),
    ));
    let mut inputs = Vec::new();
    let mut responses = Vec::new();
    fields_deep(list(&events["common_fields"], "common_fields"), &mut inputs);
    fields_deep(
        list(&events["universal_response"], "universal_response"),
        &mut responses,
    );
    for event in list(&events["events"], "events") {
        let event = obj(event, "event");
        all.push(("event", event));
        fields_deep(list(&event["input"], "input"), &mut inputs);
        let response = obj(&event["response"], "response");
        all.push(("response", response));
        if let Some(decision) = response["decision"].as_object() {
            all.push(("decision", decision));
        }
        fields_deep(
            list(&response["hook_specific"], "hook_specific"),
            &mut responses,
        );
    }
    all.extend(inputs.into_iter().map(|o| ("input_field", o)));
    all.extend(responses.into_iter().map(|o| ("response_field", o)));
    for (kind, key) in [
        ("config_source", "config_sources"),
        ("loading", "loading"),
        ("handler_type", "handler_types"),
        ("handler_key", "handler_keys"),
        ("timeout", "timeouts"),
        ("result", "results"),
        ("combining", "combining"),
        ("environment", "environment"),
        ("observed_rule", "observed_rules"),
    ] {
        for item in list(&host[key], key) {
            all.push((kind, obj(item, kind)));
        }
    }
    for (kind, key) in [
        ("shape", "shape"),
        ("matcher", "matcher"),
        ("execution", "execution"),
        ("stop_block_cap", "stop_block_cap"),
        ("tools", "tools"),
        ("fail_closed", "fail_closed"),
    ] {
        all.push((kind, obj(&host[key], kind)));
    }
    if let Some(trust) = host.get("trust") {
        all.push(("trust", obj(trust, "trust")));
    }
    for key in list(&host["shape"]["group_keys"], "group_keys") {
        all.push(("group_key", obj(key, "group_key")));
    }
    // Every host that runs this host's files has its facts in one shape.
    for importer in ["cursor", "copilot"] {
        let Some(import) = host.get(importer) else {
            continue;
        };
        let import = obj(import, importer);
        all.push(("import", import));
        for (kind, key) in [
            ("import_load", "loads"),
            ("import_output", "outputs"),
            ("import_payload", "payload"),
        ] {
            for item in list(&import[key], key) {
                all.push((kind, obj(item, kind)));
            }
        }
        if let Some(dedupe) = import.get("dedupe") {
            all.push(("import_dedupe", obj(dedupe, "dedupe")));
        }
    }
    all
}

/// The source keys cited anywhere in `value` (under `source` or `*_source`), in order.
pub fn cited(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                if key == "source" || key.ends_with("_source") {
                    for part in inner.as_str().unwrap_or_default().split(';') {
                        let key = part.split_whitespace().next().unwrap_or_default();
                        out.push(key.to_owned());
                    }
                } else {
                    cited(inner, out);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|i| cited(i, out)),
        _ => {}
    }
}
