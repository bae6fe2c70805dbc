//! Every settings file Claude Code reads for a project, in priority order (managed, local,
//! project, user, then the plugins given), read with Claude Code's own rules from
//! `spec/claude-code/`: its PascalCase events, its nesting (`matcher` + `hooks` groups), its
//! handler types and their keys. Each hook is a [`Hook`] whose `event` is Claude Code's name.

use super::{read_text, Locations};
use crate::claude::host::{host, SourceFormat};
use crate::findings::{segment, Finding, HostName, Severity};
use crate::host::Format;
use crate::parse::{kind, matcher_budget_spent, read_json, ConfigFile, Hook, MATCHER_FILE_STEPS};
use cursor_hooks_spec::claude::{self, matcher::Verdict, EventInfo};
use serde_json::{Map, Value};
use std::path::{Path, PathBuf};

/// Overrides the managed settings file's path. For tests, which must not read the machine's real
/// managed settings; set it to a path that does not exist to skip the source.
pub const MANAGED_VARIABLE: &str = "CURSOR_HOOKS_CLAUDE_MANAGED_FILE";

/// A plugin's manifest, whose `hooks` Claude Code reads when the plugin has no
/// `hooks/hooks.json` (spec/claude-code/host.json, `config_sources` `plugin`, its notes).
const PLUGIN_MANIFEST: &str = ".claude-plugin/plugin.json";

/// Every file Claude Code would read, highest priority first.
pub fn load(locations: &Locations) -> Vec<ConfigFile> {
    let mut files = Vec::new();
    for source in &host().config_sources {
        let Some(template) = source.path_template() else {
            continue;
        };
        let mut candidates: Vec<(PathBuf, Option<PathBuf>)> = Vec::new();
        if source.name == "managed" {
            let path = std::env::var_os(MANAGED_VARIABLE)
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from(template));
            candidates.push((path, None));
        } else if source.format == SourceFormat::Plugin {
            for plugin in &locations.plugins {
                candidates.push((plugin.clone(), Some(plugin.clone())));
            }
        } else if source.format != SourceFormat::Settings {
            // Skill and subagent frontmatter is not a settings file.
            continue;
        } else if !template.contains("{home}") && !template.contains("{project}") {
            // `--settings`: given on Claude Code's command line, not a file of the project.
            candidates.extend(locations.settings.clone().map(|path| (path, None)));
        } else {
            let Some(path) = locations.expand(template) else {
                continue;
            };
            candidates.push((path, None));
        }
        for (path, plugin_root) in candidates {
            match plugin_root {
                Some(root) => files.extend(read_plugin(&source.name, &root, locations)),
                None => files.extend(read_source(&source.name, &path, None, locations)),
            }
        }
        if source.format == SourceFormat::Plugin {
            // The settings files are read by now (plugins come after them).
            installed_plugins(&source.name, locations, &mut files);
        }
    }
    files
}

/// The plugins Claude Code has installed that the settings files turn on, read as the plugins
/// given are (a folder given with `--plugin-dir` too is read once); each that cannot be found
/// is a finding at the entry that turns it on.
fn installed_plugins(name: &str, locations: &Locations, files: &mut Vec<ConfigFile>) {
    let real = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    let given: Vec<PathBuf> = locations.plugins.iter().map(|p| real(p)).collect();
    for plugin in super::installed::enabled(locations, files) {
        match plugin.root {
            Ok(root) if given.contains(&real(&root)) => {}
            Ok(root) => files.extend(read_plugin(name, &root, locations)),
            Err(mut finding) => {
                finding.host = HostName::ClaudeCode;
                files[plugin.file].findings.push(finding);
            }
        }
    }
}

