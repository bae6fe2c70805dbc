//! Plugin folders as the editors load them. Cursor's side is checked against Cursor's own plugin
//! loader (`tests/cursor-sdk`, `@cursor/sdk`'s cursor-plugins, run offline): for every folder
//! of a generated set (manifest × its `hooks` × the hooks file's format), `doctor --plugin-dir`
//! must load the same file and the same number of hooks, or refuse it as the loader does.
//! Claude Code's side and `simulate --plugin-dir` are checked on fixed folders.
#![cfg(unix)]

mod common;

use common::{cursor_oracle, with, Scratch};
use serde_json::{json, Value};
use std::path::Path;

/// Where the plugin's manifest is.
const MANIFESTS: [&str; 14] = [
    "none",
    ".cursor-plugin/plugin.json",
    ".claude-plugin/plugin.json",
    "plugin.json",
    // A Cursor manifest Cursor's check refuses (its name is not kebab-case), beside a Claude
    // Code one it takes.
    "bad-name+.claude-plugin/plugin.json",
    // Manifests a key of which Cursor's manifest schema refuses (then Cursor passes over the
    // manifest and reads `hooks/hooks.json`), and one it takes.
    "schema:version-number",
    "schema:author-string",
    "schema:name-capitals",
    "schema:homepage-not-url",
    "schema:author-object",
    ".claude-plugin/plugin.json=schema:name-capitals",
    ".claude-plugin/plugin.json=schema:version-number",
    "plugin.json=schema:name-capitals",
    "plugin.json=schema:author-string",
];

/// The manifest's `hooks`.
const HOOKS_FIELDS: [&str; 7] = [
    "absent",
    "./hooks/other.json",
    "custom",
    "inline",
    "./missing.json",
    "../escape.json",
    "plain-name-only",
];

/// The hooks file's format.
const FORMATS: [&str; 6] = [
    "cursor",
    "cursor-no-version",
    "claude",
    "comment",
    "empty",
    "claude-unmapped",
];

/// The hooks a file of `format` holds: `(value, text)`.
fn hooks_value(format: &str) -> (Value, String) {
    let value = match format {
        "cursor" => json!({"version": 1, "hooks": {
            "beforeShellExecution": [{"command": "\"${CURSOR_PLUGIN_ROOT}\"/guard.sh", "timeout": 5}],
            "stop": [{"command": "./stop.sh", "loop_limit": 3}]
        }}),
        "cursor-no-version" => json!({"hooks": {
            "beforeShellExecution": [{"command": "./guard.sh"}]
        }}),
        "claude" => json!({"hooks": {
            "PreToolUse": [{"matcher": "Bash|Glob", "hooks": [{"type": "command", "command": "\"${CLAUDE_PLUGIN_ROOT}\"/guard.sh", "timeout": 5}]}],
            "Stop": [{"hooks": [{"type": "command", "command": "./stop.sh"}]}],
            "Notification": [{"hooks": [{"type": "command", "command": "./notify.sh"}]}]
        }}),
        "claude-unmapped" => json!({"hooks": {
            "Notification": [{"hooks": [{"type": "command", "command": "./notify.sh"}]}]
        }}),
        "empty" => json!({"version": 1, "hooks": {}}),
        // Written as text below.
        _ => Value::Null,
    };
    let text = match format {
        "comment" => "{\n  // a comment\n  \"version\": 1,\n  \"hooks\": {\"stop\": [{\"command\": \"./stop.sh\"}]}\n}\n".to_owned(),
        _ => serde_json::to_string_pretty(&value).expect("JSON"),
    };
    (value, text)
}

