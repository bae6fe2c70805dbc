//! The hooks of the plugins Codex has installed and enabled (`spec/codex/host.json`, `plugins`):
//! `[plugins."NAME@MARKETPLACE"] enabled = true` in `config.toml`, run from Codex's copy under
//! `plugins/cache/MARKETPLACE/NAME/VERSION/`. Each hooks file its manifest names (or
//! `hooks/hooks.json` when it names none) is read like a user's, its trust keys starting with
//! `NAME@MARKETPLACE:<path in the plugin>` (`plugin_hook_key_source`), so doctor can name the
//! plugin hooks Codex skips untrusted and the lines that trust them.

use super::{codex_finding, HooksFile, LIMIT};
use crate::findings::{Finding, Severity};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The manifests Codex looks for in a plugin folder, first found wins.
const MANIFESTS: [&str; 3] = [
    ".codex-plugin/plugin.json",
    ".claude-plugin/plugin.json",
    ".cursor-plugin/plugin.json",
];

/// The hooks files of every enabled plugin in `codex_home`, each read; what could not be read
/// goes to `findings`.
pub fn load(codex_home: &Path, findings: &mut Vec<Finding>) -> Vec<HooksFile> {
    let config = codex_home.join("config.toml");
    // An unreadable config is reported by the trust gates, which read it too.
    let Ok(bytes) = crate::safe_read::read(&config, LIMIT) else {
        return Vec::new();
    };
    let Some(table) = std::str::from_utf8(&bytes)
        .ok()
        .and_then(|text| text.parse::<toml::Table>().ok())
    else {
        return Vec::new();
    };
    let Some(plugins) = table.get("plugins").and_then(toml::Value::as_table) else {
        return Vec::new();
    };
    let mut files = Vec::new();
    for (id, entry) in plugins {
        if entry.get("enabled").and_then(toml::Value::as_bool) != Some(true) {
            continue;
        }
        let Some((name, marketplace)) = id.rsplit_once('@') else {
            continue;
        };
        let base = codex_home
            .join("plugins/cache")
            .join(marketplace)
            .join(name);
        let Some(root) = active_version(&base) else {
            let message = format!(
                "`{id}` is enabled in {} but has no installed copy here, so doctor read none of its hooks (`codex plugin add {id}` installs it)",
                config.display()
            );
            findings.push(codex_finding(Severity::Note, &base, "", message));
            continue;
        };
        for relative in hooks_files(&root) {
            let path = root.join(&relative);
            let key_source = format!("{id}:{relative}");
            files.extend(super::read_file("plugin", key_source, path, findings));
        }
    }
    files
}

/// The version folder Codex runs under `base`: `local` when there is one, else the highest
/// version (Codex's `active_plugin_version`, by its numbered parts).
fn active_version(base: &Path) -> Option<PathBuf> {
    let mut versions: Vec<String> = std::fs::read_dir(base)
        .ok()?
        .filter_map(Result::ok)
        .filter(|entry| entry.file_type().is_ok_and(|t| t.is_dir()))
        .filter_map(|entry| entry.file_name().into_string().ok())
        .filter(|name| !name.starts_with('.'))
        .collect();
    if versions.iter().any(|v| v == "local") {
        return Some(base.join("local"));
    }
    let parts = |version: &str| -> Vec<u64> {
        version
            .split(['.', '-', '+'])
            .map(|part| part.parse().unwrap_or(0))
            .collect()
    };
    versions.sort_by(|a, b| parts(a).cmp(&parts(b)).then_with(|| a.cmp(b)));
    versions.pop().map(|version| base.join(version))
}

/// The hooks files of the plugin at `root`, from its root without `./`: the paths its manifest's
/// `hooks` names (a path or a list of them), or `hooks/hooks.json` when it names none. Inline
/// hooks objects are not read here.
fn hooks_files(root: &Path) -> Vec<String> {
    let manifest = MANIFESTS.iter().find_map(|relative| {
        let bytes = crate::safe_read::read(&root.join(relative), LIMIT).ok()?;
        serde_json::from_slice::<Value>(&bytes).ok()
    });
    let named: Vec<String> = match manifest.as_ref().and_then(|m| m.get("hooks")) {
        Some(Value::String(path)) => vec![path.clone()],
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(Value::as_str)
            .map(str::to_owned)
            .collect(),
        _ => Vec::new(),
    };
    // Codex takes only `./` paths inside the plugin.
    let named: Vec<String> = named
        .iter()
        .filter_map(|path| path.strip_prefix("./"))
        .filter(|path| !path.split('/').any(|part| part == ".." || part.is_empty()))
        .map(str::to_owned)
        .collect();
    let inline = matches!(
        manifest.as_ref().and_then(|m| m.get("hooks")),
        Some(Value::Object(_))
    );
    if named.is_empty() && !inline {
        vec!["hooks/hooks.json".to_owned()]
    } else {
        named
    }
}
