//! `runtime/src/gen/neutral.rs`, from `spec/hosts.json` and `spec/concepts.json`: a marker type
//! per registered host, and per row of `capabilities` a trait that exactly the hosts honouring
//! the feature implement (and every tuple of them), so that a unified handler's answer builder
//! compiles only when every host it lists honours it. A host that does not is named by rustc's
//! error, with what each such host does instead.

use crate::write::{doc, lit};
use serde_json::Value;
use std::path::Path;

/// How many hosts a unified handler may list: tuples up to this size implement each trait.
const MOST_HOSTS: usize = 4;

/// The file's text.
pub(crate) fn file(root: &Path) -> Result<String, String> {
    let read = |path: &str| -> Result<Value, String> {
        let text = std::fs::read_to_string(root.join(path)).map_err(|e| format!("{path}: {e}"))?;
        serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))
    };
    let hosts = read("spec/hosts.json")?;
    let concepts = read("spec/concepts.json")?;
    let mut out = String::new();
    // Each registered host: its key and the marker's name (its product name without spaces).
    let mut markers: Vec<(String, String, String)> = Vec::new();
    let mut features: Vec<(String, String)> = Vec::new();
    for row in hosts["hosts"]
        .as_array()
        .ok_or("spec/hosts.json: no `hosts`")?
    {
        let key = row["key"]
            .as_str()
            .ok_or("spec/hosts.json: a host without `key`")?;
        let product = row["product"]
            .as_str()
            .ok_or("spec/hosts.json: a host without `product`")?;
        let marker = marker_name(key, product);
        doc(
            &mut out,
            &format!("{product}, as a host a unified handler lists (`hosts = ({marker}, ...)`)."),
        );
        out.push_str(&format!("pub enum {marker} {{}}\n"));
        markers.push((key.to_owned(), product.to_owned(), marker));
        if let Some(feature) = row["feature"].as_str() {
            features.push((key.to_owned(), feature.to_owned()));
        }
    }
    for row in concepts["capabilities"]
        .as_array()
        .ok_or("spec/concepts.json: no `capabilities`")?
    {
        let text = |key: &str| row[key].as_str().unwrap_or_default();
        let (concept, tool, feature) = (text("concept"), text("tool"), text("builder"));
        let name = trait_name(&prefix(&concepts, concept, tool)?, feature);
        let at = match tool {
            "" => format!("`{concept}`"),
            tool => format!("`{concept}` for a {tool} call"),
        };
        let mut notes = Vec::new();
        let mut honouring = Vec::new();
        let mut facts = String::new();
        for (key, product, marker) in &markers {
            let cell = &row["hosts"][key];
            let said = |key: &str| cell[key].as_str().unwrap_or_default();
            match cell["honoured"].as_bool() {
                Some(true) => {
                    honouring.push(marker.clone());
                    facts.push_str(&format!(
                        "\n- {product}: {} ({})",
                        said("how"),
                        said("source")
                    ));
                }
                Some(false) => {
                    notes.push(format!("{product} would not: {}", said("instead")));
                    facts.push_str(&format!(
                        "\n- {product}, not honoured: {} ({})",
                        said("instead"),
                        said("source")
                    ));
                }
                None => {
                    return Err(format!(
                        "spec/concepts.json: `{name}` says nothing of {key}"
                    ))
                }
            }
        }
        doc(
            &mut out,
            &format!(
                "`{feature}` on {at}: {} Implemented by the hosts that honour it, and by every tuple of them.\n{facts}",
                text("doc")
            ),
        );
        let message = format!("`{{Self}}` does not honour `{feature}` on {at}");
        out.push_str(&format!(
            "#[diagnostic::on_unimplemented(message = {}, label = {}",
            lit(&message),
            lit(&format!(
                "`{feature}` here needs every host the handler lists to honour it"
            ))
        ));
        for note in &notes {
            out.push_str(&format!(", note = {}", lit(note)));
        }
        out.push_str(")]\n");
        out.push_str(&format!("pub trait {name} {{}}\n"));
        for marker in &honouring {
            out.push_str(&format!("impl {name} for {marker} {{}}\n"));
        }
        for size in 1..=MOST_HOSTS {
            let params: Vec<String> = (0..size).map(|i| format!("H{i}")).collect();
            let bounds: Vec<String> = params.iter().map(|p| format!("{p}: {name}")).collect();
            out.push_str(&format!(
                "impl<{}> {name} for ({},) {{}}\n",
                bounds.join(", "),
                params.join(", ")
            ));
        }
    }
    let rows = unified_rows(root)?;
    lists(&mut out, &markers);
    own_answers(&mut out, &rows, &markers, &features);
    fixture_dispatch(&mut out, &rows, &markers, &features);
    Ok(out)
}