/// Every part of a plugin's hooks Claude Code reads (`hooks/hooks.json`, then each path or
/// object of the manifest's `hooks`), each as a file of its own.
fn read_plugin(name: &str, root: &Path, locations: &Locations) -> Vec<ConfigFile> {
    if !root.is_dir() {
        return read_source(name, root, Some(root.to_path_buf()), locations)
            .into_iter()
            .collect();
    }
    let mut files = Vec::new();
    for part in super::plugin::claude(root, PLUGIN_MANIFEST) {
        let (path, format, problem) = match part {
            super::plugin::ClaudePart::Read(path, format) => (path, format, None),
            super::plugin::ClaudePart::Problem(path, finding) => {
                (path, Format::Plugin, Some(finding))
            }
        };
        let text = match problem {
            Some(finding) => Err(Ok(finding)),
            None => match read_text(&path) {
                Ok(Some(text)) => Ok(text),
                Ok(None) => continue,
                Err(why) => Err(Err(why)),
            },
        };
        files.push(plugin_part(name, root, path, format, text, locations));
    }
    void_whole_plugin(&mut files);
    files
}

/// An entry the settings schema rejects under the events of host.json `observed_rules`
/// `schema-invalid-entry-voids-file`, in any part of a plugin (its manifest's `hooks` or a
/// hooks file), turns off every part: Claude Code reads a plugin's hooks as one set.
fn void_whole_plugin(parts: &mut [ConfigFile]) {
    // The voiding finding of a rejected entry points at the handler (`.../hooks/<n>`); a whole
    // file's problems point at `""`.
    let at_handler = |pointer: &str| {
        let segments: Vec<&str> = pointer.split('/').collect();
        segments.len() >= 3 && segments[segments.len() - 2] == "hooks"
    };
    let rejected = parts.iter().find_map(|part| {
        let finding = part
            .findings
            .iter()
            .find(|f| f.voids && at_handler(&f.path))?;
        Some(format!("{}#{}", part.path.display(), finding.path))
    });
    let Some(rejected) = rejected else {
        return;
    };
    for part in parts.iter_mut().filter(|part| !part.voided) {
        let mut finding = Finding::voiding(
            &part.path,
            "",
            format!("Claude Code's settings schema rejects the hook at {rejected}, and that turns off this plugin's other hooks too (its manifest's `hooks` and its hooks files are read as one): none of this file's hooks load"),
        );
        finding.host = HostName::ClaudeCode;
        part.findings.push(finding);
        part.voided = true;
    }
}

/// One part of a plugin's hooks as Claude Code reads it: `text` the file's, or a finding
/// (`Err(Ok)`) or the reason it cannot be read (`Err(Err)`).
fn plugin_part(
    name: &str,
    root: &Path,
    path: PathBuf,
    format: Format,
    text: Result<String, Result<Finding, String>>,
    locations: &Locations,
) -> ConfigFile {
    let mut file = ConfigFile {
        source: name.to_owned(),
        format,
        path: path.clone(),
        cwd: locations.project.clone(),
        plugin_root: Some(root.to_path_buf()),
        findings: Vec::new(),
        voided: false,
        hooks: Vec::new(),
        document: Value::Null,
    };
    match text {
        Ok(text) => {
            let cursor_format = format == Format::ClaudeSettings
                && serde_json::from_str::<Value>(text.trim_start_matches('\u{feff}'))
                    .is_ok_and(|v| super::plugin::detect(&v) == super::plugin::Detected::Cursor);
            if cursor_format {
                file.findings.push(Finding::voiding(
                    &path,
                    "",
                    "this file is in Cursor's format (`version` and flat entries under camelCase events), but Claude Code reads a plugin's hooks files in its own (PascalCase events holding matcher groups with a `hooks` list) and loads none of it; keep Claude Code's format here and point `.cursor-plugin/plugin.json`'s `hooks` at a separate Cursor-format file",
                ));
            } else {
                parse(&mut file, &text);
                super::plugin::check_quoting(&mut file);
                super::plugin::check_launchers(&mut file);
            }
        }
        Err(Ok(finding)) => file.findings.push(finding),
        Err(Err(why)) => file.findings.push(Finding::voiding(
            &path,
            "",
            format!("{why}: Claude Code cannot load its hooks"),
        )),
    }
    file.voided = file
        .findings
        .iter()
        .any(|f| f.severity == Severity::Error && f.voids);
    for finding in &mut file.findings {
        finding.host = HostName::ClaudeCode;
    }
    file
}

