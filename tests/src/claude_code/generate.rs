//! The grammar of the generated differential (`tests/tests/claude_differential_generated.rs`):
//! a seed gives one [`Case`], a configuration of Claude Code hooks (settings sources, matcher
//! groups, handler entries valid and invalid, `if` rules) with each hook's answer (exit code,
//! stdout as JSON, text, both or garbage, stderr, a delay), reproducibly.
//!
//! Every text a hook prints carries a marker `Zq<hook><kind>` (kind `R` reason, `C` context,
//! `E` stderr, `T` plain text, `S` systemMessage, `P` stopReason, `D` a permission reason), so
//! the test can tell who was told what.

use serde_json::{json, Map, Value};
use std::fmt::Write as _;

use crate::differential::Generated;
pub use crate::differential::{Answer, Rng};

/// Which settings file a hook is written to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Source {
    /// `~/.claude/settings.json`.
    User,
    /// `<project>/.claude/settings.json`.
    Project,
    /// `<project>/.claude/settings.local.json`.
    Local,
    /// The file given with `--settings`.
    Cli,
    /// A plugin's `hooks/hooks.json`, the plugin given with `--plugin-dir`.
    Plugin,
}

impl Source {
    /// Every source, in a fixed order.
    pub const ALL: [Source; 5] = [
        Source::User,
        Source::Project,
        Source::Local,
        Source::Cli,
        Source::Plugin,
    ];

    /// The source's name in `spec/claude-code/host.json` `config_sources`.
    pub fn name(self) -> &'static str {
        match self {
            Source::User => "user",
            Source::Project => "project",
            Source::Local => "local",
            Source::Cli => "cli",
            Source::Plugin => "plugin",
        }
    }

    /// The source named `name` (a kept case's), the project's when unknown.
    pub fn named(name: &str) -> Source {
        Source::ALL
            .into_iter()
            .find(|source| source.name() == name)
            .unwrap_or(Source::Project)
    }
}

/// What the mock model does after the prompt.
#[derive(Clone, Debug, PartialEq)]
pub enum Scenario {
    /// It calls Bash with this command, then ends with a text.
    Bash(String),
    /// The same, with Bash not among the allowed tools: the call needs permission, which print
    /// mode does not ask a user for (PermissionRequest hooks decide, else it is refused).
    Unallowed(String),
    /// It answers with a text.
    Text,
    /// It calls the Agent tool (formerly `Task`) with [`SUBAGENT_PROMPT`]; the subagent
    /// answers with a text, then the agent ends with a text.
    Agent,
    /// The prompt is the project's slash command `/`[`SKILL_NAME`], whose `!` line runs
    /// [`SKILL_COMMAND`] as it loads (PreSkillShellCommand fires on it); the model answers with
    /// a text.
    Skill,
    /// It calls Read on [`READ_FILES`]`.0` (in the project), then ends with a text.
    Read,
    /// It calls Write on the project's `created-by-tool` with this word, then ends with a text.
    Write(String),
}

/// The file the [`Scenario::Read`] call reads and the word it holds (which reaches the model
/// when the call runs); a hook's `updatedInput` points the call at `other<hook>.txt`, which holds
/// `otherfile<hook>`.
pub const READ_FILES: (&str, &str) = ("notes.txt", "notesfile");

/// The words a [`Scenario::Write`] call writes.
pub const WRITE_WORDS: &[&str] = &["written", "penned"];

/// A placeholder in a hook's answer for the project's absolute path (a file tool's
/// `updatedInput` names an absolute path, known only when the case runs).
pub const PROJECT_PLACEHOLDER: &str = "@PROJECT@";

/// Where a hook's copy goes: the same group of its file, another source's file (by its name),
/// or the plugin's other part (its manifest's inline `hooks` against `hooks/hooks.json`).
pub const COPIES: &[&str] = &[
    "same file",
    "user",
    "project",
    "local",
    "cli",
    "plugin",
    "other part",
];

/// How a hook's `command` names its script (the family of environment expansion and paths).
pub const COMMAND_FORMS: &[&str] = &[
    "absolute",
    "project-var",
    "project-var-braced",
    "project-var-quoted",
    "relative",
    "dot-relative",
    "plugin-root",
    "plugin-root-bare",
];

/// The project slash command the [`Scenario::Skill`] prompt runs.
pub const SKILL_NAME: &str = "case-skill";

/// The shell command of that slash command's `!` line, with the word it writes.
pub const SKILL_COMMAND: (&str, &str) = ("echo skillran > created-by-tool", "skillran");

/// The prompt the mock gives the subagent; the mock knows the subagent's requests by it.
pub const SUBAGENT_PROMPT: &str = "ZqSUBAGENT write one line";

/// Tools' former names, as matchers: each also matches the tool it became (`Task` the Agent
/// tool), so the grammar writes them where that tool is called and where it is not.
pub const FORMER_NAMES: &[&str] = &["Task", "KillShell"];

/// How long an answer under `timeout: 1` waits when it waits at all: far enough past the
/// timeout that a busy machine does not decide the race.
pub const PAST_ONE_SECOND_MS: u32 = 2500;

/// The Bash commands the mock asks for; each writes a word of its own to `created-by-tool`.
pub const COMMANDS: &[(&str, &str)] = &[
    ("echo plain > created-by-tool", "plain"),
    (
        "git --version > /dev/null; echo gitran > created-by-tool",
        "gitran",
    ),
    // A call that fails: PostToolUseFailure fires instead of PostToolUse.
    ("echo failed > created-by-tool; exit 3", "failed"),
];