/// Writes one generated plugin under `dir`.
fn write_plugin(dir: &Path, manifest: &str, hooks_field: &str, format: &str) {
    std::fs::create_dir_all(dir.join("hooks")).expect("plugin dir");
    let (value, text) = hooks_value(format);
    let hooks_entry: Option<Value> = match hooks_field {
        "absent" | "plain-name-only" => None,
        "inline" if format == "comment" => Some(json!({"version": 1, "hooks": {}})),
        "inline" => Some(value),
        named => Some(json!(named)),
    };
    let file = match hooks_field {
        "./hooks/other.json" => Some(dir.join("hooks/other.json")),
        "custom" => Some(dir.join("custom/hooks.json")),
        "absent" | "plain-name-only" | "inline" | "./missing.json" | "../escape.json" => {
            Some(dir.join("hooks/hooks.json"))
        }
        _ => None,
    };
    if let Some(file) = file {
        std::fs::create_dir_all(file.parent().expect("a parent")).expect("dirs");
        std::fs::write(file, &text).expect("hooks file");
    }
    let mut body = json!({"name": "gen-plugin", "description": "generated"});
    if hooks_field == "plain-name-only" {
        body = json!({"name": "gen-plugin"});
    }
    if let Some(entry) = hooks_entry {
        body["hooks"] = entry;
    }
    let write_manifest = |relative: &str, body: &Value| {
        let path = dir.join(relative);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("dirs");
        std::fs::write(path, body.to_string()).expect("manifest");
    };
    match manifest {
        "none" => {}
        "bad-name+.claude-plugin/plugin.json" => {
            let mut bad = body.clone();
            bad["name"] = json!("Bad_Name");
            bad["hooks"] = json!("./missing.json");
            write_manifest(".cursor-plugin/plugin.json", &bad);
            write_manifest(".claude-plugin/plugin.json", &body);
        }
        schema if schema.contains("schema:") => {
            let (at, schema) = schema
                .split_once('=')
                .unwrap_or((".cursor-plugin/plugin.json", schema));
            let mut body = body.clone();
            match &schema["schema:".len()..] {
                "version-number" => body["version"] = json!(1),
                "author-string" => body["author"] = json!("Ada"),
                "name-capitals" => body["name"] = json!("Gen-Plugin"),
                "homepage-not-url" => body["homepage"] = json!("example"),
                _ => body["author"] = json!({"name": "Ada"}),
            }
            write_manifest(at, &body);
        }
        relative => write_manifest(relative, &body),
    }
}

/// What a loader made of a plugin: the file its hooks came from and how many, or a refusal.
#[derive(Debug, PartialEq)]
enum Loaded {
    Hooks(String, usize),
    Refused,
    Nothing,
}

/// Cursor's loader's verdict on one plugin (`plugins[0]` of an oracle result).
fn sdk_verdict(result: &Value) -> Loaded {
    let plugin = &result["plugins"][0];
    if plugin.get("error").is_some() {
        return Loaded::Refused;
    }
    let Some(config) = plugin.get("config") else {
        return Loaded::Nothing;
    };
    let count = config["hooks"]
        .as_object()
        .expect("hooks")
        .values()
        .map(|list| list.as_array().map_or(0, Vec::len))
        .sum();
    if count == 0 {
        return Loaded::Nothing;
    }
    Loaded::Hooks(
        plugin["hooksSourcePath"]
            .as_str()
            .expect("hooksSourcePath")
            .to_owned(),
        count,
    )
}

/// doctor's verdict on the plugin: its `plugin` file in the report.
fn doctor_verdict(report: &Value) -> Loaded {
    let files: Vec<&Value> = report["files"]
        .as_array()
        .expect("files")
        .iter()
        .filter(|f| f["source"] == "plugin")
        .collect();
    match files.as_slice() {
        [] => Loaded::Nothing,
        [file] if file["loaded"] == false => {
            let voided_by_parse =
                report["findings"]
                    .as_array()
                    .expect("findings")
                    .iter()
                    .any(|f| {
                        f["file"] == file["path"]
                            && f["severity"] == "error"
                            && f["message"].as_str().is_some_and(|m| {
                                m.contains("not valid JSON") || m.contains("version")
                            })
                    });
            if voided_by_parse {
                Loaded::Refused
            } else {
                Loaded::Nothing
            }
        }
        [file] if file["hooks"] == 0 => Loaded::Nothing,
        [file] => Loaded::Hooks(
            file["path"].as_str().expect("path").to_owned(),
            usize::try_from(file["hooks"].as_u64().expect("hooks")).expect("small"),
        ),
        more => panic!("more than one plugin file: {more:?}"),
    }
}

