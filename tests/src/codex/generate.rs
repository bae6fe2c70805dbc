//! The grammar of the generated Codex differential (`tests/tests/codex_differential_generated.rs`):
//! a seed gives one [`Case`], a configuration of Codex hooks (the user's `~/.codex/hooks.json`
//! and the project's `.codex/hooks.json`, the project trusted or not, each hook trusted,
//! untrusted, modified or turned off; matchers valid, invalid and dropped; timeouts, SessionEnd's
//! clamp) with each hook's answer (exit code, stdout as JSON the closed schema accepts or
//! refuses, text or garbage, stderr, a delay), reproducibly. The model makes one shell call
//! ([`COMMAND`]), so a session fires SessionStart, UserPromptSubmit, PreToolUse, PostToolUse,
//! Stop and SessionEnd.

use crate::differential::{Answer, Generated, Rng, FORMS};
use serde_json::{json, Map, Value};
use std::fmt::Write as _;

/// The shell call the mock makes; it writes `created-by-tool`.
pub const COMMAND: &str = "echo ran > created-by-tool";

/// The events a case wires, with their weights.
const EVENTS: &[(u32, &str)] = &[
    (8, "PreToolUse"),
    (5, "PostToolUse"),
    (5, "UserPromptSubmit"),
    (4, "Stop"),
    (3, "SessionStart"),
    (2, "SessionEnd"),
];

/// Which hooks file a hook is written to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layer {
    /// `~/.codex/hooks.json`.
    User,
    /// `<project>/.codex/hooks.json`.
    Project,
}

/// What `config.toml` says of a hook.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HookTrust {
    /// `trusted_hash` is the hook's current hash.
    Trusted,
    /// No entry.
    Untrusted,
    /// `trusted_hash` of another version of it.
    Modified,
    /// Its current hash, and `enabled = false`.
    Disabled,
}

impl HookTrust {
    const ALL: [HookTrust; 4] = [
        HookTrust::Trusted,
        HookTrust::Untrusted,
        HookTrust::Modified,
        HookTrust::Disabled,
    ];

    /// Its name in a kept case.
    pub fn name(self) -> &'static str {
        match self {
            HookTrust::Trusted => "trusted",
            HookTrust::Untrusted => "untrusted",
            HookTrust::Modified => "modified",
            HookTrust::Disabled => "disabled",
        }
    }
}

/// One hook of a case: its own matcher group in its file.
#[derive(Clone, Debug, PartialEq)]
pub struct Hook {
    /// Its number in the case (its script is `h<index>.sh`).
    pub index: usize,
    /// Its file.
    pub layer: Layer,
    /// The Codex event.
    pub event: &'static str,
    /// The group's `matcher`.
    pub matcher: Option<String>,
    /// The handler's `timeout` in seconds.
    pub timeout: Option<u64>,
    /// What `config.toml` says of it.
    pub trust: HookTrust,
    /// What it answers.
    pub answer: Answer,
}

/// One generated configuration.
#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    /// The seed it was made from.
    pub seed: u64,
    /// Whether `config.toml` trusts the project (its `.codex/hooks.json` loads).
    pub project_trusted: bool,
    /// The hooks, in file order.
    pub hooks: Vec<Hook>,
}

/// Matchers for the event's subject (`spec/codex/events.json` `matcher_subject`; the shell
/// tool is `Bash`, SessionStart's source `startup`, SessionEnd's reason `other`): matching,
/// not matching, partial (the match is anchored), match-all, invalid; on events whose matcher
/// Codex drops, any text.
fn matchers(event: &str) -> &'static [&'static str] {
    match event {
        "PreToolUse" | "PostToolUse" => &[
            "Bash",
            "bash",
            "Ba",
            "Ba.*",
            "^Bash$",
            "Bash|Read",
            "Read",
            "*",
            "",
            "(Bash",
            "mcp__.*",
            ".*sh",
        ],
        "SessionStart" => &[
            "startup",
            "start",
            "start.*",
            "resume",
            "startup|clear",
            "*",
        ],
        "SessionEnd" => &["other", "oth", "exit", ".*"],
        _ => &["Nothing", "*", "(bad"],
    }
}