/// The command a hook's `updatedInput` rewrites the call to, with the word it writes.
pub fn rewrite_command(hook: usize) -> (String, String) {
    let word = format!("rewritten{hook}");
    (format!("echo {word} > created-by-tool"), word)
}

/// One hook of a case.
#[derive(Clone, Debug, PartialEq)]
pub struct Hook {
    /// Its number in the case (its script is `h<index>.sh`).
    pub index: usize,
    /// The file it is written to.
    pub source: Source,
    /// The Claude Code event.
    pub event: &'static str,
    /// The group's `matcher`.
    pub matcher: Option<String>,
    /// The handler's keys besides `command` (`type`, `timeout`, `if`, ...).
    pub keys: Map<String, Value>,
    /// What it answers.
    pub answer: Answer,
    /// How its `command` names its script ([`COMMAND_FORMS`]).
    pub form: &'static str,
    /// Where a second, identical handler is written (identical handlers run once, by
    /// [`COPIES`]): `None`, or one of [`COPIES`].
    pub copy: Option<&'static str>,
    /// A plugin hook written inline in the manifest's `hooks`, not in `hooks/hooks.json`.
    pub inline: bool,
}

/// One generated configuration.
#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    /// The seed it was made from.
    pub seed: u64,
    /// What the mock model does.
    pub scenario: Scenario,
    /// The hooks, in settings order within each file.
    pub hooks: Vec<Hook>,
    /// `disableAllHooks` of the settings files that set it.
    pub disable: Vec<(Source, bool)>,
}

/// The events a case may wire, by scenario.
fn events_of(scenario: &Scenario) -> &'static [(u32, &'static str)] {
    match scenario {
        Scenario::Bash(_) => &[
            (8, "PreToolUse"),
            (4, "PostToolUse"),
            (2, "PostToolUseFailure"),
            (2, "PostToolBatch"),
            (2, "UserPromptSubmit"),
            (2, "Stop"),
            (1, "SessionStart"),
        ],
        Scenario::Unallowed(_) => &[
            (6, "PermissionRequest"),
            (4, "PreToolUse"),
            (2, "PostToolUse"),
            (2, "PermissionDenied"),
            (1, "Stop"),
        ],
        Scenario::Text => &[(4, "UserPromptSubmit"), (4, "Stop"), (2, "SessionStart")],
        Scenario::Agent => &[
            (8, "PreToolUse"),
            (4, "PostToolUse"),
            (2, "SubagentStart"),
            (2, "SubagentStop"),
            (1, "UserPromptSubmit"),
            (1, "Stop"),
        ],
        Scenario::Skill => &[
            (8, "PreSkillShellCommand"),
            (3, "UserPromptExpansion"),
            (2, "UserPromptSubmit"),
            (1, "Stop"),
        ],
        Scenario::Read | Scenario::Write(_) => &[
            (8, "PreToolUse"),
            (4, "PostToolUse"),
            (2, "PostToolBatch"),
            (1, "Stop"),
        ],
    }
}

/// The events every scenario may also wire, seldom: the ones print mode fires around any
/// prompt (the less common events' family).
const AROUND: &[(u32, &str)] = &[
    (3, "SessionEnd"),
    (3, "InstructionsLoaded"),
    (1, "Notification"),
    (1, "PreCompact"),
    (1, "PostCompact"),
    (1, "ConfigChange"),
];

/// Whether the event is about a tool call (its matcher names tools).
pub fn is_tool_event(event: &str) -> bool {
    matches!(
        event,
        "PreToolUse"
            | "PostToolUse"
            | "PostToolUseFailure"
            | "PermissionRequest"
            | "PermissionDenied"
            | "PreSkillShellCommand"
    )
}

/// Makes the case of `seed`.
pub fn generate(seed: u64) -> Case {
    let mut rng = Rng::new(seed);
    let scenario = match rng.below(32) {
        0..=11 => Scenario::Bash(rng.pick(COMMANDS).0.to_owned()),
        12..=16 => Scenario::Unallowed(rng.pick(COMMANDS).0.to_owned()),
        17..=20 => Scenario::Text,
        21..=22 => Scenario::Agent,
        23..=25 => Scenario::Skill,
        26..=28 => Scenario::Read,
        _ => Scenario::Write(rng.pick(WRITE_WORDS).to_owned()),
    };
    let count = rng.weighted(&[(3, 1usize), (4, 2), (2, 3), (1, 4)]);
    let hooks = (0..count)
        .map(|index| {
            let event = if rng.chance(10) {
                rng.weighted(AROUND)
            } else {
                rng.weighted(events_of(&scenario))
            };
            let source = rng.weighted(&[
                (6, Source::Project),
                (4, Source::User),
                (4, Source::Local),
                (2, Source::Cli),
                (2, Source::Plugin),
            ]);
            let matcher = matcher(&mut rng, event, &scenario);
            let keys = handler_keys(&mut rng, event);
            let mut answer = answer(&mut rng, event, index, &scenario);
            // A 300 or 900 ms answer against a 1 s timeout races the machine's load (a CI
            // batch found both outcomes): an answer that waits under `timeout: 1` waits well
            // past it, so it is given up on every time.
            if keys.get("timeout") == Some(&json!(1)) && answer.delay_ms > 0 {
                answer.delay_ms = PAST_ONE_SECOND_MS;
            }
            answer.render(index);
            let form = if rng.chance(75) {
                "absolute"
            } else if source == Source::Plugin {
                rng.weighted(&[
                    (3, "plugin-root"),
                    (2, "plugin-root-bare"),
                    (1, "project-var"),
                    (1, "relative"),
                ])
            } else {
                rng.weighted(&[
                    (3, "project-var"),
                    (2, "project-var-braced"),
                    (2, "project-var-quoted"),
                    (2, "relative"),
                    (2, "dot-relative"),
                    (1, "plugin-root"),
                ])
            };
            Hook {
                index,
                source,
                event,
                matcher,
                keys,
                answer,
                form,
                copy: rng.chance(12).then(|| {
                    if source == Source::Plugin {
                        rng.weighted(&[
                            (3, "same file"),
                            (3, "other part"),
                            (1, "project"),
                            (1, "user"),
                        ])
                    } else {
                        rng.weighted(&[
                            (3, "same file"),
                            (2, "plugin"),
                            (1, "user"),
                            (1, "project"),
                            (1, "local"),
                            (1, "cli"),
                        ])
                    }
                }),
                inline: source == Source::Plugin && rng.chance(40),
            }
        })
        .collect();
    let mut hooks: Vec<Hook> = hooks;
    spread_answers(&mut hooks);
    // `disableAllHooks` in one or two settings files, `true` or `false` (how the levels combine).
    let mut disable = Vec::new();
    if rng.chance(10) {
        for _ in 0..rng.weighted(&[(3, 1), (2, 2)]) {
            let source = rng.pick(&[Source::User, Source::Project, Source::Local, Source::Cli]);
            if !disable.iter().any(|(s, _)| *s == source) {
                disable.push((source, rng.chance(70)));
            }
        }
        disable.sort();
    }
    Case {
        seed,
        scenario,
        hooks,
        disable,
    }
}