/// `Lists<X>`: the hosts a handler lists (a tuple of markers in the registry's order, as
/// `#[hook]` writes it) list each of their members, so a host's own answer compiles only in a
/// handler that lists that host.
fn lists(out: &mut String, markers: &[(String, String, String)]) {
    doc(
        out,
        "The hosts a unified handler lists (a tuple of [`hosts`](crate::neutral::hosts) \
         markers, in the registry's order) list `X`: a host's own answer given to \
         [`instead`](crate::neutral::ShellAnswer::instead) compiles only where the handler \
         lists its host.",
    );
    out.push_str(&format!(
        "#[diagnostic::on_unimplemented(message = {}, label = {}, note = {})]\n",
        lit("this is `{X}`'s own answer, and the handler does not list that host"),
        lit("an own answer of a host the handler does not list would never be sent"),
        lit("add its host to `hosts = (...)`, or leave this answer out")
    ));
    out.push_str("pub trait Lists<X> {}\n");
    let names: Vec<&str> = markers.iter().map(|(_, _, m)| m.as_str()).collect();
    for bits in 1u32..(1 << names.len()) {
        let members: Vec<&str> = (0..names.len())
            .filter(|i| bits & (1 << i) != 0)
            .map(|i| names[i])
            .collect();
        if members.len() > MOST_HOSTS {
            continue;
        }
        for member in &members {
            out.push_str(&format!(
                "#[diagnostic::do_not_recommend]\nimpl Lists<{member}> for ({},) {{}}\n",
                members.join(", ")
            ));
        }
    }
}

/// Per concept and tool kind, `<Prefix>Own`: the hosts' own answer types at its entries, which
/// a unified answer's `instead` takes, each with its host.
fn own_answers(
    out: &mut String,
    rows: &[UnifiedRow],
    markers: &[(String, String, String)],
    features: &[(String, String)],
) {
    for row in rows {
        let prefix = &row.prefix;
        let name = trait_name(prefix, "own");
        let at = match row.kind.as_str() {
            "" => format!("`{}`", row.concept),
            kind => format!("`{}` for a {kind} call", row.concept),
        };
        let product = |key: &str| {
            markers
                .iter()
                .find(|(k, _, _)| k == key)
                .map_or(key.to_owned(), |(_, p, _)| p.clone())
        };
        let allowed: Vec<String> = row
            .wirings
            .iter()
            .map(|w| format!("{}'s `{}` answer", product(&w.host), w.event))
            .collect();
        doc(
            out,
            &format!(
                "A host's own answer at one of its entries of {at}, which a unified answer may send there instead ([`instead`](crate::neutral::{}Answer::instead)): {}.",
                trait_name(prefix, ""),
                allowed.join(", ")
            ),
        );
        out.push_str(&format!(
            "#[diagnostic::on_unimplemented(message = {}, label = {}, note = {})]\n",
            lit(&format!("`{{Self}}` is no host's answer at {at}")),
            lit("not an answer of an event this handler is wired as"),
            lit(&format!("the own answers here are: {}", allowed.join(", ")))
        ));
        out.push_str(&format!(
            "pub trait {name}: std::any::Any + std::fmt::Debug + Clone + PartialEq {{\n    /// The host it is the answer of.\n    type Host;\n}}\n"
        ));
        for wiring in &row.wirings {
            let marker = markers
                .iter()
                .find(|(key, _, _)| *key == wiring.host)
                .map_or(wiring.host.as_str(), |(_, _, marker)| marker.as_str());
            if let Some((_, feature)) = features.iter().find(|(key, _)| *key == wiring.host) {
                out.push_str(&format!("#[cfg(feature = {})]\n", lit(feature)));
            }
            out.push_str(&format!(
                "impl {name} for crate::neutral::__convert::{}::Response {{ type Host = {marker}; }}\n",
                wiring.convert
            ));
        }
    }
}

