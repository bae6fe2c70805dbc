//! The grammar of the generated Copilot differential
//! (`tests/tests/copilot_differential_generated.rs`): a seed gives one [`Case`], a configuration
//! of Copilot's own hooks files (the user's `~/.copilot/hooks/case.json` and the project's
//! `.github/hooks/case.json`, in a trusted folder; flat entries, matchers, `timeoutSec`, several
//! hooks an event; now and then a second project file whose shape is off; and hooks in the
//! project's `.claude/settings.json`, which Copilot runs in Claude Code's format by its own
//! rules) with each hook's answer (exit code, stdout as one of the event's JSON answers, in
//! Copilot's shape or Claude Code's, text or garbage, stderr, a delay), reproducibly. The model makes one shell call
//! ([`COMMAND`]), so a session fires sessionStart, userPromptSubmitted, preToolUse, postToolUse
//! and agentStop.

use crate::differential::{Answer, Generated, Rng, FORMS};
use serde_json::{json, Map, Value};
use std::fmt::Write as _;

/// The shell call the mock makes; it writes `created-by-tool`.
pub const COMMAND: &str = "echo ran > created-by-tool";

/// The events a case wires, with their weights.
const EVENTS: &[(u32, &str)] = &[
    (8, "preToolUse"),
    (4, "postToolUse"),
    (5, "userPromptSubmitted"),
    (4, "agentStop"),
    (3, "sessionStart"),
];

/// The command a `modifiedArgs` of hook `index` runs instead: it writes `modified-by-h<index>`.
pub fn modified_command(index: usize) -> String {
    format!("echo ran > modified-by-h{index}")
}

/// One hook of a case: one flat entry in its file.
#[derive(Clone, Debug, PartialEq)]
pub struct Hook {
    /// Its number in the case (its script is `h<index>.sh`).
    pub index: usize,
    /// In the project (else the user's file).
    pub project: bool,
    /// In the project's `.claude/settings.json`, under the Claude Code event Copilot runs at
    /// [`Hook::event`] (spec/copilot/host.json `claude_events`), in Claude Code's format.
    pub claude: bool,
    /// The Copilot event.
    pub event: &'static str,
    /// The entry's `matcher`.
    pub matcher: Option<String>,
    /// The entry's `timeoutSec`.
    pub timeout: Option<u64>,
    /// On agentStop: answers on every stop (else only on the first, `stop_hook_active` false).
    pub always: bool,
    /// What it answers.
    pub answer: Answer,
}

impl Hook {
    /// Which file it is in: `user`, `project` (Copilot's) or `claude` (`.claude/settings.json`).
    pub fn layer(&self) -> &'static str {
        match (self.claude, self.project) {
            (true, _) => "claude",
            (false, true) => "project",
            (false, false) => "user",
        }
    }
}

/// The kinds of a second project hooks file whose shape is off ([`Case::extra`]): each holds a
/// userPromptSubmitted entry running hook [`EXTRA`], unless Copilot refuses it.
pub const EXTRAS: [&str; 8] = [
    "valid",
    "no-version",
    "version-2",
    "not-json",
    "event-object",
    "unknown-event",
    "type-prompt",
    "timeout-string",
];

/// The number of the extra file's hook (its script `h9.sh`, its markers `Zq9…`).
pub const EXTRA: usize = 9;

/// One generated configuration.
#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    /// The seed it was made from.
    pub seed: u64,
    /// The hooks, in file order (user file first).
    pub hooks: Vec<Hook>,
    /// A second project file, `.github/hooks/extra.json`, of one of the [`EXTRAS`] kinds.
    pub extra: Option<&'static str>,
}

/// The text of the extra hooks file of `kind`, its hook running `command`.
pub fn extra_file(kind: &str, command: &str) -> String {
    let entry = json!({ "type": "command", "bash": command });
    let hooks = |entry: Value| json!({ "userPromptSubmitted": [entry] });
    // An entry with `key` off, then a good one: whether Copilot refuses the entry or the file.
    let with_key = |key: &str, value: Value| {
        let mut bad = entry.clone();
        bad[key] = value;
        json!({ "version": 1, "hooks": {"userPromptSubmitted": [bad, entry.clone()]} }).to_string()
    };
    match kind {
        "no-version" => json!({ "hooks": hooks(entry) }).to_string(),
        "version-2" => json!({ "version": 2, "hooks": hooks(entry) }).to_string(),
        "not-json" => format!(
            "{} trailing words",
            json!({ "version": 1, "hooks": hooks(entry) })
        ),
        "event-object" => {
            json!({ "version": 1, "hooks": {"userPromptSubmitted": entry} }).to_string()
        }
        "unknown-event" => json!({ "version": 1, "hooks": {
            "nonsenseEvent": [entry.clone()], "userPromptSubmitted": [entry]
        } })
        .to_string(),
        "type-prompt" => with_key("type", json!("prompt")),
        "timeout-string" => with_key("timeoutSec", json!("5")),
        _ => json!({ "version": 1, "hooks": hooks(entry) }).to_string(),
    }
}

