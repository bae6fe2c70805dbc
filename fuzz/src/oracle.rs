//! What the answer to a payload must be, decided without the runtime: the payload is read as
//! the host reads it ([`js::parse_bytes`], strings as UTF-16), the command or path the host
//! will run is that string with each lone surrogate replaced by U+FFFD (what Node hands to the
//! shell or the file system), and the guard's rule is applied to it.
//!
//! The rules it holds the binary to (issue 27):
//! - the event is the top-level `hook_event_name`; nothing nested in the arguments counts;
//! - a guarded field of the wrong type (`command` that is not a string, a `tool_input` that is
//!   not an object, Cursor's MCP string form aside) is answered by the failure policy, with
//!   exactly one stderr line;
//! - otherwise the answer is the guard's decision on what the host runs: a deny when the rule
//!   matches, `{}` when it does not, with nothing on stderr unless the payload drifted (a known
//!   field of another type, a lone surrogate); where a known field the guard does not read has
//!   the wrong type, the failure policy is an accepted answer too;
//! - whatever the input: exit 0 with one JSON object, or exit 2 with nothing on stdout; no
//!   panic.

use crate::guards::{entries, file_denies, shell_denies, GUARD_REASON};
use crate::js::{self, Js, Kind};
use crate::{Policy, Target};
use cursor_hooks::testing::{self, Rendered};
use serde_json::Value;

/// A payload whose answer breaks the oracle.
#[derive(Debug, Clone)]
pub struct Finding {
    /// The binary that answered.
    pub target: Target,
    /// Its guards' failure policy.
    pub policy: Policy,
    /// The payload (the bytes on stdin).
    pub payload: Vec<u8>,
    /// What is wrong with the answer.
    pub problem: String,
    /// The answer.
    pub answer: Rendered,
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let shown: String = String::from_utf8_lossy(&self.payload)
            .chars()
            .take(4_000)
            .collect();
        write!(
            f,
            "{} payload, guards fail {}: {}\npayload ({} bytes): {shown}\nanswer: exit {}, stdout {:?}, stderr {:?}",
            self.target.name(),
            self.policy.name(),
            self.problem,
            self.payload.len(),
            self.answer.exit_code,
            self.answer.stdout,
            self.answer.stderr
        )
    }
}

impl Finding {
    /// The finding as a regression file (`tests/fuzz-regressions/*.json`), which
    /// `tests/tests/fuzz_regressions.rs` replays with [`check`].
    pub fn to_regression(&self) -> String {
        let payload = String::from_utf8_lossy(&self.payload);
        let file = serde_json::json!({
            "target": self.target.name(),
            "policy": self.policy.name(),
            "found": self.problem,
            "answered": {
                "exit_code": self.answer.exit_code,
                "stdout": self.answer.stdout,
                "stderr": self.answer.stderr,
            },
            "payload": payload,
        });
        serde_json::to_string_pretty(&file).expect("a JSON value serializes") + "\n"
    }

    /// A file name for the finding: its binary and a hash of its payload.
    pub fn file_name(&self) -> String {
        // FNV-1a: stable across runs and builds, so one payload is one file.
        let hash = self.payload.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(*b)).wrapping_mul(0x100_0000_01b3)
        });
        format!(
            "{}-{}-{hash:016x}.json",
            self.target.name(),
            self.policy.name()
        )
    }
}

/// Runs `payload` through `target`'s binary with `policy` and holds the answer to the oracle.
pub fn check(target: Target, policy: Policy, payload: &[u8]) -> Result<(), Finding> {
    let answer = match target {
        Target::Cursor | Target::Claude => testing::run_all(entries(policy), payload),
        // The command `install --claude` writes, which Cursor's import runs.
        Target::CursorImport => {
            use cursor_hooks::__private::{respond_wired, Settings, Wiring};
            let wiring = Wiring::one(cursor_hooks::Host::ClaudeCode, "PreToolUse");
            respond_wired(entries(policy), &wiring, payload, &Settings::from_env())
        }
    };
    let expected = expect(target, payload);
    judge(target, policy, &expected, &answer).map_err(|problem| Finding {
        target,
        policy,
        payload: payload.to_vec(),
        problem,
        answer,
    })
}