/// `Cursor`, `ClaudeCode`, `Codex`, `Copilot`: the product's words, capitalised, joined (a
/// GitHub product is named without `GitHub` and `CLI`).
fn marker_name(key: &str, product: &str) -> String {
    let words = product
        .split_whitespace()
        .filter(|w| !matches!(*w, "GitHub" | "CLI" | "OpenAI"));
    let name: String = words.collect();
    if name.is_empty() {
        key.to_owned()
    } else {
        name
    }
}

/// What names a concept's neutral types and traits: its tool kind, or for a concept without
/// one its event's `types` (`shell`; `stop` for `agent.stop`).
fn prefix(concepts: &Value, concept: &str, tool: &str) -> Result<String, String> {
    if !tool.is_empty() {
        return Ok(tool.to_owned());
    }
    concepts["events"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|row| row["concept"] == concept)
        .and_then(|row| row["types"].as_str())
        .map(str::to_owned)
        .ok_or_else(|| format!("spec/concepts.json: `{concept}` has no `types`"))
}

/// `ShellAsk`: the prefix's and the builder's names, capitalised.
fn trait_name(tool: &str, builder: &str) -> String {
    let cap = |word: &str| {
        let mut chars = word.chars();
        chars
            .next()
            .map(|c| c.to_uppercase().chain(chars).collect())
            .unwrap_or_default()
    };
    let tool: String = tool
        .split(['.', '_'])
        .map(cap)
        .collect::<Vec<String>>()
        .concat();
    let builder: String = builder
        .split('_')
        .map(cap)
        .collect::<Vec<String>>()
        .concat();
    format!("{tool}{builder}")
}

/// One concept and tool kind a unified handler can answer, with the entries it is wired as.
struct UnifiedRow {
    /// What names its neutral types ([`prefix`]).
    prefix: String,
    /// What its neutral call carries as its one text, empty for none.
    subject: String,
    concept: String,
    kind: String,
    wirings: Vec<WiringRow>,
}

/// One entry of a unified handler: the host's key, its event, the matcher that selects the
/// kind's tools there, and the conversion module (`cursor::pre_tool_use`).
struct WiringRow {
    host: String,
    event: String,
    matcher: Option<String>,
    convert: String,
}

/// Each concept and tool kind `capabilities` covers, with the entries it is wired as: per host,
/// each event of the concept for that tool kind, and the matcher that selects the kind's tools
/// on an event that fires for every tool.
fn unified_rows(root: &Path) -> Result<Vec<UnifiedRow>, String> {
    let read = |path: &str| -> Result<Value, String> {
        let text = std::fs::read_to_string(root.join(path)).map_err(|e| format!("{path}: {e}"))?;
        serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))
    };
    let concepts = read("spec/concepts.json")?;
    let hosts = read("spec/hosts.json")?;
    let keys: Vec<&str> = hosts["hosts"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|row| row["key"].as_str())
        .collect();
    let mut pairs: Vec<(&str, &str)> = Vec::new();
    for row in concepts["capabilities"].as_array().into_iter().flatten() {
        let pair = (
            row["concept"].as_str().unwrap_or_default(),
            row["tool"].as_str().unwrap_or_default(),
        );
        if !pairs.contains(&pair) {
            pairs.push(pair);
        }
    }
    let mut rows = Vec::new();
    for (concept, kind) in pairs {
        let row = concepts["events"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|row| row["concept"] == concept)
            .ok_or_else(|| format!("spec/concepts.json: no concept `{concept}`"))?;
        // A concept without a tool kind is wired on each of its events, with no matcher.
        let tools = match kind {
            "" => &Value::Null,
            kind => concepts["tools"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|row| row["kind"] == kind)
                .ok_or_else(|| format!("spec/concepts.json: no tool kind `{kind}`"))?,
        };
        let types = prefix(&concepts, concept, kind)?;
        let mut wirings = Vec::new();
        for key in &keys {
            let names: Vec<&str> = tools["hosts"][*key]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .collect();
            for event in row["hosts"][*key].as_array().into_iter().flatten() {
                if event["untyped"] == true {
                    continue;
                }
                let matcher = match event["tool"].as_str() {
                    Some(tool) if tool == kind => None,
                    Some(_) => continue,
                    None if kind.is_empty() => None,
                    None if names.is_empty() => continue,
                    None => Some(names.join("|")),
                };
                let name = event["event"].as_str().unwrap_or_default();
                wirings.push(WiringRow {
                    host: (*key).to_owned(),
                    event: name.to_owned(),
                    matcher,
                    convert: format!("{}::{}::{}", types, key.replace('-', "_"), snake(name)),
                });
            }
        }
        // The tool kind's subject, or the concept's own.
        let subject = match kind {
            "" => &row["subject"],
            _ => &tools["subject"],
        };
        let subject = subject
            .as_str()
            .ok_or_else(|| format!("spec/concepts.json: `{concept}` `{kind}` says no `subject`"))?;
        rows.push(UnifiedRow {
            prefix: types,
            subject: subject.to_owned(),
            concept: concept.to_owned(),
            kind: kind.to_owned(),
            wirings,
        });
    }
    Ok(rows)
}

