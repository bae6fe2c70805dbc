//! `cursor-hooks simulate` and `doctor` checked against Cursor's own hooks code: the loader and
//! executor of `@cursor/sdk` (pinned in tests/cursor-sdk/VERSION, installed by
//! `.ci/setup-cursor-sdk`, reached through the harness in tests/cursor-sdk/, run offline under
//! `unshare -n`).
//!
//! Each case is a set of configuration files (the project's and the user's hooks.json, Claude
//! Code settings Cursor imports) wiring small hook scripts with given stdout, stderr and exit
//! code, and one payload. It runs once through Cursor's loader and executor and once through
//! `simulate` and `doctor`, and both must agree on which files load, which hooks run, and the
//! merged answer with its messages. Cases are generated from a seed (`Gen`); the fixed cases in
//! tests/cursor-sdk/fixed/ are the disagreements the generator once found, kept minimal.
//!
//! Where the two disagree, the spec (`spec/cursor/host.json`) or the simulator is wrong, not this test.
//! `CURSOR_SDK_SEED=N CURSOR_SDK_CASES=M` runs M generated cases from seed N (the guide,
//! `cursor_hooks::guide::tool`, "How the command is checked").
#![cfg(target_os = "linux")]

use serde_json::{json, Map, Value};
mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

const CLI: &str = env!("CARGO_BIN_EXE_cursor-hooks");

/// Seeds every `.ci/run` checks, whatever the random batch draws.
const FIXED_SEEDS: std::ops::Range<u64> = 1..61;
/// Cases of the random batch `.ci/run` adds (its seed is printed).
const RANDOM_CASES: u64 = 60;

// ---------------------------------------------------------------------------------------------
// Cases

/// One hook script: what it prints and how it ends.
#[derive(Clone, Debug, Default)]
struct Script {
    /// Written as is, but for U+0001, which stands for the byte 0xFF (not UTF-8).
    stdout: String,
    stderr: String,
    exit: i32,
    /// Spaces written before `stdout` (the stdout-size family: past 1 MiB).
    pad: u64,
    /// Seconds slept after printing, before ending (the timeout family).
    sleep: f64,
    /// A signal the script sends itself instead of exiting (`KILL`, `TERM`).
    signal: Option<String>,
}

/// The byte U+0001 stands for in a script's `stdout`: one that is not UTF-8.
const NOT_UTF8: char = '\u{1}';

/// One configuration, and the payload fired at it. File texts name scripts as `{bin}/NAME`.
#[derive(Clone, Debug)]
struct Case {
    label: String,
    /// `project`, `user`, `claude-project`, `claude-user` → the file's text.
    files: BTreeMap<String, String>,
    scripts: BTreeMap<String, Script>,
    event: String,
    payload: Value,
    /// Paths (under the case's root) made symbolic links to where their content moved.
    symlinks: Vec<String>,
}

impl Case {
    fn to_json(&self) -> Value {
        let scripts: Map<String, Value> = self
            .scripts
            .iter()
            .map(|(name, s)| {
                let mut script = json!({"stdout": s.stdout, "stderr": s.stderr, "exit": s.exit});
                if s.pad > 0 {
                    script["pad"] = json!(s.pad);
                }
                if s.sleep > 0.0 {
                    script["sleep"] = json!(s.sleep);
                }
                if let Some(signal) = &s.signal {
                    script["signal"] = json!(signal);
                }
                (name.clone(), script)
            })
            .collect();
        json!({
            "label": self.label,
            "files": self.files,
            "scripts": scripts,
            "event": self.event,
            "payload": self.payload,
            "symlinks": self.symlinks,
        })
    }

    fn from_json(value: &Value) -> Case {
        let text = |v: &Value| v.as_str().expect("a string").to_owned();
        Case {
            label: text(&value["label"]),
            files: value["files"]
                .as_object()
                .expect("files")
                .iter()
                .map(|(k, v)| (k.clone(), text(v)))
                .collect(),
            scripts: value["scripts"]
                .as_object()
                .expect("scripts")
                .iter()
                .map(|(k, v)| {
                    (
                        k.clone(),
                        Script {
                            stdout: text(&v["stdout"]),
                            stderr: text(&v["stderr"]),
                            exit: v["exit"].as_i64().expect("exit") as i32,
                            pad: v["pad"].as_u64().unwrap_or(0),
                            sleep: v["sleep"].as_f64().unwrap_or(0.0),
                            signal: v["signal"].as_str().map(str::to_owned),
                        },
                    )
                })
                .collect(),
            event: text(&value["event"]),
            payload: value["payload"].clone(),
            symlinks: value["symlinks"]
                .as_array()
                .map(|links| links.iter().map(text).collect())
                .unwrap_or_default(),
        }
    }
}

/// Where each file of a case goes, under the case's root.
fn file_path(source: &str) -> &'static str {
    match source {
        "project" => "project/.cursor/hooks.json",
        "user" => "home/.cursor/hooks.json",
        "claude-project" => "project/.claude/settings.json",
        "claude-local" => "project/.claude/settings.local.json",
        "claude-user" => "home/.claude/settings.json",
        other => panic!("unknown source {other}"),
    }
}

/// A case written out: its root, project and home.
struct Materialized {
    root: PathBuf,
}