/// The guard's decision on what the host runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Decision {
    Deny,
    NoOpinion,
    /// Nothing to decide on (no command at all): either is right.
    Either,
}

/// What the oracle expects of an answer.
#[derive(Debug)]
struct Expected {
    decision: Decision,
    /// Why only the failure policy is right.
    must_fail: Option<String>,
    /// Why the failure policy is right too.
    may_fail: Option<String>,
    /// What the host runs, for the message.
    runs: String,
    /// Whether notes on stderr are expected beside a decision.
    drifted: bool,
}

impl Expected {
    fn fail(mut self, why: impl Into<String>) -> Expected {
        self.must_fail.get_or_insert(why.into());
        self
    }

    fn maybe_fail(&mut self, why: impl Into<String>) {
        self.may_fail.get_or_insert(why.into());
        self.drifted = true;
    }
}

/// How the guard's field is typed by the event or the tool.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Typing {
    /// A required field of the event: missing or another type is a bad payload.
    Required,
    /// An argument of a tool with typed arguments: another type is the failure policy's,
    /// missing is either that or nothing to decide.
    Typed,
    /// An argument nobody typed (MCP): another type means no command.
    Untyped,
}

#[derive(Clone, Copy)]
enum Rule {
    Shell,
    File,
}

impl Expected {
    /// The decision on `value`, the guarded field.
    fn subject(mut self, name: &str, value: Option<&Js>, rule: Rule, typing: Typing) -> Expected {
        match (value, typing) {
            (Some(value @ Js::String(_)), _) => {
                let runs = value.host_text().expect("a string");
                let denied = match rule {
                    Rule::Shell => shell_denies(&runs),
                    Rule::File => file_denies(&runs),
                };
                self.decision = if denied {
                    Decision::Deny
                } else {
                    Decision::NoOpinion
                };
                self.runs = format!("the host runs {name} {runs:?}");
                self
            }
            (None, Typing::Required) => self.fail(format!("`{name}` is missing")),
            (None, Typing::Typed) => {
                self.maybe_fail(format!("the tool's `{name}` is missing"));
                self.decision = Decision::NoOpinion;
                self
            }
            (None, Typing::Untyped) => {
                self.decision = Decision::NoOpinion;
                self
            }
            (Some(value), Typing::Required | Typing::Typed) => self.fail(format!(
                "`{name}` is {}, not a string",
                kind_name(value.kind())
            )),
            (Some(value), Typing::Untyped) => {
                self.maybe_fail(format!(
                    "MCP argument `{name}` is {}",
                    kind_name(value.kind())
                ));
                self.decision = Decision::NoOpinion;
                self
            }
        }
    }
}

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Null => "null",
        Kind::Bool => "a bool",
        Kind::Number => "a number",
        Kind::String => "a string",
        Kind::Array => "an array",
        Kind::Object => "an object",
    }
}

use Kind::{Array, Bool, Null, Number, Object, String as Str};

/// Cursor's top-level fields and the types the recorded payloads give them.
const CURSOR_FIELDS: &[(&str, &[Kind])] = &[
    ("conversation_id", &[Str]),
    ("generation_id", &[Str]),
    ("model", &[Str]),
    ("cursor_version", &[Str]),
    ("workspace_roots", &[Array]),
    ("user_email", &[Str, Null]),
    ("transcript_path", &[Str, Null]),
    ("session_id", &[Str]),
    ("cwd", &[Str]),
    ("sandbox", &[Bool]),
    ("content", &[Str]),
    ("attachments", &[Array]),
    ("tool_name", &[Str]),
    ("tool_use_id", &[Str]),
    ("url", &[Str]),
];

/// Claude Code's `PreToolUse` fields (spec/claude-code/events.json).
const CLAUDE_FIELDS: &[(&str, &[Kind])] = &[
    ("session_id", &[Str]),
    ("transcript_path", &[Str]),
    ("cwd", &[Str]),
    ("prompt_id", &[Str]),
    ("permission_mode", &[Str]),
    ("effort", &[Object]),
    ("tool_name", &[Str]),
    ("tool_use_id", &[Str]),
    ("agent_id", &[Str]),
    ("agent_type", &[Str]),
];

