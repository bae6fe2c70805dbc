//! What a hook run writes, for every host: [`Rendered`] (stdout, exit code, stderr lines).
//! Each host's writer is in its home (`cursor::render`, `claude::render`, ...).

// The generated enum itself, not `cursor::response`: Cursor's writer builds on this module.
use crate::gen::cursor::permissions::PermissionOrAsk;
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Map, Value};

/// What each stderr line of a hook starts with.
pub(crate) const NOTE_PREFIX: &str = "cursor-hooks: ";

/// What Cursor sees from one hook run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    /// Exactly what is written on stdout: one JSON object ended by a newline, or nothing.
    pub stdout: String,
    /// The process exit code.
    pub exit_code: i32,
    /// Lines written on stderr (warnings, failure reasons), without newlines.
    pub stderr: Vec<String>,
}

impl Rendered {
    /// `{}` with exit 0: no opinion.
    pub fn no_opinion() -> Self {
        Rendered {
            stdout: "{}\n".to_owned(),
            exit_code: 0,
            stderr: Vec::new(),
        }
    }

    /// stdout parsed as JSON (`None` when stdout is empty or not JSON).
    pub fn json(&self) -> Option<Value> {
        // `from_slice` rather than `from_str`: see `subcommands::edit::parse_value`.
        serde_json::from_slice(self.stdout.as_bytes()).ok()
    }

    pub(crate) fn with_note(mut self, line: String) -> Self {
        self.stderr.push(one_line(&line));
        self
    }

    /// The stderr lines as the process writes them, each with its prefix and newline.
    pub(crate) fn stderr_text(&self) -> String {
        self.stderr
            .iter()
            .map(|line| format!("{NOTE_PREFIX}{line}\n"))
            .collect()
    }

    fn text(&self, key: &str) -> Option<String> {
        self.json()?.get(key)?.as_str().map(str::to_owned)
    }

    /// A key of a Claude Code answer's `hookSpecificOutput`.
    pub fn hook_specific(&self, key: &str) -> Option<Value> {
        self.json()?.get("hookSpecificOutput")?.get(key).cloned()
    }

    /// The permission decision, if the answer has one its host knows: Cursor's `permission`,
    /// Copilot's flat `permissionDecision`, or Claude Code's and Codex's
    /// `hookSpecificOutput.permissionDecision` (`defer` is none) or PermissionRequest's
    /// `decision.behavior`.
    pub fn permission(&self) -> Option<PermissionOrAsk> {
        let claude = || {
            let specific = self
                .hook_specific("permissionDecision")
                .or_else(|| self.hook_specific("decision")?.get("behavior").cloned())?;
            specific.as_str().map(str::to_owned)
        };
        let decision = self
            .text("permission")
            .or_else(|| self.text("permissionDecision"))
            .or_else(claude)?;
        match decision.as_str() {
            "allow" => Some(PermissionOrAsk::Allow),
            "deny" => Some(PermissionOrAsk::Deny),
            "ask" => Some(PermissionOrAsk::Ask),
            _ => None,
        }
    }

    /// `user_message` (or the 1.7 `userMessage`).
    pub fn user_message(&self) -> Option<String> {
        self.text("user_message")
            .or_else(|| self.text("userMessage"))
    }

    /// `agent_message` (or the 1.7 `agentMessage`).
    pub fn agent_message(&self) -> Option<String> {
        self.text("agent_message")
            .or_else(|| self.text("agentMessage"))
    }

    /// `followup_message`.
    pub fn followup_message(&self) -> Option<String> {
        self.text("followup_message")
    }

    /// `additional_context`, or Claude Code's `hookSpecificOutput.additionalContext`.
    pub fn additional_context(&self) -> Option<String> {
        self.text("additional_context").or_else(|| {
            let context = self.hook_specific("additionalContext")?;
            context.as_str().map(str::to_owned)
        })
    }

    /// Claude Code's top-level `decision` (`block`).
    pub fn decision(&self) -> Option<String> {
        self.text("decision")
    }

    /// The reason of a Claude Code answer: the top-level `reason`, else
    /// `hookSpecificOutput.permissionDecisionReason`, else PermissionRequest's
    /// `decision.message`.
    pub fn reason(&self) -> Option<String> {
        let text = |value: Option<Value>| value?.as_str().map(str::to_owned);
        self.text("reason")
            .or_else(|| text(self.hook_specific("permissionDecisionReason")))
            .or_else(|| text(self.hook_specific("decision")?.get("message").cloned()))
    }

    /// Claude Code's top-level `systemMessage`.
    pub fn system_message(&self) -> Option<String> {
        self.text("systemMessage")
    }

    /// `{}` with exit 0: Cursor and the other hooks decide.
    pub fn is_no_opinion(&self) -> bool {
        self.exit_code == 0
            && self
                .json()
                .is_some_and(|v| v.as_object().is_some_and(Map::is_empty))
    }

    /// Whether the host blocks the action: a deny (Cursor's `permission` or Claude Code's
    /// `permissionDecision`), `continue: false`, Claude Code's `decision: "block"`, or exit 2.
    pub fn is_blocked(&self) -> bool {
        self.exit_code == 2
            || self.permission() == Some(PermissionOrAsk::Deny)
            || self.json().and_then(|v| v.get("continue").cloned()) == Some(Value::Bool(false))
            || self.decision().as_deref() == Some("block")
    }
}

/// A stderr note is one line: control characters (a newline in an event name, a multi-line
/// panic message) are written escaped.
pub(crate) fn one_line(text: &str) -> String {
    if !text.contains(char::is_control) {
        return text.to_owned();
    }
    text.chars()
        .flat_map(|c| {
            if c.is_control() {
                c.escape_default().collect::<Vec<_>>()
            } else {
                vec![c]
            }
        })
        .collect()
}

pub(crate) struct Fields<'a>(pub(crate) &'a [(&'static str, Value)]);

impl Serialize for Fields<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, value) in self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}