impl Materialized {
    fn new(case: &Case) -> Materialized {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let root = std::env::temp_dir().join(format!(
            "cursor-hooks-sdk-{}-{}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&root);
        for dir in ["project", "home", "bin"] {
            std::fs::create_dir_all(root.join(dir)).expect("case dirs");
        }
        let root = root.canonicalize().expect("canonical root");
        let bin = root.join("bin");
        for (name, script) in &case.scripts {
            let mut stdout = vec![b' '; script.pad as usize];
            for c in script.stdout.chars() {
                match c {
                    NOT_UTF8 => stdout.push(0xff),
                    c => stdout.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
                }
            }
            std::fs::write(bin.join(format!("{name}.out")), stdout).expect("stdout file");
            std::fs::write(bin.join(format!("{name}.err")), &script.stderr).expect("stderr file");
            let sleep = if script.sleep > 0.0 {
                format!("sleep {}\n", script.sleep)
            } else {
                String::new()
            };
            // `kill` ends the script itself; `/bin/sh -lc` runs it as its last command, in its
            // place, so the editor sees the signal.
            let end = match &script.signal {
                Some(signal) => format!("kill -s {signal} $$\n"),
                None => format!("exit {}\n", script.exit),
            };
            let path = bin.join(name);
            std::fs::write(
                &path,
                format!(
                    "#!/bin/sh\ncat >/dev/null\ncat '{b}/{name}.out'\ncat '{b}/{name}.err' >&2\n{sleep}{end}",
                    b = bin.display()
                ),
            )
            .expect("script");
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755))
                .expect("executable");
        }
        for (source, text) in &case.files {
            let path = root.join(file_path(source));
            std::fs::create_dir_all(path.parent().expect("parent")).expect("dirs");
            std::fs::write(
                &path,
                text.replace("{bin}", &bin.display().to_string())
                    .replace("{project}", &root.join("project").display().to_string()),
            )
            .expect("config file");
        }
        for (at, link) in case.symlinks.iter().enumerate() {
            let path = root.join(link);
            let moved = root.join(format!("linked-{at}"));
            std::fs::rename(&path, &moved).expect("moved");
            std::os::unix::fs::symlink(&moved, &path).expect("symlink");
        }
        Materialized { root }
    }

    fn project(&self) -> PathBuf {
        self.root.join("project")
    }

    fn home(&self) -> PathBuf {
        self.root.join("home")
    }

    /// The payload with the case's paths filled in.
    fn payload(&self, case: &Case) -> Value {
        let text = case
            .payload
            .to_string()
            .replace("{project}", &self.project().display().to_string());
        serde_json::from_str(&text).expect("payload")
    }
}