#[test]
fn doctor_loads_what_cursor_s_plugin_loader_loads() {
    common::cursor_sdk_ready();
    let scratch = Scratch::new("plugin-loading");
    let mut cases = Vec::new();
    let mut dirs = Vec::new();
    for manifest in MANIFESTS {
        for hooks_field in HOOKS_FIELDS {
            for format in FORMATS {
                let dir = scratch.root.join(format!("plugins/p{}", dirs.len()));
                write_plugin(&dir, manifest, hooks_field, format);
                cases.push(json!({"id": dirs.len(), "project": scratch.project(),
                                  "home": scratch.home(), "plugins": [dir]}));
                dirs.push((dir, format!("{manifest} × {hooks_field} × {format}")));
            }
        }
    }
    let results = cursor_oracle(cases);
    assert_eq!(results.len(), dirs.len());
    let mut disagreements = Vec::new();
    let (mut loaded, mut refused) = (0, 0);
    for ((dir, name), result) in dirs.iter().zip(&results) {
        let (_, report) = scratch.doctor_report(&["--plugin-dir", dir.to_str().expect("UTF-8")]);
        let (cursor, ours) = (sdk_verdict(result), doctor_verdict(&report));
        match &cursor {
            Loaded::Hooks(..) => loaded += 1,
            Loaded::Refused => refused += 1,
            Loaded::Nothing => {}
        }
        if cursor != ours {
            disagreements.push(format!(
                "{name}: Cursor {cursor:?}, doctor {ours:?}\n  {}",
                result["plugins"][0]
            ));
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} of {} plugin folders disagree:\n{}",
        disagreements.len(),
        dirs.len(),
        disagreements.join("\n")
    );
    eprintln!("{loaded} loaded, {refused} refused of {}", dirs.len());
    // The set exercises every outcome.
    assert!(
        loaded > 20 && refused > 5,
        "{loaded} loaded, {refused} refused"
    );
}

#[test]
fn doctor_names_the_real_plugin_mistakes_for_each_editor() {
    let s = Scratch::new("plugin-mistakes");
    let plugin = s.root.join("plugin");
    // Cursor's manifest names a Claude Code-format file; Claude Code's reads hooks/hooks.json,
    // which is in Cursor's format; one command leaves the root variable unquoted; a manifest
    // path does not exist.
    s.write(
        "plugin/.cursor-plugin/plugin.json",
        &json!({"name": "p", "hooks": "./hooks/claude.json"}).to_string(),
    );
    s.write(
        "plugin/.claude-plugin/plugin.json",
        &json!({"name": "p", "hooks": "./hooks/gone.json"}).to_string(),
    );
    s.write(
        "plugin/hooks/claude.json",
        &hooks_value("claude").0.to_string(),
    );
    s.write(
        "plugin/hooks/hooks.json",
        &json!({"version": 1, "hooks": {"preToolUse": [{"command": "${CURSOR_PLUGIN_ROOT}/guard.sh"}]}})
            .to_string(),
    );
    let dir = plugin.to_str().expect("UTF-8");
    let (_, cursor) = s.doctor(&["--plugin-dir", dir]);
    let named = with(&cursor, "names this file, which is in Claude Code's format");
    assert_eq!(named.len(), 1, "{cursor:#?}");
    assert_eq!(named[0]["severity"], "warning");

    let (code, claude) = s.doctor(&["--plugin-dir", dir, "--host", "claude-code"]);
    assert_eq!(code, 1);
    let cursor_format = with(&claude, "is in Cursor's format");
    assert_eq!(cursor_format.len(), 1, "{claude:#?}");
    assert_eq!(cursor_format[0]["severity"], "error");
    let gone = with(&claude, "gone.json, which does not exist");
    assert_eq!(gone.len(), 1, "{claude:#?}");

    // Without the Cursor-format file in Claude Code's way, the unquoted variable is caught
    // for both editors.
    s.write(
        "plugin/hooks/hooks.json",
        &json!({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "${CLAUDE_PLUGIN_ROOT}/guard.sh"}]}]}})
            .to_string(),
    );
    let (_, claude) = s.doctor(&["--plugin-dir", dir, "--host", "claude-code"]);
    assert_eq!(
        with(&claude, "`${CLAUDE_PLUGIN_ROOT}` is not quoted").len(),
        1,
        "{claude:#?}"
    );
    s.write(
        "plugin/.cursor-plugin/plugin.json",
        &json!({"name": "p", "hooks": "./nowhere"}).to_string(),
    );
    let (_, cursor) = s.doctor(&["--plugin-dir", dir]);
    let missing = with(&cursor, "nowhere/hooks.json, which does not exist");
    assert_eq!(missing.len(), 1, "{cursor:#?}");
    assert_eq!(missing[0]["severity"], "error");
}