/// The typed tools' arguments other than the guarded ones (Cursor's `Shell`, `Read`, `Write`;
/// Claude Code's `Bash`, `Read`, `Write`, `Edit`).
const TOOL_ARGUMENTS: &[(&str, &[Kind])] = &[
    ("cwd", &[Str]),
    ("timeout", &[Number]),
    ("description", &[Str]),
    ("run_in_background", &[Bool]),
    ("content", &[Str]),
    ("old_string", &[Str]),
    ("new_string", &[Str]),
    ("replace_all", &[Bool]),
    ("offset", &[Number]),
    ("limit", &[Number]),
];

/// Notes each known field of `object` whose type is not the known one.
fn check_fields(object: &Js, fields: &[(&str, &[Kind])], expected: &mut Expected) {
    for (name, kinds) in fields {
        if let Some(value) = object.get(name) {
            if !kinds.contains(&value.kind()) {
                expected.maybe_fail(format!("`{name}` is {}", kind_name(value.kind())));
            }
        }
    }
}

fn expect(target: Target, payload: &[u8]) -> Expected {
    let mut expected = Expected {
        decision: Decision::Either,
        must_fail: None,
        may_fail: None,
        runs: String::new(),
        drifted: false,
    };
    let Some(top @ Js::Object(_)) = js::parse_bytes(payload) else {
        return expected.fail("the payload is not a JSON object");
    };
    expected.drifted = top.has_lone_surrogate();
    let event = match top.get("hook_event_name") {
        None => return expected.fail("there is no top-level `hook_event_name`"),
        Some(name) => match name.host_text() {
            Some(name) => name,
            None => {
                return expected.fail(format!("`hook_event_name` is {}", kind_name(name.kind())))
            }
        },
    };
    let fields = match target {
        Target::Cursor | Target::CursorImport => CURSOR_FIELDS,
        Target::Claude => CLAUDE_FIELDS,
    };
    check_fields(&top, fields, &mut expected);
    match (target, event.as_str()) {
        (Target::CursorImport, "preToolUse") => tool_call(target, &top, expected),
        // The command is wired to Claude Code's `PreToolUse`: any other payload is a failure,
        // and so is Cursor's payload under Claude Code's name (`cursor_version` says Cursor).
        (Target::CursorImport, event) => expected.fail(format!(
            "the command is wired to PreToolUse, the payload is for `{event}`"
        )),
        (Target::Cursor, "beforeShellExecution") => {
            expected.subject("command", top.get("command"), Rule::Shell, Typing::Required)
        }
        (Target::Cursor, "beforeReadFile") => expected.subject(
            "file_path",
            top.get("file_path"),
            Rule::File,
            Typing::Required,
        ),
        (Target::Cursor, "beforeMCPExecution") => {
            let arguments = match top.get("tool_input") {
                None => return expected.subject("command", None, Rule::Shell, Typing::Untyped),
                Some(arguments @ Js::Object(_)) => arguments.clone(),
                // The documented form: the arguments as a JSON string.
                Some(Js::String(text)) => match js::parse(text) {
                    Some(arguments @ Js::Object(_)) => arguments,
                    // A string that holds no JSON object is not the documented form: malformed.
                    _ => {
                        expected.maybe_fail(
                            "`tool_input` is a string holding no JSON object".to_owned(),
                        );
                        expected.decision = Decision::NoOpinion;
                        return expected;
                    }
                },
                Some(other) => {
                    expected.maybe_fail(format!("`tool_input` is {}", kind_name(other.kind())));
                    expected.decision = Decision::NoOpinion;
                    return expected;
                }
            };
            expected.subject(
                "command",
                arguments.get("command"),
                Rule::Shell,
                Typing::Untyped,
            )
        }
        (Target::Cursor, "preToolUse") | (Target::Claude, "PreToolUse") => {
            tool_call(target, &top, expected)
        }
        _ => {
            expected.maybe_fail(format!("the payload names event `{event}`"));
            expected
        }
    }
}