/// `spec-crate/src/gen/concepts.rs`: each concept and tool kind a unified handler can answer,
/// with the entries it is wired as ([`unified_rows`]).
pub(crate) fn wiring_file(root: &Path) -> Result<String, String> {
    let mut out = String::from("pub(crate) const UNIFIED: &[crate::concepts::Unified] = &[\n");
    for row in unified_rows(root)? {
        let prefix = trait_name(&row.prefix, "");
        out.push_str(&format!(
            "crate::concepts::Unified {{ concept: {}, tool: {}, subject: {}, call: {}, answer: {}, wirings: &[\n",
            lit(&row.concept),
            lit(&row.kind),
            lit(&row.subject),
            lit(&format!("{prefix}Call")),
            lit(&format!("{prefix}Answer"))
        ));
        for wiring in &row.wirings {
            let matcher = match &wiring.matcher {
                Some(m) => format!("Some({})", lit(m)),
                None => "None".to_owned(),
            };
            out.push_str(&format!(
                "crate::concepts::Wiring {{ host: {}, event: {}, matcher: {matcher}, convert: {} }},\n",
                lit(&wiring.host),
                lit(&wiring.event),
                lit(&wiring.convert)
            ));
        }
        out.push_str("] },\n");
    }
    out.push_str("];\n");
    Ok(out)
}

/// The test kit's payloads of each unified entry: a dispatch from (concept, tool kind, host,
/// event) to that entry's conversion module's `fixture`, the host's own payload of the call.
fn fixture_dispatch(
    out: &mut String,
    rows: &[UnifiedRow],
    markers: &[(String, String, String)],
    features: &[(String, String)],
) {
    doc(
        out,
        "A host's own payload of a call of the concept and tool kind at one of its events, with \
         `subject` (a shell call's command) where the host sends it: the payload each unified \
         entry is run on by [`testing::unified`](crate::testing::unified).",
    );
    out.push_str("#[cfg(feature = \"testing\")]\n");
    out.push_str("pub(crate) fn fixture(concept: &str, tool: &str, host: crate::Host, event: &str, subject: &str) -> Option<serde_json::Value> {\n");
    out.push_str("    match (concept, tool, host, event) {\n");
    for row in rows {
        for wiring in &row.wirings {
            let marker = markers
                .iter()
                .find(|(key, _, _)| *key == wiring.host)
                .map_or(wiring.host.as_str(), |(_, _, marker)| marker.as_str());
            // The first of the tool kind's names the entry's matcher selects.
            let tool = match wiring.matcher.as_deref().and_then(|m| m.split('|').next()) {
                Some(name) => format!("Some({})", lit(name)),
                None => "None".to_owned(),
            };
            if let Some((_, feature)) = features.iter().find(|(key, _)| *key == wiring.host) {
                out.push_str(&format!("        #[cfg(feature = {})]\n", lit(feature)));
            }
            out.push_str(&format!(
                "        ({}, {}, crate::Host::{marker}, {}) => Some(crate::neutral::__convert::{}::fixture({tool}, subject)),\n",
                lit(&row.concept),
                lit(&row.kind),
                lit(&wiring.event),
                wiring.convert
            ));
        }
    }
    out.push_str("        _ => None,\n    }\n}\n");
}

/// `beforeShellExecution` and `PreToolUse` as `before_shell_execution` and `pre_tool_use`.
fn snake(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}
