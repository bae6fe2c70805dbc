//! Claude Code's `settings.json` (`<project>/.claude/settings.json`, `~/.claude/settings.json`):
//! the one place that knows its hook shape, for `print-config --claude`, `install --claude` and
//! `uninstall --claude`.
//!
//! ```json
//! {
//!   "hooks": {
//!     "PreToolUse": [
//!       { "matcher": "Bash", "hooks": [{ "type": "command", "command": "/abs/hook", "timeout": 5 }] }
//!     ]
//!   }
//! }
//! ```
//!
//! An event holds matcher groups, a group holds handlers. `install` puts each handler of the
//! binary into the event's first group with the same matcher (the same string, or both without
//! one), and makes a group only when there is none: the file keeps one group per matcher, as
//! people write it, and Claude Code runs the same handlers either way. `uninstall` takes out the
//! binary's handlers and the groups and events that held only those, so it gives back the file
//! `install` found. Everything else stays byte for byte (`edit.rs`).
//!
//! Claude Code reads the file as strict JSON: a `//` comment makes it "Invalid or malformed
//! JSON" to Claude Code 2.1.330, which then loads none of the file's settings. Such a file (or
//! one with a trailing comma) is refused and left as it is rather than edited.

use super::edit::{self, Document, Edits, Item, Kind, Node};
use super::Own;
use serde_json::{Map, Value};
use std::path::Path;

/// The key names of Claude Code's hook settings that `install` writes.
mod keys {
    pub(super) const HOOKS: &str = "hooks";
    pub(super) const MATCHER: &str = "matcher";
    pub(super) const TYPE: &str = "type";
    pub(super) const TIMEOUT: &str = "timeout";
    pub(super) const SHELL: &str = "shell";
    pub(super) const ON_FAILURE: &str = crate::record::CLAUDE_ON_FAILURE;
}

/// The keys of a handler that `install` sets; the handler's other keys (its `command` first:
/// a wrapper such as `CURSOR_HOOKS_CAPTURE=... /abs/hook` stays) are the user's.
const MANAGED_KEYS: [&str; 4] = [keys::TYPE, keys::TIMEOUT, keys::SHELL, keys::ON_FAILURE];

/// One Claude Code handler of the binary, as `settings.json` lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Handler {
    /// Whose file: Claude Code's or Codex's (one format).
    pub(super) host: crate::Host,
    /// The event's name (`PreToolUse`).
    pub(super) event: &'static str,
    /// The group's matcher; `None` matches everything.
    pub(super) matcher: Option<&'static str>,
    /// Seconds; `None` leaves Claude Code's default.
    pub(super) timeout: Option<u32>,
    /// `fail = "closed"`: Claude Code is to block when the binary cannot start, times out or
    /// exits with an unexpected code (`"onFailure": "block"`, Claude Code 2.1.295 and later),
    /// rather than let the action through.
    pub(super) fail_closed: bool,
}

/// A handler entry to have in the file: its event, its group's matcher and the handler object.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Wanted {
    event: String,
    matcher: Option<String>,
    handler: Value,
}

/// The entries that run `command` for `handlers` (one per event: a binary has one handler per
/// event); `all` are the binary's handlers, which the command's wiring is chosen from.
pub(super) fn wanted(
    handlers: &[Handler],
    all: &[crate::record::Handler],
    command: &str,
) -> Vec<Wanted> {
    handlers
        .iter()
        .map(|handler| {
            let mut object = crate::record::Handler {
                event: handler.event.to_owned(),
                handler: String::new(),
                timeout: handler.timeout,
                matcher: None,
                fail_closed: handler.fail_closed,
                loop_limit: None,
                host: handler.host,
            }
            .claude_handler(command, all);
            // Codex has no `shell` key (`commandWindows` replaces the command instead).
            if cfg!(windows) && handler.host == crate::Host::ClaudeCode {
                // Without it Claude Code runs the command through Git Bash; the command is
                // written for PowerShell, as for Cursor (`launch.rs`), which runs these entries
                // too.
                object.insert(keys::SHELL.into(), "powershell".into());
            }
            Wanted {
                event: handler.event.to_owned(),
                matcher: handler.matcher.map(str::to_owned),
                handler: Value::Object(object),
            }
        })
        .collect()
}

