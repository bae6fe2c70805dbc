//! `cursor-hooks schema --out DIR`: writes the JSON Schemas (draft 2020-12) of the editors'
//! hook configuration files and of each event's input and answer, one folder per host
//! (`cursor/`, `claude-code/`, `codex/` as Codex's binary embeds them, `copilot/`).
//!
//! The schemas are generated from `spec/` by `cargo run -p cursor-hooks-codegen`, which commits
//! them under `schemas/` and bundles the same texts into `data/schemas.json`; this command only
//! writes that bundle out, so what it writes is byte for byte what the repository holds.

use serde_json::{Map, Value};
use std::path::Path;

/// `data/schemas.json`: path under the output folder → the schema's text.
const BUNDLE: &str = include_str!("../data/schemas.json");

/// Writes every schema under `out` (created when missing) and lists what it wrote.
pub fn run(out: &Path) -> Result<i32, String> {
    let bundle: Map<String, Value> =
        serde_json::from_str(BUNDLE).map_err(|e| format!("the embedded schemas: {e}"))?;
    // No name below `out` is followed through a link (a cloned repository's `schemas/` can
    // hold one pointing at any file of the user's).
    let tree = crate::safe_write::Tree::open(out)?;
    for (relative, text) in &bundle {
        let text = text
            .as_str()
            .ok_or_else(|| format!("the embedded schema {relative} is not text"))?;
        tree.write(relative, text.as_bytes(), false)?;
    }
    println!(
        "wrote {} JSON Schemas (draft 2020-12) under {}",
        bundle.len(),
        out.display()
    );
    Ok(0)
}