fn read_source(
    name: &str,
    path: &Path,
    plugin_root: Option<PathBuf>,
    locations: &Locations,
) -> Option<ConfigFile> {
    let (path, format, text) = match &plugin_root {
        Some(root) => match plugin_file(root)? {
            Ok((path, format)) => {
                let text = read_text(&path).transpose()?;
                (path, format, text)
            }
            Err(why) => (root.clone(), Format::Plugin, Err(why)),
        },
        None => (
            path.to_path_buf(),
            Format::ClaudeSettings,
            read_text(path).transpose()?,
        ),
    };
    let mut file = ConfigFile {
        source: name.to_owned(),
        format,
        path: path.clone(),
        // Claude Code starts every hook in its working directory, the project.
        cwd: locations.project.clone(),
        plugin_root,
        findings: Vec::new(),
        voided: false,
        hooks: Vec::new(),
        document: Value::Null,
    };
    match text {
        Ok(text) => parse(&mut file, &text),
        Err(why) => file.findings.push(Finding::voiding(
            &path,
            "",
            format!("{why}: Claude Code cannot load its hooks"),
        )),
    }
    file.voided = file
        .findings
        .iter()
        .any(|f| f.severity == Severity::Error && f.voids);
    for finding in &mut file.findings {
        finding.host = HostName::ClaudeCode;
    }
    Some(file)
}

/// A Claude Code plugin folder that is missing: the reason.
fn plugin_file(root: &Path) -> Option<Result<(PathBuf, Format), String>> {
    (!root.is_dir()).then(|| Err("this plugin folder does not exist or is not a folder".to_owned()))
}

/// Fills `file.hooks` and `file.findings` from a settings file's (or plugin file's) text.
pub fn parse(file: &mut ConfigFile, text: &str) {
    let _budget = cursor_hooks_spec::js_regex::SharedBudget::start(MATCHER_FILE_STEPS);
    let path = file.path.clone();
    let text = match text.strip_prefix('\u{feff}') {
        Some(rest) => {
            file.findings.push(Finding::new(
                Severity::Warning,
                &path,
                "",
                "starts with a UTF-8 byte-order mark (BOM), which strict JSON readers reject; save it as UTF-8 without a BOM",
            ));
            rest
        }
        None => text,
    };
    let value = match read_json(file, text) {
        Ok(value) => value,
        Err(e) => {
            file.findings.push(Finding::voiding(
                &path,
                "",
                format!("not valid JSON ({e}): Claude Code loads none of its hooks"),
            ));
            return;
        }
    };
    read_value(file, &value);
    // Kept whole (moved, never copied): simulate reads the keys that decide how a hook runs
    // from it, so the file is read once.
    file.document = value;
}

/// Fills `file.hooks` and `file.findings` from a settings file's parsed value.
fn read_value(file: &mut ConfigFile, value: &Value) {
    let path = file.path.clone();
    let Some(object) = value.as_object() else {
        file.findings.push(Finding::voiding(
            &path,
            "",
            format!(
                "the file is {}, expected a settings object (`{{ \"hooks\": {{ ... }} }}`): Claude Code loads none of its hooks",
                kind(value)
            ),
        ));
        return;
    };
    if object.get("disableAllHooks") == Some(&Value::Bool(true)) {
        let rule = host().loading("disable-all").rule.as_str();
        file.findings.push(Finding::new(
            Severity::Warning,
            &path,
            "/disableAllHooks",
            format!(
                "`disableAllHooks` is true: Claude Code runs no hook while this holds ({rule})"
            ),
        ));
    }
    if file.source == "managed" && object.get("allowManagedHooksOnly") == Some(&Value::Bool(true)) {
        file.findings.push(Finding::new(
            Severity::Note,
            &path,
            "/allowManagedHooksOnly",
            "`allowManagedHooksOnly` is true: Claude Code runs the hooks of managed settings (and of force-enabled plugins) only, none of the other files' (spec/claude-code/host.json, `config_sources` `managed`)",
        ));
    }
    // Only a plugin's own hooks/hooks.json names a hooks module.
    let hooks_file = file
        .plugin_root
        .as_ref()
        .is_some_and(|root| path == root.join("hooks").join("hooks.json"));
    if let Some(modules) = object.get("modules").filter(|_| hooks_file) {
        plugin_modules(file, modules);
    }
    let root_key = &host().shape.root_key;
    let (events, base) = match (file.format, object.get(root_key)) {
        (_, None) => return,
        // A plugin manifest's `hooks`: the events inline, a settings-shaped object, or a path.
        (Format::Plugin, Some(Value::Object(inner))) if !inner.contains_key(root_key) => {
            (Value::Object(inner.clone()), format!("/{root_key}"))
        }
        (Format::Plugin, Some(Value::Object(inner))) => {
            (inner[root_key].clone(), format!("/{root_key}/{root_key}"))
        }
        (Format::Plugin, Some(_)) => {
            file.findings.push(Finding::new(
                Severity::Note,
                &path,
                &format!("/{root_key}"),
                "`hooks` names another file here; only inline hooks and hooks/hooks.json are checked",
            ));
            return;
        }
        (_, Some(events)) => (events.clone(), format!("/{root_key}")),
    };
    let Some(events) = events.as_object() else {
        file.findings.push(Finding::voiding(
            &path,
            &base,
            format!(
                "`hooks` is {}, not an object of event names: Claude Code loads none of its hooks",
                kind(&events)
            ),
        ));
        return;
    };
    for (name, groups) in events {
        event_groups(file, name, groups, &format!("{base}/{}", segment(name)));
    }
    rejected_entries(file, events, &base);
}

