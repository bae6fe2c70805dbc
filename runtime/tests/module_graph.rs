//! The runtime's modules import each other in one direction only: a payload's path from stdin
//! to stdout goes down the modules without doubling back. This test reads the `crate::...`
//! paths of the hand-written files in `runtime/src` and fails on any cycle between them.
//!
//! `gen/` is left out: the generated files are the bodies of the modules that re-export them
//! (the event types of `event`, the response types of `response`), written from `spec/`, and
//! implement those modules' traits by design.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Each top-level module (a file, or a folder such as `gen/`) and the modules it names.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graph = BTreeMap::new();
    let mut read = |module: String, text: String| {
        // Doc links and comments name modules without importing them.
        let text: String = text
            .lines()
            .filter(|line| !line.trim_start().starts_with("//"))
            .map(|line| format!("{line}\n"))
            .collect();
        let entry: &mut BTreeSet<String> = graph.entry(module.clone()).or_default();
        for (at, _) in text.match_indices("crate::") {
            let before = text[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
                continue; // `$crate::`, `cursor_hooks_crate::`: not this crate's path
            }
            let rest = &text[at + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() && name != module {
                entry.insert(name);
            }
        }
    };
    for file in std::fs::read_dir(&src).unwrap() {
        let path = file.unwrap().path();
        let name = path.file_stem().unwrap().to_str().unwrap().to_owned();
        if path.is_dir() {
            // A folder is one module (its `mod.rs` and the files under it); `gen/` is the
            // generated bodies of other modules.
            if name != "gen" {
                let mut text = String::new();
                let mut folders = vec![path];
                while let Some(folder) = folders.pop() {
                    for file in std::fs::read_dir(&folder).unwrap() {
                        let path = file.unwrap().path();
                        if path.is_dir() {
                            folders.push(path);
                        } else if path.extension().is_some_and(|e| e == "rs") {
                            text.push_str(&std::fs::read_to_string(&path).unwrap());
                        }
                    }
                }
                read(name, text);
            }
        } else if name != "lib" {
            // lib.rs is the crate's face: it declares and re-exports every module.
            read(name, std::fs::read_to_string(&path).unwrap());
        }
    }
    let modules: BTreeSet<String> = graph.keys().cloned().collect();
    for targets in graph.values_mut() {
        // Names that are not modules (`crate::Event`, re-exports at the root) lead to lib.rs.
        targets.retain(|target| modules.contains(target));
    }
    graph
}

fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|n| n == node) {
            let mut cycle = path[start..].to_vec();
            cycle.push(node.to_owned());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_owned());
        for next in &graph[node] {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

#[test]
fn the_runtime_modules_have_no_import_cycle() {
    let graph = graph();
    assert!(graph.contains_key("respond") && graph["binary"].contains("respond"));
    if let Some(cycle) = find_cycle(&graph) {
        panic!("import cycle: {}", cycle.join(" -> "));
    }
}

#[test]
fn the_cycle_check_finds_a_cycle() {
    let mut graph = BTreeMap::new();
    graph.insert("a".to_owned(), BTreeSet::from(["b".to_owned()]));
    graph.insert("b".to_owned(), BTreeSet::from(["a".to_owned()]));
    assert_eq!(find_cycle(&graph).unwrap(), ["a", "b", "a"]);
}