impl Drop for Materialized {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

// ---------------------------------------------------------------------------------------------
// The generator

/// splitmix64: small, seedable, the same on every platform.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// The events generated, with what a payload tests.
const EVENTS: &[&str] = &[
    "beforeShellExecution",
    "beforeMCPExecution",
    "beforeReadFile",
    "preToolUse",
    "postToolUse",
    "subagentStart",
    "beforeSubmitPrompt",
    "sessionStart",
    "stop",
    "subagentStop",
    "afterFileEdit",
    "afterShellExecution",
];

const WORDS: &[&str] = &[
    "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel",
];

fn message(rng: &mut Rng) -> String {
    let word = rng.pick(WORDS);
    match rng.below(6) {
        0 => format!("  {word} padded  "),
        1 => format!("{word}\nsecond line"),
        2 => String::new(),
        _ => format!("{word} says so"),
    }
}

/// An answer a hook of `event` might print: valid, or not.
fn answer(rng: &mut Rng, event: &str) -> Value {
    let mut answer = Map::new();
    let permission_events = [
        "beforeShellExecution",
        "beforeMCPExecution",
        "beforeReadFile",
        "preToolUse",
        "subagentStart",
    ];
    if permission_events.contains(&event) {
        let permission = *rng.pick(&["allow", "deny", "ask", "allow", "deny", "maybe"]);
        if !rng.chance(10) {
            answer.insert("permission".into(), json!(permission));
        }
        if rng.chance(60) {
            answer.insert("user_message".into(), json!(message(rng)));
        }
        if rng.chance(40) {
            answer.insert("agent_message".into(), json!(message(rng)));
        }
        if event == "preToolUse" && rng.chance(30) {
            answer.insert("additional_context".into(), json!(message(rng)));
        }
    }
    match event {
        "beforeSubmitPrompt" => {
            if rng.chance(70) {
                answer.insert("continue".into(), json!(rng.chance(50)));
            }
            if rng.chance(50) {
                answer.insert("user_message".into(), json!(message(rng)));
            }
            if rng.chance(40) {
                answer.insert("additional_context".into(), json!(message(rng)));
            }
        }
        "sessionStart" => {
            if rng.chance(60) {
                let mut env = Map::new();
                for _ in 0..=rng.below(2) {
                    env.insert(
                        (*rng.pick(&["A", "B", "C"])).to_owned(),
                        json!(rng.pick(WORDS)),
                    );
                }
                answer.insert("env".into(), Value::Object(env));
            }
            if rng.chance(60) {
                answer.insert("additional_context".into(), json!(message(rng)));
            }
            if rng.chance(20) {
                answer.insert("continue".into(), json!(rng.chance(50)));
                if rng.chance(60) {
                    answer.insert("user_message".into(), json!(message(rng)));
                }
            }
        }
        "stop" | "subagentStop" if rng.chance(70) => {
            answer.insert("followup_message".into(), json!(message(rng)));
            if event == "subagentStop" && rng.chance(30) {
                answer.insert("additional_context".into(), json!(message(rng)));
            }
        }
        "subagentStart" if rng.chance(30) => {
            answer.insert("additional_context".into(), json!(message(rng)));
        }
        "postToolUse" if rng.chance(70) => {
            answer.insert("additional_context".into(), json!(message(rng)));
        }
        _ => {}
    }
    Value::Object(answer)
}

/// A hook script for `event`: its stdout, stderr and exit code.
fn script(rng: &mut Rng, event: &str) -> Script {
    let json = answer(rng, event).to_string();
    let stderr = if rng.chance(50) {
        format!("{} on stderr\n", rng.pick(WORDS))
    } else {
        String::new()
    };
    let (stdout, exit) = match rng.below(14) {
        0 => ("not json at all\n".to_owned(), 0),
        1 => (format!("starting up\n{json}\n"), 0),
        2 => (String::new(), 0),
        3 => (json.clone(), 2),
        4 => (String::new(), 2),
        5 => (format!("{} blocked\n", rng.pick(WORDS)), 2),
        6 => (String::new(), 1),
        7 => (json.clone(), 3),
        8 => (format!("{json}\n{json}"), 0),
        _ => (format!("{json}\n"), 0),
    };
    Script {
        stdout,
        stderr,
        exit,
        ..Script::default()
    }
}

/// A matcher for `event`, of one of the kinds a user writes.
fn matcher(rng: &mut Rng, event: &str) -> Value {
    let options: &[&str] = match event {
        "beforeShellExecution" | "afterShellExecution" => {
            &["^git", "rm", "rm -rf", "", "*", "^ls$", "Shell", "("]
        }
        "beforeMCPExecution" => &["MCP:", "MCP:fetch", "fetch", "^MCP:db", "^db_", "*"],
        "beforeReadFile" => &["Read", "src/.*\\.rs", "\\.env$", "TabRead", "*", ""],
        "preToolUse" | "postToolUse" => &["Shell", "Read|Write", "Shell|Bash", "^Write$", "MCP:.*"],
        "subagentStart" | "subagentStop" => &["general", "explore", "^gen"],
        "afterFileEdit" => &["Write", "src/", "Tab"],
        "beforeSubmitPrompt" => &["UserPromptSubmit", "secret"],
        "stop" => &["Stop", "done"],
        _ => &["x"],
    };
    json!(rng.pick(options))
}

/// One hooks.json entry running `{bin}/NAME`, with the optional keys drawn; some entries are
/// invalid as Cursor reads them.
fn entry(rng: &mut Rng, event: &str, name: &str) -> Value {
    let mut entry = Map::new();
    entry.insert("command".into(), json!(format!("{{bin}}/{name}")));
    if rng.chance(35) {
        entry.insert("matcher".into(), matcher(rng, event));
    }
    // Valid values mostly; one entry in about eight carries a value Cursor's validator refuses.
    let invalid = rng.chance(12);
    if rng.chance(25) {
        entry.insert("timeout".into(), json!(rng.pick(&[1, 5, 30])));
    }
    if rng.chance(20) {
        entry.insert("failClosed".into(), json!(rng.chance(60)));
    }
    if ["stop", "subagentStop"].contains(&event) && rng.chance(60) || rng.chance(5) {
        let options = [json!(null), json!(1), json!(2), json!(5)];
        entry.insert("loop_limit".into(), rng.pick(&options).clone());
    }
    if rng.chance(4) {
        entry.insert("type".into(), json!("command"));
    }
    if invalid {
        let mutations: [(&str, Option<Value>); 11] = [
            ("timeout", Some(json!(0))),
            ("timeout", Some(json!(-1))),
            ("timeout", Some(json!("10"))),
            ("failClosed", Some(json!("true"))),
            ("failClosed", Some(json!(1))),
            ("loop_limit", Some(json!(0))),
            ("loop_limit", Some(json!(1.5))),
            ("command", None),
            ("type", Some(json!("http"))),
            ("type", Some(json!("prompt"))),
            ("matcher", Some(json!(7))),
        ];
        let (key, value) = rng.pick(&mutations).clone();
        match value {
            Some(value) => entry.insert(key.into(), value),
            None => entry.remove(key),
        };
    }
    Value::Object(entry)
}

/// A hooks.json's text around `hooks`: its version and comments drawn.
fn hooks_json_text(rng: &mut Rng, hooks: Value) -> String {
    let mut document = Map::new();
    let version = match rng.below(12) {
        0 => Some(json!(2)),
        1 => Some(json!("1")),
        2 => None,
        _ => Some(json!(1)),
    };
    if let Some(version) = version {
        document.insert("version".into(), version);
    }
    document.insert("hooks".into(), hooks);
    let text = serde_json::to_string_pretty(&Value::Object(document)).expect("JSON");
    match rng.below(8) {
        0 => text.replacen('{', "{\n  // checks before the agent acts", 1),
        1 => text.replacen('{', "{\n  /* checks before\n     the agent acts */", 1),
        _ => text,
    }
}

/// The payload of `event` (the runtime's fixture) with what its hooks are tested against drawn.
fn payload(rng: &mut Rng, event: &str) -> Value {
    let mut payload = cursor_hooks::cursor::spec::fixture(event).expect("a fixture");
    payload["workspace_roots"] = json!(["{project}"]);
    match event {
        "beforeShellExecution" | "afterShellExecution" => {
            payload["command"] = json!(rng.pick(&["rm -rf build", "git push", "ls"]));
            payload["cwd"] = json!("{project}");
        }
        "beforeMCPExecution" => {
            payload["tool_name"] = json!(rng.pick(&["fetch", "db_query"]));
        }
        "beforeReadFile" => {
            payload["file_path"] = json!(rng.pick(&["{project}/src/main.rs", "{project}/.env"]));
        }
        "preToolUse" | "postToolUse" => {
            payload["tool_name"] = json!(rng.pick(&["Shell", "Read", "Write", "MCP:fetch"]));
        }
        "subagentStart" | "subagentStop" => {
            payload["subagent_type"] = json!(rng.pick(&["general", "explore"]));
        }
        "stop" => {
            payload["loop_count"] = json!(rng.below(7));
        }
        _ => {}
    }
    payload
}

/// Claude Code's name for a Cursor event, when Cursor imports it.
fn claude_event(event: &str) -> Option<&'static str> {
    Some(match event {
        "preToolUse" => "PreToolUse",
        "postToolUse" => "PostToolUse",
        "beforeSubmitPrompt" => "UserPromptSubmit",
        "sessionStart" => "SessionStart",
        "stop" => "Stop",
        "subagentStop" => "SubagentStop",
        _ => return None,
    })
}

