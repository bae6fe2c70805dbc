//! What `cursor-hooks package` writes, loaded by Cursor's own plugin loader (`@cursor/sdk`,
//! pinned in tests/cursor-sdk/, through tests/cursor-sdk/plugin.mjs, offline under
//! `unshare -n`): the manifest lookup, the manifest's `hooks` path, per-file format detection and
//! the Claude-format translation.
//!
//! Both layouts considered are loaded:
//! - the one `package` writes (a Cursor-format file that `.cursor-plugin/plugin.json` points at,
//!   beside Claude Code's `hooks/hooks.json`): Cursor yields exactly the Cursor handlers'
//!   entries, every option kept, and runs the real `shell-guard`, with and without the launcher;
//! - one Claude-format file for both editors (the same folder without `.cursor-plugin/`, so
//!   Cursor falls back to `.claude-plugin/plugin.json` and translates `hooks/hooks.json`): the
//!   Cursor handlers are gone, `PreSkillShellCommand` is dropped, and the fail-closed guard
//!   comes back fail-open. That is why `package` writes one file per editor.
#![cfg(target_os = "linux")]

mod common;

use common::{fake_hook_binary, Scratch};
use serde_json::{json, Value};
use std::path::Path;

/// Cursor's plugin loader on `plugins`, and its executor on `fire` when given.
fn cursor_loads(plugins: &[&Path], fire: Option<Value>) -> Value {
    let request = json!({ "plugins": plugins, "fire": fire });
    serde_json::from_str(&common::cursor_sdk("plugin.mjs", Some(&request)))
        .expect("one JSON document")
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("file")).expect("JSON")
}

/// `text` with Cursor's substitution of the plugin root: raw, unquoted.
fn rooted(value: &Value, root: &Path) -> Value {
    let text = value
        .to_string()
        .replace("${CURSOR_PLUGIN_ROOT}", root.to_str().expect("UTF-8"));
    serde_json::from_str(&text).expect("JSON")
}

fn package(s: &Scratch, out: &Path, binaries: &[&Path]) {
    let mut args = vec!["package", "--out", out.to_str().unwrap()];
    args.extend(binaries.iter().map(|b| b.to_str().unwrap()));
    let run = s.cli(&args, None);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
}

#[test]
fn cursor_loads_exactly_the_cursor_handlers_and_a_claude_format_file_would_lose_guards() {
    common::cursor_sdk_ready();
    let s = Scratch::new("package-cursor-sdk");
    let record = json!([
        {"event": "beforeShellExecution", "handler": "guard", "timeout": 5, "failClosed": true},
        {"event": "stop", "handler": "verify", "loop_limit": 3},
        {"event": "preToolUse", "handler": "tools", "matcher": "Shell|Write"},
        {"event": "PreToolUse", "handler": "bash", "matcher": "Bash", "timeout": 7, "failClosed": true, "host": "claude-code"},
        {"event": "PreSkillShellCommand", "handler": "skill", "host": "claude-code"}
    ]);
    let binary = fake_hook_binary(&s.root.join("guard"), "linux-x86_64", &record);
    let chosen = s.root.join("chosen");
    package(&s, &chosen, &[&binary]);
    // The other layout: one Claude-format file for both editors.
    let single = s.root.join("single");
    package(&s, &single, &[&binary]);
    std::fs::remove_dir_all(single.join(".cursor-plugin")).unwrap();

    let loaded = cursor_loads(&[&chosen, &single], None);
    assert_eq!(loaded["errors"], json!([]), "{loaded:#}");
    let [chosen_loaded, single_loaded] = [&loaded["plugins"][0], &loaded["plugins"][1]];

    // The layout package writes: the Cursor file, as written, the root substituted.
    assert_eq!(
        chosen_loaded["hooksSourcePath"],
        json!(chosen.join("hooks/hooks-cursor.json"))
    );
    let written = read_json(&chosen.join("hooks/hooks-cursor.json"));
    assert_eq!(
        chosen_loaded["config"],
        rooted(&written, &chosen),
        "{loaded:#}"
    );
    assert_eq!(chosen_loaded["logs"], json!([]));

    // One Claude-format file: Cursor translates it and keeps only what maps.
    assert_eq!(
        single_loaded["hooksSourcePath"],
        json!(single.join("hooks/hooks.json"))
    );
    let command = format!(
        "\"{}/bin/guard\" --host claude-code --event PreToolUse",
        single.display()
    );
    assert_eq!(
        single_loaded["config"],
        json!({"version": 1, "hooks": {"preToolUse": [{
            "type": "command",
            "command": command,
            "matcher": "Shell",
            "timeout": 7,
            // onFailure "block" did not survive: the guard fails open under Cursor.
            "failClosed": false,
            "loop_limit": null
        }]}}),
        "{loaded:#}"
    );
}