/// Refuses `handlers` whose event the `claude` on `PATH` predates: that binary never runs them
/// and stops an interactive start on its Settings Error dialog for the file
/// (`spec/claude-code/host.json`, `loading` `unknown-event`). Without `claude` on `PATH` there
/// is nothing to hold them to.
#[cfg(feature = "claude-code")]
pub(super) fn known_to_installed(handlers: &[Handler], project: &Path) -> Result<(), String> {
    use crate::claude::installed::{installed, since, Installed};
    let Installed::Found { path, version } = installed(project) else {
        return Ok(());
    };
    let Some((event, needed)) = handlers.iter().find_map(|handler| {
        let needed = since(handler.event)?;
        (version < needed).then_some((handler.event, needed))
    }) else {
        return Ok(());
    };
    Err(format!(
        "refusing to write `{event}`: the installed Claude Code {version} ({}) predates it (added in {needed}), so it would never run this hook and would stop an interactive start on its Settings Error dialog for the file; update Claude Code (`npm install -g @anthropic-ai/claude-code@latest`), or add --force to write it anyway",
        path.display()
    ))
}

/// Without the `claude-code` feature a binary has no Claude Code handler to hold.
#[cfg(not(feature = "claude-code"))]
pub(super) fn known_to_installed(_: &[Handler], _: &Path) -> Result<(), String> {
    Ok(())
}

/// A matcher group holding `handlers`.
fn group(matcher: Option<&str>, handlers: Vec<Value>) -> Value {
    let mut object = Map::new();
    if let Some(matcher) = matcher {
        object.insert(keys::MATCHER.into(), matcher.into());
    }
    object.insert(keys::HOOKS.into(), Value::Array(handlers));
    Value::Object(object)
}

/// The `hooks` object holding `wanted`: each event's groups in the order given.
fn hooks_object(wanted: &[Wanted]) -> Map<String, Value> {
    let mut hooks = Map::new();
    for entry in wanted {
        let groups = hooks
            .entry(entry.event.clone())
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(groups) = groups {
            groups.push(group(entry.matcher.as_deref(), vec![entry.handler.clone()]));
        }
    }
    hooks
}

/// A whole `settings.json` holding `wanted`, as Claude Code writes the file (two spaces).
pub(super) fn render(wanted: &[Wanted]) -> String {
    let mut settings = Map::new();
    settings.insert(keys::HOOKS.into(), Value::Object(hooks_object(wanted)));
    format!("{}\n", edit::pretty(&Value::Object(settings), "  "))
}

/// The matcher of `group`: `None` when it has none. A matcher that is not a string matches no
/// wanted one.
fn matcher_of(group: &Value) -> Option<Option<&str>> {
    match group.get(keys::MATCHER) {
        None => Some(None),
        Some(Value::String(matcher)) => Some(Some(matcher)),
        Some(_) => None,
    }
}

/// The handler list of a group, when it is an object with one.
fn handler_nodes(group: &Node) -> Option<(&Node, &[Node])> {
    let Kind::Object(members) = &group.kind else {
        return None;
    };
    let list = &members.iter().find(|m| m.key == keys::HOOKS)?.value;
    match &list.kind {
        Kind::Array(items) => Some((list, items)),
        _ => None,
    }
}