/// A tool call: the guard reads the argument of the tool the host runs.
fn tool_call(target: Target, top: &Js, mut expected: Expected) -> Expected {
    let Some(tool) = top.get("tool_name").and_then(Js::host_text) else {
        return expected.fail("`tool_name` is missing or not a string");
    };
    let (mcp, shell, file) = match target {
        Target::Cursor => (
            tool.starts_with("MCP:"),
            tool == "Shell",
            tool == "Read" || tool == "Write",
        ),
        Target::CursorImport => match claude_name_of(&tool) {
            Some(claude) => (
                false,
                claude == "Bash",
                matches!(claude, "Read" | "Write" | "Edit"),
            ),
            // The guard cannot know the tool by its own name (an MCP tool's server is not in
            // Cursor's payload): deciding on it would be a guess.
            None => {
                return expected.fail(format!(
                    "Cursor's tool {tool:?} has no Claude Code name for a guard without a matcher"
                ))
            }
        },
        Target::Claude => (
            // Claude Code's MCP tools are `mcp__<server>__<tool>`: `mcp__x` is no MCP tool.
            tool.strip_prefix("mcp__")
                .is_some_and(|rest| rest.contains("__")),
            tool == "Bash",
            matches!(tool.as_str(), "Read" | "Write" | "Edit"),
        ),
    };
    let arguments = match top.get("tool_input") {
        None => return expected.fail("`tool_input` is missing"),
        Some(arguments @ Js::Object(_)) => arguments,
        Some(other) if mcp => {
            expected.maybe_fail(format!(
                "an MCP tool's `tool_input` is {}",
                kind_name(other.kind())
            ));
            expected.decision = Decision::NoOpinion;
            return expected;
        }
        Some(other) => {
            return expected.fail(format!(
                "`tool_input` is {}, not an object",
                kind_name(other.kind())
            ))
        }
    };
    if shell || file {
        check_fields(arguments, TOOL_ARGUMENTS, &mut expected);
    }
    if shell {
        expected.subject(
            "command",
            arguments.get("command"),
            Rule::Shell,
            Typing::Typed,
        )
    } else if file {
        expected.subject(
            "file_path",
            arguments.get("file_path"),
            Rule::File,
            Typing::Typed,
        )
    } else if mcp {
        expected.subject(
            "command",
            arguments.get("command"),
            Rule::Shell,
            Typing::Untyped,
        )
    } else {
        expected.decision = Decision::NoOpinion;
        expected.runs = format!("the host runs tool {tool:?}, which no guard reads");
        expected
    }
}

/// The Claude Code tool Cursor's `tool` is, for a guard without a matcher: the import's tool
/// map read backwards (`spec/claude-code/host.json`, `cursor.tool_map`; a tool of the same name
/// first), else a Claude Code tool of that name.
fn claude_name_of(tool: &str) -> Option<&'static str> {
    use cursor_hooks_spec::claude::{TOOLS, TOOL_MAP};
    TOOL_MAP
        .iter()
        .find(|(claude, cursor)| claude == cursor && *cursor == tool)
        .or_else(|| TOOL_MAP.iter().find(|(_, cursor)| *cursor == tool))
        .map(|(claude, _)| *claude)
        .or_else(|| TOOLS.iter().copied().find(|name| *name == tool))
}

/// What an answer does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Answer {
    GuardDeny,
    NoOpinion,
    /// The failure policy's block (a deny saying the hook failed, or exit 2).
    FailureBlock,
}

fn classify(target: Target, answer: &Rendered) -> Result<Answer, String> {
    match answer.exit_code {
        2 if answer.stdout.is_empty() => return Ok(Answer::FailureBlock),
        2 => return Err("exit 2 with something on stdout".to_owned()),
        0 => {}
        code => return Err(format!("exit code {code}")),
    }
    let stdout: Value = serde_json::from_str(&answer.stdout)
        .map_err(|error| format!("stdout is not JSON: {error}"))?;
    let object = stdout.as_object().ok_or("stdout is not a JSON object")?;
    if object.is_empty() {
        return Ok(Answer::NoOpinion);
    }
    let (decision, reason) = match target {
        // Through the import, what Cursor enforces is its own flat answer.
        Target::Cursor | Target::CursorImport => (
            object.get("permission"),
            object
                .get("user_message")
                .or_else(|| object.get("userMessage")),
        ),
        Target::Claude => {
            let specific = object.get("hookSpecificOutput");
            (
                specific.and_then(|s| s.get("permissionDecision")),
                specific.and_then(|s| s.get("permissionDecisionReason")),
            )
        }
    };
    match (
        decision.and_then(Value::as_str),
        reason.and_then(Value::as_str),
    ) {
        (Some("deny"), Some(GUARD_REASON)) => Ok(Answer::GuardDeny),
        (Some("deny"), Some(reason)) if reason.starts_with("Blocked because the hook failed") => {
            Ok(Answer::FailureBlock)
        }
        _ => Err("an answer that is neither the guard's deny, `{}` nor a failure block".to_owned()),
    }
}