#[test]
fn a_plugin_without_cursor_handlers_gives_cursor_none() {
    common::cursor_sdk_ready();
    let s = Scratch::new("package-cursor-sdk-claude-only");
    let record = json!([{"event": "PreToolUse", "handler": "bash", "matcher": "Bash", "host": "claude-code"}]);
    let binary = fake_hook_binary(&s.root.join("guard"), "linux-x86_64", &record);
    let out = s.root.join("plugin");
    package(&s, &out, &[&binary]);
    let loaded = cursor_loads(&[&out], None);
    assert_eq!(loaded["errors"], json!([]), "{loaded:#}");
    // Not the Claude file translated: Cursor reads the (empty) Cursor file the manifest names
    // and loads no hook from the plugin.
    let plugin = &loaded["plugins"][0];
    assert!(
        plugin.get("config").is_none() && plugin.get("error").is_none(),
        "{loaded:#}"
    );
}

/// Cursor's own executor (`$SHELL -lc`) runs the real `shell-guard` from both layouts: given
/// alone, `bin/shell-guard` is the binary itself; given with a second platform, the launcher.
#[test]
fn cursors_executor_runs_shell_guard_with_and_without_the_launcher_and_denies_rm_rf() {
    common::cursor_sdk_ready();
    let s = Scratch::new("package-cursor-sdk-fire");
    let binary = common::example_binary("shell-guard");
    let one = s.root.join("one");
    package(&s, &one, &[&binary]);
    let other = common::other_processor_copy(&binary, &s.root.join("other/shell-guard"));
    let two = s.root.join("two");
    package(&s, &two, &[&binary, &other]);
    let launcher = std::fs::read(two.join("bin/shell-guard")).unwrap();
    assert!(launcher.starts_with(b"#!/bin/sh\n"));
    assert_eq!(
        std::fs::read(one.join("bin/shell-guard")).unwrap(),
        std::fs::read(&binary).unwrap()
    );
    let payload: Value =
        read_json(&common::workspace_root().join("tests/fixtures/before-shell-rm-rf.json"));
    for out in [&one, &two] {
        let loaded = cursor_loads(
            &[out],
            Some(json!({"event": "beforeShellExecution", "payload": payload})),
        );
        let fired = &loaded["fired"];
        assert_eq!(
            fired["hooks"].as_array().map(Vec::len),
            Some(1),
            "{loaded:#}"
        );
        let hook = &fired["hooks"][0];
        assert_eq!(hook["exit"], 0, "{loaded:#}");
        assert_eq!(hook["env"]["CURSOR_PLUGIN_ROOT"], json!(out), "{loaded:#}");
        assert_eq!(fired["merged"]["permission"], "deny", "{loaded:#}");
        assert_eq!(
            fired["merged"]["user_message"],
            "rm -rf is blocked by the shell guard: delete the specific files or directories you mean, one path at a time, or ask the user to run it."
        );
    }
}

/// Cursor's own executor runs the unified shell guard (one `#[hook]` function for every host)
/// from its package: both of Cursor's entries, `beforeShellExecution` and `preToolUse` for
/// `Shell`, deny `rm -rf` with the reason the agent is told.
#[test]
fn cursors_executor_runs_the_unified_shell_guard_and_denies_rm_rf_on_both_entries() {
    common::cursor_sdk_ready();
    let s = Scratch::new("package-cursor-sdk-unified");
    let binary = common::example_binary("unified-shell-guard");
    let out = s.root.join("plugin");
    package(&s, &out, &[&binary]);
    let shell: Value =
        read_json(&common::workspace_root().join("tests/fixtures/before-shell-rm-rf.json"));
    let mut tool: Value =
        read_json(&common::workspace_root().join("tests/fixtures/pre-tool-shell-force-push.json"));
    tool["tool_input"]["command"] = json!("rm -rf /");
    for (event, payload) in [("beforeShellExecution", shell), ("preToolUse", tool)] {
        let loaded = cursor_loads(&[&out], Some(json!({"event": event, "payload": payload})));
        let fired = &loaded["fired"];
        assert_eq!(
            fired["hooks"].as_array().map(Vec::len),
            Some(1),
            "{event}: {loaded:#}"
        );
        assert_eq!(fired["hooks"][0]["exit"], 0, "{event}: {loaded:#}");
        assert_eq!(fired["merged"]["permission"], "deny", "{event}: {loaded:#}");
        assert_eq!(
            fired["merged"]["user_message"],
            "rm -rf is blocked by the shell guard: delete the specific files or directories you mean, one path at a time, or ask the user to run it.",
            "{event}"
        );
    }
}