/// The settings `text` with this binary's handlers made exactly `wanted` (none for
/// `uninstall`), everything else kept byte for byte. Handlers that already run the binary keep
/// their command and other keys and get the handler's; extra copies go; groups and events that
/// held only the binary's handlers go, and so does a `hooks` object left empty by that. Returns
/// the new text and how many handlers were removed.
pub(super) fn edit_settings(
    text: &str,
    shown: &Path,
    wanted: &[Wanted],
    own: &Own,
) -> Result<(String, usize), String> {
    let left = |why: String| format!("{}: {why}; it was left as it is", shown.display());
    strict_value(text).map_err(|e| {
        format!(
            "{} is not valid JSON ({e}), so Claude Code does not read it either (it takes no comments); it was left as it is",
            shown.display()
        )
    })?;
    let (document, before) = Document::parse(text).map_err(|e| left(e.to_string()))?;
    let not_settings = || {
        format!(
            "{} is not a settings object with a `hooks` object; it was left as it is",
            shown.display()
        )
    };
    let Kind::Object(top) = &document.root.kind else {
        return Err(not_settings());
    };
    edit::key_twice(top).map_err(|key| left(format!("`{key}` is there twice")))?;
    let mut edits = Edits::default();
    let mut new_top = Vec::new();
    let mut removed_top = Vec::new();
    let mut removed = 0;
    match top.iter().position(|member| member.key == keys::HOOKS) {
        None if wanted.is_empty() => {}
        None => new_top.push(Item::Member(
            keys::HOOKS.into(),
            Value::Object(hooks_object(wanted)),
        )),
        Some(at) => {
            let hooks = &top[at].value;
            let Kind::Object(events) = &hooks.kind else {
                if wanted.is_empty() {
                    // Nothing of the binary's can be in it.
                    return Ok((text.to_owned(), 0));
                }
                return Err(not_settings());
            };
            edit::key_twice(events)
                .map_err(|event| left(format!("`hooks` has `{event}` twice")))?;
            if let Some((pointer, key)) = edit::repeated_key(hooks, "/hooks") {
                return Err(left(format!(
                    "`{key}` is there twice in {pointer} (JSON readers keep only the last one; merge the two)"
                )));
            }
            let mut emptied = Vec::new();
            for (index, event) in events.iter().enumerate() {
                let ours: Vec<&Wanted> = wanted.iter().filter(|w| w.event == event.key).collect();
                let Kind::Array(groups) = &event.value.kind else {
                    if !ours.is_empty() {
                        return Err(left(format!("`{}` is not a list", event.key)));
                    }
                    continue;
                };
                let change = edit_event(&document, &mut edits, &event.value, groups, &ours, own);
                removed += change.removed;
                if change.emptied {
                    emptied.push(index);
                }
            }
            let new_events: Vec<Item> = hooks_object(wanted)
                .into_iter()
                .filter(|(event, _)| !events.iter().any(|member| member.key == *event))
                .map(|(event, groups)| Item::Member(event, groups))
                .collect();
            if !events.is_empty() && emptied.len() == events.len() && new_events.is_empty() {
                // Emptied by this edit: the key goes too, so install and uninstall give the
                // file back.
                removed_top.push(at);
            } else {
                document.edit_list(&mut edits, hooks, &emptied, &new_events);
            }
        }
    }
    document.edit_list(&mut edits, &document.root, &removed_top, &new_top);
    let after = document.apply(edits);
    check_edit(&before, &after, wanted, own).map_err(|why| {
        left(format!(
            "the text edit went wrong ({why}), a bug: please report the file's layout"
        ))
    })?;
    Ok((after, removed))
}

/// What [`edit_event`] did to one event.
struct EventChange {
    /// Handlers of the binary removed.
    removed: usize,
    /// Whether the event held only the binary's handlers and now none: its key is to go.
    emptied: bool,
}