/// Matchers for the event's subject (the shell tool is `bash`): matching, Claude's name,
/// another tool, match-all, lists, a regex, an invalid regex; on events without a subject, any
/// text.
fn matchers(event: &str) -> &'static [&'static str] {
    match event {
        "preToolUse" | "postToolUse" => &[
            "bash",
            "bash",
            "Bash",
            "view",
            "*",
            "",
            "bash|view",
            "view|edit",
            "ba.*",
            "(bash",
            "ba",
        ],
        _ => &["Nothing", "*", "bash"],
    }
}

/// The Claude Code event whose `.claude/settings.json` hooks Copilot runs at `event`
/// (spec/copilot/host.json `claude_events`).
pub fn claude_event(event: &str) -> &'static str {
    match event {
        "sessionStart" => "SessionStart",
        "userPromptSubmitted" => "UserPromptSubmit",
        "preToolUse" => "PreToolUse",
        "postToolUse" => "PostToolUse",
        "agentStop" => "Stop",
        other => panic!("no Claude Code event for {other}"),
    }
}

/// Matchers of a Claude Code group for the event's subject: Copilot hands Claude's hooks the
/// tool's Claude name (`Bash`), so Claude's names, Copilot's, match-all and regexes.
fn claude_matchers(event: &str) -> &'static [&'static str] {
    match event {
        "preToolUse" | "postToolUse" => {
            &["Bash", "Bash", "bash", "*", "", "Bash|Read", "Read", "Ba.*"]
        }
        _ => &["Nothing", "*", ""],
    }
}

/// Claude Code's JSON answers for the Claude event Copilot runs at `event`, with the hook's
/// markers: what Claude Code reads there, and what Copilot is recorded to drop.
fn claude_answers(event: &str, hook: usize) -> Vec<Value> {
    let m = |kind: char| format!("Zq{hook}{kind}");
    let name = claude_event(event);
    let context =
        json!({ "hookSpecificOutput": {"hookEventName": name, "additionalContext": m('C')} });
    let mut answers = vec![json!({}), context, json!({ "systemMessage": m('S') })];
    match event {
        "preToolUse" => answers.extend([
            json!({ "hookSpecificOutput": {"hookEventName": name, "permissionDecision": "deny", "permissionDecisionReason": m('D')} }),
            json!({ "hookSpecificOutput": {"hookEventName": name, "permissionDecision": "deny", "permissionDecisionReason": m('D')} }),
            json!({ "hookSpecificOutput": {"hookEventName": name, "permissionDecision": "deny"} }),
            json!({ "hookSpecificOutput": {"hookEventName": name, "permissionDecision": "allow"} }),
            json!({ "hookSpecificOutput": {"hookEventName": name, "permissionDecision": "ask", "permissionDecisionReason": m('D')} }),
            json!({ "hookSpecificOutput": {"hookEventName": name, "permissionDecision": "allow", "updatedInput": {"command": modified_command(hook)}} }),
            json!({ "decision": "block", "reason": m('R') }),
        ]),
        "postToolUse" => answers.extend([json!({ "decision": "block", "reason": m('R') })]),
        "userPromptSubmitted" => answers.extend([
            json!({ "decision": "block", "reason": m('R') }),
            json!({ "decision": "block" }),
        ]),
        "agentStop" => answers.extend([
            json!({ "decision": "block", "reason": m('R') }),
            json!({ "decision": "block", "reason": m('R') }),
            json!({ "decision": "block" }),
        ]),
        _ => {}
    }
    answers
}