/// The families of cases, with their share of the generated ones in percent: `base` is the
/// grammar above; each other one builds a small case around one thing Cursor's code decides
/// and a reader of our own might not (tests/cursor-sdk/README.md lists them).
const FAMILIES: &[(&str, u64)] = &[
    ("base", 50),
    ("timeout", 8),
    ("signal", 7),
    ("stdout-bytes", 8),
    ("stdout-size", 3),
    ("numbers", 8),
    ("empty-file", 4),
    ("loop-count", 6),
    ("claude-group", 6),
];

/// The family of case `seed`, drawn apart from the case itself, so a `base` case is the one
/// the seed made before there were families.
fn family_of(seed: u64) -> &'static str {
    let mut draw = Rng(seed ^ 0x6a09_e667_f3bc_c908).next() % 100;
    for (name, share) in FAMILIES {
        if draw < *share {
            return name;
        }
        draw -= share;
    }
    "base"
}

/// Case `seed`: of its family's shape ([`family_case`]), or of the base grammar.
fn generate(seed: u64) -> Case {
    match family_of(seed) {
        "base" => base_case(seed),
        family => family_case(family, seed),
    }
}

/// Stands for a spelled value in a file's text until the text is written.
const SPELLED: &str = "@@spelled@@";

/// A case of `family`: one hooks.json (sometimes a second, or Claude Code settings) of one to
/// three entries drawn as the base grammar draws them, with the family's part drawn on top.
fn family_case(family: &str, seed: u64) -> Case {
    let mut rng = Rng(seed);
    let event = match family {
        "loop-count" => (*rng.pick(&["stop", "subagentStop"])).to_owned(),
        "claude-group" => {
            (*rng.pick(&["preToolUse", "postToolUse", "beforeSubmitPrompt", "stop"])).to_owned()
        }
        _ => (*rng.pick(EVENTS)).to_owned(),
    };
    let mut scripts = BTreeMap::new();
    let mut list = Vec::new();
    for _ in 0..=rng.below(3) {
        let name = format!("h{}", scripts.len());
        scripts.insert(name.clone(), script(&mut rng, &event));
        list.push(entry(&mut rng, &event, &name));
    }
    let at = rng.below(list.len());
    let target = format!("h{at}");
    let mut spelled = String::new();
    let mut version = json!(1);
    match family {
        "timeout" => {
            spelled = (*rng.pick(&[
                "2147483.647",
                "2147483.648",
                "2147484",
                "3600000",
                "86400000",
                "1e7",
                "1e400",
                "1e1",
                "10.0",
                "60",
                "0.001",
                "\"10\"",
                "\"5s\"",
                "\" 1\"",
                "true",
                "null",
                "[]",
            ]))
            .to_owned();
            list[at]["timeout"] = json!(SPELLED);
            // Long enough that a timer firing after 1 ms always kills it, short for the batch.
            scripts.get_mut(&target).expect("script").sleep = 0.2;
        }
        "signal" => {
            // `exec`: the shell is replaced by the script, so the signal ends the process the
            // editor started (dash would otherwise report exit 128 + N).
            list[at]["command"] = json!(format!("exec {{bin}}/{target}"));
            scripts.get_mut(&target).expect("script").signal =
                Some((*rng.pick(&["KILL", "TERM", "INT", "HUP", "USR1"])).to_owned());
        }
        "stdout-bytes" => {
            let script = scripts.get_mut(&target).expect("script");
            let odd = *rng.pick(&[
                "\u{feff}", "\u{a0}", "\u{2028}", "\u{85}", "\u{3000}", "\u{b}", "\u{c}", "\r",
                "\u{1}",
            ]);
            let odd = if odd == "\u{1}" {
                NOT_UTF8.to_string()
            } else {
                odd.to_owned()
            };
            script.stdout = match rng.below(4) {
                0 => format!("{odd}{}", script.stdout),
                1 => format!("{}{odd}", script.stdout.trim_end()),
                // Inside the messages.
                2 => script.stdout.replace(" says", &format!("{odd} says")),
                _ => script.stdout.replacen('"', &format!("{odd}\""), 1),
            };
        }
        "stdout-size" => {
            // Around Cursor's 1 MiB and past it: Cursor reads all of it.
            scripts.get_mut(&target).expect("script").pad =
                (1 << 20) - 50_000 + rng.below(150_000) as u64;
        }
        "numbers" => {
            spelled = (*rng.pick(&[
                "2.0", "1e1", "5.0e0", "1e400", "1E0", "0.5e1", "-0", "1.0", "2e0", "10e-1", "3.5",
            ]))
            .to_owned();
            match rng.below(3) {
                0 => list[at]["loop_limit"] = json!(SPELLED),
                1 => list[at]["timeout"] = json!(SPELLED),
                _ => version = json!(SPELLED),
            }
        }
        _ => {}
    }
    let mut files = BTreeMap::new();
    let text = serde_json::to_string_pretty(
        &json!({"version": version, "hooks": { event.clone(): list }}),
    )
    .expect("JSON")
    .replace(&format!("\"{SPELLED}\""), &spelled);
    files.insert("project".to_owned(), text);
    match family {
        "empty-file" => {
            let source = *rng.pick(&["project", "user", "claude-project", "claude-user"]);
            let empty = *rng.pick(&["", "", " ", "\n", "{}"]);
            if source != "project" {
                // The other sources hold a hook too, so what an empty file does is seen.
                let name = format!("h{}", scripts.len());
                scripts.insert(name.clone(), script(&mut rng, &event));
                files.insert(
                    "user".to_owned(),
                    json!({"version": 1, "hooks": { event.clone(): [{"command": format!("{{bin}}/{name}")}] }}).to_string(),
                );
            }
            files.insert(source.to_owned(), empty.to_owned());
        }
        "claude-group" => {
            let claude = claude_event(&event).expect("an imported event");
            let name = format!("h{}", scripts.len());
            scripts.insert(name.clone(), script(&mut rng, &event));
            let good = json!({"matcher": "*", "hooks": [{"type": "command", "command": format!("{{bin}}/{name}")}]});
            let mut odd = Map::new();
            if rng.chance(70) {
                let m = if event == "preToolUse" || event == "postToolUse" {
                    *rng.pick(&["Bash", "Glob", "*", "", "Read|Glob"])
                } else {
                    *rng.pick(&["", "*"])
                };
                odd.insert("matcher".into(), json!(m));
            }
            match rng.below(6) {
                0 => {}
                1 => {
                    odd.insert("hooks".into(), Value::Null);
                }
                2 => {
                    odd.insert("hooks".into(), json!({}));
                }
                3 => {
                    odd.insert("hooks".into(), json!([]));
                }
                4 => {
                    odd.insert("hooks".into(), json!(7));
                }
                _ => {
                    odd.insert("hooks".into(), json!(true));
                }
            }
            let groups = if rng.chance(50) {
                json!([Value::Object(odd), good])
            } else {
                json!([good, Value::Object(odd)])
            };
            let source = *rng.pick(&["claude-project", "claude-user", "claude-local"]);
            files.insert(
                source.to_owned(),
                json!({"hooks": { claude: groups }}).to_string(),
            );
        }
        _ => {}
    }
    let mut payload = payload(&mut rng, &event);
    if family == "loop-count" {
        let values = [
            json!("7"),
            json!("2"),
            json!(""),
            json!(" 6 "),
            json!("0x10"),
            json!("1e1"),
            json!(null),
            json!(true),
            json!([6]),
            json!([]),
            json!({}),
            json!(4.0),
            json!(-1),
            json!("Infinity"),
            json!("x"),
            json!(5),
            json!("5"),
        ];
        payload["loop_count"] = rng.pick(&values).clone();
    }
    Case {
        label: format!("seed {seed} ({family})"),
        files,
        scripts,
        payload,
        event,
        symlinks: Vec::new(),
    }
}