/// A plugin's `hooks/hooks.json` `modules`: an in-process hooks module runs before the command
/// hooks and may answer a tool call without them, so a command guard can be silently passed
/// over (spec/claude-code/host.json `loading` `plugin-modules`).
fn plugin_modules(file: &mut ConfigFile, modules: &Value) {
    let rule = host().loading("plugin-modules");
    // Where the rule lives, not its sources: the user reads the rule, spec/ keeps the sources.
    let cite = format!(
        "spec/claude-code/host.json `loading` `plugin-modules`{}",
        if rule.verified { "" } else { ", not verified" }
    );
    let names: Vec<String> = match modules {
        Value::Array(list) => list
            .iter()
            .map(|m| {
                m.as_str()
                    .map_or_else(|| m.to_string(), |m| format!("`{m}`"))
            })
            .collect(),
        other => vec![other.to_string()],
    };
    let path = file.path.clone();
    if names.len() > 1 {
        file.findings.push(Finding::new(
            Severity::Error,
            &path,
            "/modules",
            format!(
                "`modules` names {} hooks modules ({}): Claude Code takes one hooks module per plugin, refuses a second entry and loads none of them ({cite})",
                names.len(),
                names.join(", ")
            ),
        ));
    }
    if names.len() != 1 {
        return;
    }
    file.findings.push(Finding::new(
        Severity::Warning,
        &path,
        "/modules",
        format!(
            "the plugin's hooks module {} (`modules`) runs inside Claude Code before the command hooks: if it answers a tool call without passing it on (`next`), the user and plugin PreToolUse command hooks, a guard among them, do not run, and it fails open (an error lets the call through) unless it catches; check that it leaves guarded calls to the command hooks ({cite})",
            names.join(", ")
        ),
    ));
}

/// Reports each handler entry Claude Code's settings schema rejects (it is not loaded, see
/// [`schema_failure`]) and, under the events of spec/claude-code/host.json `observed_rules`
/// `schema-invalid-entry-voids-file` in a settings file, that the file's other hooks are not
/// loaded either: the file is voided, naming the hooks it turns off.
fn rejected_entries(file: &mut ConfigFile, events: &Map<String, Value>, base: &str) {
    let path = file.path.clone();
    let mut voiding = Vec::new();
    let voids = host().observed("schema-invalid-entry-voids-file");
    for (name, groups) in events {
        let Some(info) = claude::info(name) else {
            continue;
        };
        let groups = groups.as_array().into_iter().flatten().enumerate();
        for (at, group) in groups {
            let handlers = group.get("hooks").and_then(Value::as_array);
            for (index, item) in handlers.into_iter().flatten().enumerate() {
                let Some(why) = item.as_object().and_then(schema_failure) else {
                    continue;
                };
                let pointer = format!("{base}/{}/{at}/hooks/{index}", segment(name));
                if voids.covers(info.name) {
                    voiding.push((pointer, info.name, why));
                } else {
                    file.findings.push(Finding::new(
                        Severity::Error,
                        &path,
                        &pointer,
                        format!("Claude Code's settings schema rejects this `{}` hook ({why}), so Claude Code does not load it", info.name),
                    ));
                }
            }
        }
    }
    for (pointer, event, why) in voiding {
        let disabled: Vec<String> = file
            .hooks
            .iter()
            .map(|hook| {
                let what = hook.command.as_deref().unwrap_or(hook.kind.as_str());
                format!("`{what}` on {}", hook.event)
            })
            .collect();
        let disabled = if disabled.is_empty() {
            "it has no other hook".to_owned()
        } else {
            format!("this turns off {}", disabled.join(", "))
        };
        file.findings.push(Finding::voiding(
            &path,
            &pointer,
            format!("Claude Code's settings schema rejects this `{event}` hook ({why}), and an invalid entry under {event} makes Claude Code load none of this file's hooks: {disabled}"),
        ));
    }
}