/// JSON answers for `event`, with the hook's markers: some the event's closed schema accepts,
/// some it refuses, some it accepts and Codex rejects as unsupported.
fn json_answers(event: &str, hook: usize) -> Vec<Value> {
    let m = |kind: char| format!("Zq{hook}{kind}");
    let specific = |more: Value| {
        let mut object = json!({ "hookEventName": event });
        if let (Some(target), Value::Object(more)) = (object.as_object_mut(), more) {
            target.extend(more);
        }
        json!({ "hookSpecificOutput": object })
    };
    let mut answers = vec![
        json!({ "systemMessage": m('S') }),
        json!({ "continue": false, "stopReason": m('P') }),
        json!({ "continue": true }),
        json!({ "suppressOutput": true }),
        json!({ "bogus": m('R') }),
        json!({}),
    ];
    match event {
        "PreToolUse" => answers.extend([
            specific(json!({"permissionDecision": "deny", "permissionDecisionReason": m('D')})),
            specific(json!({"permissionDecision": "deny", "permissionDecisionReason": m('D')})),
            specific(json!({"permissionDecision": "deny"})),
            specific(json!({"permissionDecision": "allow"})),
            specific(json!({"permissionDecision": "ask", "permissionDecisionReason": m('D')})),
            specific(json!({"additionalContext": m('C')})),
            json!({ "decision": "block", "reason": m('R') }),
            json!({ "decision": "approve", "reason": m('R') }),
            json!({ "hookSpecificOutput": {"permissionDecision": "deny", "permissionDecisionReason": m('D')} }),
        ]),
        "PostToolUse" => answers.extend([
            json!({ "decision": "block", "reason": m('R') }),
            json!({ "decision": "block", "reason": m('R') }),
            json!({ "reason": m('R') }),
            specific(json!({"additionalContext": m('C')})),
            json!({ "additionalContext": m('C') }),
        ]),
        "UserPromptSubmit" => answers.extend([
            json!({ "decision": "block", "reason": m('R') }),
            json!({ "decision": "block", "reason": m('R') }),
            json!({ "decision": "block" }),
            specific(json!({"additionalContext": m('C')})),
            json!({ "additionalContext": m('C') }),
        ]),
        "Stop" => answers.extend([
            json!({ "decision": "block", "reason": m('R') }),
            json!({ "decision": "block", "reason": m('R') }),
            json!({ "decision": "block" }),
        ]),
        "SessionStart" => answers.extend([
            specific(json!({"additionalContext": m('C')})),
            specific(json!({"additionalContext": m('C')})),
            json!({ "additionalContext": m('C') }),
        ]),
        _ => {}
    }
    answers
}

fn answer(rng: &mut Rng, event: &str, index: usize, timeout: Option<u64>, waits: bool) -> Answer {
    let answers = json_answers(event, index);
    // A delay past the timeout (1 s unless longer), well past it so a busy machine does not
    // decide the race; SessionEnd's default is 1 s, its clamp 3 s.
    Answer::draw(rng, index, &answers, 3, |rng| match (waits, timeout) {
        (false, _) => 0,
        (true, Some(seconds)) if seconds >= 5 => 1500,
        (true, _) => rng.pick(&[2500, 4500]),
    })
}

/// Makes the case of `seed`.
pub fn generate(seed: u64) -> Case {
    let mut rng = Rng::new(seed);
    let count = rng.weighted(&[(3, 1), (4, 2), (2, 3), (1, 4)]);
    let mut hooks = Vec::new();
    for index in 0..count {
        let event = rng.weighted(EVENTS);
        let matcher = rng.chance(55).then(|| rng.pick(matchers(event)).to_owned());
        let mut timeout = rng.chance(30).then(|| rng.pick(&[1, 2, 5, 30]));
        // A hook that waits: most often past a short timeout (or SessionEnd's default and
        // clamp), so the kill and the clamp are searched, not only the wait.
        let waits = rng.chance(15);
        if waits && event != "SessionEnd" && rng.chance(60) {
            timeout = Some(rng.pick(&[1, 2]));
        }
        let trust = rng.weighted(&[
            (14, HookTrust::Trusted),
            (2, HookTrust::Untrusted),
            (2, HookTrust::Modified),
            (2, HookTrust::Disabled),
        ]);
        let layer = if rng.chance(25) {
            Layer::Project
        } else {
            Layer::User
        };
        let answer = answer(&mut rng, event, index, timeout, waits);
        hooks.push(Hook {
            index,
            layer,
            event,
            matcher,
            timeout,
            trust,
            answer,
        });
    }
    Case {
        seed,
        project_trusted: rng.chance(60),
        hooks,
    }
}

impl Case {
    /// Every marker a hook of the case may print.
    pub fn markers(&self) -> Vec<String> {
        let hooks = self.hooks.iter();
        hooks
            .flat_map(|hook| crate::differential::markers_of(hook.index))
            .collect()
    }