/// Case `seed` of the base grammar: one to three files, one to four hooks on the event fired
/// (some on another).
fn base_case(seed: u64) -> Case {
    let mut rng = Rng(seed);
    let event = (*rng.pick(EVENTS)).to_owned();
    let mut scripts = BTreeMap::new();
    let mut files = BTreeMap::new();
    let mut commands: Vec<String> = Vec::new();
    for source in ["project", "user"] {
        if source == "user" && !rng.chance(40) || source == "project" && rng.chance(10) {
            continue;
        }
        let mut hooks = Map::new();
        let mut list = Vec::new();
        for _ in 0..=rng.below(3) {
            let name = format!("h{}", scripts.len());
            scripts.insert(name.clone(), script(&mut rng, &event));
            list.push(entry(&mut rng, &event, &name));
            commands.push(name);
        }
        hooks.insert(event.clone(), Value::Array(list));
        if rng.chance(15) {
            let other = if event == "stop" {
                "sessionEnd"
            } else {
                "stop"
            };
            hooks.insert(other.into(), json!([{"command": "{bin}/never"}]));
        }
        files.insert(
            source.to_owned(),
            hooks_json_text(&mut rng, Value::Object(hooks)),
        );
    }
    if let Some(claude) = claude_event(&event) {
        if rng.chance(30) {
            let source = *rng.pick(&["claude-project", "claude-user", "claude-local"]);
            let mut group = Map::new();
            if rng.chance(70) {
                let m = match event.as_str() {
                    "preToolUse" | "postToolUse" => *rng.pick(&[
                        "Bash",
                        "Bash|Edit",
                        "Read",
                        "*",
                        "Glob",
                        "Bash|Glob",
                        "mcp__srv__fetch",
                    ]),
                    _ => *rng.pick(&["", "*"]),
                };
                group.insert("matcher".into(), json!(m));
            }
            // Sometimes the same command as a Cursor hook: Cursor runs it once.
            let name = if !commands.is_empty() && rng.chance(30) {
                commands[rng.below(commands.len())].clone()
            } else {
                let name = format!("h{}", scripts.len());
                scripts.insert(name.clone(), script(&mut rng, &event));
                name
            };
            group.insert(
                "hooks".into(),
                json!([{"type": "command", "command": format!("{{bin}}/{name}")}]),
            );
            let settings = json!({ "hooks": { claude: [Value::Object(group)] } });
            files.insert(
                source.to_owned(),
                serde_json::to_string_pretty(&settings).expect("JSON"),
            );
        }
    }
    Case {
        label: format!("seed {seed}"),
        files,
        scripts,
        payload: payload(&mut rng, &event),
        event,
        symlinks: Vec::new(),
    }
}