/// Why Claude Code's settings schema rejects a handler entry, so that it is not loaded
/// (recorded with 2.1.330: spec/claude-code/host.json `observed_rules`, `schema-invalid-entry`):
/// no `type` or one Claude Code does not know, a required key missing, a known key of the
/// wrong type or outside its `values` (`shell`, `onFailure`), a `timeout` of 0 or less. Unknown
/// keys are ignored.
fn schema_failure(object: &Map<String, Value>) -> Option<String> {
    let claude_host = host();
    let kind_name = match object.get("type") {
        None => return Some("it has no `type`".to_owned()),
        Some(Value::String(name)) => name,
        Some(other) => return Some(format!("`type` is {other}, not a string")),
    };
    let Some(handler_type) = claude_host.handler_type(kind_name) else {
        return Some(format!("`type` \"{kind_name}\" is not a handler type"));
    };
    if let Some(key) = handler_type
        .required
        .iter()
        .find(|k| !object.contains_key(*k))
    {
        return Some(format!("a \"{kind_name}\" hook without `{key}`"));
    }
    for (key, value) in object {
        let Some(spec) = claude_host.handler_keys.iter().find(|k| &k.name == key) else {
            continue;
        };
        if !spec.applies_to.contains(kind_name) {
            continue;
        }
        if !has_type(value, &spec.kind) {
            return Some(format!(
                "`{key}` is {value}, not {}",
                type_words(&spec.kind)
            ));
        }
        let known = value
            .as_str()
            .is_none_or(|v| spec.values.iter().any(|a| a == v));
        if !spec.values.is_empty() && !known {
            let allowed: Vec<String> = spec.values.iter().map(|v| format!("\"{v}\"")).collect();
            return Some(format!("`{key}` is {value}, not {}", allowed.join(" or ")));
        }
    }
    if let Some(seconds) = object.get("timeout").and_then(Value::as_f64) {
        if seconds <= 0.0 {
            return Some(format!("`timeout` is {seconds}, not more than 0"));
        }
    }
    None
}

fn event_groups(file: &mut ConfigFile, name: &str, groups: &Value, pointer: &str) {
    let path = file.path.clone();
    let Some(info) = claude::info(name) else {
        let message = match cursor_hooks::cursor::spec::info(name) {
            Some(cursor) => match claude::EVENTS
                .iter()
                .find(|e| e.cursor_event == Some(cursor.name))
            {
                Some(claude) => format!(
                    "`{name}` is Cursor's name; Claude Code's is `{}`, so Claude Code never runs these hooks",
                    claude.name
                ),
                None => format!(
                    "`{name}` is a Cursor event, which Claude Code does not have, so it never runs these hooks (see `cursor-hooks events --host claude-code`)"
                ),
            },
            None => {
                let hint = match cursor_hooks_spec::closest(name, claude::EVENTS.iter().map(|e| e.name)) {
                    Some(near) => format!("did you mean `{near}`?"),
                    None => "see `cursor-hooks events --host claude-code`".to_owned(),
                };
                format!("`{name}` is not a Claude Code event, so Claude Code never runs these hooks (event names are case-sensitive); {hint}")
            }
        };
        file.findings
            .push(Finding::new(Severity::Error, &path, pointer, message));
        return;
    };
    let Some(groups) = groups.as_array() else {
        file.findings.push(Finding::new(
            Severity::Error,
            &path,
            pointer,
            format!(
                "`{name}` is {}, not a list of matcher groups (`[{{ \"matcher\": ..., \"hooks\": [...] }}]`)",
                kind(groups)
            ),
        ));
        return;
    };
    for (at, group) in groups.iter().enumerate() {
        matcher_group(file, info, group, &format!("{pointer}/{at}"));
    }
}