#[test]
fn simulate_runs_plugin_hooks_where_and_as_cursor_does() {
    let s = Scratch::new("plugin-simulate");
    let plugin = s.root.join("my plugin");
    // The hook prints its working directory and the variables; the root is substituted in the
    // text (quoted here, since the folder has a space).
    s.script(
        "my plugin/hooks/where.sh",
        r#"printf '{"permission":"allow","user_message":"%s|%s|%s"}' "$(pwd)" "$CURSOR_PLUGIN_ROOT" "$CLAUDE_PLUGIN_ROOT""#,
    );
    s.write(
        "my plugin/.cursor-plugin/plugin.json",
        &json!({"name": "p", "hooks": "./hooks/cursor.json"}).to_string(),
    );
    s.write(
        "my plugin/hooks/cursor.json",
        &json!({"version": 1, "hooks": {
            "beforeShellExecution": [{"command": "\"${CLAUDE_PLUGIN_ROOT}/hooks/where.sh\""}],
            "stop": [{"command": "\"${CURSOR_PLUGIN_ROOT}/hooks/where.sh\""}]
        }})
        .to_string(),
    );
    let dir = plugin.to_str().expect("UTF-8");
    let root = plugin.display().to_string();
    let shell = s.simulate(
        &[
            "--event",
            "beforeShellExecution",
            "--plugin-dir",
            dir,
            "--set",
            "command=ls",
        ],
        None,
    );
    let said = shell.to_string();
    assert!(
        said.contains(&format!("{root}|{root}|{root}")),
        "the hook ran in its folder with both variables: {said}"
    );
    let stop = s.simulate(&["--event", "stop", "--plugin-dir", dir], None);
    let project = s.project().display().to_string();
    assert!(
        stop.to_string()
            .contains(&format!("{project}|{root}|{root}")),
        "a stop hook runs in the workspace: {stop}"
    );
}

#[test]
fn claude_code_runs_hooks_json_and_every_manifest_hooks_file() {
    let s = Scratch::new("plugin-claude");
    let plugin = s.root.join("plugin");
    // Each hook appends its name to a log in the plugin folder, through the root variable.
    let group = |name: &str| {
        json!([{"matcher": "Bash", "hooks": [{"type": "command",
            "command": format!("echo {name} >> \"${{CLAUDE_PLUGIN_ROOT}}/ran.log\"")}]}])
    };
    s.write(
        "plugin/.claude-plugin/plugin.json",
        &json!({"name": "p", "hooks": ["./more/extra.json", "./hooks/hooks.json"]}).to_string(),
    );
    s.write(
        "plugin/hooks/hooks.json",
        &json!({"hooks": {"PreToolUse": group("standard")}}).to_string(),
    );
    s.write(
        "plugin/more/extra.json",
        &json!({"hooks": {"PreToolUse": group("extra")}}).to_string(),
    );
    let dir = plugin.to_str().expect("UTF-8");
    let result = s.simulate(
        &[
            "--host",
            "claude-code",
            "--event",
            "PreToolUse",
            "--plugin-dir",
            dir,
        ],
        None,
    );
    let log = std::fs::read_to_string(plugin.join("ran.log")).unwrap_or_default();
    let mut ran: Vec<&str> = log.lines().collect();
    ran.sort_unstable();
    // hooks/hooks.json named again by the manifest loads once.
    assert_eq!(ran, ["extra", "standard"], "{result}");
}

/// `cursor-hooks ARGS --json` started in `cwd`: its report or result, once it exited 0 or 1.
fn json_in(s: &Scratch, cwd: &Path, args: &[&str]) -> Value {
    let output = s.cli_in(cwd, args, None);
    assert!(matches!(output.status.code(), Some(0 | 1)), "{args:?}");
    common::json_of(&output)
}