// ---------------------------------------------------------------------------------------------
// Running both sides

/// Cursor's verdict, as the harness prints it.
#[derive(Debug)]
struct OracleResult {
    errors: Vec<String>,
    ran: Vec<String>,
    merged: Value,
}

/// Runs `cases` through Cursor's own loader and executor, in one offline Node process.
fn oracle(cases: &[Case]) -> (Value, Vec<OracleResult>) {
    let materialized: Vec<Materialized> = cases.iter().map(Materialized::new).collect();
    let input = json!({ "cases": cases.iter().zip(&materialized).enumerate().map(|(id, (case, m))| json!({
        "id": id,
        "project": m.project(),
        "home": m.home(),
        "event": case.event,
        "payload": m.payload(case),
    })).collect::<Vec<_>>() });
    let stdout = common::cursor_sdk("oracle.mjs", Some(&input));
    let mut lines = stdout
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("a JSON line"));
    let about = lines.next().expect("the oracle's first line");
    let mut results = Vec::new();
    for ((line, m), case) in lines.zip(&materialized).zip(cases) {
        assert!(
            line.get("oracleError").is_none(),
            "the oracle failed on a case: {}",
            line["oracleError"]
        );
        let root = m.root.display().to_string();
        let errors = line["errors"]
            .as_array()
            .expect("errors")
            .iter()
            .map(|e| {
                let text = match e {
                    Value::Object(error) => format!(
                        "{}: {}",
                        error
                            .get("source")
                            .and_then(Value::as_str)
                            .unwrap_or_default(),
                        error
                            .get("message")
                            .and_then(Value::as_str)
                            .unwrap_or_default()
                    ),
                    other => other.to_string(),
                };
                text.replace(&root, "{root}")
            })
            .collect();
        let ran = line["hooks"]
            .as_array()
            .expect("hooks")
            .iter()
            .filter(|h| h["type"] == "command" && h["started"] == true)
            .map(|h| short_command(h["command"].as_str().unwrap_or_default(), m))
            .collect();
        results.push(OracleResult {
            errors,
            ran,
            merged: normalize(&line["merged"], m, &case.event),
        });
    }
    assert_eq!(results.len(), cases.len(), "one result per case");
    (about, results)
}

/// A command as the comparison names it: the script's name.
fn short_command(command: &str, m: &Materialized) -> String {
    command.replace(&format!("{}/", m.root.join("bin").display()), "")
}

/// Whether the answer of `event` carries `key` to Cursor: a key the event documents
/// (spec/cursor/events.json) or Cursor's answer check types (spec/cursor/host.json). Cursor's executor passes
/// other keys through its merge, but nothing in its hooks module reads them, so they are not
/// compared.
fn carried(event: &str, key: &str) -> bool {
    static HOST: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
    let host = HOST.get_or_init(|| {
        serde_json::from_str(include_str!("../../spec/cursor/host.json")).expect("host.json")
    });
    let documented = cursor_hooks::cursor::spec::info(event)
        .is_some_and(|info| info.response_fields.contains(&key));
    let checked = host["answer_checks"]["events"][event].get(key).is_some();
    documented || checked || key == "permission" || key == "continue"
}

/// The keys of a merged answer both sides are compared on, with the case's paths replaced.
fn normalize(merged: &Value, m: &Materialized, event: &str) -> Value {
    let mut out = Map::new();
    if let Some(object) = merged.as_object() {
        for key in [
            "permission",
            "user_message",
            "agent_message",
            "additional_context",
            "followup_message",
            "continue",
            "env",
        ] {
            if !carried(event, key) {
                continue;
            }
            if let Some(value) = object.get(key) {
                let text = value
                    .to_string()
                    .replace(&format!("{}/", m.root.join("bin").display()), "");
                out.insert(key.to_owned(), serde_json::from_str(&text).expect("JSON"));
            }
        }
    }
    Value::Object(out)
}

/// The project's verdict: which files `doctor` says Cursor loads, which hooks `simulate` ran,
/// and its decision.
struct Ours {
    loaded: BTreeMap<String, bool>,
    ran: Vec<String>,
    merged: Value,
}

fn ours(case: &Case) -> Ours {
    let m = Materialized::new(case);
    let run = |args: &[&str]| {
        Command::new(CLI)
            .args(args)
            .current_dir(m.project())
            .env("HOME", m.home())
            .env("SHELL", "/bin/sh")
            .env(
                "CURSOR_HOOKS_ENTERPRISE_FILE",
                m.root.join("no-enterprise/hooks.json"),
            )
            .env(
                "CURSOR_HOOKS_CLAUDE_MANAGED_FILE",
                m.root.join("no-managed/settings.json"),
            )
            .stdin(Stdio::null())
            .output()
            .expect("cursor-hooks runs")
    };
    let project = m.project().display().to_string();
    let doctor = run(&["doctor", "--json", "--project", &project]);
    let doctor: Value = serde_json::from_slice(&doctor.stdout).unwrap_or_else(|e| {
        panic!(
            "doctor --json printed no JSON ({e}): {}",
            String::from_utf8_lossy(&doctor.stderr)
        )
    });
    let loaded = doctor["files"]
        .as_array()
        .expect("files")
        .iter()
        .map(|f| {
            (
                f["source"].as_str().expect("source").to_owned(),
                f["loaded"].as_bool().expect("loaded"),
            )
        })
        .collect();
    let payload_file = m.root.join("payload.json");
    std::fs::write(&payload_file, m.payload(case).to_string()).expect("payload");
    let simulate = run(&[
        "simulate",
        "--json",
        "--project",
        &project,
        payload_file.to_str().expect("UTF-8 path"),
    ]);
    let result: Value = serde_json::from_slice(&simulate.stdout).unwrap_or_else(|e| {
        panic!(
            "simulate --json printed no JSON ({e}): {}",
            String::from_utf8_lossy(&simulate.stderr)
        )
    });
    let ran = result["hooks"]
        .as_array()
        .expect("hooks")
        .iter()
        .filter(|h| h["status"] == "ran")
        .map(|h| short_command(h["command"].as_str().unwrap_or_default(), &m))
        .collect();
    Ours {
        loaded,
        ran,
        merged: normalize(&result["decision"], &m, &case.event),
    }
}

