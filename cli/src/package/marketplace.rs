//! `package --marketplace`: lists the plugin in a team marketplace, `.cursor-plugin/marketplace.json`
//! (Cursor's) and `.claude-plugin/marketplace.json` (Claude Code's), under one folder.
//!
//! Codex reads the first of `.agents/plugins/marketplace.json` and
//! `.claude-plugin/marketplace.json` that the folder has (`spec/codex/host.json`, `plugins`):
//! Claude Code's, unless the team keeps a Codex marketplace there, which is then updated too.
//! None is created for Codex unless `--marketplace` names it: a new
//! `.agents/plugins/marketplace.json` would hide from Codex every plugin the team lists only in
//! Claude Code's file. A Codex entry's `source` is an object
//! (`{"source": "local", "path": "./..."}`) and a new entry gets Codex's default `policy`.
//!
//! A marketplace file is the team's: its other plugins, its keys and their order stay as they
//! are. Only the plugin's own entry (found by `name`) is written: its `source`, `description`
//! (and `version`, in Claude Code's) are set, its other keys kept. Each value the edit does not
//! touch is copied as its original text (`RawValue`), so nothing of it is reformatted.
//!
//! Cursor publishes a closed schema for its file (cursor/plugins `schemas/marketplace.schema.json`:
//! `name` and `plugins` required; an entry has only `name`, `source`, `description`,
//! `minClientVersions`), so its entries get no `version`. Claude Code's file needs an `owner`
//! with a `name` (code.claude.com/docs/en/plugin-marketplaces); a new file gets the
//! marketplace's name there, to be edited by the team.

use super::Manifest;
use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;
use std::path::{Component, Path, PathBuf};

/// A JSON object as its members in file order, each value as its original text.
struct Ordered(Vec<(String, Box<RawValue>)>);

impl<'de> Deserialize<'de> for Ordered {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Members;
        impl<'de> Visitor<'de> for Members {
            type Value = Ordered;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Ordered, A::Error> {
                let mut members = Vec::new();
                while let Some(member) = map.next_entry::<String, Box<RawValue>>()? {
                    members.push(member);
                }
                Ok(Ordered(members))
            }
        }
        deserializer.deserialize_map(Members)
    }
}

impl Ordered {
    fn get(&self, key: &str) -> Option<&RawValue> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| &**v)
    }

    /// Sets `key` in place, or adds it at the end.
    fn set(&mut self, key: &str, value: &serde_json::Value) {
        let raw = RawValue::from_string(value.to_string()).expect("a Value is valid JSON");
        match self.0.iter_mut().find(|(k, _)| k == key) {
            Some((_, old)) => *old = raw,
            None => self.0.push((key.to_owned(), raw)),
        }
    }

    /// The object's text: one member a line, at `indent`; values as their text.
    fn render(&self, indent: &str) -> String {
        if self.0.is_empty() {
            return "{}".to_owned();
        }
        let members: Vec<String> = self
            .0
            .iter()
            .map(|(k, v)| {
                format!(
                    "{indent}  {}: {}",
                    serde_json::Value::from(k.as_str()),
                    v.get()
                )
            })
            .collect();
        format!("{{\n{}\n{indent}}}", members.join(",\n"))
    }
}

/// Which editor's marketplace file.
#[derive(Clone, Copy)]
enum Editor {
    Cursor,
    ClaudeCode,
    Codex,
}

impl Editor {
    fn folder(self) -> &'static str {
        match self {
            Editor::Cursor => ".cursor-plugin",
            Editor::ClaudeCode => ".claude-plugin",
            Editor::Codex => ".agents/plugins",
        }
    }
}

/// The marketplace's root folder: `target` itself when it is a folder, or the folder holding
/// the `.cursor-plugin`/`.claude-plugin`/`.agents/plugins` folder of a `marketplace.json` named;
/// and whether `target` is Codex's file (which is then written even when it is new).
pub fn root_of(target: &Path) -> Result<(PathBuf, bool), String> {
    if target.file_name().and_then(|n| n.to_str()) == Some("marketplace.json") {
        fn name(path: Option<&Path>) -> Option<&str> {
            path.and_then(Path::file_name).and_then(|n| n.to_str())
        }
        let folder = target.parent();
        let up = match name(folder) {
            Some(".cursor-plugin" | ".claude-plugin") => (folder.and_then(Path::parent), false),
            Some("plugins") if name(folder.and_then(Path::parent)) == Some(".agents") => (
                folder.and_then(Path::parent).and_then(Path::parent),
                true,
            ),
            _ => {
                return Err(format!(
                    "--marketplace {}: a marketplace file lives in a `.cursor-plugin`, `.claude-plugin` or `.agents/plugins` folder (or name the marketplace's folder)",
                    target.display()
                ))
            }
        };
        return Ok((up.0.map(Path::to_path_buf).unwrap_or_default(), up.1));
    }
    Ok((target.to_path_buf(), false))
}

/// The plugin's `source` in a marketplace at `root`: `./` and its path from there, with `/`.
fn source(root: &Path, plugin: &Path) -> Result<String, String> {
    let absolute = |p: &Path| std::fs::canonicalize(p).map_err(|e| format!("{}: {e}", p.display()));
    let (root_abs, plugin_abs) = (absolute(root)?, absolute(plugin)?);
    let relative = plugin_abs.strip_prefix(&root_abs).map_err(|_| {
        format!(
            "the plugin folder {} is not inside the marketplace folder {}: a marketplace lists plugins by a path inside it",
            plugin.display(),
            root.display()
        )
    })?;
    let parts: Vec<String> = relative
        .components()
        .filter_map(|c| match c {
            Component::Normal(part) => Some(part.to_string_lossy().into_owned()),
            _ => None,
        })
        .collect();
    Ok(format!("./{}", parts.join("/")))
}