fn matcher(rng: &mut Rng, event: &str, scenario: &Scenario) -> Option<String> {
    let options: &[(u32, Option<&str>)] = if is_tool_event(event) && *scenario == Scenario::Agent {
        &[
            (4, Some(FORMER_NAMES[0])),
            (2, Some("Agent")),
            (2, None),
            (1, Some("Task|Bash")),
            (1, Some("Bash, Task")),
            (1, Some("Tas.*")),
            (1, Some("^Task$")),
            (1, Some("Bash")),
            (1, Some(FORMER_NAMES[1])),
            (1, Some("*")),
        ]
    } else if is_tool_event(event) && matches!(scenario, Scenario::Read | Scenario::Write(_)) {
        // Tools other than Bash: their names, lists and patterns, and MCP tools' names.
        &[
            (4, Some("Read")),
            (4, Some("Write")),
            (2, None),
            (1, Some("*")),
            (1, Some("Edit|Write")),
            (1, Some("Write|Edit|MultiEdit")),
            (1, Some("Read, Write")),
            (1, Some("Bash")),
            (1, Some("Wri.*")),
            (1, Some("^Read$")),
            (1, Some("read")),
            (1, Some("Edit")),
            (1, Some("mcp__.*")),
            (1, Some("mcp__server__tool")),
            (1, Some(".*__.*")),
            (1, Some("Re")),
        ]
    } else if is_tool_event(event) {
        &[
            (6, Some("Bash")),
            (1, Some("mcp__server__tool")),
            (1, Some("mcp__.*|Bash")),
            (3, None),
            (1, Some("*")),
            (1, Some("")),
            (1, Some("Bash|Read")),
            (1, Some("Read|Write")),
            (1, Some("Ba.*")),
            (1, Some("^Bash$")),
            (1, Some("Bas")),
            (1, Some("Read")),
            (1, Some("[")),
            (1, Some(FORMER_NAMES[0])),
            (1, Some("Bash,Read")),
        ]
    } else if event == "SessionStart" {
        &[(6, None), (1, Some("startup")), (1, Some("resume"))]
    } else if event == "InstructionsLoaded" {
        &[
            (4, None),
            (2, Some("session_start")),
            (1, Some("nested_traversal")),
            (1, Some("session_.*")),
        ]
    } else if event == "SessionEnd" {
        &[
            (4, None),
            (2, Some("other")),
            (1, Some("prompt_input_exit")),
        ]
    } else if event == "UserPromptExpansion" {
        &[(4, None), (2, Some(SKILL_NAME)), (1, Some("other-command"))]
    } else {
        &[(8, None), (1, Some("Bash"))]
    };
    rng.weighted(options).map(str::to_owned)
}

/// The `if` rules the grammar writes on tool events: of Bash, of file tools (each root: `/`,
/// `//`, `~/`, relative; globbed, in other case, and the project's absolute path through
/// [`PROJECT_PLACEHOLDER`]), of MCP tools, and malformed.
const IF_RULES: &[(u32, &str)] = &[
    (3, "Bash(git *)"),
    (3, "Bash(echo *)"),
    (2, "Read(*)"),
    (2, "Bash"),
    (1, "Bash(echo:*)"),
    (1, "Bash(git --version*)"),
    (1, "Bash(*created-by-tool*)"),
    (1, "Bash(echo plain > created-by-tool)"),
    (1, "Bash(*gitran*)"),
    (1, "Bash(*/dev/null*)"),
    (1, "Bash(exit *)"),
    (1, "Bash()"),
    (1, "Read"),
    (1, "Read(notes.txt)"),
    (1, "Read(./notes.txt)"),
    (1, "Read(*.txt)"),
    (1, "Read(**/*.txt)"),
    (1, "Read(/notes.txt)"),
    (1, "Read(/n*)"),
    (1, "Read(/NOTES.txt)"),
    (1, "Read(*/notes.txt)"),
    (1, "Read(project/notes.txt)"),
    (1, "Read(~/notes.txt)"),
    (1, "Read(//notes.txt)"),
    (1, "Read(@PROJECT@/notes.txt)"),
    (1, "Read(/@PROJECT@/*.txt)"),
    (1, "Read(@PROJECT@/*)"),
    (1, "Read(/tmp/**)"),
    (1, "Write"),
    (1, "Write(*)"),
    (1, "Write(created-by-tool)"),
    (1, "Write(./created-by-tool)"),
    (1, "Edit(*)"),
    (1, "mcp__server__tool"),
    (1, "Write|Read"),
];