/// Makes the binary's handlers of one event's `groups` exactly `ours`.
fn edit_event(
    document: &Document,
    edits: &mut Edits,
    list: &Node,
    groups: &[Node],
    ours: &[&Wanted],
    own: &Own,
) -> EventChange {
    let values: Vec<Value> = groups.iter().map(|g| document.value(g)).collect();
    // Per group: handlers to remove, handlers to append.
    let mut removals: Vec<Vec<usize>> = vec![Vec::new(); groups.len()];
    let mut appends: Vec<Vec<Item>> = (0..groups.len()).map(|_| Vec::new()).collect();
    let mut kept: Vec<(usize, usize)> = Vec::new();
    let mut removed = 0;
    // The binary's handlers: the first one in a group of a wanted matcher is updated, the others
    // removed.
    for (g, group) in groups.iter().enumerate() {
        let Some((_, handlers)) = handler_nodes(group) else {
            continue;
        };
        for (h, handler) in handlers.iter().enumerate() {
            if !own.is_own(&document.value(handler)) {
                continue;
            }
            let wanted_here = ours.iter().position(|w| {
                matcher_of(&values[g]) == Some(w.matcher.as_deref())
                    && !kept.iter().any(|&(_, k)| ours[k].matcher == w.matcher)
            });
            match wanted_here {
                Some(w) => {
                    document.update_members(edits, handler, &ours[w].handler, &MANAGED_KEYS);
                    kept.push((g, w));
                }
                None => {
                    removals[g].push(h);
                    removed += 1;
                }
            }
        }
    }
    // Handlers not there yet: into the first group of their matcher, or a new group.
    let mut new_groups = Vec::new();
    for (w, wanted) in ours.iter().enumerate() {
        if kept.iter().any(|&(_, k)| k == w) {
            continue;
        }
        let same_matcher = (0..groups.len()).find(|&g| {
            handler_nodes(&groups[g]).is_some()
                && matcher_of(&values[g]) == Some(wanted.matcher.as_deref())
        });
        match same_matcher {
            Some(g) => appends[g].push(Item::Value(wanted.handler.clone())),
            None => new_groups.push(Item::Value(group(
                wanted.matcher.as_deref(),
                vec![wanted.handler.clone()],
            ))),
        }
    }
    let mut emptied_groups = Vec::new();
    for (g, group) in groups.iter().enumerate() {
        let Some((handler_list, handlers)) = handler_nodes(group) else {
            continue;
        };
        let all_removed = !handlers.is_empty() && removals[g].len() == handlers.len();
        if all_removed && appends[g].is_empty() {
            emptied_groups.push(g);
        } else if !removals[g].is_empty() || !appends[g].is_empty() {
            document.edit_list(edits, handler_list, &removals[g], &appends[g]);
        }
    }
    let emptied =
        !groups.is_empty() && emptied_groups.len() == groups.len() && new_groups.is_empty();
    if !emptied {
        document.edit_list(edits, list, &emptied_groups, &new_groups);
    }
    EventChange { removed, emptied }
}

/// The value of a settings text, read as strictly as Claude Code reads it.
fn strict_value(text: &str) -> Result<Value, serde_json::Error> {
    edit::read_value(text.as_bytes())
}

/// One event's groups as the edit must leave them: the binary's handlers taken out, and the
/// groups that held only those left out. A missing event is an empty list.
fn foreign_view(list: Option<&Value>, own: &Own) -> Option<Vec<Value>> {
    let Some(list) = list else {
        return Some(Vec::new());
    };
    let groups = list.as_array()?;
    let mut view = Vec::new();
    for group in groups {
        let Some(handlers) = group.get(keys::HOOKS).and_then(Value::as_array) else {
            view.push(group.clone());
            continue;
        };
        let foreign: Vec<Value> = own.foreign(handlers).into_iter().cloned().collect();
        if !handlers.is_empty() && foreign.is_empty() {
            continue;
        }
        let mut group = group.clone();
        group[keys::HOOKS] = Value::Array(foreign);
        view.push(group);
    }
    Some(view)
}