/// The source a loader error of Cursor's names (it voids that file), by its wording.
fn voided_sources(errors: &[String]) -> Vec<String> {
    let mut sources: Vec<String> = errors
        .iter()
        .map(|e| {
            let lower = e.to_lowercase();
            if lower.contains("{root}/project/.claude/settings.local.json") {
                "claude-local"
            } else if lower.contains("{root}/project/.claude") {
                "claude-project"
            } else if lower.contains("{root}/home/.claude") {
                "claude-user"
            } else if lower.contains("{root}/home/.cursor") || lower.starts_with("user:") {
                "user"
            } else if lower.contains("{root}/project/.cursor") || lower.starts_with("project:") {
                "project"
            } else {
                "unknown"
            }
            .to_owned()
        })
        .collect();
    sources.sort();
    sources.dedup();
    sources
}

/// What differs between Cursor's verdict and ours on a case, empty when they agree.
fn compare(case: &Case, theirs: &OracleResult, ours: &Ours) -> Vec<String> {
    let mut differences = Vec::new();
    let cursor_voids = voided_sources(&theirs.errors);
    let ours_voids: Vec<String> = ours
        .loaded
        .iter()
        .filter(|(source, loaded)| !**loaded && case.files.contains_key(*source))
        .map(|(source, _)| source.clone())
        .collect();
    if cursor_voids != ours_voids {
        differences.push(format!(
            "files voided: Cursor {cursor_voids:?} ({:?}), doctor {ours_voids:?}",
            theirs.errors
        ));
    }
    let (mut a, mut b) = (theirs.ran.clone(), ours.ran.clone());
    a.sort();
    b.sort();
    if a != b {
        differences.push(format!("hooks run: Cursor {a:?}, simulate {b:?}"));
    }
    if theirs.merged != ours.merged {
        differences.push(format!(
            "merged answer: Cursor {}, simulate {}",
            theirs.merged, ours.merged
        ));
    }
    differences
}

/// Runs `cases` through both sides; returns each disagreeing case with its differences.
fn disagreements(cases: &[Case]) -> Vec<(Case, Vec<String>)> {
    let (_, results) = oracle(cases);
    // What the cases exercised, so an agreement is never an empty one.
    let count = |f: fn(&OracleResult) -> bool| results.iter().filter(|r| f(r)).count();
    eprintln!(
        "{} case(s): Cursor voided a file in {}, ran a hook in {}, merged a non-empty answer in {}",
        cases.len(),
        count(|r| !r.errors.is_empty()),
        count(|r| !r.ran.is_empty()),
        count(|r| r.merged.as_object().is_some_and(|m| !m.is_empty())),
    );
    cases
        .iter()
        .zip(&results)
        .filter_map(|(case, theirs)| {
            let differences = compare(case, theirs, &ours(case));
            (!differences.is_empty()).then(|| (case.clone(), differences))
        })
        .collect()
}

/// `case` with one hook, file or script removed, each way it can be.
fn smaller(case: &Case) -> Vec<Case> {
    let mut out = Vec::new();
    for source in case.files.keys() {
        let mut c = case.clone();
        c.files.remove(source);
        out.push(c);
        let Ok(value) = serde_json::from_str::<Value>(&case.files[source]) else {
            continue;
        };
        if let Some(events) = value.get("hooks").and_then(Value::as_object) {
            for name in events.keys() {
                let len = events[name].as_array().map_or(0, Vec::len);
                for at in 0..len {
                    let mut v = value.clone();
                    v["hooks"][name].as_array_mut().expect("a list").remove(at);
                    let mut c = case.clone();
                    c.files.insert(
                        source.clone(),
                        serde_json::to_string_pretty(&v).expect("JSON"),
                    );
                    out.push(c);
                }
                if len > 0 {
                    let mut v = value.clone();
                    v["hooks"].as_object_mut().expect("hooks").remove(name);
                    let mut c = case.clone();
                    c.files.insert(
                        source.clone(),
                        serde_json::to_string_pretty(&v).expect("JSON"),
                    );
                    out.push(c);
                }
            }
        }
    }
    out
}

/// The smallest case (by greedy removal) that still disagrees.
fn minimize(mut case: Case, mut differences: Vec<String>) -> (Case, Vec<String>) {
    for _ in 0..8 {
        let candidates = smaller(&case);
        if candidates.is_empty() {
            break;
        }
        match disagreements(&candidates).into_iter().next() {
            Some((smaller, d)) => {
                case = smaller;
                differences = d;
            }
            None => break,
        }
    }
    (case, differences)
}