/// A relative `--plugin-dir` (the README's `--plugin-dir plugins/my-hooks`) is the folder under
/// the current directory, as the editor takes it, for both editors (before: the root was joined
/// twice, once by the tool and once by the hook's working directory, so doctor reported a
/// missing binary and simulate a fail-closed block by a guard that never ran).
#[test]
fn a_relative_plugin_dir_is_taken_from_the_current_directory() {
    let s = Scratch::new("plugin-relative");
    s.script(
        "project/plugins/my-hooks/guard.sh",
        r#"cat >/dev/null; printf '{"permission":"deny","user_message":"the guard ran","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"the guard ran"}}'"#,
    );
    s.write(
        "project/plugins/my-hooks/.cursor-plugin/plugin.json",
        &json!({"name": "my-hooks", "hooks": "./cursor-hooks.json"}).to_string(),
    );
    s.write(
        "project/plugins/my-hooks/cursor-hooks.json",
        &json!({"version": 1, "hooks": {"beforeShellExecution": [
            {"command": "\"${CURSOR_PLUGIN_ROOT}\"/guard.sh", "failClosed": true}
        ]}})
        .to_string(),
    );
    s.write(
        "project/plugins/my-hooks/hooks/hooks.json",
        &json!({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [
            {"type": "command", "command": "\"${CLAUDE_PLUGIN_ROOT}\"/guard.sh", "onFailure": "block"}
        ]}]}})
        .to_string(),
    );
    let project = s.project();
    let inside = project.join("plugins");
    // Cursor starts a plugin hook in the plugin's folder; Claude Code in the project, here
    // given relative too, from a folder inside it.
    let runs: [(&Path, Vec<&str>); 2] = [
        (project.as_path(), vec!["--plugin-dir", "plugins/my-hooks"]),
        (
            inside.as_path(),
            vec![
                "--host",
                "claude-code",
                "--project",
                "..",
                "--plugin-dir",
                "my-hooks",
            ],
        ),
    ];
    for (cwd, given) in runs {
        let event = if given.contains(&"claude-code") {
            "PreToolUse"
        } else {
            "beforeShellExecution"
        };
        let mut doctor = vec!["doctor", "--json"];
        doctor.extend(&given);
        let report = json_in(&s, cwd, &doctor);
        let findings = report["findings"].as_array().expect("findings");
        assert!(
            findings.iter().all(|f| f["severity"] != "error"),
            "{given:?}: {findings:#?}"
        );
        let mut simulate = vec!["simulate", "--json", "--event", event];
        simulate.extend(&given);
        let result = json_in(&s, cwd, &simulate);
        assert_eq!(result["hooks"][0]["status"], "ran", "{given:?}: {result:#}");
        assert!(
            result["hooks"][0]["stdout"]
                .as_str()
                .is_some_and(|out| out.contains("the guard ran")),
            "{given:?}: {result:#}"
        );
    }
}