fn handler_keys(rng: &mut Rng, event: &str) -> Map<String, Value> {
    let mut keys = Map::new();
    let kind = rng.weighted(&[(30, json!("command")), (1, json!("cmd")), (1, json!(7))]);
    keys.insert("type".to_owned(), kind);
    if rng.chance(25) {
        let timeout = rng.weighted(&[
            (4, json!(30)),
            (1, json!(1)),
            (1, json!("30")),
            (1, json!(0)),
            (1, json!(2.5)),
        ]);
        keys.insert("timeout".to_owned(), timeout);
    }
    if is_tool_event(event) && rng.chance(25) {
        keys.insert("if".to_owned(), json!(rng.weighted(IF_RULES)));
    } else if rng.chance(4) {
        // Off tool events an `if` rule has no tool call to match.
        keys.insert("if".to_owned(), json!("Bash"));
    }
    if rng.chance(10) {
        // `true` too: what a background hook says reaches Claude with whichever model request
        // follows its end, a race, so the test leaves its markers and whether it ran out; what
        // is compared is that it decides nothing (host.json `handler_keys`, `async`).
        let background = rng.weighted(&[(4, json!(true)), (1, json!(false)), (1, json!("yes"))]);
        keys.insert("async".to_owned(), background);
    }
    if rng.chance(5) {
        let policy = rng.weighted(&[(3, json!("block")), (1, json!("ignore"))]);
        keys.insert("onFailure".to_owned(), policy);
    }
    if rng.chance(4) {
        // With `args` the command is the script's path, spawned without a shell.
        let args = rng.pick(&[json!(["one", "two words"]), json!("one")]);
        keys.insert("args".to_owned(), args);
    }
    if rng.chance(8) {
        let message = rng.pick(&[json!("Checking"), json!(5)]);
        keys.insert("statusMessage".to_owned(), message);
    }
    if rng.chance(5) {
        let once = rng.pick(&[json!(true), json!(false), json!("yes")]);
        keys.insert("once".to_owned(), once);
    }
    if rng.chance(4) {
        keys.insert("shell".to_owned(), json!(rng.pick(&["bash", "fish"])));
    }
    if rng.chance(3) {
        keys.insert("unknownKey".to_owned(), json!(true));
    }
    keys
}

/// The `updatedInput` a hook of `scenario` rewrites its call with (`None`: the grammar rewrites
/// no Agent input, one of Bash's shape would break it).
fn rewritten_input(scenario: &Scenario, hook: usize) -> Option<Value> {
    match scenario {
        Scenario::Agent => None,
        Scenario::Read => Some(json!({
            "file_path": format!("{PROJECT_PLACEHOLDER}/other{hook}.txt")
        })),
        Scenario::Write(_) => Some(json!({
            "file_path": format!("{PROJECT_PLACEHOLDER}/created-by-tool"),
            "content": format!("rewritten{hook}\n"),
        })),
        _ => Some(json!({"command": rewrite_command(hook).0, "description": "Run a command"})),
    }
}

fn answer(rng: &mut Rng, event: &'static str, hook: usize, scenario: &Scenario) -> Answer {
    let exit = rng.weighted(&[(14, 0), (3, 2), (2, 1), (1, 3)]);
    let form = rng.weighted(&[
        (12, "json"),
        (3, "text"),
        (2, "both"),
        (1, "garbage"),
        (3, "none"),
    ]);
    let json = matches!(form, "json" | "both").then(|| answer_json(rng, event, hook, scenario));
    let stderr = if rng.chance(50) || exit == 2 {
        format!("Zq{hook}E the hook says no")
    } else {
        String::new()
    };
    let delay_ms = rng.weighted(&[(6, 0), (2, 300), (2, 900)]);
    Answer {
        delay_ms,
        stdout: String::new(),
        stderr,
        exit,
        json,
        form,
    }
}