fn matcher_group(file: &mut ConfigFile, info: &EventInfo, group: &Value, pointer: &str) {
    let path = file.path.clone();
    let Some(object) = group.as_object() else {
        file.findings.push(Finding::new(
            Severity::Error,
            &path,
            pointer,
            format!("a matcher group must be an object, not {}", kind(group)),
        ));
        return;
    };
    let shape = &host().shape;
    if !object.contains_key("hooks")
        && (object.contains_key("command") || object.contains_key("type"))
    {
        file.findings.push(Finding::new(
            Severity::Error,
            &path,
            pointer,
            "a flat hook, as Cursor's hooks.json writes it; Claude Code nests hooks in matcher groups: `{ \"matcher\": \"...\", \"hooks\": [{ \"type\": \"command\", \"command\": \"...\" }] }`",
        ));
        return;
    }
    for key in object.keys() {
        if !shape.group_keys.iter().any(|k| &k.name == key) {
            file.findings.push(Finding::new(
                Severity::Warning,
                &path,
                &format!("{pointer}/{}", segment(key)),
                format!(
                    "unknown key `{key}` in a matcher group, which Claude Code ignores (a group has {})",
                    shape
                        .group_keys
                        .iter()
                        .map(|k| format!("`{}`", k.name))
                        .collect::<Vec<_>>()
                        .join(" and ")
                ),
            ));
        }
    }
    let matcher = match object.get("matcher") {
        None => None,
        Some(Value::String(text)) => {
            check_matcher(file, info, text, &format!("{pointer}/matcher"));
            Some(text.clone())
        }
        Some(other) => {
            file.findings.push(Finding::new(
                Severity::Error,
                &path,
                &format!("{pointer}/matcher"),
                format!("`matcher` is {other}, not a string"),
            ));
            None
        }
    };
    let Some(list) = object.get("hooks").and_then(Value::as_array) else {
        file.findings.push(Finding::new(
            Severity::Error,
            &path,
            pointer,
            "a matcher group without a `hooks` list, so nothing runs",
        ));
        return;
    };
    if list.is_empty() {
        file.findings.push(Finding::new(
            Severity::Warning,
            &path,
            &format!("{pointer}/hooks"),
            "an empty `hooks` list: this group runs nothing",
        ));
    }
    for (at, item) in list.iter().enumerate() {
        let hook_pointer = format!("{pointer}/hooks/{at}");
        if let Some(hook) = handler(file, info, item, &hook_pointer, matcher.clone()) {
            file.hooks.push(hook);
        }
    }
}

/// Checks a group's `matcher` with Claude Code's rule (`cursor_hooks_spec::claude::matcher`).
fn check_matcher(file: &mut ConfigFile, info: &EventInfo, text: &str, pointer: &str) {
    let path = file.path.clone();
    let verdict = claude::matcher::check(info, text);
    matcher_budget_spent(file, pointer);
    let finding = match verdict {
        Verdict::All => None,
        Verdict::Matches => bare_mcp_server(text).map(|name| {
            (Severity::Warning, format!("`{name}` names an MCP server, not a tool: tool names are `mcp__<server>__<tool>`, so it matches none (write `{name}__.*` for every tool of the server)"))
        }),
        Verdict::Invalid { reason, .. } => Some((Severity::Error, format!(
            "`{text}` is not a valid JavaScript regular expression ({reason}), so it matches nothing and the hooks of this group never run{}",
            crate::parse::python_group_hint(text)
        ))),
        Verdict::NoSubject => Some((Severity::Warning, format!(
            "`{}` has no matcher subject: Claude Code ignores the matcher and runs these hooks on every `{}`",
            info.name, info.name
        ))),
        Verdict::Never => Some((Severity::Warning, format!(
            "`{text}` matches none of what `{}` tests it against ({}), so these hooks never run{}",
            info.name,
            subject_values(info),
            suggestion(info, text)
        ))),
    };
    if let Some((severity, message)) = finding {
        file.findings
            .push(Finding::new(severity, &path, pointer, message));
    }
}