/// Checks the edited text against what the edit promises, so that a layout the text editing
/// did not foresee can never cost a setting or a handler: every key but `hooks` as before, each
/// event's other groups and handlers the same and in the same order, and the binary's own
/// handlers exactly `wanted`, each in a group of its matcher.
fn check_edit(before: &Value, after: &str, wanted: &[Wanted], own: &Own) -> Result<(), String> {
    let after =
        strict_value(after).map_err(|e| format!("the edit would not be valid JSON ({e})"))?;
    let (Some(before), Some(after)) = (before.as_object(), after.as_object()) else {
        return Err("the edit would not be an object".to_owned());
    };
    for key in before.keys().chain(after.keys()) {
        if key != keys::HOOKS && before.get(key) != after.get(key) {
            return Err(format!("the edit would change `{key}`"));
        }
    }
    let empty = Map::new();
    let hooks = |settings: &Map<String, Value>| -> Result<Map<String, Value>, String> {
        match settings.get(keys::HOOKS) {
            None => Ok(empty.clone()),
            Some(Value::Object(hooks)) => Ok(hooks.clone()),
            Some(_) => Err("`hooks` is not an object".to_owned()),
        }
    };
    let (old_hooks, new_hooks) = match (hooks(before), hooks(after)) {
        (Ok(old), Ok(new)) => (old, new),
        _ if before.get(keys::HOOKS) == after.get(keys::HOOKS) && wanted.is_empty() => {
            return Ok(())
        }
        _ => return Err("the edit would change `hooks` wrongly".to_owned()),
    };
    let events = old_hooks
        .keys()
        .chain(new_hooks.keys())
        .chain(wanted.iter().map(|w| &w.event));
    for event in events {
        let changed = || Err(format!("the edit would change `{event}` wrongly"));
        let (old, new) = (old_hooks.get(event), new_hooks.get(event));
        let (Some(old_view), Some(new_view)) = (foreign_view(old, own), foreign_view(new, own))
        else {
            if old != new || wanted.iter().any(|w| w.event == *event) {
                return changed();
            }
            continue;
        };
        if old_view != new_view {
            return changed();
        }
        // The binary's handlers, with their group's matcher.
        let mine: Vec<(Option<&str>, &Value)> = new
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .flat_map(|group| {
                let matcher = matcher_of(group).flatten();
                group
                    .get(keys::HOOKS)
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter(|handler| own.is_own(handler))
                    .map(move |handler| (matcher, handler))
            })
            .collect();
        let ours: Vec<&Wanted> = wanted.iter().filter(|w| w.event == *event).collect();
        let right = mine.len() == ours.len()
            && ours.iter().all(|w| {
                mine.iter().any(|(matcher, handler)| {
                    *matcher == w.matcher.as_deref()
                        && MANAGED_KEYS
                            .iter()
                            .all(|key| handler.get(key) == w.handler.get(key))
                })
            });
        if !right {
            return changed();
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::path::PathBuf;

    const COMMAND: &str = "/abs/bin/guard";

    /// Runs `edit_settings` as `install` (or, with no handlers, `uninstall`) of a binary at
    /// `/abs/bin/guard`, and checks that the result is strict JSON.
    fn edit(text: &str, handlers: &[Handler]) -> Result<(String, usize), String> {
        let binary = PathBuf::from(COMMAND);
        let own = Own {
            format: &crate::subcommands::CURSOR_FORMAT,
            cwd: Path::new("/abs"),
            binary: &binary,
        };
        let result = edit_settings(
            text,
            Path::new("settings.json"),
            &wanted(handlers, &[], COMMAND),
            &own,
        )?;
        strict_value(&result.0).unwrap_or_else(|e| panic!("{e}:\n{}", result.0));
        Ok(result)
    }

    fn install(text: &str, handlers: &[Handler]) -> String {
        edit(text, handlers).unwrap().0
    }

    fn uninstall(text: &str) -> String {
        edit(text, &[]).unwrap().0
    }

    const BASH: Handler = Handler {
        host: crate::Host::ClaudeCode,
        event: "PreToolUse",
        matcher: Some("Bash"),
        timeout: Some(5),
        fail_closed: true,
    };
    const STOP: Handler = Handler {
        host: crate::Host::ClaudeCode,
        event: "Stop",
        matcher: None,
        timeout: None,
        fail_closed: false,
    };

    fn ours(handler: &Handler) -> Value {
        wanted(&[*handler], &[], COMMAND).remove(0).handler
    }

    #[test]
    fn on_failure_is_written_only_where_a_block_has_an_effect() {
        assert_eq!(ours(&BASH)["onFailure"], "block");
        // No hook blocks anything on SessionStart, and Claude Code ignores `onFailure` on Stop
        // (spec/claude-code/host.json `fail_closed`).
        for event in ["SessionStart", "Stop"] {
            let handler = Handler {
                host: crate::Host::ClaudeCode,
                event,
                matcher: None,
                timeout: None,
                fail_closed: true,
            };
            assert_eq!(ours(&handler).get("onFailure"), None, "{event}");
        }
    }

    #[test]
    fn a_codex_handler_is_wired_to_codex_and_has_no_on_failure() {
        // Codex has no `onFailure` (spec/codex/host.json `fail_closed`): the key would only
        // change the trust hash.
        let codex = ours(&Handler {
            host: crate::Host::Codex,
            ..BASH
        });
        assert_eq!(codex.get("onFailure"), None);
        assert_eq!(codex.get("shell"), None);
        let command = codex["command"].as_str().unwrap();
        assert!(
            command.ends_with(" --host codex --event PreToolUse"),
            "{command}"
        );
    }

    #[test]
    fn rendered_in_claude_s_nested_form() {
        let text = render(&wanted(&[BASH, STOP], &[], COMMAND));
        let value: Value = serde_json::from_str(&text).unwrap();
        // Each command is wired to its handler: no payload picks another.
        let bash_command = format!("{COMMAND} --host claude-code --event PreToolUse");
        let stop_command = format!("{COMMAND} --host claude-code --event Stop");
        let mut bash = json!({ "type": "command", "command": bash_command, "timeout": 5, "onFailure": "block" });
        let mut stop = json!({ "type": "command", "command": stop_command });
        if cfg!(windows) {
            bash["shell"] = "powershell".into();
            stop["shell"] = "powershell".into();
        }
        assert_eq!(
            value,
            json!({ "hooks": {
                "PreToolUse": [{ "matcher": "Bash", "hooks": [bash] }],
                "Stop": [{ "hooks": [stop] }]
            }})
        );
        // Written as people read it: the matcher before its handlers, `type` first.
        assert!(
            text.find("\"matcher\"").unwrap() < text.rfind("\"hooks\"").unwrap(),
            "{text}"
        );
        assert!(
            text.find("\"type\"").unwrap() < text.find("\"command\": \"").unwrap(),
            "{text}"
        );
    }

    const FOREIGN: &str = r#"{
  "model": "opus",
  "permissions": {
    "allow": ["Bash(git status)"]
  },
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          {
            "type": "command",
            "command": "\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/audit.sh"
          }
        ]
      },
      {
        "matcher": "Edit|Write",
        "hooks": [{ "type": "command", "command": "prettier --write" }]
      }
    ]
  }
}
"#;

    #[test]
    fn joins_the_group_of_its_matcher_and_gives_the_text_back() {
        let installed = install(FOREIGN, &[BASH, STOP]);
        let value: Value = serde_json::from_str(&installed).unwrap();
        let groups = value["hooks"]["PreToolUse"].as_array().unwrap();
        assert_eq!(groups.len(), 2, "{installed}");
        assert_eq!(groups[0]["hooks"][1], ours(&BASH), "{installed}");
        assert_eq!(value["hooks"]["Stop"], json!([{ "hooks": [ours(&STOP)] }]));
        assert_eq!(value["model"], "opus");
        // The user's text is all still there.
        assert!(installed.starts_with(&FOREIGN[..FOREIGN.find("            \"type\"").unwrap()]));
        assert_eq!(install(&installed, &[BASH, STOP]), installed, "idempotent");
        assert_eq!(uninstall(&installed), FOREIGN);
        assert_eq!(edit(&installed, &[]).unwrap().1, 2);
    }

    #[test]
    fn a_group_of_another_matcher_is_left_alone() {
        let read = Handler {
            matcher: Some("Read"),
            ..BASH
        };
        let installed = install(FOREIGN, &[read]);
        let value: Value = serde_json::from_str(&installed).unwrap();
        let groups = value["hooks"]["PreToolUse"].as_array().unwrap();
        assert_eq!(groups.len(), 3, "{installed}");
        assert_eq!(
            groups[2],
            json!({ "matcher": "Read", "hooks": [ours(&read)] })
        );
        assert_eq!(uninstall(&installed), FOREIGN);
    }

    #[test]
    fn into_an_object_without_hooks_and_back() {
        for text in [
            "{\"model\": \"opus\"}",
            "{\n  \"model\": \"opus\"\n}\n",
            "{\n\t\"a\": [1]\n}",
        ] {
            let installed = install(text, &[BASH]);
            let value: Value = serde_json::from_str(&installed).unwrap();
            assert_eq!(value["hooks"]["PreToolUse"][0]["hooks"][0], ours(&BASH));
            assert_eq!(uninstall(&installed), text, "{installed}");
        }
    }

    /// A plugin's hooks/hooks.json may name an in-process hooks module in `modules` (Claude
    /// Code 2.1.287; spec/claude-code/host.json `loading` `plugin-modules`): installing into
    /// such a file and out again keeps it, byte for byte.
    #[test]
    fn a_hooks_module_is_kept() {
        for text in [
            "{\"modules\": [\"./register.ts\"]}",
            "{\n  \"description\": \"p\",\n  \"modules\": [\"./register.ts\"],\n  \"hooks\": {}\n}\n",
        ] {
            let installed = install(text, &[BASH]);
            let value: Value = serde_json::from_str(&installed).unwrap();
            assert_eq!(value["modules"], json!(["./register.ts"]), "{installed}");
            assert_eq!(value["hooks"]["PreToolUse"][0]["hooks"][0], ours(&BASH));
            let removed = uninstall(&installed);
            let value: Value = serde_json::from_str(&removed).unwrap();
            assert_eq!(value["modules"], json!(["./register.ts"]), "{removed}");
        }
    }

    #[test]
    fn a_changed_handler_is_updated_in_place_and_moved_when_its_matcher_changed() {
        let installed = install(FOREIGN, &[BASH]);
        let slower = Handler {
            timeout: Some(30),
            ..BASH
        };
        let updated = install(&installed, &[slower]);
        assert_eq!(
            updated,
            installed.replace("\"timeout\": 5", "\"timeout\": 30")
        );
        let read = Handler {
            matcher: Some("Read"),
            ..BASH
        };
        let moved = install(&installed, &[read]);
        let value: Value = serde_json::from_str(&moved).unwrap();
        assert_eq!(
            value["hooks"]["PreToolUse"][0]["hooks"]
                .as_array()
                .unwrap()
                .len(),
            1
        );
        assert_eq!(value["hooks"]["PreToolUse"][2]["matcher"], "Read");
        assert_eq!(uninstall(&moved), FOREIGN);
    }

    #[test]
    fn a_wrapped_command_is_kept_and_copies_are_removed() {
        let text = format!(
            r#"{{"hooks": {{"PreToolUse": [{{"matcher": "Bash", "hooks": [{{"type": "command", "command": "CURSOR_HOOKS_CAPTURE=/tmp/c {COMMAND}"}}, {{"type": "command", "command": "{COMMAND}"}}]}}]}}}}"#
        );
        let (installed, removed) = edit(&text, &[BASH]).unwrap();
        assert_eq!(removed, 1);
        let value: Value = serde_json::from_str(&installed).unwrap();
        let handlers = value["hooks"]["PreToolUse"][0]["hooks"].as_array().unwrap();
        assert_eq!(handlers.len(), 1, "{installed}");
        assert_eq!(
            handlers[0]["command"],
            format!("CURSOR_HOOKS_CAPTURE=/tmp/c {COMMAND}")
        );
        assert_eq!(handlers[0]["timeout"], 5);
    }

    #[test]
    fn what_claude_code_cannot_read_is_refused() {
        for text in [
            "{\n  // mine\n  \"model\": \"opus\"\n}",
            "{\"model\": \"opus\",}",
            "[]",
            "{\"hooks\": []}",
            "{\"hooks\": {\"PreToolUse\": {}}}",
            "{\"hooks\": {}, \"hooks\": {}}",
        ] {
            let error = edit(text, &[BASH]).unwrap_err();
            assert!(error.contains("left as it is"), "{text}: {error}");
        }
    }

    #[test]
    fn uninstall_of_a_file_without_the_binary_changes_nothing() {
        for text in [
            FOREIGN,
            "{}",
            "{\"hooks\": {}}",
            "{\"hooks\": {\"Stop\": []}}",
            "{\"hooks\": 3}",
        ] {
            assert_eq!(edit(text, &[]).unwrap(), (text.to_owned(), 0));
        }
    }
}