fn answer_json(
    rng: &mut Rng,
    event: &'static str,
    hook: usize,
    scenario: &Scenario,
) -> Map<String, Value> {
    let rewrite = rewritten_input(scenario, hook);
    let mut top = Map::new();
    let mut specific = Map::new();
    let name = if rng.chance(92) {
        event
    } else {
        rng.pick(&["PostToolUse", "PreToolUse", "Stop"])
    };
    specific.insert("hookEventName".to_owned(), json!(name));
    let text = |kind: char| json!(format!("Zq{hook}{kind} words"));
    if rng.chance(12) {
        top.insert(
            "continue".to_owned(),
            rng.pick(&[json!(false), json!(true), json!("no")]),
        );
        if rng.chance(70) {
            top.insert("stopReason".to_owned(), text('P'));
        }
    }
    if rng.chance(12) {
        top.insert("systemMessage".to_owned(), text('S'));
    }
    if rng.chance(8) {
        top.insert("suppressOutput".to_owned(), json!(true));
    }
    // The top-level decision: what the event reads, and what it does not.
    if rng.chance(30) {
        let decision = rng.weighted(&[
            (6, json!("block")),
            (2, json!("approve")),
            (1, json!("maybe")),
        ]);
        top.insert("decision".to_owned(), decision);
        if rng.chance(80) {
            top.insert("reason".to_owned(), text('R'));
        }
    }
    match event {
        // A skill's shell line is refused by anything but an allow, a rewrite included
        // (events.json, PreSkillShellCommand): the grammar asks it all.
        "PreToolUse" | "PreSkillShellCommand" => {
            if rng.chance(65) {
                let decision = rng.weighted(&[
                    (4, json!("deny")),
                    (3, json!("allow")),
                    (2, json!("ask")),
                    (1, json!("defer")),
                    (1, json!("never")),
                ]);
                specific.insert("permissionDecision".to_owned(), decision);
                if rng.chance(80) {
                    specific.insert("permissionDecisionReason".to_owned(), text('D'));
                }
            }
            if let Some(input) = rewrite.filter(|_| rng.chance(25)) {
                let input = rng.weighted(&[(4, input), (1, json!(rewrite_command(hook).0))]);
                specific.insert("updatedInput".to_owned(), input);
            }
        }
        "PermissionRequest" if rng.chance(75) => {
            let behavior =
                rng.weighted(&[(4, json!("allow")), (4, json!("deny")), (1, json!("ask"))]);
            let mut decision = Map::new();
            decision.insert("behavior".to_owned(), behavior);
            if rng.chance(60) {
                decision.insert("message".to_owned(), text('D'));
            }
            if rng.chance(50) {
                // Whole, partial (the command alone), not an object, or empty.
                let (command, _) = rewrite_command(hook);
                let input = rng.weighted(&[
                    (
                        4,
                        json!({"command": command, "description": "Run a command"}),
                    ),
                    (2, json!({"command": command})),
                    (1, json!(command)),
                    (1, json!({})),
                ]);
                decision.insert("updatedInput".to_owned(), input);
            }
            if rng.chance(45) {
                let rules = rng.weighted(&[
                    (
                        3,
                        json!([{"type": "addRules", "rules": [{"toolName": "Bash"}], "behavior": "allow", "destination": "session"}]),
                    ),
                    (
                        2,
                        json!([{"type": "setMode", "mode": "acceptEdits", "destination": "session"}]),
                    ),
                    (1, json!([{"type": "addRules", "rules": [{"toolName": "Bash"}]}])),
                    (1, json!([{"type": "unknownKind"}])),
                    (1, json!("allow always")),
                    (1, json!([])),
                ]);
                decision.insert("updatedPermissions".to_owned(), rules);
            }
            if rng.chance(25) {
                decision.insert(
                    "interrupt".to_owned(),
                    rng.pick(&[json!(true), json!(false)]),
                );
            }
            specific.insert("decision".to_owned(), Value::Object(decision));
        }
        "PostToolUse" if rng.chance(20) => {
            let output = rng.weighted(&[
                (1, json!(format!("Zq{hook}O replaced output"))),
                (
                    1,
                    json!({"stdout": format!("Zq{hook}O replaced output"), "stderr": "", "interrupted": false, "isImage": false}),
                ),
            ]);
            specific.insert("updatedToolOutput".to_owned(), output);
        }
        _ => {}
    }
    if rng.chance(40) {
        specific.insert(
            "additionalContext".to_owned(),
            rng.weighted(&[(6, text('C')), (1, json!(12))]),
        );
    }
    if specific.len() > 1 || rng.chance(20) {
        top.insert("hookSpecificOutput".to_owned(), Value::Object(specific));
    }
    top
}

impl Case {
    /// The settings document of each source holding hooks (`{"hooks": {...}}`) or setting
    /// `disableAllHooks`, each hook's command given by `command`; the plugin's inline hooks are
    /// [`Case::manifest_hooks`]'s.
    pub fn settings(&self, command: impl Fn(&Hook) -> String) -> Vec<(Source, Value)> {
        let mut files = Vec::new();
        for source in Source::ALL {
            let own = self
                .hooks
                .iter()
                .filter(|h| h.source == source && !h.inline)
                .map(|h| (h, if h.copy == Some("same file") { 2 } else { 1 }));
            let copies = self
                .hooks
                .iter()
                .filter(|h| {
                    h.copy == Some(source.name()) && h.source != source
                        || source == Source::Plugin && h.inline && h.copy == Some("other part")
                })
                .map(|h| (h, 1));
            let events = hooks_object(own.chain(copies), &command);
            let disable = self.disable.iter().find(|(s, _)| *s == source);
            let mut document = Map::new();
            if let Some((_, off)) = disable {
                document.insert("disableAllHooks".to_owned(), json!(off));
            }
            if !events.is_empty() {
                document.insert("hooks".to_owned(), Value::Object(events));
            }
            if !document.is_empty() {
                files.push((source, Value::Object(document)));
            }
        }
        files
    }

    /// The `hooks` object of the plugin's manifest (`.claude-plugin/plugin.json`): its hooks
    /// written inline, when there are any.
    pub fn manifest_hooks(&self, command: impl Fn(&Hook) -> String) -> Option<Value> {
        let own = self
            .hooks
            .iter()
            .filter(|h| h.inline)
            .map(|h| (h, if h.copy == Some("same file") { 2 } else { 1 }));
        let copies = self
            .hooks
            .iter()
            .filter(|h| h.source == Source::Plugin && !h.inline && h.copy == Some("other part"))
            .map(|h| (h, 1));
        let events = hooks_object(own.chain(copies), &command);
        (!events.is_empty()).then_some(Value::Object(events))
    }