/// `; did you mean `Bash`? (matchers are case-sensitive)` for a name list with a near miss.
fn suggestion(info: &EventInfo, text: &str) -> String {
    let form = claude::matcher::form(text);
    let near = form
        .names()
        .iter()
        .find_map(|name| cursor_hooks_spec::closest(name, info.matcher_values.iter().copied()));
    match near {
        Some(near) => format!("; did you mean `{near}`? (matchers are case-sensitive)"),
        None => String::new(),
    }
}

/// An exact name `mcp__<server>` without a tool part, which no tool name equals.
fn bare_mcp_server(text: &str) -> Option<&str> {
    claude::matcher::bare_mcp_server(text)
}

/// `startup, resume, ...` or `Bash, ..., mcp__<name>`: what a matcher on `info` is tested against.
fn subject_values(info: &EventInfo) -> String {
    let mut values = info.matcher_values.join(", ");
    if let Some(prefix) = info.matcher_open_prefix {
        values.push_str(&format!(", {prefix}<name>"));
    }
    values
}

/// Checks one handler and returns it when it names something to run.
fn handler(
    file: &mut ConfigFile,
    info: &EventInfo,
    item: &Value,
    pointer: &str,
    matcher: Option<String>,
) -> Option<Hook> {
    let path = file.path.clone();
    let claude_host = host();
    let mut push = |severity, at: &str, message: String| {
        file.findings.push(Finding::new(
            severity,
            &path,
            &format!("{pointer}{at}"),
            message,
        ));
    };
    let Some(object) = item.as_object() else {
        push(
            Severity::Error,
            "",
            format!("a hook must be an object, not {}", kind(item)),
        );
        return None;
    };
    let types = || {
        claude_host
            .handler_types
            .iter()
            .map(|t| format!("\"{}\"", t.kind))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let kind_name = match object.get("type") {
        None => {
            push(Severity::Error, "", format!(
                "a hook without `type`: Claude Code requires it ({}); write `\"type\": \"command\"` for a command",
                types()
            ));
            return None;
        }
        Some(Value::String(name)) => name.clone(),
        Some(other) => {
            push(
                Severity::Error,
                "/type",
                format!("`type` is {other}, not a string ({})", types()),
            );
            return None;
        }
    };
    let Some(handler_type) = claude_host.handler_type(&kind_name) else {
        push(
            Severity::Error,
            "/type",
            format!(
                "`type` is \"{kind_name}\", which Claude Code does not know ({})",
                types()
            ),
        );
        return None;
    };
    for key in &handler_type.required {
        if !object.contains_key(key) {
            push(
                Severity::Error,
                "",
                format!("a \"{kind_name}\" hook without `{key}`, which it requires"),
            );
        }
    }
    for (key, value) in object {
        let at = format!("/{}", segment(key));
        let Some(spec) = claude_host.handler_keys.iter().find(|k| &k.name == key) else {
            let hint = if key == "failClosed" || key == "loop_limit" {
                " (it is a Cursor hooks.json key)"
            } else {
                ""
            };
            push(
                Severity::Warning,
                &at,
                format!("unknown key `{key}`, which Claude Code ignores{hint}"),
            );
            continue;
        };
        if !spec.applies_to.contains(&kind_name) {
            push(
                Severity::Warning,
                &at,
                format!(
                    "`{key}` applies to {} hooks, not \"{kind_name}\": Claude Code ignores it here",
                    spec.applies_to.join(", ")
                ),
            );
            continue;
        }
        if !has_type(value, &spec.kind) {
            push(
                Severity::Error,
                &at,
                format!("`{key}` is {}, not {}", kind(value), type_words(&spec.kind)),
            );
        }
    }
    if schema_failure(object).is_some() {
        // Not loaded: `rejected_entries` reports what that does to the file.
        return None;
    }
    if let Some(Value::String(command)) = object.get("command") {
        if command.trim().is_empty() {
            push(Severity::Error, "/command", "`command` is blank".to_owned());
        }
    }
    let timeout = match object.get("timeout") {
        Some(Value::Number(n)) => {
            let seconds = n.as_f64().unwrap_or(0.0);
            if seconds <= 0.0 {
                push(
                    Severity::Error,
                    "/timeout",
                    format!("`timeout` is {n}; it must be more than 0 seconds"),
                );
                None
            } else if seconds >= 1000.0 {
                push(Severity::Error, "/timeout", format!(
                    "`timeout` is {n} seconds ({:.0} minutes): Claude Code reads it in seconds, not milliseconds (its default for a \"{kind_name}\" hook is {} seconds)",
                    seconds / 60.0,
                    handler_type.timeout_seconds
                ));
                Some(seconds)
            } else {
                Some(seconds)
            }
        }
        _ => None,
    };
    if object.contains_key("if") && info.matcher_subject != Some("tool_name") {
        push(
            Severity::Warning,
            "/if",
            format!(
                "`if` applies on tool events only; on `{}` Claude Code never runs this hook",
                info.name
            ),
        );
    }
    // The `if` rule is evaluated against the tool call (host.json `observed_rules`, `if-rule`):
    // one naming a tool the group's matcher never selects turns the hook off.
    if let (Some(rule), Some(matcher)) = (object.get("if").and_then(Value::as_str), &matcher) {
        let tool = rule.split('(').next().unwrap_or_default().trim();
        if info.matcher_subject == Some("tool_name")
            && !tool.is_empty()
            && !claude::matcher::is_match(matcher, tool)
        {
            push(
                Severity::Warning,
                "/if",
                format!("its `if` rule `{rule}` names `{tool}`, which the group's matcher `{matcher}` never selects, so Claude Code never runs this hook"),
            );
        }
    }
    if object.get("once") == Some(&Value::Bool(true)) {
        push(
            Severity::Note,
            "/once",
            "`once` is honoured in skill frontmatter only; in settings the hook runs every time"
                .to_owned(),
        );
    }
    if object.get("async") == Some(&Value::Bool(true)) && info.can_block {
        push(
            Severity::Note,
            "/async",
            format!(
                "an `async` hook runs in the background, so it cannot block `{}`",
                info.name
            ),
        );
    }
    let command = object
        .get("command")
        .and_then(Value::as_str)
        .map(|command| {
            // With `args`, `command` is the executable itself, spawned without a shell.
            if object.contains_key("args") {
                shell_quote(command)
            } else {
                command.to_owned()
            }
        });
    Some(Hook {
        event: info.name.to_owned(),
        pointer: pointer.to_owned(),
        kind: kind_name,
        command,
        timeout,
        matcher,
        // Claude Code's counterpart of Cursor's `failClosed` (2.1.295+).
        fail_closed: object.get("onFailure").and_then(Value::as_str) == Some("block"),
        loop_limit: None,
    })
}

/// `command` as one word of a shell command line, so it is resolved as the program itself.
fn shell_quote(command: &str) -> String {
    if command
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "/._-+:@%${}".contains(c))
    {
        command.to_owned()
    } else {
        format!("'{}'", command.replace('\'', "'\\''"))
    }
}

/// Whether `value` is of a handler key's type (`spec/claude-code/SCHEMA.md`).
fn has_type(value: &Value, kind: &str) -> bool {
    match kind {
        "string" => value.is_string(),
        "number" => value.is_number(),
        "bool" => value.is_boolean(),
        "string_list" => value
            .as_array()
            .is_some_and(|items| items.iter().all(Value::is_string)),
        "string_map" => value
            .as_object()
            .is_some_and(|map: &Map<String, Value>| map.values().all(Value::is_string)),
        _ => true,
    }
}

fn type_words(kind: &str) -> &str {
    match kind {
        "string" => "a string",
        "number" => "a number (seconds)",
        "bool" => "true or false",
        "string_list" => "a list of strings",
        "string_map" => "an object of strings",
        other => other,
    }
}