    /// Reads back what [`Case::to_json`] wrote.
    pub fn from_json(value: &Value) -> Case {
        let hooks = value["hooks"].as_array().expect("hooks").iter();
        let hooks = hooks.map(|hook| {
            let index = hook["index"].as_u64().expect("index") as usize;
            let event = EVENTS
                .iter()
                .map(|(_, e)| *e)
                .find(|e| hook["event"] == *e)
                .expect("a known event");
            let form = FORMS
                .into_iter()
                .find(|f| hook["form"] == *f)
                .expect("a known form");
            let mut answer = Answer {
                delay_ms: hook["delay_ms"].as_u64().unwrap_or(0) as u32,
                stdout: String::new(),
                stderr: hook["stderr"].as_str().unwrap_or_default().to_owned(),
                exit: hook["exit"].as_i64().unwrap_or(0) as i32,
                json: hook["json"].as_object().cloned().map(Map::from_iter),
                form,
            };
            answer.render(index);
            Hook {
                index,
                layer: if hook["layer"] == "project" {
                    Layer::Project
                } else {
                    Layer::User
                },
                event,
                matcher: hook["matcher"].as_str().map(str::to_owned),
                timeout: hook["timeout"].as_u64(),
                trust: HookTrust::ALL
                    .into_iter()
                    .find(|t| hook["trust"] == t.name())
                    .unwrap_or(HookTrust::Trusted),
                answer,
            }
        });
        Case {
            seed: value["seed"].as_u64().unwrap_or(0),
            project_trusted: value["project_trusted"].as_bool().unwrap_or(false),
            hooks: hooks.collect(),
        }
    }
}

impl Generated for Case {
    fn seed(&self) -> u64 {
        self.seed
    }

    /// Smaller cases, each one step simpler: a hook dropped, trusted, matched by all, without
    /// its delay, timeout, stderr or one key of its answer.
    fn shrunk(&self) -> Vec<Case> {
        let mut smaller = Vec::new();
        let mut push = |change: &dyn Fn(&mut Case)| {
            let mut case = self.clone();
            change(&mut case);
            if case != *self {
                smaller.push(case);
            }
        };
        for at in 0..self.hooks.len() {
            if self.hooks.len() > 1 {
                push(&|case| {
                    case.hooks.remove(at);
                });
            }
            push(&|case| case.hooks[at].trust = HookTrust::Trusted);
            push(&|case| case.hooks[at].layer = Layer::User);
            push(&|case| case.hooks[at].matcher = None);
            push(&|case| case.hooks[at].timeout = None);
            push(&|case| case.hooks[at].answer.delay_ms = 0);
            if self.hooks[at].answer.exit != 2 {
                push(&|case| case.hooks[at].answer.stderr.clear());
            }
            let keys = self.hooks[at].answer.json.clone().unwrap_or_default();
            for key in keys.keys() {
                push(&|case| {
                    let answer = &mut case.hooks[at].answer;
                    answer.json.as_mut().expect("json").remove(key);
                    answer.render(at);
                });
            }
        }
        smaller
    }

    /// The case in words.
    fn describe(&self) -> String {
        let mut text = format!(
            "seed {}: the model runs `{COMMAND}`; the project is {}trusted\n",
            self.seed,
            if self.project_trusted { "" } else { "not " }
        );
        for hook in &self.hooks {
            let _ = writeln!(
                text,
                "  h{} in the {:?} file ({}): {} matcher {} timeout {:?} answers exit {} after {} ms, stdout {:?}, stderr {:?}",
                hook.index,
                hook.layer,
                hook.trust.name(),
                hook.event,
                hook.matcher
                    .as_deref()
                    .map_or("(none)".to_owned(), |m| format!("{m:?}")),
                hook.timeout,
                hook.answer.exit,
                hook.answer.delay_ms,
                hook.answer.stdout,
                hook.answer.stderr,
            );
        }
        text
    }

    /// The case as JSON, as the kept cases are (`tests/codex/differential-cases.jsonl`).
    fn to_json(&self) -> Value {
        json!({
            "seed": self.seed,
            "project_trusted": self.project_trusted,
            "hooks": self.hooks.iter().map(|hook| json!({
                "index": hook.index,
                "layer": if hook.layer == Layer::User { "user" } else { "project" },
                "event": hook.event,
                "matcher": hook.matcher,
                "timeout": hook.timeout,
                "trust": hook.trust.name(),
                "exit": hook.answer.exit,
                "delay_ms": hook.answer.delay_ms,
                "form": hook.answer.form,
                "json": hook.answer.json,
                "stderr": hook.answer.stderr,
            })).collect::<Vec<_>>(),
        })
    }
}