/// JSON answers for `event`, with the hook's markers: the event's own keys, and keys of
/// Claude's shape or of other events that Copilot ignores.
fn json_answers(event: &str, hook: usize) -> Vec<Value> {
    let m = |kind: char| format!("Zq{hook}{kind}");
    let args = json!({ "command": modified_command(hook), "description": "Run a command" });
    let mut answers = vec![
        json!({}),
        json!({ "additionalContext": m('C') }),
        json!({ "hookSpecificOutput": {"hookEventName": event, "additionalContext": m('C')} }),
    ];
    match event {
        "preToolUse" => answers.extend([
            json!({"permissionDecision": "deny", "permissionDecisionReason": m('D')}),
            json!({"permissionDecision": "deny", "permissionDecisionReason": m('D')}),
            json!({"permissionDecision": "deny"}),
            json!({"permissionDecision": "allow"}),
            json!({"permissionDecision": "ask", "permissionDecisionReason": m('D')}),
            json!({"modifiedArgs": args}),
            json!({"permissionDecision": "allow", "modifiedArgs": args}),
            json!({"permissionDecision": "deny", "permissionDecisionReason": m('D'), "additionalContext": m('C')}),
            json!({ "decision": "block", "reason": m('R') }),
            json!({ "hookSpecificOutput": {"permissionDecision": "deny", "permissionDecisionReason": m('D')} }),
        ]),
        "postToolUse" => answers.extend([
            json!({ "modifiedResult": {"resultType": "success", "textResultForLlm": m('R')} }),
            json!({ "decision": "block", "reason": m('R') }),
        ]),
        "userPromptSubmitted" => answers.extend([
            json!({ "decision": "block", "reason": m('R') }),
            json!({ "decision": "block", "reason": m('R') }),
            json!({ "decision": "block" }),
            json!({ "modifiedPrompt": format!("{} Make the marker file.", m('P')) }),
        ]),
        "agentStop" => answers.extend([
            json!({ "decision": "block", "reason": m('R') }),
            json!({ "decision": "block", "reason": m('R') }),
            json!({ "decision": "block", "reason": m('R') }),
            json!({ "decision": "block" }),
        ]),
        _ => {}
    }
    answers
}

fn answer(
    rng: &mut Rng,
    answers: &[Value],
    index: usize,
    timeout: Option<u64>,
    waits: bool,
) -> Answer {
    // A delay well past a short timeout, so a busy machine does not decide the race.
    Answer::draw(rng, index, answers, 2, |_| match (waits, timeout) {
        (false, _) => 0,
        (true, Some(seconds)) if seconds >= 5 => 1500,
        (true, _) => 3000,
    })
}

/// Makes the case of `seed`.
pub fn generate(seed: u64) -> Case {
    let mut rng = Rng::new(seed);
    let mut side = Rng::new(seed ^ 0x00c1_a0de_5e77_1265);
    let count = rng.weighted(&[(3, 1), (4, 2), (2, 3), (1, 4)]);
    let mut hooks = Vec::new();
    for index in 0..count {
        let event = rng.weighted(EVENTS);
        let matcher = rng.chance(45).then(|| rng.pick(matchers(event)).to_owned());
        let mut timeout = rng.chance(25).then(|| rng.pick(&[1, 2, 5, 30]));
        let waits = rng.chance(12);
        if waits && rng.chance(70) {
            timeout = Some(rng.pick(&[1, 2]));
        }
        let mut project = rng.chance(40);
        let always = event == "agentStop" && rng.chance(30);
        let mut answer = answer(&mut rng, &json_answers(event, index), index, timeout, waits);
        // Claude Code's settings: drawn from a stream of their own, so that the hooks a seed
        // leaves in Copilot's files are what they were before this family.
        let claude = side.chance(25);
        let mut matcher = matcher;
        if claude {
            project = true;
            matcher = matcher.map(|_| side.pick(claude_matchers(event)).to_owned());
            answer = self::answer(
                &mut side,
                &claude_answers(event, index),
                index,
                timeout,
                waits,
            );
        }
        hooks.push(Hook {
            index,
            project,
            claude,
            event,
            matcher,
            timeout,
            always,
            answer,
        });
    }
    // Copilot runs the user's file before the project's, and Claude Code's settings after its
    // own (spec/copilot/host.json `claude_events`): the case lists them so.
    hooks.sort_by_key(|hook| (hook.project, hook.claude));
    let extra = rng.chance(25).then(|| rng.pick(&EXTRAS));
    Case { seed, hooks, extra }
}

impl Case {
    /// The grammar's families this case holds (its README lists them).
    pub fn families(&self) -> Vec<&'static str> {
        let mut families = Vec::new();
        let mut add = |name: &'static str, holds: bool| {
            if holds {
                families.push(name);
            }
        };
        add("Copilot's user file", self.hooks.iter().any(|h| !h.project));
        add(
            "Copilot's project file",
            self.hooks.iter().any(|h| h.project && !h.claude),
        );
        add(
            "Claude Code's settings",
            self.hooks.iter().any(|h| h.claude),
        );
        add(
            "a malformed second file",
            self.extra.is_some_and(|kind| kind != "valid"),
        );
        add("timeouts", self.hooks.iter().any(|h| h.timeout.is_some()));
        add("several hooks on one event", {
            let mut events: Vec<&str> = self.hooks.iter().map(|h| h.event).collect();
            events.sort_unstable();
            events.windows(2).any(|pair| pair[0] == pair[1])
        });
        families
    }

    /// Every marker a hook of the case may print.
    pub fn markers(&self) -> Vec<String> {
        let extra = self.extra.map(|_| EXTRA);
        let indices = self.hooks.iter().map(|hook| hook.index).chain(extra);
        indices.flat_map(crate::differential::markers_of).collect()
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
                project: hook["layer"] == "project" || hook["layer"] == "claude",
                claude: hook["layer"] == "claude",
                event,
                matcher: hook["matcher"].as_str().map(str::to_owned),
                timeout: hook["timeout"].as_u64(),
                always: hook["always"].as_bool().unwrap_or(false),
                answer,
            }
        });
        Case {
            seed: value["seed"].as_u64().unwrap_or(0),
            hooks: hooks.collect(),
            extra: EXTRAS.into_iter().find(|kind| value["extra"] == *kind),
        }
    }
}