fn judge(
    target: Target,
    policy: Policy,
    expected: &Expected,
    answer: &Rendered,
) -> Result<(), String> {
    if let Some(line) = answer.stderr.iter().find(|line| line.contains("panicked")) {
        return Err(format!("a panic reached stderr: {line}"));
    }
    let got = classify(target, answer)?;
    // The failure policy's one line says so (`...; fail-open: answered no opinion`): a drift
    // note beside a silent `{}` is not the policy's answer.
    let one_line = |said: &str| matches!(&answer.stderr[..], [line] if line.contains(said));
    let failure = match policy {
        Policy::Closed => got == Answer::FailureBlock && one_line("fail-closed"),
        Policy::Open => got == Answer::NoOpinion && one_line("fail-open"),
    };
    let policy_answer = match policy {
        Policy::Closed => "a block",
        Policy::Open => "`{}`",
    };
    if let Some(why) = &expected.must_fail {
        return if failure {
            Ok(())
        } else {
            Err(format!(
                "{why}: expected the failure policy (fail {}: {policy_answer} with one stderr line), got {got:?} with {} stderr lines",
                policy.name(),
                answer.stderr.len()
            ))
        };
    }
    let decided = match expected.decision {
        Decision::Deny => got == Answer::GuardDeny,
        Decision::NoOpinion => got == Answer::NoOpinion,
        Decision::Either => got != Answer::FailureBlock,
    };
    // A note that a field of another type was read as absent (`...: ignored`) goes with any
    // decision: the payload drifted in a place the oracle does not model field by field.
    let only_notes = answer.stderr.iter().all(|line| line.ends_with(": ignored"));
    let quiet = answer.stderr.is_empty() || expected.drifted || only_notes;
    if (decided && quiet) || (expected.may_fail.is_some() && failure) {
        return Ok(());
    }
    let also = match &expected.may_fail {
        Some(why) => {
            format!(" (or the failure policy, {policy_answer} with one stderr line, as {why})")
        }
        None => String::new(),
    };
    let unexpected_notes = if decided && !quiet {
        " and nothing on stderr"
    } else {
        ""
    };
    Err(format!(
        "{}: expected {:?}{unexpected_notes}{also}, got {got:?} with {} stderr lines",
        if expected.runs.is_empty() {
            "the guard decides"
        } else {
            &expected.runs
        },
        expected.decision,
        answer.stderr.len()
    ))
}

/// Generates one payload from the fuzzer's `bytes` and checks it: the libFuzzer targets' body.
/// A finding is written to the directory `CURSOR_HOOKS_FUZZ_FINDINGS` names (when set) as a
/// regression file, then reported by a panic, which is how libFuzzer is told.
pub fn fuzz_one(target: Target, bytes: &[u8]) {
    let mut u = arbitrary::Unstructured::new(bytes);
    let policy = if u.arbitrary::<bool>().unwrap_or(false) {
        Policy::Closed
    } else {
        Policy::Open
    };
    let Ok(payload) = crate::generate::payload(&mut u, target) else {
        return;
    };
    if let Err(finding) = check(target, policy, &payload) {
        if let Some(dir) = std::env::var_os("CURSOR_HOOKS_FUZZ_FINDINGS") {
            let dir = std::path::PathBuf::from(dir);
            let path = dir.join(finding.file_name());
            let written = std::fs::create_dir_all(&dir)
                .and_then(|()| std::fs::write(&path, finding.to_regression()));
            match written {
                Ok(()) => eprintln!("fuzz: finding written to {}", path.display()),
                Err(error) => eprintln!("fuzz: cannot write {}: {error}", path.display()),
            }
        }
        panic!("fuzz finding: {finding}");
    }
}