    /// Whether the case needs the plugin (hooks in its file or its manifest).
    pub fn has_plugin(&self) -> bool {
        self.hooks
            .iter()
            .any(|h| h.source == Source::Plugin || h.copy == Some("plugin"))
    }

    /// Whether the case needs the `--settings` file.
    pub fn has_cli_settings(&self) -> bool {
        self.hooks
            .iter()
            .any(|h| h.source == Source::Cli || h.copy == Some("cli"))
            || self.disable.iter().any(|(s, _)| *s == Source::Cli)
    }

    /// Every marker a hook of the case may print.
    pub fn markers(&self) -> Vec<String> {
        let mut markers = Vec::new();
        for hook in &self.hooks {
            for kind in ['R', 'C', 'E', 'T', 'S', 'P', 'D', 'O'] {
                markers.push(format!("Zq{}{kind}", hook.index));
            }
        }
        markers
    }

    /// Smaller cases, each one step simpler: a hook dropped, a handler key dropped, a key of an
    /// answer dropped, a delay removed.
    pub fn shrunk(&self) -> Vec<Case> {
        let mut smaller = Vec::new();
        for at in 0..self.disable.len() {
            let mut case = self.clone();
            case.disable.remove(at);
            smaller.push(case);
        }
        for at in 0..self.hooks.len() {
            let hook = &self.hooks[at];
            if hook.copy.is_some() || hook.inline || hook.form != "absolute" {
                let mut case = self.clone();
                let simpler = &mut case.hooks[at];
                if hook.copy.is_some() {
                    simpler.copy = None;
                } else if hook.inline {
                    simpler.inline = false;
                } else {
                    simpler.form = "absolute";
                }
                smaller.push(case);
            }
            if self.hooks.len() > 1 {
                let mut case = self.clone();
                case.hooks.remove(at);
                smaller.push(case);
            }
            let hook = &self.hooks[at];
            for key in hook.keys.keys().filter(|k| *k != "type") {
                let mut case = self.clone();
                case.hooks[at].keys.remove(key);
                smaller.push(case);
            }
            // Not onto another answer of the same event: that order would be a race.
            let tie =
                self.hooks.iter().enumerate().any(|(other, h)| {
                    other != at && h.event == hook.event && h.answer.delay_ms == 0
                });
            if hook.answer.delay_ms > 0 && !tie {
                let mut case = self.clone();
                case.hooks[at].answer.delay_ms = 0;
                smaller.push(case);
            }
            if !hook.answer.stderr.is_empty() && hook.answer.exit != 2 {
                let mut case = self.clone();
                case.hooks[at].answer.stderr.clear();
                smaller.push(case);
            }
            if let Some(json) = &hook.answer.json {
                for key in json.keys() {
                    let mut case = self.clone();
                    let answer = &mut case.hooks[at].answer;
                    answer.json.as_mut().expect("json").remove(key);
                    answer.render(hook.index);
                    smaller.push(case);
                }
                if let Some(Value::Object(specific)) = json.get("hookSpecificOutput") {
                    for key in specific.keys().filter(|k| *k != "hookEventName") {
                        let mut case = self.clone();
                        let answer = &mut case.hooks[at].answer;
                        let json = answer.json.as_mut().expect("json");
                        json["hookSpecificOutput"]
                            .as_object_mut()
                            .expect("object")
                            .remove(key);
                        answer.render(hook.index);
                        smaller.push(case);
                    }
                }
            }
        }
        smaller
    }

    /// The case in words: the scenario, then each hook's file, group and answer.
    pub fn describe(&self) -> String {
        let mut text = format!("seed {}: ", self.seed);
        match &self.scenario {
            Scenario::Bash(command) => {
                let _ = writeln!(text, "the model calls Bash `{command}`");
            }
            Scenario::Unallowed(command) => {
                let _ = writeln!(
                    text,
                    "the model calls Bash `{command}`, which is not allowed"
                );
            }
            Scenario::Text => text.push_str("the model answers with a text\n"),
            Scenario::Agent => text.push_str("the model calls the Agent tool (formerly Task)\n"),
            Scenario::Skill => {
                let _ = writeln!(
                    text,
                    "the prompt is /{SKILL_NAME}, whose `!` line runs `{}`",
                    SKILL_COMMAND.0
                );
            }
            Scenario::Read => {
                let _ = writeln!(text, "the model calls Read `{}`", READ_FILES.0);
            }
            Scenario::Write(word) => {
                let _ = writeln!(text, "the model calls Write `{word}` to created-by-tool");
            }
        }
        for (source, off) in &self.disable {
            let _ = writeln!(text, "  {} settings: disableAllHooks {off}", source.name());
        }
        for hook in &self.hooks {
            let _ = writeln!(
                text,
                "  h{} in {} settings{}{}{}: {} matcher {} handler {} answers exit {} after {} ms, stdout {:?}, stderr {:?}",
                hook.index,
                hook.source.name(),
                if hook.inline { " (manifest, inline)" } else { "" },
                hook.copy.map_or(String::new(), |c| format!(" (a copy in {c})")),
                if hook.form == "absolute" { String::new() } else { format!(" (command {})", hook.form) },
                hook.event,
                hook.matcher
                    .as_deref()
                    .map_or("(none)".to_owned(), |m| format!("{m:?}")),
                Value::Object(hook.keys.clone()),
                hook.answer.exit,
                hook.answer.delay_ms,
                hook.answer.stdout,
                hook.answer.stderr,
            );
        }
        text
    }