/// One generated case of what Cursor loads without `--plugin-dir`: Claude Code's install records
/// and `enabledPlugins` (user, project, local settings), and `~/.cursor/plugins/local`.
fn write_installed_case(case: &Path, seed: u64) {
    let mut state = seed
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    let mut pick = |n: u64| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        (state >> 33) % n
    };
    let project = case.join("project");
    let home = case.join("home");
    let plugin = |root: &Path| {
        let hooks = json!({"version": 1, "hooks": {"stop": [{"command": "./stop.sh"}]}});
        std::fs::create_dir_all(root.join("hooks")).expect("dirs");
        std::fs::write(root.join("hooks/hooks.json"), hooks.to_string()).expect("hooks");
    };
    let mut records = serde_json::Map::new();
    let mut turned = [
        serde_json::Map::new(),
        serde_json::Map::new(),
        serde_json::Map::new(),
    ];
    for name in ["a", "b", "c", "d"] {
        let id = format!("{name}@team");
        let mut list = Vec::new();
        for (scope, folder) in [
            ("user", None),
            ("project", Some(&project)),
            ("local", Some(&project)),
            ("project", Some(&home)),
        ] {
            if pick(2) == 0 {
                continue;
            }
            let root = home.join(format!(
                ".claude/plugins/cache/team/{name}/{scope}-{}",
                list.len()
            ));
            // Now and then the record's folder is gone from the cache.
            if pick(6) != 0 {
                plugin(&root);
            }
            let mut record = json!({"scope": scope, "installPath": root, "version": "1.0.0"});
            if let Some(folder) = folder {
                record["projectPath"] = json!(folder);
            }
            list.push(record);
        }
        records.insert(id.clone(), Value::Array(list));
        for settings in &mut turned {
            match pick(3) {
                0 => {}
                1 => drop(settings.insert(id.clone(), json!(true))),
                _ => drop(settings.insert(id.clone(), json!(false))),
            }
        }
    }
    let write = |path: &Path, value: Value| {
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("dirs");
        std::fs::write(path, value.to_string()).expect("written");
    };
    write(
        &home.join(".claude/plugins/installed_plugins.json"),
        json!({"version": 2, "plugins": records}),
    );
    let [user, shared, local] = turned;
    write(
        &home.join(".claude/settings.json"),
        json!({"enabledPlugins": user}),
    );
    write(
        &project.join(".claude/settings.json"),
        json!({"enabledPlugins": shared}),
    );
    write(
        &project.join(".claude/settings.local.json"),
        json!({"enabledPlugins": local}),
    );
    let local_dir = home.join(".cursor/plugins/local");
    plugin(&local_dir.join("plain"));
    plugin(&local_dir.join(".hidden"));
    plugin(&case.join("outside"));
    std::fs::write(local_dir.join("a-file"), "").expect("file");
    std::os::unix::fs::symlink(local_dir.join(".hidden"), local_dir.join("link-in")).expect("link");
    std::os::unix::fs::symlink(case.join("outside"), local_dir.join("link-out")).expect("link");
    std::fs::create_dir_all(&project).expect("project");
}

/// Without `--plugin-dir`, doctor loads the plugin folders Cursor's own plugin service loads
/// (Claude Code's installed plugins the Claude Code settings turn on, by Cursor's rule, and
/// `~/.cursor/plugins/local`), checked against that service's loader on generated cases
/// (before: doctor loaded none of them).
#[test]
fn doctor_loads_the_installed_plugins_cursor_s_plugin_service_loads() {
    let scratch = Scratch::new("installed-cursor");
    let cases: Vec<(String, std::path::PathBuf)> = (0..40)
        .map(|seed| {
            let case = scratch.root.join(format!("case-{seed}"));
            write_installed_case(&case, seed);
            (format!("case-{seed}"), case)
        })
        .collect();
    let requests: Vec<Value> = cases
        .iter()
        .map(|(id, case)| json!({"id": id, "project": case.join("project"), "home": case.join("home")}))
        .collect();
    let stdout = common::cursor_sdk("installed.mjs", Some(&json!({ "cases": requests })));
    let theirs: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(theirs.len(), cases.len(), "{stdout}");
    let mut loaded_any = 0;
    for ((id, case), theirs) in cases.iter().zip(&theirs) {
        // The hooks files Cursor's loader took hooks from.
        let mut expected: Vec<String> = theirs["plugins"]
            .as_array()
            .expect("plugins")
            .iter()
            .filter_map(|p| p["hooksSourcePath"].as_str().map(str::to_owned))
            .collect();
        let project = case.join("project");
        let mut command = std::process::Command::new(common::CLI);
        command
            .args([
                "doctor",
                "--json",
                "--project",
                project.to_str().expect("UTF-8"),
            ])
            .env("HOME", case.join("home"))
            .env(
                "CURSOR_HOOKS_ENTERPRISE_FILE",
                case.join("no-enterprise.json"),
            )
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped());
        let report = common::json_of(&common::wait_bounded(
            command.spawn().expect("doctor starts"),
        ));
        let mut ours: Vec<String> = report["files"]
            .as_array()
            .expect("files")
            .iter()
            .filter(|f| f["source"] == "plugin" && f["loaded"] == true)
            .map(|f| f["path"].as_str().expect("path").to_owned())
            .collect();
        expected.sort();
        ours.sort();
        assert_eq!(ours, expected, "{id}: {}", case.display());
        loaded_any += usize::from(expected.len() > 1);
    }
    // Not an agreement on nothing: most cases import some of Claude Code's plugins.
    assert!(
        loaded_any > cases.len() / 2,
        "{loaded_any} of {}",
        cases.len()
    );
}