/// A marketplace name from its folder's name, in the form both editors accept
/// (`^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$`).
fn default_name(root: &Path) -> String {
    let folder = std::fs::canonicalize(root)
        .ok()
        .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_default();
    let name = super::kebab(&folder);
    if name.is_empty() {
        "team-hooks".to_owned()
    } else {
        name
    }
}

/// Writes or updates Cursor's and Claude Code's marketplace files at `root`, and Codex's when
/// there is one or `codex` (it was named), to list the plugin at `plugin`; returns the files
/// written.
pub fn write(
    root: &Path,
    plugin: &Path,
    manifest: &Manifest,
    codex: bool,
) -> Result<Vec<PathBuf>, String> {
    let source = source(root, plugin)?;
    // The team's folder, maybe a cloned repository: no link below it is followed, and each
    // file is read bounded and only when it is a regular file (not `/dev/zero`, not a FIFO).
    let tree = crate::safe_write::Tree::open(root)?;
    let mut written = Vec::new();
    for editor in [Editor::Cursor, Editor::ClaudeCode, Editor::Codex] {
        let relative = format!("{}/marketplace.json", editor.folder());
        let path = tree.path(&relative);
        let left = |why: String| format!("{}: {why}; it was left as it is", path.display());
        let before = match tree.read(&relative, crate::safe_read::CONFIG_LIMIT)? {
            Some(bytes) => {
                Some(String::from_utf8(bytes).map_err(|_| left("not UTF-8 text".to_owned()))?)
            }
            // Without its own file Codex reads Claude Code's (see the module's docs).
            None if matches!(editor, Editor::Codex) && !codex => continue,
            None => None,
        };
        let text = update(editor, before.as_deref(), root, &source, manifest).map_err(left)?;
        tree.write(&relative, text.as_bytes(), false)?;
        written.push(path);
    }
    Ok(written)
}

/// The marketplace file's new text: `before` (none: a new file) with the plugin's entry set.
fn update(
    editor: Editor,
    before: Option<&str>,
    root: &Path,
    source: &str,
    manifest: &Manifest,
) -> Result<String, String> {
    use serde_json::json;
    let mut top = match before {
        Some(text) => {
            serde_json::from_str::<Ordered>(text).map_err(|e| format!("not a JSON object ({e})"))?
        }
        None => {
            let name = default_name(root);
            let mut top = Ordered(Vec::new());
            top.set("name", &json!(name));
            if let Editor::ClaudeCode = editor {
                top.set("owner", &json!({ "name": name }));
            }
            top
        }
    };
    let mut plugins: Vec<Box<RawValue>> = match top.get("plugins") {
        Some(raw) => {
            serde_json::from_str(raw.get()).map_err(|e| format!("`plugins` is not a list ({e})"))?
        }
        None => Vec::new(),
    };
    let named = |raw: &RawValue| {
        serde_json::from_str::<Ordered>(raw.get())
            .ok()
            .and_then(|entry| {
                entry
                    .get("name")
                    .and_then(|n| serde_json::from_str::<String>(n.get()).ok())
            })
            .is_some_and(|name| name == manifest.name)
    };
    let mut entry = match plugins.iter().position(|raw| named(raw)) {
        Some(at) => {
            let entry: Ordered = serde_json::from_str(plugins[at].get())
                .map_err(|e| format!("the entry of `{}` is not an object ({e})", manifest.name))?;
            (Some(at), entry)
        }
        None => (None, Ordered(Vec::new())),
    };
    entry.1.set("name", &json!(manifest.name));
    match editor {
        Editor::Codex => {
            // Codex's own entry: no `description` or `version` (it reads them from the
            // plugin's manifest); the team's `policy` and `category` are kept.
            entry
                .1
                .set("source", &json!({ "source": "local", "path": source }));
            if entry.1.get("policy").is_none() {
                entry.1.set(
                    "policy",
                    &json!({ "installation": "AVAILABLE", "authentication": "ON_INSTALL" }),
                );
            }
        }
        Editor::Cursor | Editor::ClaudeCode => {
            entry.1.set("source", &json!(source));
            entry.1.set("description", &json!(manifest.description));
        }
    }
    if let Editor::ClaudeCode = editor {
        entry.1.set("version", &json!(manifest.version));
    }
    let entry_text = RawValue::from_string(entry.1.render("    ")).expect("rendered JSON");
    match entry.0 {
        Some(at) => plugins[at] = entry_text,
        None => plugins.push(entry_text),
    }
    let list: Vec<String> = plugins.iter().map(|p| format!("    {}", p.get())).collect();
    let list = if list.is_empty() {
        "[]".to_owned()
    } else {
        format!("[\n{}\n  ]", list.join(",\n"))
    };
    let raw = RawValue::from_string(list).expect("a list of JSON values");
    match top.0.iter_mut().find(|(k, _)| k == "plugins") {
        Some((_, old)) => *old = raw,
        None => top.0.push(("plugins".to_owned(), raw)),
    }
    let text = format!("{}\n", top.render(""));
    // The edit must stay JSON, whatever the file held.
    serde_json::from_str::<serde_json::Value>(&text)
        .map_err(|e| format!("the edit would not be JSON ({e}), a bug"))?;
    Ok(text)
}