    /// The case as JSON, as the fixed cases are kept (`tests/claude-code/differential-cases.jsonl`).
    pub fn to_json(&self) -> Value {
        json!({
            "seed": self.seed,
            "scenario": match &self.scenario {
                Scenario::Bash(command) => json!({"bash": command}),
                Scenario::Unallowed(command) => json!({"unallowed": command}),
                Scenario::Text => json!("text"),
                Scenario::Agent => json!("agent"),
                Scenario::Skill => json!("skill"),
                Scenario::Read => json!("read"),
                Scenario::Write(word) => json!({"write": word}),
            },
            "disable": self.disable.iter().map(|(s, off)| (s.name().to_owned(), json!(off))).collect::<Map<String, Value>>(),
            "hooks": self.hooks.iter().map(|hook| json!({
                "index": hook.index,
                "source": hook.source.name(),
                "event": hook.event,
                "matcher": hook.matcher,
                "keys": hook.keys,
                "exit": hook.answer.exit,
                "delay_ms": hook.answer.delay_ms,
                "form": hook.answer.form,
                "json": hook.answer.json,
                "stderr": hook.answer.stderr,
                "command_form": hook.form,
                "copy": hook.copy,
                "inline": hook.inline,
            })).collect::<Vec<_>>(),
        })
    }

    /// Reads back what [`Case::to_json`] wrote (the fixed cases are kept that way).
    pub fn from_json(value: &Value) -> Case {
        let scenario = match &value["scenario"] {
            Value::Object(call) => match (
                call.get("bash").and_then(Value::as_str),
                call.get("unallowed").and_then(Value::as_str),
                call.get("write").and_then(Value::as_str),
            ) {
                (Some(command), _, _) => Scenario::Bash(command.to_owned()),
                (_, Some(command), _) => Scenario::Unallowed(command.to_owned()),
                (_, _, Some(word)) => Scenario::Write(word.to_owned()),
                _ => panic!("a scenario: {call:?}"),
            },
            Value::String(name) if name == "agent" => Scenario::Agent,
            Value::String(name) if name == "skill" => Scenario::Skill,
            Value::String(name) if name == "read" => Scenario::Read,
            _ => Scenario::Text,
        };
        let hooks = value["hooks"]
            .as_array()
            .expect("hooks")
            .iter()
            .map(|hook| {
                let index = hook["index"].as_u64().expect("index") as usize;
                let source = Source::named(hook["source"].as_str().unwrap_or_default());
                let event = EVENT_NAMES
                    .iter()
                    .find(|e| hook["event"] == **e)
                    .copied()
                    .expect("a known event");
                let form = ["json", "text", "both", "garbage", "none"]
                    .into_iter()
                    .find(|f| hook["form"] == *f)
                    .expect("a known form");
                let mut answer = Answer {
                    delay_ms: hook["delay_ms"].as_u64().unwrap_or(0) as u32,
                    stdout: String::new(),
                    stderr: hook["stderr"].as_str().unwrap_or_default().to_owned(),
                    exit: hook["exit"].as_i64().unwrap_or(0) as i32,
                    json: hook["json"].as_object().cloned(),
                    form,
                };
                answer.render(index);
                let form = COMMAND_FORMS
                    .iter()
                    .find(|f| hook["command_form"] == **f)
                    .copied()
                    .unwrap_or("absolute");
                Hook {
                    index,
                    source,
                    event,
                    matcher: hook["matcher"].as_str().map(str::to_owned),
                    keys: hook["keys"].as_object().cloned().unwrap_or_default(),
                    answer,
                    form,
                    copy: COPIES.iter().find(|c| hook["copy"] == **c).copied(),
                    inline: hook["inline"] == true,
                }
            })
            .collect();
        let mut disable: Vec<(Source, bool)> = value["disable"]
            .as_object()
            .into_iter()
            .flatten()
            .map(|(name, off)| (Source::named(name), *off == true))
            .collect();
        disable.sort();
        Case {
            seed: value["seed"].as_u64().unwrap_or(0),
            scenario,
            hooks,
            disable,
        }
    }
}

/// The `hooks` object of a settings file holding `hooks`, one group each, its handler written
/// as often as it is given.
fn hooks_object<'a>(
    hooks: impl Iterator<Item = (&'a Hook, usize)>,
    command: &impl Fn(&Hook) -> String,
) -> Map<String, Value> {
    let mut events = Map::new();
    for (hook, times) in hooks {
        let mut handler = hook.keys.clone();
        handler.insert("command".to_owned(), json!(command(hook)));
        let handlers = vec![Value::Object(handler); times];
        let mut group = Map::new();
        if let Some(matcher) = &hook.matcher {
            group.insert("matcher".to_owned(), json!(matcher));
        }
        group.insert("hooks".to_owned(), Value::Array(handlers));
        let groups = events.entry(hook.event).or_insert_with(|| json!([]));
        groups
            .as_array_mut()
            .expect("a list")
            .push(Value::Object(group));
    }
    events
}

/// How far apart two answers to one event are: Claude Code keeps the last deny's reason and the
/// first prompt block (host.json `observed_rules`), so the order must not be left to a race.
pub const ORDER_GAP_MS: u32 = 200;

/// Moves apart the answers of one event that would come at the same time, by [`ORDER_GAP_MS`]
/// (not under `timeout: 1`, whose answers come at once or well past it).
fn spread_answers(hooks: &mut [Hook]) {
    for at in 0..hooks.len() {
        if hooks[at].keys.get("timeout") == Some(&json!(1)) {
            continue;
        }
        while hooks[..at]
            .iter()
            .any(|h| h.event == hooks[at].event && h.answer.delay_ms == hooks[at].answer.delay_ms)
        {
            hooks[at].answer.delay_ms += ORDER_GAP_MS;
        }
    }
}