/// Fails with every disagreement, each minimal, printed with its seed and configuration.
fn check(cases: &[Case], what: &str) {
    let found = disagreements(cases);
    if found.is_empty() {
        eprintln!(
            "{what}: {} case(s), Cursor's own code agrees on every one",
            cases.len()
        );
        return;
    }
    let mut report = format!(
        "{what}: Cursor's own code and cursor-hooks disagree on {} of {} case(s)\n",
        found.len(),
        cases.len()
    );
    for (case, differences) in &found {
        report.push_str(&format!(
            "disagreeing: {}: {}\n",
            case.label,
            differences.join("; ")
        ));
    }
    for (case, differences) in found.into_iter().take(5) {
        let (mut minimal, differences) = minimize(case, differences);
        let texts: String = minimal.files.values().cloned().collect();
        minimal
            .scripts
            .retain(|name, _| texts.contains(&format!("{{bin}}/{name}\"")));
        report.push_str(&format!(
            "\n{}:\n  {}\n  minimal case (keep it in tests/cursor-sdk/fixed/):\n{}\n",
            minimal.label,
            differences.join("\n  "),
            serde_json::to_string_pretty(&minimal.to_json()).expect("JSON")
        ));
    }
    panic!("{report}");
}

// ---------------------------------------------------------------------------------------------
// Tests

/// The harness finds every entry point it calls in the pinned SDK, by shape: a new SDK version
/// that moves one fails here, naming it.
#[test]
fn the_oracle_reaches_cursors_loader_and_executor() {
    common::cursor_sdk_ready();
    let (about, _) = oracle(&[]);
    let version =
        std::fs::read_to_string(common::cursor_sdk_harness().join("VERSION")).expect("VERSION");
    assert_eq!(about["oracle"], format!("@cursor/sdk@{}", version.trim()));
    let used = about["exportsUsed"].as_object().expect("exportsUsed");
    for entry in [
        "validateHooksConfig",
        "matcherValueFor",
        "filterByMatcher",
        "mergeResponses",
        "normalizeAndValidateResponse",
        "parseHookStdout",
        "createHooksRuntimeFactory",
    ] {
        assert!(used.contains_key(entry), "{entry} not resolved: {about}");
    }
    let numbers: Vec<u64> = about["numbers"]
        .as_object()
        .expect("numbers")
        .values()
        .filter_map(Value::as_u64)
        .collect();
    // The hooks module's constants: the 60 s default timeout, loop limit 5, blocking exit 2.
    let host: Value =
        serde_json::from_str(include_str!("../../spec/cursor/host.json")).expect("host.json");
    for expected in [
        host["defaults"]["timeout_seconds"]
            .as_u64()
            .expect("timeout"),
        host["defaults"]["loop_limit"].as_u64().expect("loop limit"),
        2,
    ] {
        assert!(
            numbers.contains(&expected),
            "{expected} not among {numbers:?}"
        );
    }
}

/// What the SDK's hooks module declares (events, constants, the entries its validator rejects,
/// answer checks, merge and block rules, matcher subjects) is what spec/ says
/// (tests/cursor-sdk/version-report.mjs, which also reports on a newer SDK).
#[test]
fn spec_says_what_the_sdk_declares() {
    common::cursor_sdk_ready();
    // It fails (with its report) where spec/ and @cursor/sdk differ.
    common::cursor_sdk("version-report.mjs", None);
}

/// Every disagreement the generator found once (kept as generated, or minimal).
#[test]
fn fixed_cases_agree_with_cursor() {
    common::cursor_sdk_ready();
    // `CURSOR_SDK_FIXED=DIR` replays the cases of another folder (a search's dump).
    let dir = std::env::var_os("CURSOR_SDK_FIXED")
        .map(PathBuf::from)
        .unwrap_or_else(|| common::cursor_sdk_harness().join("fixed"));
    let mut cases = Vec::new();
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/cursor-sdk/fixed")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    names.sort();
    for path in names {
        let value: Value =
            serde_json::from_str(&std::fs::read_to_string(&path).expect("case")).expect("JSON");
        cases.push(Case::from_json(&value));
    }
    assert!(!cases.is_empty(), "no case in {}", dir.display());
    check(&cases, "fixed cases");
}

/// The fixed seeds, then a random batch (its seed printed), or `CURSOR_SDK_CASES` cases from
/// `CURSOR_SDK_SEED`.
#[test]
fn generated_cases_agree_with_cursor() {
    common::cursor_sdk_ready();
    let seed_from_env = std::env::var("CURSOR_SDK_SEED")
        .ok()
        .map(|s| s.parse::<u64>().expect("CURSOR_SDK_SEED is a number"));
    let count = std::env::var("CURSOR_SDK_CASES")
        .ok()
        .map(|s| s.parse::<u64>().expect("CURSOR_SDK_CASES is a number"));
    let mut seeds: Vec<u64> = Vec::new();
    if seed_from_env.is_none() && count.is_none() {
        seeds.extend(FIXED_SEEDS);
    }
    let start = seed_from_env.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("a clock after 1970")
            .as_nanos() as u64
            % 1_000_000_000
            * 1000
    });
    let count = count.unwrap_or(RANDOM_CASES);
    eprintln!("random batch: CURSOR_SDK_SEED={start} CURSOR_SDK_CASES={count}");
    seeds.extend(start..start + count);
    let cases: Vec<Case> = seeds.into_iter().map(generate).collect();
    // `CURSOR_SDK_DUMP=DIR` writes each case there, to keep one in fixed/.
    if let Some(dir) = std::env::var_os("CURSOR_SDK_DUMP") {
        for case in &cases {
            let name = case.label.replace(' ', "-");
            let text = serde_json::to_string_pretty(&case.to_json()).expect("JSON");
            std::fs::write(Path::new(&dir).join(format!("{name}.json")), text + "\n")
                .expect("case written");
        }
    }
    check(
        &cases,
        &format!("generated cases (random batch from seed {start})"),
    );
}