impl Generated for Case {
    fn seed(&self) -> u64 {
        self.seed
    }

    /// Smaller cases, each one step simpler: a hook dropped, in the user's file, matched by
    /// all, without its delay, timeout, stderr, repetition or one key of its answer.
    fn shrunk(&self) -> Vec<Case> {
        let mut smaller = Vec::new();
        let mut push = |change: &dyn Fn(&mut Case)| {
            let mut case = self.clone();
            change(&mut case);
            case.hooks.sort_by_key(|hook| (hook.project, hook.claude));
            if case != *self {
                smaller.push(case);
            }
        };
        push(&|case| case.extra = None);
        for at in 0..self.hooks.len() {
            if self.hooks.len() > 1 {
                push(&|case| {
                    case.hooks.remove(at);
                });
            }
            if !self.hooks[at].claude {
                push(&|case| case.hooks[at].project = false);
            }
            push(&|case| case.hooks[at].matcher = None);
            push(&|case| case.hooks[at].timeout = None);
            push(&|case| case.hooks[at].always = false);
            push(&|case| case.hooks[at].answer.delay_ms = 0);
            if self.hooks[at].answer.exit != 2 {
                push(&|case| case.hooks[at].answer.stderr.clear());
            }
            let keys = self.hooks[at].answer.json.clone().unwrap_or_default();
            for key in keys.keys() {
                push(&|case| {
                    let answer = &mut case.hooks[at].answer;
                    answer.json.as_mut().expect("json").remove(key);
                    let index = case.hooks[at].index;
                    case.hooks[at].answer.render(index);
                });
            }
        }
        smaller
    }

    /// The case in words.
    fn describe(&self) -> String {
        let mut text = format!("seed {}: the model runs `{COMMAND}`\n", self.seed);
        if let Some(kind) = self.extra {
            let _ = writeln!(
                text,
                "  .github/hooks/extra.json ({kind}): h{EXTRA} on userPromptSubmitted answers {{\"additionalContext\":\"Zq{EXTRA}C\"}}"
            );
        }
        for hook in &self.hooks {
            let _ = writeln!(
                text,
                "  h{} in the {} file: {}{} matcher {} timeoutSec {:?} answers exit {} after {} ms, stdout {:?}, stderr {:?}",
                hook.index,
                hook.layer(),
                if hook.claude { claude_event(hook.event) } else { hook.event },
                if hook.always { " (every time)" } else { "" },
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

    /// The case as JSON, as the kept cases are (`tests/copilot/differential-cases.jsonl`).
    fn to_json(&self) -> Value {
        json!({
            "seed": self.seed,
            "extra": self.extra,
            "hooks": self.hooks.iter().map(|hook| json!({
                "index": hook.index,
                "layer": hook.layer(),
                "event": hook.event,
                "matcher": hook.matcher,
                "timeout": hook.timeout,
                "always": hook.always,
                "exit": hook.answer.exit,
                "delay_ms": hook.answer.delay_ms,
                "form": hook.answer.form,
                "json": hook.answer.json,
                "stderr": hook.answer.stderr,
            })).collect::<Vec<_>>(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_has_its_share() {
        crate::differential::assert_family_shares(
            generate,
            Case::families,
            &[
                "Copilot's user file",
                "Copilot's project file",
                "Claude Code's settings",
                "a malformed second file",
                "timeouts",
                "several hooks on one event",
            ],
        );
    }

    #[test]
    fn a_claude_hook_is_in_the_project_and_after_copilots_own() {
        for case in (0..2000).map(generate) {
            let layers: Vec<(bool, bool)> =
                case.hooks.iter().map(|h| (h.project, h.claude)).collect();
            assert!(
                layers.windows(2).all(|pair| pair[0] <= pair[1]),
                "{layers:?}"
            );
            assert!(case.hooks.iter().all(|h| !h.claude || h.project));
        }
    }
}