/// The events the grammar wires.
pub const EVENT_NAMES: &[&str] = &[
    "PreToolUse",
    "PostToolUse",
    "PostToolBatch",
    "PermissionRequest",
    "UserPromptSubmit",
    "Stop",
    "SessionStart",
    "PostToolUseFailure",
    "SubagentStart",
    "SubagentStop",
    "PreSkillShellCommand",
    "UserPromptExpansion",
    "PermissionDenied",
    "SessionEnd",
    "InstructionsLoaded",
    "Notification",
    "PreCompact",
    "PostCompact",
    "ConfigChange",
];

impl Case {
    /// The families of issue 44 the case belongs to (`tests/claude-code/README.md` lists them
    /// with their shares).
    pub fn families(&self) -> Vec<&'static str> {
        let mut families = Vec::new();
        let any = |test: &dyn Fn(&Hook) -> bool| self.hooks.iter().any(test);
        if any(&|h| h.keys.get("async") == Some(&json!(true))) {
            families.push("async");
        }
        if any(&|h| {
            AROUND.iter().any(|(_, e)| *e == h.event)
                || h.event == "UserPromptExpansion"
                || h.event == "PermissionDenied"
        }) {
            families.push("less common events");
        }
        if any(&|h| {
            h.event == "PermissionRequest"
                && h.answer.json.as_ref().is_some_and(|j| {
                    let decision = j.get("hookSpecificOutput").and_then(|s| s.get("decision"));
                    decision.is_some_and(|d| {
                        d.get("updatedInput").is_some() || d.get("updatedPermissions").is_some()
                    })
                })
        }) {
            families.push("permission updates");
        }
        if matches!(self.scenario, Scenario::Read | Scenario::Write(_))
            || any(&|h| h.matcher.as_deref().is_some_and(|m| m.contains("mcp__")))
        {
            families.push("tools other than Bash");
        }
        if any(&|h| h.form != "absolute") {
            families.push("environment expansion");
        }
        if !self.disable.is_empty() {
            families.push("disableAllHooks");
        }
        if any(&|h| h.keys.contains_key("if")) {
            families.push("if rules");
        }
        if any(&|h| h.copy.is_some() || h.inline) {
            families.push("dedupe and manifest hooks");
        }
        families
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every family is searched: at least 3 % of the cases each (the README's shares).
    #[test]
    fn every_family_has_its_share() {
        crate::differential::assert_family_shares(
            generate,
            Case::families,
            &[
                "async",
                "less common events",
                "permission updates",
                "tools other than Bash",
                "environment expansion",
                "disableAllHooks",
                "if rules",
                "dedupe and manifest hooks",
            ],
        );
    }

    #[test]
    fn a_seed_makes_one_case() {
        assert_eq!(generate(7), generate(7));
        assert_ne!(generate(7), generate(8));
    }

    #[test]
    fn former_tool_names_are_matchers_where_their_tool_is_called_and_where_not() {
        let cases: Vec<Case> = (0..2000).map(generate).collect();
        let former = |case: &Case, scenario: fn(&Scenario) -> bool| {
            scenario(&case.scenario)
                && case.hooks.iter().any(|hook| {
                    let matcher = hook.matcher.as_deref().unwrap_or_default();
                    FORMER_NAMES.iter().any(|name| matcher.contains(name))
                })
        };
        assert!(cases.iter().any(|c| former(c, |s| *s == Scenario::Agent)));
        assert!(cases
            .iter()
            .any(|c| former(c, |s| matches!(s, Scenario::Bash(_)))));
    }

    #[test]
    fn answers_to_one_event_come_apart() {
        for case in (0..2000).map(generate) {
            for (at, hook) in case.hooks.iter().enumerate() {
                let timed = |h: &Hook| h.keys.get("timeout") == Some(&json!(1));
                if timed(hook) {
                    continue;
                }
                for other in case.hooks[..at].iter().filter(|h| !timed(h)) {
                    assert!(
                        other.event != hook.event || other.answer.delay_ms != hook.answer.delay_ms,
                        "{}",
                        case.describe()
                    );
                }
            }
        }
    }

    #[test]
    fn no_answer_races_a_one_second_timeout() {
        for case in (0..2000).map(generate) {
            for hook in &case.hooks {
                if hook.keys.get("timeout") == Some(&json!(1)) {
                    assert!(
                        [0, PAST_ONE_SECOND_MS].contains(&hook.answer.delay_ms),
                        "{}",
                        case.describe()
                    );
                }
            }
        }
    }

    #[test]
    fn a_case_survives_its_json() {
        for seed in 0..200 {
            let case = generate(seed);
            assert_eq!(Case::from_json(&case.to_json()), case);
        }
    }
}

#[cfg(test)]
mod show {
    #[test]
    fn show_cases() {
        if let Ok(seeds) = std::env::var("SHOW_SEEDS") {
            for seed in seeds.split(',') {
                let case = super::generate(seed.parse().unwrap());
                println!("{}as a case: {}", case.describe(), case.to_json());
            }
        }
    }
}

impl Generated for Case {
    fn seed(&self) -> u64 {
        self.seed
    }

    fn shrunk(&self) -> Vec<Case> {
        Case::shrunk(self)
    }

    fn describe(&self) -> String {
        Case::describe(self)
    }

    fn to_json(&self) -> Value {
        Case::to_json(self)
    }
}
